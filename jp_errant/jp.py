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
from typing import Any, Callable, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple

from jp_align import EXACT, UNALIGNED, Normalizer, align_words
from jp_errant.compare_align import map_edits_to_reference, merge_sentences
from jp_errant.m2_blocks import FieldCache
from jp_errant.m2_records import Sentence
from jp_errant.m2 import named, read_m2
from jp_errant.marks import edit_marks, scored_edits
from jp_errant.report import TITLES, iter_category_scores, macro_average, precision_recall_f
from jp_errant.score_options import CorpusResult, ScoreOptions, SentencePair
from jp_shims.audit import Summary, block_kind
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError
from jp_shims.inputs import InputFile
from jp_shims.kinds import RETOKENIZED
from jp_shims.tool import BlockScore, Parsed

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


# BlockScore's fields after its statistics, as it defaults them (a block score of the usual
# block is built through tuple.__new__: no Python-level call, as jp_errant.m2 builds edits).
_DEFAULTS = tuple(BlockScore._field_defaults[name] for name in BlockScore._fields[1:])
_new_tuple = tuple.__new__

# What errant scores for two files without a sentence (the runner refuses one empty file):
# one empty sentence each, a noop against a noop.
EMPTY_PAIR = SentencePair((), (), "")


class Plan(NamedTuple):
    """What one JP run scores with: the settings, the scorer's options as this run needs them
    (per-category counts kept only where shown), the category level of the significance
    payloads (0: none), whether the statistics of significance and the block records are
    asked for, the run's normalizer (it memoizes tokens: one a run) and the A-line fields its
    readers have converted (one table for both files: their edits repeat the same fields)."""

    settings: Any
    options: ScoreOptions
    level: int
    statistics: bool
    keep: bool
    normalizer: Normalizer
    fields: FieldCache


class Units:
    """One aligned block as the scorer's units: its sentence pairs (one merged pair, or a
    pair per sentence of an unaligned block), each pair's annotator candidates (significance),
    and what the fold notes for the block's record (``figures``, ``marks``). ``extents``: the
    gold range of each pair, where a variant's pairs cover less than their block
    (jp_cherrant_compare scores each reference sentence on its own; None: the block's)."""

    __slots__ = ("pairs", "markers", "candidates", "payloads", "recorded", "figures", "marks", "extents")

    def __init__(self, pairs: List[SentencePair], recorded: bool = False) -> None:
        self.pairs = pairs
        self.markers: List[Callable[[ScoreOptions, tuple], list]] = []
        self.candidates: List[list] = []
        self.payloads: List[list] = []
        self.recorded = recorded  # the block is recorded: the fold notes its figures and marks
        self.figures: Optional[dict] = None
        self.marks: list = []
        self.extents: Optional[List[Tuple[int, int]]] = None


def score_block(parsed: Parsed, block: Any, refs: Sequence[Sentence], hyps: Sequence[Sentence],
                config: Optional[AlignConfig] = None) -> BlockScore:
    """:meth:`jp_shims.tool.Tool.score_block` of jp_errant_compare (``parsed.settings`` is
    the run's :class:`Plan`; the alignment's normalizer is the plan's). One aligned block (reference sentences ``refs``, hypothesis sentences ``hyps``) as
    the scorer's units: merged into one sentence pair, hypothesis edits in reference offsets
    (an unaligned block: each sentence on its own, a reference sentence uncorrected, a
    hypothesis sentence against no reference edit)."""
    plan: Plan = parsed.settings
    kind = block.kind
    if kind == EXACT and len(refs) == len(hyps) == 1:
        # Most blocks: one sentence each side, scored as block_pair would; when the texts are
        # the same tokens (or the block is not recorded) nothing else is needed.
        # (Without significance, such a block's statistics are its one pair: no Units.)
        ref, hyp = refs[0], hyps[0]
        if ref.source == hyp.source:
            pair = _new_tuple(SentencePair, (hyp.edits, ref.edits, hyp.source))
            return scored_units(plan, Units([pair])) if plan.statistics else _new_tuple(BlockScore, (pair, *_DEFAULTS))
        if not plan.keep:
            hyp_edits = map_edits_to_reference(hyp.source.split(), ref.source.split(), hyp.edits, plan.normalizer)
            pair = SentencePair(hyp_edits, ref.edits, hyp.source)
            return (scored_units(plan, Units([pair]), retokenized=True) if plan.statistics
                    else BlockScore(pair, retokenized=True))
    ref_tokens = [token for item in refs for token in item.source.split()]
    hyp_tokens = [token for item in hyps for token in item.source.split()]
    retokenized = ref_tokens != hyp_tokens
    if kind == UNALIGNED:
        units = Units([SentencePair((), sentence.edits, sentence.source) for sentence in refs]
                      + [SentencePair(sentence.edits, (), sentence.source) for sentence in hyps], plan.keep)
        if plan.keep:
            # A pair's edits are placed on its own sentence (offsets shifted past the
            # sentences before it on its side).
            for side, sentences in (("gold", refs), ("system", hyps)):
                offset = 0
                for sentence in sentences:
                    tokens = sentence.source.split()
                    units.markers.append(edit_marker(tokens, side, offset))
                    offset += len(tokens)
        return scored_units(plan, units, retokenized)
    pair = block_pair(refs, hyps, plan.normalizer)
    recorded = plan.keep and block_kind(kind, len(refs), len(hyps), retokenized) != EXACT
    units = Units([pair], recorded)
    if not recorded:
        return scored_units(plan, units, retokenized)
    units.markers.append(edit_marker(ref_tokens))
    # (The record classes are dataclasses: imported by the runs that record a block only.)
    from jp_shims.records import WordGroup

    groups = tuple(
        WordGroup(tuple(ref_tokens[g.left.start:g.left.stop]), tuple(hyp_tokens[g.right.start:g.right.stop]), g.kind)
        for g in align_words(ref_tokens, hyp_tokens, normalizer=plan.normalizer)
        if not (g.is_one_to_one and g.kind == EXACT))
    return scored_units(plan, units, retokenized, groups=groups, details=edit_lines(pair))


