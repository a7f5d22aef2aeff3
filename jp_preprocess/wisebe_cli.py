"""jp_wisebe: WiSeBE scoring of a segmentation against several references."""
from __future__ import annotations

import argparse
import os
import sys
from typing import Optional

from jp_shims.audit import EXACT, RETOKENIZED, AlignmentAudit, BlockRecord, Lines, WordGroup, format_listing, note_line
from jp_shims.brokenpipe import guard_broken_pipe
from jp_shims.cli import help_section, version_line
from jp_shims.envelope import dumps, envelope
from jp_shims.signature import signature

from jp_preprocess.cliutil import OneLineParser, UsageError, refuse_legacy, report, write
from jp_preprocess.errors import InputError
from jp_preprocess.projection import DEFAULT_NORMALIZER_LANG, project_onto
from jp_preprocess.segmentation import Segmentation, load_segmentation
from jp_preprocess.wisebe import agreement_stats, general_reference, score, single_windows, windows
from jp_preprocess.wisebe_report import CandidateResult, Evaluation, evaluation_dict, render_text

PROG = "jp_wisebe"
JP_HELP = ["--json", ("--show-alignment", "list every block of a re-tokenized file whose words were regrouped "
                      "onto the first reference's (with --json: inside the document)"),
           "--report FILE.html", "--version"]


def build_parser() -> OneLineParser:
    parser = OneLineParser(prog=PROG, description="WiSeBE: window-based sentence boundary evaluation "
                           "of a segmentation against several human references (one segment per line).",
                           jp_help=help_section(JP_HELP))
    parser.add_argument("-r", "--references", nargs="+", required=True, metavar="REF",
                        help="reference segmentations, in order (a directory stands for its files, sorted)")
    parser.add_argument("-c", "--candidate", metavar="CANDIDATE", help="segmentation to score")
    parser.add_argument("-m", "--min-window", type=int, default=3, metavar="MIN_WINDOW",
                        help="maximum distance between border positions of one window (default 3)")
    hidden = argparse.SUPPRESS  # described by the JP options section
    parser.add_argument("--json", action="store_true", help=hidden)
    parser.add_argument("--show-alignment", action="store_true", help=hidden)
    parser.add_argument("--report", metavar="FILE.html", help=hidden)
    parser.add_argument("--version", action="version", version=version_line(PROG).rstrip("\n"), help=hidden)
    return parser


def reference_files(arguments: list[str]) -> list[str]:
    files: list[str] = []
    for argument in arguments:
        if os.path.isdir(argument):
            files.extend(sorted(os.path.join(argument, name) for name in os.listdir(argument)
                                if os.path.isfile(os.path.join(argument, name))))
        else:
            files.append(argument)
    return files


def evaluate(reference_paths: list[str], candidate_path: str | None, min_window: int,
             audit: Optional[AlignmentAudit] = None) -> Evaluation:
    """Load, align when the tokenization differs, and score (raises InputError). ``audit``
    counts (records) the blocks of every file that had to be projected onto the first
    reference's words."""
    loaded = [load_segmentation(path) for path in reference_paths]
    if not loaded[0].words:
        raise InputError(loaded[0].path, None, "no words")
    base = loaded[0]

    def project(segmentation: Segmentation) -> Segmentation:
        on_block = None if audit is None else _auditor(audit, segmentation.path)
        return project_onto(segmentation, base, on_block=on_block)

    references: list[Segmentation] = [project(ref) for ref in loaded]
    general = general_reference([ref.borders for ref in references])
    stats = agreement_stats(general, len(references))
    window_list = windows(general, min_window)
    candidate_result = None
    if candidate_path is not None:
        raw = load_segmentation(candidate_path)
        candidate = project(raw)
        per_reference = tuple(score(candidate.borders, single_windows(ref.borders)) for ref in references)
        against_windows = score(candidate.borders, window_list)
        candidate_result = CandidateResult(
            path=candidate_path, borders=against_windows.candidate_borders,
            realigned=candidate is not raw, per_reference=per_reference, windows=against_windows,
            wisebe=against_windows.f1 * stats.agreement_ratio)
    return Evaluation(
        reference_paths=tuple(reference_paths),
        reference_borders=tuple(ref.border_count for ref in references),
        realigned_references=tuple(ref is not raw for ref, raw in zip(references, loaded)),
        min_window=min_window, stats=stats, window_count=len(window_list), candidate=candidate_result)


def _auditor(audit: AlignmentAudit, path: str):
    """The ``on_block`` callback of a projection: a block whose words are regrouped (not 1:1
    exact) is re-tokenized; different segment boundaries are what WiSeBE measures, not a change."""
    def on_block(block, base_segments, segments, groups) -> None:
        odd = [g for g in groups if not (g.is_one_to_one and g.kind == EXACT)]
        kind = RETOKENIZED if odd else EXACT
        if kind == EXACT or not audit.keep:
            audit.count(kind, len(base_segments), len(segments))
            return
        base_words = [w for s in base_segments for w in s.tokens]
        words = [w for s in segments for w in s.tokens]
        audit.add(BlockRecord(
            kind, Lines(audit.gold_file, base_segments[0].line, base_segments[-1].line),
            Lines(path, segments[0].line, segments[-1].line),
            " | ".join(" ".join(s.tokens) for s in base_segments), " | ".join(" ".join(s.tokens) for s in segments),
            reason="tokenized differently from the first reference; borders moved to the ends of word groups",
            match=block.kind, groups=tuple(WordGroup(tuple(base_words[i] for i in g.left),
                                                      tuple(words[j] for j in g.right), g.kind) for g in odd),
            figures={"groups_regrouped": len(odd)}),
            len(base_segments), len(segments))
    return on_block


@guard_broken_pipe
def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        refuse_legacy(argv)
        args = build_parser().parse_args(argv)
        if args.min_window < 0:
            raise UsageError("-m/--min-window must be >= 0")
        paths = reference_files(args.references)
        if not paths:
            raise UsageError("no reference files")
        audit = AlignmentAudit(paths[0], args.candidate or paths[0],
                               keep=args.show_alignment or args.report is not None)
        evaluation = evaluate(paths, args.candidate, args.min_window, audit)
        sig = signature(PROG, options=[f"-m{args.min_window}"], lang=DEFAULT_NORMALIZER_LANG)
        text = render_text(evaluation)
        if args.json:
            options = {"min_window": args.min_window, "references": paths, "candidate": args.candidate}
            write(dumps(envelope(PROG, signature=sig, options=options, scores=evaluation_dict(evaluation),
                                 audit=audit, blocks=args.show_alignment)))
        else:
            write(text + (format_listing(audit, ("first reference", "projected")) if args.show_alignment else ""))
        if args.report is not None:
            from jp_shims.report import render_report, write_report

            try:
                write_report(args.report, render_report(tool=PROG, signature=sig, headline=text, audit=audit,
                                                        labels=("first reference", "projected file")))
            except OSError as error:
                raise InputError(args.report, None, f"cannot write the report ({error.strerror})") from None
    except (UsageError, InputError) as error:
        return report(PROG, error)
    note = note_line(PROG, audit.summary, original=None,
                     what=f"{audit.summary.describe()} in files tokenized differently from the first reference",
                     consequence="their borders were moved onto the first reference's words (the WiSeBE "
                                 "toolkit refuses such files)", signature=sig)
    if note:
        sys.stderr.write(note)
    return 0
