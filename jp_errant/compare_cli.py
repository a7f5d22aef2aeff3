"""``jp_errant_compare``: drop-in for errant 3.0.2's ``errant_compare``.

``--legacy`` (anywhere in argv) reproduces errant_compare byte-for-byte, failures included
(uncaught exceptions, exit 1). The default JP mode aligns hypothesis and reference sentences
first (:mod:`jp_errant.compare`) and reports bad input as one ``PROG: error: FILE:LINE: msg``
line with exit 2. Both modes score with :mod:`jp_errant.scorer`.
"""
from __future__ import annotations

import argparse
import gc
import os
import sys
from itertools import zip_longest
from typing import IO, Iterator

from jp_errant.brokenpipe import silence_broken_pipe
from jp_errant.m2 import FieldCache, count_blocks, iter_block_texts, legacy_block_rows, legacy_block_source
from jp_errant.scorer import CorpusResult, ScoreOptions, SentencePair, score_corpus, write_report

LEGACY_FLAG = "--legacy"
LEGACY_PROG = "errant_compare"


# Options JP mode adds to errant_compare's. argparse would also accept any unambiguous
# prefix of them ("--s", "--j"), which errant_compare rejects as unrecognized arguments; only
# errant's own long options (--beta, --verbose) keep their prefixes, as in errant.
JP_OPTIONS = ("--json", "--show-alignment")


class _JPModeParser(argparse.ArgumentParser):
    """errant_compare's parser, with JP mode's own options matched only in full."""

    def _get_option_tuples(self, option_string: str) -> list:
        # Each tuple names the matched option string second (Python 3.9 to 3.13).
        return [match for match in super()._get_option_tuples(option_string)
                if match[1] not in JP_OPTIONS]


def build_parser(prog: str, jp_mode: bool) -> argparse.ArgumentParser:
    """errant_compare's option table (same names, types, group and help texts)."""
    parser = (_JPModeParser if jp_mode else argparse.ArgumentParser)(
        prog=prog,
        description="Calculate F-scores for error detection and/or correction.\n"
        "Flags let you evaluate at different levels of granularity.",
        formatter_class=argparse.RawTextHelpFormatter,
        usage="%(prog)s [options] -hyp HYP -ref REF",
    )
    parser.add_argument("-hyp", help="A hypothesis M2 file.", required=True)
    parser.add_argument("-ref", help="A reference M2 file.", required=True)
    parser.add_argument("-b", "--beta", help="Value of beta in F-score. (default: 0.5)",
                        default=0.5, type=float)
    parser.add_argument("-v", "--verbose", help="Print verbose output.", action="store_true")
    eval_type = parser.add_mutually_exclusive_group()
    eval_type.add_argument("-dt", help="Evaluate Detection in terms of Tokens.", action="store_true")
    eval_type.add_argument("-ds", help="Evaluate Detection in terms of Spans.", action="store_true")
    eval_type.add_argument("-cs", help="Evaluate Correction in terms of Spans. (default)",
                           action="store_true")
    eval_type.add_argument("-cse", help="Evaluate Correction in terms of Spans and Error types.",
                           action="store_true")
    parser.add_argument("-single", help="Only evaluate single token edits; i.e. 0:1, 1:0 or 1:1",
                        action="store_true")
    parser.add_argument("-multi", help="Only evaluate multi token edits; i.e. 2+:n or n:2+",
                        action="store_true")
    parser.add_argument("-filt", help="Do not evaluate the specified error types.", nargs="+",
                        default=[])
    parser.add_argument("-cat", help="Show error category scores.\n"
                        "1: Only show operation tier scores; e.g. R.\n"
                        "2: Only show main tier scores; e.g. NOUN.\n"
                        "3: Show all category scores; e.g. R:NOUN.",
                        choices=[1, 2, 3], type=int)
    if jp_mode:
        parser.add_argument(JP_OPTIONS[0], action="store_true",
                            help="JP mode: print the figures (per category too) as one JSON document.")
        parser.add_argument(JP_OPTIONS[1], action="store_true",
                            help="JP mode: list every merged block (reference sentence ids <->\n"
                            "hypothesis sentence ids) after the report.")
    return parser


