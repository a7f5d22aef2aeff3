"""Charts of the HTML report as inline SVG: no script, no network, a few kilobytes each.

* :func:`histogram` -- how many blocks lost how much (the per-block loss distribution);
* :func:`group_bars` -- one row of bars per group (``--breakdown`` of jp_conll18_ud_eval /
  jp_udeval: UAS and LAS F1 per deprel, arc length, ...);
* :func:`heatmap` -- a gold x system matrix of counts (``--confusion``), each row shaded by
  its share of the row's words.

Every function returns one ``<svg>`` element (a string) with a ``<title>`` per mark, so a
reader hovering a bar or a cell sees its exact figures. Sizes are bounded: a matrix keeps its
:data:`MATRIX_LIMIT` most frequent labels and folds the rest into one row and column.
"""
from __future__ import annotations

import html
import math
from typing import Mapping, Optional, Sequence

MATRIX_LIMIT = 30  # labels of a heatmap (the rest are folded into "(other)")
BINS = 20  # bins of a histogram whose values are not small integers
OTHER = "(other)"
# Bars of a breakdown: the colours of its metrics, in order.
METRIC_COLOURS = ("#4e79a7", "#f28e2b", "#59a14f", "#b07aa1")


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _svg(width: float, height: float, body: str, label: str, css_class: str) -> str:
    return (f'<svg class="chart {css_class}" role="img" aria-label="{_e(label)}" '
            f'width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}">'
            f"<title>{_e(label)}</title>{body}</svg>")


