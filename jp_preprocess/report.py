"""Rendering of jp_preprocess_eval results: the aligned table and the JSON scores (the listing and
the JSON envelope are jp_shims')."""
from __future__ import annotations

from jp_preprocess.jp import Counts, Result

COLUMNS = ("TP", "FP", "FN", "P", "R", "F1")


def _row(counts: Counts) -> list[str]:
    return [str(counts.tp), str(counts.fp), str(counts.fn),
            f"{100 * counts.precision:.2f}", f"{100 * counts.recall:.2f}", f"{100 * counts.f1:.2f}"]


def render_table(result: Result) -> str:
    """Rows sentences and tokens; counts, then precision, recall and F1 in percent."""
    rows = [("sentences", _row(result.sentences)), ("tokens", _row(result.tokens))]
    label_width = max(len(label) for label, _ in rows)
    widths = [max(len(COLUMNS[i]), *(len(cells[i]) for _, cells in rows)) for i in range(len(COLUMNS))]
    lines = [" " * label_width + "".join(f"  {name:>{w}}" for name, w in zip(COLUMNS, widths))]
    for label, cells in rows:
        lines.append(f"{label:<{label_width}}" + "".join(f"  {cell:>{w}}" for cell, w in zip(cells, widths)))
    return "\n".join(lines) + "\n"


def counts_dict(counts: Counts) -> dict:
    return {"tp": counts.tp, "fp": counts.fp, "fn": counts.fn, "gold": counts.gold, "system": counts.system,
            "precision": counts.precision, "recall": counts.recall, "f1": counts.f1}
