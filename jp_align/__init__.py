"""jp_align: the jointly preprocessed (JP) alignment core shared by every jp-shims tool.

Pure functions over sequences of token strings: no I/O, no knowledge of trees, M2 or
CoNLL-U. Tools align sentences (:func:`align_sentences`, or :func:`iter_align_sentences` to
stream), then words inside each block (:func:`align_words`), and re-index their annotations
onto the blocks.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .blocks import Block, block_char_offsets, block_index
    from .kinds import EXACT, MISMATCH, NORMALIZED, SIMILAR, UNALIGNED
    from .distance import jaro_winkler_suffix_distance, levenshtein_distance
    from .normalize import Normalizer, normalizer_for
    from .sentences import align_sentences, iter_align_sentences
    from .words import align_words

__all__ = [
    "Block", "block_index", "block_char_offsets",
    "EXACT", "NORMALIZED", "SIMILAR", "MISMATCH", "UNALIGNED",
    "Normalizer", "normalizer_for",
    "align_sentences", "iter_align_sentences", "align_words",
    "levenshtein_distance", "jaro_winkler_suffix_distance",
]

# Where each public name lives. The names are looked up on first use: the kinds of a block
# (jp_align.blocks, which jp_shims.kinds takes) are needed by console scripts at start-up,
# the aligners only by the runs that align (tests/test_startup_imports.py).
_HOMES = {
    "Block": "blocks", "block_index": "blocks", "block_char_offsets": "blocks",
    "EXACT": "kinds", "NORMALIZED": "kinds", "SIMILAR": "kinds", "MISMATCH": "kinds", "UNALIGNED": "kinds",
    "Normalizer": "normalize", "normalizer_for": "normalize",
    "align_sentences": "sentences", "iter_align_sentences": "sentences", "align_words": "words",
    "levenshtein_distance": "distance", "jaro_winkler_suffix_distance": "distance",
}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value  # (found once: the next look-up is a plain attribute)
    return value


def __dir__() -> list:
    return sorted(set(globals()) | set(__all__))
