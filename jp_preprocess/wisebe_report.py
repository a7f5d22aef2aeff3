"""Text and JSON rendering of a WiSeBE evaluation (pure: returns strings)."""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any, Dict, Sequence

from jp_preprocess.wisebe import AgreementStats, Score


@dataclass(frozen=True)
class CandidateResult:
    path: str
    borders: int
    realigned: bool
    per_reference: tuple[Score, ...]
    windows: Score
    wisebe: float


@dataclass(frozen=True)
class Evaluation:
    reference_paths: tuple[str, ...]
    reference_borders: tuple[int, ...]
    realigned_references: tuple[bool, ...]
    min_window: int
    stats: AgreementStats
    window_count: int
    candidate: CandidateResult | None


def average(scores: Sequence[Score]) -> tuple[float, float, float]:
    """Mean precision, recall and F1 over the per-reference scores."""
    n = len(scores)
    return (sum(s.precision for s in scores) / n, sum(s.recall for s in scores) / n,
            sum(s.f1 for s in scores) / n)


def _fixed(value: float, digits: int) -> str:
    return "nan" if math.isnan(value) else f"{value:.{digits}f}"


def render_text(evaluation: Evaluation) -> str:
    stats = evaluation.stats
    names = [os.path.basename(p) for p in evaluation.reference_paths]
    width = max([len(n) for n in names] + ([len(os.path.basename(evaluation.candidate.path))]
                                           if evaluation.candidate else []) + [14]) + 4
    lines = [f"references: {stats.references}, words: {stats.positions}, minimum window distance: {evaluation.min_window}"]
    for name, borders, realigned in zip(names, evaluation.reference_borders, evaluation.realigned_references):
        note = "  (re-tokenized: aligned to the first reference)" if realigned else ""
        lines.append(f"  {name:<{width}}{borders:>5} borders{note}")
    rows = [
        ("common borders (cm)", str(stats.common_borders)),
        ("pondered common borders (cmp)", str(stats.pondered_common_borders)),
        (f"max borders (cm x {stats.references})", str(stats.max_borders)),
        ("agreement ratio (AR)", _fixed(stats.agreement_ratio, 4)),
        ("Fleiss kappa", _fixed(stats.fleiss_kappa, 4)),
        ("Fleiss kappa on borders", _fixed(stats.fleiss_kappa_borders, 4)),
        ("windows", str(evaluation.window_count)),
    ]
    label_width = max(len(label) for label, _ in rows) + 2
    lines += [f"{label:<{label_width}}{value:>8}" for label, value in rows]
    candidate = evaluation.candidate
    if candidate is not None:
        note = "  (re-tokenized: aligned to the first reference)" if candidate.realigned else ""
        lines.append("")
        lines.append(f"candidate: {os.path.basename(candidate.path)}, {candidate.borders} borders{note}")
        lines.append(f"  {'':<{width}}{'P':>7}{'R':>7}{'F1':>7}")
        for name, s in zip(names, candidate.per_reference):
            lines.append(f"  {'vs ' + name:<{width}}{s.precision:>7.3f}{s.recall:>7.3f}{s.f1:>7.3f}")
        p, r, f = average(candidate.per_reference)
        lines.append(f"  {'average':<{width}}{p:>7.3f}{r:>7.3f}{f:>7.3f}")
        w = candidate.windows
        lines.append(f"  {'vs windows':<{width}}{w.precision:>7.3f}{w.recall:>7.3f}{w.f1:>7.3f}")
        lines.append(f"  {'WiSeBE (F1 x AR)':<{width}}{candidate.wisebe:>7.3f}")
    return "\n".join(lines) + "\n"


def _number(value: float) -> float | None:
    return None if math.isnan(value) else value


def _score_dict(path: str | None, s: Score) -> dict:
    result: Dict[str, Any] = {"file": path} if path is not None else {}
    result.update(precision=s.precision, recall=s.recall, f1=s.f1,
                  candidate_borders=s.candidate_borders, borders_in_windows=s.borders_in_windows,
                  windows=s.windows, windows_with_border=s.windows_with_border)
    return result


def evaluation_dict(evaluation: Evaluation) -> dict:
    """The figures of an evaluation (the JSON document's scores)."""
    stats = evaluation.stats
    data: dict = {
        "references": [
            {"file": p, "borders": b, "realigned": r}
            for p, b, r in zip(evaluation.reference_paths, evaluation.reference_borders,
                               evaluation.realigned_references)
        ],
        "words": stats.positions,
        "min_window": evaluation.min_window,
        "common_borders": stats.common_borders,
        "pondered_common_borders": stats.pondered_common_borders,
        "max_borders": stats.max_borders,
        "agreement_ratio": stats.agreement_ratio,
        "fleiss_kappa": _number(stats.fleiss_kappa),
        "fleiss_kappa_borders": _number(stats.fleiss_kappa_borders),
        "windows": evaluation.window_count,
        "candidate": None,
    }
    candidate = evaluation.candidate
    if candidate is not None:
        p, r, f = average(candidate.per_reference)
        data["candidate"] = {
            "file": candidate.path,
            "borders": candidate.borders,
            "realigned": candidate.realigned,
            "per_reference": [_score_dict(path, s) for path, s in
                              zip(evaluation.reference_paths, candidate.per_reference)],
            "average": {"precision": p, "recall": r, "f1": f},
            "windows": _score_dict(None, candidate.windows),
            "wisebe": candidate.wisebe,
        }
    return data
