"""JP mode of ``jp_errant_compare``: align sentences, re-index edits, score like errant.

Reference and hypothesis sentences are aligned on their S-line tokens (space-free, after
Unicode NFC; else the papers' similarity match with :func:`jp_align.jaro_winkler_suffix_distance`
below the threshold of :data:`ALIGNMENT`, the next pair matching too). Every block is merged into one
sentence per side (:mod:`jp_errant.compare_align`) and scored by :mod:`jp_errant.scorer`,
exactly as legacy mode scores errant's sentence pairs. Inputs are streamed: only the current
alignment window is held.
"""
from __future__ import annotations

import math
from dataclasses import replace
from itertools import chain
from typing import Iterator, Sequence

from jp_align import EXACT, UNALIGNED, Normalizer, align_words, iter_align_sentences
from jp_errant.compare_align import map_edits_to_reference, merge_sentences
from jp_errant.m2 import FieldCache, Sentence, named, read_m2
from jp_errant.marks import edit_marks, scored_edits
from jp_errant.report import TITLES, iter_category_scores, macro_average, precision_recall_f
from jp_errant.score_options import CorpusResult, ScoreOptions, SentencePair
from jp_shims.audit import AlignmentAudit, Summary, block_kind
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError
from jp_shims.inputs import InputFile
from jp_shims.kinds import RETOKENIZED
from jp_shims.records import BlockRecord, WordGroup

# Jaro-Winkler with prefix and suffix bonus (scale 0.1), measured on W&I dev A: unrelated
# sentence pairs >= 0.22 in 99 % of cases, consecutive sentences of one essay >= 0.087, one
# changed word <= 0.058 in 99 % of cases. 0.1 separates them; the next-pair condition
# guards the overlap (docs/jp_errant_compare.md, "JP mode").
# Texts are compared space-free with no token or character table (AlignConfig lang "none"):
# hypothesis and reference S lines come from the same text, so "don't" = "do n't" and
# "``" = "` `" match exactly (the English table would read the standalone token "will" as "wo").
ALIGNMENT = AlignConfig(similarity="jaro_winkler_suffix", threshold=0.1, lang="none")


TOOL = "jp_errant_compare"
# How the two sides are named in listings (the JSON document says gold/system throughout).
LABELS = ("reference", "hypothesis")


def note_what(summary: Summary) -> str:
    """What JP mode did that errant_compare does not, for the stderr note."""
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
    return "; ".join(parts)


def check_beta(beta: float) -> None:
    """JP mode refuses a beta for which F is not a number: not finite, or whose square
    overflows (errant: OverflowError, or NaN figures and arbitrary annotator choices)."""
    try:
        square = beta ** 2
    except OverflowError:
        square = math.inf
    if not math.isfinite(square):
        raise InputError(None, None, f"-b/--beta {beta}: beta must be a finite number whose square is finite")


