"""JP mode of ``jp_errant_compare``: align sentences, re-index edits, score like errant.

Reference and hypothesis sentences are aligned on their S-line tokens (space-free, after
Unicode NFC; else the papers' similarity match with :func:`jp_align.jaro_winkler_suffix_distance`
below :data:`SIMILARITY_THRESHOLD`, the next pair matching too). Every block is merged into one
sentence per side (:mod:`jp_errant.compare_align`) and scored by :mod:`jp_errant.scorer`,
exactly as legacy mode scores errant's sentence pairs. Inputs are streamed: only the current
alignment window is held.
"""
from __future__ import annotations

import math
from itertools import chain
from operator import itemgetter
from typing import IO, Iterator, NamedTuple, Sequence

from jp_align import EXACT, UNALIGNED, Block, Normalizer, iter_align_sentences, jaro_winkler_suffix_distance
from jp_errant.brokenpipe import silence_broken_pipe
from jp_errant.compare_align import map_edits_to_reference, merge_sentences
from jp_errant.compare_cli import build_parser, options_from_args
from jp_errant.m2 import FieldCache, M2Error, Sentence, named, read_m2
from jp_errant.scorer import (
    TITLES, CorpusResult, ScoreOptions, SentencePair, format_report, iter_category_scores,
    precision_recall_f, score_corpus,
)

# Jaro-Winkler with prefix and suffix bonus (scale 0.1), measured on W&I dev A: unrelated
# sentence pairs >= 0.22 in 99 % of cases, consecutive sentences of one essay >= 0.087, one
# changed word <= 0.058 in 99 % of cases. 0.1 separates them; the next-pair condition
# guards the overlap (docs/jp_errant_compare.md, "JP mode").
SIMILARITY_THRESHOLD = 0.1
# Texts are compared space-free with no token or character table: hypothesis and reference
# S lines come from the same text, so "don't" = "do n't" and "``" = "` `" match exactly
# (the English table would read the standalone token "will" as "wo"). A fresh normalizer per
# run: it memoizes tokens.


def text_normalizer() -> Normalizer:
    return Normalizer()
LOOKAHEAD = 64
# jp_align's reasons for a block with one empty side at the end of the other side's file.
LEFT_ENDED, RIGHT_ENDED = "left side ended", "right side ended"


class CompareError(Exception):
    """A JP-mode failure reported as one ``PROG: error: message`` line (exit 2)."""


class AlignedBlock(NamedTuple):
    """One scored unit: reference and hypothesis sentence ids and where they start."""

    ref_ids: range
    hyp_ids: range
    kind: str
    ref_line: int | None  # None: the side has no sentence in the block
    hyp_line: int | None


class AlignmentLog:
    """Counts of the blocks seen; the blocks themselves only when they will be listed
    (``--show-alignment``), so memory stays flat otherwise."""

    def __init__(self, keep_blocks: bool = False) -> None:
        self.keep_blocks = keep_blocks
        self.blocks: list[AlignedBlock] = []
        self.count = 0
        self.merged = 0
        self.ref_sentences = 0
        self.hyp_sentences = 0

    def add(self, ref_ids: range, hyp_ids: range, kind: str, ref_line: int | None,
            hyp_line: int | None) -> None:
        self.count += 1
        self.merged += len(ref_ids) > 1 or len(hyp_ids) > 1
        self.ref_sentences += len(ref_ids)
        self.hyp_sentences += len(hyp_ids)
        if self.keep_blocks:
            self.blocks.append(AlignedBlock(ref_ids, hyp_ids, kind, ref_line, hyp_line))

    def add_exact_pairs(self, count: int) -> None:
        """Count ``count`` blocks of one sentence on each side (not kept: they are never
        listed)."""
        self.count += count
        self.ref_sentences += count
        self.hyp_sentences += count


def run_jp(argv: list[str], prog: str, out: IO[str], err: IO[str]) -> int:
    """Parse errant_compare's arguments plus ``--json``/``--show-alignment`` and run."""
    args = build_parser(prog, jp_mode=True).parse_args(argv)
    options = options_from_args(args)
    alignment = AlignmentLog(keep_blocks=args.show_alignment)
    try:
        if args.json and options.verbose:
            raise CompareError("--json cannot be combined with -v/--verbose")
        check_beta(options.beta)
        for path in (args.hyp, args.ref):
            _check_readable(path)
        result = score_corpus(aligned_pairs(args.ref, args.hyp, alignment), options, out.write)
        if args.json:
            import json  # only for --json: start-up time counts on small inputs

            # A checked beta keeps every figure finite; allow_nan=False makes sure that no
            # NaN or Infinity (not JSON) is ever printed.
            report = json.dumps(report_document(result, options, alignment), indent=2,
                                allow_nan=False) + "\n"
        else:
            report = format_report(result, options)
    except (CompareError, M2Error) as error:
        shown = args.show_alignment and isinstance(error, CompareError) and alignment.count
        _finish_stdout(out, format_alignment(alignment, args.ref, args.hyp) if shown else "")
        err.write(f"{prog}: error: {error}\n")
        return 2
    except ZeroDivisionError:
        _finish_stdout(out, "")
        err.write(f"{prog}: error: {options.f_label} is undefined: beta is 0 and recall is 0 "
                  f"while precision is not\n")
        return 2
    out.write(report)
    if args.show_alignment:
        out.write(format_alignment(alignment, args.ref, args.hyp))
    out.flush()
    return 0


