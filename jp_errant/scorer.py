"""errant 3.0.2 ``compare_m2`` scoring semantics (our own implementation, no errant import).

The single scoring implementation of ``jp_errant_compare``: legacy mode feeds it the blocks
exactly as errant pairs them, JP mode feeds it aligned (merged, re-indexed) blocks. Nothing
here knows about files or alignment.

Semantics (spec ``errant_compare.md`` sections 3-6): edits become per-annotator dictionaries
``key -> [types]`` (key depends on the evaluation mode); each hypothesis annotator is compared
with each reference annotator; the pair giving the best *rounded corpus-level* F (ties: more
TP, fewer FP, fewer FN, then the earlier pair) is added to the running totals.

ChERRANT's scorer (a fork of ERRANT 2.x ``compare_m2``) is the same scorer with three
switches of :class:`ScoreOptions`: ``verbose_style="errant2"`` (its ``-v`` trace),
``reference_coders`` (``--reference_num``) and ``skip_unannotatable`` (its ``NA`` rule).
"""
from __future__ import annotations

import math
from typing import Callable, Iterable, Iterator, NamedTuple, Sequence

from jp_errant.m2 import Edit

EditKey = tuple
EditSets = dict  # coder -> {EditKey: [type, ...]}
CategoryCounts = dict  # type -> [tp, fp, fn]
UNANNOTATABLE = "NA"  # ChERRANT's type for a sentence its annotators could not correct

MODES = ("dt", "ds", "cs", "cse")
TITLES = {
    "dt": " Token-Based Detection ",
    "ds": " Span-Based Detection ",
    "cse": " Span-Based Correction + Classification ",
    "cs": " Span-Based Correction ",
}


class ScoreOptions(NamedTuple):
    """The scoring flags of errant_compare (``mode`` is one of :data:`MODES`).

    ``categories``: keep the per-category counts of the corpus (the ``-cat`` table and
    ``--json`` need them); without it :attr:`CorpusResult.categories` stays empty.

    ChERRANT's switches (spec ``cherrant.md`` sections 5-6), off by default:

    - ``verbose_style``: ``"errant3"`` (errant 3.x ``-v``) or ``"errant2"`` (ERRANT 2.x as
      ChERRANT prints it: a sentence header before every annotator pair, edit keys without
      types, no local category table);
    - ``reference_coders``: score only the sentences whose reference has exactly this many
      annotators (``--reference_num``); the others count nothing and print nothing;
    - ``skip_unannotatable``: a sentence whose reference is one annotator with one key whose
      first type is ``NA`` counts nothing and prints nothing.
    """

    beta: float = 0.5
    mode: str = "cs"
    single: bool = False
    multi: bool = False
    filt: tuple = ()
    cat: int | None = None
    verbose: bool = False
    categories: bool = True
    verbose_style: str = "errant3"
    reference_coders: int | None = None
    skip_unannotatable: bool = False

    @property
    def screens_sentences(self) -> bool:
        """Whether some sentences may be left out of the evaluation (ChERRANT's rules)."""
        return self.reference_coders is not None or self.skip_unannotatable

    def evaluates(self, ref_sets: EditSets) -> bool:
        """ChERRANT's two rules deciding whether a sentence is evaluated at all."""
        if self.reference_coders is not None and len(ref_sets) != self.reference_coders:
            return False
        if self.skip_unannotatable and len(ref_sets) == 1:
            (keys,) = ref_sets.values()
            if len(keys) == 1:
                (types,) = keys.values()
                return types[0] != UNANNOTATABLE
        return True

    @property
    def beta_is_safe(self) -> bool:
        """Whether F is a finite number >= 0 for every count (beta squared finite and not
        0): then no division by zero can happen and NaN never defeats errant's ``>``."""
        return 0.0 < self.beta * self.beta < math.inf

    def choice_is_trivial(self, hyp_coders: int, ref_coders: int) -> bool:
        return hyp_coders == 1 and ref_coders == 1 and self.beta_is_safe

    @property
    def f_label(self) -> str:
        # errant prints "F" + str(float(beta)): -b 1 -> F1.0
        return "F" + str(self.beta)


class SentencePair(NamedTuple):
    """What the scorer needs of one evaluated unit (a sentence or an aligned block).

    Edits are :class:`jp_errant.m2.Edit` values, or any 6-tuples in the same field order.
    """

    hyp_edits: Sequence[Edit]
    ref_edits: Sequence[Edit]
    source: str  # printed by -v as "Original sentence i: ..."


