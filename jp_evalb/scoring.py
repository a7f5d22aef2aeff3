"""evalb's scoring: the one implementation used by legacy and JP mode.

A sentence (legacy) or an aligned block (JP mode) is scored from two lists of phrase brackets
``[start, end, label, ...]`` over the same positions and the tag comparison. JP mode only
changes what it feeds in (combined trees, spans re-indexed onto word groups).
"""
from __future__ import annotations

from collections import Counter
from operator import and_, eq
from typing import Callable, NamedTuple, Optional, Sequence

from .params import Params
from .trees import QuoteTerm, Tree
from .variant import cut_label

# Bracket/terminal result codes shown by evalb's debug output.
UNMATCHED, MATCHED, DELETED, NOT_EVALUATED = 0, 1, 5, 9

STATUS_OK, STATUS_ERROR, STATUS_SKIP = 0, 1, 2
STATUS_COUNTED_SKIP = 3  # evalb_spmrl -X: a skipped sentence counted as valid


class SentenceScore(NamedTuple):
    """One line of evalb's report (status 1/2 lines from mismatches carry zero figures)."""

    id: int
    length: int
    status: int
    match: int = 0
    gold: int = 0
    test: int = 0
    crossing: int = 0
    words: int = 0
    correct_tags: int = 0

    @property
    def recall(self) -> float:
        return 100.0 * self.match / self.gold if self.gold else 0.0

    @property
    def precision(self) -> float:
        return 100.0 * self.match / self.test if self.test else 0.0

    @property
    def tag_accuracy(self) -> float:
        return 100.0 * self.correct_tags / self.words if self.words else 0.0


_COUNTERS = ("sentences", "errors", "skips", "gold", "test", "match", "complete", "words",
             "crossing", "no_crossing", "le2_crossing", "correct_tags")


class Totals:
    """evalb's TOTAL_* or TOT40_* counters."""

    __slots__ = _COUNTERS

    def __init__(self) -> None:
        for name in _COUNTERS:
            setattr(self, name, 0)

    def __repr__(self) -> str:
        return "Totals(" + ", ".join(f"{name}={getattr(self, name)}" for name in _COUNTERS) + ")"

    def add(self, score: SentenceScore) -> None:
        self.add_many((score,))

    def add_many(self, scores: Sequence[SentenceScore]) -> None:
        """Count the sentences: every one, errors (status 1), skips (status 2), and the figures
        of the others (summed at C level over the batch: :class:`RunTotals` adds 256 at once)."""
        self.sentences += len(scores)
        statuses = [score[2] for score in scores]
        errors, skips = statuses.count(STATUS_ERROR), statuses.count(STATUS_SKIP)
        self.errors += errors
        self.skips += skips
        if errors or skips:
            scores = [score for score in scores if score[2] != STATUS_ERROR and score[2] != STATUS_SKIP]
        if not scores:
            return
        _, _, _, match, gold, test, crossing, words, correct_tags = zip(*scores)
        self.gold += sum(gold)
        self.test += sum(test)
        self.match += sum(match)
        self.complete += sum(map(and_, map(eq, gold, test), map(eq, test, match)))
        self.words += sum(words)
        self.crossing += sum(crossing)
        no_crossing = crossing.count(0)
        self.no_crossing += no_crossing
        self.le2_crossing += no_crossing + crossing.count(1) + crossing.count(2)
        self.correct_tags += sum(correct_tags)

    @property
    def valid(self) -> int:
        return self.sentences - self.errors - self.skips

    @property
    def recall(self) -> float:
        return 100.0 * self.match / self.gold if self.gold > 0 else 0.0

    @property
    def precision(self) -> float:
        return 100.0 * self.match / self.test if self.test > 0 else 0.0

    @property
    def fmeasure(self) -> Optional[float]:
        """2PR/(P+R) from the unrounded figures; None where evalb divides 0 by 0 (-nan)."""
        p, r = self.precision, self.recall
        return None if p + r == 0 else 2 * p * r / (p + r)

    def _per_valid(self, count: int, scale: float = 100.0) -> float:
        return scale * count / self.valid if self.valid > 0 else 0.0

    @property
    def complete_match(self) -> float:
        return self._per_valid(self.complete)

    @property
    def average_crossing(self) -> float:
        return self._per_valid(self.crossing, 1.0)

    @property
    def no_crossing_rate(self) -> float:
        return self._per_valid(self.no_crossing)

    @property
    def le2_crossing_rate(self) -> float:
        return self._per_valid(self.le2_crossing)

    @property
    def tag_accuracy(self) -> float:
        return 100.0 * self.correct_tags / self.words if self.words > 0 else 0.0


