"""jp_errant_parallel: errant_parallel (ERRANT 3.0.2) without spaCy.

Reads an original text and one or more corrected texts (one sentence per line), extracts and
classifies the edits with a stanza analysis, and writes M2. JP mode (default) aligns the
sentences with jp_align when the files are segmented differently; ``--legacy`` pairs lines
exactly as errant does and uses errant's category names (PREP, CONJ).
"""
from __future__ import annotations

import argparse
import functools
import sys
from dataclasses import replace
from typing import Iterator, NamedTuple

from jp_shims.command import refuse_input_as_output
from jp_shims.inputs import Format, InputFile, check_format
from jp_shims.parallel import add_options as add_run_options, annotate_stream, run_options

from .annotate.batch import AnnotatorRecipe, Context, TooLarge, annotate_groups, context_maker
from .annotate.backend import Backend
from .annotate.backends import check_backend, make_backend
from .annotate.cli_common import Prepare, add_analyser_options, annotator_parser, output_file, run_command
from .annotate.merging import STRATEGIES
from .annotate.pairing import UNALIGNED_RUN_LIMIT, Group, aligned_groups, zip_groups
from .annotate.alignment import MAX_ALIGNMENT_CELLS
from .annotate.textio import InputError, check_readable, count_lines, has_text, read_lines

PROG = "jp_errant_parallel"
ORIGINAL = "errant_parallel"
ALIGN_MODES = ("auto", "always", "never")
# ORIG and COR: any line is a sentence, but a file that is evidently M2, trees, CoNLL-U or
# token columns is not (jp_shims.sniff).
TEXT = Format("plain text, one sentence a line", lambda line: True)


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    parser = annotator_parser(
        prog, "Align parallel text files and extract and classify the edits (stanza).",
        "%(prog)s [-h] [options] -orig ORIG -cor COR [COR ...] -out OUT", ORIGINAL)
    parser.add_argument("-orig", required=True, help="The path to the original text file ('-': standard input).")
    parser.add_argument("-cor", nargs="+", default=[], required=True,
                        help="The paths to >= 1 corrected text files ('-': standard input, for one file).")
    parser.add_argument("-out", required=True, help="The output filepath (checked before any work).")
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
    add_run_options(parser)
    return parser


def main(argv: list[str] | None = None, backend: Backend | None = None) -> int:
    """Console entry point; ``backend`` replaces the analyser (tests)."""
    return run_command(PROG, build_parser(), run, argv, backend, lambda args: args.out,
                       lambda args: [args.orig, *args.cor])


def run(args: argparse.Namespace, legacy: bool, backend: Backend | None, prepare: Prepare = str) -> None:
    """Annotate; ``prepare`` gives the path to read for an input's name (JP mode: standard
    input and BOM files spooled)."""
    if legacy:
        refuse_input_as_output(args.out, [args.orig, *args.cor])
        for path in [args.orig, *args.cor]:
            check_readable(path)
    files = Files(prepare(args.orig), [prepare(name) for name in args.cor])
    if not legacy:
        _refuse_one_empty_input([files.orig, *files.cor], [args.orig, *args.cor])
        for path, name in zip([files.orig, *files.cor], [args.orig, *args.cor]):
            check_format(InputFile(path, name), TEXT)
        for path in [files.orig, *files.cor]:
            # Every line decoded once before the model loads: bad input stops the run before
            # anything is analysed or written (reading is cheap beside the analysis).
            for _ in read_lines(path, reject_nul=True):
                pass
    labels = args.labels or ("errant" if legacy else "ud")
    print("Loading resources...")
    recipe = AnnotatorRecipe(args.lang, labels, args.lev, args.merge,
                             None if legacy else MAX_ALIGNMENT_CELLS)
    make_context = context_maker(recipe, args.backend, args.lang, args.tok, args.model_dir)
    options = run_options(args)
    # The analyser is loaded here (its errors before any output) unless worker processes
    # load their own.
    context = None
    if options.jobs == 1 or backend is not None:
        context = Context(backend or make_backend(args.backend, args.lang, args.tok, args.model_dir),
                          recipe.build())
        options = replace(options, jobs=1)
    else:
        check_backend(args.backend, args.lang, args.model_dir)
    print("Processing parallel files...")
    unaligned = UnalignedReport(args.orig, args.cor)
    work = functools.partial(annotate_groups, legacy=legacy, tokenize=args.tok)
    with output_file(args.out, legacy) as out:
        for group, outcome in annotate_stream(_groups(args, files, legacy), work, make_context, options,
                                              count=lambda: sum(1 for _ in _groups(args, files, legacy)),
                                              context=context, label="groups", prog=PROG):
            if args.show_alignment and not group.is_one_to_one and group.orig:
                print(describe_group(group), file=sys.stderr)
            unaligned.add(group)
            if isinstance(outcome, TooLarge):
                raise InputError(args.orig, group.orig[0][0], outcome.message)
            out.write(outcome)
    unaligned.flush()


