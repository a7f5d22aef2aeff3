"""``jp_udeval``: command line of the drop-in for the current UD scorer (UD tools ``eval.py``,
pip ``udtools``' ``udeval``: CoNLL 2017/2018 and IWPT 2020/2021 enhanced dependencies).

The same reader, alignment and scoring as ``jp_conll18_ud_eval``, with the current scorer's
reading rules (``reader.ReaderOptions(udeval=True)``), the enhanced metrics ELAS/EULAS and its
options. ``--legacy`` (anywhere) is the original exactly: program name ``eval.py`` in argparse
messages, same stdout, exit codes and last stderr line (``UDError: ...`` as when it runs as a
script). Without it (JP mode) files whose characters disagree are aligned first and errors are
one line ``jp_udeval: error: FILE:LINE: message`` with exit status 2.
"""
from __future__ import annotations

import argparse
import gc
import sys
from typing import List, Optional, TextIO

from .cli import _located_message, _traceback_text
from .enhanced import enhancement_filters
from .evaluation import evaluate_files
from .model import UDError
from .reader import ReaderOptions, original_recursion_limit
from .report import format_scores, scores_as_json

PROG = "jp_udeval"
LEGACY_PROG = "eval.py"
GC_THRESHOLD = 50_000  # allocations between collections of the youngest generation


def build_parser(legacy: bool) -> argparse.ArgumentParser:
    """The original's options (legacy), or the same plus JP mode's."""
    parser = argparse.ArgumentParser(prog=LEGACY_PROG if legacy else PROG)
    parser.add_argument("gold_file", type=str, help="Name of the CoNLL-U file with the gold data.")
    parser.add_argument("system_file", type=str, help="Name of the CoNLL-U file with the predicted data.")
    parser.add_argument("--verbose", "-v", default=False, action="store_true",
                        help="Print all metrics.")
    parser.add_argument("--counts", "-c", default=False, action="store_true",
                        help="Print raw counts of correct/gold/system/aligned words instead of "
                             "precision/recall/F1 for all metrics.")
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
    if not legacy:
        parser.add_argument("--json", default=False, action="store_true",
                            help="Print every metric's precision, recall, F1, aligned accuracy and counts as JSON.")
        parser.add_argument("--show-alignment", default=False, action="store_true",
                            help="List every place where system characters were reconciled with the gold file.")
        parser.add_argument("--lang", default="en",
                            help="Language of the exception table used to reconcile characters (default: en).")
    return parser


def reader_options(args: argparse.Namespace, legacy: bool) -> ReaderOptions:
    """How the files are read, from the command line."""
    return ReaderOptions(udeval=True, filters=enhancement_filters(args.enhancements),
                         no_empty_nodes=bool(args.no_empty_nodes),
                         multiple_roots_okay=args.multiple_roots_okay,
                         recursion_limit=original_recursion_limit() if legacy else None)


def main(argv: Optional[List[str]] = None) -> int:
    """Run the command line; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    legacy = "--legacy" in args_list
    args_list = [arg for arg in args_list if arg != "--legacy"]
    parser = build_parser(legacy)
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exit_:  # -h, or a usage error already printed by argparse
        return exit_.code if isinstance(exit_.code, int) else 2
    # The reader keeps long-lived containers (parsed DEPS texts, the look-back for negative
    # DEPS heads); at the default threshold the cyclic collector walks them about a hundred
    # times per treebank for nothing (scored words are unlinked and freed by reference
    # counting), a tenth of the run time. Collect less often while this command runs.
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], GC_THRESHOLD), *thresholds[1:])
    try:
        if legacy:
            return _run_legacy(args, sys.stdout, sys.stderr)
        return _run_jp(args, sys.stdout, sys.stderr)
    finally:
        gc.set_threshold(*thresholds)


def _run_legacy(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        scores = evaluate_files(args.gold_file, args.system_file, legacy=True,
                                options=reader_options(args, legacy=True))
    except Exception as error:  # the original does not catch anything: traceback, exit 1
        err.write(_traceback_text(error))
        return 1
    out.write(format_scores(scores, args.verbose, args.counts, args.enhanced))
    return 0


def _run_jp(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .jp_mode import format_reconciliations
    from .reconcile import ReconcileLog

    log = ReconcileLog(keep=args.show_alignment)
    try:
        scores = evaluate_files(args.gold_file, args.system_file, legacy=False, lang=args.lang, log=log,
                                options=reader_options(args, legacy=False))
    except (UDError, ValueError, IndexError, OSError) as error:
        err.write(f"{PROG}: error: {_located_message(error)}\n")
        return 2
    if log.unaligned_gold or log.unaligned_system:
        err.write(f"{PROG}: warning: {log.unaligned_gold} gold and {log.unaligned_system} system sentences "
                  f"could not be aligned and count as unmatched (first at {args.gold_file}:{log.first_unaligned[0]}, "
                  f"{args.system_file}:{log.first_unaligned[1]})\n")
    if args.show_alignment:
        out.write(format_reconciliations(log.entries, args.gold_file, args.system_file))
    if args.json:
        out.write(scores_as_json(scores))
    else:
        out.write(format_scores(scores, args.verbose, args.counts, args.enhanced))
    return 0
