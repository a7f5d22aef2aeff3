"""Benchmark jp_cherrant_compare against ChERRANT's compare_m2_for_evaluation.py (issue 24).

Runs the installed console script as a user would (a fresh process each time: cold start,
best of ``--repeat`` runs; wall time, CPU time = user + system of the child, peak RSS) on
the vectors' real MuCGEC dev cases (1137 sentences, 2.17 references each):

- ``real_mucgec_dev_example_pred_default`` -- the README's 1084/1635/3003, in ``--legacy``
  and JP mode (the files line up);
- ``real_mucgec_dev_self_dt`` -- the reference against itself under ``-dt``, both modes;
- ``jp_real_mucgec_split_default`` -- the prediction split at 。！？ (1206 blocks), JP mode
  (ChERRANT itself stops on the count mismatch: its recorded time is that failing run's, so
  the ratio is taken against the lined-up run's time instead).

The original's time is measured when ``$JP_SHIMS_CHERRANT`` names
``compare_m2_for_evaluation.py`` (run by ``$PYTHON3`` or ``python3``); otherwise the ratio
uses the wall time recorded with the vector (``oracle_seconds``, same 2-core machine).
Target: <= 0.5 x the original, cold start included.

    JP_SHIMS_DATA=/path/to/shared/data python benchmarks/cherrant_bench.py [--repeat 5]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.childrun import measure  # noqa: E402

VECTORS = ROOT / "compat_tests" / "vectors" / "cherrant_compare"
DATA_PREFIX = "../../../data/"
TARGET = 0.5
# (case, mode, case whose oracle time the ratio uses)
RUNS = [
    ("real_mucgec_dev_example_pred_default", "legacy", "real_mucgec_dev_example_pred_default"),
    ("real_mucgec_dev_example_pred_default", "jp", "real_mucgec_dev_example_pred_default"),
    ("real_mucgec_dev_self_dt", "legacy", "real_mucgec_dev_self_dt"),
    ("real_mucgec_dev_self_dt", "jp", "real_mucgec_dev_self_dt"),
    ("jp_real_mucgec_split_default", "jp", "real_mucgec_dev_example_pred_default"),
]


def case_args(case: str, data: Path) -> tuple[list[str], dict]:
    spec = json.loads((VECTORS / case / "case.json").read_text(encoding="utf-8"))
    args = [str(data / arg[len(DATA_PREFIX):]) if arg.startswith(DATA_PREFIX) else str(VECTORS / case / arg)
            if arg.endswith(".m2") else arg for arg in spec["args"]]
    return args, spec


def best(command: list[str], repeat: int) -> dict:
    runs = [measure(command) for _ in range(repeat)]
    return min(runs, key=lambda run: run["wall"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    data = os.environ.get("JP_SHIMS_DATA")
    if not data:
        sys.exit("JP_SHIMS_DATA is not set")
    tool = shutil.which("jp_cherrant_compare", path=str(Path(sys.executable).parent)) or shutil.which("jp_cherrant_compare")
    if tool is None:
        sys.exit("jp_cherrant_compare is not installed (pip install -e .)")
    original = os.environ.get("JP_SHIMS_CHERRANT")
    python3 = os.environ.get("PYTHON3", "python3")
    print(f"{'case':<40} {'mode':<7} {'wall s':>7} {'cpu s':>6} {'MiB':>5} {'original s':>10} {'ratio':>6}")
    for case, mode, oracle_case in RUNS:
        args, spec = case_args(case, Path(data))
        command = [tool, *(["--legacy"] if mode == "legacy" else []), *args]
        ours = best(command, options.repeat)
        if original:
            oracle_args, _ = case_args(oracle_case, Path(data))
            reference = best([python3, original, *oracle_args], options.repeat)["wall"]
        else:
            reference = json.loads((VECTORS / oracle_case / "case.json").read_text())["oracle_seconds"]
        ratio = ours["wall"] / reference
        print(f"{case:<40} {mode:<7} {ours['wall']:7.3f} {ours['cpu']:6.3f} {ours['peak_kib'] / 1024:5.0f} "
              f"{reference:10.2f} {ratio:5.2f}x" + ("" if ratio <= TARGET else "  (above the target)"))
    print(f"target: <= {TARGET} x the original (original: {'measured' if original else 'oracle_seconds of the vectors'})")


if __name__ == "__main__":
    main()
