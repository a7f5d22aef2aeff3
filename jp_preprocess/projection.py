"""Bring a segmentation whose tokenization differs onto the words of a base segmentation.

The WiSeBE toolkit refuses files whose words differ. Here, when only the tokenization differs
(e.g. "it's" vs "it 's", "e-mail" vs "e - mail"), the file is aligned to the base with jp_align
the way the JP algorithm does it -- segments into blocks first, then the words inside every
block -- and each of its borders moves to the end of the aligned word group holding it. Words
that really differ are still an error, naming the first differing word in both files.
"""
from __future__ import annotations

from typing import Callable, Optional

from jp_align import Normalizer, align_words, iter_align_sentences, normalizer_for

from jp_preprocess.errors import InputError
from jp_preprocess.matching import block_texts_match
from jp_preprocess.segmentation import Segmentation
from jp_preprocess.sentence import Sentence

# Transcripts are compared without the English contraction table: re-tokenizing never changes
# characters, and whole-token rules such as "can" -> "ca" would turn "can 't" into "ca't".
DEFAULT_NORMALIZER_LANG = "und"


def project_onto(segmentation: Segmentation, base: Segmentation, normalizer: Normalizer | None = None,
                 on_block: Optional[Callable] = None) -> Segmentation:
    """SEGMENTATION's borders on BASE's words (SEGMENTATION itself when the words are equal).

    ``on_block(block, base_segments, segments, groups)`` (optional) sees every aligned block
    with its word groups, for the audit of what the projection changed."""
    if segmentation.words == base.words:
        return segmentation
    norm = normalizer if normalizer is not None else normalizer_for(DEFAULT_NORMALIZER_LANG)
    difference = first_difference(base.words, segmentation.words, norm)
    if difference is not None:
        raise _difference(segmentation, base, difference[1], difference[0])
    borders = [0] * len(base.words)
    base_offset = offset = 0  # word index of the current block's first word on each side
    for _block, base_segments, segments in iter_align_sentences(
            base.segments, segmentation.segments, tokens=_tokens, normalizer=norm):
        base_words = [w for s in base_segments for w in s.tokens]
        words = [w for s in segments for w in s.tokens]
        if not base_words or not words:
            raise _difference(segmentation, base, offset, base_offset)
        groups = align_words(base_words, words, normalizer=norm)
        if on_block is not None:
            on_block(_block, base_segments, segments, groups)
        for group in groups:
            group_base = base_words[group.left.start:group.left.stop]
            group_words = words[group.right.start:group.right.stop]
            if not group.left or not group.right or not block_texts_match(group, group_base, group_words, norm):
                raise _difference(segmentation, base, offset + group.right.start, base_offset + group.left.start)
            if any(segmentation.borders[offset + k] for k in group.right):
                borders[base_offset + group.left[-1]] = 1
        base_offset += len(base_words)
        offset += len(words)
    # Words, segments and line numbers are the base's: they are what the borders now refer to.
    return Segmentation(segmentation.path, base.segments, base.words, tuple(borders), base.lines, base.end_line)


def first_difference(left: tuple[str, ...], right: tuple[str, ...], normalizer: Normalizer) -> tuple[int, int] | None:
    """Indices of the words holding the first character where the normalized texts of LEFT and
    RIGHT differ (an index may equal the length of its side when that side ends first);
    None when the texts are the same however they are tokenized."""
    i = j = 0  # current word on each side
    text_l = text_r = ""  # unconsumed normalized characters of the current words
    while True:
        while not text_l and i < len(left):
            text_l = normalizer.normalize(left[i])
            if not text_l:
                i += 1
        while not text_r and j < len(right):
            text_r = normalizer.normalize(right[j])
            if not text_r:
                j += 1
        if not text_l or not text_r:
            return None if not text_l and not text_r else (i, j)
        common = min(len(text_l), len(text_r))
        if text_l[:common] != text_r[:common]:
            return i, j
        text_l, text_r = text_l[common:], text_r[common:]
        if not text_l:
            i += 1
        if not text_r:
            j += 1


def _tokens(segment: Sentence) -> tuple[str, ...]:
    return segment.tokens


def _difference(segmentation: Segmentation, base: Segmentation, index: int, base_index: int) -> InputError:
    """Error at the first differing word of SEGMENTATION, naming BASE's word and line."""
    word, line = _word_at(segmentation, index)
    base_word, base_line = _word_at(base, base_index)
    return InputError(segmentation.path, line,
                      f"word {word!r} differs from {base_word!r} at {base.path}:{base_line} (the words must be the same)")


def _word_at(segmentation: Segmentation, index: int) -> tuple[str, int]:
    """The word at INDEX and its line; past the last word, the end of the file and the line
    after the file's last one."""
    if index < len(segmentation.words):
        return segmentation.words[index], segmentation.lines[index]
    return "<end of file>", segmentation.end_line
