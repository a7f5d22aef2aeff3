"""Cross-check of the bootstrap intervals with an independent implementation: udapi's
``eval.Conll18`` resampling (per-sentence raw counts, then ``udapi/block/eval/conll18.py -r N``).

On UD EWT test with a system whose sentences line up with the gold file (EWT gold with 15 % of
its DEPREL values changed, seeded), the 95 % half-width of LAS from ``jp_conll18`` must agree
within 15 % with udapi's at the same number of resamples. Both resample sentences here: when
inputs line up, every JP unit is one gold sentence. Skipped when udapi is not installed
(tox's compat-live env installs it through the ``compat`` extra).
"""
from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from jp_shims.significance.cli import SignificanceOptions
from tests.datafiles import data_path

udapi = pytest.importorskip("udapi", reason="udapi is not installed (pip install udapi, or tox -e compat-live)")

RESAMPLES = 1000
DEPRELS = ["nsubj", "obj", "obl", "advmod", "amod", "nmod", "det", "case", "conj", "compound", "punct"]


def corrupted_copy(gold: str, target: str, share: float, seed: int) -> None:
    rng = random.Random(seed)
    with open(gold, encoding="utf-8") as lines, open(target, "w", encoding="utf-8") as out:
        for line in lines:
            columns = line.rstrip("\n").split("\t")
            if len(columns) == 10 and columns[0].isdigit() and rng.random() < share:
                columns[7] = rng.choice([d for d in DEPRELS if d != columns[7]])
                line = "\t".join(columns) + "\n"
            out.write(line)


def udapi_half_width(gold: str, system: str, folder) -> float:
    results = folder / "results" / "system"
    results.mkdir(parents=True)
    runner = "import sys; from udapi.cli import main; sys.argv = ['udapy'] + sys.argv[1:]; sys.exit(main())"
    with open(results / "ewt", "w") as raw:
        subprocess.run([sys.executable, "-c", runner, "read.Conllu", "zone=gold", f"files={gold}",
                        "read.Conllu", "zone=pred", f"files={system}", "ignore_sent_id=1",
                        "eval.Conll18", "print_results=0", "print_raw=LAS"],
                       stdout=raw, stderr=subprocess.PIPE, check=True)
    done = subprocess.run([sys.executable, "-m", "udapi.block.eval.conll18", "-d", str(folder / "results"),
                           "-r", str(RESAMPLES), "--randseed", "7"],
                          capture_output=True, text=True, check=True)
    match = re.search(r"±\s*([0-9.]+)", done.stdout)
    assert match, done.stdout
    return float(match.group(1))


def test_las_interval_half_width_agrees_with_udapi(tmp_path):
    from jp_shims import registry
    from jp_shims.runner import compare_systems

    gold = str(data_path("ud", "UD_English-EWT", "en_ewt-ud-test.conllu"))
    system = tmp_path / "system.conllu"
    corrupted_copy(gold, str(system), 0.15, seed=3)
    options = SignificanceOptions((), "ci", RESAMPLES, 12345, True, ("LAS",))
    las = compare_systems(registry.load("jp_conll18_ud_eval"), gold, [str(system)], options).systems[0].metrics[0]
    ours = (las.interval.high - las.interval.low) / 2
    theirs = udapi_half_width(gold, str(system), tmp_path)
    print(f"LAS {las.score:.2f}: half-width jp_conll18 {ours:.3f}, udapi {theirs:.3f}")
    assert abs(ours - theirs) <= 0.15 * theirs, (ours, theirs, las)
