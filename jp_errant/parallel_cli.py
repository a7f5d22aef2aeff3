"""jp_errant_parallel: errant_parallel (ERRANT 3.0.2) without spaCy.

Reads an original text and one or more corrected texts (one sentence per line), extracts and
classifies the edits with a stanza analysis, and writes M2. JP mode (default) aligns the
sentences with jp_align when the files are segmented differently; ``--legacy`` pairs lines
exactly as errant does and uses errant's category names (PREP, CONJ).
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Iterator

from .annotate.annotator import Annotator, classifier_for
from .annotate.backend import Backend, BackendError, make_backend
from .annotate.cli_common import add_analyser_options, run_command
from .annotate.merging import STRATEGIES
from .annotate.pairing import Group, aligned_groups, zip_groups
from .annotate.pipeline import annotate_group
from .annotate.textio import InputError, check_readable, count_lines, read_lines
from .m2 import format_sentence

PROG = "jp_errant_parallel"
ALIGN_MODES = ("auto", "always", "never")


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Align parallel text files and extract and classify the edits (stanza).",
        formatter_class=argparse.RawTextHelpFormatter,
        usage="%(prog)s [-h] [options] -orig ORIG -cor COR [COR ...] -out OUT",
    )
    parser.add_argument("-orig", required=True, help="The path to the original text file.")
    parser.add_argument("-cor", nargs="+", default=[], required=True,
                        help="The paths to >= 1 corrected text files.")
    parser.add_argument("-out", required=True, help="The output filepath.")
    parser.add_argument("-tok", action="store_true",
                        help="Word tokenise the text with stanza (default: whitespace tokens).")
    parser.add_argument("-lev", action="store_true",
                        help="Align using standard Levenshtein (default: False).")
    parser.add_argument("-merge", choices=STRATEGIES, default="rules",
                        help="Choose a merging strategy for automatic alignment.\n"
                             "rules: Use a rule-based merging strategy (default)\n"
                             "all-split: Merge nothing: MSSDI -> M, S, S, D, I\n"
                             "all-merge: Merge adjacent non-matches: MSSDI -> M, SSDI\n"
                             "all-equal: Merge adjacent same-type non-matches: MSSDI -> M, SS, D, I")
    add_analyser_options(parser)
    parser.add_argument("--align", choices=ALIGN_MODES, default="auto",
                        help="Sentence alignment of ORIG and COR with jp_align: 'auto' when the "
                             "line counts differ (default), 'always', or 'never' (errant's pairing).")
    parser.add_argument("--align-threshold", type=float, default=0.1,
                        help="Largest normalized character distance at which jp_align closes a "
                             "block of corrected sentences (default: 0.1). Higher values give\n"
                             "smaller blocks but can misplace a short sentence at a boundary.")
    parser.add_argument("--show-alignment", action="store_true",
                        help="List the merged (non 1:1) sentence blocks on stderr.")
    return parser


def main(argv: list[str] | None = None, backend: Backend | None = None) -> int:
    """Console entry point; ``backend`` replaces the analyser (tests)."""
    return run_command(PROG, build_parser(), run, argv, backend, (InputError, BackendError))


def run(args: argparse.Namespace, legacy: bool, backend: Backend | None) -> None:
    _refuse_to_overwrite_inputs(args.out, [args.orig, *args.cor])
    for path in [args.orig, *args.cor]:
        check_readable(path)
    labels = args.labels or ("errant" if legacy else "ud")
    print("Loading resources...")
    annotator = Annotator(classifier_for(args.lang, labels), args.lev, args.merge)
    if backend is None:
        backend = make_backend(args.backend, args.lang, args.tok)
    print("Processing parallel files...")
    with open(args.out, "w", encoding="utf-8") as out:
        for group in _groups(args, legacy):
            if args.show_alignment and not group.is_one_to_one:
                print(describe_group(group), file=sys.stderr)
            out.write(format_sentence(annotate_group(group, backend, annotator, legacy, args.tok)))


def _groups(args: argparse.Namespace, legacy: bool) -> Iterator[Group]:
    mode = "never" if legacy else args.align
    if mode == "auto":
        counts = {count_lines(path) for path in [args.orig, *args.cor]}
        mode = "never" if len(counts) == 1 else "always"
    if mode == "never":
        return zip_groups(read_lines(args.orig), [read_lines(path) for path in args.cor])
    return aligned_groups(lambda: read_lines(args.orig), [read_lines(path) for path in args.cor],
                          args.lang, args.align_threshold)


def describe_group(group: Group) -> str:
    """``ORIG 3-4 <-> COR1 3-5 (similar+similar)`` for each COR file (1-based line numbers)."""
    parts = [f"ORIG {_line_span(group.orig)}"]
    for number, (lines, kind) in enumerate(zip(group.cors, group.kinds), start=1):
        parts.append(f"COR{number} {_line_span(lines)} ({kind})")
    return " <-> ".join(parts)


def _line_span(lines: tuple) -> str:
    if not lines:
        return "-"
    first, last = lines[0][0], lines[-1][0]
    return str(first) if first == last else f"{first}-{last}"


def _refuse_to_overwrite_inputs(out: str, inputs: list[str]) -> None:
    target = os.path.realpath(out)
    for path in inputs:
        if os.path.realpath(path) == target:
            raise InputError(out, None, "output file is also an input file (inputs are never modified)")
