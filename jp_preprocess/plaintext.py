"""Plain-text segmentations: one sentence per line, tokens separated by spaces (or tabs)."""
from __future__ import annotations

from typing import Iterator

from jp_shims.inputs import InputFile

from jp_preprocess.sentence import Sentence
from jp_preprocess.textio import iter_lines


def tokens_of_line(text: str) -> tuple[str, ...]:
    """Tokens of one line. Only ASCII space and tab separate tokens: str.split() would also
    split on NO-BREAK SPACE and other Unicode spaces that can occur inside a token."""
    if "\t" in text:
        text = text.replace("\t", " ")
    return tuple(token for token in text.split(" ") if token)


def iter_text_sentences(file: InputFile) -> Iterator[Sentence]:
    """Stream the sentences of FILE; lines holding no token are not sentences."""
    for number, text in iter_lines(file):
        tokens = tokens_of_line(text)
        if tokens:
            yield Sentence(tokens, number)