class RunTotals:
    """The two summary blocks: all sentences, and those with gold length <= the cut-off.

    Sentences are added to the counters in batches (:meth:`Totals.add_many`), which costs a
    fraction of adding them one at a time; ``all`` and ``short`` are up to date whenever read.
    """

    __slots__ = ("cutoff", "_all", "_short", "_pending")

    BATCH = 256

    def __init__(self, cutoff: int) -> None:
        self.cutoff = cutoff
        self._all = Totals()
        self._short = Totals()
        self._pending: list[SentenceScore] = []

    def add(self, score: SentenceScore) -> None:
        pending = self._pending
        pending.append(score)
        if len(pending) >= self.BATCH:
            self._fold()

    def _fold(self) -> None:
        pending = self._pending
        if pending:
            self._all.add_many(pending)
            cutoff = self.cutoff
            self._short.add_many([score for score in pending if score[1] <= cutoff])
            self._pending = []

    @property
    def all(self) -> Totals:
        self._fold()
        return self._all

    @property
    def short(self) -> Totals:
        self._fold()
        return self._short


class LabelTable(dict):
    """raw phrase label -> the label brackets are compared by (cut, and replaced by its
    EQ_LABEL class representative when that relation is transitive), or None when the
    bracket is deleted. Filled on first sight of each label, for one run."""

    def __init__(self, params: Params) -> None:
        super().__init__()
        self._params = params
        self.by_class = params.label_equality_is_transitive
        self.cut_at = params.variant.cut_at

    def cut(self, raw: str) -> str:
        return cut_label(raw, self.cut_at)

    def __missing__(self, raw: str) -> Optional[str]:
        cut = cut_label(raw, self.cut_at)
        if self._params.is_deleted_phrase(cut):
            key = None
        else:
            key = self._params.label_class(cut) if self.by_class else cut
        self[raw] = key
        return key


def reader_keys(params: Params, table: LabelTable) -> Optional[LabelTable]:
    """The label table to give the reader (``ReadOptions.keys``) so that it returns the scored
    brackets as it reads, or None where scoring needs the bracket list in order: debug output,
    and the first-fit matching of EQ_LABEL pairs that are not an equivalence."""
    return table if params.debug == 0 and params.label_equality_is_transitive else None


def survivors(brackets: Sequence[Sequence], table: LabelTable) -> list[tuple[int, int, str]]:
    """evalb's massage_data: brackets that are scored, as ``(start, end, label)``.

    Zero-span brackets (covering only deleted words) and DELETE_LABEL brackets (after cutting
    the label, EQ_LABEL partners included) are dropped.
    """
    return [(b[0], b[1], key) for b in brackets if b[0] != b[1] and (key := table[b[2]]) is not None]


class Prepared(NamedTuple):
    """Debug view of massage_data: every bracket's result code and label as evalb shows it,
    and the position of each survivor in the bracket list."""

    survivors: list[tuple[int, int, str]]
    index: list[int]
    codes: list[int]
    labels: list[str]


def prepare_debug(brackets: Sequence[Sequence], table: LabelTable) -> Prepared:
    found, index, codes, labels = [], [], [], []
    for i, bracket in enumerate(brackets):
        start, end, label = bracket[0], bracket[1], bracket[2]
        if start == end:  # evalb skips these before cutting the label
            codes.append(DELETED)
            labels.append(label)
            continue
        labels.append(table.cut(label))
        key = table[label]
        if key is None:
            codes.append(DELETED)
        else:
            codes.append(UNMATCHED)
            found.append((start, end, key))
            index.append(i)
    return Prepared(found, index, codes, labels)