def aligned_pairs(gold: InputFile, system: InputFile, audit: AlignmentAudit,
                  totals: CorpusResult | None = None,
                  extents: list | None = None, config: AlignConfig = ALIGNMENT,
                  options: ScoreOptions | None = None) -> Iterator[SentencePair]:
    """Scoring units of JP mode (``gold``: the reference M2, ``system``: the hypothesis M2),
    streamed; every block is counted in ``audit``, and its
    reference sentences ``(first, stop)`` appended to ``extents`` when given (significance
    tests).

    When ``audit.keep``, every block that is not exact is recorded with its own TP/FP/FN,
    read as differences of ``totals`` (the scorer's running totals) when the scorer asks for
    the next pair. One empty file is an error (the hypothesis, or the reference, holds no
    sentence while the other does); two empty files score like errant: one empty sentence
    each. Sentences that never re-synchronize are scored on their own: a reference sentence
    as uncorrected (its edits missed), a hypothesis sentence against no reference edit (its
    edits spurious). With ``options`` (the scoring options) and ``totals``, a recorded block
    also carries its edits with what the scorer made of each (:mod:`jp_errant.marks`).
    """
    normalizer = config.normalizer()
    cache = FieldCache()
    # Items are sentences; their tokens are split from the S line where needed and not kept
    # (a second copy of every token would double the memory of a long S line).
    refs = read_sentences(gold, cache)
    hyps = read_sentences(system, cache)
    ref_path, hyp_path = gold.name, system.name
    first_ref = next(refs, None)
    first_hyp = next(hyps, None)
    if first_ref is None and first_hyp is None:
        audit.count(EXACT, 0, 0)
        if extents is not None:
            extents.append((0, 1))
        yield SentencePair((), (), "")
        return
    if first_ref is None:
        assert first_hyp is not None
        raise InputError(ref_path, 1, f"the reference holds no sentence but the hypothesis does "
                                      f"({hyp_path}:{first_hyp.line})")
    refs = chain((first_ref,), refs)
    if first_hyp is None:
        # A system M2 has an S line for every sentence, corrected or not: an empty file is a
        # failed run upstream, not a system that corrected nothing.
        raise InputError(hyp_path, 1, f"the hypothesis holds no sentence but the reference does "
                                      f"({ref_path}:{first_ref.line})")
    hyps = chain((first_hyp,), hyps)
    blocks = iter_align_sentences(
        refs, hyps, tokens=_tokens, normalizer=normalizer, threshold=config.threshold,
        distance=config.distance(), lookahead=config.lookahead,
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
                    yield SentencePair(hyp.edits, ref.edits, hyp.source)
                else:
                    retokenized_pairs += 1
                    hyp_edits = map_edits_to_reference(hyp.source.split(), ref.source.split(), hyp.edits,
                                                       normalizer)
                    yield SentencePair(hyp_edits, ref.edits, hyp.source)
                continue
            ref_sentences = list(ref_items)
            hyp_sentences = list(hyp_items)
            ref_tokens = [token for item in ref_items for token in item.source.split()]
            hyp_tokens = [token for item in hyp_items for token in item.source.split()]
            unit = block_kind(kind, len(ref_sentences), len(hyp_sentences), ref_tokens != hyp_tokens)
            if kind == UNALIGNED:
                before = (totals.tp, totals.fp, totals.fn) if totals is not None else None
                marking = options if keep and totals is not None else None
                marks: list = []
                for side, sentences in (("gold", ref_sentences), ("system", hyp_sentences)):
                    offset = 0
                    for sentence in sentences:
                        # A reference sentence: nothing corrects it, its edits are missed; a
                        # hypothesis sentence: no reference edit faces its edits, spurious.
                        pair = (SentencePair((), sentence.edits, sentence.source) if side == "gold"
                                else SentencePair(sentence.edits, (), sentence.source))
                        pair_before = (totals.tp, totals.fp, totals.fn) if totals is not None else (0, 0, 0)
                        yield pair
                        if marking is not None:
                            tokens = sentence.source.split()
                            scored = scored_edits(pair, marking, pair_before)[0 if side == "system" else 1]
                            marks += edit_marks(scored, side, side, tokens, offset)
                            offset += len(tokens)
                figures = None
                if before is not None and totals is not None:
                    figures = {"tp": totals.tp - before[0], "fp": totals.fp - before[1], "fn": totals.fn - before[2]}
                record = _record(unit, block.reason, kind, audit, ref_sentences, hyp_sentences, (), figures)
                audit.add(replace(record, edits=tuple(marks)) if marks else record,
                          len(ref_sentences), len(hyp_sentences))
                continue
            if unit == EXACT or not keep:
                audit.count(unit, len(ref_sentences), len(hyp_sentences))
                yield block_pair(ref_sentences, hyp_sentences, normalizer)
                continue
            before = (totals.tp, totals.fp, totals.fn) if totals is not None else None
            pair = block_pair(ref_sentences, hyp_sentences, normalizer)
            yield pair
            figures = None
            if before is not None and totals is not None:
                figures = {"tp": totals.tp - before[0], "fp": totals.fp - before[1], "fn": totals.fn - before[2]}
            groups = tuple(
                WordGroup(tuple(ref_tokens[g.left.start:g.left.stop]), tuple(hyp_tokens[g.right.start:g.right.stop]),
                          g.kind)
                for g in align_words(ref_tokens, hyp_tokens, normalizer=normalizer)
                if not (g.is_one_to_one and g.kind == EXACT))
            record = _record(unit, block.reason, kind, audit, ref_sentences, hyp_sentences, groups, figures)
            marked: tuple = ()
            if options is not None and before is not None:
                # Both sides' edits are in reference offsets: all are placed on the reference text.
                system, gold = scored_edits(pair, options, before)
                marked = tuple(edit_marks(system, "system", "gold", ref_tokens) + edit_marks(gold, "gold", "gold", ref_tokens))
            audit.add(replace(record, details=edit_lines(pair), edits=marked), len(ref_sentences), len(hyp_sentences))
    finally:
        audit.count(EXACT, exact_pairs, exact_pairs, blocks=exact_pairs)
        audit.count(RETOKENIZED, retokenized_pairs, retokenized_pairs, blocks=retokenized_pairs)


def read_sentences(file: InputFile, cache: FieldCache) -> Iterator[Sentence]:
    """The strictly read sentences of an M2 input (a file, or lines held in memory), edits as
    plain tuples (:func:`jp_errant.m2.read_m2`)."""
    with file.open_text(encoding="utf-8") as stream:
        yield from read_m2(file.name, stream, cache=cache, named_edits=False, binary=file.open)


def edit_lines(pair: SentencePair) -> tuple[str, ...]:
    """The edits of a block as scored, one line per side, in reference token offsets
    (``A start end|||type|||correction|||annotator``; noops left out)."""
    hyp_edits, ref_edits, _ = pair

    def line(label: str, edits) -> str:
        shown = [f"A {e[0]} {e[1]}|||{e[2]}|||{e[3]}|||{e[4]}" for e in edits if e[0] >= 0 and e[2] != "noop"]
        return f"{label}: " + ("; ".join(shown) if shown else "none")

    return (line("hypothesis edits", hyp_edits), line("reference edits", ref_edits))


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
    merged_ref = merge_sentences(ref_sentences)
    merged_hyp = merge_sentences([named(sentence) for sentence in hyp_sentences])
    hyp_edits = map_edits_to_reference(merged_hyp.tokens, merged_ref.tokens, merged_hyp.edits, normalizer)
    return SentencePair(hyp_edits, merged_ref.edits, merged_hyp.source)


def options_document(options: ScoreOptions) -> dict:
    """The ``options`` of the JSON document: everything the figures depend on."""
    return {"mode": options.mode, "beta": options.beta, "single": options.single,
            "multi": options.multi, "filt": list(options.filt), "cat": options.cat}


def scores_document(result: CorpusResult, options: ScoreOptions, macro: bool = False) -> dict:
    """The ``scores`` of the JSON document: the report's figures, per category at the
    ``-cat`` level (all categories by default); with ``macro``, also ``macro``: the macro
    average over those categories (``report.macro_average``)."""
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
