"""jp_preprocess_eval: joint tokenization + sentence-boundary evaluation of GOLD vs SYSTEM."""
from __future__ import annotations

import sys

from jp_align import normalizer_for

from jp_preprocess.cliutil import OneLineParser, UsageError, refuse_legacy, report, write
from jp_preprocess.errors import InputError
from jp_preprocess.formats import FORMATS, iter_sentences
from jp_preprocess.joint import AlignedBlock, evaluate, iter_blocks
from jp_preprocess.report import render_block, render_json, render_table

PROG = "jp_preprocess_eval"


def build_parser() -> OneLineParser:
    parser = OneLineParser(prog=PROG, description="Joint tokenization and sentence-boundary evaluation "
                           "by alignment (Jo et al. 2024). Plain text: one sentence per line, tokens "
                           "separated by spaces; or CoNLL-U.")
    parser.add_argument("gold", metavar="GOLD")
    parser.add_argument("system", metavar="SYSTEM")
    parser.add_argument("--gold-format", choices=FORMATS, default="auto", help="default: detected")
    parser.add_argument("--system-format", choices=FORMATS, default="auto", help="default: detected")
    parser.add_argument("--lang", default="en", help="exception table of jp_align (default: en)")
    parser.add_argument("--casefold", action="store_true", help="compare texts case-insensitively")
    parser.add_argument("--threshold", type=float, default=0.1,
                        help="sentence distance below which differing texts still align (default 0.1)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    parser.add_argument("--show-alignment", action="store_true",
                        help="list every sentence block that is not a 1:1 match before the scores")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        refuse_legacy(argv)
        args = build_parser().parse_args(argv)
        normalizer = normalizer_for(args.lang, casefold=args.casefold)
        blocks = iter_blocks(iter_sentences(args.gold, args.gold_format),
                             iter_sentences(args.system, args.system_format),
                             normalizer=normalizer, threshold=args.threshold)
        result = evaluate(blocks, _show if args.show_alignment else None)
    except (UsageError, InputError) as error:
        return report(PROG, error)
    write(render_json(result) if args.json else render_table(result))
    return 0


def _show(aligned: AlignedBlock) -> None:
    if not aligned.sentence_match:
        write(render_block(aligned))
