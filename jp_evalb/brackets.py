"""evalb's bracket and tag comparison: the one implementation legacy and JP mode score with.

A sentence (legacy) or an aligned block (JP mode) is scored from two lists of phrase brackets
``[start, end, label, ...]`` over the same positions: :class:`LabelTable` and
:func:`survivors` give the brackets evalb scores (massage_data), :func:`score_brackets`
counts matched, gold, test and crossing brackets, :func:`correct_tags` the tags. JP mode only
changes what it feeds in (combined trees, spans re-indexed onto word groups).
"""
from __future__ import annotations

from collections import Counter
from operator import eq
from typing import Collection, NamedTuple, Optional, Sequence

from . import accelerator
from .params import Params
from .variant import cut_label

# Bracket/terminal result codes shown by evalb's debug output.
UNMATCHED, MATCHED, DELETED, NOT_EVALUATED = 0, 1, 5, 9


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


class Prepared:
    """Debug view of massage_data: every bracket's result code and label as evalb shows it,
    and the position of each survivor in the bracket list. (A plain class: a NamedTuple's
    ``index`` field would hide tuple.index.)"""

    __slots__ = ("survivors", "index", "codes", "labels")

    def __init__(self, survivors: list[tuple[int, int, str]], index: list[int], codes: list[int],
                 labels: list[str]) -> None:
        self.survivors = survivors
        self.index = index
        self.codes = codes
        self.labels = labels


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
    if params.labeled == 0:  # spans only
        gold_keys: Sequence[tuple] = [(s, e) for s, e, _ in gold]
        test_keys: Sequence[tuple] = [(s, e) for s, e, _ in test]
    elif not params.label_equality_is_transitive:
        return sum(1 for j in match_brackets(gold, test, params) if j >= 0)
    else:
        gold_keys, test_keys = gold, test
    gold_set, test_set = set(gold_keys), set(test_keys)
    if len(gold_set) == len(gold_keys) and len(test_set) == len(test_keys):
        return len(gold_set & test_set)
    return multiset_matches(gold_keys, test_keys, gold_set, test_set)


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
_accelerated_crossing = accelerator.crossing  # (None: not compiled, or left out)


def _crossing(gold: Sequence[tuple[int, int, str]], test: Collection[tuple[int, int, str]]) -> int:
    """:func:`count_crossing` without the shortcut: the C accelerator's count where it is
    built, :func:`crossing_python` otherwise (or for brackets it does not take)."""
    if _accelerated_crossing is not None:
        found = _accelerated_crossing(gold, test)
        if found is not NotImplemented:
            return found
    return crossing_python(gold, test)


def crossing_python(gold: Sequence[tuple[int, int, str]], test: Collection[tuple[int, int, str]]) -> int:
    """:func:`count_crossing` without the shortcut, in Python (the C accelerator counts the
    same pairs: ``jp_evalb._fastread.crossing``)."""
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
    candidates: Collection[tuple[int, int, str]]
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
