"""Aligned blocks: the unit every tool re-indexes onto."""
from __future__ import annotations

from typing import List, NamedTuple, Sequence

from .kinds import EXACT, UNALIGNED  # (the kinds and causes live in jp_align.kinds)


class Block(NamedTuple):
    """One aligned unit: ``left`` and ``right`` index ranges of the two input sequences.

    Immutable; a NamedTuple rather than a dataclass because tools build one per word.
    """

    left: range
    right: range
    kind: str = EXACT
    reason: str = ""
    cause: str = ""  # one of the CAUSE_* codes ("" for exact blocks)

    @property
    def is_one_to_one(self) -> bool:
        return len(self.left) == 1 and len(self.right) == 1

    @property
    def aligned(self) -> bool:
        return self.kind != UNALIGNED


def block_index(blocks: Sequence[Block], n: int, side: str = "left") -> List[int]:
    """Map each of the ``n`` items of one side to the number of the block holding it."""
    if side not in ("left", "right"):
        raise ValueError("side must be 'left' or 'right'")
    index = [-1] * n
    for number, block in enumerate(blocks):
        for item in getattr(block, side):
            index[item] = number
    return index


def block_char_offsets(
    blocks: Sequence[Block], left_texts: Sequence[str], right_texts: Sequence[str]
) -> List[tuple]:
    """Character offsets of every block in the concatenated space-free texts of each side.

    ``left_texts``/``right_texts`` are the per-item normalized texts (``Normalizer.text`` of a
    sentence, ``Normalizer.normalize`` of a word). Returns ``((l_start, l_end), (r_start,
    r_end))`` per block, half-open.
    """
    offsets = []
    pos_l = pos_r = 0
    for block in blocks:
        end_l = pos_l + sum(len(left_texts[i]) for i in block.left)
        end_r = pos_r + sum(len(right_texts[j]) for j in block.right)
        offsets.append(((pos_l, end_l), (pos_r, end_r)))
        pos_l, pos_r = end_l, end_r
    return offsets
