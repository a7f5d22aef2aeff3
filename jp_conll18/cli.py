"""``jp_conll18_ud_eval``: command line of the conll18_ud_eval.py drop-in.

``--legacy`` (anywhere) runs the original's behaviour exactly: same argparse program name and
options, same stdout, exit codes and error tracebacks. Without it (JP mode) the same scores are
computed, files whose characters disagree are reconciled with jp_align first, errors are one
line ``jp_conll18_ud_eval: error: FILE:LINE: message`` with exit status 2, and ``--json``,
``--show-alignment``, ``--report``, ``--lang`` and ``--version`` are available (the audit
layer :mod:`jp_shims`: the stderr note, the listing, the JSON envelope, the HTML report).
"""
from __future__ import annotations

import argparse
import gc
import sys
import traceback
from dataclasses import dataclass
from typing import Callable, List, Optional, TextIO

from jp_shims.brokenpipe import guard_broken_pipe
from jp_shims.cli import JPArgumentParser, help_section, version_line
from jp_shims.significance_cli import SignificanceUsage, as_json, format_table, help_entries, take_significance_options

from . import breakdown_report
from .evaluation import evaluate_files
from .model import UDError
from .reader import CONLL18, ReaderOptions, describe_error, original_recursion_limit
from .report import format_scores, scores_as_dict

PROG = "jp_conll18_ud_eval"
LEGACY_PROG = "conll18_ud_eval.py"


JP_HELP = ["--legacy", "--json", "--show-alignment", "--report FILE.html", "--lang LANG", "--version",
           *breakdown_report.HELP_ENTRIES, *help_entries(metrics=True)]


@dataclass(frozen=True)
class Command:
    """What differs between the CoNLL-U drop-ins that share this command line: conll18_ud_eval.py
    v1.2 (``CONLL18_COMMAND`` below) and the current UD scorer (``udeval_cli.UDEVAL_COMMAND``).
    Everything else -- parsing, legacy and JP runs, the audit output -- is one code path."""

    prog: str
    legacy_prog: str  # the original's argparse program name (legacy messages and help)
    original: str  # the program the help section and the note name
    counts_help: str  # the original's help text of --counts (legacy -h is byte-exact)
    add_options: Callable[[argparse.ArgumentParser], None]  # the original's options beyond the common ones
    reader_options: Callable[[argparse.Namespace, bool], ReaderOptions]  # (args, legacy)
    signature: Callable[[argparse.Namespace], str]
    options_used: Callable[[argparse.Namespace], dict]  # the JSON envelope's ``options``
    enhanced: Callable[[argparse.Namespace], bool]  # print ELAS/EULAS
    jp_errors: tuple  # exceptions JP mode reports as one line
    gc_threshold: Optional[int] = None  # youngest-generation threshold while the command runs


def build_parser(legacy: bool, command: Optional[Command] = None) -> argparse.ArgumentParser:
    """The original's parser (legacy), or the same options plus JP mode's (whose help is the
    original's, then the JP options section)."""
    command = command or CONLL18_COMMAND
    if legacy:
        parser = argparse.ArgumentParser(prog=command.legacy_prog)
    else:
        parser = _JPParser(prog=command.prog, jp_help=help_section(JP_HELP, command.original))
    parser.add_argument("gold_file", type=str, help="Name of the CoNLL-U file with the gold data.")
    parser.add_argument("system_file", type=str, help="Name of the CoNLL-U file with the predicted data.")
    parser.add_argument("--verbose", "-v", default=False, action="store_true", help="Print all metrics.")
    parser.add_argument("--counts", "-c", default=False, action="store_true", help=command.counts_help)
    command.add_options(parser)
    if not legacy:
        hidden = argparse.SUPPRESS  # described by the JP options section
        parser.add_argument("--json", default=False, action="store_true", help=hidden)
        parser.add_argument("--show-alignment", default=False, action="store_true", help=hidden)
        parser.add_argument("--report", metavar="FILE.html", help=hidden)
        parser.add_argument("--lang", default="en", help=hidden)
        parser.add_argument("--version", action="version", version=version_line(command.prog).rstrip("\n"),
                            help=hidden)
        breakdown_report.add_options(parser)
    return parser


class _JPParser(JPArgumentParser):
    """JP mode's parser: the breakdown options are matched only in full, so that the
    original's abbreviations (``--co`` for ``--counts``) stay unambiguous."""

    def _get_option_tuples(self, option_string: str) -> list:
        # Each tuple names the matched option string second (Python 3.9 to 3.13).
        return [match for match in super()._get_option_tuples(option_string)
                if match[1] not in breakdown_report.OPTIONS]


def main(argv: Optional[List[str]] = None) -> int:
    """Run the command line; returns the exit status."""
    return run_command(CONLL18_COMMAND, argv)


