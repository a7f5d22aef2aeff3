"""The breakdowns and confusion matrices as text tables (after the original's report) and as
the JSON document's ``scores.breakdowns`` / ``scores.confusions``; the command-line options.

Text only, from the counts of :class:`jp_conll18.breakdown.Breakdown`; nothing here reads files.
"""
from __future__ import annotations

import argparse
from typing import Any, Optional

from .breakdown import BREAKDOWN_KEYS, CONFUSION_KEYS, FIELDS, NONE, Breakdown, group_order, group_scores

HELP_ENTRIES = [
    ("--breakdown KEY", "after the report, UAS/LAS precision, recall and F1 per group of KEY (repeatable): "
                        + ", ".join(BREAKDOWN_KEYS)),
    ("--confusion KEY", "after the report, a gold x system matrix of KEY (repeatable): " + ", ".join(CONFUSION_KEYS)),
]
OPTIONS = ("--breakdown", "--confusion")


def add_options(parser: argparse.ArgumentParser) -> None:
    """``--breakdown KEY`` and ``--confusion KEY`` (JP mode; described in the JP help section)."""
    parser.add_argument("--breakdown", action="append", default=[], choices=BREAKDOWN_KEYS, metavar="KEY",
                        help=argparse.SUPPRESS)
    parser.add_argument("--confusion", action="append", default=[], choices=CONFUSION_KEYS, metavar="KEY",
                        help=argparse.SUPPRESS)


def requested(args: Any) -> Optional[Breakdown]:
    """The collector the options ask for, or None (then nothing is computed or printed)."""
    keys, confusions = getattr(args, "breakdown", None) or [], getattr(args, "confusion", None) or []
    return Breakdown(keys, confusions) if keys or confusions else None


def format_tables(breakdown: Optional[Breakdown]) -> str:
    """Every requested table, each after an empty line ('' when nothing was requested)."""
    if breakdown is None:
        return ""
    parts = [format_breakdown(key, rows) for key, rows in breakdown.breakdowns().items()]
    parts.extend(format_confusion(key, matrix) for key, matrix in breakdown.confusions().items())
    return "".join("\n" + part for part in parts)


def _percent(value: Optional[float]) -> str:
    return "" if value is None else f"{100 * value:.2f}"


def format_breakdown(key: str, rows: dict) -> str:
    """One breakdown (group -> counters) as a table, with its total row.

    >>> print(format_breakdown("direction", {"left": dict(zip(FIELDS, [2, 2, 0, 0, 2, 1, 1, 1])),
    ...                                      "root": dict(zip(FIELDS, [1, 1, 0, 0, 1, 1, 1, 1]))}), end="")
    Breakdown by direction: gold words grouped by their gold direction, system words by their system direction
    Group  |   Gold | System | NoCp G | NoCp S |  UAS P |  UAS R | UAS F1 |  LAS P |  LAS R | LAS F1
    -------+--------+--------+--------+--------+--------+--------+--------+--------+--------+--------
    left   |      2 |      2 |      0 |      0 |  50.00 | 100.00 |  66.67 |  50.00 |  50.00 |  50.00
    root   |      1 |      1 |      0 |      0 | 100.00 | 100.00 | 100.00 | 100.00 | 100.00 | 100.00
    Total  |      3 |      3 |      0 |      0 |  66.67 | 100.00 |  80.00 |  66.67 |  66.67 |  66.67
    """
    total = {field: sum(row[field] for row in rows.values()) for field in FIELDS}
    width = max([len("Group"), len("Total"), *map(len, rows)]) + 1
    header = ["Group".ljust(width), "  Gold", "System", "NoCp G", "NoCp S", " UAS P", " UAS R", "UAS F1",
              " LAS P", " LAS R", "LAS F1"]
    lines = [f"Breakdown by {key}: gold words grouped by their gold {key}, system words by their system {key}",
             " | ".join(header), "+".join(["-" * (width + 1)] + ["-" * 8] * 10)]
    for group, counts in [*rows.items(), ("Total", total)]:
        scores = group_scores(counts)
        cells = [f"{counts[field]:6d}" for field in FIELDS[:4]]
        for metric in ("uas", "las"):
            cells.extend(f"{_percent(scores[metric][name]):>6}" for name in ("precision", "recall", "f1"))
        lines.append(" | ".join([group.ljust(width), *cells]))
    return "\n".join(lines) + "\n"


def format_confusion(key: str, matrix: dict) -> str:
    """A confusion matrix (gold value -> system value -> words) with row and column totals.

    >>> print(format_confusion("depth", {"0": {"0": 3}, "1": {"2": 1, NONE: 1}, NONE: {"1": 2}}), end="")
    Confusion of depth: rows gold, columns system; (none): no counterpart on the other side
    gold \\ system |      0 |      1 |      2 | (none) |  Total
    --------------+--------+--------+--------+--------+-------
    0             |      3 |      0 |      0 |      0 |      3
    1             |      0 |      0 |      1 |      1 |      2
    (none)        |      0 |      2 |      0 |      0 |      2
    Total         |      3 |      2 |      1 |      1 |      7
    """
    columns = group_order(key, {system for row in matrix.values() for system in row})
    rows = group_order(key, matrix)
    corner = "gold \\ system"
    grand_total = sum(n for row in matrix.values() for n in row.values())
    cell = max([6, len(str(grand_total)), *map(len, columns)])
    width = max([len(corner), len("Total"), *map(len, rows)])
    lines = [f"Confusion of {key}: rows gold, columns system; {NONE}: no counterpart on the other side",
             " | ".join([corner.ljust(width), *(c.rjust(cell) for c in columns), "Total".rjust(cell)]),
             "+".join(["-" * (width + 1)] + ["-" * (cell + 2)] * len(columns) + ["-" * (cell + 1)])]
    column_totals = [0] * len(columns)
    for gold in rows:
        values = [matrix[gold].get(system, 0) for system in columns]
        column_totals = [a + b for a, b in zip(column_totals, values)]
        lines.append(" | ".join([gold.ljust(width), *(f"{v:{cell}d}" for v in values), f"{sum(values):{cell}d}"]))
    lines.append(" | ".join(["Total".ljust(width), *(f"{v:{cell}d}" for v in column_totals),
                             f"{sum(column_totals):{cell}d}"]))
    return "\n".join(lines) + "\n"


def as_json(breakdown: Optional[Breakdown]) -> dict:
    """``{"breakdowns": ..., "confusions": ...}`` for the JSON document's ``scores`` (each
    only when requested; a breakdown group also carries its ``uas``/``las`` figures)."""
    if breakdown is None:
        return {}
    document: dict = {}
    if breakdown.groups:
        document["breakdowns"] = {key: {group: {**counts, **group_scores(counts)} for group, counts in rows.items()}
                                  for key, rows in breakdown.breakdowns().items()}
    if breakdown.matrices:
        document["confusions"] = breakdown.confusions()
    return document

