"""jp_preprocess_eval: joint tokenization + sentence-boundary evaluation of GOLD vs SYSTEM."""
from __future__ import annotations

import math
import sys
from typing import Callable

from jp_align import normalizer_for

from jp_preprocess.cliutil import OneLineParser, UsageError, refuse_legacy, report, silence_broken_pipe, write
from jp_preprocess.errors import InputError
from jp_preprocess.formats import FORMATS, iter_sentences
from jp_preprocess.joint import AlignedBlock, Diverged, evaluate, iter_blocks
from jp_preprocess.report import render_block, render_block_json, render_json, render_table

PROG = "jp_preprocess_eval"
# Any code without a language-specific table: jp_align then uses only its language-independent
# part (brackets, quotes, dashes, ellipsis, Unicode), which never merges or splits tokens' texts.
LANGUAGE_INDEPENDENT = "und"


def build_parser() -> OneLineParser:
    parser = OneLineParser(prog=PROG, description="Joint tokenization and sentence-boundary evaluation "
                           "by alignment (Jo et al. 2024). Plain text: one sentence per line, tokens "
                           "separated by spaces; or CoNLL-U.")
    parser.add_argument("gold", metavar="GOLD")
    parser.add_argument("system", metavar="SYSTEM")
    parser.add_argument("--gold-format", choices=FORMATS, default="auto", help="default: detected")
    parser.add_argument("--system-format", choices=FORMATS, default="auto", help="default: detected")
    parser.add_argument("--lang", default="en",
                        help="language of jp_align's exception table used for aligning (default: en, with "
                             "English contraction rules; 'und' keeps only the language-independent part)")
    parser.add_argument("--casefold", action="store_true", help="compare texts case-insensitively")
    parser.add_argument("--threshold", type=float, default=0.1,
                        help="distance below which differing sentence texts still align (default 0.1)")
    parser.add_argument("--json", action="store_true",
                        help="print JSON (JSON Lines, one record per block, with --show-alignment)")
    parser.add_argument("--show-alignment", action="store_true",
                        help="list every sentence block that is not a 1:1 match before the scores")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        refuse_legacy(argv)
        args = build_parser().parse_args(argv)
        check_threshold(args.threshold)
        blocks = iter_blocks(iter_sentences(args.gold, args.gold_format),
                             iter_sentences(args.system, args.system_format),
                             normalizer=normalizer_for(args.lang, casefold=args.casefold),
                             token_normalizer=normalizer_for(LANGUAGE_INDEPENDENT, casefold=args.casefold),
                             threshold=args.threshold)
        show = _shower(render_block_json if args.json else render_block) if args.show_alignment else None
        try:
            result = evaluate(blocks, show)
        except Diverged as error:
            raise InputError(args.system, error.system.line,
                             f"{error} (gold {args.gold}:{error.gold.line}): the files are not two "
                             f"segmentations of the same text") from None
        if (result.sentences.gold == 0) != (result.sentences.system == 0):
            # One side holds no sentence at all: a failed run upstream, not a score of zero.
            empty, other = (args.gold, args.system) if result.sentences.gold == 0 else (args.system, args.gold)
            raise InputError(empty, 1, f"the file holds no sentence, while {other} does")
        write(render_json(result, compact=args.show_alignment) if args.json else render_table(result))
    except (UsageError, InputError) as error:
        return report(PROG, error)
    except BrokenPipeError:
        return silence_broken_pipe()
    return 0


def check_threshold(value: float) -> None:
    """A sentence distance threshold is a finite number in [0, 1] (nan would silently turn
    every comparison false, a negative value or one over 1 means nothing for a distance)."""
    if not (math.isfinite(value) and 0.0 <= value <= 1.0):
        raise UsageError(f"--threshold must be a number between 0 and 1, not {value!r}")


def _shower(render: Callable[[AlignedBlock], str]) -> Callable[[AlignedBlock], None]:
    def show(aligned: AlignedBlock) -> None:
        if not aligned.sentence_match:
            write(render(aligned))
    return show
