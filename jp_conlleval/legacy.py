"""conlleval.pl reproduced (``--legacy``): :func:`run_legacy` takes argv and the bytes of
standard input and gives stdout bytes, stderr bytes and the exit status, as conlleval.pl
(2004-01-26) does; :func:`lost_stdout` is what it does when its stdout cannot be written.
"""
from __future__ import annotations

from typing import List, NamedTuple, Sequence

from .reader import EXIT_DIE, InputError, MergedReader, UsageError, parse_options, split_lines
from .scoring import ChunkCounter, Statistics
from .writer import report


class Outcome(NamedTuple):
    stdout: bytes
    stderr: bytes
    status: int


def run_legacy(argv: Sequence[str], data: bytes) -> Outcome:
    """conlleval.pl with arguments ``argv`` and ``data`` on standard input."""
    try:
        options = parse_options(argv)
    except UsageError as error:
        return Outcome(b"", str(error).encode("utf-8", "surrogateescape") + b"\n", EXIT_DIE)
    warnings: List[bytes] = []
    reader = MergedReader(options, warn=warnings.append)
    counter = ChunkCounter()
    try:
        stats = counter.finish(counter.count(reader.read(split_lines(data)), Statistics()))
    except InputError as error:
        return Outcome(b"", b"".join(warnings) + error.legacy_message, error.legacy_status)
    return Outcome(report(stats, options.latex), b"".join(warnings), 0)


# Perl's buffer of STDOUT (PerlIO), measured: a stdout of 8192 bytes on /dev/full gives no message.
PERL_STDOUT_BUFFER = 8192


def lost_stdout(outcome: Outcome, error: OSError) -> Outcome:
    """What conlleval.pl does when its stdout cannot be written (``> /dev/full``), as
    measured with Perl 5.36: its prints fail silently while the run goes on; at exit, if
    Perl's buffer still holds part of the report, Perl says ``Unable to flush stdout:
    STRERROR`` on stderr and the exit status 0 becomes 1. A report that fills the buffer
    exactly leaves nothing to flush: exit 0, no message. (Failures print no report.)"""
    if not outcome.stdout or len(outcome.stdout) % PERL_STDOUT_BUFFER == 0:
        return Outcome(b"", outcome.stderr, outcome.status)
    message = f"Unable to flush stdout: {error.strerror or error}\n".encode("utf-8", "surrogateescape")
    return Outcome(b"", outcome.stderr + message, outcome.status or 1)
