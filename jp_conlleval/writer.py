"""conlleval's report, byte for byte (spec §5): the normal report and the LaTeX table (-l).

Widths count bytes (types are byte strings); numbers are ``%6.2f`` of the unrounded doubles,
which Python formats exactly as the C library does.
"""
from __future__ import annotations

from typing import List

from .scoring import Statistics, listed_types, scores


def report(stats: Statistics, latex: bool = False) -> bytes:
    """What conlleval prints on stdout for ``stats``."""
    return latex_report(stats) if latex else text_report(stats)


def text_report(stats: Statistics) -> bytes:
    result = scores(stats)
    overall = result.overall
    lines: List[bytes] = [b"processed %d tokens with %d phrases; found: %d phrases; correct: %d.\n" % (
        stats.tokens, stats.found_gold, stats.found_guess, stats.correct_chunks)]
    if stats.tokens > 0:
        lines.append(b"accuracy: %6.2f%%; precision: %6.2f%%; recall: %6.2f%%; FB1: %6.2f\n" % (
            result.accuracy, overall.precision, overall.recall, overall.fb1))
        for kind in listed_types(stats):
            score = result.by_type[kind]
            lines.append(b"%17s: precision: %6.2f%%; recall: %6.2f%%; FB1: %6.2f  %d\n" % (
                kind, score.precision, score.recall, score.fb1, score.found_guess))
    return b"".join(lines)


def latex_report(stats: Statistics) -> bytes:
    result = scores(stats)
    overall = result.overall
    parts: List[bytes] = [b"        & Precision &  Recall  & F$_{\\beta=1} \\\\\\hline"]
    for kind in listed_types(stats):
        score = result.by_type[kind]
        parts.append(b"\n%-7s &  %6.2f\\%% & %6.2f\\%% & %6.2f \\\\" % (
            kind, score.precision, score.recall, score.fb1))
    parts.append(b"\\hline\n")
    parts.append(b"Overall &  %6.2f\\%% & %6.2f\\%% & %6.2f \\\\\\hline\n" % (
        overall.precision, overall.recall, overall.fb1))
    return b"".join(parts)
