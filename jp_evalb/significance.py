"""The metric of jp_evalb's paired significance tests, over the per-unit statistics the one
scoring pass gives (the runner's stages with ``Run(statistics=True)``).

Every line or block JP mode scores is one unit, recorded with the gold lines it covers; its
vector (:func:`jp_evalb.jp.score_vector`) holds what evalb's summary adds up: matched, gold
and test brackets, words and correct tags, for all sentences and for those of gold length up
to the cut-off. The runner sums them per resample and applies :func:`metric_function`.
"""
from __future__ import annotations



__all__ = ["METRICS", "metric_function"]

METRICS = ("F", "R", "P", "TA")


def metric_function(totals):
    """Totals (..., WIDTH) -> bracketing F, recall, precision and tagging accuracy of all
    sentences, in percent, as evalb computes them (F = 2PR / (P + R) from unrounded P and R;
    0 where evalb prints nan). The len<=cut-off counts (columns 5-9) give the same figures
    of that subset when passed in columns 0-4."""
    import numpy as np

    from jp_shims.significance import f_ratio

    def f_measure(match, gold, test):
        recall, precision = f_ratio(match, gold), f_ratio(match, test)
        with np.errstate(divide="ignore", invalid="ignore"):
            total = precision + recall
            return np.where(total > 0, 2 * precision * recall / np.where(total > 0, total, 1), 0.0), recall, precision

    f, recall, precision = f_measure(totals[..., 0], totals[..., 1], totals[..., 2])
    return np.stack((f, recall, precision, f_ratio(totals[..., 4], totals[..., 3])), axis=-1)
