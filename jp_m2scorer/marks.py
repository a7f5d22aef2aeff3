"""The edits of a re-segmented block as m2scorer scored them, placed on the gold sentences
(for the HTML report).

m2scorer keeps, per gold sentence, the chosen annotator's gold edits, the system edits of
the path it chose and which of them it credited (:class:`jp_m2scorer.scorer.SentenceResult`):
a credited system edit and the gold edit it matched are true positives, another system edit
a false positive, another gold edit missed. System edits carry no type. Offsets are gold
token offsets of each sentence, shifted past the block's earlier sentences.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from jp_shims.records import EditMark

if TYPE_CHECKING:
    from .scorer import SentenceResult


def block_marks(results: Sequence[Optional[SentenceResult]], gold_texts: Sequence[str]) -> tuple[EditMark, ...]:
    """``results``: the :class:`SentenceResult` of each gold sentence of the block (None:
    not scored); ``gold_texts``: the sentences' S-line texts."""
    marks: list[EditMark] = []
    offset = 0
    for result, text in zip(results, gold_texts):
        if result is not None:
            matched = set(map(tuple, result.matched))
            for start, end, original, correction in result.edits:
                status = "tp" if (start, end, original, correction) in matched else "fp"
                marks.append(EditMark("system", "gold", start + offset, end + offset, original, correction, "",
                                      status, result.annotator))
            credited = set(result.matched_gold)
            for index, (start, end, original, alternatives) in enumerate(result.gold_edits):
                kind = result.gold_types[index] if index < len(result.gold_types) else ""
                marks.append(EditMark("gold", "gold", start + offset, end + offset, original,
                                      " / ".join(alternatives), kind, "tp" if index in credited else "fn",
                                      result.annotator))
        offset += len(text.split())
    return tuple(marks)
