"""Per-block counts of a JP-mode evaluation, for the paired significance tests.

Every block the one scorer counts (``stream.score_block``) is recorded with its gold
sentences; its extent is the gold character offsets it covers (``jp_shims.significance``
merges the blocks of all systems into units). The vector of a block is the four counters of
every metric (correct, gold, system, aligned), in ``model.METRICS`` order.
"""
from __future__ import annotations

from typing import Optional, Sequence

from .evaluation import count_files
from .model import METRICS
from .scoring import Counts

WIDTH = 4 * len(METRICS)
HEADLINE = ("LAS", "MLAS", "BLEX")


def counts_vector(counts: Counts) -> list[int]:
    """The four counters of every metric, flat (a missing aligned count is 0)."""
    return [value or 0 for metric in METRICS for value in counts.rows[metric]]


def scored_blocks(gold_path: str, system_path: str, lang: str = "en") -> tuple[Counts, list]:
    """The totals JP mode prints, and every block as ``((first, stop) gold character
    offsets, counts vector)``; a block without gold sentences covers no offset and is placed
    after the gold text before it."""
    blocks: list = []
    total = count_files(gold_path, system_path, legacy=False, lang=lang, blocks=blocks)
    recorded = []
    end = 0
    for gold, counts in blocks:
        if gold:
            extent = (gold[0].span.start, gold[-1].span.end)
            end = extent[1]
        else:
            extent = (end, end)
        recorded.append((extent, counts_vector(counts)))
    return total, recorded


def metric_function(metrics: Sequence[str]):
    """Totals (..., WIDTH) -> F1 in percent of each metric named, as the original computes
    F1: 2 * correct / (gold + system), 0 without words."""
    import numpy as np

    columns = [METRICS.index(m) * 4 for m in metrics]

    def f1(totals):
        correct = totals[..., [c for c in columns]]
        size = totals[..., [c + 1 for c in columns]] + totals[..., [c + 2 for c in columns]]
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(size > 0, 200.0 * correct / np.where(size > 0, size, 1), 0.0)

    return f1


def check_metrics(names: Optional[Sequence[str]]) -> list[str]:
    """The metrics to report: the original's three headline ones, or those named (by their
    names in the original's tables); raises ValueError for an unknown name."""
    if not names:
        return list(HEADLINE)
    unknown = [n for n in names if n not in METRICS]
    if unknown:
        raise ValueError(f"unknown metric {unknown[0]!r} (one of: {', '.join(METRICS)})")
    return list(dict.fromkeys(names))


def compare_systems(gold: str, systems: list[str], options, lang: str = "en"):
    """The comparison ``options`` (``jp_shims.significance_cli.SignificanceOptions``) asks
    for: ``systems[0]`` is the baseline; metrics: ``options.metrics`` or the headline three."""
    from jp_shims.significance import additive_systems
    from jp_shims.significance_cli import run_comparison

    metrics = check_metrics(options.metrics)
    counted = additive_systems([scored_blocks(gold, system, lang)[1] for system in systems], WIDTH)
    return run_comparison(counted, systems, metric_function(metrics), metrics, options)
