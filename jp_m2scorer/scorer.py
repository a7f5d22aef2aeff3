"""MaxMatch scoring of a corpus (release 3.2 semantics: spec §4 and §5).

One scorer in two steps: :func:`offer` scores a (source sentence, hypothesis) pair for
every annotator, :func:`choose` chooses the annotator with the running totals (and prints
``-v``). ``--legacy`` runs both on each pair (:func:`score_sentences`); JP mode runs them as
the runner's stages (:meth:`jp_m2scorer.tool.M2Scorer.score_block` and ``combine``): only
what is fed differs.
"""
from __future__ import annotations

import math
from typing import Callable, Iterable, NamedTuple

from . import lattice as lat
from . import weighting
from .paths import best_path
from . import py2
from . import verbose as vv
from .m2io import Sentence


class Options(NamedTuple):
    beta: float = 0.5
    max_unchanged_words: int = 2
    ignore_whitespace_casing: bool = False
    verbose: bool = False
    very_verbose: bool = False


class SentenceResult(NamedTuple):
    """What the chosen annotator gave for one sentence."""

    annotator: int
    correct: int
    proposed: int
    gold: int
    edits: list                 # path edits (start, end, original, correction), unshrunk
    matched: list               # the subset of ``edits`` counted as correct
    gold_edits: list            # the chosen annotator's gold edits
    gold_types: list
    matched_gold: list          # indices into ``gold_edits`` of the credited edits


INFINITY = float("inf")
# (Results and candidates are made once per sentence and annotator: through tuple.__new__,
# without the Python-level call of a NamedTuple's __new__.)
_new_tuple = tuple.__new__


class Totals:
    """Corpus counts so far (a plain class: the scorer imports no dataclasses, for start-up)."""

    __slots__ = ("correct", "proposed", "gold", "sentences", "lines")

    def __init__(self, correct: int = 0, proposed: int = 0, gold: int = 0, sentences: list | None = None) -> None:
        self.correct = correct
        self.proposed = proposed
        self.gold = gold
        self.sentences = [] if sentences is None else sentences   # SentenceResult per sentence, if kept
        self.lines = 0   # gold sentences chosen so far (-v numbers them)

    def __repr__(self) -> str:
        return "Totals(correct=%d, proposed=%d, gold=%d)" % (self.correct, self.proposed, self.gold)


def f_candidate(correct: int, proposed: int, gold: int, beta: float) -> float:
    """F of running totals as the annotator choice computes it (§4.5)."""
    beta2 = beta * beta
    denominator = beta2 * gold + proposed
    if denominator == 0:
        return 1.0 if correct == 0 else 0.0
    return (1.0 + beta2) * correct / denominator


def prf(correct: int, proposed: int, gold: int, beta: float) -> tuple[float, float, float]:
    """Corpus precision, recall and F-beta (§4.5)."""
    p = correct / proposed if proposed else 1.0
    r = correct / gold if gold else 1.0
    beta2 = beta * beta
    denominator = beta2 * p + r
    f = (1.0 + beta2) * p * r / denominator if denominator else 0.0
    if math.isnan(denominator):
        f = math.nan
    return p, r, f


def shrink(edit: tuple) -> tuple:
    """An edit without the tokens its original and correction share at the start and end."""
    start, end, original, correction = edit
    a = original.split(" ") if original else []
    b = correction.split(" ") if correction else []
    while a and b and a[0] == b[0]:
        a.pop(0)
        b.pop(0)
        start += 1
    while a and b and a[-1] == b[-1]:
        a.pop()
        b.pop()
        end -= 1
    return (start, end, py2.join_tokens(a), py2.join_tokens(b))


def _matches_gold(gold_edits: list) -> Callable[[tuple], bool]:
    """Whether an edit (start, end, original, correction) is one of the gold edits."""
    index: dict = {}
    for start, end, original, alternatives in gold_edits:
        for alternative in alternatives:
            index.setdefault((start, end, original), set()).add(alternative)

    def matches(edit: tuple) -> bool:
        alts = index.get(edit[:3])
        return alts is not None and edit[3] in alts
    return matches


