"""m2scorer's metric for the paired significance tests.

JP mode re-segments the system's lines onto the gold sentences (``jp.segments``), so every
gold sentence is scored on its own and is one unit. m2scorer chooses each sentence's
annotator by the F of the running totals; the choice is made again inside every resample
(``jp_shims.significance.ChoiceCounts``, rule "m2scorer") from every annotator's (correct,
proposed, gold), counted once in the run (``scorer.candidate_counts`` of each sentence's
offer, kept by :meth:`jp_m2scorer.tool.M2Scorer.combine`).
"""
from __future__ import annotations

from jp_shims.significance.groups import GroupRow, GroupScoring


def metric_function(beta: float):
    """Totals (..., 3) of correct, proposed, gold -> F-beta, P, R as m2scorer prints them
    (P = 1 without proposed edits, R = 1 without gold edits; unrounded)."""
    import numpy as np

    beta2 = beta * beta

    def prf(totals):
        correct, proposed, gold = (totals[..., i].astype(np.float64) for i in range(3))
        with np.errstate(divide="ignore", invalid="ignore"):
            p = np.where(proposed > 0, correct / np.where(proposed > 0, proposed, 1), 1.0)
            r = np.where(gold > 0, correct / np.where(gold > 0, gold, 1), 1.0)
            denominator = beta2 * p + r
            f = np.where(denominator > 0, (1 + beta2) * p * r / np.where(denominator > 0, denominator, 1), 0.0)
        return np.stack((f, p, r), axis=-1)

    return prf


class TypeScoring(GroupScoring):
    """``--per-type`` in the significance table: the recall of every gold error type over the
    chosen annotators' gold edits (the choice is made on the overall counts; system edits
    carry no type, so there is no per-type precision). Counters per type: matched, missed;
    recall 1 for a type without gold edits in a resample, as m2scorer's R. A type's size is
    its gold edits."""

    fields = 2
    unit = "gold edits"

    def metric(self, groups, names):
        import numpy as np

        count = len(groups)

        def recall(totals):
            totals = np.asarray(totals, dtype=np.float64)
            table = totals.reshape(totals.shape[:-1] + (count, 2))
            gold = table[..., 0] + table[..., 1]
            return np.divide(table[..., 0], gold, out=np.ones(gold.shape), where=gold > 0)

        return recall, [f"R[type={group}]" for _, group in groups], [GroupRow(key, group, None) for key, group in groups]

    def sizes(self, totals):
        return totals[:, 0] + totals[:, 1]
