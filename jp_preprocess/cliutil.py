"""What both command lines share: one-line usage errors, the --legacy refusal, error printing."""
from __future__ import annotations

import sys
from typing import NoReturn

from jp_shims.brokenpipe import silence_stdout as silence_broken_pipe
from jp_shims.cli import JPArgumentParser

from jp_preprocess.errors import InputError

EXIT_BAD_INPUT = 2


from jp_shims.errors import UsageError  # noqa: E402  (the one usage error of jp_shims)


class OneLineParser(JPArgumentParser):
    """argparse whose errors are raised (printed by the CLI as one line, exit 2), not a usage dump;
    its help ends with the JP options section given as ``jp_help``."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def refuse_legacy(argv: list[str]) -> None:
    """These tools have no original to reproduce byte-for-byte, so --legacy is a usage error."""
    if "--legacy" in argv:
        raise UsageError("--legacy: there is no original tool to reproduce; JP mode is the only mode")


def report(prog: str, error: Exception) -> int:
    """Print ERROR as ``PROG: error: ...`` on stderr and return the exit status."""
    sys.stderr.write(f"{prog}: error: {error}\n")
    return EXIT_BAD_INPUT


def write(text: str) -> None:
    sys.stdout.write(text)


__all__ = ["EXIT_BAD_INPUT", "InputError", "OneLineParser", "UsageError", "refuse_legacy", "report",
           "silence_broken_pipe", "write"]
