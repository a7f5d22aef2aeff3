"""jp_wisebe: WiSeBE scoring of a segmentation against several references."""
from __future__ import annotations

import os
import sys

from jp_preprocess.cliutil import OneLineParser, UsageError, refuse_legacy, report, write
from jp_preprocess.errors import InputError
from jp_preprocess.projection import project_onto
from jp_preprocess.segmentation import Segmentation, load_segmentation
from jp_preprocess.wisebe import agreement_stats, general_reference, score, single_windows, windows
from jp_preprocess.wisebe_report import CandidateResult, Evaluation, render_json, render_text

PROG = "jp_wisebe"


def build_parser() -> OneLineParser:
    parser = OneLineParser(prog=PROG, description="WiSeBE: window-based sentence boundary evaluation "
                           "of a segmentation against several human references (one segment per line).")
    parser.add_argument("-r", "--references", nargs="+", required=True, metavar="REF",
                        help="reference segmentations, in order (a directory stands for its files, sorted)")
    parser.add_argument("-c", "--candidate", metavar="CANDIDATE", help="segmentation to score")
    parser.add_argument("-m", "--min-window", type=int, default=3, metavar="MIN_WINDOW",
                        help="maximum distance between border positions of one window (default 3)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
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


def evaluate(reference_paths: list[str], candidate_path: str | None, min_window: int) -> Evaluation:
    """Load, align when the tokenization differs, and score (raises InputError)."""
    loaded = [load_segmentation(path) for path in reference_paths]
    if not loaded[0].words:
        raise InputError(loaded[0].path, None, "no words")
    base = loaded[0]
    references: list[Segmentation] = [project_onto(ref, base) for ref in loaded]
    general = general_reference([ref.borders for ref in references])
    stats = agreement_stats(general, len(references))
    window_list = windows(general, min_window)
    candidate_result = None
    if candidate_path is not None:
        raw = load_segmentation(candidate_path)
        candidate = project_onto(raw, base)
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
        evaluation = evaluate(paths, args.candidate, args.min_window)
    except (UsageError, InputError) as error:
        return report(PROG, error)
    write(render_json(evaluation) if args.json else render_text(evaluation))
    return 0
