"""Reading m2scorer's inputs: the gold M2 file (SOURCE_GOLD) and the system file (SYSTEM).

Semantics follow release 3.2 as described in the spec (§2, §3): the gold is decoded as a whole
and split with Unicode line breaks, blocks are separated by lines that are exactly ``"\\n"``;
system lines are split on ``\\n`` only and stripped of Unicode whitespace. Every failure is a
:class:`InputFailure` carrying what Python 2 would have printed last on stderr, plus the file
and line for JP mode's one-line error.
"""
from __future__ import annotations

import gzip
import os

from jp_shims.errors import InputError
from jp_shims.inputs import InputFile

from . import py2

GoldEdit = tuple  # (start, end, original, [alternatives])


class InputFailure(InputError):
    """An input the original rejects: ``last_line`` is its last stderr line (exit 1), what
    ``--legacy`` prints. jp-shims' :class:`~jp_shims.errors.InputError` otherwise (``line``
    None when no line is concerned, as for a file that cannot be read)."""

    def __init__(self, last_line: bytes, path: str = "", line: int = 0, message: str = "") -> None:
        super().__init__(path or None, line or None, message or last_line.decode("utf-8", "replace"))
        self.last_line = last_line


class Sentence:
    """One gold sentence (one S line) with its edits per annotator."""

    __slots__ = ("text", "tokens", "annotators", "gold", "types", "line")

    def __init__(self, text: str, tokens: list[str], annotators: list[int], gold: dict[int, list[GoldEdit]],
                 types: dict[int, list[str]] | None = None, line: int = 0) -> None:
        self.text = text                  # the S line after "S ", stripped
        self.tokens = tokens
        self.annotators = annotators      # visiting order (CPython 2.7 dict order)
        self.gold = gold
        self.types = {} if types is None else types   # error type per gold edit
        self.line = line                  # 1-based line number of the S line in the gold file

    def __repr__(self) -> str:
        return "Sentence(%r, line=%d)" % (self.text, self.line)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sentence):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)


def read_bytes(file: InputFile) -> bytes:
    """The file's bytes (:meth:`InputFile.open`: a file on disk or bytes held in memory),
    through gzip when its name ends in ``.gz`` (as the original)."""
    try:
        with file.open() as handle:
            if file.name.endswith(".gz"):
                with gzip.GzipFile(fileobj=handle, mode="rb") as unzipped:
                    return unzipped.read()
            return handle.read()
    except OSError as error:
        errno = error.errno or 0
        text = "IOError: [Errno %d] %s: %s" % (
            errno, os.strerror(errno) if errno else str(error), py2.repr_bytes(os.fsencode(file.name)))
        raise InputFailure(text.encode("utf-8", "surrogateescape"), file.name, 0,
                           os.strerror(errno) if errno else str(error)) from None


def _decode(data: bytes, path: str, line: int = 0) -> str:
    """Python 2.7's UTF-8 decoding (lone surrogates pass), its error text on failure."""
    try:
        return py2.decode_utf8(data)
    except py2.Py2DecodeError as error:
        number = line or data.count(b"\n", 0, error.start) + 1
        raise InputFailure(b"UnicodeDecodeError: " + error.message.encode("ascii"), path, number,
                           "invalid UTF-8 (%s)" % error.reason) from None


def read_gold(file: InputFile) -> list[Sentence]:
    """Parse SOURCE_GOLD into sentences, exactly as release 3.2 accepts or rejects it."""
    return parse_gold(_decode(read_bytes(file), file.name), file.name)


def parse_gold(text: str, path: str = "<gold>") -> list[Sentence]:
    """Parse M2 text (already decoded) into sentences; ``path`` names it in errors."""
    lines = text.splitlines(True)
    sentences: list[Sentence] = []
    block: list[tuple[int, str]] = []
    for number, line in enumerate(lines, 1):
        if line == "\n":
            if block:
                sentences.extend(_parse_block(block, path))
                block = []
        else:
            block.append((number, line))
    if block:
        sentences.extend(_parse_block(block, path))
    return sentences


def _assertion(path: str, line: int, message: str) -> InputFailure:
    return InputFailure(b"AssertionError", path, line, message)


def _parse_block(block: list[tuple[int, str]], path: str) -> list[Sentence]:
    sources = [(n, py2.strip_space(line[2:])) for n, line in block if line.startswith("S ")]
    if not sources:
        return _raise(_assertion(path, block[0][0], "block without an 'S ' line"))
    edits: list[tuple[int, int, int, str, list[str], int]] = []  # annotator, start, end, type, alts, line
    annotator_ids: list[int] = []
    for number, line in block[1:]:
        if line.startswith("I ") or line.startswith("S "):
            continue
        if not line.startswith("A "):
            raise _assertion(path, number, "line does not start with 'A ', 'S ' or 'I '")
        # only the line break goes: the last field keeps trailing spaces (Python 2 quotes
        # them in int()'s error, vector fz_py2_annotator_id_trailing_spaces)
        fields = line.splitlines()[0][2:].split("|||")
        offsets = py2.split(fields[0])
        try:
            start = py2.py2_int_unicode(offsets[0]) if offsets else _index_error()
            end = py2.py2_int_unicode(offsets[1]) if len(offsets) > 1 else _index_error()
            kind = fields[1]
            corrections = fields[2]
            annotator = py2.py2_int_unicode(fields[5])
        except IndexError:
            raise InputFailure(b"IndexError: list index out of range", path, number,
                               "edit line with fewer than 6 '|||' fields") from None
        except py2.Py2EncodeError as error:
            raise InputFailure(error.raw, path, number, error.shown()) from None
        except py2.Py2ValueError as error:
            raise InputFailure(b"ValueError: " + error.raw, path, number,
                               error.raw.decode("utf-8", "replace")) from None
        if kind == "noop":
            start = end = -1
        alternatives = [py2.EMPTY if alt == "-NONE-" else py2.strip_space(alt) for alt in corrections.split("||")]
        edits.append((annotator, start, end, kind, alternatives, number))
        annotator_ids.append(annotator)
    if not annotator_ids:
        annotator_ids = [0]
    order = py2.dict_order(annotator_ids)
    block_tokens: list[str] = []
    result = []
    for number, source in sources:
        tokens = py2.split(source)
        block_tokens.extend(tokens)
        limit = len(block_tokens)
        gold: dict[int, list[GoldEdit]] = {a: [] for a in order}
        types: dict[int, list[str]] = {a: [] for a in order}
        for annotator, start, end, kind, alternatives, _ in edits:
            if 0 <= start <= limit and 0 <= end <= limit:
                original = py2.join_tokens(block_tokens[start:end])
                gold[annotator].append((start, end, original, alternatives))
                types[annotator].append(kind)
        result.append(Sentence(source, tokens, order, gold, types, number))
    return result


def _index_error() -> int:
    raise IndexError


def _raise(error: Exception):
    raise error


def read_system(file: InputFile) -> list[tuple[str, int]]:
    """SYSTEM lines (stripped, decoded) with their 1-based line numbers."""
    data = read_bytes(file)
    result = []
    for number, raw in enumerate(_split_lf(data), 1):
        text = _decode(raw, file.name, number)
        result.append((py2.strip_space(text), number))
    return result


def _split_lf(data: bytes) -> list[bytes]:
    parts = data.split(b"\n")
    lines = [part + b"\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines
