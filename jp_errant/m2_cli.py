"""jp_errant_m2: errant_m2 (ERRANT 3.0.2) without spaCy.

Re-annotates an M2 file: ``-auto`` extracts every annotator's edits again from the corrected
sentence their edits produce; ``-gold`` keeps the gold spans, minimises them and gives them
new error types. JP mode reads the M2 strictly (one-line errors with file and line) and
sorts annotator ids numerically; ``--legacy`` reads it as errant does and uses errant's
category names.
"""
from __future__ import annotations

import argparse
import functools
import os
from dataclasses import replace
from typing import Iterator

from jp_shims.parallel import add_options as add_run_options, annotate_stream, run_options
from .annotate.alignment import MAX_ALIGNMENT_CELLS
from .annotate.batch import AnnotatorRecipe, Context, TooLarge, context_maker, reannotate_sentences
from .annotate.backend import Backend, BackendError
from .annotate.backends import check_backend, make_backend
from .annotate.cli_common import add_analyser_options, run_command
from .annotate.merging import STRATEGIES
from .annotate.reannotate import Reannotation
from .annotate.textio import InputError, check_readable
from .m2 import M2Error, Sentence, iter_blocks, legacy_block_edits, read_m2

PROG = "jp_errant_m2"


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Automatically extract and/or classify edits in an m2 file (stanza).",
        formatter_class=argparse.RawTextHelpFormatter,
        usage="%(prog)s [-h] (-auto | -gold) [options] m2_file -out OUT",
    )
    parser.add_argument("m2_file", help="The path to an m2 file.")
    kind = parser.add_mutually_exclusive_group(required=True)
    kind.add_argument("-auto", action="store_true", help="Extract edits automatically.")
    kind.add_argument("-gold", action="store_true", help="Use existing edit alignments.")
    parser.add_argument("-out", required=True, help="The output filepath.")
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
    return run_command(PROG, build_parser(), run, argv, backend, (InputError, BackendError, M2Error))


def run(args: argparse.Namespace, legacy: bool, backend: Backend | None) -> None:
    check_readable(args.m2_file)
    if args.out and _same_file(args.out, args.m2_file):
        raise InputError(args.out, None, "output file is also the input file (inputs are never modified)")
    labels = args.labels or ("errant" if legacy else "ud")
    print("Loading resources...")
    recipe = AnnotatorRecipe(args.lang, labels, args.lev, args.merge,
                             None if legacy else MAX_ALIGNMENT_CELLS)
    make_context = context_maker(recipe, args.backend, args.lang, False, args.model_dir)
    options = run_options(args)
    # The analyser is loaded here (its errors before any output) unless worker processes
    # load their own.
    context = None
    if options.jobs == 1 or backend is not None:
        context = Context(backend or make_backend(args.backend, args.lang, tokenize=False,
                                                  model_dir=args.model_dir), recipe.build())
        options = replace(options, jobs=1)
    else:
        check_backend(args.backend, args.lang, args.model_dir)
    reannotation = Reannotation(auto=args.auto, minimise=not args.no_min, old_types=args.old_cats,
                                legacy=legacy)
    print("Processing M2 file...")
    work = functools.partial(reannotate_sentences, options=reannotation)
    with open(args.out, "w", encoding="utf-8") as out:
        for sentence, outcome in annotate_stream(
                _sentences(args.m2_file, legacy), work, make_context, options,
                count=lambda: sum(1 for _ in _sentences(args.m2_file, legacy)),
                context=context, prog=PROG):
            if isinstance(outcome, TooLarge):
                raise InputError(args.m2_file, sentence.line, outcome.message)
            out.write(outcome)


def _sentences(path: str, legacy: bool) -> Iterator[Sentence]:
    if not legacy:
        yield from read_m2(path)
        return
    with open(path, encoding="utf-8") as stream:
        for block in iter_blocks(stream):
            head = block.text.split("\n")[0]
            yield Sentence(head[2:], tuple(legacy_block_edits(block.text)), block.line)


def _same_file(a: str, b: str) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)
