"""Paired significance tests and bootstrap intervals over units of gold text.

Systems that split the text differently have no common sentence to resample. JP mode aligns
each system with the gold file in blocks; the *units* here are the connected components of
all systems' blocks over the gold side (:func:`units_of`), so that every system has exactly
one count vector per unit. A corpus metric is always computed from summed counts, as the tool
computes it (never an average of sentence scores), by a vectorized function the tool supplies.

* :class:`AdditiveCounts` -- counts that simply add up (evalb, conll18);
* :class:`ChoiceCounts` -- errant's per-block choice of annotators by the running totals,
  recomputed inside every resample from per-block, per-annotator-pair counts (and, for a
  breakdown, each candidate's payload summed for the chosen one: see
  :mod:`jp_shims.significance.groups`);
* :func:`compare` -- paired bootstrap resampling (Koehn 2004), paired approximate
  randomization (Riezler & Maxwell 2005) and 95 % percentile intervals.

numpy is imported by this module only: tools import it when a test or interval is asked for.
See docs/significance.md for the method and its assumptions.
"""
from __future__ import annotations

from bisect import bisect_right
from typing import Any, Callable, NamedTuple, Optional, Sequence

import numpy as np

DEFAULT_SEED = 12345  # sacrebleu's
DEFAULT_BS_N = 1000
DEFAULT_AR_N = 10000
CONFIDENCE = 0.95
AR_BATCH = 1000  # rounds of approximate randomization drawn at once (memory: rounds x units)
# Bootstrap samples drawn at once (memory: samples x units x 24 bytes; 40 MB for 16,000 units).
# Drawn in batches, the samples are the very ones one draw of all of them gives.
BS_BATCH = 100
# Differences within this of the observed one count as "as large": metrics computed from the
# same counts in another order can differ in the last bits.
TOLERANCE = 1e-9

Extent = tuple  # (first, stop): half-open range of gold positions a block covers
Metric = Callable[[np.ndarray], np.ndarray]  # totals (..., k) -> metrics (..., m)


# --- units ------------------------------------------------------------------------------------

def units_of(systems: Sequence[Sequence[Extent]]) -> list[int]:
    """Start positions of the units: the connected components of every system's blocks.

    A block covers the half-open range ``[first, stop)`` of gold positions (sentence numbers,
    or character offsets). Two blocks of any systems that share a position are in one unit.
    A block without gold positions (``first == stop``: system text aligned with nothing) is
    placed by :func:`unit_index`, not here.
    """
    spans = sorted((first, stop) for extents in systems for first, stop in extents if stop > first)
    starts: list[int] = []
    end = None
    for first, stop in spans:
        if end is None or first >= end:
            starts.append(first)
            end = stop
        elif stop > end:
            end = stop
    return starts or [0]


def unit_index(starts: Sequence[int], extent: Extent) -> int:
    """The unit of a block: the one holding its first gold position; a block without gold
    positions goes with the gold text just before it (the first unit at the very start)."""
    first, stop = extent
    position = first if stop > first else first - 1
    return max(bisect_right(starts, position) - 1, 0)


def gather(starts: Sequence[int], extents: Sequence[Extent], vectors: Sequence[Sequence[float]],
           width: int) -> np.ndarray:
    """Per-unit sums of one system's block vectors: an array (units, width)."""
    counts = np.zeros((len(starts), width), dtype=np.float64)
    if extents:
        index = np.fromiter((unit_index(starts, e) for e in extents), dtype=np.intp, count=len(extents))
        np.add.at(counts, index, np.asarray(vectors, dtype=np.float64).reshape(len(extents), width))
    return counts


def additive_systems(systems: Sequence[Sequence[tuple[Extent, Sequence[float]]]], width: int) -> list:
    """:class:`AdditiveCounts` of every system over their common units, from each system's
    blocks as ``(extent, count vector)``."""
    starts = units_of([[extent for extent, _ in blocks] for blocks in systems])
    return [AdditiveCounts(gather(starts, [e for e, _ in blocks], [v for _, v in blocks], width))
            for blocks in systems]


# --- systems as resamplable counts --------------------------------------------------------------

