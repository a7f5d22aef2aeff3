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

from jp_shims.brokenpipe import guard_broken_pipe
from jp_shims.cli import JPArgumentParser, help_section, version_line
from jp_shims.signature import signature

from .audit import SIMILARITY, SIMILARITY_THRESHOLD
from .cli import _located_message, _traceback_text
from .enhanced import enhancement_filters
from .evaluation import evaluate_files
from .model import UDError
from .reader import ReaderOptions, original_recursion_limit
from .report import format_scores, scores_as_dict

PROG = "jp_udeval"
LEGACY_PROG = "eval.py"
ORIGINAL = "udeval"  # pip udtools' console script; UD tools' eval.py
GC_THRESHOLD = 50_000  # allocations between collections of the youngest generation


JP_HELP = ["--legacy", "--json", "--show-alignment", "--report FILE.html", "--lang LANG", "--version"]


def build_parser(legacy: bool) -> argparse.ArgumentParser:
    """The original's options (legacy), or the same plus JP mode's (whose help is the
    original's, then the JP options section)."""
    if legacy:
        parser = argparse.ArgumentParser(prog=LEGACY_PROG)
    else:
        parser = JPArgumentParser(prog=PROG, jp_help=help_section(JP_HELP, ORIGINAL))
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
        hidden = argparse.SUPPRESS  # described by the JP options section
        parser.add_argument("--json", default=False, action="store_true", help=hidden)
        parser.add_argument("--show-alignment", default=False, action="store_true", help=hidden)
        parser.add_argument("--report", metavar="FILE.html", help=hidden)
        parser.add_argument("--lang", default="en", help=hidden)
        parser.add_argument("--version", action="version", version=version_line(PROG).rstrip("\n"), help=hidden)
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
        # A reader that goes away (``| head``) ends JP mode quietly (the original's
        # traceback stays legacy mode's).
        return guard_broken_pipe(_run_jp)(args, sys.stdout, sys.stderr)
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


def _options_used(args: argparse.Namespace) -> dict:
    return {"verbose": args.verbose, "counts": args.counts, "enhanced": args.enhanced,
            "enhancements": "".join(str(n) for n in sorted(enhancement_filters(args.enhancements))) or "0",
            "no_empty_nodes": bool(args.no_empty_nodes), "multiple_roots_okay": args.multiple_roots_okay,
            "lang": args.lang}


def run_signature(args: argparse.Namespace) -> str:
    """The signature of a JP-mode run: the options that change figures."""
    options = [f"enh:{_options_used(args)['enhancements']}"]
    if args.no_empty_nodes:
        options.append("no-empty-nodes")
    if args.multiple_roots_okay:
        options.append("multiple-roots-okay")
    return signature(PROG, options=options, lang=args.lang, similarity=SIMILARITY, threshold=SIMILARITY_THRESHOLD)


def _run_jp(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from jp_shims.audit import AlignmentAudit, format_listing
    from jp_shims.envelope import dumps, envelope

    from .audit import alignment_note, count_lined_up
    from .reconcile import ReconcileLog

    audit = AlignmentAudit(args.gold_file, args.system_file,
                           keep=args.show_alignment or args.report is not None)
    log = ReconcileLog(audit=audit)
    try:
        scores = evaluate_files(args.gold_file, args.system_file, legacy=False, lang=args.lang, log=log,
                                options=reader_options(args, legacy=False))
    except (UDError, ValueError, IndexError, OSError) as error:
        err.write(f"{PROG}: error: {_located_message(error)}\n")
        return 2
    count_lined_up(audit, scores)
    sig = run_signature(args)
    text = format_scores(scores, args.verbose, args.counts, args.enhanced)
    if args.json:
        out.write(dumps(envelope(PROG, signature=sig, options=_options_used(args),
                                 scores=scores_as_dict(scores), audit=audit, blocks=args.show_alignment)))
    else:
        out.write(text)
        if args.show_alignment:
            out.write(format_listing(audit))
    out.flush()
    if args.report is not None:
        from jp_shims.report import render_report, write_report

        try:
            write_report(args.report, render_report(tool=PROG, signature=sig, headline=text, audit=audit,
                                                    loss_label="LAS words lost"))
        except OSError as error:
            err.write(f"{PROG}: error: {args.report}: cannot write the report ({error.strerror})\n")
            return 2
    unaligned = None
    if log.unaligned_gold or log.unaligned_system:
        unaligned = (f"{log.unaligned_gold} gold and {log.unaligned_system} system sentences could not be aligned "
                     f"and count as unmatched")
        if log.first_unaligned is not None:
            first = log.first_unaligned
            unaligned += f" (first at {args.gold_file}:{first[0]}, {args.system_file}:{first[1]})"
    note = alignment_note(PROG, audit, sig, unaligned, original=ORIGINAL)
    if note:
        err.write(note)
    return 0
