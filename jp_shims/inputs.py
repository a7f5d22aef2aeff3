"""The input files of a JP-mode run, as the runner hands them to a tool.

The runner makes every input a :class:`InputFile` before any tool code reads it:

* ``-`` is standard input, spooled to a temporary file (a tool may read its inputs more than
  once, and every check below peeks at them);
* a file that starts with a UTF-8 byte order mark is read from a temporary copy without it,
  so that no reader sees ``\\ufeff`` glued to its first token (line numbers are unchanged);
* an input that holds no text while the other side does is refused (a failed run upstream is
  not a score of zero);
* an input whose first line of content is not of the tool's format is refused, naming the
  format expected and the line.

The tool opens an input with :meth:`InputFile.open` (or :meth:`InputFile.open_text`) and
names :attr:`InputFile.name` in everything the user reads. An input of the Python API given as
lines or as an open file is held in memory (:attr:`InputFile.data`): the API writes no
temporary file. Inputs are never modified.
"""
from __future__ import annotations

import io
import os
import sys
import zlib
from typing import Any, BinaryIO, Callable, FrozenSet, Iterable, List, NamedTuple, Optional, TextIO

from . import sniff
from .encodings import readable_bytes
from .errors import InputError

BOM = b"\xef\xbb\xbf"
STDIN = "-"
# How much of a file the format check reads at most (a first line longer than this is
# judged on its start).
HEAD_BYTES = 1 << 16


class Format(NamedTuple):
    """An input format as the runner checks it: one of the first ``lines`` lines of content
    (not blank, not a comment) must satisfy ``accepts`` (a format whose readers pass over
    other lines, as m2scorer does, looks further than the first), and the file's start must
    not look like a format other than ``kinds`` (:mod:`jp_shims.sniff`: an M2 file given as
    plain text, CoNLL-U as trees, ...)."""

    name: str  # as error messages name it: "bracketed trees, one per line"
    accepts: Callable[[str], bool]
    comment: Optional[str] = None  # lines starting with this are skipped by the check
    lines: int = 1
    kinds: FrozenSet[str] = frozenset({sniff.TEXT})  # what the sniffer may find (sniff.M2, ..., TEXT)


class InputFile(NamedTuple):
    """An input of the run: ``path`` to open, ``name`` to show (as the user gave it), or
    ``data``, its bytes in memory (the Python API's lines and open files; ``path`` is then
    the name)."""

    path: str
    name: str
    data: Optional[bytes] = None
    start: int = 0  # bytes of the file before its text (a byte order mark the readers skip)

    def open(self) -> BinaryIO:
        """The input's bytes, from the start of its text (a file on disk, or the bytes held in
        memory)."""
        if self.data is not None:
            return io.BytesIO(self.data)
        handle = open(self.path, "rb")
        if self.start:
            handle.seek(self.start)
        return handle

    def open_text(self, encoding: str = "utf-8", errors: str = "strict", newline: Optional[str] = None) -> TextIO:
        """The input as text (as ``open(path, encoding=..., errors=..., newline=...)`` reads it)."""
        return io.TextIOWrapper(self.open(), encoding=encoding, errors=errors, newline=newline)


class Inputs:
    """The run's inputs, with the temporary files behind them (removed by :meth:`close`)."""

    def __init__(self) -> None:
        self._temporary: List[str] = []
        self._names: dict = {}  # temporary path -> the name the user gave
        self._stdin_taken = False

    def prepare(self, name: str, *, spool: bool = True) -> InputFile:
        """``name`` as the tool must open it: standard input spooled, and a file that starts
        with a BOM spooled without it (a command whose readers open ``path``), or, without
        ``spool`` (the Python API, whose readers all go through :meth:`InputFile.open`),
        opened past it."""
        if name == STDIN:
            if self._stdin_taken:
                raise InputError(STDIN, None, "standard input can stand for one input only")
            self._stdin_taken = True
            return self._named(self._spool(sys.stdin.buffer, skip_bom=True), STDIN)
        try:
            with open(name, "rb") as handle:
                starts_with_bom = handle.read(len(BOM)) == BOM
                if starts_with_bom:
                    if not spool:
                        return InputFile(name, name, start=len(BOM))
                    return self._named(self._spool(handle, skip_bom=False), name)
        except IsADirectoryError:
            raise InputError(name, None, "is a directory, not a file") from None
        except OSError as error:
            raise InputError(name, None, error.strerror or str(error)) from None
        return InputFile(name, name)


    def _named(self, path: str, name: str) -> InputFile:
        self._names[path] = name
        return InputFile(path, name)

    def renamed(self, error: InputError) -> InputError:
        """``error`` naming the file as the user gave it (a reader saw the temporary copy)."""
        if error.file in self._names:
            error.file = self._names[error.file]
        return error

    def _spool(self, source, skip_bom: bool) -> str:
        # (shutil and tempfile are imported here: most runs spool nothing.)
        import shutil
        import tempfile

        handle, path = tempfile.mkstemp(prefix="jp-shims-input-")
        self._temporary.append(path)
        with os.fdopen(handle, "wb") as target:
            if skip_bom:
                start = source.read(len(BOM))
                if start != BOM:
                    target.write(start)
            shutil.copyfileobj(source, target, 1 << 20)
        return path

    def close(self) -> None:
        for path in self._temporary:
            try:
                os.unlink(path)
            except OSError:
                pass
        self._temporary.clear()

    def __enter__(self) -> "Inputs":
        return self

    def __exit__(self, kind, error, traceback) -> None:
        self.close()
        if isinstance(error, InputError):
            self.renamed(error)


