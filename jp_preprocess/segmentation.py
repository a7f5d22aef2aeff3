"""WiSeBE segmentations: the words of a transcript and where its segments end.

A segmentation file has one segment per line. Words are compared lower-cased with the
characters ``.:;!,?`` removed (they act as separators, as in the WiSeBE toolkit, so "u.s." is
the two words "u s"); the end of every line holding at least one word is a border after that
line's last word. Lines without words add nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from jp_preprocess.textio import iter_lines

# WiSeBE strips exactly these marks; apostrophes and hyphens stay part of words.
_PUNCTUATION = re.compile(r"[.:;!,?]")


@dataclass(frozen=True)
class Segmentation:
    """Words of one file, a 0/1 border flag per word, and each word's line number."""

    path: str
    words: tuple[str, ...]
    borders: tuple[int, ...]
    lines: tuple[int, ...]

    @property
    def border_count(self) -> int:
        return sum(self.borders)


def normalize_line(text: str) -> list[str]:
    """The WiSeBE words of one line."""
    return _PUNCTUATION.sub(" ", text.lower()).split()


def load_segmentation(path: str) -> Segmentation:
    """Read PATH (raises InputError for a missing file or invalid UTF-8)."""
    words: list[str] = []
    borders: list[int] = []
    lines: list[int] = []
    for number, text in iter_lines(path):
        line_words = normalize_line(text)
        if not line_words:
            continue
        words.extend(line_words)
        lines.extend([number] * len(line_words))
        borders.extend([0] * (len(line_words) - 1))
        borders.append(1)
    return Segmentation(path, tuple(words), tuple(borders), tuple(lines))
