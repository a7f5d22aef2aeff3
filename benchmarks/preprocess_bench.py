"""Speed of jp_preprocess_eval and jp_wisebe.

1. EWT-sized input: the EWT test gold vs the NLTK system (shared/data/preprocessing), timed
   in-process (median of 5) and as the installed console script (interpreter start included).
   Target: under 0.3 s.
2. Scaling: synthetic gold/system pairs of 100k and 1M tokens (the system re-tokenizes and
   re-segments the same characters), each run in a fresh interpreter that reports its wall time
   and peak RSS. Linear time means a 1M/100k ratio near 10; streaming means a flat RSS.
3. jp_wisebe on the WiSeBE sample (three references, one candidate).

    JP_SHIMS_DATA=/path/to/shared/data python benchmarks/preprocess_bench.py [--sizes 100000 1000000]
    python benchmarks/preprocess_bench.py --data /path/to/shared/data

The corpora folder comes from --data or $JP_SHIMS_DATA only (never guessed from the checkout).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jp_preprocess.cli import main as eval_main  # noqa: E402
from jp_preprocess.wisebe_cli import main as wisebe_main  # noqa: E402

CHILD = """
import resource, sys, time
sys.path.insert(0, {root!r})
t0 = time.perf_counter()
from jp_preprocess.cli import main
import io, contextlib
with contextlib.redirect_stdout(io.StringIO()):
    status = main([{gold!r}, {system!r}])
print(status, time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def median_time(function, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def ewt(data: Path) -> None:
    gold = data / "preprocessing" / "en_ewt-ud-test-gold.txt"
    system = data / "preprocessing" / "en_ewt-ud-test-sys-nltk.txt"
    if not gold.exists():
        print(f"EWT files not found under {data}: skipped")
        return
    inside = median_time(lambda: eval_main([str(gold), str(system)]))
    print(f"EWT test (25k tokens) in-process:      {inside:.3f} s (median of 5)")
    script = shutil.which("jp_preprocess_eval")
    if script:
        walls, cpus = [], []
        for _ in range(3):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run([script, str(gold), str(system)], check=True, stdout=subprocess.DEVNULL)
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        # CPU time as well: on a shared machine the wall time mostly measures the other jobs.
        print(f"EWT test console script (with startup): {statistics.median(walls):.3f} s wall, "
              f"{statistics.median(cpus):.3f} s CPU (median of 3)")


def synthetic(directory: Path, tokens: int, seed: int = 0) -> tuple[str, str]:
    """Gold and system files over the same characters, cut and tokenized differently."""
    rng = random.Random(seed)
    vocabulary = [f"w{i}" for i in range(3000)] + ["the", "of", ",", ".", "n't", "(", ")", "\""]
    words = [rng.choice(vocabulary) for _ in range(tokens)]
    gold, system = directory / f"gold-{tokens}.txt", directory / f"system-{tokens}.txt"
    with open(gold, "w", encoding="utf-8") as g_out, open(system, "w", encoding="utf-8") as s_out:
        g_line, s_line = [], []
        for word in words:
            g_line.append(word)
            roll = rng.random()
            if roll < 0.04 and s_line:
                s_line[-1] += word  # glued
            elif roll < 0.08 and len(word) > 1:
                s_line += [word[:1], word[1:]]  # split
            else:
                s_line.append(word)
            if rng.random() < 1 / 20:
                g_out.write(" ".join(g_line) + "\n")
                g_line = []
            if rng.random() < 1 / 22:
                s_out.write(" ".join(s_line) + "\n")
                s_line = []
        if g_line:
            g_out.write(" ".join(g_line) + "\n")
        if s_line:
            s_out.write(" ".join(s_line) + "\n")
    return str(gold), str(system)


def scaling(sizes: list) -> None:
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            gold, system = synthetic(Path(tmp), size)
            code = CHILD.format(root=str(ROOT), gold=gold, system=system)
            out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
            status, seconds, rss_kb = out.split()
            results[size] = float(seconds)
            print(f"{size:>9,} tokens: {float(seconds):7.2f} s, peak RSS {int(rss_kb) / 1024:6.1f} MiB (exit {status})")
    if len(sizes) >= 2:
        small, large = sizes[0], sizes[-1]
        print(f"time ratio {large:,}/{small:,} tokens: {results[large] / results[small]:.1f} "
              f"(size ratio {large / small:.0f})")


def wisebe(data: Path) -> None:
    folder = data / "wisebe"
    if not (folder / "references").exists():
        print(f"WiSeBE files not found under {data}: skipped")
        return
    refs = [str(folder / "references" / f"reference_{n}.txt") for n in (1, 3, 2)]
    cand = str(folder / "candidate" / "candidate_A.txt")
    inside = median_time(lambda: wisebe_main(["-r", *refs, "-c", cand, "-m", "4"]))
    print(f"jp_wisebe sample (3 refs, 1.6k words):  {inside:.3f} s (median of 5)")


def main(argv: list | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=os.environ.get("JP_SHIMS_DATA"),
                        help="corpora folder laid out like shared/data (default: $JP_SHIMS_DATA)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    args = parser.parse_args(argv)
    if not args.data:
        parser.error("give --data or set JP_SHIMS_DATA to the corpora folder (laid out like shared/data)")
    data = Path(args.data)
    ewt(data)
    wisebe(data)
    scaling(args.sizes)


if __name__ == "__main__":
    main()