def in_memory(lines: Iterable[Any], name: str) -> InputFile:
    """An open file (text or binary) or an iterable of lines (``str`` or ``bytes``; a line
    without its newline gets one) as an input held in memory, shown as ``name`` (the Python
    API: no temporary file). A byte order mark at the start is skipped, as for files."""
    chunks: List[bytes] = []
    for line in lines:
        data = line.encode("utf-8", "surrogateescape") if isinstance(line, str) else bytes(line)
        if not chunks and data.startswith(BOM):
            data = data[len(BOM):]
        chunks.append(data if data.endswith(b"\n") else data + b"\n")
    return InputFile(name, name, b"".join(chunks))


GZIP_MAGIC = b"\x1f\x8b"


def _open_binary(file: InputFile):
    """The file's bytes, decompressed when it is gzip (m2scorer reads ``.gz`` files so)."""
    handle = file.open()
    if handle.read(2) == GZIP_MAGIC:
        import gzip

        handle.seek(file.start)
        return gzip.GzipFile(fileobj=handle)
    handle.seek(file.start)
    return handle


def content_lines(file: InputFile, comment: Optional[str] = None, limit: int = 1) -> List[tuple]:
    """``(line number, text)`` of the first ``limit`` lines that are neither blank nor a
    comment (fewer when the file holds fewer). Reads at most :data:`HEAD_BYTES` of a line."""
    found: List[tuple] = []
    number = 0
    try:
        with _open_binary(file) as handle:
            for raw in handle:
                number += 1
                text = readable_bytes(raw[:HEAD_BYTES]).rstrip("\r\n")
                if not text.strip() or (comment is not None and text.startswith(comment)):
                    continue
                found.append((number, text))
                if len(found) >= limit:
                    break
    except (OSError, EOFError, zlib.error) as error:  # (a broken or truncated gzip stream)
        raise InputError(file.name, None, f"not a readable gzip file ({error})") from None
    return found


def first_content_line(file: InputFile, comment: Optional[str] = None) -> Optional[tuple]:
    """``(line number, text)`` of the first line that is neither blank nor a comment, or None
    when the file holds none."""
    found = content_lines(file, comment)
    return found[0] if found else None


def is_blank(file: InputFile) -> bool:
    """Whether the file holds nothing but white space."""
    return first_content_line(file) is None


def head_lines(file: InputFile, limit: int = sniff.HEAD_LINES) -> List[tuple]:
    """``(line number, text)`` of the file's first ``limit`` lines, blank ones included."""
    found: List[tuple] = []
    try:
        with _open_binary(file) as handle:
            for number, raw in enumerate(handle, 1):
                found.append((number, raw[:HEAD_BYTES].decode("utf-8", "replace").rstrip("\r\n")))
                if number >= limit:
                    break
    except OSError as error:  # (a broken gzip stream)
        raise InputError(file.name, None, str(error)) from None
    return found


def check_format(file: InputFile, fmt: Format) -> None:
    """Raise :class:`InputError` when none of the file's first lines of content is of
    ``fmt`` (naming the first), or when its start is evidently another format (naming the
    line of the evidence and the format it looks like)."""
    found = content_lines(file, fmt.comment, fmt.lines)
    if not found:
        return
    if not any(fmt.accepts(text) for _, text in found):
        number, text = found[0]
        shown = text if len(text) <= 60 else text[:59] + "\u2026"
        raise InputError(file.name, number, f"expected {fmt.name}; this line is not one: {shown!r}")
    check_kind(file.name, head_lines(file), fmt)


def check_kind(name: str, lines: List[tuple], fmt: Format) -> None:
    """Raise :class:`InputError` when ``lines`` (``(line number, text)`` of the start of the
    file ``name``, blank lines included) are evidently a format other than ``fmt``'s kinds."""
    other = sniff.sniff(lines)
    if other is not None and other.kind not in fmt.kinds:
        raise InputError(name, other.line, f"expected {fmt.name}; this looks like {other.description}")


def check_not_blank(files: List[InputFile]) -> None:
    """An input without text while another has some is refused (exit 2), naming it."""
    blank = [is_blank(file) for file in files]
    if any(blank) and not all(blank):
        empty = files[blank.index(True)]
        other = files[blank.index(False)]
        raise InputError(empty.name, 1, f"the file holds no text, while {other.name} does")
