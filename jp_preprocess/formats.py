"""Input formats of jp_preprocess_eval: plain text or CoNLL-U, detected from the file's start.

CoNLL-U is parsed by jp_conll18 (the one CoNLL-U parser of the project); this module only
decides which reader applies.
"""
from __future__ import annotations

import re
from typing import Iterator

from jp_shims import sniff
from jp_shims.inputs import Format, InputFile

from jp_preprocess.plaintext import iter_text_sentences
from jp_preprocess.sentence import Sentence
from jp_preprocess.textio import read_head

FORMATS = ("auto", "text", "conllu")
# Any line is plain text; but a file that is evidently M2, trees or token columns is not
# sentences to score (jp_shims.sniff).
TEXT_OR_CONLLU = Format("plain text (one sentence a line) or CoNLL-U", lambda line: True,
                        kinds=frozenset({sniff.TEXT, sniff.CONLLU}))

# Line breaks as CoNLL-U files are read (jp_conll18: LF, CRLF or a lone CR).
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# A CoNLL-U word line: an ID (integer, range or empty node) then nine more tab-separated fields.
_CONLLU_LINE = re.compile(r"^\d+(?:[-.]\d+)?(?:\t[^\t]*){9}$")


def detect_format(file: InputFile) -> str:
    """"conllu" when the first line that is neither blank nor a comment is a CoNLL-U word line,
    else "text". (A plain-text sentence may start with '#', so comments alone decide nothing.)"""
    for line in _LINE_BREAK.split(read_head(file).removeprefix("\ufeff")):
        if not line.strip() or line.startswith("#"):
            continue
        return "conllu" if _CONLLU_LINE.match(line) else "text"
    return "text"


def iter_sentences(file: InputFile, fmt: str = "auto") -> Iterator[Sentence]:
    """Stream the sentences of FILE in format FMT ("auto", "text" or "conllu")."""
    if fmt == "auto":
        fmt = detect_format(file)
    if fmt == "conllu":
        from jp_preprocess.conllu import iter_conllu_sentences  # only CoNLL-U input needs jp_conll18

        return iter_conllu_sentences(file)
    return iter_text_sentences(file)