def match_brackets(
    gold: Sequence[tuple[int, int, str]], test: Sequence[tuple[int, int, str]], params: Params
) -> list[int]:
    """For each gold bracket, the test bracket it matches (or -1).

    evalb's rule: gold brackets in order; each takes the first test bracket in order that is
    not yet taken, has the same start and end and (LABELED 0 or) an equal/EQ_LABEL label.
    """
    by_span: dict[tuple[int, int], list[int]] = {}
    for j, (start, end, _) in enumerate(test):
        by_span.setdefault((start, end), []).append(j)
    taken = [False] * len(test)
    labeled = params.labeled != 0
    equal = params.labels_equal
    result = []
    for start, end, label in gold:
        found = -1
        for j in by_span.get((start, end), ()):
            if not taken[j] and (not labeled or equal(label, test[j][2])):
                taken[j] = True
                found = j
                break
        result.append(found)
    return result


def count_matches(
    gold: Sequence[tuple[int, int, str]], test: Sequence[tuple[int, int, str]], params: Params
) -> int:
    """The number of pairs :func:`match_brackets` forms, computed as a multiset intersection.

    When label equality is an equivalence (labels already replaced by class representatives),
    first-fit matching pairs, per span and class, min(#gold, #test) brackets: exactly the size
    of the multiset intersection. Otherwise (non-transitive EQ_LABEL) the first-fit loop runs.
    """
    if params.labeled == 0:
        gold = [(s, e) for s, e, _ in gold]
        test = [(s, e) for s, e, _ in test]
    elif not params.label_equality_is_transitive:
        return sum(1 for j in match_brackets(gold, test, params) if j >= 0)
    gold_set, test_set = set(gold), set(test)
    if len(gold_set) == len(gold) and len(test_set) == len(test):
        return len(gold_set & test_set)
    return multiset_matches(gold, test, gold_set, test_set)


def multiset_matches(gold: Sequence, test: Sequence, gold_set: set, test_set: set) -> int:
    """The size of the multiset intersection of ``gold`` and ``test`` (``*_set``: their sets).

    A bracket repeated on one side only (a unary chain with one label: ``(NP (NP ...))``)
    still matches once at most, so the sets suffice unless both sides repeat brackets; that
    saves two Counters on most of the ~900 sentences of a PTB section that repeat one.
    """
    if len(gold_set) < len(gold) and len(test_set) < len(test):
        return sum((Counter(gold) & Counter(test)).values())
    return len(gold_set & test_set)


def count_crossing(
    gold: Sequence[tuple[int, int, str]], test: Sequence[tuple[int, int, str]], *, gold_nested: bool = False
) -> int:
    """Number of test brackets partially overlapping at least one gold bracket.

    A gold bracket (gs, ge) crosses (ts, te) iff gs < ts < ge < te or ts < gs < te < ge, i.e.
    one of its ends lies strictly inside (ts, te) and the other outside [ts, te]. Tabulating,
    per position, the smallest gold start ending there and the largest gold end starting there
    turns the pairwise test into two slice look-ups per test bracket.

    ``gold_nested``: the gold brackets come from one well-formed tree (any two are nested or
    disjoint), so a test bracket with the span of a gold bracket cannot be crossed and only
    the others need the look-ups.
    """
    if gold_nested:
        gold_spans = {(b[0], b[1]) for b in gold}
        test = [b for b in test if (b[0], b[1]) not in gold_spans]
    return _crossing(gold, test)


_PAIRWISE_TEST_BRACKETS = 4


def _crossing(gold: Sequence[tuple[int, int, str]], test: Sequence[tuple[int, int, str]]) -> int:
    """:func:`count_crossing` without the shortcut."""
    if len(test) <= _PAIRWISE_TEST_BRACKETS:
        # A few test brackets (the usual case once those equal to a gold bracket are left
        # out): comparing them with every gold bracket is quicker than the tables.
        crossing = 0
        for ts, te, _ in test:
            for gs, ge, _ in gold:
                if gs < ts < ge < te or ts < gs < te < ge:
                    crossing += 1
                    break
        return crossing
    size = 2 + max(max((b[1] for b in gold), default=0), max((b[1] for b in test), default=0))
    min_start_ending = [size] * size
    max_end_starting = [-1] * size
    for start, end, _ in gold:
        if end > start:  # unclosed (end -1) or inverted brackets never cross
            if start < min_start_ending[end]:
                min_start_ending[end] = start
            if end > max_end_starting[start]:
                max_end_starting[start] = end
    return sum(
        1
        for start, end, _ in test
        if end - start >= 2
        and (min(min_start_ending[start + 1:end]) < start or max(max_end_starting[start + 1:end]) > end)
    )


