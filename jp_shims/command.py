"""The command-line contract of JP mode, for every console script: the runner's drop-ins and
the commands that are not a gold/system pair (the annotators, jp_wisebe).

:func:`run_main` is the one place that turns a run into an exit status: ``--version``
anywhere prints the jp-shims version (both modes); :class:`~jp_shims.errors.UsageError` is
the usage and one error line, :class:`~jp_shims.errors.InputError` one line ``PROG: error:
FILE:LINE: message``, both exit 2; a reader that went away (``| head``) ends the run quietly.
Any other exception is a bug of jp-shims and propagates. :func:`check_writable` refuses an
output file before any work. (No argparse here: the fastest drop-ins import this module.)
"""
from __future__ import annotations

import os
import sys
from typing import Callable, List, Optional, Sequence, Union

from .cli import version_line
from .errors import EXIT_BAD_INPUT, InputError, UsageError, error_line

Usage = Union[str, Callable[[], str]]  # the usage text, or what makes it (built only on an error)


def run_main(prog: str, usage: Usage, body: Callable[[List[str]], int],
             argv: Optional[Sequence[str]] = None) -> int:
    """A console script's ``main``: ``body(args)`` on ``argv`` (default ``sys.argv[1:]``)
    under the contract's rules (module docstring); returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if "--version" in args:
            sys.stdout.write(version_line(prog))
            return 0
        status = body(args)
        sys.stdout.flush()
        return status
    except UsageError as error:
        flush_stdout()
        text = usage() if callable(usage) else usage
        if text and not text.endswith("\n"):
            text += "\n"
        sys.stderr.write((text if error.usage else "") + error_line(prog, str(error)))
        return EXIT_BAD_INPUT
    except InputError as error:
        flush_stdout()
        sys.stderr.write(error_line(prog, error.message, error.file, error.line))
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        from .brokenpipe import silence_stdout

        return silence_stdout()


def flush_stdout() -> None:
    """Flush what stdout holds before an error line; a reader that went away (``| head``)
    must not hide the error line, nor make the interpreter's last flush fail."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        from .brokenpipe import silence_stdout

        silence_stdout()


def check_writable(path: str) -> None:
    """Refuse an output file that cannot be written, before any work (raises InputError)."""
    folder = os.path.dirname(os.path.abspath(path)) or "."
    if os.path.isdir(path):
        raise InputError(path, None, "cannot write: is a directory")
    if not os.path.isdir(folder):
        raise InputError(path, None, "cannot write: no such directory")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise InputError(path, None, "cannot write: permission denied")


def refuse_input_as_output(output: str, inputs: Sequence[str]) -> None:
    """An output file that is also an input is refused (inputs are never modified)."""
    target = os.path.realpath(output)
    for path in inputs:
        if path != "-" and os.path.realpath(path) == target:
            raise InputError(output, None, "the output file is also an input file (inputs are never modified)")
