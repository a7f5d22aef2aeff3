"""The command-line contract of JP mode, for every console script: the runner's drop-ins and
the commands that are not a gold/system pair (the annotators, jp_wisebe).

:func:`run_main` is the one place that turns a run into an exit status: ``--version``
anywhere prints the jp-shims version (both modes); :class:`~jp_shims.errors.UsageError` is
the usage and one error line, :class:`~jp_shims.errors.InputError` one line ``PROG: error:
FILE:LINE: message``, both exit 2; a reader that went away (``| head``) ends the run quietly,
and in JP mode a failed write of stdout (``> /dev/full``) is one line ``PROG: error: cannot
write standard output: ...``, exit 1 (:mod:`jp_shims.brokenpipe`).
Any other exception is a bug of jp-shims and propagates. :func:`check_writable` refuses an
output file before any work. (No argparse here: the fastest drop-ins import this module.)
"""
from __future__ import annotations

import os
import sys
from typing import Callable, List, Optional, Sequence, Union

from .brokenpipe import run_guarded, silence_stdout
from .cli import version_line
from .errors import EXIT_BAD_INPUT, InputError, UsageError, error_line

Usage = Union[str, Callable[[], str]]  # the usage text, or what makes it (built only on an error)


def run_main(prog: str, usage: Usage, body: Callable[[List[str]], int],
             argv: Optional[Sequence[str]] = None) -> int:
    """A console script's ``main``: ``body(args)`` on ``argv`` (default ``sys.argv[1:]``)
    under the contract's rules (module docstring); returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if "--legacy" in args and "--version" not in args:
            # The original's own handling of a stdout that cannot be written (the tool's
            # legacy entry's: docs/runner.md); only a closed pipe is ours (below).
            status = body(args)
            flush_as_script_end()
            return status
        return run_guarded(prog, lambda: _jp_mode(prog, body, args))
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
        return silence_stdout()


def flush_as_script_end() -> None:
    """Flush stdout as CPython does when a script file (the Python originals' console scripts,
    ``python conll18_ud_eval.py``) ends, normally or by an exception, before any traceback:
    a failed write is ignored. A closed pipe is raised (:func:`run_main` ends the run quietly).

    So a legacy run on ``/dev/full`` ends as the original's (measured, CPython 3.11, stdout
    buffered): what is still in the text layer (under its 8192-byte chunk) goes to the binary
    buffer (``st_blksize`` bytes, 4096 on /dev/full); if it fits there, the interpreter's last
    flush fails again ("Exception ignored ... OSError", exit 120); if not, the failed write
    drops it and the run exits with its own status, silently. (A report of 8192 bytes or more
    failed earlier, at the ``print`` that filled the chunk: traceback, exit 1.) A legacy
    path must therefore not flush stdout itself at its end, or a failure there would be a
    traceback the original never prints; where it must flush before raising, it calls this.
    """
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError:
        pass


def _jp_mode(prog: str, body: Callable[[List[str]], int], args: List[str]) -> int:
    """``--version``, or the run; inside :func:`~jp_shims.brokenpipe.run_guarded`, which
    flushes stdout and makes a failed write of it one error line and exit 1."""
    if "--version" in args:
        sys.stdout.write(version_line(prog))
        return 0
    return body(args)


def flush_stdout() -> None:
    """Flush what stdout holds before an error line; a reader that went away (``| head``) or
    a failed write (a full disk) must not hide the error line, nor make the interpreter's last
    flush fail: the error line is the news."""
    try:
        sys.stdout.flush()
    except OSError:
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
