"""Bounded inputs of jp_m2scorer (issue 22): time and peak memory where m2scorer, or an
unbounded reimplementation, blows up.

Cases (each a fresh process of the installed console script; targets of issue 22):

- ``legacy_672``: ``--legacy``, a 6-token source sentence against a 672-token system line
  (random words, the source's among them), target 20 s and 300 MiB;
- ``jp_20kb``: JP mode, one 20 KB system line of unrelated words against a gold of 200
  sentences, target 20 s and 300 MiB;
- ``jp_ptb``: JP mode, the PTB section 23 gold trees given as the system text against the
  CoNLL-2014 gold (licensed corpora read from ``$JP_SHIMS_DATA``; skipped without), target
  20 s and 300 MiB: the runner's format check refuses trees as system text (exit 2, one line);
- ``jp_ptb_words``: the same, with the trees' words as plain text (one sentence a line):
  unrelated text that must be counted as missed and spurious, not scored as corrections;
- ``jp_nonresync``: JP mode, 5,000 gold sentences against 5,003 system lines that never
  re-synchronize (own random words), target 1.5 s.

    JP_SHIMS_DATA=/path/to/shared/data python benchmarks/m2scorer_bounded_bench.py [--only NAME]
"""
from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {"legacy_672": (20.0, 300), "jp_20kb": (20.0, 300), "jp_ptb": (20.0, 300), "jp_ptb_words": (20.0, 300),
           "jp_nonresync": (1.5, None)}
VOCABULARY = ["w%d" % number for number in range(5000)]


def _sentence(rng: random.Random, low: int = 8, high: int = 25) -> str:
    return " ".join(rng.choice(VOCABULARY) for _ in range(rng.randint(low, high)))


def run_once(command: list, cwd: Path) -> tuple:
    """Wall seconds, peak RSS (KiB) and exit status of one fresh process (a refused input,
    exit 2, is an outcome here, not a failure of the benchmark)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def _gold(sentences: list[str]) -> str:
    return "".join("S %s\nA 0 1|||X|||y|||REQUIRED|||-NONE-|||0\n\n" % text for text in sentences)


def make_cases(folder: Path, data: Path | None) -> dict:
    """name -> (argv after the program, working folder) or a reason for skipping."""
    rng = random.Random(22)
    cases: dict = {}
    source = "He go to school every day".split()
    (folder / "short.m2").write_text("S %s\nA 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0\n" % " ".join(source))
    line = [rng.choice(source + VOCABULARY[:50]) for _ in range(672)]
    (folder / "line672.txt").write_text(" ".join(line) + "\n")
    cases["legacy_672"] = ["--legacy", "line672.txt", "short.m2"]
    (folder / "gold200.m2").write_text(_gold([_sentence(rng) for _ in range(200)]))
    words, size = [], 0
    while size < 20000:
        words.append(rng.choice(VOCABULARY))
        size += len(words[-1]) + 1
    (folder / "line20kb.txt").write_text(" ".join(words) + "\n")
    cases["jp_20kb"] = ["line20kb.txt", "gold200.m2"]
    if data is not None and (data / "ptb" / "23.gold").exists() and \
            (data / "gec" / "conll14.official-2014.combined.m2").exists():
        cases["jp_ptb"] = [str(data / "ptb" / "23.gold"), str(data / "gec" / "conll14.official-2014.combined.m2")]
        leaves = re.compile(r"\(([^\s()]+) ([^\s()]+)\)")
        with open(data / "ptb" / "23.gold", encoding="utf-8") as trees:
            (folder / "ptb_words.txt").write_text(
                "".join(" ".join(word for _, word in leaves.findall(tree)) + "\n" for tree in trees))
        cases["jp_ptb_words"] = ["ptb_words.txt", str(data / "gec" / "conll14.official-2014.combined.m2")]
    else:
        cases["jp_ptb"] = cases["jp_ptb_words"] = \
            "JP_SHIMS_DATA with ptb/23.gold and gec/conll14.official-2014.combined.m2 needed"
    (folder / "gold5000.m2").write_text(_gold([_sentence(rng) for _ in range(5000)]))
    (folder / "system5003.txt").write_text("".join(_sentence(rng) + "\n" for _ in range(5003)))
    cases["jp_nonresync"] = ["system5003.txt", "gold5000.m2"]
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=sorted(TARGETS), action="append")
    args = parser.parse_args(argv)
    ours = shutil.which("jp_m2scorer", path=os.pathsep.join([str(Path(sys.executable).parent),
                                                             os.environ.get("PATH", "")]))
    if ours is None:
        sys.exit("jp_m2scorer is not installed beside %s" % sys.executable)
    data = Path(os.environ["JP_SHIMS_DATA"]) if os.environ.get("JP_SHIMS_DATA") else None
    print("%-14s %9s %10s %5s   %s" % ("case", "wall (s)", "peak (MiB)", "exit", "target"))
    with tempfile.TemporaryDirectory(prefix="m2-bounded-") as scratch:
        folder = Path(scratch)
        for name, case in make_cases(folder, data).items():
            if args.only and name not in args.only:
                continue
            seconds, mib = TARGETS[name]
            target = "<= %.1f s" % seconds + (", <= %d MiB" % mib if mib else "")
            if isinstance(case, str):
                print("%-14s %9s %10s %5s   %s (skipped: %s)" % (name, "-", "-", "-", target, case))
                continue
            wall, peak_kib, status = run_once([ours, *case], folder)
            print("%-14s %9.2f %10.1f %5s   %s" % (name, wall, peak_kib / 1024, status, target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