def first_crossing_gold(
    gold: Sequence[tuple[int, int, str]], test: Sequence[tuple[int, int, str]]
) -> list[int]:
    """For each test bracket, the first gold bracket crossing it, or -1 (debug output only)."""
    out = []
    for ts, te, _ in test:
        found = -1
        for i, (gs, ge, _) in enumerate(gold):
            if (gs < ts < ge < te) or (ts < gs < te < ge):
                found = i
                break
        out.append(found)
    return out


def tag_view(tags: Sequence[str], params: Params) -> Sequence[str]:
    """POS tags as they are compared: raw in evalb, cut at - = # in evalb_spmrl."""
    if not params.variant.cut_tags:
        return tags
    cut_at = params.variant.cut_at
    return [cut_label(tag, cut_at) for tag in tags]


def correct_tags(gold_tags: Sequence[str], test_tags: Sequence[str], params: Params) -> int:
    """Positions (over the gold tags) whose POS tags are equal or an EQ_LABEL pair (raw tags
    in evalb; evalb_spmrl compares them cut)."""
    if gold_tags == test_tags:
        return len(gold_tags)
    if params.variant.cut_tags:
        # Raw-equal tags are equal cut: only the other pairs are cut (a few per sentence).
        cut_at, pairs = params.variant.cut_at, params.eq_label_pairs
        compared = min(len(gold_tags), len(test_tags))
        differ = [(cut_label(a, cut_at), cut_label(b, cut_at)) for a, b in zip(gold_tags, test_tags) if a != b]
        return compared - sum(1 for a, b in differ if a != b and (a, b) not in pairs)
    same = sum(map(eq, gold_tags, test_tags))
    if not params.eq_labels or same == len(gold_tags):
        return same
    pairs = params.eq_label_pairs
    return same + sum(1 for a, b in zip(gold_tags, test_tags) if a != b and (a, b) in pairs)


class BracketScore(NamedTuple):
    """Bracket figures of one scored unit; ``gold_match`` only when asked for (debug)."""

    match: int
    gold: int
    test: int
    crossing: int
    gold_match: Optional[list[int]] = None


def score_brackets(
    gold: list[tuple[int, int, str]], test: list[tuple[int, int, str]], params: Params,
    *, detailed: bool = False, gold_nested: bool = False,
) -> BracketScore:
    """The one bracket scorer: matched pairs, counts and crossing brackets of one unit.

    ``gold_nested`` (the gold brackets are those of one well-formed tree) only speeds up the
    crossing count; ``detailed`` also returns which test bracket each gold bracket matched.
    """
    if detailed:
        gold_match = match_brackets(gold, test, params)
        match = sum(1 for j in gold_match if j >= 0)
    elif gold_nested and params.labeled != 0 and params.label_equality_is_transitive:
        # The common case, with one set of the gold brackets for both counts: a test bracket
        # equal to a gold bracket has a gold span, which no bracket of a tree crosses.
        gold_set, test_set = set(gold), set(test)
        if len(gold_set) == len(gold) and len(test_set) == len(test):
            match = len(gold_set & test_set)
            candidates = test_set - gold_set if match < len(test) else ()
        else:
            match = multiset_matches(gold, test, gold_set, test_set)
            candidates = [b for b in test if b not in gold_set]
        return BracketScore(match, len(gold), len(test), _crossing(gold, candidates) if candidates else 0)
    else:
        gold_match, match = None, count_matches(gold, test, params)
    crossing = count_crossing(gold, test, gold_nested=gold_nested)
    return BracketScore(match, len(gold), len(test), crossing, gold_match)


# ---------------------------------------------------------------------------------------------
# Legacy sentence scoring (evalb's calc_result)


