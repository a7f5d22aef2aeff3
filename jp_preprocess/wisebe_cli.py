"""jp_wisebe: WiSeBE scoring of a segmentation against several references."""
from __future__ import annotations

import argparse
import os
import sys
from array import array
from dataclasses import replace
from itertools import chain, tee, zip_longest
from typing import Dict, Iterable, List, Optional

from jp_shims.audit import AlignmentAudit, format_listing, note_line
from jp_shims.cli import CommandParser, HelpEntry, help_section, take_flag
from jp_shims.command import check_writable, run_main
from jp_shims.config import LANGUAGES
from jp_shims.envelope import dumps, envelope
from jp_shims.errors import InputError, UsageError
from jp_shims.inputs import Inputs, check_format
from jp_shims.kinds import RETOKENIZED
from jp_shims.records import BlockRecord, Lines, WordGroup
from jp_shims.signature import signature

from jp_preprocess.projection import DEFAULT_NORMALIZER_LANG, Projection
from jp_preprocess.segmentation import iter_words
from jp_preprocess.wisebe import agreement_stats, score, score_against_borders, windows
from jp_preprocess.wisebe_report import CandidateResult, Evaluation, evaluation_dict, render_text

PROG = "jp_wisebe"
JP_HELP: List[HelpEntry] = ["--json", ("--show-alignment", "list every block of a re-tokenized file whose words were regrouped "
                      "onto the first reference's (with --json: inside the document)"),
           "--report FILE.html",
           ("--lang LANG", "exception table for regrouping the words of a file tokenized differently from the "
                           "first reference: " + "; ".join(f"{code} = {meaning}" for code, meaning in LANGUAGES.items())
            + f" (default {DEFAULT_NORMALIZER_LANG})"),
           "--version"]


def build_parser() -> CommandParser:
    parser = CommandParser(prog=PROG, description="WiSeBE: window-based sentence boundary evaluation "
                           "of a segmentation against several human references (one segment per line).",
                           jp_help=help_section(JP_HELP))
    parser.add_argument("-r", "--references", nargs="+", required=True, metavar="REF",
                        help="reference segmentations, in order (a directory stands for its files, sorted; "
                             "'-': standard input)")
    parser.add_argument("-c", "--candidate", metavar="CANDIDATE", help="segmentation to score ('-': standard input)")
    parser.add_argument("-m", "--min-window", type=int, default=3, metavar="MIN_WINDOW",
                        help="maximum distance between border positions of one window (default 3)")
    hidden = argparse.SUPPRESS  # described by the JP options section
    parser.add_argument("--json", action="store_true", help=hidden)
    parser.add_argument("--show-alignment", action="store_true", help=hidden)
    parser.add_argument("--report", metavar="FILE.html", help=hidden)
    parser.add_argument("--lang", choices=list(LANGUAGES), default=DEFAULT_NORMALIZER_LANG, help=hidden)
    return parser


def reference_files(arguments: list[str]) -> list[str]:
    """The reference files: a directory stands for its files, sorted (an empty one is an
    error: a reference would silently be missing)."""
    files: list[str] = []
    for argument in arguments:
        if os.path.isdir(argument):
            inside = sorted(os.path.join(argument, name) for name in os.listdir(argument)
                            if os.path.isfile(os.path.join(argument, name)))
            if not inside:
                raise InputError(argument, None, "the directory holds no reference file")
            files.extend(inside)
        else:
            files.append(argument)
    return files


def evaluate(reference_paths: list[str], candidate_path: str | None, min_window: int,
             audit: Optional[AlignmentAudit] = None, lang: str = DEFAULT_NORMALIZER_LANG,
             shown: Optional[Dict[str, str]] = None) -> Evaluation:
    """Read, align when the tokenization differs, and score (raises InputError). ``audit``
    counts (records) the word groups of every file that had to be regrouped onto the first
    reference's words; ``lang`` names the exception table of that regrouping
    (:data:`jp_shims.config.LANGUAGES`); ``shown`` the name the audit gives a path read (a
    spooled copy of standard input is ``-``).

    All files are streamed together, word by word of the first reference: what is kept per
    word position is a few bytes (the reference count, each file's border flag), never the
    words, so memory stays small on long transcripts and a difference on the first line is
    reported without reading further.
    """
    base_path = reference_paths[0]
    others = [*reference_paths[1:], *([candidate_path] if candidate_path is not None else [])]
    base_words = iter_words(base_path)
    first = next(base_words, None)
    if first is None:
        raise InputError(base_path, None, "no words")
    copies = tee(chain((first,), base_words), len(others) + 1)
    from jp_align import normalizer_for

    normalizer = normalizer_for(lang)
    projections = [Projection(copy, iter_words(path), base_path, path, normalizer=normalizer,
                              on_group=None if audit is None else _auditor(audit, (shown or {}).get(path, path)))
                   for copy, path in zip(copies[1:], others)]
    streams: List[Iterable[int]] = [(int(word.border) for word in copies[0]), *projections]
    borders = [bytearray() for _ in streams]  # per file, one 0/1 flag per word position
    appends = [flags.append for flags in borders]
    for position_flags in zip_longest(*streams):
        # Every stream yields one flag per base word; a file that ends early or goes on
        # raises InputError inside its projection.
        for append, flag in zip(appends, position_flags):
            append(flag)
    references = borders[:len(reference_paths)]
    general = array("H", bytes(2 * len(borders[0])))
    for flags in references:
        for position, flag in enumerate(flags):
            if flag:
                general[position] += 1
    stats = agreement_stats(general, len(references))
    window_list = windows(general, min_window)
    realigned = [False] + [projection.realigned for projection in projections]
    candidate_result = None
    if candidate_path is not None:
        candidate = borders[-1]
        against_windows = score(candidate, window_list)
        candidate_result = CandidateResult(
            path=candidate_path, borders=against_windows.candidate_borders,
            realigned=realigned[-1],
            per_reference=tuple(score_against_borders(candidate, flags) for flags in references),
            windows=against_windows, wisebe=against_windows.f1 * stats.agreement_ratio)
    return Evaluation(
        reference_paths=tuple(reference_paths),
        reference_borders=tuple(sum(flags) for flags in references),
        realigned_references=tuple(realigned[:len(reference_paths)]),
        min_window=min_window, stats=stats, window_count=len(window_list), candidate=candidate_result)


