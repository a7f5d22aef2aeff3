"""Streaming, line-numbered reading of UTF-8 text files.

Files are read in binary and decoded line by line so that invalid UTF-8 is reported with the
line it occurs on, and so that memory does not grow with the file.
"""
from __future__ import annotations

from typing import Iterator

from jp_preprocess.errors import InputError

_BOM = "\ufeff"


def iter_lines(path: str) -> Iterator[tuple[int, str]]:
    """Yield ``(line_number, text)`` for every line of PATH, without its line terminator.

    Raises InputError for a missing/unreadable file or invalid UTF-8 (naming the line).
    """
    try:
        handle = open(path, "rb")
    except OSError as exc:
        raise InputError(path, None, exc.strerror or str(exc)) from None
    with handle:
        for number, raw in enumerate(handle, start=1):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise InputError(
                    path, number, f"invalid UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"
                ) from None
            if number == 1 and text.startswith(_BOM):
                text = text[1:]
            yield number, text.rstrip("\r\n")


def read_head(path: str, size: int = 65536) -> str:
    """The first SIZE bytes of PATH decoded leniently: enough to detect a format."""
    try:
        with open(path, "rb") as handle:
            return handle.read(size).decode("utf-8", errors="replace")
    except OSError as exc:
        raise InputError(path, None, exc.strerror or str(exc)) from None
