"""Legacy mode of jp_conll18_ud_eval and jp_udeval: the original's command line exactly (its
argparse program name, options and messages, stdout, exit codes and tracebacks), for either
:class:`~jp_conll18.tool.Command`. The original's importable API is
:mod:`jp_conll18.conll18_ud_eval` (and :mod:`jp_conll18.udeval`).
"""
from __future__ import annotations

import argparse
import sys
import traceback
from typing import List, TextIO

from .model import UDError
from .tool import Command, Settings, build_parser, collecting, prints_enhanced, settings_of


def run_legacy(command: Command, argv: List[str]) -> int:
    """The original's command line on ``argv`` (``--legacy`` taken out): exit status."""
    parser = build_parser(True, command)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # -h, or a usage error already printed by argparse
        return exit_.code if isinstance(exit_.code, int) else 2
    with collecting(command):
        return _run_legacy(command, args, sys.stdout, sys.stderr)


def _run_legacy(command: Command, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .evaluation import evaluate_files
    from .report import format_scores

    settings = Settings(**settings_of(args))  # (unchecked: the original takes what argparse takes)
    try:
        scores = evaluate_files(args.gold_file, args.system_file, legacy=True,
                                options=command.reader_options(settings, True))
    except Exception as error:  # the original does not catch anything: traceback, exit 1
        err.write(_traceback_text(error))
        return 1
    out.write(format_scores(scores, settings.verbose, settings.counts, prints_enhanced(command, settings)))
    return 0


def _traceback_text(error: BaseException) -> str:
    """The traceback Python prints for an uncaught exception, with the exception named as it
    is when the original runs as a script (``UDError``, not a module path)."""
    lines = ["Traceback (most recent call last):\n"]
    lines.extend(traceback.format_tb(error.__traceback__))
    name = "UDError" if isinstance(error, UDError) else type(error).__name__
    lines.append(f"{name}: {error}\n")
    return "".join(lines)
