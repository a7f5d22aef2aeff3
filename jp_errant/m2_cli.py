"""jp_errant_m2: errant_m2 (ERRANT 3.0.2) without spaCy.

Re-annotates an M2 file: ``-auto`` extracts every annotator's edits again from the corrected
sentence their edits produce; ``-gold`` keeps the gold spans, minimises them and gives them
new error types. JP mode reads the M2 strictly (one-line errors with file and line) and
sorts annotator ids numerically; ``--legacy`` reads it as errant does and uses errant's
category names.
"""
from __future__ import annotations

import argparse
from dataclasses import replace

from jp_shims.command import refuse_input_as_output
from jp_shims.errors import InputError
from jp_shims.inputs import InputFile
from jp_shims.parallel import add_options as add_run_options, run_options

from .annotate.alignment import MAX_ALIGNMENT_CELLS
from .annotate.backend import Backend
from .annotate.batch import AnnotatorRecipe, TooLarge, local_context
from .annotate.cli_common import Prepare, add_analyser_options, annotator_parser, output_file, run_command
from .annotate.m2file import check_m2, reannotate_file
from .annotate.merging import STRATEGIES
from .annotate.reannotate import Reannotation
from .annotate.textio import check_readable

PROG = "jp_errant_m2"
ORIGINAL = "errant_m2"


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    parser = annotator_parser(
        prog, "Automatically extract and/or classify edits in an m2 file (stanza).",
        "%(prog)s [-h] (-auto | -gold) [options] m2_file -out OUT", ORIGINAL)
    parser.add_argument("m2_file", help="The path to an m2 file ('-': standard input).")
    kind = parser.add_mutually_exclusive_group(required=True)
    kind.add_argument("-auto", action="store_true", help="Extract edits automatically.")
    kind.add_argument("-gold", action="store_true", help="Use existing edit alignments.")
    parser.add_argument("-out", required=True, help="The output filepath (checked before any work).")
    parser.add_argument("-no_min", action="store_true", help="Do not minimise edit spans (gold only).")
    parser.add_argument("-old_cats", action="store_true",
                        help="Preserve old error types (gold only); i.e. turn off the classifier.")
    parser.add_argument("-lev", action="store_true", help="Align using standard Levenshtein.")
    parser.add_argument("-merge", choices=STRATEGIES, default="rules",
                        help="Choose a merging strategy for automatic alignment (default: rules).")
    add_analyser_options(parser)
    add_run_options(parser)
    return parser


def main(argv: list[str] | None = None, backend: Backend | None = None) -> int:
    """Console entry point; ``backend`` replaces the analyser (tests)."""
    return run_command(PROG, build_parser(), run, argv, backend, lambda args: args.out, lambda args: [args.m2_file])


def run(args: argparse.Namespace, legacy: bool, backend: Backend | None, prepare: Prepare = str) -> None:
    """Re-annotate; ``prepare`` gives the path to read for the input's name (JP mode:
    standard input and a BOM file spooled)."""
    if legacy:
        check_readable(InputFile(args.m2_file, args.m2_file))
        refuse_input_as_output(args.out, [args.m2_file])
    file = InputFile(prepare(args.m2_file), args.m2_file)
    if not legacy:
        check_m2(file)
    labels = args.labels or ("errant" if legacy else "ud")
    print("Loading resources...")
    recipe = AnnotatorRecipe(args.lang, labels, args.lev, args.merge,
                             None if legacy else MAX_ALIGNMENT_CELLS)
    options = run_options(args)
    # The analyser is loaded here (its errors before any output) unless worker processes
    # load their own.
    context = local_context(recipe, args.backend, args.lang, False, args.model_dir, options.jobs, backend)
    if context is not None:
        options = replace(options, jobs=1)
    reannotation = Reannotation(auto=args.auto, minimise=not args.no_min, old_types=args.old_cats,
                                legacy=legacy)
    print("Processing M2 file...")
    with output_file(args.out, legacy) as out:
        for sentence, outcome in reannotate_file(file, recipe, reannotation, args.backend, args.model_dir,
                                                 options, context, prog=PROG):
            if isinstance(outcome, TooLarge):
                raise InputError(args.m2_file, sentence.line, outcome.message)
            out.write(outcome)