def _finish_stdout(out: IO[str], text: str) -> None:
    """Write what stdout still gets before an error line; the error line must not be lost
    when the reader of stdout has gone away (``| head``)."""
    try:
        out.write(text)
        out.flush()
    except BrokenPipeError:
        silence_broken_pipe()


def check_beta(beta: float) -> None:
    """JP mode refuses a beta for which F is not a number: not finite, or whose square
    overflows (errant: OverflowError, or NaN figures and arbitrary annotator choices)."""
    try:
        square = beta ** 2
    except OverflowError:
        square = math.inf
    if not math.isfinite(square):
        raise CompareError(f"-b/--beta {beta}: beta must be a finite number whose square "
                           f"is finite")


def _check_readable(path: str) -> None:
    try:
        with open(path, "rb"):
            pass
    except OSError as error:
        raise CompareError(f"{path}: cannot open: {error.strerror}") from None


def aligned_pairs(ref_path: str, hyp_path: str, alignment: AlignmentLog) -> Iterator[SentencePair]:
    """Scoring units of JP mode, streamed; each block is appended to ``alignment``.

    One empty file is an error (the hypothesis, or the reference, holds no sentence while
    the other does); two empty files score like errant: one empty sentence each.
    """
    normalizer = text_normalizer()
    cache = FieldCache()
    # Items are (sentence, tokens) pairs: the reader splits every S line anyway.
    refs = read_m2(ref_path, cache=cache, named_edits=False, with_tokens=True)
    hyps = read_m2(hyp_path, cache=cache, named_edits=False, with_tokens=True)
    first_ref = next(refs, None)
    first_hyp = next(hyps, None)
    if first_ref is None and first_hyp is None:
        alignment.add(range(0, 1), range(0, 1), "empty", 1, 1)
        yield SentencePair((), (), "")
        return
    if first_ref is None:
        raise CompareError(f"{ref_path}:1: the reference holds no sentence "
                           f"but the hypothesis does ({hyp_path}:{first_hyp[0].line})")
    refs = chain((first_ref,), refs)
    if first_hyp is None:
        # A system M2 has an S line for every sentence, corrected or not: an empty file is a
        # failed run upstream, not a system that corrected nothing.
        raise CompareError(f"{hyp_path}:1: the hypothesis holds no sentence "
                           f"but the reference does ({ref_path}:{first_ref[0].line})")
    hyps = chain((first_hyp,), hyps)
    blocks = iter_align_sentences(
        refs, hyps, tokens=itemgetter(1), normalizer=normalizer, threshold=SIMILARITY_THRESHOLD,
        distance=jaro_winkler_suffix_distance, lookahead=LOOKAHEAD,
    )
    # Most blocks are one exact sentence on each side. Unless they are to be listed, they
    # are only counted (added to ``alignment`` at the end) and scored as block_pair would:
    # as they are when both S lines are the same, else with the hypothesis edits mapped.
    keep_blocks = alignment.keep_blocks
    exact_pairs = 0
    try:
        for block, ref_items, hyp_items in blocks:
            kind = block.kind
            if kind == EXACT and not keep_blocks and len(ref_items) == len(hyp_items) == 1:
                exact_pairs += 1
                (ref, ref_tokens), = ref_items
                (hyp, hyp_tokens), = hyp_items
                if ref.source == hyp.source:
                    yield hyp.edits, ref.edits, hyp.source
                else:
                    hyp_edits = map_edits_to_reference(hyp_tokens, ref_tokens, hyp.edits,
                                                       normalizer)
                    yield hyp_edits, ref.edits, hyp.source
                continue
            ref_sentences = [item[0] for item in ref_items]
            hyp_sentences = [item[0] for item in hyp_items]
            # A side with no sentence in the block has no line to show (never line 0).
            ref_line = ref_sentences[0].line if ref_sentences else None
            hyp_line = hyp_sentences[0].line if hyp_sentences else None
            alignment.add(block.left, block.right, kind, ref_line, hyp_line)
            if kind == UNALIGNED:
                raise CompareError(_unaligned_message(ref_path, hyp_path, ref_sentences,
                                                      hyp_sentences, block))
            yield block_pair(ref_sentences, hyp_sentences, normalizer)
    finally:
        alignment.add_exact_pairs(exact_pairs)


