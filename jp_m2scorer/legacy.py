"""``jp_m2scorer --legacy``: m2scorer release 3.2 itself -- stdout, exit code and the last
stderr line of its failures (an uncaught Python 2 exception: traceback, exit 1)."""
from __future__ import annotations

import io
import os
import sys
from typing import BinaryIO, Optional

from jp_shims.inputs import InputFile

from . import m2io
from . import options as opts
from .scorer import report, score_sentences


class _Stdout:
    """m2scorer's stdout: what it wrote (bytes) and the first failed write (``> /dev/full``),
    after which the rest is lost (a closed pipe is not such a failure: it propagates)."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self.written = 0
        self.error: Optional[OSError] = None

    def write(self, text: str) -> None:
        data = text.encode("utf-8", "surrogatepass")
        self.written += len(data)
        if self.error is None:
            try:
                self._stream.write(data)
            except BrokenPipeError:
                raise
            except OSError as error:
                self.lose(error)

    def flush(self) -> None:
        if self.error is None:
            try:
                self._stream.flush()
            except BrokenPipeError:
                raise
            except OSError as error:
                self.lose(error)

    def lose(self, error: OSError) -> None:
        from jp_shims.brokenpipe import silence_stdout

        self.error = error
        silence_stdout()


def _lost_stdout(out: _Stdout) -> int:
    """What m2scorer under Python 2.7 does when its stdout cannot be written, as measured with
    CPython 2.7.18 on /dev/full: a report that fits in stdio's buffer (st_blksize bytes; none
    when PYTHONUNBUFFERED is set) fails only at exit, in the file object's destructor (three
    lines on stderr, exit status 0, as printed); a longer one fails at the print that fills
    the buffer: traceback ``IOError: [Errno 28] No space left on device``, exit 1."""
    assert out.error is not None
    try:
        buffer = os.fstat(sys.stdout.fileno()).st_blksize
    except (OSError, ValueError, AttributeError):
        buffer = io.DEFAULT_BUFFER_SIZE
    if out.written <= buffer and not os.environ.get("PYTHONUNBUFFERED"):
        sys.stderr.write("close failed in file object destructor:\nsys.excepthook is missing\nlost sys.stderr\n")
        sys.stderr.flush()
        return 0
    strerror = out.error.strerror or str(out.error)
    return _legacy_failure(f"IOError: [Errno {out.error.errno}] {strerror}".encode("utf-8", "surrogateescape"))


def _legacy_failure(last_line: bytes) -> int:
    """An uncaught Python 2 exception: traceback on stderr (its last line is the original's)."""
    err = sys.stderr.buffer
    err.write(b'Traceback (most recent call last):\n  File "m2scorer.py", line 1, in <module>\n')
    err.write(last_line + b"\n")
    err.flush()
    return 1


def run_legacy(argv: list[str]) -> int:
    try:
        options, (system_path, gold_path) = opts.parse(argv)
    except opts.UsageExit:
        sys.stderr.write(opts.USAGE)
        return 255
    except opts.OptionFailure as failure:
        return _legacy_failure(failure.last_line)
    try:
        gold = m2io.read_gold(InputFile(gold_path, gold_path))
        system = m2io.read_system(InputFile(system_path, system_path))
    except m2io.InputFailure as failure:
        return _legacy_failure(failure.last_line)
    if len(system) != len(gold):
        return _legacy_failure(b"AssertionError")
    out = _Stdout(sys.stdout.buffer)
    pairs = ((sentence, text) for sentence, (text, _) in zip(gold, system))
    totals = score_sentences(pairs, options, out.write, keep=False)
    out.write(report(totals, options))
    out.flush()
    return 0 if out.error is None else _lost_stdout(out)
