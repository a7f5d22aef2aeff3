"""The legacy mode of ``jp_cherrant``'s compare command: ChERRANT's compare_m2_for_evaluation.py itself, byte for byte
(failures are its own exceptions, exit 1).
"""
from __future__ import annotations

from typing import IO, Iterator

from jp_cherrant.compare_args import LEGACY_PROG, build_parser, kept_coders, options_from_args, sentence_slice
from jp_errant.m2_blocks import FieldCache, legacy_block_rows
from jp_errant.report import write_report
from jp_errant.score_options import SentencePair
from jp_errant.scorer import score_corpus
from jp_shims.command import flush_as_script_end



def run_legacy(argv: list[str], out: IO[str]) -> int:
    """ChERRANT's scorer itself: failures propagate as its own exceptions (exit 1)."""
    args = build_parser(LEGACY_PROG, jp_mode=False).parse_args(argv)
    options = options_from_args(args)
    hyp_blocks = read_blocks(args.hyp)
    ref_blocks = read_blocks(args.ref)
    selected = sentence_slice(args.start, args.end)
    if selected is not None:
        hyp_blocks, ref_blocks = hyp_blocks[selected], ref_blocks[selected]
    if len(hyp_blocks) != len(ref_blocks):
        # ChERRANT: assert len(hyp) == len(ref), print(len(hyp), len(ref)) -- the message is
        # print's return value.
        out.write(f"{len(hyp_blocks)} {len(ref_blocks)}\n")
        flush_as_script_end()  # before the traceback, as the interpreter does; a failed write is ignored
        raise AssertionError(None)
    pairs = legacy_pairs(hyp_blocks, ref_blocks, kept_coders(args.max_answer_num), options.verbose)
    result = score_corpus(pairs, options, out.write)
    write_report(result, options, out.write)
    # No flush here: as errant's (jp_errant.legacy), stdout is left to the interpreter.
    return 0


def read_blocks(path: str) -> list[str]:
    """ChERRANT's (and errant's) reading: the whole file, stripped, split on empty lines."""
    with open(path) as handle:
        return handle.read().strip().split("\n\n")


def legacy_pairs(hyp_blocks: list[str], ref_blocks: list[str], coders: frozenset | None,
                 verbose: bool) -> Iterator[SentencePair]:
    """i-th block with i-th block, each read inside the scoring loop (hypothesis first, as
    ChERRANT does: a malformed line fails after the trace of the sentences before it).

    ``coders``: the annotators ``--max_answer_num`` keeps. The sentence text of the ``-v``
    trace is line 0 of the hypothesis block without its first character.
    """
    cache = FieldCache()
    for hyp_block, ref_block in zip(hyp_blocks, ref_blocks):
        hyp_edits = legacy_block_rows(hyp_block, cache, cherrant=True)
        ref_edits = legacy_block_rows(ref_block, cache, cherrant=True)
        if coders is not None:
            hyp_edits = [edit for edit in hyp_edits if edit[4] in coders]
            ref_edits = [edit for edit in ref_edits if edit[4] in coders]
        source = hyp_block.split("\n", 1)[0][1:] if verbose else ""
        yield SentencePair(hyp_edits, ref_edits, source)