def _trivial(edit: tuple) -> bool:
    """An edit --ignore_whitespace_casing drops: only spaces and case change (Python 2.7's
    lower-casing)."""
    return py2.lower(edit[2].replace(" ", "")) == py2.lower(edit[3].replace(" ", ""))


def _count_correct(edits: list, gold_edits: list) -> tuple[list, list[int]]:
    """Path edits credited, walking the gold list in file order (§4.4), and the indices of
    the gold edits they matched."""
    matched = []
    indices = []
    position = 0
    for edit in edits:
        start, end, original, correction = edit
        # no stop at the first match: a path edit is credited once for every gold edit
        # after the previous match that it equals (two identical gold edits, one system
        # edit: 2 correct, 1 proposed; vectors fz_duplicate_gold_*)
        for index in range(position, len(gold_edits)):
            g = gold_edits[index]
            if g[0] == start and g[1] == end and g[2] == original and correction in g[3]:
                matched.append(edit)
                indices.append(index)
                position = index + 1
    return matched, indices


def _markers(edits: list, matched: list, gold_edits: list) -> list[str]:
    """The '!', '&' and '*' lines -v prints for matched deletions/insertions (spec §5.2)."""
    lines = []
    gold_set = set()
    for g in gold_edits:
        for alt in g[3]:
            gold_set.add((g[0], g[1], g[2], alt))
    for m in matched:
        start, end, original, correction = m
        # Offsets are compared unshrunk; an edit counts as an insertion (a deletion) when its
        # shrunk form inserts (deletes) (vectors syn_adjacent_markers_v,
        # syn_correction_whitespace_v, fz_v_marker_unshrunk_adjacency).
        if original and not correction:      # a deletion
            touching = [e for e in edits if (e[0] == end or e[1] == start) and _inserts(e)]
            mark = "&"
        elif correction and not original:    # an insertion
            touching = [e for e in edits if (e[0] == end or e[1] == start) and _deletes(e)]
            mark = "*"
        else:
            continue
        if not touching:
            continue
        if any(e in gold_set for e in touching):
            mark = "!"
        lines.append(mark + " " + py2.repr_value(m))
    return lines


def _inserts(edit: tuple) -> bool:
    shrunk = shrink(edit)
    return not shrunk[2] and bool(shrunk[3])


def _deletes(edit: tuple) -> bool:
    shrunk = shrink(edit)
    return bool(shrunk[2]) and not shrunk[3]


def _discard(text: str) -> None:
    return None


class Candidate(NamedTuple):
    """What one annotator's gold edits make of a sentence, before any choice: the path's
    edits (unshrunk), those credited and the indices of the gold edits they matched, and
    the ``--very_verbose`` lines printed before this annotator's ``-v`` lines."""

    annotator: int
    edits: list
    matched: list
    matched_gold: list
    gold_edits: list
    trace: str


class Offer(NamedTuple):
    """One gold sentence scored against its hypothesis, every annotator's :class:`Candidate`
    in the order they compete (``sentence`` None: JP mode's unaligned system line, one
    proposed edit that matches nothing). ``trace``: the ``--very_verbose`` tables printed
    before the first annotator."""

    sentence: Sentence | None
    hypothesis: str
    trace: str
    candidates: list


