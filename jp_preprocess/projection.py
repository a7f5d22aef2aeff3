"""Bring a segmentation whose tokenization differs onto the words of a base segmentation.

The WiSeBE toolkit refuses files whose words differ. Here, when only the tokenization differs
(e.g. "it's" vs "it 's", "e-mail" vs "e - mail"), the file is word-aligned to the base with
jp_align and each of its borders moves to the end of the aligned group holding it. Words that
really differ are still an error, naming the first differing word in both files.
"""
from __future__ import annotations

from jp_align import Normalizer, align_words

from jp_preprocess.errors import InputError
from jp_preprocess.segmentation import Segmentation


def project_onto(segmentation: Segmentation, base: Segmentation, normalizer: Normalizer | None = None) -> Segmentation:
    """SEGMENTATION's borders on BASE's words (SEGMENTATION itself when the words are equal)."""
    if segmentation.words == base.words:
        return segmentation
    if not segmentation.words or not base.words:
        raise _difference(segmentation, base, 0, 0)
    blocks = align_words(base.words, segmentation.words, normalizer=normalizer)
    borders = [0] * len(base.words)
    for block in blocks:
        if block.kind == "mismatch" or not block.aligned or not block.left or not block.right:
            raise _difference(segmentation, base, _first(block.right, len(segmentation.words)),
                              _first(block.left, len(base.words)))
        if any(segmentation.borders[index] for index in block.right):
            borders[block.left[-1]] = 1
    return Segmentation(segmentation.path, base.words, tuple(borders), base.lines)


def _first(indices: range, size: int) -> int:
    return indices[0] if len(indices) else max(size - 1, 0)


def _difference(segmentation: Segmentation, base: Segmentation, index: int, base_index: int) -> InputError:
    """Error at the first differing word of SEGMENTATION, naming BASE's word and line."""
    word, line = _word_at(segmentation, index)
    base_word, base_line = _word_at(base, base_index)
    return InputError(
        segmentation.path, line,
        f"word {word!r} differs from {base_word!r} at {base.path}:{base_line} (the words must be the same)",
    )


def _word_at(segmentation: Segmentation, index: int) -> tuple[str, int | None]:
    if index < len(segmentation.words):
        return segmentation.words[index], segmentation.lines[index]
    return "<end of file>", None