def scored_units(plan: Plan, units: Units, retokenized: bool = False, **record: Any) -> BlockScore:
    """The block's score; with the statistics of significance, each pair's annotator
    candidates (and, with a category level, each candidate's categories)."""
    if plan.statistics:
        from jp_errant.significance import candidates

        for pair in units.pairs:
            found = candidates(pair, plan.options, plan.level)
            if plan.level:
                units.payloads.append([candidate[3] for candidate in found])
                found = [candidate[:3] for candidate in found]
            units.candidates.append(found)
    return BlockScore(units, retokenized=retokenized, **record)


def empty_units(plan: Plan) -> Units:
    """The units of two files without a sentence (:data:`EMPTY_PAIR`), with its candidates."""
    return scored_units(plan, Units([EMPTY_PAIR])).statistics


def edit_marker(tokens: List[str], on: str = "gold", offset: int = 0) -> Callable[[ScoreOptions, tuple], list]:
    """The marks of a pair's edits, both sides', placed on the text ``on`` whose ``tokens``
    their offsets index (a merged pair: both sides in reference offsets, on the reference),
    shifted by ``offset`` tokens (the sentences before it on that text)."""
    def marks(options: ScoreOptions, pair: tuple) -> list:
        system, gold = scored_edits(pair[0], options, pair[1])
        return edit_marks(system, "system", on, tokens, offset) + edit_marks(gold, "gold", on, tokens, offset)
    return marks


def folded_pairs(scores: Iterable[BlockScore], options: ScoreOptions, totals: CorpusResult) -> Iterator[SentencePair]:
    """The blocks' sentence pairs in order, for the scorer (which updates ``totals`` after
    each): a recorded block notes its own TP/FP/FN (differences of the totals) and its edits
    with what the scorer made of each (:mod:`jp_errant.marks`). Two files without a
    sentence score like errant: one empty sentence each (:data:`EMPTY_PAIR`)."""
    score = None
    for score in scores:
        units = score.statistics
        if type(units) is SentencePair:  # (score_block's one pair of a block not recorded)
            yield units
            continue
        start = (totals.tp, totals.fp, totals.fn)
        for number, pair in enumerate(units.pairs):
            before = (totals.tp, totals.fp, totals.fn)
            yield pair
            if units.markers:
                units.marks += units.markers[number](options, (pair, before))
        if units.recorded:
            units.figures = {"tp": totals.tp - start[0], "fp": totals.fp - start[1], "fn": totals.fn - start[2]}
        units.pairs, units.markers = [], []  # (what significance keeps is the candidates alone)
    if score is None:
        yield EMPTY_PAIR


def settled(score: BlockScore) -> BlockScore:
    """A recorded block's score with the figures and marks the fold noted (statistics are
    :class:`Units`, or the one :class:`SentencePair` of a block neither recorded nor
    counted for significance)."""
    units = score.statistics
    if type(units) is SentencePair or units.figures is None:
        return score
    return score._replace(figures=units.figures, loss=units.figures["fp"] + units.figures["fn"],
                          edits=tuple(units.marks))


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
