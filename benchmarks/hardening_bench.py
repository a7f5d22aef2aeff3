"""Large and adversarial inputs of issue 15 (items 2-5): time and peak memory per case.

    python benchmarks/hardening_bench.py            # bounded sizes (about a minute)
    python benchmarks/hardening_bench.py --full     # the sizes of the issue (several minutes)
    python benchmarks/hardening_bench.py --only wisebe

Every case runs in a child process (this script with ``--child``) so that its peak resident
memory (``ru_maxrss``) is its own; inputs are generated into a temporary folder (synthetic
words, no corpus). jp_errant_parallel runs with a whitespace analyser standing in for stanza
(no model needed): what is measured is the alignment and annotation around it. Timings on a
shared machine are noisy; compare figures of one run.

Cases:
- parallel-unrelated N: ORIG and COR of unrelated text, COR one line longer (issue: 16 lines
  1.7 s, 64 lines 107 s, 50,000 lines not finished after 300 s, as one unaligned sentence;
  then line by line, about 25 ms a line in jp_align's look-ahead search, still over 240 s;
  since alignment is given up after 128 unaligned lines on each side: 50,000 lines 4.1 s
  wall, 32 MiB on a loaded 2-core machine, 1,000 lines 2.0 s, mostly start-up).
- align-unrelated N: errant's token alignment of two unrelated N-token sentences (the
  transposition search), and the same with the plain walk for comparison (small N only).
- m2-auto-long: jp_errant_m2 -auto on an M2 whose S line has N tokens (refused before analysis).
- wisebe-words N: jp_wisebe on N one-word lines (issue: 1M lines 911 MiB), and on N lines whose
  first word differs (stops at line 1; issue: 50k lines 205 MiB).
- preprocess-line: jp_preprocess_eval on one long line against itself and against a copy with
  one changed word (issue: one 11 MB line 974 MiB).
- preprocess-unrelated N: N unrelated sentences on each side (issue: 50k 54 s).
- compare-line: jp_errant_compare on an M2 with one long S line against itself (not improved:
  issue 349 MiB on 11 MB).
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


# --- children ----------------------------------------------------------------------------------

class Whitespace:
    """An analyser standing in for stanza: whitespace tokens, lemma = lower case, one UPOS."""

    def parse(self, lines):
        from jp_errant.annotate.tokens import Token
        return [tuple(Token(w, w.lower(), "NOUN" if w[:1].isalpha() else "PUNCT") for w in line.split())
                for line in lines]


def child(kind: str, args: list[str]) -> int:
    if kind == "parallel":
        from jp_errant import parallel_cli
        status = parallel_cli.main(args, backend=Whitespace())
    elif kind == "m2":
        from jp_errant import m2_cli
        status = m2_cli.main(args, backend=Whitespace())
    elif kind == "align":
        status = _align_child(int(args[0]), args[1] == "plain")
    else:
        module, _, function = kind.partition(":")
        status = getattr(__import__(module, fromlist=[function]), function)(args)
    sys.stdout.flush()
    print(f"MAXRSS {_peak_kib()}", file=sys.stderr)
    return status


def _peak_kib() -> int:
    """Peak resident memory of this process image in KiB. /proc's VmHWM starts afresh at exec;
    ru_maxrss (the fallback) also counts the parent's memory at fork time on Linux."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _align_child(n: int, plain: bool) -> int:
    from jp_errant.annotate import alignment
    from jp_errant.annotate.tokens import Token

    if plain:
        def walk(cost, o_low, c_low, i, j, *_):
            k = 1
            while i - k >= 0 and j - k >= 0 and cost[i - k + 1][j - k + 1] != cost[i - k][j - k]:
                if sorted(o_low[i - k:i + 1]) == sorted(c_low[j - k:j + 1]):
                    return cost[i - k][j - k] + k, k + 1
                k += 1
            return float("inf"), 0
        alignment._transposition = walk
    rng = random.Random(1)
    # Unrelated sentences that still share function words (as real ones do).
    common = ["the", "a", "of", "to", ",", "."]

    def sentence(prefix):
        return [Token(w, w, "NOUN") for w in
                (rng.choice(common) if rng.random() < 0.3 else f"{prefix}{rng.randint(0, 5000)}" for _ in range(n))]

    alignment.align(sentence("o"), sentence("c"))
    return 0


# --- input files ------------------------------------------------------------------------------

def unrelated_lines(path: Path, prefix: str, count: int, seed: int) -> None:
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(count):
            out.write(" ".join(f"{prefix}{rng.randint(0, 2000)}" for _ in range(rng.randint(5, 20))) + " .\n")


