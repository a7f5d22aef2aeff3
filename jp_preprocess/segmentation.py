"""WiSeBE segmentations: the words of a transcript and where its segments end, streamed.

A segmentation file has one segment per line (or is CoNLL-U, one segment per sentence,
detected as jp_preprocess_eval detects it). Words are compared lower-cased with the
characters ``.:;!,?`` removed (they act as separators, as in the WiSeBE toolkit, so "u.s." is
the two words "u s"); the end of every segment holding at least one word is a border after
its last word. Segments without words add nothing.
"""
from __future__ import annotations

import re
from typing import Iterator, NamedTuple

from jp_shims.errors import InputError
from jp_shims.inputs import InputFile
from jp_shims.textfiles import count_lines

from jp_preprocess.formats import iter_sentences

# WiSeBE strips exactly these marks; apostrophes and hyphens stay part of words.
_PUNCTUATION = re.compile(r"[.:;!,?]")


class Word(NamedTuple):
    """One word of a segmentation, the line its segment starts on, and whether a segment
    ends after it."""

    text: str
    line: int
    border: bool


def normalize_line(text: str) -> list[str]:
    """The WiSeBE words of one line."""
    return _PUNCTUATION.sub(" ", text.lower()).split()


def iter_words(path: str) -> Iterator[Word]:
    """The words of PATH, one at a time (raises InputError for a missing file, invalid UTF-8
    or malformed CoNLL-U)."""
    for sentence in iter_sentences(InputFile(path, path)):
        words = normalize_line(" ".join(sentence.tokens))
        last = len(words) - 1
        for position, word in enumerate(words):
            yield Word(word, sentence.line, position == last)


def end_line(path: str) -> int:
    """The line after the file's last one (1 for an empty file): where a reader of PATH stands
    once it has ended (only needed for an error message)."""
    try:
        return count_lines(path) + 1
    except OSError as exc:
        raise InputError(path, None, exc.strerror or str(exc)) from None
