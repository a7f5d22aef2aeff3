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
from dataclasses import replace
from itertools import chain
from typing import IO, Iterator, Sequence

from jp_align import EXACT, UNALIGNED, Block, Normalizer, align_words, iter_align_sentences, jaro_winkler_suffix_distance
from jp_errant.compare_align import map_edits_to_reference, merge_sentences
from jp_errant.compare_args import LEGACY_PROG, build_parser, options_from_args
from jp_errant.m2 import FieldCache, M2Error, Sentence, named, read_m2
from jp_errant.scorer import (
    TITLES, CorpusResult, ScoreOptions, SentencePair, format_macro, format_report, iter_category_scores,
    macro_average, precision_recall_f, score_corpus,
)
from jp_shims.audit import RETOKENIZED, AlignmentAudit, BlockRecord, WordGroup, block_kind, format_listing, note_line
from jp_shims.brokenpipe import silence_stdout
from jp_shims.envelope import dumps, envelope
from jp_shims.signature import signature
from jp_shims.significance_cli import SignificanceOptions, as_json, format_table

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


class CompareError(Exception):
    """A JP-mode failure reported as one ``PROG: error: message`` line (exit 2)."""


TOOL = "jp_errant_compare"
# How the two sides are named in listings (the JSON document says gold/system throughout).
LABELS = ("reference", "hypothesis")
SIMILARITY = "jaro_winkler_suffix"
# jp_align's reasons for a block with one empty side at the end of the other side's file.
LEFT_ENDED, RIGHT_ENDED = "left side ended", "right side ended"


def run_jp(argv: list[str], prog: str, out: IO[str], err: IO[str],
           significance: SignificanceOptions | None = None) -> int:
    """Parse errant_compare's arguments plus the JP options and run; ``significance``: the
    paired tests asked for (``jp_shims.significance_cli``), shown after the report."""
    args = build_parser(prog, jp_mode=True).parse_args(argv)
    options = options_from_args(args)
    # Records are kept for the listing, the JSON blocks and the report; otherwise only counted.
    audit = AlignmentAudit(args.ref, args.hyp, keep=args.show_alignment or args.report is not None)
    sig = run_signature(options)
    listing = args.show_alignment and not args.json
    try:
        if args.json and options.verbose:
            raise CompareError("--json cannot be combined with -v/--verbose")
        check_beta(options.beta)
        for path in (args.hyp, args.ref):
            _check_readable(path)
        comparison = None
        if significance is not None and significance.requested:
            comparison = _compare(args, options, significance)
        totals = CorpusResult()
        result = score_corpus(aligned_pairs(args.ref, args.hyp, audit, totals), options, out.write,
                              totals=totals)
        text = format_report(result, options)
        macro = args.average == "macro"
        if macro:
            text += format_macro(result, options, options.cat or 3)
        if comparison is not None:
            text += format_table(comparison, digits=4)
        if args.json:
            # A checked beta keeps every figure finite; dumps() never prints NaN or Infinity.
            report = dumps(envelope(TOOL, signature=sig, options=options_document(options),
                                    scores=scores_document(result, options, macro), audit=audit,
                                    blocks=args.show_alignment,
                                    significance=None if comparison is None else as_json(comparison)))
        else:
            report = text
    except (CompareError, M2Error) as error:
        shown = listing and isinstance(error, CompareError) and audit.summary.blocks
        _finish_stdout(out, format_listing(audit, LABELS) if shown else "")
        err.write(f"{prog}: error: {error}\n")
        return 2
    except ZeroDivisionError:
        _finish_stdout(out, "")
        err.write(f"{prog}: error: {options.f_label} is undefined: beta is 0 and recall is 0 "
                  f"while precision is not\n")
        return 2
    out.write(report)
    if listing:
        out.write(format_listing(audit, LABELS))
    out.flush()
    if args.report is not None:
        from jp_shims.report import render_report, write_report

        try:
            write_report(args.report, render_report(tool=TOOL, signature=sig, headline=text, audit=audit,
                                                    labels=LABELS, loss_label="FP+FN"))
        except OSError as error:
            err.write(f"{prog}: error: {args.report}: cannot write the report ({error.strerror})\n")
            return 2
    note = alignment_note(prog, audit, sig)
    if note:
        err.write(note)
    return 0


def _compare(args, options: ScoreOptions, significance: SignificanceOptions):
    """The paired tests: every hypothesis file against the reference, then the comparison."""
    if not options.beta_is_safe:
        raise CompareError(f"-b/--beta {options.beta}: the significance tests need a beta above 0")
    if options.verbose:
        raise CompareError("--compare/--confidence cannot be combined with -v/--verbose")
    for path in significance.compare:
        _check_readable(path)
    from jp_errant.significance import compare_systems

    return compare_systems(args.ref, [args.hyp, *significance.compare], options, significance)