def offer(sentence: Sentence | None, hypothesis: str, options: Options) -> Offer:
    """Score a (gold sentence, hypothesis line) pair for every annotator: the choice among
    them reads the running totals (:func:`choose`). ``options.very_verbose``: the trace is
    kept in the offer, to be printed in order when the sentence is chosen."""
    if sentence is None:
        return Offer(None, hypothesis, "", [])
    very_verbose = options.very_verbose
    hyp_tokens = py2.split(hypothesis)
    lattice: lat.Lattice | None
    sentence_trace = ""
    if very_verbose:
        # the trace prints the whole tables, so they are computed in full
        trace: list = []
        bands = (lat.full_band(sentence.tokens, hyp_tokens, 1), lat.full_band(sentence.tokens, hyp_tokens, 2))
        lattice = lat.build(sentence.tokens, hyp_tokens, options.max_unchanged_words, bands)
        vv.sentence_trace(lattice, (bands[0].full(), bands[1].full()), trace.append)
        sentence_trace = "".join(trace)
    else:
        # An unchanged sentence's lattice holds only unchanged-token arcs: no edit on any path.
        lattice = None if hyp_tokens == sentence.tokens else lat.build(
            sentence.tokens, hyp_tokens, options.max_unchanged_words)
    if lattice is not None:
        spans: dict = {}   # (start, end) -> arcs, filled as the gold edits ask
        paths: dict = {}   # annotators crediting the same arcs share one path
    candidates = []
    for annotator in sentence.annotators:
        gold_edits = sentence.gold[annotator]
        path: list
        annotator_trace = ""
        if lattice is None:
            path = []
        else:
            credited = frozenset(weighting.gold_arcs(lattice, gold_edits, spans)) if gold_edits else frozenset()
            # only the gold arcs' weights: every other arc weighs its base weight
            weight = weighting.gold_weights(lattice, credited)
            found = paths.get(credited)
            if found is None:
                keys = best_path(lattice, weight)
                found = paths[credited] = (keys, [lattice.edit(key) for key in keys])
            path = found[1]
            if very_verbose:
                trace = []
                vv.weights_trace(lattice, gold_edits, credited, trace.append)
                if options.verbose:
                    trace.append(">> Annotator: %d\n" % annotator)
                every = weighting.base_weights(lattice)
                every.update(weight)
                vv.graph_trace(lattice, every, found[0], trace.append)
                annotator_trace = "".join(trace)
        if options.ignore_whitespace_casing:
            path = [e for e in path if not _trivial(e)]
        matched, matched_gold = _count_correct(path, gold_edits)
        candidates.append(_new_tuple(Candidate, (annotator, path, matched, matched_gold, gold_edits, annotator_trace)))
    return _new_tuple(Offer, (sentence, hypothesis, sentence_trace, candidates))


def choose(offered: Offer, totals: Totals, options: Options, write: Callable[[str], object] = _discard,
           keep: bool = False) -> SentenceResult | None:
    """m2scorer's choice of the sentence's annotator: the one whose edits give the best F of
    the running ``totals`` (then the most correct edits, then the fewest weighted edits);
    ``totals`` then count it (``keep``: its result is kept in ``totals.sentences``).
    ``write`` receives the ``-v`` and ``--very_verbose`` output of the sentence. An
    unaligned system line (no sentence) counts one proposed edit: its result is None."""
    sentence = offered.sentence
    if sentence is None:
        totals.proposed += 1
        return None
    totals.lines += 1
    beta = options.beta
    beta2 = beta * beta
    verbose = options.verbose
    very_verbose = options.very_verbose
    if offered.trace:
        write(offered.trace)
    best = NO_CHOICE
    for candidate in offered.candidates:
        annotator, path, matched, _, gold_edits, trace = candidate
        if trace:
            write(trace)
        c = totals.correct + len(matched)
        e = totals.proposed + len(path)
        g = totals.gold + len(gold_edits)
        f = f_candidate(c, e, g, beta)
        if verbose:
            p_run = c / e if e else 1.0
            r_run = c / g if g else 1.0
            out = [] if very_verbose else [">> Annotator: %d" % annotator]
            out.extend(_markers(path, matched, gold_edits))
            out.append("SOURCE        : " + sentence.text)
            out.append("HYPOTHESIS    : " + offered.hypothesis)
            out.append("EDIT SEQ      : " + py2.repr_value([shrink(x) for x in path]))
            out.append("GOLD EDITS    : " + py2.repr_value(gold_edits))
            out.append("CORRECT EDITS : " + py2.repr_value(matched))
            out.append("# correct     : %d" % c)
            out.append("# proposed    : %d" % e)
            out.append("# gold        : %d" % g)
            out.append("precision     : " + py2.str_float(p_run))
            out.append("recall        : " + py2.str_float(r_run))
            out.append("f_%.1f         : %s" % (beta, py2.str_float(f)))
            out.append("-------------------------------------------")
            write("\n".join(out) + "\n")
        scored = (f, len(matched), e + beta2 * g)
        if _better(scored, best[0]):
            best = (scored, candidate)
    chosen = NO_RESULT if best[1] is None else _result(sentence, best[1])
    totals.correct += chosen.correct
    totals.proposed += chosen.proposed
    totals.gold += chosen.gold
    if keep:
        totals.sentences.append(chosen)
    if verbose:
        write(">> Chosen Annotator for line %d : %d\n\n" % (totals.lines, chosen.annotator))
    return chosen


