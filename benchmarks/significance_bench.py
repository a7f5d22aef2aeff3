"""Benchmark the paired significance tests (jp_shims.significance) on top of scoring.

In-process, best of ``--repeat``:

* PTB 23 (2,416 sentences), Berkeley parser output against a copy with 20 % of its phrase
  labels changed (made here, seeded): JP-mode scoring of both systems, then 1,000 paired
  bootstrap resamples, then 10,000 approximate-randomization rounds;
* CoNLL-14 full set (1,312 sentences, 2 annotators; combined M2) against the GPT-4.1 system:
  scoring, then 1,000 bootstrap resamples with errant's running-total annotator choice
  recomputed inside every resample (and 10,000 AR rounds, for information);
* UD EWT test (2,077 sentences) against itself: 1,000 bootstrap resamples (for information).

Targets (issue 14): PTB 23 with two systems, 1,000 resamples <= 1 s and 10,000 AR rounds
<= 2 s on top of scoring; CoNLL-14, 1,000 resamples <= 3 s.

    JP_SHIMS_DATA=/path/to/shared/data python benchmarks/significance_bench.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {"ptb23 bootstrap 1000": 1.0, "ptb23 AR 10000": 2.0, "conll14 bootstrap 1000": 3.0}
LABELS = ["NP", "VP", "PP", "S", "SBAR", "ADJP", "ADVP", "QP", "WHNP", "PRN"]


def corrupted(source: Path, target: Path, share: float = 0.2, seed: int = 20) -> None:
    """``source`` trees with ``share`` of their phrase labels (not the root's) changed."""
    rng = random.Random(seed)
    with open(source, encoding="utf-8") as lines, open(target, "w", encoding="utf-8") as out:
        for line in lines:
            pieces = line.split("(")
            for k, piece in enumerate(pieces):
                label = piece.strip()
                if label and " " not in label and label != "TOP" and rng.random() < share:
                    pieces[k] = piece.replace(label, rng.choice([x for x in LABELS if x != label]), 1)
            out.write("(".join(pieces))


def best(repeat: int, work) -> tuple[tuple[float, float], object]:
    """(best wall seconds, best CPU seconds of this process) over ``repeat`` runs, and the
    result. On a loaded machine CPU time says more than wall time."""
    walls, cpus, result = [], [], None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = work()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - start_cpu)
    return (min(walls), min(cpus)), result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=os.environ.get("JP_SHIMS_DATA"),
                        help="corpus folder (default: $JP_SHIMS_DATA)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    if not args.data:
        sys.exit("set JP_SHIMS_DATA or pass --data")
    data = Path(args.data)

    from jp_conll18.significance import WIDTH as UD_WIDTH
    from jp_conll18.significance import metric_function as ud_metric
    from jp_conll18.significance import scored_blocks as ud_blocks
    from jp_errant.score_options import ScoreOptions
    from jp_errant.significance import metric_function as errant_metric
    from jp_evalb.params import Params, read_parameter_file
    from jp_evalb.significance import METRICS, metric_function
    from jp_evalb.tool import scored_blocks
    from jp_evalb.jp import WIDTH
    from jp_shims import registry
    from jp_shims.runner import statistics
    from jp_shims.significance.groups import system_counts
    from jp_shims.significance.resampling import additive_systems, compare

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        gold, berkeley = data / "ptb" / "23.gold", data / "ptb" / "23.sys_berkeley_top"
        worse = Path(folder) / "corrupted.tst"
        corrupted(berkeley, worse)
        params = read_parameter_file(Params(), str(data / "ptb" / "COLLINS.prm"), "utf-8", True)[0]
        scoring, blocks = best(args.repeat, lambda: [scored_blocks(str(gold), str(t), params)
                                                     for t in (berkeley, worse)])
        systems = additive_systems(blocks, WIDTH)
        rows.append(("ptb23 scoring (2 systems)", scoring, None))
        seconds, result = best(args.repeat, lambda: compare(systems, ["berkeley", "corrupted"], metric_function,
                                                            METRICS, test="bs", samples=1000))
        rows.append(("ptb23 bootstrap 1000", seconds, result.systems[1].metrics[0].p_value))
        seconds, result = best(args.repeat, lambda: compare(systems, ["berkeley", "corrupted"], metric_function,
                                                            METRICS, test="ar", samples=10000, intervals=False))
        rows.append(("ptb23 AR 10000", seconds, result.systems[1].metrics[0].p_value))

    reference = data / "gec" / "conll14.official-2014.combined.m2"
    hypothesis = data / "gec" / "sys.conll14.gpt-4.1.minedit.m2"
    options = ScoreOptions()
    errant = registry.load("jp_errant_compare")
    scoring, blocks = best(args.repeat, lambda: statistics(errant, str(reference), str(hypothesis)))
    rows.append(("conll14 scoring", scoring, None))
    gec = system_counts([blocks])
    metric = errant_metric(options.beta)
    seconds, result = best(args.repeat, lambda: compare(gec, ["gpt-4.1"], metric, ["F0.5", "P", "R"],
                                                        test="ci", samples=1000))
    rows.append(("conll14 bootstrap 1000", seconds, None))
    pair = system_counts([blocks, blocks])
    seconds, _ = best(1, lambda: compare(pair, ["a", "b"], metric, ["F0.5", "P", "R"], test="ar",
                                         samples=10000, intervals=False))
    rows.append(("conll14 AR 10000 (information)", seconds, None))

    ewt = str(data / "ud" / "UD_English-EWT" / "en_ewt-ud-test.conllu")
    scoring, (_, ud) = best(1, lambda: ud_blocks(ewt, ewt))
    rows.append(("ewt scoring", scoring, None))
    ud_systems = additive_systems([ud], UD_WIDTH)
    seconds, _ = best(args.repeat, lambda: compare(ud_systems, ["ewt"], ud_metric(["LAS", "MLAS", "BLEX"]),
                                                   ["LAS", "MLAS", "BLEX"], test="ci", samples=1000))
    rows.append(("ewt bootstrap 1000 (information)", seconds, None))

    print(f"{'measure':34} {'wall s':>8} {'CPU s':>8} {'target':>7}  p-value")
    failed = False
    for name, (wall, cpu), p in rows:
        target = TARGETS.get(name)
        mark = "" if target is None else ("ok" if wall <= target else "SLOW")
        failed |= mark == "SLOW"
        print(f"{name:34} {wall:8.3f} {cpu:8.3f} {'' if target is None else f'{target:7.1f}'}  "
              f"{'' if p is None else f'{p:.4f}'} {mark}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
