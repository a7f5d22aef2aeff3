"""``jp_udeval``: command line of the drop-in for the current UD scorer (UD tools ``eval.py``,
pip ``udtools``' ``udeval``: CoNLL 2017/2018 and IWPT 2020/2021 enhanced dependencies).

The same reader, alignment and scoring as ``jp_conll18_ud_eval``, with the current scorer's
reading rules (``reader_options.ReaderOptions(udeval=True)``), the enhanced metrics ELAS/EULAS and its
options. ``--legacy`` (anywhere) is the original exactly: program name ``eval.py`` in argparse
messages, same stdout, exit codes and last stderr line (``UDError: ...`` as when it runs as a
script). Without it (JP mode) the shared runner runs the tool (:mod:`jp_conll18.tool`): files
whose characters disagree are aligned first and errors are one line
``jp_udeval: error: FILE:LINE: message`` with exit status 2.
"""
from __future__ import annotations

import argparse
from typing import List, Optional

from jp_shims.runner import main as run

from .enhanced import enhancement_filters
from .reader_options import ReaderOptions, original_recursion_limit
from .cli import run_legacy
from .tool import UDEVAL_SETTINGS, Command, CoNLLUTool, Settings
from .tool import build_parser as _build_parser

PROG = "jp_udeval"
LEGACY_PROG = "eval.py"
ORIGINAL = "udeval"  # pip udtools' console script; UD tools' eval.py
# The reader keeps long-lived containers (parsed DEPS texts, the look-back for negative DEPS
# heads); at the default threshold the cyclic collector walks them about a hundred times per
# treebank for nothing (scored words are unlinked and freed by reference counting), a tenth
# of the run time. Collect less often while this command runs.
GC_THRESHOLD = 50_000  # allocations between collections of the youngest generation


def _add_options(parser: argparse.ArgumentParser) -> None:
    """The current scorer's options beyond conll18_ud_eval.py's."""
    parser.add_argument("--no-enhanced", dest="enhanced", action="store_false", default=True,
                        help="Do not print the enhanced-dependency metrics ELAS and EULAS.")
    parser.add_argument("--enhancements", type=str, default="0",
                        help="Enhancement types to leave out of the enhanced graphs: digits 1-6 "
                             "(1 gapping, 2 shared parents in coordination, 3 shared dependents "
                             "in coordination, 4 control, 5 external arguments of relative clauses, "
                             "6 case information); 0 keeps everything.")
    parser.add_argument("--no-empty-nodes", default=False,
                        help="Reject empty nodes and DEPS references to them (any non-empty VALUE "
                             "switches this on; collapse empty nodes first).")
    parser.add_argument("--multiple-roots-okay", default=False, action="store_true",
                        help="Accept sentences with several words attached to the root.")


def reader_options(settings: Settings, legacy: bool) -> ReaderOptions:
    """How the files are read, from the settings."""
    return ReaderOptions(udeval=True, filters=enhancement_filters(settings.enhancements),
                         no_empty_nodes=bool(settings.no_empty_nodes),
                         multiple_roots_okay=settings.multiple_roots_okay,
                         recursion_limit=original_recursion_limit() if legacy else None)


def _options_used(settings: Settings) -> dict:
    return {"verbose": settings.verbose, "counts": settings.counts, "enhanced": settings.enhanced,
            "enhancements": "".join(str(n) for n in sorted(enhancement_filters(settings.enhancements))) or "0",
            "no_empty_nodes": bool(settings.no_empty_nodes), "multiple_roots_okay": settings.multiple_roots_okay}


def signature_options(settings: Settings) -> List[str]:
    """The options of a JP-mode run that change figures, as the signature names them."""
    options = [f"enh:{_options_used(settings)['enhancements']}"]
    if settings.no_empty_nodes:
        options.append("no-empty-nodes")
    if settings.multiple_roots_okay:
        options.append("multiple-roots-okay")
    return options


UDEVAL_COMMAND = Command(
    prog=PROG, legacy_prog=LEGACY_PROG, original=ORIGINAL,
    counts_help="Print raw counts of correct/gold/system/aligned words instead of "
                "precision/recall/F1 for all metrics.",
    add_options=_add_options,
    settings=UDEVAL_SETTINGS,
    reader_options=reader_options,
    signature_options=signature_options,
    options_used=_options_used,
    gc_threshold=GC_THRESHOLD,
)

TOOL = CoNLLUTool(UDEVAL_COMMAND, run_legacy)


def build_parser(legacy: bool) -> argparse.ArgumentParser:
    """The original's options (legacy), or the same plus JP mode's."""
    return _build_parser(legacy, UDEVAL_COMMAND)


def main(argv: Optional[List[str]] = None) -> int:
    """Run the command line (default ``sys.argv[1:]``); returns the exit status."""
    return run(TOOL, argv)
