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

The per-sentence choice and the corpus loop are here; the parts they are built from live in
their own modules (import them from there): :mod:`jp_errant.score_options` (the options,
the unit scored, the totals), :mod:`jp_errant.edit_sets` (``process_edits`` and
``compareEdits``) and :mod:`jp_errant.report` (``computeFScore`` and the report).
"""
from __future__ import annotations

from typing import Callable, Iterable, Optional

from jp_errant.edit_sets import compare_edit_sets, edit_sets_for
from jp_errant.report import precision_recall_f
from jp_errant.score_options import CategoryCounts, CorpusResult, EditSets, ScoreOptions, SentencePair, SentenceResult

Write = Callable[[str], object]  # where the -v trace goes (stdout's write, a buffer's)


def _discard(text: str) -> None:
    return None


__all__ = ["score_sentence", "score_corpus"]


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
    best: tuple[int, int] | None = None
    best_f = 0.0
    best_tp = best_fp = best_fn = 0
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
    assert best is not None  # (every side has an annotator: a sentence without edits is a noop)
    return best_tp, best_fp, best_fn, best[0], best[1]


def score_sentence(
    hyp_sets: EditSets,
    ref_sets: EditSets,
    totals: CorpusResult,
    sentence_id: int,
    options: ScoreOptions,
    verbose: bool = False,
    write: Write = _discard,
    source: str = "",
) -> SentenceResult:
    """errant's ``evaluate_edits``: the best (hyp coder, ref coder) pair for one sentence.

    With ``verbose``, ``write`` receives the verbose lines (each with its newline);
    ``source`` is the sentence text the ERRANT 2.x trace prints after the sentence number.
    """
    beta = options.beta
    if not verbose and options.choice_is_trivial(len(hyp_sets), len(ref_sets)):
        # One candidate pair and an F that is always a finite number >= 0 (and can not
        # raise): errant would pick this pair, so its F need not be computed.
        (hyp_id, hyp), = hyp_sets.items()
        (ref_id, ref), = ref_sets.items()
        tp, fp, fn, categories = compare_edit_sets(hyp, ref)
        return SentenceResult(tp, fp, fn, categories, hyp_id, ref_id)
    check_local = verbose or not options.beta_is_safe
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
            if verbose:
                if errant2:
                    write(f"{'-' * 40}\nSENTENCE {sentence_id}{source}\n")
                write(_verbose_pair(sentence_id, hyp_id, ref_id, hyp, ref, (tp, fp, fn),
                                    local, totals, overall, options))
    if verbose:
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
    write: Write = _discard,
    totals: Optional[CorpusResult] = None,
) -> CorpusResult:
    """Score sentence pairs in order; with ``options.verbose``, the verbose text goes to
    ``write`` as it is produced.

    ``pairs`` may be a lazy iterator: an exception it raises surfaces after the verbose
    output of the earlier sentences, as in errant (which parses inside its loop).
    ``totals`` (a fresh :class:`CorpusResult` by default) is updated after every pair, so a
    lazy ``pairs`` can read each pair's own counts as differences when it is resumed.
    """
    if totals is None:
        totals = CorpusResult()
    verbose = options.verbose
    # Without verbose text and with a beta for which F can neither fail nor be NaN, only
    # the chosen pair matters: _fast_choice finds it from counts alone.
    fast = not verbose and options.beta_is_safe
    keep_categories = options.categories
    merged = totals.categories
    beta = options.beta
    edit_sets = edit_sets_for(options)
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
            if keep_categories:
                _merge_categories(merged, compare_edit_sets(hyp_sets[hyp_id], ref_sets[ref_id])[3])
        else:
            if verbose and errant3_trace:
                write("-" * 40 + "\nOriginal sentence " + str(sentence_id) + ": " + source + "\n")
            tp, fp, fn, categories, _, _ = score_sentence(
                hyp_sets, ref_sets, totals, sentence_id, options, verbose, write, source)
            if keep_categories:
                _merge_categories(merged, categories)
        totals.tp += tp
        totals.fp += fp
        totals.fn += fn
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
