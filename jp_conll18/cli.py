"""``jp_conll18_ud_eval``: command line of the conll18_ud_eval.py drop-in.

``--legacy`` (anywhere) runs the original's behaviour exactly: same argparse program name and
options, same stdout, exit codes and error tracebacks. Without it (JP mode) the shared runner
(:mod:`jp_shims.runner`) runs the tool (:mod:`jp_conll18.tool`): the same scores, files whose
characters disagree reconciled with jp_align first, errors one line
``jp_conll18_ud_eval: error: FILE:LINE: message`` with exit status 2, and the runner's options
(``--json``, ``--show-alignment``, ``--report``, ``--lang``, ``--strict``, ``--compare``...).
"""
from __future__ import annotations

import argparse
from typing import List, Optional

from jp_shims.runner import main as run

from .reader_options import CONLL18, ReaderOptions, original_recursion_limit
from .tool import CONLL18_SETTINGS, Command, CoNLLUTool, Settings
from .tool import build_parser as _build_parser

PROG = "jp_conll18_ud_eval"
LEGACY_PROG = "conll18_ud_eval.py"


def _conll18_reader(settings: Settings, legacy: bool) -> ReaderOptions:
    return ReaderOptions(recursion_limit=original_recursion_limit()) if legacy else CONLL18


CONLL18_COMMAND = Command(
    prog=PROG, legacy_prog=LEGACY_PROG, original=LEGACY_PROG,
    counts_help="Print raw counts of correct/gold/system/aligned words instead of prec/rec/F1 for all metrics.",
    add_options=lambda parser: None,
    settings=CONLL18_SETTINGS,
    reader_options=_conll18_reader,
    signature_options=lambda settings: [],
    options_used=lambda settings: {"verbose": settings.verbose, "counts": settings.counts},
)



def run_legacy(command: Command, argv: List[str]) -> int:
    """``--legacy``: :func:`jp_conll18.legacy.run_legacy` (imported by the runs that need it)."""
    from .legacy import run_legacy as legacy

    return legacy(command, argv)


TOOL = CoNLLUTool(CONLL18_COMMAND, run_legacy)


def build_parser(legacy: bool, command: Optional[Command] = None) -> argparse.ArgumentParser:
    """The original's options (legacy), or the same plus the tool's own JP options."""
    return _build_parser(legacy, command or CONLL18_COMMAND)


def main(argv: Optional[List[str]] = None) -> int:
    """Run the command line (default ``sys.argv[1:]``); returns the exit status."""
    return run(TOOL, argv)