class SentenceResult(NamedTuple):
    tp: int
    fp: int
    fn: int
    categories: CategoryCounts
    hyp_coder: int
    ref_coder: int


class CorpusResult:
    """Running totals (mutated only by :func:`score_corpus` while it runs)."""

    __slots__ = ("tp", "fp", "fn", "sentences", "categories")

    def __init__(self, tp: int = 0, fp: int = 0, fn: int = 0, sentences: int = 0,
                 categories: CategoryCounts | None = None) -> None:
        self.tp, self.fp, self.fn, self.sentences = tp, fp, fn, sentences
        self.categories = {} if categories is None else categories

    def __repr__(self) -> str:
        return (f"CorpusResult(tp={self.tp}, fp={self.fp}, fn={self.fn}, "
                f"sentences={self.sentences}, categories={self.categories!r})")


_IMPLICIT_NOOP = (Edit(-1, -1, "noop", "-NONE-", 0),)


def coder_edit_sets(edits: Sequence[Edit], options: ScoreOptions) -> EditSets:
    """errant's ``process_edits``: per-coder ``key -> [types]`` after the filters.

    A coder is registered before filtering, so a coder whose edits are all filtered out
    still competes with an empty set; a block without edits is one implicit noop (coder 0).
    """
    return _edit_sets(edits, options)[0]


def _edit_sets(edits: Sequence[Edit], options: ScoreOptions) -> tuple[EditSets, dict, bool]:
    """:func:`coder_edit_sets`, plus what the fast count needs: per coder, the keys whose
    first type is ``noop`` (errant skips those), and whether any key holds several types."""
    if not edits:
        edits = _IMPLICIT_NOOP
    mode = options.mode
    correction = mode == "cs"
    detection = mode == "dt" or mode == "ds"
    single, multi, filt = options.single, options.multi, options.filt
    filtered = single or multi or bool(filt)
    if correction and not filtered:
        return _correction_edit_sets(edits)
    sets: EditSets = {}
    noops: dict = {}
    several = False
    for start, end, kind, cor, coder, _ in edits:
        keys = sets.get(coder)
        if keys is None:
            keys = sets[coder] = {}
        if kind == "UNK" and not detection:
            continue
        if filtered:
            if single and (end - start >= 2 or len(cor.split()) >= 2):
                continue
            if multi and end - start < 2 and len(cor.split()) < 2:
                continue
            if filt and kind in filt:
                continue
        if correction:
            edit_keys: Iterable[EditKey] = ((start, end, cor),)
        elif mode == "cse":
            edit_keys = ((start, end, kind, cor),)
        elif mode == "ds":
            edit_keys = ((start, end),)
        else:
            edit_keys = _token_keys(start, end)
        for key in edit_keys:
            types = keys.get(key)
            if types is None:
                keys[key] = [kind]
                if kind == "noop":
                    noops.setdefault(coder, []).append(key)
            else:
                types.append(kind)
                several = True
    return sets, noops, several


def _edit_sets_for(options: ScoreOptions) -> Callable[[Sequence[Edit]], tuple]:
    """:func:`_edit_sets` with ``options`` settled once per run (it runs twice a sentence)."""
    if options.mode == "cs" and not (options.single or options.multi or options.filt):
        return _correction_edit_sets
    return lambda edits: _edit_sets(edits, options)


def _correction_edit_sets(edits: Sequence[Edit]) -> tuple[EditSets, dict, bool]:
    """:func:`_edit_sets` for the default (-cs, no filter), spelled out: it is most of the
    run time. Edits of one annotator usually come together: the coder's table is looked up
    again only when the coder changes."""
    if not edits:
        edits = _IMPLICIT_NOOP
    sets: EditSets = {}
    noops: dict = {}
    several = False
    current = keys = None
    for start, end, kind, cor, coder, _ in edits:
        if coder != current:
            keys = sets.get(coder)
            if keys is None:
                keys = sets[coder] = {}
            current = coder
        if kind == "UNK":
            continue
        key = (start, end, cor)
        types = keys.get(key)
        if types is None:
            keys[key] = [kind]
            if kind == "noop":
                noops.setdefault(coder, []).append(key)
        else:
            types.append(kind)
            several = True
    return sets, noops, several