def one_word_lines(path: Path, count: int, first: str | None = None) -> None:
    rng = random.Random(3)
    with open(path, "w", encoding="utf-8") as out:
        for k in range(count):
            out.write(f"{first if (k == 0 and first) else 'word%d' % rng.randint(0, 5000)}\n")


def long_line(path: Path, tokens: int, change: bool = False, m2: bool = False) -> None:
    rng = random.Random(4)
    words = [f"tok{rng.randint(0, 100000)}" for _ in range(tokens)]
    if change:
        words[tokens // 2] = "CHANGED"
    text = " ".join(words) + " ."
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"S {text}\nA 0 1|||R:NOUN|||x|||REQUIRED|||-NONE-|||0\n\n" if m2 else text + "\n")


# --- running ------------------------------------------------------------------------------------

def run(label: str, kind: str, args: list[str], timeout: float) -> None:
    command = [sys.executable, __file__, "--child", kind, *args]
    start = time.perf_counter()
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        print(f"{label:<52} not finished after {timeout:.0f} s")
        return
    elapsed = time.perf_counter() - start
    lines = result.stderr.strip().splitlines()
    rss = next((int(line.split()[1]) for line in reversed(lines) if line.startswith("MAXRSS ")), 0)
    message = next((line for line in lines if ": error: " in line), "")
    outcome = f"exit {result.returncode}" + (f" ({message[:70]}...)" if message else "")
    print(f"{label:<52} {elapsed:7.2f} s {rss / 1024:8.1f} MiB  {outcome}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--full", action="store_true", help="the sizes of the issue")
    parser.add_argument("--only", help="run the cases whose label contains this text")
    parser.add_argument("--timeout", type=float, default=300.0, help="per case (seconds)")
    parser.add_argument("--child", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        return child(options.child[0], options.child[1:])
    full = options.full
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        cases = []
        for n in ([16, 64, 1000, 50000] if full else [16, 64, 1000]):
            orig, cor = tmp / f"orig{n}.txt", tmp / f"cor{n}.txt"
            unrelated_lines(orig, "apple", n, 1)
            unrelated_lines(cor, "pear", n + 1, 2)
            cases.append((f"parallel-unrelated {n} lines", "parallel",
                          ["-orig", str(orig), "-cor", str(cor), "-out", str(tmp / f"out{n}.m2")]))
        for n in ([200, 500, 1000] if full else [200, 500]):
            cases.append((f"align-unrelated {n}x{n} tokens (pruned walk)", "align", [str(n), "pruned"]))
        cases.append(("align-unrelated 200x200 tokens (plain walk)", "align", ["200", "plain"]))
        m2 = tmp / "long.m2"
        long_line(m2, 1_300_000 if full else 200_000, m2=True)
        cases.append((f"m2-auto-long ({m2.stat().st_size / 1e6:.1f} MB S line)", "m2",
                      [str(m2), "-auto", "-out", str(tmp / "long.out.m2")]))
        n = 1_000_000 if full else 200_000
        words, first = tmp / "words.txt", tmp / "words-first.txt"
        one_word_lines(words, n)
        one_word_lines(first, n, first="different")
        wisebe = "jp_preprocess.wisebe_cli:main"
        cases.append((f"wisebe-words {n} lines, 3 files", wisebe,
                      ["-r", str(words), str(words), "-c", str(words)]))
        cases.append((f"wisebe-words {n} lines, differs at line 1", wisebe, ["-r", str(words), str(first)]))
        line, changed = tmp / "line.txt", tmp / "line-changed.txt"
        tokens = 1_300_000 if full else 300_000
        long_line(line, tokens)
        long_line(changed, tokens, change=True)
        evaluate = "jp_preprocess.cli:main"
        size = line.stat().st_size / 1e6
        cases.append((f"preprocess-line {size:.1f} MB, same", evaluate, [str(line), str(line)]))
        cases.append((f"preprocess-line {size:.1f} MB, one word changed", evaluate, [str(line), str(changed)]))
        n = 50_000 if full else 10_000
        gold, system = tmp / "gold.txt", tmp / "system.txt"
        unrelated_lines(gold, "apple", n, 5)
        unrelated_lines(system, "pear", n, 6)
        cases.append((f"preprocess-unrelated {n} sentences", evaluate, [str(gold), str(system)]))
        compare_m2 = tmp / "compare.m2"
        long_line(compare_m2, 1_300_000 if full else 300_000, m2=True)
        cases.append((f"compare-line ({compare_m2.stat().st_size / 1e6:.1f} MB S line)",
                      "jp_errant.cli:main", ["-hyp", str(compare_m2), "-ref", str(compare_m2)]))
        for label, kind, args in cases:
            if options.only and options.only not in label:
                continue
            run(label, kind, args, options.timeout)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
