"""A reader that goes away (``tool ... | head``): stop quietly, not with a traceback.

The one copy every tool uses. Python reports a closed pipe as ``BrokenPipeError`` at the write
or flush that meets it -- possibly only at the interpreter's final flush of ``sys.stdout``,
after ``main`` has returned, which prints "Exception ignored ... BrokenPipeError". So
:func:`guard_broken_pipe` flushes stdout inside its guard, and :func:`silence_stdout` points
the file descriptor at /dev/null so that no later flush can fail again.
"""
from __future__ import annotations

import functools
import os
import sys
from typing import Callable, Optional, TextIO, TypeVar

# Exit status after the reader went away: the output is incomplete, so not 0.
EXIT_BROKEN_PIPE = 1

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
