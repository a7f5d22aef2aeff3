"""What errant's scorer is given and gives back: its options and the units and totals it counts.

:class:`ScoreOptions` holds errant_compare's scoring flags (and ChERRANT's switches);
:class:`SentencePair` is one evaluated unit (a sentence, or an aligned block in JP mode),
:class:`SentenceResult` what the annotator choice gives for it, :class:`CorpusResult` the
running totals. The scoring itself is :mod:`jp_errant.scorer`.
"""
from __future__ import annotations

import math
from typing import NamedTuple, Sequence

EditKey = tuple
EditSets = dict  # coder -> {EditKey: [type, ...]}
CategoryCounts = dict  # type -> [tp, fp, fn]
UNANNOTATABLE = "NA"  # ChERRANT's type for a sentence its annotators could not correct

MODES = ("dt", "ds", "cs", "cse")


class ScoreOptions(NamedTuple):
    """The scoring flags of errant_compare (``mode`` is one of :data:`MODES`).

    ``categories``: keep the per-category counts of the corpus (the ``-cat`` table and
    ``--json`` need them); without it :attr:`CorpusResult.categories` stays empty.

    ChERRANT's switches (spec ``cherrant.md`` sections 5-6), off by default:

    - ``verbose_style``: ``"errant3"`` (errant 3.x ``-v``) or ``"errant2"`` (ERRANT 2.x as
      ChERRANT prints it: a sentence header before every annotator pair, edit keys without
      types, no local category table);
    - ``reference_coders``: score only the sentences whose reference has exactly this many
      annotators (``--reference_num``); the others count nothing and print nothing;
    - ``skip_unannotatable``: a sentence whose reference is one annotator with one key whose
      first type is ``NA`` counts nothing and prints nothing.
    """

    beta: float = 0.5
    mode: str = "cs"
    single: bool = False
    multi: bool = False
    filt: tuple = ()
    cat: int | None = None
    verbose: bool = False
    categories: bool = True
    verbose_style: str = "errant3"
    reference_coders: int | None = None
    skip_unannotatable: bool = False

    @property
    def screens_sentences(self) -> bool:
        """Whether some sentences may be left out of the evaluation (ChERRANT's rules)."""
        return self.reference_coders is not None or self.skip_unannotatable

    def evaluates(self, ref_sets: EditSets) -> bool:
        """ChERRANT's two rules deciding whether a sentence is evaluated at all."""
        if self.reference_coders is not None and len(ref_sets) != self.reference_coders:
            return False
        if self.skip_unannotatable and len(ref_sets) == 1:
            (keys,) = ref_sets.values()
            if len(keys) == 1:
                (types,) = keys.values()
                return types[0] != UNANNOTATABLE
        return True

    @property
    def beta_is_safe(self) -> bool:
        """Whether F is a finite number >= 0 for every count (beta squared finite and not
        0): then no division by zero can happen and NaN never defeats errant's ``>``."""
        return 0.0 < self.beta * self.beta < math.inf

    def choice_is_trivial(self, hyp_coders: int, ref_coders: int) -> bool:
        return hyp_coders == 1 and ref_coders == 1 and self.beta_is_safe

    @property
    def f_label(self) -> str:
        # errant prints "F" + str(float(beta)): -b 1 -> F1.0
        return "F" + str(self.beta)


class SentencePair(NamedTuple):
    """What the scorer needs of one evaluated unit (a sentence or an aligned block).

    Edits are :class:`jp_errant.m2_records.Edit` values, or any 6-tuples in the same field order.
    """

    hyp_edits: Sequence[tuple]  # Edit values or 6-tuples in Edit's field order
    ref_edits: Sequence[tuple]
    source: str  # printed by -v as "Original sentence i: ..."


class SentenceResult(NamedTuple):
    tp: int
    fp: int
    fn: int
    categories: CategoryCounts
    hyp_coder: int
    ref_coder: int


class CorpusResult:
    """Running totals (mutated only by :func:`jp_errant.scorer.score_corpus` while it runs)."""

    __slots__ = ("tp", "fp", "fn", "sentences", "categories")

    def __init__(self, tp: int = 0, fp: int = 0, fn: int = 0, sentences: int = 0,
                 categories: CategoryCounts | None = None) -> None:
        self.tp, self.fp, self.fn, self.sentences = tp, fp, fn, sentences
        self.categories = {} if categories is None else categories

    def __repr__(self) -> str:
        return (f"CorpusResult(tp={self.tp}, fp={self.fp}, fn={self.fn}, "
                f"sentences={self.sentences}, categories={self.categories!r})")
