"""The one error type of the package: bad input, reported as one line and exit status 2."""
from __future__ import annotations


class InputError(Exception):
    """Bad input in FILE (at LINE when known); the CLIs print it as ``PROG: error: FILE:LINE: msg``."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        super().__init__(message)
        self.path = str(path)
        self.line = line
        self.message = message

    def location(self) -> str:
        return f"{self.path}:{self.line}" if self.line is not None else self.path

    def __str__(self) -> str:
        return f"{self.location()}: {self.message}"
