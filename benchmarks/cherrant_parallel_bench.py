"""Benchmark jp_cherrant_parallel against ChERRANT's ``parallel_to_m2.py -g char`` (issue 24).

Each run is a cold start (a fresh process of the installed console script, ``--legacy``,
resource lists loaded, output file written), best of ``--repeat``; wall and CPU seconds.

- ``mucgec_pred``: the MuCGEC dev example prediction (1137 lines, one correction each); the
  target is <= 0.25 x the original. No vector records the original's time on this file; the
  estimate printed is the fastest per-line rate the original showed on the six RevisitCGEC
  system outputs (100 lines each, ``oracle_seconds``, its start-up included) times 1137
  (docs/jp_cherrant.md discusses the start-up share).
- ``mucgec_gold``: MuCGEC dev with its 1-7 references (2467 corrections); the spec records
  "about 5 minutes" (300 s) for the original.
- every ``real_*`` vector of ``compat_tests/vectors/cherrant_parallel`` (their
  ``oracle_seconds``): measured ratios.

The written M2 is compared with the recorded bytes each time. The machine is usually shared:
compare CPU times, and ratios taken in one run.

    JP_SHIMS_DATA=/path/to/shared/data python benchmarks/cherrant_parallel_bench.py [--repeat 1]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from benchmarks.childrun import measure

ROOT = Path(__file__).resolve().parents[1]
VECTORS = ROOT / "compat_tests" / "vectors" / "cherrant_parallel"
DATA_PREFIX = "../../../data/"
GOLD_ORACLE_SECONDS = 300.0  # spec cherrant.md 9.6: "about 5 minutes"
PRED_LINES = 1137


def best(command: list[str], env: dict, repeat: int) -> dict:
    runs = [measure(command, env) for _ in range(repeat)]
    return min(runs, key=lambda run: run["cpu"])


def zh_gec_environment() -> tuple:
    """``$JP_SHIMS_DATA/zh_gec`` and an environment pointing ChERRANT's resources into it
    (shared with benchmarks/cherrant_long_line_bench.py)."""
    data = os.environ.get("JP_SHIMS_DATA")
    if not data:
        sys.exit("JP_SHIMS_DATA must name the shared data folder")
    zh = Path(data) / "zh_gec"
    return zh, dict(os.environ, JP_CHERRANT_RESOURCES=str(zh / "annotator_resources"))


def annotate(para: Path, expected: Path, env: dict, repeat: int, scratch: Path) -> dict:
    exe = shutil.which("jp_cherrant_parallel")
    if exe is None:
        sys.exit("jp_cherrant_parallel is not installed (pip install -e .[cherrant])")
    out = scratch / "out.m2"
    run = best([exe, "--legacy", "-f", str(para), "-o", str(out)], env, repeat)
    run["same"] = out.read_bytes() == expected.read_bytes()
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--skip-gold", action="store_true", help="leave out mucgec_gold (the longest)")
    options = parser.parse_args()
    zh, env = zh_gec_environment()
    rows = []
    revisit_rates = []
    with tempfile.TemporaryDirectory(prefix="cherrant-bench-") as folder:
        scratch = Path(folder)
        for case in sorted(VECTORS.glob("real_*")):
            spec = json.loads((case / "case.json").read_text(encoding="utf-8"))
            para = spec["args"][spec["args"].index("-f") + 1]
            para_path = zh / para[len(DATA_PREFIX + "zh_gec/"):] if para.startswith(DATA_PREFIX) else case / para
            if "-s" in spec["args"]:
                continue  # the same input as its default-options case
            run = annotate(para_path, case / "out.expected.m2", env, options.repeat, scratch)
            lines = len(para_path.read_text(encoding="utf-8").strip().split("\n"))
            if case.name.startswith("real_revisit_") and case.name != "real_revisit_ref":
                revisit_rates.append(spec["oracle_seconds"] / lines)
            rows.append((case.name, lines, run, spec["oracle_seconds"], "recorded"))
        pred = annotate(zh / "mucgec_example_pred_dev.para", zh / "mucgec_example_pred_dev.hyp.m2.char",
                        env, options.repeat, scratch)
        rows.append(("mucgec_pred", PRED_LINES, pred, min(revisit_rates) * PRED_LINES, "estimate"))
        if not options.skip_gold:
            gold = annotate(zh / "mucgec_dev.para", zh / "mucgec_dev.ref.m2.char", env, options.repeat, scratch)
            rows.append(("mucgec_gold", PRED_LINES, gold, GOLD_ORACLE_SECONDS, "spec"))
    print(f"{'case':<24}{'lines':>6}{'wall s':>9}{'cpu s':>8}{'original s':>12}  {'ratio wall':>10}"
          f"  {'ratio cpu':>9}  same M2")
    for name, lines, run, oracle, kind in rows:
        print(f"{name:<24}{lines:>6}{run['wall']:>9.2f}{run['cpu']:>8.2f}{oracle:>9.1f} ({kind[0]})"
              f"  {run['wall'] / oracle:>9.3f}x  {run['cpu'] / oracle:>8.3f}x  {run['same']}")
    print("original: (r) oracle_seconds of the vector, (e) estimate, (s) the spec; target <= 0.25x")


if __name__ == "__main__":
    main()
