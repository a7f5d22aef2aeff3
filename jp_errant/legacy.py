"""The legacy mode of ``jp_errant``'s compare command: errant_compare itself, byte for byte
(failures are its own exceptions, exit 1).
"""
from __future__ import annotations

from itertools import zip_longest
from typing import IO, Iterator

from jp_errant.compare_args import LEGACY_PROG, build_parser, options_from_args
from jp_errant.m2_blocks import FieldCache, count_blocks, iter_block_texts, legacy_block_rows, legacy_block_source
from jp_errant.report import write_report
from jp_errant.score_options import CorpusResult, ScoreOptions, SentencePair
from jp_errant.scorer import score_corpus


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
        failure: Exception | None
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
    # No flush here: errant's script leaves stdout to the interpreter (jp_shims.command's
    # flush_as_script_end, after the run: a report between 4097 and 8191 bytes on a full
    # disk is lost silently, exit 0, as errant's).
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
