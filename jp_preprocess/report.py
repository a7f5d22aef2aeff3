"""Rendering of jp_preprocess_eval results: the aligned table, JSON and the alignment listing."""
from __future__ import annotations

import json

from jp_preprocess.joint import AlignedBlock, Counts, Result

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


def _counts_dict(counts: Counts) -> dict:
    return {"tp": counts.tp, "fp": counts.fp, "fn": counts.fn, "gold": counts.gold, "system": counts.system,
            "precision": counts.precision, "recall": counts.recall, "f1": counts.f1}


def render_json(result: Result, *, compact: bool = False) -> str:
    """The scores as a JSON object (on one line when COMPACT, the last record of JSON Lines)."""
    data = {"sentences": _counts_dict(result.sentences), "tokens": _counts_dict(result.tokens)}
    return json.dumps(data, indent=None if compact else 2, ensure_ascii=False) + "\n"


def _shape(block) -> str:
    return f"{len(block.left)}:{len(block.right)}"


def render_block_json(aligned: AlignedBlock) -> str:
    """One JSON Lines record for a sentence block that is not a 1:1 match."""
    block = aligned.block
    data = {"block": {
        "gold": [block.left.start + 1, block.left.stop], "system": [block.right.start + 1, block.right.stop],
        "shape": _shape(block), "kind": block.kind, "reason": block.reason,
        "gold_lines": [s.line for s in aligned.gold], "system_lines": [s.line for s in aligned.system],
        "gold_text": [" ".join(s.tokens) for s in aligned.gold],
        "system_text": [" ".join(s.tokens) for s in aligned.system],
        "word_groups": [
            {"gold": list(aligned.gold_tokens[g.left.start:g.left.stop]),
             "system": list(aligned.system_tokens[g.right.start:g.right.stop]), "kind": g.kind}
            for g, matched in zip(aligned.words, aligned.word_matches) if not matched],
    }}
    return json.dumps(data, ensure_ascii=False) + "\n"


def _span(indices: range) -> str:
    if not len(indices):
        return "-"
    first, last = indices[0] + 1, indices[-1] + 1
    return str(first) if first == last else f"{first}-{last}"


def render_block(aligned: AlignedBlock) -> str:
    """A sentence block that is not a 1:1 match: its sentences (with their input line numbers;
    block ranges count sentences from 1) and the word groups that are not 1:1 matches."""
    block = aligned.block
    header = (f"block gold {_span(block.left)} / system {_span(block.right)}"
              f" ({_shape(block)}, {block.kind}"
              + (f": {block.reason}" if block.reason else "") + ")")
    lines = [header]
    lines += [f"  G line {s.line}: {' '.join(s.tokens)}" for s in aligned.gold]
    lines += [f"  S line {s.line}: {' '.join(s.tokens)}" for s in aligned.system]
    for group, matched in zip(aligned.words, aligned.word_matches):
        if not matched:
            gold = " ".join(aligned.gold_tokens[i] for i in group.left)
            system = " ".join(aligned.system_tokens[i] for i in group.right)
            lines.append(f"    words {gold!r} ~ {system!r} ({_shape(group)}, {group.kind})")
    return "\n".join(lines) + "\n"