class AdditiveCounts:
    """One system's count vector per unit; a pseudo-corpus's totals are weighted sums."""

    def __init__(self, counts: np.ndarray) -> None:
        self.counts = np.asarray(counts, dtype=np.float64)

    @property
    def units(self) -> int:
        return self.counts.shape[0]

    def totals(self) -> np.ndarray:
        """Totals of the whole corpus, shape (width,)."""
        return self.counts.sum(axis=0)

    def resampled(self, draws: np.ndarray) -> np.ndarray:
        """Totals of bootstrap samples, shape (samples, width); ``draws`` (samples, units)
        holds the units drawn."""
        return _weights(draws, self.units) @ self.counts

    def swapped(self, other: "AdditiveCounts", swap: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Totals of the two pseudo-systems of approximate randomization: where ``swap``
        (rounds, units) is true the systems exchange their unit."""
        delta = swap.astype(np.float64) @ (other.counts - self.counts)
        return self.totals() + delta, other.totals() - delta


def _weights(draws: np.ndarray, units: int) -> np.ndarray:
    """How many times each unit was drawn in each sample: (samples, units)."""
    samples = draws.shape[0]
    flat = draws + (np.arange(samples, dtype=np.intp) * units)[:, None]
    return np.bincount(flat.ravel(), minlength=samples * units).reshape(samples, units).astype(np.float64)


class ChoiceCounts:
    """Scorers that choose, per sentence, the annotator giving the best corpus F with the
    running totals. Every block offers one count triple per candidate; the choice is made
    again, block by block in the pseudo-corpus's order, for every sample. ``rule``:

    * ``"errant"``: candidates (tp, fp, fn) per (hypothesis, reference) annotator pair; the
      best F-beta of the totals rounded to 4 places, then more TP, fewer FP, fewer FN;
    * ``"m2scorer"``: candidates (correct, proposed, gold) per annotator; the best
      unrounded F of the totals (1 when nothing is proposed or expected), then more correct,
      then the smaller proposed + beta^2 gold of the totals.

    Ties go to the earlier candidate. ``blocks``: per unit, its blocks in order, each a list
    of candidates. A candidate's counts beyond the first three are its *payload* (e.g. its
    per-category counts): summed for the chosen candidate, never compared; the totals are
    then (..., 3 + payload), every candidate of the run with the same payload width.
    """

    def __init__(self, blocks: Sequence[Sequence[Sequence[Sequence[int]]]], beta: float,
                 rule: str = "errant") -> None:
        if rule not in ("errant", "m2scorer"):
            raise ValueError(f"unknown choice rule {rule!r}")
        self.rule = rule
        self.beta = float(beta)
        flat = [candidates for unit in blocks for candidates in unit]
        width = max((len(c) for c in flat), default=1)
        counts = max((len(c[0]) for c in flat if len(c)), default=3)
        # Row len(flat) is the empty block that pads sequences: one candidate (0, 0, 0).
        table = np.zeros((len(flat) + 1, width, counts), dtype=np.int64)
        valid = np.zeros((len(flat) + 1, width), dtype=bool)
        for row, candidates in enumerate(flat):
            table[row, :len(candidates)] = candidates
            valid[row, :len(candidates)] = True
        valid[len(flat), 0] = True
        # The choice reads the triples only; the payload (if any) is gathered for the chosen
        # (as int32: per-block counts, and half the memory traffic of every step).
        self.payload: Optional[np.ndarray] = None
        if counts > 3:
            table, self.payload = (np.ascontiguousarray(table[..., :3]),
                                   np.ascontiguousarray(table[..., 3:], dtype=np.int32))
        self.table, self.valid = table, valid
        sizes = np.array([len(unit) for unit in blocks], dtype=np.intp)
        self.sizes = sizes
        self.first = (np.cumsum(sizes) - sizes).astype(np.intp)

    @property
    def units(self) -> int:
        return len(self.sizes)

    def totals(self) -> np.ndarray:
        order = np.arange(self.units, dtype=np.intp)[None, :]
        return self._run(self.table, self.valid, self.first[order], self.sizes[order], self.payload)[0]

    def resampled(self, draws: np.ndarray) -> np.ndarray:
        # The units of a sample are taken in the order they were drawn.
        return self._run(self.table, self.valid, self.first[draws], self.sizes[draws], self.payload)

    def swapped(self, other: "ChoiceCounts", swap: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        # One table holding both systems' blocks (each without its padding row), then ours.
        width = max(self.table.shape[1], other.table.shape[1])
        table = np.concatenate((_widen(self.table[:-1], width), _widen(other.table[:-1], width),
                                _widen(self.table[-1:], width)))
        valid = np.concatenate((_widen(self.valid[:-1], width), _widen(other.valid[:-1], width),
                                _widen(self.valid[-1:], width)))
        payload = None
        if self.payload is not None and other.payload is not None:
            payload = np.concatenate((_widen(self.payload[:-1], width), _widen(other.payload[:-1], width),
                                      _widen(self.payload[-1:], width)))
        shift = self.table.shape[0] - 1
        mine_first = np.where(swap, other.first + shift, self.first)
        mine_size = np.where(swap, other.sizes, self.sizes)
        theirs_first = np.where(swap, self.first, other.first + shift)
        theirs_size = np.where(swap, self.sizes, other.sizes)
        return (self._run(table, valid, mine_first, mine_size, payload),
                self._run(table, valid, theirs_first, theirs_size, payload))

    def _keys(self, after: np.ndarray, candidates: np.ndarray, beta2: float) -> tuple:
        """What the choice compares, greatest first, for every sample and candidate
        (``after``: the totals with each candidate added; arrays (samples, candidates))."""
        if self.rule == "errant":
            return (_rounded_f(after, beta2), candidates[..., 0], -candidates[..., 1], -candidates[..., 2])
        correct, proposed, gold = (after[..., i].astype(np.float64) for i in range(3))
        denominator = beta2 * gold + proposed
        f = np.divide((1.0 + beta2) * correct, denominator, out=(correct == 0).astype(np.float64),
                      where=denominator != 0)
        return (f, candidates[..., 0], -(proposed + beta2 * gold))

    def _run(self, table: np.ndarray, valid: np.ndarray, first: np.ndarray, size: np.ndarray,
             payload: Optional[np.ndarray] = None) -> np.ndarray:
        """Totals (samples, 3) of the pseudo-corpora whose unit i holds blocks
        ``first[s, i] .. first[s, i] + size[s, i] - 1`` of ``table`` (row -1: padding); with
        a ``payload`` (rows, candidates, k), the chosen candidates' payloads summed after them
        (samples, 3 + k)."""
        sequence = _expand(first, size, table.shape[0] - 1)
        samples = sequence.shape[0]
        totals = np.zeros((samples, 3), dtype=np.int64)
        gathered = None if payload is None else np.zeros((samples, payload.shape[2]), dtype=payload.dtype)
        beta2 = self.beta ** 2
        if self.rule == "m2scorer" and not np.isfinite(beta2):
            # every candidate F is nan (beta nan, or beta2 inf: inf/inf), and m2scorer chooses
            # no annotator then: nothing is ever counted
            return totals if gathered is None else np.concatenate((totals, gathered), axis=1)
        width = table.shape[1]
        rows = np.arange(samples)
        for step in range(sequence.shape[1]):
            ids = sequence[:, step]
            candidates = table[ids]
            if width == 1:
                totals += candidates[:, 0]
                if gathered is not None:
                    gathered += payload[ids, 0]  # type: ignore[index]
                continue
            ok = valid[ids]
            keys = self._keys(totals[:, None, :] + candidates, candidates, beta2)
            # lexicographic over the keys, the earlier candidate on ties; candidate 0 is
            # always valid
            chosen = np.zeros(samples, dtype=np.intp)
            best_keys = [key[:, 0] for key in keys]
            for k in range(1, width):
                better = np.zeros(samples, dtype=bool)
                equal = ok[:, k].copy()
                for key, old in zip(keys, best_keys):
                    new = key[:, k]
                    better |= equal & (new > old)
                    equal &= new == old
                chosen[better] = k
                best_keys = [np.where(better, key[:, k], old) for key, old in zip(keys, best_keys)]
            totals += candidates[rows, chosen]
            if gathered is not None:
                gathered += payload[ids, chosen]  # type: ignore[index]
        return totals if gathered is None else np.concatenate((totals, gathered), axis=1)


def _widen(array: np.ndarray, width: int) -> np.ndarray:
    if array.shape[1] == width:
        return array
    pad = [(0, 0), (0, width - array.shape[1])] + [(0, 0)] * (array.ndim - 2)
    return np.pad(array, pad)


def _expand(first: np.ndarray, size: np.ndarray, padding: int) -> np.ndarray:
    """Block sequences (samples, longest) from per-unit block ranges, padded with ``padding``."""
    samples = first.shape[0]
    sizes = size.ravel()
    total = int(sizes.sum())
    row_length = size.sum(axis=1)
    longest = int(row_length.max()) if samples else 0
    out = np.full((samples, max(longest, 1)), padding, dtype=np.intp)
    if total:
        ends = np.cumsum(sizes)
        entry = np.repeat(np.arange(sizes.size), sizes)
        ids = first.ravel()[entry] + (np.arange(total) - (ends - sizes)[entry])
        rows = entry // first.shape[1]
        row_start = np.concatenate(([0], np.cumsum(row_length)[:-1]))
        out[rows, np.arange(total) - row_start[rows]] = ids
    return out


def errant_prf(totals: np.ndarray, beta2: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """errant's computeFScore on totals (..., 3), unrounded: P = 1 without FP, R = 1 without
    FN, F = 0 when P + R = 0 (the same operations in the same order as errant)."""
    tp, fp, fn = (totals[..., i] for i in range(3))
    true = tp.astype(np.float64)
    p = np.divide(true, tp + fp, out=np.ones_like(true), where=fp > 0)
    r = np.divide(true, tp + fn, out=np.ones_like(true), where=fn > 0)
    f = np.divide((1 + beta2) * p * r, beta2 * p + r, out=np.zeros_like(true), where=p + r > 0)
    return p, r, f


def _rounded_f(totals: np.ndarray, beta2: float) -> np.ndarray:
    # errant compares F rounded to 4 places.
    return np.round(errant_prf(totals, beta2)[2], 4)


# --- the tests ----------------------------------------------------------------------------------

class Interval(NamedTuple):
    mean: float
    low: float
    high: float


class MetricResult(NamedTuple):
    """One metric of one system: its score, and what the requested test/interval gave."""

    name: str
    score: float
    interval: Optional[Interval]  # bootstrap mean and 95 % percentile interval
    p_value: Optional[float]  # against the baseline (None for the baseline itself)


class SystemResult(NamedTuple):
    name: str
    metrics: list[MetricResult]


class Comparison(NamedTuple):
    test: str  # "bs", "ar" or "ci"
    samples: int
    seed: int
    units: int
    systems: list[SystemResult]
    # Which metrics are breakdown rows (jp_shims.significance.groups.BreakdownRows), if any.
    breakdown: Any = None


def compare(systems: Sequence, names: Sequence[str], metric: Metric, metric_names: Sequence[str], *,
            test: str = "bs", samples: Optional[int] = None, seed: int = DEFAULT_SEED,
            intervals: bool = True) -> Comparison:
    """Scores of every system, with bootstrap intervals and p-values against ``systems[0]``
    (the baseline): paired bootstrap ("bs", ``samples`` resamples), paired approximate
    randomization ("ar", ``samples`` rounds; intervals, if asked for, from
    :data:`DEFAULT_BS_N` bootstrap samples) or intervals only ("ci").

    ``systems``: :class:`AdditiveCounts` or :class:`ChoiceCounts` over the same units;
    ``metric`` maps totals (..., width) to the metrics (..., len(metric_names)).
    """
    if test not in ("bs", "ar", "ci"):
        raise ValueError(f"unknown test {test!r}")
    units = systems[0].units
    if any(s.units != units for s in systems):
        raise ValueError("systems are not counted over the same units")
    if samples is None:
        samples = DEFAULT_AR_N if test == "ar" else DEFAULT_BS_N
    if samples < 1:
        raise ValueError("the number of samples must be at least 1")
    rng = np.random.default_rng(seed)
    scores = [np.asarray(metric(s.totals()), dtype=np.float64) for s in systems]
    bounds: list[Optional[np.ndarray]] = [None] * len(systems)
    p_values: list[Optional[np.ndarray]] = [None] * len(systems)
    if test != "ar" or intervals:
        size = samples if test != "ar" else DEFAULT_BS_N
        sampled = _bootstrap_metrics(systems, metric, size, rng)
        bounds = [_interval(values) for values in sampled]
        if test == "bs":
            for i in range(1, len(systems)):
                p_values[i] = _bootstrap_p(sampled[0], sampled[i], scores[i] - scores[0])
    if test == "ar":
        for i in range(1, len(systems)):
            p_values[i] = _randomization_p(systems[0], systems[i], metric, scores[i] - scores[0],
                                           samples, rng)
    results = []
    for i, name in enumerate(names):
        metrics = []
        for j, metric_name in enumerate(metric_names):
            interval = None
            bound, p_value = bounds[i], p_values[i]
            if bound is not None:
                interval = Interval(*(float(x) for x in bound[:, j]))
            p = None if p_value is None else float(p_value[j])
            metrics.append(MetricResult(metric_name, float(scores[i][j]), interval, p))
        results.append(SystemResult(name, metrics))
    return Comparison(test, samples, seed, units, results)


def _bootstrap_metrics(systems: Sequence, metric: Metric, size: int, rng: np.random.Generator) -> list:
    """Every system's metrics on ``size`` paired bootstrap samples (the same draws for all
    systems): a list of arrays (size, metrics)."""
    units = systems[0].units
    parts: list[list[np.ndarray]] = [[] for _ in systems]
    done = 0
    while done < size:
        batch = min(BS_BATCH, size - done)
        draws = rng.integers(0, units, size=(batch, units), dtype=np.intp)
        for part, system in zip(parts, systems):
            part.append(np.asarray(metric(system.resampled(draws)), dtype=np.float64))
        done += batch
    return [np.concatenate(part) for part in parts]


def _interval(values: np.ndarray) -> np.ndarray:
    """Mean and percentile interval (rows) per metric (columns)."""
    tail = (1 - CONFIDENCE) / 2 * 100
    low, high = np.percentile(values, [tail, 100 - tail], axis=0)
    return np.vstack((values.mean(axis=0), low, high))


def _bootstrap_p(base: np.ndarray, system: np.ndarray, observed: np.ndarray) -> np.ndarray:
    """Two-sided paired bootstrap p-value: how often the resampled difference, shifted to mean
    zero (the null hypothesis), is at least as far from zero as the observed one
    (Berg-Kirkpatrick et al. 2012; with +1 smoothing as in sacrebleu)."""
    differences = system - base
    centered = differences - differences.mean(axis=0)
    extreme = (np.abs(centered) >= np.abs(observed) - TOLERANCE).sum(axis=0)
    return (extreme + 1) / (len(differences) + 1)


def _randomization_p(base, system, metric: Metric, observed: np.ndarray, rounds: int,
                     rng: np.random.Generator) -> np.ndarray:
    """Two-sided paired approximate randomization: swap the two systems' outputs unit by unit
    with probability 1/2; p = (rounds at least as extreme + 1) / (rounds + 1)."""
    extreme = np.zeros(observed.shape, dtype=np.int64)
    done = 0
    while done < rounds:
        batch = min(AR_BATCH, rounds - done)
        swap = rng.random((batch, base.units)) < 0.5
        mine, theirs = base.swapped(system, swap)
        differences = np.asarray(metric(theirs), dtype=np.float64) - np.asarray(metric(mine), dtype=np.float64)
        extreme += (np.abs(differences) >= np.abs(observed) - TOLERANCE).sum(axis=0)
        done += batch
    return (extreme + 1) / (rounds + 1)


def f_ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """``100 * numerator / denominator``, 0 where the denominator is 0 (every tool here)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator > 0, 100.0 * numerator / np.where(denominator > 0, denominator, 1), 0.0)
