"""``jp_m2scorer --legacy``: m2scorer release 3.2 itself -- stdout, exit code and the last
stderr line of its failures (an uncaught Python 2 exception: traceback, exit 1)."""
from __future__ import annotations

import sys
from typing import BinaryIO, Callable

from . import m2io
from . import options as opts
from .scorer import report, score_sentences


def _writer(stream: BinaryIO) -> Callable[[str], None]:
    def write(text: str) -> None:
        stream.write(text.encode("utf-8", "surrogatepass"))
    return write


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
        gold = m2io.read_gold(gold_path)
        system = m2io.read_system(system_path)
    except m2io.InputFailure as failure:
        return _legacy_failure(failure.last_line)
    if len(system) != len(gold):
        return _legacy_failure(b"AssertionError")
    write = _writer(sys.stdout.buffer)
    pairs = ((sentence, text) for sentence, (text, _) in zip(gold, system))
    totals = score_sentences(pairs, options, write, keep=False)
    write(report(totals, options))
    sys.stdout.buffer.flush()
    return 0
