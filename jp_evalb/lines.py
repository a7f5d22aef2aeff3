"""evalb's input lines: how a file is cut into lines, and the buffer a line is read in.

evalb reads each file with ``fgets(buff, 5000, fd)``: :func:`legacy_lines` gives the lines as
it does (a longer line arrives as several 4999-byte pieces), one byte per character, so that
every width and every printed byte is the original's. Both modes cut a file into blocks of
whole lines (:func:`whole_line_blocks`), so that a line costs no call of its own.
:class:`LineBuffer` is evalb's line buffer, shared by the two files, into which a label or word
running past the end of its line reads on (legacy mode; see :func:`jp_evalb.trees.read_tree`).
"""
from __future__ import annotations

from typing import BinaryIO, Iterator, Optional

# fgets(buff, 5000, fd): longer lines arrive as several 4999-byte pieces.
LEGACY_LINE_CHUNK = 4999
LINE_BUFFER_SIZE = LEGACY_LINE_CHUNK + 1  # fgets(buff, 5000): 4999 bytes and the NUL


class LineBuffer:
    """evalb's line buffer, shared by the two files: each line is written over the start of
    it with its terminating NUL, and what lies beyond is what earlier, longer lines left there
    (zero bytes where no line reached). evalb reads that when a label or word of a line runs
    into the end of the line (see :func:`jp_evalb.trees._scan`).

    Kept as the lines still visible in it, the latest on top (each shorter than the one below):
    the lines written that are longer than every line written after them. Lines are taken in
    batches (``write`` only appends), so a line costs a list append and a step of one loop,
    and the buffer is built only when it is read.
    """

    __slots__ = ("_layers", "_pending", "_size")

    FOLD_EVERY = 256  # lines taken at once (held between two folds)

    def __init__(self, size: int = LINE_BUFFER_SIZE) -> None:
        self._layers: list[str] = []
        self._pending: list[str] = []
        self._size = size  # evalb_spmrl's holds 50,000 bytes

    def write(self, line: str) -> None:
        pending = self._pending
        pending.append(line)
        if len(pending) >= self.FOLD_EVERY:
            self._fold()

    def _fold(self) -> None:
        visible: list[str] = []  # of the pending lines, latest first
        longest = -1
        for line in reversed(self._pending):
            if len(line) > longest:
                visible.append(line)
                longest = len(line)
        self._pending.clear()
        layers = self._layers
        while layers and len(layers[-1]) <= longest:
            layers.pop()  # entirely overwritten (with its NUL)
        layers.extend(reversed(visible))

    def text(self) -> str:
        """The whole buffer (its size in characters), the current line first."""
        self._fold()
        parts, size = [], 0
        for layer in reversed(self._layers):
            written = layer + "\0"
            if len(written) > size:
                parts.append(written[size:])
                size = len(written)
        parts.append("\0" * max(self._size - size, 0))
        return "".join(parts)[:self._size]

def legacy_lines(stream: BinaryIO, chunk: int = LEGACY_LINE_CHUNK) -> Iterator[str]:
    """Lines as evalb's fgets(buff, 5000) returns them (evalb_spmrl: ``chunk`` 49,999), one
    byte per character (decoded a block of whole lines at a time: a line costs no call of its own)."""
    for block in whole_line_blocks(stream):
        lines = block.decode("latin-1").split("\n")
        last = lines.pop()  # ("" after a final newline; else the file's last line, without one)
        for line in lines:
            if len(line) < chunk:
                yield line + "\n"
            else:
                yield from _fgets_pieces(line + "\n", chunk)
        if last:
            yield from _fgets_pieces(last, chunk)


LINE_BLOCK = 1 << 16  # bytes read at once (a block, its text and its lines are held together)


def whole_line_blocks(stream: BinaryIO, longest: Optional[int] = None) -> Iterator[bytes]:
    """The bytes of ``stream`` in blocks of whole lines: each block ends with a newline, but
    the last of the file when the file does not. The one way jp_evalb's two line readers
    (legacy mode's and JP mode's) cut a file.

    ``longest``: once a line grows beyond that many bytes without its newline, what was read
    of it is the last block (without newline and longer than ``longest``: the reader's error)."""
    rest = b""
    while True:
        block = stream.read(LINE_BLOCK)
        if not block:
            break
        data = rest + block if rest else block
        cut = data.rfind(b"\n") + 1
        rest = data[cut:]
        if cut:
            yield data[:cut]
        if longest is not None and len(rest) > longest:
            yield rest
            return
    if rest:
        yield rest


def _fgets_pieces(line: str, chunk: int) -> Iterator[str]:
    for start in range(0, len(line), chunk):
        yield line[start:start + chunk]