def run_command(command: Command, argv: Optional[List[str]] = None) -> int:
    """Parse ``argv`` (default: ``sys.argv[1:]``) and run ``command`` in legacy or JP mode."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    legacy = "--legacy" in args_list
    try:
        significance = take_significance_options(args_list, legacy=legacy, metrics=True)
    except SignificanceUsage as error:
        sys.stderr.write(f"{command.prog}: error: {error}\n")
        return 2
    args_list = [arg for arg in args_list if arg != "--legacy"]
    parser = build_parser(legacy, command)
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exit_:  # -h, or a usage error already printed by argparse
        return exit_.code if isinstance(exit_.code, int) else 2
    args.significance = significance
    thresholds = gc.get_threshold()
    if command.gc_threshold is not None:
        gc.set_threshold(max(thresholds[0], command.gc_threshold), *thresholds[1:])
    try:
        if legacy:
            return _run_legacy(command, args, sys.stdout, sys.stderr)
        # A reader that goes away (``| head``) ends JP mode quietly (the original's traceback
        # stays legacy mode's).
        return guard_broken_pipe(_run_jp)(command, args, sys.stdout, sys.stderr)
    finally:
        gc.set_threshold(*thresholds)


def _run_legacy(command: Command, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        scores = evaluate_files(args.gold_file, args.system_file, legacy=True,
                                options=command.reader_options(args, True))
    except Exception as error:  # the original does not catch anything: traceback, exit 1
        err.write(_traceback_text(error))
        return 1
    out.write(format_scores(scores, args.verbose, args.counts, command.enhanced(args)))
    return 0


def _traceback_text(error: BaseException) -> str:
    """The traceback Python prints for an uncaught exception, with the exception named as it
    is when the original runs as a script (``UDError``, not a module path)."""
    lines = ["Traceback (most recent call last):\n"]
    lines.extend(traceback.format_tb(error.__traceback__))
    name = "UDError" if isinstance(error, UDError) else type(error).__name__
    lines.append(f"{name}: {error}\n")
    return "".join(lines)


def _run_jp(command: Command, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from jp_shims.audit import AlignmentAudit, format_listing
    from jp_shims.envelope import dumps, envelope

    from .audit import alignment_note, count_lined_up
    from .reconcile import ReconcileLog

    prog = command.prog
    audit = AlignmentAudit(args.gold_file, args.system_file,
                           keep=args.show_alignment or args.report is not None)
    log = ReconcileLog(audit=audit)
    reader = command.reader_options(args, False)
    significance = getattr(args, "significance", None)
    breakdown = breakdown_report.requested(args)
    comparison = None
    try:
        if significance is not None and significance.requested:
            # Every system is scored (and its input checked) before the report starts.
            from .significance import compare_systems

            comparison = compare_systems(args.gold_file, [args.system_file, *significance.compare], significance,
                                         args.lang, reader)
        scores = evaluate_files(args.gold_file, args.system_file, legacy=False, lang=args.lang, log=log,
                                options=reader, breakdown=breakdown)
    except command.jp_errors as error:
        err.write(f"{prog}: error: {_located_message(error)}\n")
        return 2
    count_lined_up(audit, scores)
    sig = command.signature(args)
    text = format_scores(scores, args.verbose, args.counts, command.enhanced(args))
    if comparison is not None:
        text += format_table(comparison)
    text += breakdown_report.format_tables(breakdown)
    if args.json:
        out.write(dumps(envelope(prog, signature=sig, options=command.options_used(args),
                                 scores={**scores_as_dict(scores), **breakdown_report.as_json(breakdown)},
                                 audit=audit, blocks=args.show_alignment,
                                 significance=None if comparison is None else as_json(comparison))))
    else:
        out.write(text)
        if args.show_alignment:
            out.write(format_listing(audit))
    out.flush()
    if args.report is not None:
        from jp_shims.report import render_report, write_report

        try:
            write_report(args.report, render_report(tool=prog, signature=sig, headline=text, audit=audit,
                                                    loss_label="LAS words lost"))
        except OSError as error:
            err.write(f"{prog}: error: {args.report}: cannot write the report ({error.strerror})\n")
            return 2
    unaligned = None
    if log.unaligned_gold or log.unaligned_system:
        unaligned = (f"{log.unaligned_gold} gold and {log.unaligned_system} system sentences could not be aligned "
                     f"and count as unmatched")
        if log.first_unaligned is not None:
            first = log.first_unaligned
            unaligned += f" (first at {args.gold_file}:{first[0]}, {args.system_file}:{first[1]})"
    note = alignment_note(prog, audit, sig, unaligned, original=command.original)
    if note:
        err.write(note)
    return 0


def _located_message(error: BaseException) -> str:
    """``FILE:LINE: message`` for a load error (one line), worded as every tool reading
    CoNLL-U words it (``reader.describe_error``)."""
    path, line, message = describe_error(error)
    if path is None:
        return message
    return f"{path}:{line}: {message}" if line is not None else f"{path}: {message}"


def _conll18_signature(args: argparse.Namespace) -> str:
    from .audit import run_signature  # the audit layer is imported by JP mode only

    return run_signature(args.lang)


def _conll18_reader(args: argparse.Namespace, legacy: bool) -> ReaderOptions:
    return ReaderOptions(recursion_limit=original_recursion_limit()) if legacy else CONLL18


CONLL18_COMMAND = Command(
    prog=PROG, legacy_prog=LEGACY_PROG, original=LEGACY_PROG,
    counts_help="Print raw counts of correct/gold/system/aligned words instead of prec/rec/F1 for all metrics.",
    add_options=lambda parser: None,
    reader_options=_conll18_reader,
    signature=_conll18_signature,
    options_used=lambda args: {"lang": args.lang},
    enhanced=lambda args: False,
    jp_errors=(UDError, ValueError, OSError),
)