def block_pair(ref_sentences: Sequence[Sentence], hyp_sentences: Sequence[Sentence],
               normalizer: Normalizer | None = None) -> SentencePair:
    """One aligned block as the scorer's sentence pair (hypothesis in reference offsets)."""
    if len(ref_sentences) == 1 and len(hyp_sentences) == 1:
        ref, hyp = ref_sentences[0], hyp_sentences[0]
        if ref.source == hyp.source:
            # One sentence each side, same tokens: merging and re-indexing change nothing.
            return SentencePair(hyp.edits, ref.edits, hyp.source)
        # Nothing to merge (merge_sentences returns a single sentence as it is), and the
        # mapping reads edits by position: no Edit values needed.
        hyp_edits = map_edits_to_reference(hyp.source.split(), ref.source.split(), hyp.edits,
                                           normalizer)
        return SentencePair(hyp_edits, ref.edits, hyp.source)
    # Merging several sentences and mapping hypothesis edits read them as Edit values; a
    # single reference sentence is passed through as it is.
    if len(ref_sentences) > 1:
        ref_sentences = [named(sentence) for sentence in ref_sentences]
    ref = merge_sentences(ref_sentences)
    hyp = merge_sentences([named(sentence) for sentence in hyp_sentences])
    hyp_edits = map_edits_to_reference(hyp.tokens, ref.tokens, hyp.edits, normalizer)
    return SentencePair(hyp_edits, ref.edits, hyp.source)


def _unaligned_message(ref_path: str, hyp_path: str, ref_sentences: Sequence[Sentence],
                       hyp_sentences: Sequence[Sentence], block: Block) -> str:
    # References are jp_align's left side, hypotheses its right side. A side with no
    # sentence in the block has ended only when jp_align says so; otherwise it skips the
    # sentences of the other side and goes on (the block's reason says which).
    if not hyp_sentences:
        why = f"{hyp_path} ended" if block.reason == RIGHT_ENDED else block.reason
        return (f"{ref_path}:{ref_sentences[0].line}: reference sentence {block.left.start} has "
                f"no counterpart in {hyp_path} ({why})")
    if not ref_sentences:
        why = f"{ref_path} ended" if block.reason == LEFT_ENDED else block.reason
        return (f"{hyp_path}:{hyp_sentences[0].line}: hypothesis sentence {block.right.start} has "
                f"no counterpart in {ref_path} ({why})")
    return (f"{ref_path}:{ref_sentences[0].line}: reference sentence {block.left.start} cannot be "
            f"aligned with hypothesis sentence {block.right.start} "
            f"({hyp_path}:{hyp_sentences[0].line}): the texts differ")


def _ids(ids: range) -> str:
    if len(ids) == 0:
        return "-"
    if len(ids) == 1:
        return str(ids.start)
    return f"{ids.start}-{ids.stop - 1}"


def _where(path: str, line: int | None) -> str:
    return path if line is None else f"{path}:{line}"


def format_alignment(alignment: AlignmentLog, ref_path: str, hyp_path: str) -> str:
    """Every block that is not a plain 1:1 exact pair, after a one-line summary."""
    shown = [block for block in alignment.blocks
             if block.kind != "exact" or len(block.ref_ids) != 1 or len(block.hyp_ids) != 1]
    lines = [f"Sentence alignment: {alignment.ref_sentences} reference sentences, "
             f"{alignment.hyp_sentences} hypothesis sentences, {alignment.count} blocks, "
             f"{alignment.merged} merged, {len(shown)} not one-to-one exact"]
    for block in shown:
        lines.append(f"REF {_ids(block.ref_ids)} ({_where(ref_path, block.ref_line)}) <-> "
                     f"HYP {_ids(block.hyp_ids)} ({_where(hyp_path, block.hyp_line)}) {block.kind}")
    return "\n".join(lines) + "\n"


def report_document(result: CorpusResult, options: ScoreOptions,
                    alignment: AlignmentLog) -> dict:
    """The ``--json`` document: the report's figures, per category at the ``-cat`` level."""
    p, r, f = precision_recall_f(result.tp, result.fp, result.fn, options.beta)
    level = options.cat or 3
    return {
        "title": TITLES[options.mode].strip(),
        "mode": options.mode,
        "beta": options.beta,
        "f_label": options.f_label,
        "tp": result.tp, "fp": result.fp, "fn": result.fn,
        "precision": p, "recall": r, "f": f,
        "category_level": level,
        "categories": {
            kind: {"tp": tp, "fp": fp, "fn": fn, "precision": cp, "recall": cr, "f": cf}
            for kind, tp, fp, fn, cp, cr, cf in iter_category_scores(result, options, level)
        },
        "reference_sentences": alignment.ref_sentences,
        "hypothesis_sentences": alignment.hyp_sentences,
        "blocks": alignment.count,
        "merged_blocks": alignment.merged,
    }


