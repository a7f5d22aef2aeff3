"""One merged file (conlleval's own input): legacy runs and JP mode's reading of it.

:func:`run_legacy` is conlleval.pl: argv and the bytes of standard input in; stdout bytes,
stderr bytes and exit status out. :func:`score_merged` is JP mode's reading of the same file:
CRLF read as LF, bad input raised as :class:`~jp_conlleval.reader.InputError`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple

from .reader import EXIT_DIE, InputError, MergedReader, Options, UsageError, parse_options, split_lines
from .scoring import BOUNDARY, ChunkCounter, Line, Statistics
from .tags import to_iob2
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


@dataclass(frozen=True)
class MergedResult:
    statistics: Statistics
    options: Options
    cr_lines: int  # lines whose CRLF end was read as LF
    scheme: Optional[str] = None

    def report(self) -> bytes:
        return report(self.statistics, self.options.latex)

    def notes(self) -> List[str]:
        said = []
        if self.cr_lines:
            said.append(f"{self.cr_lines} lines end in CRLF: read as LF (conlleval keeps the CR in the"
                        " guessed tag, so every tag would differ, or it dies at the first empty line)")
        if self.scheme:
            said.append(f"--scheme {self.scheme}: both columns read strictly (conlleval merges adjacent"
                        " IOBES/BILOU chunks of one type)")
        return said


def score_merged(data: bytes, options: Options, scheme: Optional[str] = None) -> MergedResult:
    """JP mode on one merged file: conlleval's statistics, CRLF read as LF; with ``scheme``
    both columns read strictly in that scheme (:func:`~jp_conlleval.tags.to_iob2`). Raises
    :class:`InputError` (with the line number) where conlleval would die."""
    reader = MergedReader(options, strip_cr=True)
    lines: Iterable[Line] = reader.read(split_lines(data))
    if scheme is not None:
        lines = _strictly(lines, scheme)
    counter = ChunkCounter()
    stats = counter.finish(counter.count(lines, Statistics()))
    return MergedResult(stats, options, reader.cr_lines, scheme)


def _strictly(lines: Iterable[Line], scheme: str) -> Iterator[Line]:
    """The lines with each sentence's two columns re-written by the scheme's strict reading."""
    sentence: List[Tuple[bytes, bytes]] = []
    for line in lines:
        if line is not BOUNDARY:
            sentence.append(line)
            continue
        yield from _strict_sentence(sentence, scheme)
        sentence = []
        yield BOUNDARY
    yield from _strict_sentence(sentence, scheme)


def _strict_sentence(sentence: List[Tuple[bytes, bytes]], scheme: str) -> Iterator[Line]:
    if sentence:
        gold, guess = zip(*sentence)
        yield from zip(to_iob2(gold, scheme), to_iob2(guess, scheme))
