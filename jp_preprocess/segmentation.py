"""WiSeBE segmentations: the words of a transcript and where its segments end.

A segmentation file has one segment per line. Words are compared lower-cased with the
characters ``.:;!,?`` removed (they act as separators, as in the WiSeBE toolkit, so "u.s." is
the two words "u s"); the end of every line holding at least one word is a border after that
line's last word. Lines without words add nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from jp_preprocess.sentence import Sentence
from jp_preprocess.textio import iter_lines

# WiSeBE strips exactly these marks; apostrophes and hyphens stay part of words.
_PUNCTUATION = re.compile(r"[.:;!,?]")


@dataclass(frozen=True)
class Segmentation:
    """The segments (non-empty lines) of one file, and per word a 0/1 border flag."""

    path: str
    segments: tuple[Sentence, ...]
    words: tuple[str, ...]
    borders: tuple[int, ...]
    lines: tuple[int, ...]  # the line number of every word
    end_line: int = 1  # the line after the file's last one (1 for an empty file): where it ends

    @property
    def border_count(self) -> int:
        return sum(self.borders)


def normalize_line(text: str) -> list[str]:
    """The WiSeBE words of one line."""
    return _PUNCTUATION.sub(" ", text.lower()).split()


def from_segments(path: str, segments: tuple[Sentence, ...], end_line: int = 1) -> Segmentation:
    """Words, borders and word line numbers of SEGMENTS: a border ends every segment.
    END_LINE: the line after the file's last one."""
    words = tuple(word for segment in segments for word in segment.tokens)
    borders = tuple(int(k == len(segment.tokens) - 1) for segment in segments for k in range(len(segment.tokens)))
    lines = tuple(segment.line for segment in segments for _ in segment.tokens)
    return Segmentation(path, segments, words, borders, lines, end_line)


def load_segmentation(path: str) -> Segmentation:
    """Read PATH (raises InputError for a missing file or invalid UTF-8)."""
    segments = []
    number = 0
    for number, text in iter_lines(path):
        words = normalize_line(text)
        if words:
            segments.append(Sentence(tuple(words), number))
    return from_segments(path, tuple(segments), number + 1)
