"""JP mode's reading of one tagged file (gold or system) and of each side's chunks.

A tagged file has one token per line, the first field the word and the last field the tag,
and an empty line (or a ``-X-`` line, as in conlleval) between sentences. Files as people have
them are accepted: CRLF line ends, no final newline, TAB or space separated (without ``-d``
fields are split at runs of spaces and TABs; with ``-d`` by that pattern, as conlleval would),
the gold with more columns than the system. Words are read in the file's encoding (UTF-8, or for
a file that is not UTF-8 Latin-1 or ``--encoding``'s: :mod:`jp_shims.encodings`); tags are
kept as the file's bytes, which conlleval's report prints.
"""
from __future__ import annotations

import dataclasses
import gc
import re
import sys
from bisect import bisect_right
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import accumulate, compress, islice, repeat
from operator import is_not, itemgetter
from typing import TYPE_CHECKING, Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple

from jp_align.normalize import raw_text

from jp_conlleval.pattern_errors import PerlPatternError
from jp_conlleval.fields import Splitter, compile_splitter
from .reader import BOUNDARY_WORD, EXIT_DIE, InputError, Options, split_lines
from .tags import OUTSIDE, Tag, chunk_ends, chunk_starts, raw_tag, split_tag, to_iob2


# A blank line or a line with exactly one field (its field captured), found from the newline
# before it (a literal start is fast); possessive where the re module has it (3.11).
_BLANK_OR_ONE_FIELD_LINE = re.compile(
    rb"\n[ \t\r\f\v]*+(?:(\S++)[ \t\r\f\v]*+)?(?=\n|\Z)" if sys.version_info >= (3, 11)
    else rb"\n[ \t\r\f\v]*(?:(\S+)[ \t\r\f\v]*)?(?=\n|\Z)")
