"""What jp_errant_parallel and jp_errant_m2 share on the command line: one parser helper and
one run, on jp_shims' contract of JP mode (:mod:`jp_shims.command`).

``--version`` (anywhere, both modes), usage and one error line for a bad command line,
``-h``/``--help`` on stdout, and in JP mode: the output file checked before any work, ``-``
as standard input and a UTF-8 BOM skipped (:class:`jp_shims.inputs.Inputs`), bad input and
a missing analyser (stanza, its model) as one line ``PROG: error: ...``, exit 2. ``--legacy``
reads the files as errant does.
"""
from __future__ import annotations

import argparse
import contextlib
import re
from typing import Callable, Iterator, List, Optional, Sequence, TextIO

from jp_shims.cli import CommandParser, help_section, take_flag
from jp_shims.command import check_writable, refuse_input_as_output, run_main
from jp_shims.errors import InputError
from jp_shims.parallel import hide_run_options

from .backend import Backend, BackendError
from .backends import BACKENDS
from .classify_en import LABEL_SCHEMES

# What ``run`` gets to open an input named on the command line: the path to read.
Prepare = Callable[[str], str]
Run = Callable[[argparse.Namespace, bool, Optional[Backend], Prepare], None]

JP_HELP = ["--legacy", "--version"]
# A language code as stanza names its models (en, de, ko, zh-hans, ...).
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(-[a-z]+)?\Z")
LANG_HELP = ("Language code of the text: 'en' = ERRANT's English error types; any other stanza\n"
             "language code (de, ko, zh-hans, ...) = operation x UPOS (default: en). The stanza\n"
             "model of the language must be installed (see --model-dir).")


def annotator_parser(prog: str, description: str, usage: str, original: str) -> CommandParser:
    """The parser of an annotator: its errors are :class:`jp_shims.errors.UsageError` (usage and one line),
    its help ends with the JP options section."""
    return CommandParser(prog=prog, description=description, usage=usage,
                         formatter_class=argparse.RawTextHelpFormatter,
                         jp_help=help_section(JP_HELP, original))


def add_analyser_options(parser: argparse.ArgumentParser) -> None:
    """Options choosing the language, the analyser and the category names."""
    parser.add_argument("-lang", "--lang", default="en", type=_language, metavar="LANG", help=LANG_HELP)
    parser.add_argument("--backend", choices=BACKENDS, default="stanza",
                        help="Linguistic analyser (default: stanza).")
    parser.add_argument("--model-dir", default=None, metavar="DIR",
                        help="Folder holding the analyser's models, laid out as stanza.download "
                             "leaves it\n(stanza's 'dir'; default: stanza's resources folder). "
                             "Nothing is downloaded.")
    parser.add_argument("--labels", choices=LABEL_SCHEMES, default=None,
                        help="Category names: 'ud' (ADP, CCONJ, SCONJ; JP default) or 'errant' "
                             "(PREP, CONJ; legacy default).")


def _language(code: str) -> str:
    if not LANGUAGE_CODE.match(code):
        raise argparse.ArgumentTypeError(f"{code!r} is not a language code (en, de, ko, zh-hans, ...)")
    return code


def run_command(prog: str, parser: argparse.ArgumentParser, run: Run, argv: Optional[Sequence[str]],
                backend: Optional[Backend], output: Callable[[argparse.Namespace], str],
                inputs: Callable[[argparse.Namespace], List[str]]) -> int:
    """Parse argv (``--legacy`` anywhere) and run (module docstring). ``output`` and
    ``inputs`` name the files of a parsed command line: in JP mode the output is checked
    before any work, and ``run`` opens what ``prepare`` gives for an input's name."""

    def body(args: List[str]) -> int:
        legacy = take_flag(args, "--legacy")
        if legacy and isinstance(parser, CommandParser):
            parser.jp_help = ""  # --legacy --help: errant's options alone
            hide_run_options(parser)
        options = parser.parse_args(args)
        try:
            if legacy:
                run(options, True, backend, _as_named)
                return 0
            check_writable(output(options))
            refuse_input_as_output(output(options), inputs(options))
            from jp_shims.inputs import Inputs

            with Inputs() as files:
                run(options, False, backend, lambda name: files.prepare(name).path)
        except BackendError as error:
            raise InputError(None, None, str(error)) from None
        return 0

    return run_main(prog, parser.format_usage, body, argv)


def _as_named(name: str) -> str:
    return name


@contextlib.contextmanager
def output_file(path: str, legacy: bool) -> Iterator[TextIO]:
    """The M2 file written (UTF-8). In JP mode a failed write (a full disk, ``-out
    /dev/full``) is one error line naming the file; ``--legacy`` fails as errant does (a
    traceback)."""
    try:
        with open(path, "w", encoding="utf-8") as out:
            yield out
    except OSError as error:
        if legacy or error.filename is not None:
            raise
        raise InputError(path, None, f"cannot write: {error.strerror or error}") from None

