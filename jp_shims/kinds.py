"""The kinds of a block and how a record's texts are cut: shared by jp_shims.audit (counting,
listing) and jp_shims.records (the record classes). See jp_shims.audit for what each kind means.
"""
from __future__ import annotations

from typing import Union

EXACT = "exact"
NORMALIZED = "normalized"
SIMILAR = "similar"
MISMATCH = "mismatch"
UNALIGNED = "unaligned"
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
