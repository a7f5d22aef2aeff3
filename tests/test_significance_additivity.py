"""Additivity: the per-block counts the significance tests resample, summed over the corpus,
give exactly the figures each tool prints in JP mode (every compat vector JP mode scores)."""
from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

import numpy as np
import pytest

from compat_tests.test_vectors import CASES, resolve_args

CONLL18 = [c for c in CASES if c.tool == "conll18_ud_eval"]


def _run(main, argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue()


@pytest.mark.parametrize("case", CONLL18, ids=[c.id for c in CONLL18])
def test_conll18_block_counts_add_up_to_the_printed_counts(case, monkeypatch):
    from jp_conll18.cli import main
    from jp_conll18.model import METRICS
    from jp_conll18.report import format_scores
    from jp_conll18.scoring import Counts
    from jp_conll18.significance import WIDTH, scored_blocks

    monkeypatch.chdir(case.folder)
    files = [a for a in resolve_args(case) if not a.startswith("-")]
    if len(files) != 2:
        pytest.skip("not a gold/system pair")
    gold, system = files
    status, printed = _run(main, [gold, system, "--counts"])
    if status != 0:
        pytest.skip(f"JP mode does not score this case (exit {status})")
    _, blocks = scored_blocks(gold, system)
    summed = np.zeros(WIDTH, dtype=np.int64)
    for _, vector in blocks:
        summed += np.asarray(vector, dtype=np.int64)
    counts = Counts()
    for k, metric in enumerate(METRICS):
        counts.rows[metric] = [int(x) for x in summed[4 * k:4 * k + 4]]
    assert format_scores(counts.scores(), counts=True) == printed
    extents = [extent for extent, _ in blocks]
    assert all(first <= stop for first, stop in extents)
    assert [e for e in extents if e[1] > e[0]] == sorted(e for e in extents if e[1] > e[0])