# Characters str.split() takes for whitespace beyond ASCII's.
_NON_ASCII_SPACE = re.compile("[\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
_ASCII_SEPARATOR = re.compile(b"[\x1c-\x1f]")


EMPTY_SIDE = "no tokens (an empty side)"


@dataclass(frozen=True)
class TaggedFile:
    """One side, in flat columns: token ``i`` is ``words[i]`` tagged ``tags[i]`` (on line
    :meth:`line_of`); sentence ``k`` is tokens ``breaks[k]`` to ``breaks[k + 1]``."""

    name: str
    words: List[str]
    tags: List[bytes]
    skipped: List[int]  # per line that is no token (in order): the number of tokens before it
    breaks: List[int]   # first token of each sentence, then the number of tokens
    lengths: List[int]  # characters of each word without whitespace
    cr_lines: int = 0   # lines whose CRLF end was read as LF
    first_line: int = 0  # lines of the file before this part of it (read in parts: jp_conlleval.pieces)
    # A break line (blank or -X-) follows the last token. conlleval reads that boundary at the
    # end of a merged file, and it can close a chunk or drop a pending match there; a file
    # that ends on a token line (no final blank line) ends conlleval's input on that token.
    ends_with_break: bool = True

    def line_of(self, token: int) -> int:
        """The 1-based line of a token (the last line for ``len(words)``)."""
        return self.first_line + token + 1 + bisect_right(self.skipped, min(token, len(self.words) - 1))

    @property
    def sentence_count(self) -> int:
        return len(self.breaks) - 1

    def sentence_spans(self) -> List[range]:
        return [range(a, b) for a, b in zip(self.breaks, self.breaks[1:])]

    def sentence_words(self) -> List[List[str]]:
        words = self.words
        return [words[a:b] for a, b in zip(self.breaks, self.breaks[1:])]


class FileInputError(InputError):
    """Bad input in a named file."""

    def __init__(self, file: str, message: str, line: int) -> None:
        super().__init__(message, line, message.encode("utf-8", "replace") + b"\n", EXIT_DIE)
        self.file = file


def _build(name: str, rows: Iterable[Tuple[Optional[str], Optional[bytes]]], cr_lines: int) -> TaggedFile:
    """A file from ``(word, tag)`` rows, one a line; a row with word None is a sentence break."""
    words: List[str] = []
    tags: List[bytes] = []
    skipped: List[int] = []
    for word, tag in rows:
        if word is None:
            skipped.append(len(words))
            continue
        words.append(word)
        if TYPE_CHECKING:  # the rows are (None, None) or (word, tag): no check at run time
            assert tag is not None
        tags.append(tag)
    lengths = [len(raw_text([word])) for word in words]
    return _finish(name, words, tags, skipped, lengths, cr_lines)


def _finish(name: str, words: List[str], tags: List[bytes], skipped: List[int], lengths: List[int],
            cr_lines: int) -> TaggedFile:
    if not words:
        raise FileInputError(name, EMPTY_SIDE, 0)
    count = len(words)
    breaks = [0, *sorted({before for before in skipped if 0 < before < count}), count]
    return TaggedFile(name, words, tags, skipped, breaks, lengths, cr_lines)


@contextmanager
def without_gc() -> Iterator[None]:
    """Reading and counting build a list or tuple for every line, none of them cyclic: the
    cyclic collector would only walk them again and again (it doubles the reading time)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def read_tagged(data: bytes, name: str, delimiter: Optional[bytes] = None, encoding: str = "utf-8") -> TaggedFile:
    """The sentences of one tagged file (``data`` its bytes, ``name`` for messages,
    ``encoding`` the file's)."""
    with without_gc():
        return _read_tagged(data, name, delimiter, encoding)


def _read_tagged(data: bytes, name: str, delimiter: Optional[bytes], encoding: str = "utf-8") -> TaggedFile:
    split: Splitter = bytes.split
    if delimiter is not None:
        try:
            split = compile_splitter(delimiter)
        except PerlPatternError as error:
            raise FileInputError(name, f"invalid -d pattern: {error}", 0) from None
    file = _read_columns(data, name, delimiter, split, encoding)
    if not _ends_with_break(data, split):
        file = dataclasses.replace(file, ends_with_break=False)
    return file


def _ends_with_break(data: bytes, split: Splitter) -> bool:
    """Whether the last line (the line end after it aside) is a sentence break."""
    end = len(data) - 1 if data.endswith(b"\n") else len(data)
    return _fields(data[data.rfind(b"\n", 0, end) + 1:end], split) is None


def _fields(line: bytes, split: Splitter) -> Optional[List[bytes]]:
    """The fields of a line (a CRLF end read as LF); None for a sentence break: a blank line
    (whatever -d says) or a first field ``-X-``, as conlleval reads the merged line."""
    if line.endswith(b"\r"):
        line = line[:-1]
    fields = split(line) if line.strip() else []
    return fields if fields and fields[0] != BOUNDARY_WORD else None


def _read_columns(data: bytes, name: str, delimiter: Optional[bytes], split: Splitter,
                  encoding: str = "utf-8") -> TaggedFile:
    """The rows of the file; ``split`` is -d's splitter, or bytes.split without -d."""
    cr_lines = data.count(b"\r\n") + data.endswith(b"\r") if b"\r" in data else 0
    if delimiter is None:
        text = data.decode(encoding, "surrogateescape")
        # (In ASCII data the only such characters are the separators \x1c-\x1f.)
        beyond = (_ASCII_SEPARATOR.search(data) if data.isascii() else _NON_ASCII_SPACE.search(text))
        if beyond is None:
            return _read_by_whitespace(data, text, name, cr_lines, encoding)
        # str.split() would also split at these: ``split`` splits the bytes at ASCII
        # whitespace instead (bytes.split).
    return _build(name, _rows_by_pattern(data, name, split, encoding), cr_lines)


def _missing_tag(name: str, number: int, how: str) -> FileInputError:
    return FileInputError(name, f"a word without a tag column (one field; {how})", number)


def _read_by_whitespace(data: bytes, text: str, name: str, cr_lines: int, encoding: str = "utf-8") -> TaggedFile:
    """Fields at runs of whitespace (which also drops a CR before the LF). A file of
    ``word tag`` lines is split at once, others a line at a time; line by line (in Python)
    where a line has one field (to say which) or a ``-X-`` may occur."""
    if BOUNDARY_WORD in data:
        return _build(name, _rows_by_whitespace(text, name, encoding), cr_lines)
    # One pass finds the blank lines and any one-field line: the text between blank lines
    # (each line after a newline) and the fields of one-field lines, alternating. (On the
    # bytes: the same lines, as the text holds no whitespace beyond ASCII's, and faster than
    # on a text that holds a character beyond U+FFFF, stored in four bytes each.)
    pieces = _BLANK_OR_ONE_FIELD_LINE.split(b"\n" + data)
    if any(pieces[1::2]):
        return _build(name, _rows_by_whitespace(text, name, encoding), cr_lines)
    # per blank line: the tokens before it (the lines between blank lines are token lines)
    skipped = list(accumulate(map(bytes.count, pieces[0:-1:2], repeat(b"\n"))))
    del pieces
    lines_with_fields = data.count(b"\n") + 1 - len(skipped)
    fields = text.split()
    if len(fields) == 2 * lines_with_fields:
        # no line has one field, so (twice as many fields as lines) none has three either
        words, tag_texts = fields[0::2], fields[1::2]
    else:
        tokens = list(filter(None, map(str.split, text.split("\n"))))
        words = list(map(itemgetter(0), tokens))
        tag_texts = list(map(itemgetter(-1), tokens))
    encoded = {tag: tag.encode(encoding, "surrogateescape") for tag in set(tag_texts)}
    return _finish(name, words, list(map(encoded.__getitem__, tag_texts)), skipped,
                   list(map(len, words)), cr_lines)


def _rows_by_whitespace(text: str, name: str, encoding: str = "utf-8") -> Iterator[Tuple[Optional[str], Optional[bytes]]]:
    boundary = BOUNDARY_WORD.decode()
    encoded: dict = {}
    for number, line in enumerate(text.split("\n"), 1):
        fields = line.split()
        if not fields or fields[0] == boundary:
            yield None, None
            continue
        if len(fields) < 2:
            raise _missing_tag(name, number, "need: word ... tag")
        tag = fields[-1]
        tag_bytes = encoded.get(tag)
        if tag_bytes is None:
            tag_bytes = encoded[tag] = tag.encode(encoding, "surrogateescape")
        yield fields[0], tag_bytes


def _rows_by_pattern(data: bytes, name: str, split, encoding: str = "utf-8") -> Iterator[Tuple[Optional[str], Optional[bytes]]]:
    for number, line in enumerate(split_lines(data), 1):
        fields = _fields(line, split)
        if fields is None:
            yield None, None
            continue
        if len(fields) < 2:
            raise _missing_tag(name, number, "-d does not split this line")
        yield fields[0].decode(encoding, "surrogateescape"), fields[-1]


def column_tags(file: TaggedFile, options: Options, scheme: Optional[str] = None) -> List[bytes]:
    """The tags as conlleval's column reading sees them: ``-r`` applied, and with ``scheme``
    each sentence read strictly in that scheme and re-written in IOB2."""
    tags = file.tags
    if options.raw:
        outside = options.outside
        tags = [raw_tag(tag, outside) for tag in tags]
    if scheme is not None:
        tags = [tag for span in file.sentence_spans() for tag in to_iob2(tags[span.start:span.stop], scheme)]
    return tags


class Chunk(NamedTuple):
    kind: bytes
    first: int  # index of its first token (counted over the whole file)
    last: int   # index of its last token


def read_chunks(tags: Sequence[bytes], breaks: Sequence[int]) -> List[Chunk]:
    """The chunks of one column (sentence ``k`` = ``tags[breaks[k]:breaks[k + 1]]``), by
    conlleval's start/end rules with a boundary between sentences. A chunk still open where
    the next starts (after a ``.`` prefix) ends there.

    Only the tokens where something can happen are visited: a sentence's first token (unless
    it and the token before are outside: ``O``), a tag
    other than the one before (another object: a tag equal to the one before is visited to no
    effect), and a tag that starts or ends a chunk after itself (``B-X B-X``); elsewhere a tag
    repeats itself and nothing starts or ends."""
    count = len(tags)
    parsed = {tag: split_tag(tag) for tag in set(tags)}
    restless = {tag for tag, part in parsed.items()
                if chunk_starts(part, part) or chunk_ends(part, part)}
    # A boundary between two outside tags (``O``) closes nothing and starts nothing.
    quiet = {tag for tag, part in parsed.items() if part == OUTSIDE}
    sentence_starts = {start for start in breaks[:-1]
                       if not (start and tags[start] in quiet and tags[start - 1] in quiet)}
    visited = set(sentence_starts)
    visited.update(compress(range(1, count), map(is_not, islice(tags, 1, None), tags)))
    if restless:
        visited.update(compress(range(count), map(restless.__contains__, tags)))
    # (previous tag, current tag) -> (a chunk ends before current, one starts at it)
    transitions: Dict[Tuple[Tag, Tag], Tuple[bool, bool]] = {}
    chunks: List[Chunk] = []
    outside = OUTSIDE
    previous = outside
    open_kind: Optional[bytes] = None
    open_first = 0
    for index in sorted(visited):
        current = parsed[tags[index]]
        if index in sentence_starts:  # the boundary before this sentence closes chunks
            if open_kind is not None and chunk_ends(previous, outside):
                chunks.append(Chunk(open_kind, open_first, index - 1))
                open_kind = None
            previous = outside
        elif index:
            previous = parsed[tags[index - 1]]
        ends_starts = transitions.get((previous, current))
        if ends_starts is None:
            ends_starts = transitions[previous, current] = (chunk_ends(previous, current),
                                                            chunk_starts(previous, current))
        if open_kind is not None and ends_starts[0]:
            chunks.append(Chunk(open_kind, open_first, index - 1))
            open_kind = None
        if ends_starts[1]:
            if open_kind is not None:
                chunks.append(Chunk(open_kind, open_first, index - 1))
            open_kind, open_first = current[1], index
        previous = current
    if open_kind is not None:
        chunks.append(Chunk(open_kind, open_first, count - 1))
    return chunks