def _token_keys(start: int, end: int) -> Iterable[EditKey]:
    """``-dt`` keys: one per token; an insertion counts as touching the token on its right."""
    if start == -1:
        return ((start, start),)
    if start == end and start >= 0:
        return ((start, start + 1),)
    return [(index, index + 1) for index in range(start, end)]


def compare_edit_sets(hyp: dict, ref: dict) -> tuple[int, int, int, CategoryCounts]:
    """errant's ``compareEdits``: TP per *reference* type, FP per hypothesis type."""
    tp = fp = fn = 0
    categories: CategoryCounts = {}
    get = categories.get
    for key, hyp_types in hyp.items():
        if hyp_types[0] == "noop":
            continue
        ref_types = ref.get(key)
        if ref_types is not None:
            tp += len(ref_types)
            for kind in ref_types:
                counts = get(kind)
                if counts is None:
                    categories[kind] = [1, 0, 0]
                else:
                    counts[0] += 1
        else:
            fp += len(hyp_types)
            for kind in hyp_types:
                counts = get(kind)
                if counts is None:
                    categories[kind] = [0, 1, 0]
                else:
                    counts[1] += 1
    for key, ref_types in ref.items():
        if ref_types[0] == "noop" or key in hyp:
            continue
        fn += len(ref_types)
        for kind in ref_types:
            counts = get(kind)
            if counts is None:
                categories[kind] = [0, 0, 1]
            else:
                counts[2] += 1
    return tp, fp, fn, categories


def precision_recall_f(tp: int, fp: int, fn: int, beta: float) -> tuple[float, float, float]:
    """errant's ``computeFScore`` (P=1 without FP, R=1 without FN; rounded to 4 places).

    Raises ZeroDivisionError like errant when beta is 0, precision > 0 and recall is 0.
    """
    p = float(tp) / (tp + fp) if fp else 1.0
    r = float(tp) / (tp + fn) if fn else 1.0
    f = float((1 + (beta ** 2)) * p * r) / (((beta ** 2) * p) + r) if p + r else 0.0
    return round(p, 4), round(r, 4), round(f, 4)


def _fast_choice(hyp_sets: EditSets, hyp_noops: dict, ref_sets: EditSets, ref_noops: dict,
                 several: bool, totals: CorpusResult, beta: float) -> tuple[int, int, int, int, int]:
    """errant's annotator choice (see :func:`score_sentence`) without the verbose text,
    for a beta that keeps every F finite and >= 0: (tp, fp, fn, hyp coder, ref coder).

    When every key holds exactly one type (``several`` false), the counts of
    :func:`compare_edit_sets` are numbers of keys, found with set operations: keys whose
    type is noop are never TP/FP (hypothesis) or FN (reference) but are still present on
    their side. The choice is the first pair that is greatest by (rounded corpus F, TP,
    -FP, -FN), so F is computed only for pairs whose counts differ from the best so far,
    and not at all when there is a single pair.
    """
    single = len(hyp_sets) == 1 and len(ref_sets) == 1
    beta2 = beta ** 2
    scale = 1 + beta2
    total_tp, total_fp, total_fn = totals.tp, totals.fp, totals.fn
    best = None
    best_f = best_tp = best_fp = best_fn = 0
    for hyp_id, hyp in hyp_sets.items():
        hyp_keys = hyp.keys()
        hyp_noop = hyp_noops.get(hyp_id)
        hyp_size = len(hyp) - len(hyp_noop) if hyp_noop else len(hyp)
        for ref_id, ref in ref_sets.items():
            if several:
                tp, fp, fn, _ = compare_edit_sets(hyp, ref)
            else:
                common = hyp_keys & ref.keys()
                ref_noop = ref_noops.get(ref_id)
                if hyp_noop is None and ref_noop is None:
                    tp = len(common)
                    fp = hyp_size - tp
                    fn = len(ref) - tp
                else:
                    tp = len(common.difference(hyp_noop)) if hyp_noop else len(common)
                    fp = hyp_size - tp
                    ref_found = len(common.difference(ref_noop)) if ref_noop else len(common)
                    fn = (len(ref) - len(ref_noop) if ref_noop else len(ref)) - ref_found
            if single:
                return tp, fp, fn, hyp_id, ref_id
            if best is not None and tp == best_tp and fp == best_fp and fn == best_fn:
                continue  # same counts, same F: the earlier pair stays chosen
            # precision_recall_f's F of the corpus totals with this pair, inlined.
            all_tp = tp + total_tp
            all_fp = fp + total_fp
            all_fn = fn + total_fn
            # Without errant's float() calls: int / int of counts below 2 ** 53 divides the
            # same two doubles, and scale * p * r is already a float.
            p = all_tp / (all_tp + all_fp) if all_fp else 1.0
            r = all_tp / (all_tp + all_fn) if all_fn else 1.0
            f = round(scale * p * r / ((beta2 * p) + r), 4) if p + r else 0.0
            if best is None or f > best_f or (f == best_f and (
                    tp > best_tp or (tp == best_tp and (
                        fp < best_fp or (fp == best_fp and fn < best_fn))))):
                best = hyp_id, ref_id
                best_f, best_tp, best_fp, best_fn = f, tp, fp, fn
    return best_tp, best_fp, best_fn, best[0], best[1]


