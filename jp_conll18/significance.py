"""Per-block counts of a JP-mode evaluation, for the paired significance tests of the runner.

Every block the one scorer counts (``stream.score_block``) is recorded with its gold
sentences during the one scoring pass; its extent is the gold character offsets it covers
(``jp_shims.significance`` merges the blocks of all systems into units), and
:func:`metric_function` is the one F1 over summed vectors. The vector of a block is the four
counters of every metric (correct, gold, system, aligned), in ``model.METRICS`` order -- or
``model.ENHANCED_METRICS`` for the current UD scorer (``jp_udeval``: ELAS and EULAS too).
"""
from __future__ import annotations

from typing import Optional, Sequence

from jp_shims.significance.groups import GroupRow, GroupScoring

from .breakdown import FIELDS, GOLD, LAS_GOLD, LAS_SYSTEM, SYSTEM, UAS_GOLD, UAS_SYSTEM, group_order
from .evaluation import count_files
from .model import ENHANCED_METRICS, METRICS
from .reader_options import CONLL18, ReaderOptions
from .scoring import Counts

WIDTH = 4 * len(METRICS)
HEADLINE = ("LAS", "MLAS", "BLEX")
ENHANCED_HEADLINE = ("LAS", "MLAS", "BLEX", "ELAS", "EULAS")


def metric_names(options: ReaderOptions = CONLL18) -> tuple:
    """The metrics a run counts, in vector order."""
    return ENHANCED_METRICS if options.udeval else METRICS


def counts_vector(counts: Counts, metrics: Sequence[str] = METRICS) -> list[int]:
    """The four counters of every metric, flat (a missing aligned count is 0)."""
    return [value or 0 for metric in metrics for value in counts.rows[metric]]


def block_vectors(blocks: list, options: ReaderOptions = CONLL18) -> list:
    """Every scored block (``(gold sentences, Counts)``, as ``count_files`` records them) as
    ``((first, stop) gold character offsets, counts vector)``: the statistics of one scoring
    pass. A block without gold sentences covers no offset and is placed after the gold text
    before it."""
    metrics = metric_names(options)
    recorded = []
    end = 0
    for gold, counts, *_ in blocks:
        if gold:
            extent = (gold[0].span.start, gold[-1].span.end)
            end = extent[1]
        else:
            extent = (end, end)
        recorded.append((extent, counts_vector(counts, metrics)))
    return recorded


def scored_blocks(gold_path: str, system_path: str, lang: str = "en",
                  options: ReaderOptions = CONLL18) -> tuple[Counts, list]:
    """The totals JP mode prints, and every block as :func:`block_vectors` gives it."""
    blocks: list = []
    total = count_files(gold_path, system_path, legacy=False, lang=lang, blocks=blocks, options=options)
    return total, block_vectors(blocks, options)


def metric_function(metrics: Sequence[str], universe: Sequence[str] = METRICS):
    """Totals (..., 4 * len(universe)) -> F1 in percent of each metric named, as the
    original computes F1: 2 * correct / (gold + system), 0 without words."""
    import numpy as np

    columns = [list(universe).index(m) * 4 for m in metrics]
    correct_columns = list(columns)
    gold_columns = [c + 1 for c in columns]
    system_columns = [c + 2 for c in columns]

    def f1(totals):
        correct = totals[..., correct_columns]
        size = totals[..., gold_columns] + totals[..., system_columns]
        return np.divide(200.0 * correct, size, out=np.zeros(correct.shape), where=size > 0)

    return f1


def check_metrics(names: Optional[Sequence[str]], options: ReaderOptions = CONLL18) -> list[str]:
    """The metrics to report: the headline ones the report prints, or those named (by their
    names in the original's tables); raises ValueError for an unknown name."""
    universe = metric_names(options)
    if not names:
        return list(ENHANCED_HEADLINE if options.udeval else HEADLINE)
    unknown = [n for n in names if n not in universe]
    if unknown:
        raise ValueError(f"unknown metric {unknown[0]!r} (one of: {', '.join(universe)})")
    return list(dict.fromkeys(names))


# --- --breakdown KEY with --compare: per-group figures ----------------------------------------

def block_groups(blocks: list) -> list:
    """Every scored block's own breakdowns (recorded with ``--breakdown``) as a sparse
    mapping ``(key, group) -> the breakdown.FIELDS counters``, in :func:`block_vectors` order."""
    return [{(key, group): counters for key, rows in rest[0].items() for group, counters in rows.items()}
            if rest else {} for _, _, *rest in blocks]


class BreakdownScoring(GroupScoring):
    """``--breakdown KEY`` in the significance table: per group the F1 of UAS and/or LAS
    (those of the table's metrics; LAS when it has neither), F1 = 2PR/(P+R) with precision over
    the group's system words and recall over its gold words, as the breakdown table computes
    it; 0 where the group has no gold or no system word. A group's size is its gold words."""

    fields = len(FIELDS)
    unit = "gold words"

    def __init__(self, keys: Sequence[str]) -> None:
        self.keys = list(dict.fromkeys(keys))

    def order(self, groups):
        ordered = []
        for key in self.keys:
            values = group_order(key, [value for k, value in groups if k == key])
            ordered.extend((key, value) for value in values)
        return ordered

    def metric(self, groups, names):
        import numpy as np

        chosen = [m for m in ("UAS", "LAS") if m in names] or ["LAS"]
        correct = {"UAS": (UAS_GOLD, UAS_SYSTEM), "LAS": (LAS_GOLD, LAS_SYSTEM)}
        count = len(groups)
        fields = self.fields

        def f1(totals):
            totals = np.asarray(totals, dtype=np.float64)
            table = totals.reshape(totals.shape[:-1] + (count, fields))
            gold, system = table[..., GOLD], table[..., SYSTEM]
            columns = []
            for metric in chosen:
                on_gold, on_system = correct[metric]
                recall = np.divide(table[..., on_gold], gold, out=np.zeros(gold.shape), where=gold > 0)
                precision = np.divide(table[..., on_system], system, out=np.zeros(system.shape), where=system > 0)
                total = precision + recall
                columns.append(np.divide(200.0 * precision * recall, total, out=np.zeros(total.shape),
                                         where=total > 0))
            return np.concatenate(columns, axis=-1)

        metric_names = [f"{metric}[{key}={group}]" for metric in chosen for key, group in groups]
        rows = [GroupRow(key, group, None) for _ in chosen for key, group in groups]
        return f1, metric_names, rows

    def sizes(self, totals):
        return totals[:, GOLD]