def _bins(values: Sequence[float]) -> list[tuple[float, float, int]]:
    """(low, high, count) per bin: for integers (block losses usually are), one bin per
    value up to 30 values, else bins of a whole number of values; otherwise :data:`BINS`
    bins of equal width."""
    low, high = min(values), max(values)
    if all(float(v).is_integer() for v in values):
        low, high = int(low), int(high)
        width = max(1, math.ceil((high - low + 1) / BINS)) if high - low >= 30 else 1
        counts = [0] * ((high - low) // width + 1)
        for value in values:
            counts[(int(value) - low) // width] += 1
        return [(low + i * width, low + (i + 1) * width - 1, count) for i, count in enumerate(counts)]
    step = (high - low) / BINS or 1.0
    counts = [0] * BINS
    for value in values:
        counts[min(int((value - low) / step), BINS - 1)] += 1
    return [(low + i * step, low + (i + 1) * step, count) for i, count in enumerate(counts)]


def _number(value: float) -> str:
    return f"{value:g}" if float(value).is_integer() else f"{value:.3g}"


def histogram(values: Sequence[float], what: str = "loss", unit: str = "blocks") -> Optional[str]:
    """Bars of how many ``unit`` have each value of ``what``; None without values."""
    values = [v for v in values if v is not None and math.isfinite(v)]
    if not values:
        return None
    bins = _bins(values)
    tallest = max(count for _, _, count in bins)
    left, top, plot_h = 44, 12, 110
    bar_w = max(6.0, min(36.0, 560 / len(bins)))
    width = max(260.0, left + bar_w * len(bins) + 16)
    height = top + plot_h + 44
    parts = [f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{width - 8}" y2="{top + plot_h}"/>',
             f'<text class="tick" x="{left - 6}" y="{top + 4}" text-anchor="end">{tallest}</text>',
             f'<text class="tick" x="{left - 6}" y="{top + plot_h}" text-anchor="end">0</text>']
    every = max(1, math.ceil(len(bins) / 12))
    for i, (low, high, count) in enumerate(bins):
        x = left + i * bar_w
        h = plot_h * count / tallest
        span = _number(low) if low == high else f"{_number(low)}–{_number(high)}"
        parts.append(f'<rect class="bar" x="{x + 1:.1f}" y="{top + plot_h - h:.1f}" width="{bar_w - 2:.1f}" '
                     f'height="{h:.1f}"><title>{_e(what)} {_e(span)}: {count} {_e(unit)}</title></rect>')
        if i % every == 0:
            parts.append(f'<text class="tick" x="{x + bar_w / 2:.1f}" y="{top + plot_h + 14}" '
                         f'text-anchor="middle">{_e(_number(low))}</text>')
    parts.append(f'<text class="axis-label" x="{(left + width) / 2:.0f}" y="{height - 6}" '
                 f'text-anchor="middle">{_e(what)} of a block</text>')
    parts.append(f'<text class="axis-label" transform="rotate(-90)" x="{-(top + plot_h / 2):.0f}" y="12" '
                 f'text-anchor="middle">{_e(unit)}</text>')
    return _svg(width, height, "".join(parts), f"Histogram: {unit} by {what}", "histogram")


def _metric_value(value: object) -> Optional[float]:
    """The figure a bar shows of a metric's entry: its F1, else its accuracy."""
    if isinstance(value, Mapping):
        for key in ("f1", "f", "accuracy"):
            if isinstance(value.get(key), (int, float)):
                return float(value[key])
    return None


def group_bars(groups: Mapping[str, Mapping], title: str) -> Optional[str]:
    """One row per group, one bar per metric (the group's entries holding ``f1``/``f``/
    ``accuracy``: UAS, LAS) on a 0-1 scale, with the group's gold count; None when no group
    has such a metric."""
    metrics: list[str] = []
    for entry in groups.values():
        for name, value in entry.items():
            if _metric_value(value) is not None and name not in metrics:
                metrics.append(name)
    if not metrics:
        return None
    label_w, plot_w, bar_h = 150, 360, 9
    row_h = bar_h * len(metrics) + 6
    top = 26
    height = top + row_h * len(groups) + 24
    width = label_w + plot_w + 90
    parts = []
    for k, name in enumerate(metrics):  # the key of the colours
        key_x = label_w + k * 90
        parts.append(f'<rect x="{key_x}" y="4" width="10" height="10" fill="{METRIC_COLOURS[k % 4]}"/>'
                     f'<text class="tick" x="{key_x + 14}" y="13">{_e(name.upper())} F1</text>')
    for tick in (0.0, 0.5, 1.0):
        x = label_w + plot_w * tick
        parts.append(f'<line class="grid" x1="{x:.0f}" y1="{top - 4}" x2="{x:.0f}" y2="{height - 20}"/>'
                     f'<text class="tick" x="{x:.0f}" y="{height - 6}" text-anchor="middle">{tick:g}</text>')
    for row, (group, entry) in enumerate(groups.items()):
        y = top + row * row_h
        gold = entry.get("gold")
        count = f" ({gold})" if isinstance(gold, int) else ""
        parts.append(f'<text class="label" x="{label_w - 6}" y="{y + row_h / 2 + 3:.1f}" text-anchor="end">'
                     f'{_e(_clip(group))}{_e(count)}<title>{_e(group)}: {_e(gold)} gold words</title></text>')
        for k, name in enumerate(metrics):
            value = _metric_value(entry.get(name))
            if value is None:
                continue
            w = plot_w * max(0.0, min(1.0, value))
            parts.append(f'<rect x="{label_w}" y="{y + k * bar_h:.1f}" width="{w:.1f}" height="{bar_h - 1}" '
                         f'fill="{METRIC_COLOURS[k % 4]}"><title>{_e(group)} {_e(name.upper())} F1 '
                         f'{value:.4f}</title></rect>'
                         f'<text class="value" x="{label_w + w + 3:.1f}" y="{y + k * bar_h + bar_h - 2:.1f}">'
                         f'{value * 100:.1f}</text>')
    return _svg(width, height, "".join(parts), title, "bars")


def _clip(label: str, size: int = 22) -> str:
    # Chart labels only (the <title> holds the whole label); the tables keep every character.
    return label if len(label) <= size else label[:size - 1] + "…"


def _folded(matrix: Mapping[str, Mapping[str, int]]) -> tuple[list[str], dict]:
    """The labels (gold and system, most frequent first, at most :data:`MATRIX_LIMIT`) and
    the matrix over them, the other labels folded into :data:`OTHER`."""
    totals: dict[str, int] = {}
    for gold, row in matrix.items():
        for system, count in row.items():
            totals[gold] = totals.get(gold, 0) + count
            totals[system] = totals.get(system, 0) + count
    if len(totals) <= MATRIX_LIMIT:
        # Every label fits: numbers in numeric order (depth, length bins), others as the
        # tool lists them.
        labels = list(totals)
        if all(_is_int(label) for label in labels):
            labels.sort(key=int)
        return labels, {gold: dict(row) for gold, row in matrix.items()}
    labels = sorted(totals, key=lambda label: (-totals[label], label))
    kept = set(labels[:MATRIX_LIMIT - 1])
    folded: dict = {}
    for gold, row in matrix.items():
        target = folded.setdefault(gold if gold in kept else OTHER, {})
        for system, count in row.items():
            column = system if system in kept else OTHER
            target[column] = target.get(column, 0) + count
    return labels[:MATRIX_LIMIT - 1] + [OTHER], folded


def _is_int(label: str) -> bool:
    try:
        int(label)
    except ValueError:
        return False
    return True


def heatmap(matrix: Mapping[str, Mapping[str, int]], title: str) -> Optional[str]:
    """Gold labels down, system labels across; a cell's shade is its share of the gold row
    (the diagonal of a good system is dark), its count written when the cell is large
    enough. None for an empty matrix."""
    if not matrix:
        return None
    labels, folded = _folded(matrix)
    n = len(labels)
    largest = max((count for row in folded.values() for count in row.values()), default=0)
    cell = max(26, 7 * len(str(largest)) + 8) if n <= 12 else 16  # small matrices: room for every count
    margin = 8 + 6.2 * max(len(_clip(label, 16)) for label in labels)
    left, top = margin + 18, margin + 18
    width, height = left + n * cell + 10, top + n * cell + 10
    parts = [f'<text class="axis-label" x="{left + n * cell / 2:.0f}" y="12" text-anchor="middle">system</text>',
             f'<text class="axis-label" transform="rotate(-90)" x="{-(top + n * cell / 2):.0f}" y="12" '
             f'text-anchor="middle">gold</text>']
    for i, label in enumerate(labels):
        parts.append(f'<text class="label" x="{left - 4}" y="{top + i * cell + cell / 2 + 3:.1f}" text-anchor="end">'
                     f'{_e(_clip(label, 16))}</text>')
        x = left + i * cell + cell / 2 + 3
        parts.append(f'<text class="label" transform="translate({x:.1f},{top - 4}) rotate(-60)">'
                     f'{_e(_clip(label, 16))}</text>')
    for i, gold in enumerate(labels):
        row = folded.get(gold, {})
        total = sum(row.values())
        for j, system in enumerate(labels):
            count = row.get(system, 0)
            if not count:
                continue
            share = count / total
            x, y = left + j * cell, top + i * cell
            text = ""
            if cell >= 26 or count < 1000:
                colour = "#fff" if share > 0.55 else "#222"
                size = "" if cell >= 26 else ' font-size="7"'
                text = (f'<text class="count" x="{x + cell / 2:.1f}" y="{y + cell / 2 + 3:.1f}" fill="{colour}"'
                        f'{size} text-anchor="middle">{count}</text>')
            parts.append(f'<g><rect class="cell{" diagonal" if i == j else ""}" x="{x:.1f}" y="{y:.1f}" '
                         f'width="{cell - 1}" height="{cell - 1}" fill="{_shade(share)}">'
                         f'<title>gold {_e(gold)}, system {_e(system)}: {count} ({share:.1%} of gold {_e(gold)})'
                         f'</title></rect>{text}</g>')
    return _svg(width, height, "".join(parts), title, "heatmap")


def _shade(share: float) -> str:
    """White to dark blue by ``share`` (0-1)."""
    low, high = (247, 251, 255), (8, 48, 107)
    r, g, b = (round(a + (c - a) * share) for a, c in zip(low, high))
    return f"#{r:02x}{g:02x}{b:02x}"