def score_sentence(
    hyp_sets: EditSets,
    ref_sets: EditSets,
    totals: CorpusResult,
    sentence_id: int,
    options: ScoreOptions,
    write: Callable[[str], None] | None = None,
    source: str = "",
) -> SentenceResult:
    """errant's ``evaluate_edits``: the best (hyp coder, ref coder) pair for one sentence.

    ``write`` receives the verbose lines (each with its newline) when given; ``source`` is
    the sentence text the ERRANT 2.x trace prints after the sentence number.
    """
    beta = options.beta
    if write is None and options.choice_is_trivial(len(hyp_sets), len(ref_sets)):
        # One candidate pair and an F that is always a finite number >= 0 (and can not
        # raise): errant would pick this pair, so its F need not be computed.
        (hyp_id, hyp), = hyp_sets.items()
        (ref_id, ref), = ref_sets.items()
        tp, fp, fn, categories = compare_edit_sets(hyp, ref)
        return SentenceResult(tp, fp, fn, categories, hyp_id, ref_id)
    check_local = write is not None or not options.beta_is_safe
    errant2 = options.verbose_style == "errant2"
    best_tp = best_fp = best_fn = 0
    best_f = -1.0
    best_hyp = best_ref = 0
    best_categories: CategoryCounts = {}
    for hyp_id, hyp in hyp_sets.items():
        for ref_id, ref in ref_sets.items():
            tp, fp, fn, categories = compare_edit_sets(hyp, ref)
            # errant computes the local scores before the global ones: with beta 0 the
            # local ZeroDivisionError comes first. Otherwise they only serve -v.
            local = precision_recall_f(tp, fp, fn, beta) if check_local else None
            overall = precision_recall_f(tp + totals.tp, fp + totals.fp, fn + totals.fn, beta)
            f = overall[2]
            # Same preference order as errant: F, then more TP, fewer FP, fewer FN.
            if (f > best_f) or (f == best_f and (
                    tp > best_tp or (tp == best_tp and (
                        fp < best_fp or (fp == best_fp and fn < best_fn))))):
                best_tp, best_fp, best_fn = tp, fp, fn
                best_f, best_hyp, best_ref = f, hyp_id, ref_id
                best_categories = categories
            if write is not None:
                if errant2:
                    write(f"{'-' * 40}\nSENTENCE {sentence_id}{source}\n")
                write(_verbose_pair(sentence_id, hyp_id, ref_id, hyp, ref, (tp, fp, fn),
                                    local, totals, overall, options))
    if write is not None:
        write(_verbose_choice(sentence_id, best_hyp, best_ref, best_categories, errant2))
    return SentenceResult(best_tp, best_fp, best_fn, best_categories, best_hyp, best_ref)


def _verbose_edit_list(edit_set: dict, with_types: bool = True) -> list:
    """errant 3.x lists each key with its first type; ERRANT 2.x the keys alone."""
    listed = [key + (edit_set[key][0],) for key in sorted(edit_set)] if with_types else sorted(edit_set)
    if not listed or listed[0][0] == -1:
        return []
    return listed


