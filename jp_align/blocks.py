"""Aligned blocks: the unit every tool re-indexes onto."""
from __future__ import annotations

from typing import List, NamedTuple, Sequence

EXACT = "exact"            # space-free texts identical
NORMALIZED = "normalized"  # identical after normalization (exception table, Unicode, case)
SIMILAR = "similar"        # distance below the threshold, and the next pair matches
MISMATCH = "mismatch"      # texts differ, paired all the same: words by the remaining-length
                           # rule, sentences by position (one on each side, the next pair identical)
UNALIGNED = "unaligned"    # never re-synchronized within the look-ahead

# Why a block is what it is, for code to test (``Block.reason`` is the human-readable text).
CAUSE_LEFT_ENDED = "left_ended"          # unaligned: the left side has no more items
CAUSE_RIGHT_ENDED = "right_ended"        # unaligned: the right side has no more items
CAUSE_UNRELATED = "unrelated"            # unaligned: one pair between agreeing text, unrelated texts
CAUSE_RESYNC_AFTER = "resync_after"      # unaligned: the sides re-synchronize after this block
CAUSE_NO_RESYNC = "no_resync"            # unaligned: no re-synchronization within the look-ahead
CAUSE_NORMALIZED = "normalized"          # normalized: equal after the exception table
CAUSE_SIMILAR = "similar"                # similar: distance below the threshold
CAUSE_POSITION = "position"              # mismatch: paired by position (what follows agrees)
CAUSE_RULE = "rule"                      # words: an exception-table rule
CAUSE_REMAINING_LENGTH = "remaining_length"  # words: the remaining-length rule


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
