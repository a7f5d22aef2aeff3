"""Command-line pieces every tool shares: the JP options' help section and ``--version``.

``--help`` in JP mode prints the original's usage text first, then :func:`help_section`;
``--legacy --help`` prints the original's alone. Tools built on argparse use
:class:`JPArgumentParser` in JP mode and add their JP options with ``help=argparse.SUPPRESS``
(so that the original's part of the help stays as it is).
"""
from __future__ import annotations

import argparse
import sys
from typing import NoReturn, Optional, Sequence, Union

from .version import package_version

# One line each; ``{original}`` is replaced by the original program's name.
COMMON_OPTIONS = {
    "--legacy": "behave exactly as {original} (stdout, exit status, stderr), anywhere in argv",
    "--json": "print one JSON document: scores, signature, options, alignment summary",
    "--show-alignment": "list every block JP mode changed, file:line on both sides "
                        "(with --json: inside the document)",
    "--report FILE.html": "also write a self-contained HTML report of the run to FILE.html",
    "--lang LANG": "language of the exception table used to align texts (default: en)",
    "--version": "print the jp-shims version and exit",
}
FLAG_WIDTH = 22

HelpEntry = Union[str, tuple[str, str]]


def help_section(entries: Sequence[HelpEntry], original: Optional[str] = None) -> str:
    """The help text's JP part: a blank line, a title, one line per option.

    An entry is a key of :data:`COMMON_OPTIONS` or a ``(flag, text)`` pair.
    """
    lines = ["", f"JP options (jp-shims {package_version()}; JP mode is the default):"]
    for entry in entries:
        flag, text = (entry, COMMON_OPTIONS[entry]) if isinstance(entry, str) else entry
        text = text.replace("{original}", original or "the original")
        if len(flag) > FLAG_WIDTH - 2:
            lines.append(f"  {flag}")
            lines.append(" " * (FLAG_WIDTH + 2) + text)
        else:
            lines.append(f"  {flag:<{FLAG_WIDTH}}{text}")
    return "\n".join(lines) + "\n"


def version_line(prog: str) -> str:
    """What ``--version`` prints."""
    return f"{prog} (jp-shims) {package_version()}\n"


class JPArgumentParser(argparse.ArgumentParser):
    """argparse with the JP options' help section after the original's help text."""

    def __init__(self, *args, jp_help: str = "", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.jp_help = jp_help

    def format_help(self) -> str:
        return super().format_help() + self.jp_help

    def _print_message(self, message: str, file=None) -> None:
        # argparse ignores a failed write (its help on a full disk would exit 0); JP mode
        # lets it through to the one error line of jp_shims.brokenpipe.
        if message:
            (file or sys.stderr).write(message)


def take_flag(argv: list[str], flag: str) -> bool:
    """Remove every ``flag`` from ``argv`` (in place); True if there was one."""
    found = flag in argv
    if found:
        argv[:] = [arg for arg in argv if arg != flag]
    return found


def take_value(argv: list[str], option: str) -> tuple[Optional[str], bool]:
    """Remove ``option VALUE`` / ``option=VALUE`` from ``argv`` (in place, last one wins).

    Returns (value, missing): ``missing`` is True when the option ends argv without a value.
    """
    value: Optional[str] = None
    missing = False
    kept: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == option:
            if i + 1 < len(argv):
                value = argv[i + 1]
                i += 2
                continue
            missing = True
        elif arg.startswith(option + "="):
            value = arg[len(option) + 1:]
        else:
            kept.append(arg)
        i += 1
    argv[:] = kept
    return value, missing


class CommandParser(JPArgumentParser):
    """argparse whose errors are :class:`~jp_shims.errors.UsageError` (the run prints the usage
    and one error line, exit 2: :func:`jp_shims.command.run_main`), not its own exit."""

    def error(self, message: str) -> NoReturn:
        from .errors import UsageError

        raise UsageError(message)
