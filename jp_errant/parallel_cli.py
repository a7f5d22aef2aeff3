"""jp_errant_parallel: errant_parallel (ERRANT 3.0.2) without spaCy.

Reads an original text and one or more corrected texts (one sentence per line), extracts and
classifies the edits with a stanza analysis, and writes M2. JP mode (default) aligns the
sentences with jp_align when the files are segmented differently; ``--legacy`` pairs lines
exactly as errant does and uses errant's category names (PREP, CONJ).
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from jp_shims.command import refuse_input_as_output
from jp_shims.errors import InputError
from jp_shims.inputs import InputFile
from jp_shims.parallel import add_options as add_run_options, run_options

from .annotate.alignment import MAX_ALIGNMENT_CELLS
from .annotate.backend import Backend
from .annotate.batch import AnnotatorRecipe, TooLarge, local_context
from .annotate.cli_common import Prepare, add_analyser_options, annotator_parser, output_file, run_command
from .annotate.merging import STRATEGIES
from .annotate.parallel import ALIGN_MODES, UnalignedReport, annotate_files, check_texts, describe_group
from .annotate.textio import check_readable

PROG = "jp_errant_parallel"
ORIGINAL = "errant_parallel"


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
    names = [args.orig, *args.cor]
    if legacy:
        refuse_input_as_output(args.out, names)
        for name in names:
            check_readable(InputFile(name, name))
    orig, *cors = [InputFile(prepare(name), name) for name in names]
    if not legacy:
        check_texts([orig, *cors])
    labels = args.labels or ("errant" if legacy else "ud")
    print("Loading resources...")
    recipe = AnnotatorRecipe(args.lang, labels, args.lev, args.merge,
                             None if legacy else MAX_ALIGNMENT_CELLS)
    options = run_options(args)
    # The analyser is loaded here (its errors before any output) unless worker processes
    # load their own.
    context = local_context(recipe, args.backend, args.lang, args.tok, args.model_dir, options.jobs, backend)
    if context is not None:
        options = replace(options, jobs=1)
    print("Processing parallel files...")
    unaligned = UnalignedReport(args.orig, args.cor, lambda text: print(f"{PROG}: warning: {text}", file=sys.stderr))
    with output_file(args.out, legacy) as out:
        for group, outcome in annotate_files(orig, cors, recipe, args.backend, args.tok, args.model_dir, options,
                                             context, args.align, args.align_threshold, args.lang, legacy,
                                             prog=PROG):
            if args.show_alignment and not group.is_one_to_one and group.orig:
                print(describe_group(group), file=sys.stderr)
            unaligned.add(group)
            if isinstance(outcome, TooLarge):
                raise InputError(args.orig, group.orig[0][0], outcome.message)
            out.write(outcome)
    unaligned.flush()
