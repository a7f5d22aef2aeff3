"""conlleval's input (spec §1-§2): the command line, and the lines of one merged file turned
into ``(gold, guess)`` tag pairs and boundaries.

Bad input raises :class:`InputError`, which carries both what conlleval prints when it dies
(``legacy_message``, ``legacy_status``) and the one-line message of JP mode.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, List, Optional, Sequence, Tuple

from jp_shims.errors import InputError as SharedInputError

from .arguments import unmark
from jp_conlleval.fields import UNDEFINED, Splitter, compile_splitter
from jp_conlleval.pattern_errors import PerlPatternError, UnsupportedPattern
from .scoring import BOUNDARY, Line
from .tags import raw_tag

BOUNDARY_WORD = b"-X-"
EXIT_FIELD_COUNT = 1  # conlleval's exit status for a changed field count
EXIT_DIE = 255        # Perl's die
EXIT_UNSUPPORTED = 2  # a -d pattern this reimplementation cannot run (no conlleval output)
# The line of conlleval.pl whose -r rewrite of the gold field dies on an undef field. NOT
# measured: the spec does not give it (every other message here is the spec's).
READ_ONLY_LINE = 0


@dataclass(frozen=True)
class Options:
    """conlleval's options: -l, -r, -d DELIM, -o OTAG."""

    latex: bool = False
    raw: bool = False
    delimiter: Optional[bytes] = None  # None: conlleval's default, one space
    outside: bytes = b"O"

    @property
    def field_delimiter(self) -> bytes:
        return b" " if self.delimiter is None else self.delimiter


class UsageError(Exception):
    """A bad command line; ``str()`` is conlleval's message (exit 255)."""


class InputError(SharedInputError):
    """Bad input at ``line`` (1-based; 0 or None: no line): jp-shims' one input error
    (:class:`jp_shims.errors.InputError`, a ``ValueError``), carrying what conlleval prints
    when it dies (``legacy_message``) and its exit status. ``file`` is None for conlleval's
    own merged input, which is read from standard input."""

    def __init__(self, message: str, line: Optional[int], legacy_message: bytes, legacy_status: int) -> None:
        super().__init__(None, line or None, message)
        self.legacy_message = legacy_message
        self.legacy_status = legacy_status


def parse_options(argv: Sequence[str]) -> Options:
    """conlleval's argument loop (§1): options while an argument starts with ``-``, nothing
    after them. Raises :class:`UsageError` with the original's message."""
    options, rest = parse_leading_options(argv)
    if rest:
        raise UsageError("conlleval: unexpected command line argument")
    return options


def parse_leading_options(argv: Sequence[str], stdin: bool = False) -> Tuple[Options, List[str]]:
    """The options at the front of ``argv`` (conlleval's loop) and the arguments after them.

    The argument after ``-d`` or ``-o`` is its value, whatever it is (marked or not:
    :mod:`jp_conlleval.arguments`). With ``stdin`` (JP mode) a lone ``-`` is a file, standard
    input, and ends the options; conlleval refuses it as an unknown argument."""
    latex, raw, delimiter, outside = False, False, None, b"O"
    args = list(argv)
    while args and args[0].startswith("-") and not (stdin and args[0] == "-"):
        arg = args.pop(0)
        if arg == "-l":
            latex = True
        elif arg == "-r":
            raw = True
        elif arg == "-d":
            if not args:
                raise UsageError("conlleval: -d requires delimiter character at conlleval.pl line 69.")
            delimiter = os.fsencode(unmark(args.pop(0)))
        elif arg == "-o":
            if not args:
                raise UsageError("conlleval: -o requires delimiter character at conlleval.pl line 75.")
            outside = os.fsencode(unmark(args.pop(0)))
        else:
            raise UsageError(f"conlleval: unknown argument {arg}")
    return Options(latex, raw, delimiter, outside), args


