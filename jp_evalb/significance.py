"""Per-line and per-block counts of a JP-mode run, for the paired significance tests.

JP mode's loop (``jp.py``) scores every line pair evalb accepts, and every other aligned block,
as one evalb sentence line; each is recorded with the gold lines it covers. Its vector holds
what evalb's summary adds up: matched, gold and test brackets, words and correct tags, for all
sentences and for those of gold length up to the cut-off (zeros for status 1/2 lines, which
evalb leaves out of those sums).
"""
from __future__ import annotations

import io
from typing import Optional

from .args import Extra, Options
from .jp import InputError, _jp_loop, _open, _refuse_one_empty
from .output import Output
from .params import Params
from .scoring import STATUS_OK, SentenceScore

WIDTH = 10


def score_vector(score: SentenceScore, cutoff: int) -> list[int]:
    if score.status != STATUS_OK:
        return [0] * WIDTH
    counts = [score.match, score.gold, score.test, score.words, score.correct_tags]
    return counts + (counts if score.length <= cutoff else [0] * 5)


def scored_blocks(gold: Optional[str], test: Optional[str], params: Params, lang: str = "en") -> list:
    """Every line or block JP mode scores for ``gold``/``test`` with ``params``, as
    ``((first, stop) gold line numbers, vector)``. Raises ``InputError`` for bad input; evalb's
    per-line messages are not repeated (the baseline's report shows its own)."""
    extra = Extra()
    extra.lang = lang
    recorded: list = []
    sink = Output(io.StringIO(), "utf-8")
    gold_stream = _open(gold, "gold")
    try:
        test_stream = _open(test, "test")
    except InputError:
        gold_stream.close()
        raise
    with gold_stream, test_stream:
        _refuse_one_empty(gold_stream, test_stream, gold, test)
        _jp_loop(gold_stream, test_stream, Options(params, gold, test), extra, sink, sink, recorded)
    return [((first, stop), score_vector(score, params.cutoff_len)) for first, stop, score in recorded]


METRICS = ("F", "R", "P", "TA")


def metric_function(totals):
    """Totals (..., WIDTH) -> bracketing F, recall, precision and tagging accuracy of all
    sentences, in percent, as evalb computes them (F = 2PR / (P + R) from unrounded P and R;
    0 where evalb prints nan). The len<=cut-off counts (columns 5-9) give the same figures
    of that subset when passed in columns 0-4."""
    import numpy as np

    from jp_shims.significance import f_ratio

    def f_measure(match, gold, test):
        recall, precision = f_ratio(match, gold), f_ratio(match, test)
        with np.errstate(divide="ignore", invalid="ignore"):
            total = precision + recall
            return np.where(total > 0, 2 * precision * recall / np.where(total > 0, total, 1), 0.0), recall, precision

    f, recall, precision = f_measure(totals[..., 0], totals[..., 1], totals[..., 2])
    return np.stack((f, recall, precision, f_ratio(totals[..., 4], totals[..., 3])), axis=-1)


def compare_systems(gold: str, tests: list[str], params: Params, options, lang: str = "en"):
    """The comparison ``options`` (``jp_shims.significance_cli.SignificanceOptions``) asks
    for: ``tests[0]`` is the baseline."""
    from jp_shims.significance import additive_systems
    from jp_shims.significance_cli import run_comparison

    systems = additive_systems([scored_blocks(gold, test, params, lang) for test in tests], WIDTH)
    return run_comparison(systems, tests, metric_function, METRICS, options)
