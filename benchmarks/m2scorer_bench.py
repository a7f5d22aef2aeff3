"""Benchmark jp_m2scorer against m2scorer release 3.2 (issue 12).

Runs the installed console script as a user would (fresh process, best of ``--repeat``
runs; wall time, CPU time = user + system of the child, peak RSS) on:

- ``conll14``: CoNLL-2014 test, GPT-4.1 output vs the official combined gold (1312 sentences;
  vector ``real_conll14_combined_default``), target <= 0.1 x the original;
- ``jfleg``: JFLEG test, 747 sentences x 4 annotators (``real_jfleg_default``), <= 0.1 x;
- ``repeat6``: one 12-token sentence against a hypothesis repeating a 7-token phrase six
  times (the pattern of nusnlp/m2scorer #8), target <= 0.2 s;

in ``--legacy`` and JP mode. The original's time is measured when ``$JP_SHIMS_M2SCORER``
names m2scorer's ``scripts/m2scorer.py`` and ``python2.7`` is found (``$PYTHON2`` or PATH);
otherwise the ratio uses the times recorded with the vectors (``oracle_seconds`` /
``oracle_cpu_seconds`` in case.json; for ``repeat6`` the spec's table, 26 s wall / 13 s
CPU). The machine is usually shared: compare CPU ratios, and ratios taken in one run.

    JP_SHIMS_DATA=/path/to/shared/data python benchmarks/m2scorer_bench.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
VECTORS = ROOT / "compat_tests" / "vectors" / "m2scorer"
DATA_PREFIX = "../../../data/"
# spec §6: the 6-repetition run of the original (wall, CPU); no vector records it
REPEAT6_ORACLE = (26.0, 13.0)
TARGETS = {"conll14": "<= 0.1 x", "jfleg": "<= 0.1 x", "repeat6": "<= 0.2 s"}


def run_once(command: list, cwd: Optional[Path] = None, stdin: Optional[Path] = None) -> tuple:
    """Wall and user+system seconds, peak RSS (KiB) and stdout of one fresh process (in
    ``cwd``, reading ``stdin``; also the conlleval benchmark's measurement)."""
    with open(stdin or os.devnull, "rb") as source, tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdin=source, stdout=subprocess.PIPE, stderr=errors)
        output = process.stdout.read()
        process.stdout.close()
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status):
            errors.seek(0)
            sys.exit(f"{' '.join(map(str, command))} failed:\n{errors.read().decode(errors='replace')}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, output


def timed(command: list[str], cwd: Path, repeat: int) -> tuple[float, float, int, bytes]:
    runs = [run_once(command, cwd) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs), max(r[2] for r in runs), runs[-1][3]


def vector_case(name: str, data: Path) -> tuple[list[str], Path, tuple[float, float], bytes]:
    folder = VECTORS / name
    spec = json.loads((folder / "case.json").read_text(encoding="utf-8"))
    args = [str(data / arg[len(DATA_PREFIX):]) if arg.startswith(DATA_PREFIX) else arg for arg in spec["args"]]
    return args, folder, (spec["oracle_seconds"], spec["oracle_cpu_seconds"]), (folder / spec["stdout"]).read_bytes()


def repeat6_case(folder: Path) -> tuple[list[str], Path, tuple[float, float], bytes | None]:
    source = VECTORS / "syn_slow_repeated_ngram"
    shutil.copy(source / "gold.m2", folder / "gold.m2")
    (folder / "system.txt").write_text(" ".join(["So , there is no easy way ."] * 6) + "\n", encoding="utf-8")
    return ["system.txt", "gold.m2"], folder, REPEAT6_ORACLE, None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=os.environ.get("JP_SHIMS_DATA"), help="corpus folder (default: $JP_SHIMS_DATA)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    if not args.data:
        sys.exit("set JP_SHIMS_DATA or pass --data")
    # the console script installed with this interpreter first: a version manager's shim on
    # PATH (pyenv's is a shell script) would add its own start-up to every run
    ours = shutil.which("jp_m2scorer", path=os.pathsep.join([str(Path(sys.executable).parent),
                                                             os.environ.get("PATH", "")]))
    if ours is None:
        sys.exit("jp_m2scorer is not installed (pip install -e .)")
    original = os.environ.get("JP_SHIMS_M2SCORER")
    python2 = os.environ.get("PYTHON2") or shutil.which("python2.7")
    live = bool(original and python2 and Path(original).exists())
    data = Path(args.data)
    print(f"original: {'measured now (' + original + ')' if live else 'times recorded with the vectors'}")
    print(f"{'case':<8} {'mode':<7} {'wall s':>7} {'cpu s':>6} {'peak MiB':>8} {'orig wall':>9} "
          f"{'orig cpu':>8} {'wall x':>7} {'cpu x':>6} {'target':>9}  output")
    with tempfile.TemporaryDirectory() as tmp:
        cases = {
            "conll14": vector_case("real_conll14_combined_default", data),
            "jfleg": vector_case("real_jfleg_default", data),
            "repeat6": repeat6_case(Path(tmp)),
        }
        for name, (files, cwd, (orig_wall, orig_cpu), expected) in cases.items():
            if live:
                orig_wall, orig_cpu, _, expected = timed([python2, original, *files], cwd, 1)
            for mode, extra in (("legacy", ["--legacy"]), ("jp", [])):
                wall, cpu, peak, output = timed([ours, *extra, *files], cwd, args.repeat)
                same = "-" if expected is None else ("same" if output == expected else "DIFFERS")
                print(f"{name:<8} {mode:<7} {wall:7.3f} {cpu:6.3f} {peak / 1024:8.1f} {orig_wall:9.2f} "
                      f"{orig_cpu:8.2f} {wall / orig_wall:7.3f} {cpu / orig_cpu:6.3f} {TARGETS[name]:>9}  {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
