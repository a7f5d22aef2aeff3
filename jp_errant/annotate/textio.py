"""Reading the plain-text ORIG/COR files: one sentence per line, UTF-8."""
from __future__ import annotations

from typing import Iterator

from jp_shims.errors import InputError as SharedInputError
from jp_shims.textfiles import count_lines as _count_lines


class InputError(SharedInputError):
    """Unreadable input: jp-shims' one input error (:class:`jp_shims.errors.InputError`, a
    ``ValueError``); ``str()`` is ``FILE:LINE: message`` (the JP-mode error body), or
    ``FILE: message`` when the problem is not on a line (``line`` None)."""


def read_lines(path: str, reject_nul: bool = False) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` for every line, line ending removed; streamed.

    Decoded line by line so that invalid UTF-8 is reported with its line number;
    ``reject_nul`` (JP mode) also refuses a line holding a NUL character.
    """
    try:
        handle = open(path, "rb")
    except OSError as error:
        raise InputError(path, None, f"cannot open: {error.strerror}") from None
    with handle:
        for number, raw in enumerate(handle, start=1):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise InputError(path, number, "invalid UTF-8") from None
            if reject_nul and "\0" in text:
                # Valid UTF-8, but no text line holds NUL: UTF-16 without a byte-order mark
                # decodes this way, and its lines would be unrelated to any UTF-8 text.
                raise InputError(path, number, "NUL byte: not UTF-8 text (UTF-16?)")
            yield number, text.rstrip("\r\n")


def count_lines(path: str) -> int:
    """Number of lines (a last line without newline counts), read in binary chunks."""
    try:
        return _count_lines(path)
    except OSError as error:
        raise InputError(path, None, f"cannot open: {error.strerror}") from None


def check_readable(path: str) -> None:
    """Fail early (before a model is loaded) when an input cannot be opened."""
    try:
        with open(path, "rb"):
            pass
    except OSError as error:
        raise InputError(path, None, f"cannot open: {error.strerror}") from None


def has_text(path: str) -> bool:
    """Whether the file holds a character other than whitespace (read until the first one)."""
    try:
        with open(path, "rb") as handle:
            for chunk in iter(lambda: handle.read(1 << 16), b""):
                if chunk.strip():
                    return True
    except OSError as error:
        raise InputError(path, None, f"cannot open: {error.strerror}") from None
    return False
