"""Bounded inputs of jp_m2scorer (issue 22): time and peak memory where m2scorer, or an
unbounded reimplementation, blows up.

Cases (each a fresh process of the installed console script; targets of issue 22):

- ``legacy_672``: ``--legacy``, a 6-token source sentence against a 672-token system line
  (random words, the source's among them), target 5 s of CPU and 300 MiB (issue 31; was
  20 s in issue 22);
- ``legacy_672_words``: the same with a line made only of the source's words (millions of
  arcs: every run between two cells holds few unchanged tokens), recorded, target 20 s;
- ``legacy_672_one_word``: the same with a line of one word of the source repeated 672 times
  (no unchanged token can end a run of operations early: 6.3 million arcs of release 3.2's
  list, the most of these cases), target 5 s of CPU and 300 MiB;
- ``legacy_10k``, ``jp_10k``: one 10,000-token gold sentence with ten corrections, the
  system line making them (``--legacy`` and JP mode), target 300 MiB (issue 31: full rows of
  the distance tables took 1.6 GB);
- ``legacy_200kchars``: the same with a 34,000-token (190,000-character) sentence, target
  300 MiB (issue 31: a ``MemoryError`` after 44 s);
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

# name -> (seconds, MiB): seconds of CPU (user + system: the machine is shared, so wall
# time says more about the other jobs than about this one)
TARGETS = {"legacy_672": (5.0, 300), "legacy_672_words": (20.0, 300), "legacy_672_one_word": (5.0, 300),
           "legacy_10k": (20.0, 300),
           "jp_10k": (20.0, 300), "legacy_200kchars": (20.0, 300),
           "jp_20kb": (20.0, 300), "jp_ptb": (20.0, 300), "jp_ptb_words": (20.0, 300),
           "jp_nonresync": (1.5, None)}
VOCABULARY = ["w%d" % number for number in range(5000)]


def _sentence(rng: random.Random, low: int = 8, high: int = 25) -> str:
    return " ".join(rng.choice(VOCABULARY) for _ in range(rng.randint(low, high)))


def run_once(command: list, cwd: Path) -> tuple:
    """Wall seconds, CPU seconds, peak RSS (KiB) and exit status of one fresh process (a
    refused input, exit 2, is an outcome here, not a failure of the benchmark)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    return (time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss,
            os.waitstatus_to_exitcode(status))


def _long_sentence(folder: Path, rng: random.Random, name: str, tokens: int) -> list:
    """A gold sentence of ``tokens`` words with ten corrections (in offset order) and the
    system line that makes them: the band of the distance tables stays narrow."""
    source = [rng.choice(VOCABULARY) for _ in range(tokens)]
    hypothesis = list(source)
    edits = []
    for number, at in enumerate(sorted(rng.sample(range(tokens), 10))):
        hypothesis[at] = "fix%d" % number
        edits.append("A %d %d|||X|||fix%d|||REQUIRED|||-NONE-|||0\n" % (at, at + 1, number))
    (folder / (name + ".m2")).write_text("S " + " ".join(source) + "\n" + "".join(edits))
    (folder / (name + ".txt")).write_text(" ".join(hypothesis) + "\n")
    return [name + ".txt", name + ".m2"]


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
    more = random.Random(31)   # issue 31's cases: the others' inputs stay those of issue 22
    (folder / "words672.txt").write_text(" ".join(more.choice(source) for _ in range(672)) + "\n")
    cases["legacy_672_words"] = ["--legacy", "words672.txt", "short.m2"]
    (folder / "one672.txt").write_text(" ".join(["go"] * 672) + "\n")
    cases["legacy_672_one_word"] = ["--legacy", "one672.txt", "short.m2"]
    long_case = _long_sentence(folder, more, "long10k", 10000)
    cases["legacy_10k"] = ["--legacy", *long_case]
    cases["jp_10k"] = long_case
    cases["legacy_200kchars"] = ["--legacy", *_long_sentence(folder, more, "long200k", 34000)]
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
    print("%-20s %9s %8s %10s %5s   %s" % ("case", "wall (s)", "CPU (s)", "peak (MiB)", "exit", "target"))
    with tempfile.TemporaryDirectory(prefix="m2-bounded-") as scratch:
        folder = Path(scratch)
        for name, case in make_cases(folder, data).items():
            if args.only and name not in args.only:
                continue
            seconds, mib = TARGETS[name]
            target = "<= %.1f s CPU" % seconds + (", <= %d MiB" % mib if mib else "")
            if isinstance(case, str):
                print("%-20s %9s %8s %10s %5s   %s (skipped: %s)" % (name, "-", "-", "-", "-", target, case))
                continue
            wall, cpu, peak_kib, status = run_once([ours, *case], folder)
            print("%-20s %9.2f %8.2f %10.1f %5s   %s" % (name, wall, cpu, peak_kib / 1024, status, target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
