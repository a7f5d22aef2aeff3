"""What jp_errant_parallel and jp_errant_m2 share on the command line."""
from __future__ import annotations

import argparse
import contextlib
import sys
from typing import Callable, Iterator, Optional, Sequence, TextIO, Tuple, Type

from jp_shims.brokenpipe import silence_stdout as silence_broken_pipe
from jp_shims.brokenpipe import run_guarded
from .backend import Backend
from .backends import BACKENDS
from .classify_en import LABEL_SCHEMES
from .textio import InputError


def add_analyser_options(parser: argparse.ArgumentParser) -> None:
    """Options choosing the language, the analyser and the category names."""
    parser.add_argument("-lang", "--lang", default="en",
                        help="Language code: English error types for 'en', operation x UPOS "
                             "otherwise (default: en).")
    parser.add_argument("--backend", choices=BACKENDS, default="stanza",
                        help="Linguistic analyser (default: stanza).")
    parser.add_argument("--model-dir", default=None, metavar="DIR",
                        help="Folder holding the analyser's models, laid out as stanza.download "
                             "leaves it\n(stanza's 'dir'; default: stanza's resources folder). "
                             "Nothing is downloaded.")
    parser.add_argument("--labels", choices=LABEL_SCHEMES, default=None,
                        help="Category names: 'ud' (ADP, CCONJ, SCONJ; JP default) or 'errant' "
                             "(PREP, CONJ; legacy default).")


def run_command(
    prog: str,
    parser: argparse.ArgumentParser,
    run: Callable[[argparse.Namespace, bool, Optional[Backend]], None],
    argv: Optional[Sequence[str]],
    backend: Optional[Backend],
    errors: Tuple[Type[Exception], ...],
) -> int:
    """Parse argv (``--legacy`` anywhere), run, and turn expected errors into one line, exit 2."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    legacy = "--legacy" in args_list

    def body() -> int:
        args = parser.parse_args([arg for arg in args_list if arg != "--legacy"])
        try:
            run(args, legacy, backend)
        except errors as error:
            _flush_stdout()
            print(f"{prog}: error: {error}", file=sys.stderr)
            return 2
        return 0

    # JP mode: a failed write of stdout is one error line; --legacy: as errant (a traceback).
    return run_guarded(prog, body, legacy)


def _flush_stdout() -> None:
    # The error line goes after what stdout already holds; a closed pipe must not hide it.
    try:
        sys.stdout.flush()
    except OSError:
        silence_broken_pipe()


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