def options_from_args(args: argparse.Namespace) -> ScoreOptions:
    mode = "dt" if args.dt else "ds" if args.ds else "cse" if args.cse else "cs"
    # Per-category counts are only printed by -cat and --json.
    categories = bool(args.cat) or bool(getattr(args, "json", False))
    return ScoreOptions(beta=args.beta, mode=mode, single=args.single, multi=args.multi,
                        filt=tuple(args.filt), cat=args.cat, verbose=args.verbose,
                        categories=categories)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # Scoring allocates millions of short-lived tuples and no reference cycles; the cyclic
    # collector would only re-scan them (about a third of the run time on large corpora).
    # Restored on return, for callers that run main() in-process (tests).
    collecting = gc.isenabled()
    gc.disable()
    try:
        if LEGACY_FLAG in argv:
            argv = [arg for arg in argv if arg != LEGACY_FLAG]
            return run_legacy(argv, sys.stdout)
        from jp_errant.compare import run_jp  # alignment machinery only when needed

        try:
            # run_jp flushes stdout before returning, so a closed pipe surfaces here.
            return run_jp(argv, os.path.basename(sys.argv[0]) or "jp_errant_compare",
                          sys.stdout, sys.stderr)
        except BrokenPipeError:
            return silence_broken_pipe()
    finally:
        if collecting:
            gc.enable()


def run_legacy(argv: list[str], out: IO[str]) -> int:
    """errant_compare itself: failures propagate as errant's own exceptions (exit 1)."""
    args = build_parser(LEGACY_PROG, jp_mode=False).parse_args(argv)
    options = options_from_args(args)
    if options.verbose:
        # -v prints while scoring, and errant checks the block counts before anything.
        _check_counts(args.hyp, args.ref)
        result = _score_files(args.hyp, args.ref, options, out)
    else:
        # Nothing is printed before the report, so the files are read only once: a failure
        # is settled afterwards in errant's order (reading, decoding, the count check, then
        # the failure met while scoring).
        try:
            result = _score_files(args.hyp, args.ref, options, out)
        except Exception as error:  # noqa: BLE001 - re-raised below, after errant's checks
            failure = error
        else:
            failure = None
        if failure is not None:
            # Outside the handler, so that the traceback is errant's alone (no chaining).
            _check_counts(args.hyp, args.ref)
            raise failure
    write_report(result, options, out.write)
    out.flush()
    return 0


def _score_files(hyp_path: str, ref_path: str, options: ScoreOptions, out: IO[str]) -> CorpusResult:
    with open(hyp_path) as hyp_file, open(ref_path) as ref_file:
        pairs = _legacy_pairs(hyp_file, ref_file, with_source=options.verbose)
        return score_corpus(pairs, options, out.write)


def _check_counts(hyp_path: str, ref_path: str) -> None:
    """errant's ``assert len(hyp_m2) == len(ref_m2)``, after reading both files in full."""
    if _count_blocks(hyp_path) != _count_blocks(ref_path):
        raise AssertionError


def _count_blocks(path: str) -> int:
    # errant reads both files before comparing counts; opening errors surface in that order.
    try:
        with open(path) as handle:
            return count_blocks(handle)
    except UnicodeDecodeError:
        # errant decodes the whole file at once: read it the same way so that the error
        # names the same byte position (only on this failure path).
        with open(path) as handle:
            handle.read()
        raise


def _legacy_pairs(hyp_file: IO[str], ref_file: IO[str],
                  with_source: bool = True) -> Iterator[SentencePair]:
    """errant's pairing: i-th block with i-th block, parsed inside the scoring loop.

    AssertionError when one file has more blocks. The source sentence is only printed by
    ``-v``: without it, it is left empty.
    """
    cache = FieldCache()
    for hyp_block, ref_block in zip_longest(iter_block_texts(hyp_file), iter_block_texts(ref_file)):
        if hyp_block is None or ref_block is None:
            raise AssertionError
        hyp_edits = legacy_block_rows(hyp_block, cache)
        ref_edits = legacy_block_rows(ref_block, cache)
        source = legacy_block_source(hyp_block) if with_source else ""
        yield SentencePair(hyp_edits, ref_edits, source)


if __name__ == "__main__":
    sys.exit(main())