def run_signature(options: ScoreOptions) -> str:
    """The signature: the scoring options errant_compare's figures depend on, and the
    sentence similarity function of the alignment."""
    flags = [f"-{options.mode}", f"-b{options.beta:g}"]
    flags += ["-single"] * options.single + ["-multi"] * options.multi
    if options.filt:
        flags.append("-filt=" + "+".join(options.filt))
    if options.cat:
        flags.append(f"-cat{options.cat}")
    return signature(TOOL, options=flags, similarity=SIMILARITY, threshold=SIMILARITY_THRESHOLD,
                     extra={"norm": "nfc"})


def alignment_note(prog: str, audit: AlignmentAudit, sig: str) -> str | None:
    """The stderr note: what JP mode did that errant_compare does not (None when nothing)."""
    summary = audit.summary
    retokenized = summary.kinds[RETOKENIZED]
    parts = []
    if retokenized:
        parts.append(f"{retokenized} of {summary.system_sentences} hypothesis sentences are tokenized "
                     f"differently from the reference; their edits were mapped onto the reference tokens")
    others = summary.changed - retokenized
    if others:
        counts = ", ".join(f"{kind} {count}" for kind, count in summary.kinds.items()
                           if count and kind not in (EXACT, RETOKENIZED))
        parts.append(f"{others} of {summary.blocks} blocks were aligned beyond one sentence each side "
                     f"or with differing texts ({counts}); their edits were re-indexed onto one merged sentence")
    return note_line(prog, summary, original=LEGACY_PROG, what="; ".join(parts),
                     consequence=f"the figures can differ from {LEGACY_PROG}'s", signature=sig)


def _finish_stdout(out: IO[str], text: str) -> None:
    """Write what stdout still gets before an error line; the error line must not be lost
    when the reader of stdout has gone away (``| head``)."""
    try:
        out.write(text)
        out.flush()
    except BrokenPipeError:
        silence_stdout()


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


def aligned_pairs(ref_path: str, hyp_path: str, audit: AlignmentAudit,
                  totals: CorpusResult | None = None,
                  extents: list | None = None) -> Iterator[SentencePair]:
    """Scoring units of JP mode, streamed; every block is counted in ``audit``, and its
    reference sentences ``(first, stop)`` appended to ``extents`` when given (significance
    tests).

    When ``audit.keep``, every block that is not exact is recorded with its own TP/FP/FN,
    read as differences of ``totals`` (the scorer's running totals) when the scorer asks for
    the next pair. One empty file is an error (the hypothesis, or the reference, holds no
    sentence while the other does); two empty files score like errant: one empty sentence
    each.
    """
    normalizer = text_normalizer()
    cache = FieldCache()
    # Items are sentences; their tokens are split from the S line where needed and not kept
    # (a second copy of every token would double the memory of a long S line).
    refs = read_m2(ref_path, cache=cache, named_edits=False)
    hyps = read_m2(hyp_path, cache=cache, named_edits=False)
    first_ref = next(refs, None)
    first_hyp = next(hyps, None)
    if first_ref is None and first_hyp is None:
        audit.count(EXACT, 0, 0)
        if extents is not None:
            extents.append((0, 1))
        yield SentencePair((), (), "")
        return
    if first_ref is None:
        raise CompareError(f"{ref_path}:1: the reference holds no sentence "
                           f"but the hypothesis does ({hyp_path}:{first_hyp.line})")
    refs = chain((first_ref,), refs)
    if first_hyp is None:
        # A system M2 has an S line for every sentence, corrected or not: an empty file is a
        # failed run upstream, not a system that corrected nothing.
        raise CompareError(f"{hyp_path}:1: the hypothesis holds no sentence "
                           f"but the reference does ({ref_path}:{first_ref.line})")
    hyps = chain((first_hyp,), hyps)
    blocks = iter_align_sentences(
        refs, hyps, tokens=_tokens, normalizer=normalizer, threshold=SIMILARITY_THRESHOLD,
        distance=jaro_winkler_suffix_distance, lookahead=LOOKAHEAD,
    )
    # Most blocks are one exact sentence on each side. Unless they are to be recorded, they
    # are only counted (added to ``audit`` at the end) and scored as block_pair would: as
    # they are when both S lines are the same, else with the hypothesis edits mapped.
    keep = audit.keep
    exact_pairs = retokenized_pairs = 0
    try:
        for block, ref_items, hyp_items in blocks:
            kind = block.kind
            if extents is not None:
                extents.append((block.left.start, block.left.stop))
            if kind == EXACT and not keep and len(ref_items) == len(hyp_items) == 1:
                ref, = ref_items
                hyp, = hyp_items
                if ref.source == hyp.source:
                    exact_pairs += 1
                    yield hyp.edits, ref.edits, hyp.source
                else:
                    retokenized_pairs += 1
                    hyp_edits = map_edits_to_reference(hyp.source.split(), ref.source.split(), hyp.edits,
                                                       normalizer)
                    yield hyp_edits, ref.edits, hyp.source
                continue
            ref_sentences = list(ref_items)
            hyp_sentences = list(hyp_items)
            ref_tokens = [token for item in ref_items for token in item.source.split()]
            hyp_tokens = [token for item in hyp_items for token in item.source.split()]
            unit = block_kind(kind, len(ref_sentences), len(hyp_sentences), ref_tokens != hyp_tokens)
            if kind == UNALIGNED:
                audit.add(_record(unit, block.reason, kind, audit, ref_sentences, hyp_sentences, (), None),
                          len(ref_sentences), len(hyp_sentences))
                raise CompareError(_unaligned_message(ref_path, hyp_path, ref_sentences,
                                                      hyp_sentences, block))
            if unit == EXACT or not keep:
                audit.count(unit, len(ref_sentences), len(hyp_sentences))
                yield block_pair(ref_sentences, hyp_sentences, normalizer)
                continue
            before = (totals.tp, totals.fp, totals.fn) if totals is not None else None
            pair = block_pair(ref_sentences, hyp_sentences, normalizer)
            yield pair
            figures = None
            if before is not None:
                figures = {"tp": totals.tp - before[0], "fp": totals.fp - before[1], "fn": totals.fn - before[2]}
            groups = tuple(
                WordGroup(tuple(ref_tokens[g.left.start:g.left.stop]), tuple(hyp_tokens[g.right.start:g.right.stop]),
                          g.kind)
                for g in align_words(ref_tokens, hyp_tokens, normalizer=normalizer)
                if not (g.is_one_to_one and g.kind == EXACT))
            record = _record(unit, block.reason, kind, audit, ref_sentences, hyp_sentences, groups, figures)
            audit.add(_with_details(record, edit_lines(pair)), len(ref_sentences), len(hyp_sentences))
    finally:
        audit.count(EXACT, exact_pairs, exact_pairs, blocks=exact_pairs)
        audit.count(RETOKENIZED, retokenized_pairs, retokenized_pairs, blocks=retokenized_pairs)


