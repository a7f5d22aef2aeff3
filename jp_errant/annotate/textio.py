"""Reading the plain-text ORIG/COR files: one sentence per line, UTF-8.

An input is a :class:`jp_shims.inputs.InputFile`: a file on disk, or (the Python API's lines
and open files) its bytes held in memory; errors name it as the user gave it.
"""
from __future__ import annotations

from typing import BinaryIO, Iterator

from jp_shims.errors import InputError as SharedInputError
from jp_shims.inputs import BOM, InputFile
from jp_shims.textfiles import CHUNK, count_lines as _count_lines


class InputError(SharedInputError):
    """Unreadable input: jp-shims' one input error (:class:`jp_shims.errors.InputError`, a
    ``ValueError``); ``str()`` is ``FILE:LINE: message`` (the JP-mode error body), or
    ``FILE: message`` when the problem is not on a line (``line`` None)."""


def read_lines(file: InputFile, reject_nul: bool = False, skip_bom: bool = False) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` for every line, line ending removed; streamed.

    Decoded line by line so that invalid UTF-8 is reported with its line number;
    ``reject_nul`` (JP mode) also refuses a line holding a NUL character; ``skip_bom`` drops
    a UTF-8 byte order mark starting the first line (JP mode's API: the command line's
    :class:`jp_shims.inputs.Inputs` has removed it already).
    """
    with _open(file) as handle:
        for number, raw in enumerate(handle, start=1):
            if skip_bom and number == 1 and raw.startswith(BOM):
                raw = raw[len(BOM):]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise InputError(file.name, number, "invalid UTF-8") from None
            if reject_nul and "\0" in text:
                # Valid UTF-8, but no text line holds NUL: UTF-16 without a byte-order mark
                # decodes this way, and its lines would be unrelated to any UTF-8 text.
                raise InputError(file.name, number, "NUL byte: not UTF-8 text (UTF-16?)")
            yield number, text.rstrip("\r\n")


def count_lines(file: InputFile) -> int:
    """Number of lines (a last line without newline counts); a file is read in binary chunks."""
    if file.data is not None:
        return file.data.count(b"\n") + (not file.data.endswith(b"\n") and bool(file.data))
    try:
        return _count_lines(file.path)
    except OSError as error:
        raise InputError(file.name, None, f"cannot open: {error.strerror}") from None


def check_readable(file: InputFile) -> None:
    """Fail early (before a model is loaded) when an input cannot be opened."""
    with _open(file):
        pass


def has_text(file: InputFile) -> bool:
    """Whether the file holds a character other than whitespace (read until the first one)."""
    with _open(file) as handle:
        for chunk in iter(lambda: handle.read(CHUNK), b""):
            if chunk.strip():
                return True
    return False


def _open(file: InputFile) -> BinaryIO:
    try:
        return file.open()
    except OSError as error:
        raise InputError(file.name, None, f"cannot open: {error.strerror}") from None
