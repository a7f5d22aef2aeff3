"""Standard output that cannot be written: a reader that goes away (``tool ... | head``) or a
write that fails (``tool ... > /dev/full``, a full disk, an I/O error).

The one copy every tool uses, in JP mode:

- a closed pipe stops the run quietly (exit :data:`EXIT_BROKEN_PIPE`): the reader wanted no
  more;
- any other failed write of stdout is one line ``PROG: error: cannot write standard output:
  No space left on device`` and exit :data:`EXIT_WRITE_ERROR` (:func:`stdout_write_failed`),
  never a traceback: the report is lost, and the user must know it.

Python reports either at the write or flush that meets it -- possibly only at the
interpreter's final flush of ``sys.stdout``, after ``main`` has returned, which prints
"Exception ignored ..." and changes the exit status to 120. So the guards flush stdout inside
their ``try``, and :func:`silence_stdout` points the file descriptor at /dev/null so that no
later flush can fail again. ``--legacy`` does what each original does (its tool's legacy
entry decides; docs/runner.md lists them).
"""
from __future__ import annotations

import errno
import functools
import io
import os
import stat
import sys
from typing import Callable, Optional, TextIO, TypeVar

# Exit status after the reader went away: the output is incomplete, so not 0.
EXIT_BROKEN_PIPE = 1
# Exit status after a failed write of stdout (the report is lost).
EXIT_WRITE_ERROR = 1

# Errors of a full file system: stdout's if its own file system is full.
_FULL_ERRNOS = frozenset(getattr(errno, name) for name in ("ENOSPC", "EDQUOT") if hasattr(errno, name))

Main = TypeVar("Main", bound=Callable[..., int])


def silence_stdout(stream: Optional[TextIO] = None) -> int:
    """Point ``stream`` (default: ``sys.stdout``) at /dev/null; returns :data:`EXIT_BROKEN_PIPE`.

    Call it on ``BrokenPipeError``. A stream without a file descriptor (tests capture stdout
    in memory) is left alone.
    """
    stream = sys.stdout if stream is None else stream
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, stream.fileno())
        finally:
            os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
    return EXIT_BROKEN_PIPE


def guard_broken_pipe(main: Main) -> Main:
    """Decorate a console script's ``main``: its output is flushed before it returns, and a
    closed pipe ends the run quietly with :data:`EXIT_BROKEN_PIPE`."""

    @functools.wraps(main)
    def guarded(*args, **kwargs) -> int:
        try:
            status = main(*args, **kwargs)
            sys.stdout.flush()
            return status
        except BrokenPipeError:
            return silence_stdout()

    return guarded  # type: ignore[return-value]


def stdout_write_failed(prog: str, error: BaseException) -> Optional[int]:
    """If ``error`` is a failed write of standard output, report it as one line on stderr,
    silence stdout and return :data:`EXIT_WRITE_ERROR` (or :data:`EXIT_BROKEN_PIPE`, quietly,
    for a closed pipe); otherwise return None (the caller re-raises: it is not an output
    error, and not to be dressed as one)."""
    if isinstance(error, BrokenPipeError):
        return silence_stdout()
    if not _is_stdout_error(error):
        return None
    assert isinstance(error, OSError)
    silence_stdout()
    sys.stderr.write(f"{prog}: error: cannot write standard output: {error.strerror or error}\n")
    return EXIT_WRITE_ERROR


def _is_stdout_error(error: BaseException) -> bool:
    """Whether ``error`` is standard output's: the run's other outputs (``--report``, ``-out``
    files) fail with the same errors, so stdout itself is asked whether it still fails."""
    if not isinstance(error, OSError) or error.errno is None or error.filename is not None:
        return False
    try:
        sys.stdout.flush()  # what a failed write left in the buffer fails again
        fileno = sys.stdout.fileno()
    except (ValueError, AttributeError, io.UnsupportedOperation):
        return False
    except OSError:
        return True
    try:
        os.write(fileno, b"")  # a device that refuses every write (/dev/full)
        full = error.errno in _FULL_ERRNOS and _on_a_full_disk(fileno)
    except OSError:
        return True
    return full


def _on_a_full_disk(fileno: int) -> bool:
    # Only a regular file has a file system to ask (a pipe's reports no space at all).
    return stat.S_ISREG(os.fstat(fileno).st_mode) and os.fstatvfs(fileno).f_bavail == 0


def run_guarded(prog: str, run: Callable[[], int], legacy: bool = False) -> int:
    """``run()`` with stdout flushed before it returns (also when it exits through
    ``SystemExit``, as argparse's ``--help`` does): a closed pipe ends the run quietly; in JP
    mode a failed write of stdout is one error line (:func:`stdout_write_failed`), with
    ``legacy`` it propagates (the tool's legacy entry does as its original)."""
    try:
        try:
            status = run()
        except SystemExit:
            if not legacy:  # (the original's --help fails at the interpreter's exit: so does --legacy)
                sys.stdout.flush()
            raise
        sys.stdout.flush()
        return status
    except OSError as error:
        handled = stdout_write_failed(prog, error) if not legacy or isinstance(error, BrokenPipeError) else None
        if handled is None:
            raise
        return handled


def guard_output(prog: str) -> Callable[[Main], Main]:
    """Decorate a console script's ``main`` that has no ``--legacy`` with :func:`run_guarded`."""

    def decorate(main: Main) -> Main:
        @functools.wraps(main)
        def guarded(*args, **kwargs) -> int:
            return run_guarded(prog, lambda: main(*args, **kwargs))

        return guarded  # type: ignore[return-value]

    return decorate
