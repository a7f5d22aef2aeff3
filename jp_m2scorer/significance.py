"""Per-sentence annotator counts of JP mode, for the paired significance tests.

JP mode re-segments the system's lines onto the gold sentences (``jp.resegment``), so every
gold sentence is scored on its own and is one unit. m2scorer chooses each sentence's
annotator by the F of the running totals; the choice is made again inside every resample
(``jp_shims.significance.ChoiceCounts``, rule "m2scorer") from every annotator's (correct,
proposed, gold), counted once by the scorer itself (``score_sentences(candidates=...)``).
"""
from __future__ import annotations

from . import m2io
from .jp import resegment
from .scorer import Options, score_sentences


def scored_sentences(system_path: str, gold_path: str, options: Options) -> list:
    """Per gold sentence, every annotator's (correct, proposed, gold); raises
    ``m2io.InputFailure`` for bad input."""
    gold = m2io.read_gold(gold_path)
    system = m2io.read_system(system_path)
    pairs, _, _ = resegment(gold, system)
    candidates: list = []
    score_sentences(pairs, Options(options.beta, options.max_unchanged_words, options.ignore_whitespace_casing),
                    None, keep=False, candidates=candidates)
    return candidates


def metric_function(beta: float):
    """Totals (..., 3) of correct, proposed, gold -> F-beta, P, R as m2scorer prints them
    (P = 1 without proposed edits, R = 1 without gold edits; unrounded)."""
    import numpy as np

    beta2 = beta * beta

    def prf(totals):
        correct, proposed, gold = (totals[..., i].astype(np.float64) for i in range(3))
        with np.errstate(divide="ignore", invalid="ignore"):
            p = np.where(proposed > 0, correct / np.where(proposed > 0, proposed, 1), 1.0)
            r = np.where(gold > 0, correct / np.where(gold > 0, gold, 1), 1.0)
            denominator = beta2 * p + r
            f = np.where(denominator > 0, (1 + beta2) * p * r / np.where(denominator > 0, denominator, 1), 0.0)
        return np.stack((f, p, r), axis=-1)

    return prf


def _units(sentences: list) -> list:
    """One unit per gold sentence (one empty unit for an empty gold file)."""
    return [[candidates] for candidates in sentences] or [[]]


def compare_systems(systems: list[str], gold_path: str, options: Options, significance):
    """The comparison ``significance`` (``jp_shims.significance_cli.SignificanceOptions``)
    asks for: ``systems[0]`` is the baseline; units are the gold sentences."""
    from jp_shims.significance import ChoiceCounts
    from jp_shims.significance_cli import run_comparison

    counted = [ChoiceCounts(_units(scored_sentences(path, gold_path, options)), options.beta, rule="m2scorer")
               for path in systems]
    names = ["F_%.1f" % options.beta, "P", "R"]
    return run_comparison(counted, systems, metric_function(options.beta), names, significance)