def split_lines(data: bytes) -> List[bytes]:
    """Lines as Perl's ``<STDIN>`` + ``chomp`` give them: split at ``\\n``, a last line without
    ``\\n`` kept, ``\\r`` kept."""
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    return lines


def _pattern_error(error: PerlPatternError, number: int) -> InputError:
    if isinstance(error, UnsupportedPattern):
        return InputError(f"-d: {error}", number, f"{error}\n".encode("latin-1", "replace"),
                          EXIT_UNSUPPORTED)
    legacy = f"{error} at conlleval.pl line 84, <STDIN> line {number}.\n"
    return InputError(f"invalid -d pattern: {error}", number,
                      legacy.encode("latin-1", "replace"), EXIT_DIE)


def _read_only_error(number: int) -> InputError:
    """-r rewrites the gold field in place; Perl refuses when that field is undef (a capture
    group of -d that took no part in the match)."""
    legacy = (f"Modification of a read-only value attempted at conlleval.pl line {READ_ONLY_LINE},"
              f" <STDIN> line {number}.\n")
    return InputError("-r: the gold tag is a capture group of -d that took no part in the match"
                      " (conlleval dies: Modification of a read-only value attempted)", number,
                      legacy.encode("ascii"), EXIT_DIE)


class MergedReader:
    """Reads the lines of one merged file (word ... gold guess) into :data:`Line` items.

    ``strip_cr``: JP mode reads CRLF line ends as LF (``cr_lines`` counts the lines it
    changed); conlleval keeps the ``\\r`` in the last field. ``warn`` receives Perl's warning
    for a two-field line (legacy mode prints it on stderr).
    """

    def __init__(self, options: Options, *, strip_cr: bool = False,
                 warn: Optional[Callable[[bytes], None]] = None) -> None:
        self.options = options
        self.strip_cr = strip_cr
        self.warn = warn
        self.cr_lines = 0

    def _splitter(self, number: int) -> Splitter:
        try:
            return compile_splitter(self.options.field_delimiter)
        except PerlPatternError as error:
            raise _pattern_error(error, number) from None

    def read(self, lines: Iterable[bytes]) -> Iterator[Line]:
        split: Optional[Splitter] = None
        expected = 0
        raw, outside = self.options.raw, self.options.outside
        strip_cr, warn = self.strip_cr, self.warn
        for number, line in enumerate(lines, 1):
            if strip_cr and line.endswith(b"\r"):
                line = line[:-1]
                self.cr_lines += 1
            if split is None:  # Perl compiles the pattern at the first split
                split = self._splitter(number)
            fields = split(line)
            count = len(fields)
            if count == 0:
                yield BOUNDARY
                continue
            if not expected:
                expected = count
            elif count != expected:
                raise InputError(
                    f"{count} field{'s' if count > 1 else ''} where the first line with fields had {expected}", number,
                    b"unexpected number of features: %d (%d)\n" % (count, expected), EXIT_FIELD_COUNT)
            if fields[0] == BOUNDARY_WORD:
                yield BOUNDARY
                continue
            if count == 1:
                raise InputError(
                    "one field only: a line needs at least the gold and the guessed tag", number,
                    b"conlleval: unexpected number of features in line " + line + b"\n", EXIT_DIE)
            gold, guess = fields[-2], fields[-1]
            if raw:
                if gold is UNDEFINED:
                    raise _read_only_error(number)
                gold, guess = raw_tag(gold, outside), raw_tag(guess, outside)
            if count == 2 and warn is not None:
                self._warn_two_fields(warn, number)
            yield gold, guess

    def _warn_two_fields(self, warn: Callable[[bytes], None], number: int) -> None:
        for op, perl_line in ((b"eq", 130), (b"ne", 162)):
            warn(b"Use of uninitialized value $firstItem in string %s at conlleval.pl line %d,"
                      b" <STDIN> line %d.\n" % (op, perl_line, number))