class Evaluation:
    """Outcome of comparing one gold line with one test line (the lists are those after the
    quote repair, if it ran). ``error``: the message evalb reports through Error(), if any;
    ``trace``: DEBUG 2 lines of the quote repair; the ``*_prepared`` views only in debug mode.

    evalb_spmrl's length mismatch (``lenient_length``) prints a line with zero figures:
    ``first`` is that line when a second one follows (gold of 0 or 1 word, then scored);
    ``error_after_line``: the error is reported after the line is printed (a longer gold
    sentence: the zero line is ``score`` itself)."""

    __slots__ = ("score", "error", "gold_words", "gold_tags", "test_words", "test_tags",
                 "gold_brackets", "test_brackets", "bracket_score", "gold_prepared", "test_prepared", "trace",
                 "first", "error_after_line", "spans")

    def __init__(self, score: SentenceScore, error: Optional[str], gold_words: list[str], gold_tags: list[str],
                 test_words: list[str], test_tags: list[str], gold_brackets: list, test_brackets: list,
                 trace: list[str]) -> None:
        self.score = score
        self.error = error
        self.gold_words, self.gold_tags = gold_words, gold_tags
        self.test_words, self.test_tags = test_words, test_tags
        self.gold_brackets, self.test_brackets = gold_brackets, test_brackets
        self.bracket_score: Optional[BracketScore] = None
        self.gold_prepared: Optional[Prepared] = None
        self.test_prepared: Optional[Prepared] = None
        self.trace = trace
        self.first: Optional[SentenceScore] = None
        self.error_after_line = False
        self.spans: Optional[tuple[list, list]] = None  # the scored brackets, gold and test


def evaluate_pair(
    line_id: int,
    gold: Tree,
    test: Tree,
    params: Params,
    table: LabelTable,
    *,
    read_error: bool,
    debug: int = 0,
    lenient_length: bool = False,
    skipped_gold: Optional[Callable[[Tree], int]] = None,
) -> Evaluation:
    """evalb's calc_result for one pair of lines; ``read_error``: Error() ran while reading.

    evalb_spmrl's rules: ``lenient_length``, a length mismatch is a status-0 line of zeros
    (see :class:`Evaluation`); ``skipped_gold`` (``-X``), a test line without words gives a
    status-3 sentence that is valid, with ``skipped_gold(gold)`` gold brackets.
    """
    length = gold.length
    gw, gt, gb = gold.words, gold.tags, gold.brackets
    tw, tt, tb = test.words, test.tags, test.brackets
    trace: list[str] = []
    error = None
    first = None
    status = STATUS_ERROR if read_error else STATUS_OK
    if not tw:
        if skipped_gold is not None:
            score = SentenceScore(line_id, length, STATUS_COUNTED_SKIP, 0, skipped_gold(gold), 0, 0, len(gw), 0)
            return Evaluation(score, None, gw, gt, tw, tt, gb, tb, trace)
        status = STATUS_SKIP
    elif len(gw) != len(tw):
        if gold.quote_terms or test.quote_terms:  # (without them the repair changes nothing)
            (gw, gt, gb), (tw, tt, tb), trace = fix_quote(gold, test, params, debug > 1)
        if len(gw) != len(tw) and lenient_length:
            zero = SentenceScore(line_id, length, status)
            if len(gw) > 1:
                ev = Evaluation(zero, f"Length unmatch ({len(gw)}|{len(tw)})\n", gw, gt, tw, tt, gb, tb, trace)
                ev.error_after_line = True
                return ev
            # A gold line of 0 or 1 word is compared with the start of the test line.
            first = zero
        elif len(gw) != len(tw):
            error, status = f"Length unmatch ({len(gw)}|{len(tw)})\n", STATUS_ERROR
    if status != STATUS_SKIP and error is None and gw != tw:
        equal = params.words_equal
        for a, b in zip(gw, tw):
            if a != b and not equal(a, b):
                error, status = f"Words unmatch ({a}|{b})\n", STATUS_ERROR
                break
    if status == STATUS_SKIP or error is not None:
        ev = Evaluation(SentenceScore(line_id, length, status), error, gw, gt, tw, tt, gb, tb, trace)
        ev.first = first
        return ev
    gold_prepared = test_prepared = None
    if debug:
        gold_prepared, test_prepared = prepare_debug(gb, table), prepare_debug(tb, table)
        gold_spans, test_spans = gold_prepared.survivors, test_prepared.survivors
    else:
        # A tree from the fast reader (brackets None) comes with its scored brackets.
        gold_spans = gold.spans if gb is None else survivors(gb, table)
        test_spans = test.spans if tb is None else survivors(tb, table)
    # One tree read without errors and not touched by the quote repair: nested brackets.
    nested = gb is gold.brackets and not gold.errors
    brackets = score_brackets(gold_spans, test_spans, params, detailed=bool(debug), gold_nested=nested)
    score = SentenceScore(
        line_id, length, status, brackets.match, brackets.gold, brackets.test,
        brackets.crossing, len(gw), correct_tags(gt, tt, params),
    )
    ev = Evaluation(score, None, gw, gt, tw, tt, gb, tb, trace)
    ev.bracket_score = brackets
    ev.gold_prepared, ev.test_prepared = gold_prepared, test_prepared
    ev.first = first
    ev.spans = (gold_spans, test_spans)
    return ev


