"""CoNLL-U input: sentences and token surface forms, parsed by jp_conll18's reader.

A multi-word token counts as one token (its surface form from the ``1-2`` line); empty nodes
are skipped. Lines are decoded here so that invalid UTF-8 is reported with its line number.
"""
from __future__ import annotations

from typing import Iterator

from jp_conll18.model import UDError
from jp_conll18.reader import iter_sentences

from jp_preprocess.errors import InputError
from jp_preprocess.sentence import Sentence
from jp_preprocess.textio import iter_lines


def iter_conllu_sentences(path: str) -> Iterator[Sentence]:
    """Stream the sentences of the CoNLL-U file PATH (format errors raise InputError)."""
    lines = (text for _, text in iter_lines(path))
    try:
        for sentence in iter_sentences(lines, path):
            yield Sentence(tuple(sentence.token_forms), sentence.first_line)
    except UDError as error:
        raise InputError(path, error.line, str(error)) from None
    except ValueError as error:  # the original's own ValueError cases (e.g. a bad HEAD in a multi-word token)
        raise InputError(path, None, f"invalid CoNLL-U: {error}") from None
