"""JP mode's reading of one tagged file (gold or system) and of each side's chunks.

A tagged file has one token per line, the first field the word and the last field the tag,
and an empty line (or a ``-X-`` line, as in conlleval) between sentences. Files as people have
them are accepted: CRLF line ends, no final newline, TAB or space separated (without ``-d``
fields are split at runs of spaces and TABs; with ``-d`` by that pattern, as conlleval would),
the gold with more columns than the system.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, List, NamedTuple, Optional, Sequence, Tuple

from .fields import PerlPatternError, compile_splitter
from .reader import BOUNDARY_WORD, EXIT_DIE, InputError, Options, split_lines
from .tags import chunk_ends, chunk_starts, raw_tag, split_tag, to_iob2


class Token(NamedTuple):
    word: str
    tag: bytes
    line: int  # 1-based line in its file


Sentence = List[Token]


@dataclass(frozen=True)
class TaggedFile:
    name: str
    sentences: List[Sentence]
    cr_lines: int = 0  # lines whose CRLF end was read as LF


class FileInputError(InputError):
    """Bad input in a named file."""

    def __init__(self, file: str, message: str, line: int) -> None:
        super().__init__(message, line, message.encode("utf-8", "replace") + b"\n", EXIT_DIE)
        self.file = file


def _decode(word: bytes) -> str:
    return word.decode("utf-8", "surrogateescape")


def read_tagged(data: bytes, name: str, delimiter: Optional[bytes] = None) -> TaggedFile:
    """The sentences of one tagged file (``data`` its bytes, ``name`` for messages)."""
    if delimiter is None:
        split = bytes.split  # runs of ASCII whitespace
    else:
        try:
            split = compile_splitter(delimiter)
        except PerlPatternError as error:
            raise FileInputError(name, f"invalid -d pattern: {error}", 0) from None
    sentences: List[Sentence] = []
    current: Sentence = []
    cr_lines = 0
    for number, line in enumerate(split_lines(data), 1):
        if line.endswith(b"\r"):
            line = line[:-1]
            cr_lines += 1
        fields = split(line)
        if not fields or fields[0] == BOUNDARY_WORD:
            if current:
                sentences.append(current)
                current = []
            continue
        if len(fields) < 2:
            raise FileInputError(name, "a word without a tag column (one field; "
                                 + ("-d does not split this line)" if delimiter is not None
                                    else "need: word ... tag)"), number)
        current.append(Token(_decode(fields[0]), fields[-1], number))
    if current:
        sentences.append(current)
    if not sentences:
        raise FileInputError(name, "no tokens (an empty side)", 0)
    return TaggedFile(name, sentences, cr_lines)


def tagged_from_pairs(sentences: Iterable[Iterable[Tuple[str, str]]], name: str) -> TaggedFile:
    """A tagged file from lists of ``(token, tag)`` pairs; line numbers are those the same
    sentences would have written one token a line with an empty line after each sentence."""
    out: List[Sentence] = []
    number = 0
    for sentence in sentences:
        tokens = []
        for word, tag in sentence:
            number += 1
            tokens.append(Token(word, tag.encode("utf-8", "surrogateescape"), number))
        number += 1
        if tokens:
            out.append(tokens)
    if not out:
        raise FileInputError(name, "no tokens (an empty side)", 0)
    return TaggedFile(name, out)


def column_tags(file: TaggedFile, options: Options, scheme: Optional[str] = None) -> List[List[bytes]]:
    """Each sentence's tags as conlleval's column reading sees them: ``-r`` applied, and with
    ``scheme`` the scheme's strict reading re-written in IOB2."""
    tags = [[token.tag for token in sentence] for sentence in file.sentences]
    if options.raw:
        tags = [[raw_tag(tag, options.outside) for tag in sentence] for sentence in tags]
    if scheme is not None:
        tags = [to_iob2(sentence, scheme) for sentence in tags]
    return tags


class Chunk(NamedTuple):
    kind: bytes
    first: int  # index of its first token (counted over the whole file)
    last: int   # index of its last token


def read_chunks(sentences: Sequence[Sequence[bytes]]) -> List[Chunk]:
    """The chunks of one column, by conlleval's start/end rules, with a boundary between
    sentences. A chunk still open where the next starts (after a ``.`` prefix) ends there."""
    chunks: List[Chunk] = []
    parsed = {}
    previous = (b"O", b"")
    open_kind: Optional[bytes] = None
    open_first = last_token = 0
    index = 0
    for sentence in sentences:
        for tag in (*sentence, None):  # None: the boundary after the sentence
            current = (b"O", b"") if tag is None else parsed.get(tag) or parsed.setdefault(tag, split_tag(tag))
            if open_kind is not None and chunk_ends(previous, current):
                chunks.append(Chunk(open_kind, open_first, last_token))
                open_kind = None
            if tag is not None:
                if chunk_starts(previous, current):
                    if open_kind is not None:
                        chunks.append(Chunk(open_kind, open_first, last_token))
                    open_kind, open_first = current[1], index
                last_token = index
                index += 1
            previous = current
    if open_kind is not None:
        chunks.append(Chunk(open_kind, open_first, last_token))
    return chunks
