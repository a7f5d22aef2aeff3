"""Benchmark of jp_conll18_ud_eval: EWT test gold vs a perturbed system, x1 and x20.

    JP_SHIMS_DATA=/work/shared/data python benchmarks/conll18_bench.py [--original conll18_ud_eval.py]

For each size (the files as they are, and both files concatenated 20 times) and each output
mode (default, ``-v``) it runs the console script in a fresh process and reports the wall time
(best of ``--repeat`` runs for x1) and the peak resident memory of that process. With
``--original PATH`` the original script runs on the same files with the same interpreter, its
figures and the ratio are printed, and the two stdouts must be identical. Targets (issue 5):
x1 <= 0.75 s, x20 <= 15 s with peak memory <= 200 MiB.

The perturbed system is the ``full-ewt-mix`` compatibility vector (labels, heads, tags,
sentence and token boundaries changed; same characters), or ``--system PATH``.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

try:  # run as a script (python benchmarks/NAME.py) or imported as benchmarks.NAME
    from .childrun import measure
except ImportError:
    from childrun import measure  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SYSTEM = ROOT / "compat_tests" / "vectors" / "conll18_ud_eval" / "full-ewt-mix" / "system.conllu"
GOLD_IN_DATA = ("ud", "UD_English-EWT", "en_ewt-ud-test.conllu")
TARGETS = {1: (0.75, None), 20: (15.0, 200.0)}  # seconds, MiB

def best_of(command: list, repeat: int) -> dict:
    runs = [measure(command) for _ in range(repeat)]
    best = min(runs, key=lambda r: r["wall"])
    best["peak_kib"] = max(r["peak_kib"] for r in runs)
    return best


def concatenate(source: Path, times: int, target: Path) -> Path:
    with open(target, "wb") as out:
        for _ in range(times):
            with open(source, "rb") as handle:
                shutil.copyfileobj(handle, out)
    return target


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gold", help="gold CoNLL-U (default: EWT test under $JP_SHIMS_DATA)")
    parser.add_argument("--system", default=str(DEFAULT_SYSTEM), help="perturbed system CoNLL-U")
    parser.add_argument("--original", help="path of the original conll18_ud_eval.py, for the ratio")
    parser.add_argument("--repeat", type=int, default=3, help="runs per x1 measurement (best is kept)")
    parser.add_argument("--sizes", default="1,20", help="comma-separated concatenation factors")
    args = parser.parse_args(argv)

    gold = Path(args.gold) if args.gold else None
    if gold is None:
        root = os.environ.get("JP_SHIMS_DATA")
        if not root:
            parser.error("give --gold or set JP_SHIMS_DATA")
        gold = Path(root).joinpath(*GOLD_IN_DATA)
    system = Path(args.system)
    shim = shutil.which("jp_conll18_ud_eval")
    shim_command = [shim] if shim else [sys.executable, "-m", "jp_conll18.conll18_ud_eval"]

    print(f"gold {gold} ({gold.stat().st_size / 2**20:.1f} MiB), system {system}")
    print(f"{'size':>4} {'flags':>5} | {'jp s':>7} {'jp MiB':>7} | {'orig s':>7} {'orig MiB':>8} {'ratio':>6} | target")
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for size in [int(s) for s in args.sizes.split(",")]:
            if size == 1:
                g, s = gold, system
            else:
                g = concatenate(gold, size, Path(tmp) / f"gold{size}.conllu")
                s = concatenate(system, size, Path(tmp) / f"system{size}.conllu")
            repeat = args.repeat if size == 1 else 1
            for flags in ([], ["-v"]):
                mine = best_of([*shim_command, *flags, str(g), str(s)], repeat)
                line = f"x{size:<3} {' '.join(flags) or '-':>5} | {mine['wall']:7.2f} {mine['peak_kib'] / 1024:7.1f} |"
                if args.original:
                    theirs = best_of([sys.executable, args.original, *flags, str(g), str(s)], repeat)
                    # A derivative given as --original (e.g. stanza's) may print more rows.
                    same = "" if theirs["stdout"] == mine["stdout"] else " (stdout differs)"
                    line += (f" {theirs['wall']:7.2f} {theirs['peak_kib'] / 1024:8.1f}"
                             f" {theirs['wall'] / mine['wall']:5.1f}x |{same}")
                else:
                    line += f" {'-':>7} {'-':>8} {'-':>6} |"
                seconds, mebibytes = TARGETS.get(size, (None, None))
                ok = (seconds is None or mine["wall"] <= seconds) and \
                     (mebibytes is None or mine["peak_kib"] / 1024 <= mebibytes)
                failed |= not ok
                target = ("<= {} s".format(seconds) if seconds else "") + \
                         (", <= {} MiB".format(mebibytes) if mebibytes else "")
                print(f"{line} {target} {'ok' if ok else 'MISSED'}" if target else line, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