def clean_pair_score(line_id: int, gold: Tree, test: Tree, params: Params) -> Optional[SentenceScore]:
    """What :func:`evaluate_pair` scores for the usual pair, without its bookkeeping: two trees
    from the fast reader (no reading error) with the same words, the test line not empty, and
    no debug output asked for. None for any other pair (:func:`evaluate_pair` then)."""
    gold_spans, test_spans, words = gold.spans, test.spans, gold.words
    if gold_spans is None or test_spans is None or not test.words or words != test.words:
        return None
    brackets = score_brackets(gold_spans, test_spans, params, gold_nested=True)
    return SentenceScore(line_id, gold.length, STATUS_OK, brackets.match, brackets.gold, brackets.test,
                         brackets.crossing, len(words), correct_tags(gold.tags, test.tags, params))


def fix_quote(gold: Tree, test: Tree, params: Params, trace: bool):
    """evalb's fix_quote: re-insert a deleted quote terminal facing a kept one.

    Returns ``((words, tags, brackets) for gold, the same for test, trace lines)``; the trees
    are not modified. The loops follow evalb's, including its index bookkeeping.
    """
    sides = []
    for tree in (gold, test):
        quotes = [QuoteTerm(q.word, q.label, q.index, q.bracket, q.ends) for q in tree.quote_terms]
        sides.append([list(tree.words), list(tree.tags), [list(b) for b in tree.brackets], quotes])
    lines: list[str] = []
    gq, tq = sides[0][3], sides[1][3]
    if trace:
        for i in range(max(len(gq), len(tq))):
            if i < len(gq):
                lines.append(f"{gq[i].index}: {gq[i].label} - {gq[i].word}\n")
            if i < len(tq):
                lines.append(f"{tq[i].index}: {tq[i].label} - {tq[i].word}\n")
    deleted = set(params.delete_labels)
    for i in range(len(tq)):
        ind = tq[i].index
        for j in range(len(gq)):
            if gq[j].index == ind and gq[j].label != tq[i].label:
                if gq[j].label in deleted and tq[i].label not in deleted:
                    _reinsert(gq[j], sides[0], lines, trace)
                    for k in range(j, len(gq)):
                        gq[k].index += 1
                elif tq[i].label in deleted and gq[j].label not in deleted:
                    _reinsert(tq[i], sides[1], lines, trace)
                    for k in range(i, len(tq)):
                        tq[k].index += 1
    return tuple(sides[0][:3]), tuple(sides[1][:3]), lines


def _reinsert(quote: QuoteTerm, side: list, lines: list[str], trace: bool) -> None:
    words, tags, brackets = side[0], side[1], side[2]
    words.insert(quote.index, quote.word)
    tags.insert(quote.index, quote.label)
    if trace:
        lines.append(f"bra={quote.bracket}, ind={quote.index}\n")
    for k, bracket in enumerate(brackets):
        if trace:
            lines.append(f"bracket[{k}]={{{bracket[0]},{bracket[1]}}}\n")
        if k >= quote.bracket:
            bracket[0] += 1
            bracket[1] += 1
    if trace:
        lines.append(f"endslen={len(quote.ends)}\n")
    for k in quote.ends:
        brackets[k][1] += 1
