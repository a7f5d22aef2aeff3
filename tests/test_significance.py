"""jp_shims.significance: units, resampled totals, errant's running-total choice, the tests."""
from __future__ import annotations

import numpy as np
import pytest

from jp_shims.significance.resampling import (
    AdditiveCounts,
    ChoiceCounts,
    _expand,
    compare,
    errant_prf,
    gather,
    unit_index,
    units_of,
)


def ratio(totals):
    """Toy metric: accuracy = correct / total, in percent."""
    return 100.0 * totals[..., :1] / totals[..., 1:2]


def test_units_are_connected_components_of_all_systems_blocks():
    one = [(0, 1), (1, 3), (3, 4), (4, 5)]
    two = [(0, 2), (2, 3), (3, 4), (4, 6)]
    assert units_of([one, two]) == [0, 3, 4]
    assert units_of([one]) == [0, 1, 3, 4]
    assert units_of([]) == [0]


def test_blocks_without_gold_positions_join_the_text_before_them():
    starts = [0, 3, 4]
    assert unit_index(starts, (3, 3)) == 0  # system text after gold position 2
    assert unit_index(starts, (0, 0)) == 0
    assert unit_index(starts, (4, 5)) == 2
    counts = gather(starts, [(0, 2), (2, 3), (3, 3), (3, 4)], [[1, 2], [3, 4], [5, 6], [7, 8]], 2)
    assert counts.tolist() == [[9, 12], [7, 8], [0, 0]]


def test_resampled_totals_are_weighted_sums():
    counts = AdditiveCounts(np.array([[1, 2], [3, 4], [5, 6]]))
    draws = np.array([[0, 0, 2], [1, 2, 1]])
    assert counts.resampled(draws).tolist() == [[7, 10], [11, 14]]
    swap = np.array([[True, False, False]])
    other = AdditiveCounts(np.array([[0, 2], [0, 4], [0, 6]]))
    mine, theirs = counts.swapped(other, swap)
    assert mine.tolist() == [[8, 12]] and theirs.tolist() == [[1, 12]]


def test_expand_concatenates_block_ranges_with_padding():
    first = np.array([[0, 3], [3, 1]])
    size = np.array([[3, 0], [0, 2]])
    assert _expand(first, size, 9).tolist() == [[0, 1, 2], [1, 2, 9]]


def test_self_comparison_gives_p_one_and_an_interval_around_the_score():
    rng = np.random.default_rng(0)
    correct = rng.integers(0, 10, 200)
    counts = np.column_stack((correct, np.full(200, 10)))
    system = AdditiveCounts(counts)
    for test in ("bs", "ar"):
        result = compare([system, AdditiveCounts(counts.copy())], ["a", "b"], ratio, ["acc"], test=test,
                         samples=200)
        assert result.systems[1].metrics[0].p_value == 1.0
    result = compare([system], ["a"], ratio, ["acc"], test="ci", samples=500)
    metric = result.systems[0].metrics[0]
    assert metric.interval.low < metric.score < metric.interval.high


def test_a_clearly_better_system_is_significant_and_seed_changes_only_intervals():
    rng = np.random.default_rng(1)
    base = np.column_stack((rng.binomial(10, 0.6, 300), np.full(300, 10)))
    better = np.column_stack((np.minimum(base[:, 0] + rng.binomial(2, 0.5, 300), 10), np.full(300, 10)))
    systems = [AdditiveCounts(base), AdditiveCounts(better)]
    for test in ("bs", "ar"):
        result = compare(systems, ["a", "b"], ratio, ["acc"], test=test, samples=300)
        assert result.systems[1].metrics[0].p_value < 0.01
    first = compare(systems, ["a", "b"], ratio, ["acc"], test="bs", samples=300, seed=1)
    again = compare(systems, ["a", "b"], ratio, ["acc"], test="bs", samples=300, seed=1)
    other = compare(systems, ["a", "b"], ratio, ["acc"], test="bs", samples=300, seed=2)
    assert first == again
    assert [m.score for s in first.systems for m in s.metrics] == [m.score for s in other.systems for m in s.metrics]
    assert first.systems[0].metrics[0].interval != other.systems[0].metrics[0].interval


def _errant_choice(blocks, beta):
    """The running-total choice, written plainly (errant's rule with rounded corpus F)."""
    tp = fp = fn = 0
    for candidates in blocks:
        best = None
        for c in candidates:
            t = (tp + c[0], fp + c[1], fn + c[2])
            p = t[0] / (t[0] + t[1]) if t[1] else 1.0
            r = t[0] / (t[0] + t[2]) if t[2] else 1.0
            f = round((1 + beta ** 2) * p * r / (beta ** 2 * p + r), 4) if p + r else 0.0
            key = (f, c[0], -c[1], -c[2])
            if best is None or key > best[0]:
                best = (key, c)
        tp, fp, fn = tp + best[1][0], fp + best[1][1], fn + best[1][2]
    return [tp, fp, fn]


def test_choice_counts_follow_the_running_totals_in_every_sample():
    rng = np.random.default_rng(2)
    units = [[[tuple(int(x) for x in rng.integers(0, 4, 3)) for _ in range(int(rng.integers(1, 4)))]
              for _ in range(int(rng.integers(0, 3)))] for _ in range(40)]
    system = ChoiceCounts(units, beta=0.5)
    flat = [block for unit in units for block in unit]
    assert system.totals().tolist() == _errant_choice(flat, 0.5)
    draws = rng.integers(0, 40, (5, 40))
    resampled = system.resampled(draws)
    for row, drawn in zip(resampled, draws):
        assert row.tolist() == _errant_choice([b for u in drawn for b in units[u]], 0.5)
    other_units = [[[(1, 0, 0)]] * (u % 2) for u in range(40)]
    other = ChoiceCounts(other_units, beta=0.5)
    swap = rng.random((3, 40)) < 0.5
    mine, theirs = system.swapped(other, swap)
    for k in range(3):
        mixed = [b for u in range(40) for b in (other_units[u] if swap[k, u] else units[u])]
        rest = [b for u in range(40) for b in (units[u] if swap[k, u] else other_units[u])]
        assert mine[k].tolist() == _errant_choice(mixed, 0.5)
        assert theirs[k].tolist() == _errant_choice(rest, 0.5)


def test_errant_prf_matches_errants_conventions():
    p, r, f = errant_prf(np.array([[0, 0, 0], [2, 2, 0], [0, 3, 4]]), 0.25)
    assert p.tolist() == [1.0, 0.5, 0.0] and r.tolist() == [1.0, 1.0, 0.0] and f[2] == 0.0


def test_bad_arguments():
    system = AdditiveCounts(np.ones((3, 2)))
    with pytest.raises(ValueError):
        compare([system], ["a"], ratio, ["acc"], test="xx")
    with pytest.raises(ValueError):
        compare([system, AdditiveCounts(np.ones((4, 2)))], ["a", "b"], ratio, ["acc"])
