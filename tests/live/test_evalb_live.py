"""Differential test of ``jp_evalb --legacy`` against the C evalb compiled from the originals.

Random inputs from :mod:`tests.live.evalb_fuzz` (stdlib ``random``, fixed seeds, a bounded
number of cases and a time budget): malformed trees in most of them. For every case the
stdout bytes, the exit code and the last stderr line must be equal. Cases where evalb's
behaviour is undefined (docs/jp_evalb.md, "Legacy mode and evalb's limits") cannot be
compared: those where the compiled evalb dies of a signal, and those where legacy mode warns
that evalb reads past its buffers; they are counted and reported.
"""
from __future__ import annotations

import random
import time

import pytest

from tests.live.evalb_fuzz import case_for, generate, run_legacy, run_original
from tests.live.originals import original_binary

SEEDS = (20261123, 15, 16)
CASES_PER_SEED = 900
TIME_BUDGET_SECONDS = 240  # per seed; the run stops early (and says so) beyond it
MIN_CASES = 2000


@pytest.fixture(scope="module")
def evalb():
    return original_binary("evalb")


@pytest.fixture(scope="module")
def tally():
    counts = {"run": 0, "crashed": 0, "undefined": 0}
    yield counts
    print(f"\nevalb differential: {counts['run']} cases compared, 0 mismatches; not compared: "
          f"{counts['crashed']} where evalb died of a signal, {counts['undefined']} more where "
          f"legacy mode warned that evalb's behaviour is undefined")
    assert counts["run"] >= MIN_CASES or counts.get("timed_out")


@pytest.mark.parametrize("seed", SEEDS)
def test_legacy_equals_evalb_on_random_malformed_trees(seed, evalb, tally, tmp_path):
    rng = random.Random(seed)
    deadline = time.monotonic() + TIME_BUDGET_SECONDS
    mismatches = []
    for number in range(CASES_PER_SEED):
        if time.monotonic() > deadline:
            tally["timed_out"] = True
            break
        case = generate(rng)
        expected = run_original(evalb, case, tmp_path)
        if expected.code < 0:
            tally["crashed"] += 1
            continue
        got = run_legacy(case, tmp_path)
        if got.undefined:
            tally["undefined"] += 1
            continue
        tally["run"] += 1
        if not got.same(expected):
            mismatches.append(number)
    assert not mismatches, (f"seed {seed}: legacy differs from evalb on cases {mismatches[:10]} "
                            f"(reproduce: python -m tests.live.evalb_fuzz {seed} N DIR)")


def test_case_for_reproduces_the_sequence():
    rng = random.Random(3)
    cases = [generate(rng) for _ in range(3)]
    assert case_for(3, 2) == cases[2]
