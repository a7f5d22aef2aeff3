"""The kinds of a block and how a record's texts are cut: shared by jp_shims.audit (counting,
listing) and jp_shims.records (the record classes). See jp_shims.audit for what each kind means.

The kinds of jp_align's blocks (the match of the sentence texts) are jp_align's own; a block
of JP mode adds two that only its shape and tokens tell: ``merged`` and ``retokenized``.
"""
from __future__ import annotations

from typing import Union

# (jp_align.kinds, not jp_align: the package loads its aligners on first use only, and
# jp_align.blocks its classes.)
from jp_align.kinds import EXACT, MISMATCH, NORMALIZED, SIMILAR, UNALIGNED

MERGED = "merged"
RETOKENIZED = "retokenized"
KINDS = (EXACT, NORMALIZED, SIMILAR, MISMATCH, UNALIGNED, MERGED, RETOKENIZED)

# Texts in records are cut to this many characters (a block may hold whole paragraphs; the
# records are for finding the place, the file:line ranges say where the full text is).
TEXT_LIMIT = 200

Figure = Union[int, float, None]


def short(text: str, limit: int = TEXT_LIMIT) -> str:
    """``text`` on one line, cut to ``limit`` characters (an ellipsis marks the cut)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"