def _result(sentence: Sentence, candidate: Candidate) -> SentenceResult:
    annotator, edits, matched, matched_gold, gold_edits, _ = candidate
    return _new_tuple(SentenceResult, (annotator, len(matched), len(edits), len(gold_edits), edits, matched,
                                       gold_edits, sentence.types.get(annotator, []), matched_gold))


def candidate_counts(offered: Offer) -> list:
    """Every annotator's (correct, proposed, gold) in the order they compete (the
    significance tests make the choice again inside every resample); an unaligned system
    line: one proposed edit."""
    if offered.sentence is None:
        return [(0, 1, 0)]
    return [(len(c.matched), len(c.edits), len(c.gold_edits)) for c in offered.candidates]


def candidate_types(offered: Offer) -> list:
    """Every annotator's gold edits by type, ``{type: [matched, missed]}`` (as
    :func:`per_type`; ``--per-type`` with ``--compare``)."""
    if offered.sentence is None:
        return [{}]
    types = offered.sentence.types
    return [_types_counted(types.get(c.annotator, []), c.matched_gold) for c in offered.candidates]


def score_sentences(
    pairs: Iterable[tuple[Sentence | None, str]],
    options: Options,
    write: Callable[[str], object] = _discard,
    keep: bool = True,
) -> Totals:
    """Score (gold sentence, hypothesis line) pairs in order (:func:`offer`, then
    :func:`choose`); ``write`` receives the output of ``-v`` and ``--very_verbose``
    (``options.verbose``, ``options.very_verbose``).

    A pair ``(None, line)`` (JP mode's unaligned system text) counts one proposed edit that
    matches nothing and is not put through the lattice. ``keep``: keep every sentence's
    result in ``Totals.sentences`` (per-type figures); without it memory stays flat whatever
    the corpus size.
    """
    totals = Totals()
    for sentence, hypothesis in pairs:
        choose(offer(sentence, hypothesis, options), totals, options, write, keep)
    return totals


# Before the first annotator the best candidate F is -1, so any real F wins; a nan F
# (--beta nan, or --beta inf where (1+inf)*C/(inf*G+E) is nan) never compares greater or
# equal, so no annotator is chosen (-v prints -1) and the sentence adds nothing to the
# totals (vectors fz_beta_nan_*, fz_beta_inf_*).
NO_CHOICE: tuple = ((-1.0, -1, INFINITY), None)
NO_RESULT = SentenceResult(-1, 0, 0, 0, [], [], [], [], [])


def _types_counted(types: list, matched_gold: list) -> dict:
    """An annotator's gold edits by type, ``{type: [matched, missed]}`` (as :func:`per_type`)."""
    matched = set(matched_gold)
    counted: dict = {}
    for index, kind in enumerate(types):
        counted.setdefault(kind, [0, 0])[0 if index in matched else 1] += 1
    return counted


def _better(candidate: tuple, best: tuple) -> bool:
    f, c, weighted = candidate
    bf, bc, bweighted = best
    if f > bf:
        return True
    if f == bf:
        if c > bc:
            return True
        if c == bc and weighted < bweighted:
            return True
    return False