def _auditor(audit: AlignmentAudit, name: str):
    """The ``on_group`` callback of a projection: a word group that is not one identical word
    on each side is re-tokenized (different segment boundaries are what WiSeBE measures, not a
    change). Each such group is one audit block, placed on the lines of its words."""
    def on_group(base_words: list, words: list, kind: str) -> None:
        base_lines = sorted({word.line for word in base_words})
        lines = sorted({word.line for word in words})
        if not audit.keep:
            audit.count(RETOKENIZED, len(base_lines), len(lines))
            return
        base_text = tuple(word.text for word in base_words)
        text = tuple(word.text for word in words)
        audit.add(BlockRecord(
            RETOKENIZED, Lines(audit.gold_file, base_lines[0], base_lines[-1]), Lines(name, lines[0], lines[-1]),
            " ".join(base_text), " ".join(text),
            reason="tokenized differently from the first reference; borders moved to the ends of word groups",
            match=kind, groups=(WordGroup(base_text, text, kind),), figures={"groups_regrouped": 1}),
            len(base_lines), len(lines))
    return on_group


ONE_REFERENCE_NOTE = (
    "note: with one reference no border can be shared by two references (cmp = 0), so AR and "
    "WiSeBE are 0 by definition; read the 'vs' row of the reference instead")


def main(argv: Optional[List[str]] = None) -> int:
    parser = build_parser()
    return run_main(PROG, parser.format_usage, lambda args: _run(parser, args), argv)


def _run(parser: CommandParser, argv: List[str]) -> int:
    if take_flag(argv, "--legacy"):
        raise UsageError("--legacy: there is no original tool to reproduce; JP mode is the only mode",
                         usage=False)
    args = parser.parse_args(argv)
    if args.min_window < 0:
        raise UsageError("-m/--min-window must be >= 0")
    if args.report is not None:
        check_writable(args.report)
    names = reference_files(args.references)
    if not names:
        raise UsageError("no reference files")
    with Inputs() as inputs:
        shown: Dict[str, str] = {}  # path read -> the name the user gave
        paths = [_prepared(inputs, name, shown) for name in names]
        candidate = None if args.candidate is None else _prepared(inputs, args.candidate, shown)
        audit = AlignmentAudit(names[0], args.candidate or names[0],
                               keep=args.show_alignment or args.report is not None)
        evaluation = _named(evaluate(paths, candidate, args.min_window, audit, args.lang, shown), shown)
    sig = signature(PROG, options=[f"-m{args.min_window}"], lang=args.lang)
    text = render_text(evaluation)
    if args.json:
        options = {"min_window": args.min_window, "references": names, "candidate": args.candidate,
                   "lang": args.lang}
        sys.stdout.write(dumps(envelope(PROG, signature=sig, options=options, scores=evaluation_dict(evaluation),
                                        audit=audit, blocks=args.show_alignment)))
    else:
        sys.stdout.write(text + (format_listing(audit, ("first reference", "projected"))
                                 if args.show_alignment else ""))
    if args.report is not None:
        from jp_shims.report import render_report, write_report

        sys.stdout.flush()
        try:
            write_report(args.report, render_report(tool=PROG, signature=sig, headline=text, audit=audit,
                                                    labels=("first reference", "projected file")))
        except OSError as error:
            raise InputError(args.report, None, f"cannot write the report ({error.strerror})") from None
    note = note_line(PROG, audit.summary, original=None,
                     what=f"{audit.summary.describe()} in files tokenized differently from the first reference",
                     consequence="their borders were moved onto the first reference's words (the WiSeBE "
                                 "toolkit refuses such files)", signature=sig)
    if note:
        sys.stderr.write(note)
    if len(names) == 1:
        sys.stderr.write(f"{PROG}: {ONE_REFERENCE_NOTE}\n")
    return 0


def _prepared(inputs: Inputs, name: str, shown: Dict[str, str]) -> str:
    """The path to read for input ``name`` (standard input and BOM files are spooled), once
    its start is not evidently another format (M2, trees, token columns: jp_shims.sniff)."""
    from jp_preprocess.formats import TEXT_OR_CONLLU

    file = inputs.prepare(name)
    check_format(file, TEXT_OR_CONLLU)
    shown[file.path] = name
    return file.path


def _named(evaluation: Evaluation, shown: Dict[str, str]) -> Evaluation:
    """``evaluation`` naming the files as the user gave them (spooled copies were read)."""
    candidate = evaluation.candidate
    if candidate is not None:
        candidate = replace(candidate, path=shown.get(candidate.path, candidate.path))
    return replace(evaluation, candidate=candidate,
                   reference_paths=tuple(shown.get(path, path) for path in evaluation.reference_paths))

