"""String distances used by the similarity rule (both in [0, 1], 0 = identical).

rapidfuzz is imported on first use: most runs align texts that agree and never need a
distance, and the import is half of jp_align's start-up time.
"""
from __future__ import annotations

from typing import Optional


def levenshtein_distance(a: str, b: str, score_cutoff: Optional[float] = None) -> float:
    """Levenshtein distance divided by the length of the longer string.

    With ``score_cutoff``, any distance above it is returned as 1.0, which lets rapidfuzz
    compute only a band of the matrix (far faster on long, unrelated texts).
    """
    from rapidfuzz.distance import Levenshtein

    return Levenshtein.normalized_distance(a, b, score_cutoff=score_cutoff)


def _common_prefix(a: str, b: str, limit: int) -> int:
    n = 0
    for x, y in zip(a[:limit], b[:limit]):
        if x != y:
            break
        n += 1
    return n


def jaro_winkler_suffix_distance(a: str, b: str, scale: float = 0.1, max_affix: int = 4,
                                 score_cutoff: Optional[float] = None) -> float:
    """1 - Jaro-Winkler similarity with both a prefix and a suffix bonus.

    The variant of the alignment-based errant paper: Winkler's prefix boost
    ``jw = j + lp * scale * (1 - j)`` is followed by the same boost for the common suffix,
    ``jws = jw + ls * scale * (1 - jw)``, with ``lp`` and ``ls`` capped at ``max_affix``
    characters. Sentence pairs that differ in the middle (a merged or split clause) keep a
    high score because both ends agree. ``score_cutoff``: any distance above it is returned
    as 1.0.
    """
    if a == b:
        return 0.0
    if not a or not b:
        return 1.0
    from rapidfuzz.distance import Jaro

    jaro = Jaro.similarity(a, b)
    prefix = _common_prefix(a, b, max_affix)
    winkler = jaro + prefix * scale * (1.0 - jaro)
    suffix = _common_prefix(a[::-1][:max_affix], b[::-1][:max_affix], max_affix)
    both = winkler + suffix * scale * (1.0 - winkler)
    result = 1.0 - both
    return 1.0 if score_cutoff is not None and result > score_cutoff else result
