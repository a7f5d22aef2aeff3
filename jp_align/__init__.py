"""jp_align: the jointly preprocessed (JP) alignment core shared by every jp-shims tool.

Pure functions over sequences of token strings: no I/O, no knowledge of trees, M2 or
CoNLL-U. Tools align sentences (:func:`align_sentences`, or :func:`iter_align_sentences` to
stream), then words inside each block (:func:`align_words`), and re-index their annotations
onto the blocks.
"""
from __future__ import annotations

from .blocks import EXACT, MISMATCH, NORMALIZED, SIMILAR, UNALIGNED, Block, block_char_offsets, block_index
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
