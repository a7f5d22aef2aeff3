"""Streaming, line-numbered reading of UTF-8 text inputs.

Inputs are read in binary and decoded line by line so that invalid UTF-8 is reported with the
line it occurs on, and so that memory does not grow with the file. An input is a
:class:`jp_shims.inputs.InputFile` (a file, or the Python API's lines held in memory), opened
with ``open()`` and named by ``name`` in every message.
"""
from __future__ import annotations

from typing import Iterator

from jp_shims.errors import InputError
from jp_shims.inputs import InputFile

_BOM = "\ufeff"


def iter_lines(file: InputFile) -> Iterator[tuple[int, str]]:
    """Yield ``(line_number, text)`` for every line of FILE, without its line terminator.

    Raises InputError for a missing/unreadable file or invalid UTF-8 (naming the line).
    """
    try:
        handle = file.open()
    except OSError as exc:
        raise InputError(file.name, None, exc.strerror or str(exc)) from None
    with handle:
        for number, raw in enumerate(handle, start=1):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise InputError(
                    file.name, number, f"invalid UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"
                ) from None
            if number == 1 and text.startswith(_BOM):
                text = text[1:]
            yield number, text.rstrip("\r\n")


def read_head(file: InputFile, size: int = 65536) -> str:
    """The first SIZE bytes of FILE decoded leniently: enough to detect a format."""
    try:
        with file.open() as handle:
            return handle.read(size).decode("utf-8", errors="replace")
    except OSError as exc:
        raise InputError(file.name, None, exc.strerror or str(exc)) from None
