"""When two token sequences count as the same text."""
from __future__ import annotations

from typing import Sequence

from jp_align import EXACT, Block, Normalizer

def space_free(tokens: Sequence[str]) -> str:
    return "".join("".join(tokens).split())


def texts_match(left: Sequence[str], right: Sequence[str], normalizer: Normalizer) -> bool:
    """Identical space-free texts, raw or normalized.

    Both are checked because normalization works token by token: a whole-token rule such as
    "can" -> "ca" makes "can - eat" and "can-eat" differ once normalized although the raw texts
    are the same.
    """
    if space_free(left) == space_free(right):
        return True
    return "".join(normalizer.normalize(t) for t in left) == "".join(normalizer.normalize(t) for t in right)


def block_texts_match(block: Block, left: Sequence[str], right: Sequence[str], normalizer: Normalizer) -> bool:
    """BLOCK (whose tokens are LEFT and RIGHT) covers the same text on both sides, judged with
    NORMALIZER (which may be stricter than the one the alignment used).

    The texts decide, not the block's kind: with a whole-token exception rule (English
    "can" -> "ca"), identical raw texts tokenized differently ("ca n't" / "can 't") can come
    out of jp_align as "similar" or even "unaligned"."""
    if block.kind == EXACT:  # jp_align checked the raw space-free texts
        return True
    # "normalized" is re-checked: NORMALIZER may be stricter than the aligner's.
    return texts_match(left, right, normalizer)
