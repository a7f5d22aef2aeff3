"""A reader that goes away (``tool ... | head``): stop quietly, not with a traceback."""
from __future__ import annotations

import os
import sys

# Exit status after the reader went away: the output is incomplete, so not 0.
EXIT_BROKEN_PIPE = 1


def silence_broken_pipe() -> int:
    """Point stdout at /dev/null and return the exit status.

    Call it on ``BrokenPipeError``: Python flushes sys.stdout again at exit, and that flush
    would fail on the closed pipe and print "Exception ignored ... BrokenPipeError".
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout without a file descriptor (tests capture it)
        pass
    return EXIT_BROKEN_PIPE
