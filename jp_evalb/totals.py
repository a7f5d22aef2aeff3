"""evalb's counters: one report line per sentence, and the two summary blocks they add up to.

A :class:`SentenceScore` is one line of evalb's report (its status says whether the sentence
was scored, an error or skipped); :class:`Totals` are evalb's TOTAL_* or TOT40_* counters and
the summary figures computed from them; :class:`RunTotals` keeps both blocks of a run (all
sentences, and those up to the length cut-off), adding sentences in batches.
"""
from __future__ import annotations

from operator import and_, eq
from typing import Iterable, NamedTuple, Optional, Sequence

STATUS_OK, STATUS_ERROR, STATUS_SKIP = 0, 1, 2
STATUS_COUNTED_SKIP = 3  # evalb_spmrl -X: a skipped sentence counted as valid


class SentenceScore(NamedTuple):
    """One line of evalb's report (status 1/2 lines from mismatches carry zero figures)."""

    id: int
    length: int
    status: int
    match: int = 0
    gold: int = 0
    test: int = 0
    crossing: int = 0
    words: int = 0
    correct_tags: int = 0

    @property
    def recall(self) -> float:
        return 100.0 * self.match / self.gold if self.gold else 0.0

    @property
    def precision(self) -> float:
        return 100.0 * self.match / self.test if self.test else 0.0

    @property
    def tag_accuracy(self) -> float:
        return 100.0 * self.correct_tags / self.words if self.words else 0.0


_COUNTERS = ("sentences", "errors", "skips", "gold", "test", "match", "complete", "words",
             "crossing", "no_crossing", "le2_crossing", "correct_tags")


class Totals:
    """evalb's TOTAL_* or TOT40_* counters."""

    __slots__ = _COUNTERS
    # (the counters' types, for the type checker: __slots__ names them, __init__ sets them)
    sentences: int
    errors: int
    skips: int
    gold: int
    test: int
    match: int
    complete: int
    words: int
    crossing: int
    no_crossing: int
    le2_crossing: int
    correct_tags: int

    def __init__(self) -> None:
        for name in _COUNTERS:
            setattr(self, name, 0)

    def __repr__(self) -> str:
        return "Totals(" + ", ".join(f"{name}={getattr(self, name)}" for name in _COUNTERS) + ")"

    def add(self, score: SentenceScore) -> None:
        self.add_many((score,))

    def add_many(self, scores: Sequence[SentenceScore]) -> None:
        """Count the sentences: every one, errors (status 1), skips (status 2), and the figures
        of the others (summed at C level over the batch: :class:`RunTotals` adds 256 at once)."""
        self.sentences += len(scores)
        statuses = [score[2] for score in scores]
        errors, skips = statuses.count(STATUS_ERROR), statuses.count(STATUS_SKIP)
        self.errors += errors
        self.skips += skips
        if errors or skips:
            scores = [score for score in scores if score[2] != STATUS_ERROR and score[2] != STATUS_SKIP]
        if not scores:
            return
        _, _, _, match, gold, test, crossing, words, correct_tags = zip(*scores)
        self.gold += sum(gold)
        self.test += sum(test)
        self.match += sum(match)
        self.complete += sum(map(and_, map(eq, gold, test), map(eq, test, match)))
        self.words += sum(words)
        self.crossing += sum(crossing)
        no_crossing = crossing.count(0)
        self.no_crossing += no_crossing
        self.le2_crossing += no_crossing + crossing.count(1) + crossing.count(2)
        self.correct_tags += sum(correct_tags)

    @property
    def valid(self) -> int:
        return self.sentences - self.errors - self.skips

    @property
    def recall(self) -> float:
        return 100.0 * self.match / self.gold if self.gold > 0 else 0.0

    @property
    def precision(self) -> float:
        return 100.0 * self.match / self.test if self.test > 0 else 0.0

    @property
    def fmeasure(self) -> Optional[float]:
        """2PR/(P+R) from the unrounded figures; None where evalb divides 0 by 0 (-nan)."""
        p, r = self.precision, self.recall
        return None if p + r == 0 else 2 * p * r / (p + r)

    def _per_valid(self, count: int, scale: float = 100.0) -> float:
        return scale * count / self.valid if self.valid > 0 else 0.0

    @property
    def complete_match(self) -> float:
        return self._per_valid(self.complete)

    @property
    def average_crossing(self) -> float:
        return self._per_valid(self.crossing, 1.0)

    @property
    def no_crossing_rate(self) -> float:
        return self._per_valid(self.no_crossing)

    @property
    def le2_crossing_rate(self) -> float:
        return self._per_valid(self.le2_crossing)

    @property
    def tag_accuracy(self) -> float:
        return 100.0 * self.correct_tags / self.words if self.words > 0 else 0.0


class RunTotals:
    """The two summary blocks: all sentences, and those with gold length <= the cut-off.

    Sentences are added to the counters in batches (:meth:`Totals.add_many`), which costs a
    fraction of adding them one at a time; ``all`` and ``short`` are up to date whenever read.
    """

    __slots__ = ("cutoff", "_all", "_short", "_pending")

    BATCH = 256

    def __init__(self, cutoff: int) -> None:
        self.cutoff = cutoff
        self._all = Totals()
        self._short = Totals()
        self._pending: list[SentenceScore] = []

    def add(self, score: SentenceScore) -> None:
        pending = self._pending
        pending.append(score)
        if len(pending) >= self.BATCH:
            self._fold()

    def add_all(self, scores: Iterable[SentenceScore]) -> None:
        """:meth:`add` of each score (in one loop: no call a sentence)."""
        pending, batch = self._pending, self.BATCH
        for score in scores:
            pending.append(score)
            if len(pending) >= batch:
                self._fold()
                pending = self._pending

    def _fold(self) -> None:
        pending = self._pending
        if pending:
            self._all.add_many(pending)
            cutoff = self.cutoff
            self._short.add_many([score for score in pending if score[1] <= cutoff])
            self._pending = []

    @property
    def all(self) -> Totals:
        self._fold()
        return self._all

    @property
    def short(self) -> Totals:
        self._fold()
        return self._short
