"""What the tools need to know about a text file without reading it as text."""
from __future__ import annotations

CHUNK = 1 << 20


def count_lines(path: str) -> int:
    """Number of lines of the file (a last line without newline counts), read in binary
    chunks so that memory stays flat whatever the line lengths. Raises OSError."""
    count = 0
    last = b"\n"
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(CHUNK), b""):
            count += chunk.count(b"\n")
            last = chunk[-1:]
    return count + (last != b"\n")
