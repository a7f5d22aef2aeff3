"""Benchmark of jp_evalb: PTB section 23 (gold vs Berkeley output), x1 and x20, both modes.

    JP_SHIMS_DATA=/work/shared/data python benchmarks/evalb_bench.py [--repeat 3] [--evalb PATH]

For each size (the files as they are, and both files concatenated 20 times) and each mode
(``--legacy`` and JP mode) it runs ``python -m jp_evalb -p COLLINS.prm -e 100000 gold test`` in a fresh
process and reports the wall time (best of ``--repeat`` runs), the CPU time of that run and the
peak resident memory of the process. When an ``evalb`` binary is on PATH (or given with
``--evalb``), it runs on the same files and the ratio is printed; in legacy mode the two
stdouts must be identical. Targets (issue 3): x1 <= 0.25 s wall per mode, x20 <= 21 times x1,
peak memory not growing with the input.

Like an installed package, the measured runs use compiled bytecode: they run with
``PYTHONPYCACHEPREFIX`` pointing into a temporary folder (the source tree is not touched) after
one warm-up run, even when the environment sets ``PYTHONDONTWRITEBYTECODE``. With
``--cold`` the environment is used as it is (every run then compiles every module it imports).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TARGET_X1_SECONDS = 0.25
TARGET_X20_RATIO = 21.0

# One measurement per child process, so RUSAGE_CHILDREN is the command's own peak memory.
MEASURE = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak_kib": usage.ru_maxrss,
                  "code": done.returncode, "stdout": done.stdout.decode("latin-1"),
                  "stderr": done.stderr.decode("latin-1")[-500:]}))
"""


def measure(command: list[str], env: dict) -> dict:
    result = subprocess.run([sys.executable, "-c", MEASURE, *command], stdout=subprocess.PIPE, check=True, env=env)
    return json.loads(result.stdout)


def best_of(command: list[str], repeat: int, env: dict) -> dict:
    runs = [measure(command, env) for _ in range(repeat)]
    for run in runs:
        if run["code"] != 0:
            raise SystemExit(f"{' '.join(command)} failed ({run['code']}): {run['stderr']}")
    best = min(runs, key=lambda r: r["wall"])
    best["peak_kib"] = max(r["peak_kib"] for r in runs)
    return best


def concatenate(source: Path, times: int, target: Path) -> Path:
    data = source.read_bytes()
    if not data.endswith(b"\n"):
        data += b"\n"
    with open(target, "wb") as out:
        for _ in range(times):
            out.write(data)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=os.environ.get("JP_SHIMS_DATA"),
                        help="corpus folder laid out like shared/data (default: $JP_SHIMS_DATA)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--evalb", default=shutil.which("evalb"), help="an evalb binary to compare with")
    parser.add_argument("--cold", action="store_true", help="no bytecode cache: the environment as it is")
    args = parser.parse_args(argv)
    if not args.data:
        parser.error("set JP_SHIMS_DATA or pass --data")
    ptb = Path(args.data) / "ptb"
    gold, test, prm = ptb / "23.gold", ptb / "23.sys_berkeley_top", ptb / "COLLINS.prm"
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        if not args.cold:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        inputs = {1: (gold, test), 20: (concatenate(gold, 20, Path(tmp) / "gold20"),
                                        concatenate(test, 20, Path(tmp) / "test20"))}
        rows = []
        results = {}
        for mode, flag in (("legacy", ["--legacy"]), ("jp", [])):
            for size, (g, t) in inputs.items():
                # -e after -p: the x20 input has 20 errors, more than COLLINS.prm's MAX_ERROR 10.
                options = ["-p", str(prm), "-e", "100000", str(g), str(t)]
                command = [sys.executable, "-m", "jp_evalb", *flag, *options]
                if not args.cold and size == 1:
                    measure(command, env)  # warm-up: writes the bytecode cache
                result = best_of(command, args.repeat if size == 1 else 1, env)
                results[mode, size] = result
                reference = None
                if args.evalb:
                    reference = best_of([args.evalb, *options], args.repeat if size == 1 else 1, env)
                    if mode == "legacy" and reference["stdout"] != result["stdout"]:
                        raise SystemExit(f"legacy output differs from {args.evalb} on x{size}")
                rows.append((mode, size, result, reference))
    print(f"{'mode':7} {'input':6} {'wall s':>8} {'cpu s':>7} {'peak MiB':>9} {'x20/x1':>7} {'evalb s':>8} {'ratio':>6}")
    for mode, size, result, reference in rows:
        scale = result["wall"] / results[mode, 1]["wall"] if size == 20 else 1.0
        ref = f"{reference['wall']:8.3f} {result['wall'] / reference['wall']:6.1f}" if reference else f"{'-':>8} {'-':>6}"
        print(f"{mode:7} {'x' + str(size):6} {result['wall']:8.3f} {result['cpu']:7.3f} "
              f"{result['peak_kib'] / 1024:9.1f} {scale:7.2f} {ref}")
    for mode in ("legacy", "jp"):
        x1, x20 = results[mode, 1], results[mode, 20]
        verdict = []
        verdict.append("x1 " + ("ok" if x1["wall"] <= TARGET_X1_SECONDS else f"over {TARGET_X1_SECONDS} s"))
        ratio = x20["wall"] / x1["wall"]
        verdict.append("x20 " + ("ok" if ratio <= TARGET_X20_RATIO else f"{ratio:.1f} x x1"))
        growth = x20["peak_kib"] / x1["peak_kib"]
        verdict.append(f"memory x20/x1 {growth:.2f}")
        print(f"{mode}: " + ", ".join(verdict))
    return 0


if __name__ == "__main__":
    sys.exit(main())
