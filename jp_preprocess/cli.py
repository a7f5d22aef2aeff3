"""jp_preprocess_eval: joint tokenization + sentence-boundary evaluation of GOLD vs SYSTEM."""
from __future__ import annotations

import argparse
import math
import sys

from jp_align import normalizer_for
from jp_shims.audit import AlignmentAudit, format_listing
from jp_shims.brokenpipe import silence_stdout
from jp_shims.cli import help_section, version_line
from jp_shims.envelope import dumps, envelope

from jp_preprocess.audit import TOOL, alignment_note, record_block, run_signature
from jp_preprocess.cliutil import OneLineParser, UsageError, refuse_legacy, report, write
from jp_preprocess.errors import InputError
from jp_preprocess.formats import FORMATS, iter_sentences
from jp_preprocess.joint import Diverged, evaluate, iter_blocks
from jp_preprocess.report import counts_dict, render_table

PROG = "jp_preprocess_eval"
# Any code without a language-specific table: jp_align then uses only its language-independent
# part (brackets, quotes, dashes, ellipsis, Unicode), which never merges or splits tokens' texts.
LANGUAGE_INDEPENDENT = "und"
JP_HELP = ["--json", "--show-alignment", "--report FILE.html", "--version"]


def build_parser() -> OneLineParser:
    parser = OneLineParser(prog=PROG, description="Joint tokenization and sentence-boundary evaluation "
                           "by alignment (Jo et al. 2024). Plain text: one sentence per line, tokens "
                           "separated by spaces; or CoNLL-U.", jp_help=help_section(JP_HELP))
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
    hidden = argparse.SUPPRESS  # described by the JP options section
    parser.add_argument("--json", action="store_true", help=hidden)
    parser.add_argument("--show-alignment", action="store_true", help=hidden)
    parser.add_argument("--report", metavar="FILE.html", help=hidden)
    parser.add_argument("--version", action="version", version=version_line(PROG).rstrip("\n"), help=hidden)
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
        audit = AlignmentAudit(args.gold, args.system, keep=args.show_alignment or args.report is not None)
        try:
            result = evaluate(blocks, lambda aligned: record_block(audit, aligned))
        except Diverged as error:
            raise InputError(args.system, error.system.line,
                             f"{error} (gold {args.gold}:{error.gold.line}): the files are not two "
                             f"segmentations of the same text") from None
        if (result.sentences.gold == 0) != (result.sentences.system == 0):
            # One side holds no sentence at all: a failed run upstream, not a score of zero.
            empty, other = (args.gold, args.system) if result.sentences.gold == 0 else (args.system, args.gold)
            raise InputError(empty, 1, f"the file holds no sentence, while {other} does")
        sig = run_signature(args.lang, args.casefold, args.threshold)
        table = render_table(result)
        if args.json:
            options = {"lang": args.lang, "casefold": args.casefold, "threshold": args.threshold,
                       "gold_format": args.gold_format, "system_format": args.system_format}
            scores = {"sentences": counts_dict(result.sentences), "tokens": counts_dict(result.tokens)}
            write(dumps(envelope(TOOL, signature=sig, options=options, scores=scores, audit=audit,
                                 blocks=args.show_alignment)))
        else:
            write(table + (format_listing(audit) if args.show_alignment else ""))
        sys.stdout.flush()
        if args.report is not None:
            write_html_report(args.report, sig, table, audit)
    except (UsageError, InputError) as error:
        return report(PROG, error)
    except BrokenPipeError:
        return silence_stdout()
    note = alignment_note(PROG, audit, sig)
    if note:
        sys.stderr.write(note)
    return 0


def write_html_report(path: str, sig: str, table: str, audit: AlignmentAudit) -> None:
    from jp_shims.report import render_report, write_report

    try:
        write_report(path, render_report(tool=TOOL, signature=sig, headline=table, audit=audit,
                                         loss_label="token FP+FN"))
    except OSError as error:
        raise InputError(path, None, f"cannot write the report ({error.strerror})") from None


def check_threshold(value: float) -> None:
    """A sentence distance threshold is a finite number in [0, 1] (nan would silently turn
    every comparison false, a negative value or one over 1 means nothing for a distance)."""
    if not (math.isfinite(value) and 0.0 <= value <= 1.0):
        raise UsageError(f"--threshold must be a number between 0 and 1, not {value!r}")
