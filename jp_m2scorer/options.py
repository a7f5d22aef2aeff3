"""m2scorer's command line: Python 2 getopt with prefix abbreviation, Python 2 number parsing."""
from __future__ import annotations

import getopt
import os

from . import py2
from .scorer import Options

LONG_OPTIONS = ["verbose", "very_verbose", "max_unchanged_words=", "beta=", "ignore_whitespace_casing"]

# Only the last line is pinned by the vectors (spec §1); the rest describes the options.
USAGE = """\
Usage: m2scorer.py [OPTIONS] proposed_sentences gold_source
where
    proposed_sentences   -  system output, sentence per line
    source_gold          -  source sentences with gold token edits
OPTIONS
    -v    --verbose                   -  print verbose output
    --very_verbose                    -  print lots of verbose output
    --max_unchanged_words N           -  Maximum unchanged words when extraction edit. Default 2.
    --beta B                          -  Beta value for F-measure. Default 0.5.
        --ignore_whitespace_casing  -  Ignore edits that only affect whitespace and caseing. Default no.
"""


class UsageExit(Exception):
    """Wrong number of positional arguments: usage on stderr, exit 255."""


class OptionFailure(Exception):
    """An option the original rejects; ``last_line`` is Python 2's last stderr line."""

    def __init__(self, last_line: bytes, message: str) -> None:
        super().__init__(message)
        self.last_line = last_line
        self.message = message


def parse(argv: list[str]) -> tuple[Options, list[str]]:
    """(options, [SYSTEM, SOURCE_GOLD]) or OptionFailure / UsageExit, as release 3.2 decides."""
    options, args = parse_options(argv)
    if len(args) != 2:
        raise UsageExit()
    return options, args


def parse_options(argv: list[str]) -> tuple[Options, list[str]]:
    """(options, the arguments after them) or OptionFailure, as release 3.2's getopt decides
    (parsing stops at the first argument that is not an option)."""
    try:
        pairs, args = getopt.getopt(argv, "v", LONG_OPTIONS)
    except getopt.GetoptError as error:
        raise OptionFailure(("getopt.GetoptError: %s" % error.msg).encode("utf-8", "surrogateescape"),
                            error.msg) from None
    options = Options()
    for option, value in pairs:
        raw = os.fsencode(value)
        try:
            if option in ("-v", "--verbose"):
                options = options._replace(verbose=True)
            elif option == "--very_verbose":
                options = options._replace(very_verbose=True)
            elif option == "--max_unchanged_words":
                options = options._replace(max_unchanged_words=py2.py2_int(raw))
            elif option == "--beta":
                options = options._replace(beta=py2.py2_float(raw))
            elif option == "--ignore_whitespace_casing":
                options = options._replace(ignore_whitespace_casing=True)
        except py2.Py2ValueError as error:
            raise OptionFailure(b"ValueError: " + error.raw,
                                "%s: %s" % (option, error.raw.decode("utf-8", "replace"))) from None
    return options, args