def _verbose_pair(sentence_id, hyp_id, ref_id, hyp, ref, local_counts, local, totals,
                  overall, options: ScoreOptions) -> str:
    tp, fp, fn = local_counts
    beta = str(options.beta)
    with_types = options.verbose_style != "errant2"
    lines = [
        "-" * 40,
        f"SENTENCE {sentence_id} - HYP {hyp_id} - REF {ref_id}",
        f"HYPOTHESIS EDITS : {_verbose_edit_list(hyp, with_types)!r}",
        f"REFERENCE EDITS  : {_verbose_edit_list(ref, with_types)!r}",
        f"Local TP/FP/FN   : {tp} {fp} {fn}",
        f"Local P/R/F{beta}  : {local[0]} {local[1]} {local[2]}",
        f"Global TP/FP/FN  : {tp + totals.tp} {fp + totals.fp} {fn + totals.fn}",
        f"Global P/R/F{beta}  : {overall[0]} {overall[1]} {overall[2]}",
    ]
    return "\n".join(lines) + "\n"


def _verbose_choice(sentence_id: int, hyp_id: int, ref_id: int, categories: CategoryCounts,
                    errant2: bool = False) -> str:
    lines = [
        "-" * 40,
        f"^^ HYP {hyp_id}, REF {ref_id} chosen for sentence {sentence_id}",
    ]
    if errant2:  # ERRANT 2.x prints no local category table
        return "\n".join(lines) + "\n"
    lines.append("Local results:")
    table = [["Category", "TP", "FP", "FN"]] + [[key, *counts] for key, counts in categories.items()]
    widths = [max(len(str(row[i])) for row in table) + 3 for i in range(4)]
    for row in table:
        lines.append("".join(str(cell).rjust(width) for cell, width in zip(row, widths)))
    return "\n".join(lines) + "\n"


def score_corpus(
    pairs: Iterable[SentencePair],
    options: ScoreOptions,
    write: Callable[[str], None] | None = None,
    totals: CorpusResult | None = None,
) -> CorpusResult:
    """Score sentence pairs in order; verbose text goes to ``write`` as it is produced.

    ``pairs`` may be a lazy iterator: an exception it raises surfaces after the verbose
    output of the earlier sentences, as in errant (which parses inside its loop).
    ``totals`` (a fresh :class:`CorpusResult` by default) is updated after every pair, so a
    lazy ``pairs`` can read each pair's own counts as differences when it is resumed.
    """
    if totals is None:
        totals = CorpusResult()
    verbose_write = write if options.verbose else None
    # Without verbose text and with a beta for which F can neither fail nor be NaN, only
    # the chosen pair matters: _fast_choice finds it from counts alone.
    fast = verbose_write is None and options.beta_is_safe
    keep_categories = options.categories
    merged = totals.categories
    beta = options.beta
    edit_sets = _edit_sets_for(options)
    screens = options.screens_sentences
    errant3_trace = options.verbose_style != "errant2"
    sentence_id = -1
    for sentence_id, (hyp_edits, ref_edits, source) in enumerate(pairs):
        hyp_sets, hyp_noops, hyp_several = edit_sets(hyp_edits)
        ref_sets, ref_noops, ref_several = edit_sets(ref_edits)
        if screens and not options.evaluates(ref_sets):
            continue
        if fast:
            tp, fp, fn, hyp_id, ref_id = _fast_choice(
                hyp_sets, hyp_noops, ref_sets, ref_noops, hyp_several or ref_several, totals, beta)
            categories = (compare_edit_sets(hyp_sets[hyp_id], ref_sets[ref_id])[3]
                          if keep_categories else None)
        else:
            if verbose_write is not None and errant3_trace:
                verbose_write("-" * 40 + "\nOriginal sentence " + str(sentence_id) + ": " + source + "\n")
            tp, fp, fn, categories, _, _ = score_sentence(
                hyp_sets, ref_sets, totals, sentence_id, options, verbose_write, source)
        totals.tp += tp
        totals.fp += fp
        totals.fn += fn
        if keep_categories:
            _merge_categories(merged, categories)
    totals.sentences = sentence_id + 1
    return totals


def _merge_categories(merged: CategoryCounts, categories: CategoryCounts) -> None:
    for kind, counts in categories.items():
        known = merged.get(kind)
        if known is None:
            merged[kind] = list(counts)
        else:
            known[0] += counts[0]
            known[1] += counts[1]
            known[2] += counts[2]


