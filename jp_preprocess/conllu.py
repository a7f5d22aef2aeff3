"""CoNLL-U input: sentences and token surface forms, read by jp_conll18's reader.

jp_conll18 owns CoNLL-U entirely: decoding (a UTF-8 BOM is accepted, invalid UTF-8 is
reported with its line), line splitting (LF, CRLF or a lone CR), parsing, and the wording of
its errors (``describe_error``), so both tools accept the same files and say the same thing
about the ones they reject. A multi-word token counts as one token (its surface form from the
``1-2`` line); empty nodes are skipped.
"""
from __future__ import annotations

from typing import Iterator

from jp_conll18.model import UDError
from jp_conll18.reader import describe_error, iter_sentences_from_file
from jp_shims.errors import InputError
from jp_shims.inputs import InputFile

from jp_preprocess.sentence import Sentence


def iter_conllu_sentences(file: InputFile) -> Iterator[Sentence]:
    """Stream the sentences of the CoNLL-U input FILE (read errors raise InputError)."""
    try:
        for sentence in iter_sentences_from_file(file):
            yield Sentence(tuple(sentence.token_forms), sentence.first_line)
    except (UDError, ValueError, OSError) as error:  # the reader's errors, as jp_conll18 has them
        where, line, message = describe_error(error)
        raise InputError(where or file.name, line, message) from None