class UnalignedReport:
    """One stderr warning per stretch of lines that jp_align could not align (per COR file):
    their ORIG lines get a ``noop`` for that annotator and the COR lines are not used.
    Consecutive unaligned groups are reported together."""

    def __init__(self, orig_path: str, cor_paths: list[str]) -> None:
        self.orig_path = orig_path
        self.cor_paths = cor_paths
        self.runs: list = [None] * len(cor_paths)  # per COR file: [ORIG lines, COR lines]

    def add(self, group: Group) -> None:
        for cor in range(len(group.cors)):
            orig_lines = () if group.is_aligned(cor) else group.orig
            cor_lines = (() if group.is_aligned(cor) else group.cors[cor]) + group.extra_lines(cor)
            gave_up = group.gave_up_at(cor)
            if not orig_lines and not cor_lines:
                self._flush(cor)
                continue
            run = self.runs[cor] or [[], [], None]
            # Only the first and last line numbers of a stretch are kept.
            run[0][:] = _ends(run[0] + [line[0] for line in orig_lines[:1] + orig_lines[-1:]])
            run[1][:] = _ends(run[1] + [line[0] for line in cor_lines[:1] + cor_lines[-1:]]
                              + ([gave_up[1], gave_up[2]] if gave_up else []))
            if gave_up:
                run[2] = gave_up
            self.runs[cor] = run
            if group.is_aligned(cor):
                self._flush(cor)  # extra COR lines after an aligned block end the stretch

    def flush(self) -> None:
        for cor in range(len(self.runs)):
            self._flush(cor)

    def _flush(self, cor: int) -> None:
        run, self.runs[cor] = self.runs[cor], None
        if run is None:
            return
        orig_lines, cor_lines, gave_up = run
        cor_name = f"COR{cor + 1} ({self.cor_paths[cor]})"
        if gave_up:
            print(f"{PROG}: warning: ORIG {_span(orig_lines)} ({self.orig_path}) and {cor_name} "
                  f"{_span(cor_lines)} could not be aligned, and alignment was given up from ORIG "
                  f"line {gave_up[0]} and {cor_name.split()[0]} line {gave_up[1]} on (no "
                  f"re-synchronization after {UNALIGNED_RUN_LIMIT} unaligned lines on each side): "
                  f"these ORIG lines are written with a noop for annotator {cor}", file=sys.stderr)
        elif orig_lines and not cor_lines:
            print(f"{PROG}: warning: ORIG {_span(orig_lines)} ({self.orig_path}) have no "
                  f"counterpart in {cor_name}: these ORIG lines are written with a noop for "
                  f"annotator {cor}", file=sys.stderr)
        elif orig_lines:
            print(f"{PROG}: warning: ORIG {_span(orig_lines)} ({self.orig_path}) and {cor_name} "
                  f"{_span(cor_lines)} could not be aligned: these ORIG lines are written with a "
                  f"noop for annotator {cor}", file=sys.stderr)
        else:
            print(f"{PROG}: warning: {cor_name} {_span(cor_lines)} has no counterpart in ORIG "
                  f"({self.orig_path}): not annotated", file=sys.stderr)


def _ends(numbers: list[int]) -> list[int]:
    return [min(numbers), max(numbers)] if numbers else []


def _span(numbers: list[int]) -> str:
    if not numbers:
        return "-"
    first, last = min(numbers), max(numbers)
    return f"line {first}" if first == last else f"lines {first}-{last}"


class Files(NamedTuple):
    """The paths to read: ORIG's and each COR's."""

    orig: str
    cor: list[str]


def _refuse_one_empty_input(paths: list[str], names: list[str]) -> None:
    """An input with no sentence while another has some is a failed run upstream (an empty
    COR would otherwise delete every ORIG token, an empty ORIG leave every COR line out)."""
    empty = [not has_text(path) for path in paths]
    if any(empty) and not all(empty):
        raise InputError(names[empty.index(True)], None,
                         f"the file holds no sentence, while {names[empty.index(False)]} does")


def _groups(args: argparse.Namespace, files: Files, legacy: bool) -> Iterator[Group]:
    mode = "never" if legacy else args.align
    if mode == "auto":
        counts = {count_lines(path) for path in [files.orig, *files.cor]}
        mode = "never" if len(counts) == 1 else "always"
    strict = not legacy

    def lines(path: str) -> Iterator[tuple[int, str]]:
        return read_lines(path, reject_nul=strict)

    if mode == "never":
        return zip_groups(lines(files.orig), [lines(path) for path in files.cor])
    return aligned_groups(lambda: lines(files.orig), [lines(path) for path in files.cor],
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
