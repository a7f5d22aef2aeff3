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

from jp_errant.edit_sets import coder_edit_sets, compare_edit_sets
from jp_errant.report import EMPTY_TYPE_AT_LEVEL_1, grouped_categories
from jp_errant.score_options import ScoreOptions, SentencePair
from jp_shims.significance.groups import GroupRow, GroupScoring


def candidates(pair: SentencePair, options: ScoreOptions, level: int = 0) -> list:
    """(tp, fp, fn) of every (hypothesis, reference) annotator pair of one scored pair; a
    sentence ChERRANT's rules leave out of the evaluation (``ScoreOptions.evaluates``) offers
    one candidate that counts nothing. With a ``level`` (1-3, as ``-cat``), each candidate is
    ``(tp, fp, fn, categories)``: its per-category [tp, fp, fn] grouped at that level."""
    hyp_edits, ref_edits, _ = pair
    hyp_sets = coder_edit_sets(hyp_edits, options)
    ref_sets = coder_edit_sets(ref_edits, options)
    if options.screens_sentences and not options.evaluates(ref_sets):
        return [(0, 0, 0, {})] if level else [(0, 0, 0)]
    if not level:
        return [compare_edit_sets(hyp, ref)[:3] for hyp in hyp_sets.values() for ref in ref_sets.values()]
    found = []
    for hyp in hyp_sets.values():
        for ref in ref_sets.values():
            tp, fp, fn, categories = compare_edit_sets(hyp, ref)
            if level == 1 and "" in categories:  # (as the report refuses it: jp_errant.tool)
                from jp_shims.errors import InputError

                raise InputError(None, None, EMPTY_TYPE_AT_LEVEL_1)
            found.append((tp, fp, fn, grouped_categories(categories, level)))
    return found


def metric_function(beta: float):
    """Totals (..., 3) of TP, FP, FN -> F-beta, P, R as errant computes them (unrounded)."""
    import numpy as np

    from jp_shims.significance import errant_prf

    def prf(totals):
        p, r, f = errant_prf(totals, beta ** 2)
        return np.stack((f, p, r), axis=-1)

    return prf


class CategoryScoring(GroupScoring):
    """``-cat N`` and ``--average macro`` in the significance table, from the chosen annotator
    pairs' per-category counts (the choice itself is made on the overall TP/FP/FN): with
    ``-cat``, the F-beta of every category of that level (errant's computeFScore, unrounded);
    with ``macro``, the macro P, R and F-beta over the categories present (tp + fp + fn > 0)
    of the resample, each category's figures rounded to 4 places as the macro table rounds
    them. A category's size is its reference edits (TP + FN)."""

    fields = 3
    unit = "reference edits"

    def __init__(self, beta: float, level: int, per_category: bool, macro: bool) -> None:
        self.beta, self.level, self.per_category, self.macro = beta, level, per_category, macro

    def metric(self, groups, names):
        import numpy as np

        from jp_shims.significance import errant_prf

        beta2 = self.beta ** 2
        count = len(groups)
        label = f"F{self.beta}"

        def figures(totals):
            totals = np.asarray(totals)
            table = totals.reshape(totals.shape[:-1] + (count, 3))
            p, r, f = errant_prf(table, beta2)
            columns = [f] if self.per_category else []
            if self.macro:
                present = table.sum(axis=-1) > 0
                types = present.sum(axis=-1)
                for figure in (f, p, r):
                    total = np.where(present, np.round(figure, 4), 0.0).sum(axis=-1)
                    columns.append(np.divide(total, types, out=np.zeros(total.shape), where=types > 0)[..., None])
            return np.concatenate(columns, axis=-1) if columns else np.zeros(totals.shape[:-1] + (0,))

        metric_names, rows = [], []
        if self.per_category:
            metric_names += [f"{label}[type={group}]" for _, group in groups]
            rows += [GroupRow(key, group, None) for key, group in groups]
        if self.macro:
            metric_names += [f"macro {label}", "macro P", "macro R"]
            rows += [GroupRow(f"-cat {self.level}", None, None)] * 3
        return figures, metric_names, rows

    def sizes(self, totals):
        return totals[:, 0] + totals[:, 2]
