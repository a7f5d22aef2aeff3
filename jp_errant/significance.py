"""Per-block annotator-pair counts of JP mode, for the paired significance tests.

errant_compare chooses, for every sentence (JP mode: every aligned block), the (hypothesis
annotator, reference annotator) pair giving the best corpus F-beta with the running totals.
A resample has other running totals, so the choice is made again inside every resample
(``jp_shims.significance.ChoiceCounts``): here every block keeps the TP/FP/FN of each pair,
counted once by the scorer's own ``compare_edit_sets``, in the scorer's pair order.
"""
from __future__ import annotations

from jp_errant.compare import aligned_pairs
from jp_errant.scorer import ScoreOptions, coder_edit_sets, compare_edit_sets
from jp_shims.audit import AlignmentAudit

def scored_blocks(ref_path: str, hyp_path: str, options: ScoreOptions) -> list:
    """Every block JP mode scores, as ``((first, stop) reference sentences, [(tp, fp, fn)
    per annotator pair])``; raises what ``aligned_pairs`` raises for bad input."""
    extents: list = []
    blocks = []
    audit = AlignmentAudit(ref_path, hyp_path)
    for hyp_edits, ref_edits, _ in aligned_pairs(ref_path, hyp_path, audit, extents=extents):
        hyp_sets = coder_edit_sets(hyp_edits, options)
        ref_sets = coder_edit_sets(ref_edits, options)
        candidates = [compare_edit_sets(hyp, ref)[:3] for hyp in hyp_sets.values() for ref in ref_sets.values()]
        blocks.append((extents[-1], candidates))
    return blocks


def choice_systems(systems: list, beta: float) -> list:
    """``ChoiceCounts`` of every system over their common units (the reference sentences no
    system's block crosses)."""
    from jp_shims.significance import ChoiceCounts, unit_index, units_of

    starts = units_of([[extent for extent, _ in blocks] for blocks in systems])
    result = []
    for blocks in systems:
        units: list = [[] for _ in starts]
        for extent, candidates in blocks:
            units[unit_index(starts, extent)].append(candidates)
        result.append(ChoiceCounts(units, beta))
    return result


def metric_function(beta: float):
    """Totals (..., 3) of TP, FP, FN -> F-beta, P, R as errant computes them (unrounded)."""
    import numpy as np

    from jp_shims.significance import errant_prf

    def prf(totals):
        p, r, f = errant_prf(totals, beta ** 2)
        return np.stack((f, p, r), axis=-1)

    return prf


def compare_systems(ref: str, hyps: list[str], score_options: ScoreOptions, options):
    """The comparison ``options`` (``jp_shims.significance_cli.SignificanceOptions``) asks
    for: ``hyps[0]`` is the baseline."""
    from jp_shims.significance_cli import run_comparison

    systems = choice_systems([scored_blocks(ref, hyp, score_options) for hyp in hyps], score_options.beta)
    names = [f"F{score_options.beta}", "P", "R"]
    return run_comparison(systems, hyps, metric_function(score_options.beta), names, options)