def grouped_categories(categories: CategoryCounts, level: int) -> CategoryCounts:
    """errant's ``processCategories``: 1 = first character, 2 = drop 2 characters, 3 = as is.

    ``UNK`` is always kept whole. Like errant, level 1 fails (IndexError) on an empty type.
    """
    if level == 3:
        return dict(categories)
    grouped: CategoryCounts = {}
    for kind, counts in categories.items():
        if kind == "UNK":
            key = kind
        elif level == 1:
            key = kind[0]
        else:
            key = kind[2:]
        known = grouped.get(key)
        grouped[key] = list(counts) if known is None else [a + b for a, b in zip(known, counts)]
    return grouped


def iter_report_lines(result: CorpusResult, options: ScoreOptions) -> Iterator[str]:
    """errant's ``print_results``, one line (with newline) at a time: optional category
    table, then the summary table. Lines come out as errant prints them, so a failure in a
    later row (``-b 0``) leaves the earlier rows written, as in errant."""
    title = TITLES[options.mode]
    label = options.f_label
    if options.cat:
        # Grouped before anything is printed: errant fails here (IndexError on an empty
        # type under -cat 1) with nothing of the report written.
        grouped = grouped_categories(result.categories, options.cat)
        yield "\n"
        yield "{:=^66}".format(title) + "\n"
        yield " ".join(["Category".ljust(14), "TP".ljust(8), "FP".ljust(8), "FN".ljust(8),
                        "P".ljust(8), "R".ljust(8), label]) + "\n"
        for kind, (tp, fp, fn) in sorted(grouped.items()):
            p, r, f = precision_recall_f(tp, fp, fn, options.beta)
            yield " ".join([kind.ljust(14), str(tp).ljust(8), str(fp).ljust(8),
                            str(fn).ljust(8), str(p).ljust(8), str(r).ljust(8), str(f)]) + "\n"
    yield "\n"
    yield "{:=^46}".format(title) + "\n"
    yield "\t".join(["TP", "FP", "FN", "Prec", "Rec", label]) + "\n"
    p, r, f = precision_recall_f(result.tp, result.fp, result.fn, options.beta)
    yield "\t".join(map(str, [result.tp, result.fp, result.fn, p, r, f])) + "\n"
    yield "=" * 46 + "\n"
    yield "\n"


def write_report(result: CorpusResult, options: ScoreOptions, write: Callable[[str], None]) -> None:
    for line in iter_report_lines(result, options):
        write(line)


def format_report(result: CorpusResult, options: ScoreOptions) -> str:
    """The whole report as one string."""
    return "".join(iter_report_lines(result, options))


def iter_category_scores(result: CorpusResult, options: ScoreOptions,
                         level: int = 3) -> Iterator[tuple[str, int, int, int, float, float, float]]:
    """(category, tp, fp, fn, P, R, F) rows in ascending category order (for --json)."""
    for kind, (tp, fp, fn) in sorted(grouped_categories(result.categories, level).items()):
        yield (kind, tp, fp, fn, *precision_recall_f(tp, fp, fn, options.beta))


def macro_average(result: CorpusResult, options: ScoreOptions,
                  level: int = 3) -> tuple[int, float | None, float | None, float | None]:
    """The macro average over error types that errant PR #52 proposes, beside errant's micro
    figures: ``(types, P, R, F)``, the means of the precision, recall and F of the rows of
    the ``-cat level`` table, each as that table prints it (errant's ``computeFScore``: P = 1
    without FP, R = 1 without FN, rounded to 4 places), the means rounded to 4 places too.
    Every type of the table counts once, whatever its size. No type: ``(0, None, None, None)``.
    """
    rows = [scores for _, _, _, _, *scores in iter_category_scores(result, options, level)]
    if not rows:
        return 0, None, None, None
    return (len(rows), *(round(sum(column) / len(rows), 4) for column in zip(*rows)))


def format_macro(result: CorpusResult, options: ScoreOptions, level: int = 3) -> str:
    """The macro average as a table after errant's report (its layout: title, tab row, rule)."""
    types, p, r, f = macro_average(result, options, level)
    figures = ["-" if value is None else str(value) for value in (p, r, f)]
    return "".join([
        "{:=^46}".format(f" Macro-average over error types (-cat {level}) ") + "\n",
        "\t".join(["Types", "Prec", "Rec", options.f_label]) + "\n",
        "\t".join([str(types), *figures]) + "\n",
        "=" * 46 + "\n",
        "\n",
    ])