def edit_lines(pair: SentencePair) -> tuple[str, ...]:
    """The edits of a block as scored, one line per side, in reference token offsets
    (``A start end|||type|||correction|||annotator``; noops left out)."""
    hyp_edits, ref_edits, _ = pair

    def line(label: str, edits) -> str:
        shown = [f"A {e[0]} {e[1]}|||{e[2]}|||{e[3]}|||{e[4]}" for e in edits if e[0] >= 0 and e[2] != "noop"]
        return f"{label}: " + ("; ".join(shown) if shown else "none")

    return (line("hypothesis edits", hyp_edits), line("reference edits", ref_edits))


def _with_details(record: BlockRecord, details: tuple[str, ...]) -> BlockRecord:
    return replace(record, details=details)


def _record(unit: str, reason: str, match: str, audit: AlignmentAudit, ref_sentences: Sequence[Sentence],
            hyp_sentences: Sequence[Sentence], groups: tuple, figures: dict | None) -> BlockRecord:
    """The audit record of one block (places are the S lines of its first and last sentence)."""
    def lines(sentences, side):
        return side(sentences[0].line, sentences[-1].line) if sentences else None

    return BlockRecord(
        unit, lines(ref_sentences, audit.gold_lines), lines(hyp_sentences, audit.system_lines),
        " | ".join(sentence.source for sentence in ref_sentences),
        " | ".join(sentence.source for sentence in hyp_sentences),
        reason=reason, match=match, figures=figures or {}, groups=groups,
        loss=None if figures is None else figures["fp"] + figures["fn"])


def _tokens(sentence: Sentence) -> list[str]:
    return sentence.source.split()


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


def options_document(options: ScoreOptions) -> dict:
    """The ``options`` of the JSON document: everything the figures depend on."""
    return {"mode": options.mode, "beta": options.beta, "single": options.single,
            "multi": options.multi, "filt": list(options.filt), "cat": options.cat}


def scores_document(result: CorpusResult, options: ScoreOptions, macro: bool = False) -> dict:
    """The ``scores`` of the JSON document: the report's figures, per category at the
    ``-cat`` level (all categories by default); with ``macro``, also ``macro``: the macro
    average over those categories (``scorer.macro_average``)."""
    p, r, f = precision_recall_f(result.tp, result.fp, result.fn, options.beta)
    level = options.cat or 3
    document = {
        "title": TITLES[options.mode].strip(),
        "f_label": options.f_label,
        "tp": result.tp, "fp": result.fp, "fn": result.fn,
        "precision": p, "recall": r, "f": f,
        "category_level": level,
        "categories": {
            kind: {"tp": tp, "fp": fp, "fn": fn, "precision": cp, "recall": cr, "f": cf}
            for kind, tp, fp, fn, cp, cr, cf in iter_category_scores(result, options, level)
        },
    }
    if macro:
        types, mp, mr, mf = macro_average(result, options, level)
        document["macro"] = {"types": types, "precision": mp, "recall": mr, "f": mf}
    return document
