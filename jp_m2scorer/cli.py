"""``jp_m2scorer``: m2scorer release 3.2 as a drop-in (``--legacy``) and JP mode (default)."""
from __future__ import annotations

import sys
from typing import BinaryIO

from . import m2io, options as opts
from .scorer import Options, report, score_sentences

PROG = "jp_m2scorer"


def _out(stream: BinaryIO):
    def write(text: str) -> None:
        stream.write(text.encode("utf-8", "surrogateescape"))
    return write


def _legacy_failure(last_line: bytes, code: int = 1) -> int:
    err = sys.stderr.buffer
    err.write(b"Traceback (most recent call last):\n  File \"m2scorer.py\", in <module>\n")
    err.write(last_line + b"\n")
    err.flush()
    return code


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
    write = _out(sys.stdout.buffer)
    totals = score_sentences(((s, line) for s, (line, _) in zip(gold, system)), options, write)
    write(report(totals, options))
    sys.stdout.buffer.flush()
    return 0


def jp_error(message: str) -> int:
    sys.stderr.write("%s: error: %s\n" % (PROG, message))
    return 2


def run_jp(argv: list[str]) -> int:
    from . import jp
    try:
        options, (system_path, gold_path) = opts.parse(argv)
    except opts.UsageExit:
        sys.stderr.write(opts.USAGE)
        return jp_error("expected two arguments: SYSTEM SOURCE_GOLD")
    except opts.OptionFailure as failure:
        return jp_error(failure.message)
    try:
        gold = m2io.read_gold(gold_path)
        system = m2io.read_system(system_path)
    except m2io.InputFailure as failure:
        return jp_error("%s:%d: %s" % (failure.path, max(failure.line, 1), failure.message))
    pairs, blocks = jp.resegment(gold, system)
    write = _out(sys.stdout.buffer)
    totals = score_sentences(pairs, options, write)
    write(report(totals, options))
    sys.stdout.buffer.flush()
    jp.note(blocks, sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    legacy = "--legacy" in args
    args = [a for a in args if a != "--legacy"]
    try:
        return run_legacy(args) if legacy else run_jp(args)
    except BrokenPipeError:
        return 0


def _unused(_: Options) -> None:  # pragma: no cover - keeps the import for type hints
    pass
