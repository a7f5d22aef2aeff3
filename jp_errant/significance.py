"""What the paired significance tests need of errant_compare's scoring.

errant_compare chooses, for every sentence (JP mode: every aligned block), the (hypothesis
annotator, reference annotator) pair giving the best corpus F-beta with the running totals.
A resample has other running totals, so the choice is made again inside every resample
(``jp_shims.significance.ChoiceCounts``, rule "errant"): every scored pair keeps the TP/FP/FN
of each annotator pair (:func:`candidates`, counted by the scorer's own
``compare_edit_sets``, in the scorer's pair order), and :func:`metric_function` is the one
F-beta, P, R of the totals.
"""
from __future__ import annotations

from jp_errant.scorer import ScoreOptions, SentencePair, coder_edit_sets, compare_edit_sets


def candidates(pair: SentencePair, options: ScoreOptions) -> list:
    """(tp, fp, fn) of every (hypothesis, reference) annotator pair of one scored pair; a
    sentence ChERRANT's rules leave out of the evaluation (``ScoreOptions.evaluates``) offers
    one candidate that counts nothing."""
    hyp_edits, ref_edits, _ = pair
    hyp_sets = coder_edit_sets(hyp_edits, options)
    ref_sets = coder_edit_sets(ref_edits, options)
    if options.screens_sentences and not options.evaluates(ref_sets):
        return [(0, 0, 0)]
    return [compare_edit_sets(hyp, ref)[:3] for hyp in hyp_sets.values() for ref in ref_sets.values()]


def metric_function(beta: float):
    """Totals (..., 3) of TP, FP, FN -> F-beta, P, R as errant computes them (unrounded)."""
    import numpy as np

    from jp_shims.significance import errant_prf

    def prf(totals):
        p, r, f = errant_prf(totals, beta ** 2)
        return np.stack((f, p, r), axis=-1)

    return prf
