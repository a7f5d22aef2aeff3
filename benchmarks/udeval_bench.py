"""Benchmark of jp_udeval against the current UD scorer (pip ``udtools``' ``udeval``).

    JP_SHIMS_DATA=/work/shared/data python benchmarks/udeval_bench.py [--runs 5] [--sizes 1,20]

EWT test gold vs the ``mix`` perturbation (the ``full-ewt-mix-v`` vector: re-tokenized,
re-segmented, basic and enhanced graphs changed, empty nodes added), ``-v``. For x1 the two
programs run alternately (``--runs`` pairs, so both see the same machine load) and the
median wall and CPU times and their ratios are printed; both stdouts must be identical.
For x20 (both files concatenated 20 times) jp_udeval runs once and its peak memory is
reported. Targets (issue 13): x1 <= 0.3 x the original's time, x20 <= 100 MiB.

``--diverge N`` adds the issue 15 item 5 case: N synthetic sentences of which the first 100
are shared and the rest never re-synchronize, in JP mode (target: within 5 s for 50,000).
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import tempfile
from pathlib import Path

try:  # run as a script (python benchmarks/NAME.py) or imported as benchmarks.NAME
    from .childrun import measure
except ImportError:
    from childrun import measure  # type: ignore[no-redef]

GOLD = ("ud", "UD_English-EWT", "en_ewt-ud-test.conllu")
SYSTEM = ("ud", "derived", "en_ewt-ud-test.sys-mix.conllu")
RATIO_TARGET = 0.3
MEMORY_TARGET_MIB = 100.0
DIVERGE_TARGET_S = 5.0

def concatenate(source: Path, times: int, target: Path) -> Path:
    with open(target, "wb") as out:
        for _ in range(times):
            with open(source, "rb") as handle:
                shutil.copyfileobj(handle, out)
    return target


def diverging(path: Path, n: int, seed: int, shared: int = 100) -> Path:
    """N one-root sentences of random letters; the first SHARED are the same for every seed."""
    common, own = random.Random(0), random.Random(seed)
    with open(path, "w", encoding="utf-8") as out:
        for i in range(n):
            rng = common if i < shared else own
            words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(1, 8)))
                     for _ in range(rng.randint(3, 12))]
            out.write("".join(f"{k}\t{w}\t_\tX\t_\t_\t{0 if k == 1 else 1}\t{'root' if k == 1 else 'dep'}\t_\t_\n"
                              for k, w in enumerate(words, 1)) + "\n")
    return path


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="alternating runs of each program at x1")
    parser.add_argument("--sizes", default="1,20", help="comma-separated concatenation factors")
    parser.add_argument("--original", default=shutil.which("udeval"), help="the original's console script")
    parser.add_argument("--diverge", type=int, default=0, help="sentences of the item 5 case (0: skip)")
    args = parser.parse_args(argv)
    root = os.environ.get("JP_SHIMS_DATA")
    if not root:
        parser.error("set JP_SHIMS_DATA")
    gold, system = Path(root).joinpath(*GOLD), Path(root).joinpath(*SYSTEM)
    mine_cmd = [shutil.which("jp_udeval") or "jp_udeval", "-v"]
    failed = False
    print(f"load average {os.getloadavg()[0]:.1f} (timings on a loaded machine are noisy: read the ratios)")
    with tempfile.TemporaryDirectory() as tmp:
        for size in [int(s) for s in args.sizes.split(",")]:
            g, s = (gold, system) if size == 1 else (concatenate(gold, size, Path(tmp) / "g.conllu"),
                                                     concatenate(system, size, Path(tmp) / "s.conllu"))
            if size == 1 and args.original:
                mine, theirs = [], []
                for _ in range(args.runs):
                    mine.append(measure([*mine_cmd, str(g), str(s)]))
                    theirs.append(measure([args.original, "-v", str(g), str(s)]))
                same = all(m["stdout"] == t["stdout"] for m, t in zip(mine, theirs))
                wall = [m["wall"] / t["wall"] for m, t in zip(mine, theirs)]
                cpu = [m["cpu"] / t["cpu"] for m, t in zip(mine, theirs)]
                ok = statistics.median(wall) <= RATIO_TARGET and same
                failed |= not ok
                print(f"x1 -v: jp_udeval wall {statistics.median(m['wall'] for m in mine):.2f} s "
                      f"cpu {statistics.median(m['cpu'] for m in mine):.2f} s "
                      f"{max(m['peak_kib'] for m in mine) / 1024:.0f} MiB | udeval wall "
                      f"{statistics.median(t['wall'] for t in theirs):.2f} s cpu "
                      f"{statistics.median(t['cpu'] for t in theirs):.2f} s "
                      f"{max(t['peak_kib'] for t in theirs) / 1024:.0f} MiB | ratio wall "
                      f"{statistics.median(wall):.2f} (runs {', '.join(f'{r:.2f}' for r in wall)}) cpu "
                      f"{statistics.median(cpu):.2f} | stdout {'identical' if same else 'DIFFERS'} | "
                      f"target <= {RATIO_TARGET} {'ok' if ok else 'MISSED'}", flush=True)
            else:
                mine = measure([*mine_cmd, str(g), str(s)])
                mib = mine["peak_kib"] / 1024
                ok = size == 1 or mib <= MEMORY_TARGET_MIB
                failed |= not ok
                print(f"x{size} -v: jp_udeval wall {mine['wall']:.2f} s cpu {mine['cpu']:.2f} s {mib:.0f} MiB"
                      + (f" | target <= {MEMORY_TARGET_MIB:.0f} MiB {'ok' if ok else 'MISSED'}" if size > 1 else ""),
                      flush=True)
        if args.diverge:
            g = diverging(Path(tmp) / "dg.conllu", args.diverge, 1)
            s = diverging(Path(tmp) / "ds.conllu", args.diverge, 2)
            for script in ("jp_conll18_ud_eval", "jp_udeval"):
                run = measure([shutil.which(script) or script, str(g), str(s)])
                ok = run["cpu"] <= DIVERGE_TARGET_S
                failed |= not ok
                print(f"diverging {args.diverge} sentences (100 shared), {script}: wall {run['wall']:.2f} s "
                      f"cpu {run['cpu']:.2f} s {run['peak_kib'] / 1024:.0f} MiB | target cpu <= "
                      f"{DIVERGE_TARGET_S} s {'ok' if ok else 'MISSED'}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
