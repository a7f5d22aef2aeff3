"""Benchmark of jp_evalb_spmrl against the compiled evalb_spmrl, in one run.

    JP_SHIMS_DATA=/work/shared/data python benchmarks/evalb_spmrl_bench.py [--repeat 5] [--original PATH]

Inputs: PTB section 23 (gold vs Berkeley output) with the shipped spmrl.prm -- the input the
target is about -- and, for information, the Korean BGAA0001 pair (148 lines: the original
needs a few milliseconds there, so that ratio measures Python's start-up, not the scoring). For each input and mode (``--legacy``, JP mode) it runs
``python -m jp_evalb.spmrl_cli -p spmrl.prm gold test`` in a fresh process, in a scratch
working directory (the program writes ./status there), and reports the best wall time of
``--repeat`` runs. When an ``evalb_spmrl`` binary is on PATH (or given with ``--original``; e.g.
compiled by ``bash ../shared/originals/build.sh DIR``) it runs on the same files, interleaved
with ours so that both see the same machine load, and the ratio is printed against the target
(issue 16: within 5 times the original's wall time; the CPU-time ratio is printed too, as it
suffers less from a loaded machine). In legacy mode stdout and ./status must be the original's
bytes. Timings on a loaded machine are noisy: compare ratios of one run.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from jp_evalb.params import BUILTIN_DIR

TARGET_RATIO = 5.0


def timed(command: list[str], cwd: Path, env: dict) -> tuple[float, float, bytes, bytes]:
    """Wall time, CPU time (user + system) of the child, stdout, ./status."""
    status = cwd / "status"
    if status.exists():
        status.unlink()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed with exit code {done.returncode}")
    return wall, cpu, done.stdout, status.read_bytes() if status.exists() else b""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=os.environ.get("JP_SHIMS_DATA"),
                        help="corpus folder laid out like shared/data (default: $JP_SHIMS_DATA)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--original", default=shutil.which("evalb_spmrl"),
                        help="a compiled evalb_spmrl to compare with (default: evalb_spmrl on PATH)")
    args = parser.parse_args(argv)
    if not args.data:
        parser.error("set JP_SHIMS_DATA or pass --data")
    data = Path(args.data)
    prm = str(BUILTIN_DIR / "spmrl.prm")
    # (name, gold, test, whether the target applies)
    inputs = [("ptb23", data / "ptb" / "23.gold", data / "ptb" / "23.sys_berkeley_top", True),
              ("korean", data / "korean" / "BGAA0001.test.gold", data / "korean" / "BGAA0001.test.sys", False)]
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")  # compiled once, like an install
        cwd = Path(tmp) / "run"
        cwd.mkdir()
        print(f"{'input':7} {'mode':7} {'ours s':>8} {'original s':>11} {'ratio':>6}  {'cpu ratio':>9}  verdict")
        worst = 0.0
        for name, gold, test, target in inputs:
            if not gold.exists() or not test.exists():
                print(f"{name:7} (skipped: {gold} or {test} not found)")
                continue
            options = ["-p", prm, str(gold), str(test)]
            for mode, flag in (("legacy", ["--legacy"]), ("jp", [])):
                ours = [sys.executable, "-m", "jp_evalb.spmrl_cli", *flag, *options]
                timed(ours, cwd, env)  # warm-up: bytecode cache
                best, best_original = float("inf"), float("inf")
                cpu, cpu_original = float("inf"), float("inf")
                for _ in range(args.repeat):
                    wall, used, out, status = timed(ours, cwd, env)
                    best, cpu = min(best, wall), min(cpu, used)
                    if args.original:
                        wall, used, ref_out, ref_status = timed([args.original, *options], cwd, env)
                        best_original, cpu_original = min(best_original, wall), min(cpu_original, used)
                        if mode == "legacy" and (out, status) != (ref_out, ref_status):
                            raise SystemExit(f"legacy output or ./status differs from {args.original} on {name}")
                if args.original:
                    ratio = best / best_original
                    if target:
                        worst = max(worst, ratio)
                        verdict = "ok" if ratio <= TARGET_RATIO else f"over {TARGET_RATIO:g}x"
                    else:
                        verdict = "(start-up bound: no target)"
                    cpu_ratio = f"{cpu / cpu_original:9.1f}" if cpu_original > 0 else f"{'-':>9}"
                    print(f"{name:7} {mode:7} {best:8.3f} {best_original:11.3f} {ratio:6.1f}  {cpu_ratio}  {verdict}")
                else:
                    print(f"{name:7} {mode:7} {best:8.3f} {'-':>11} {'-':>6}  (no evalb_spmrl to compare with)")
    if args.original:
        print(f"worst ratio on PTB 23 {worst:.1f} (target <= {TARGET_RATIO:g})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