def report(totals: Totals, options: Options) -> str:
    """The lines the original prints after scoring (spec §5.1, and §5.2's totals with -v)."""
    return totals_trace(totals, options) + headline(totals, options.beta)


def totals_trace(totals: Totals, options: Options) -> str:
    """The totals ``-v`` prints after the sentences (spec §5.2; nothing without it)."""
    if not options.verbose:
        return ""
    p, r, f = prf(totals.correct, totals.proposed, totals.gold, options.beta)
    lines = ["CORRECT EDITS  : %d" % totals.correct, "PROPOSED EDITS : %d" % totals.proposed,
             "GOLD EDITS     : %d" % totals.gold, "P = " + py2.str_float(p), "R = " + py2.str_float(r),
             "F_%.1f = %s" % (options.beta, py2.str_float(f))]
    return "\n".join(lines) + "\n"


def headline(totals: Totals, beta: float) -> str:
    """The three lines of P, R and F the original prints last (spec §5.1)."""
    p, r, f = prf(totals.correct, totals.proposed, totals.gold, beta)
    lines = []
    lines.append("Precision   : %.4f" % p)
    lines.append("Recall      : %.4f" % r)
    lines.append("F_%.1f       : %.4f" % (beta, f))
    return "\n".join(lines) + "\n"


# The row of system edits that match no gold edit: m2scorer's system output is plain text, so
# its edits carry no error type and count against precision as a whole, never a type's.
UNTYPED = "(untyped)"


def per_type(sentences: Iterable[SentenceResult]) -> dict[str, list[int]]:
    """TP/FP/FN per gold error type over the chosen annotators' edits.

    A credited edit counts for the type of the gold edit it matched, a gold edit left
    unmatched as a miss of its type. System edits carry no type: those matching nothing are
    counted in one row, :data:`UNTYPED`, and no type gets false positives (its precision
    would otherwise count the untyped edits some rule assigned to it). The rows add up to the
    micro figures: TP = correct, TP + FP = proposed, TP + FN = gold.
    """
    table: dict[str, list[int]] = {}
    untyped = 0
    for result in sentences:
        matched = set(result.matched_gold)
        for index, kind in enumerate(result.gold_types):
            row = table.setdefault(kind, [0, 0, 0])
            row[0 if index in matched else 2] += 1
        untyped += len(result.edits) - len(result.matched)
    if untyped:
        table[UNTYPED] = [0, untyped, 0]
    return table


def per_type_report(table: dict[str, list[int]], beta: float) -> str:
    """The ``--per-type`` lines printed after the original's report: recall per gold type;
    precision and F only for all edits (system edits carry no type)."""
    lines = ["", "Per type (chosen annotators; gold edits by type; system edits carry no type, so "
             "unmatched ones are one row and precision is for all edits only):",
             "%-12s %6s %6s %6s %9s %9s %9s" % ("type", "TP", "FP", "FN", "Precision", "Recall", "F_%.1f" % beta)]
    totals = [0, 0, 0]
    for kind in sorted(table, key=lambda name: (name == UNTYPED, name)):
        tp, fp, fn = table[kind]
        totals = [totals[0] + tp, totals[1] + fp, totals[2] + fn]
        if kind == UNTYPED:
            lines.append("%-12s %6s %6d %6s %9s %9s %9s" % (kind, "-", fp, "-", "-", "-", "-"))
        else:
            recall = tp / (tp + fn) if tp + fn else 1.0
            lines.append("%-12s %6d %6s %6d %9s %9.4f %9s" % (kind, tp, "-", fn, "-", recall, "-"))
    tp, fp, fn = totals
    p, r, f = prf(tp, tp + fp, tp + fn, beta)
    lines.append("%-12s %6d %6d %6d %9.4f %9.4f %9.4f" % ("all", tp, fp, fn, p, r, f))
    return "\n".join(lines) + "\n"
