"""WiSeBE scoring (González-Gallardo & Torres-Moreno 2018): one segmentation against several
human references that disagree.

Everything works on border vectors: one integer per word position of the shared transcript,
1 (or, for the general reference, the number of references) when a segment ends after that
word. Nothing here reads files or depends on the order of the references except the order of
the per-reference results.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class AgreementStats:
    """How much the references agree on where segments end."""

    references: int
    positions: int
    common_borders: int  # cm: positions where at least one reference has a border
    pondered_common_borders: int  # cmp: sum of counts over positions with count >= 2
    max_borders: int  # cm x number of references
    agreement_ratio: float  # AR = cmp / max_borders
    fleiss_kappa: float
    fleiss_kappa_borders: float  # over border positions only


@dataclass(frozen=True)
class Score:
    """A candidate's borders scored against a list of windows (inclusive position ranges)."""

    candidate_borders: int
    borders_in_windows: int
    windows: int
    windows_with_border: int
    precision: float
    recall: float
    f1: float


def general_reference(border_vectors: Sequence[Sequence[int]]) -> list[int]:
    """Per position, the number of references with a border there."""
    if not border_vectors:
        return []
    return [sum(column) for column in zip(*border_vectors)]


def fleiss_kappa(counts: Sequence[int], raters: int) -> float:
    """Fleiss' kappa for two categories (border / no border) rated by RATERS references.

    nan when undefined (fewer than two raters, no positions, or a single category overall).
    """
    positions = len(counts)
    if raters < 2 or positions == 0:
        return math.nan
    total = positions * raters
    border_share = sum(counts) / total
    expected = border_share ** 2 + (1 - border_share) ** 2
    # Per-position agreement: share of agreeing rater pairs among all rater pairs.
    pair_sum = sum(c * c + (raters - c) * (raters - c) - raters for c in counts)
    observed = pair_sum / (positions * raters * (raters - 1))
    if expected == 1:
        return math.nan
    return (observed - expected) / (1 - expected)


def agreement_stats(general: Sequence[int], references: int) -> AgreementStats:
    """Common borders, pondered common borders, agreement ratio and Fleiss' kappas."""
    common = sum(1 for count in general if count > 0)
    pondered = sum(count for count in general if count >= 2)
    max_borders = common * references
    return AgreementStats(
        references=references,
        positions=len(general),
        common_borders=common,
        pondered_common_borders=pondered,
        max_borders=max_borders,
        agreement_ratio=pondered / max_borders if max_borders else 0.0,
        fleiss_kappa=fleiss_kappa(general, references),
        fleiss_kappa_borders=fleiss_kappa([c for c in general if c > 0], references),
    )


def windows(general: Sequence[int], min_window: int) -> list[tuple[int, int]]:
    """Window borders: a border position joins the current window when it lies at most
    MIN_WINDOW positions after the previous border position, else it opens a new window.
    Each window is (first, last) border position, inclusive."""
    result: list[tuple[int, int]] = []
    for position, count in enumerate(general):
        if count == 0:
            continue
        if result and position - result[-1][1] <= min_window:
            result[-1] = (result[-1][0], position)
        else:
            result.append((position, position))
    return result


def single_windows(borders: Sequence[int]) -> list[tuple[int, int]]:
    """One window per border of a single reference (how WiSeBE scores against one reference)."""
    return [(position, position) for position, flag in enumerate(borders) if flag]


def score(candidate: Sequence[int], window_list: Sequence[tuple[int, int]]) -> Score:
    """Precision = candidate borders inside some window / candidate borders; recall = windows
    holding at least one candidate border / windows. Empty denominators give 0."""
    window_of = [-1] * len(candidate)
    for number, (first, last) in enumerate(window_list):
        for position in range(first, min(last, len(candidate) - 1) + 1):
            window_of[position] = number
    borders = inside = 0
    hit: set[int] = set()
    for position, flag in enumerate(candidate):
        if not flag:
            continue
        borders += 1
        if window_of[position] >= 0:
            inside += 1
            hit.add(window_of[position])
    precision = inside / borders if borders else 0.0
    recall = len(hit) / len(window_list) if window_list else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return Score(borders, inside, len(window_list), len(hit), precision, recall, f1)


def score_against_borders(candidate: Sequence[int], borders: Sequence[int]) -> Score:
    """``score(candidate, single_windows(borders))`` without building one window per border:
    a candidate border is inside a window, and hits it, exactly where BORDERS has one."""
    candidate_borders = reference_borders = hits = 0
    for flag, reference in zip(candidate, borders):
        candidate_borders += bool(flag)
        reference_borders += bool(reference)
        hits += bool(flag and reference)
    precision = hits / candidate_borders if candidate_borders else 0.0
    recall = hits / reference_borders if reference_borders else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return Score(candidate_borders, hits, reference_borders, hits, precision, recall, f1)
