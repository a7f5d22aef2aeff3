"""Benchmark of jp_cherrant_parallel on very long lines (issue 31: bounded cost).

    JP_SHIMS_DATA=/work/shared/data python benchmarks/cherrant_long_line_bench.py [--legacy-long]

Builds one-line inputs from the MuCGEC dev example prediction (sources concatenated, the
system's outputs concatenated as the correction: real differences, about one per 15
characters):

- ``2000``: the first 2,000 characters (the band the alignment fills: about 350,000 cells);
- ``200000``: 200,000 characters (JP mode refuses it with one error line: its band would
  need about 289 million cells);
- ``200000_few``: the 200,000-character source against itself with 20 characters replaced,
  run with ``--no_simplified`` (OpenCC's t2s would change a hundred more characters of the
  correction, which concatenates learners' text with traditional characters): JP mode
  refuses it (6.2 million cells); ``--legacy-long`` also runs ``--legacy`` on it, which
  fills the band without a limit.

Each run is a fresh process of the installed console script (wall and CPU seconds, peak
memory). The machine is usually shared: CPU is the fair figure.
"""
from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.cherrant_parallel_bench import zh_gec_environment  # noqa: E402
from benchmarks.childrun import run_measured  # noqa: E402


def inputs(para: Path, folder: Path) -> dict:
    sources, corrections = [], []
    for line in para.read_text(encoding="utf-8").strip().split("\n"):
        fields = line.split("\t")
        sources.append(fields[1])
        corrections.append(fields[2] if len(fields) > 2 else fields[1])
    source, correction = "".join(sources), "".join(corrections)
    while len(source) < 200_000:
        source, correction = source + source, correction + correction
    rng = random.Random(31)
    few = list(source[:200_000])
    for _ in range(20):
        few[rng.randrange(len(few))] = rng.choice("的了是在")
    cases = {"2000": (source[:2000], correction[:2000]), "200000": (source[:200_000], correction[:200_000]),
             "200000_few": (source[:200_000], "".join(few))}
    paths = {}
    for name, (src, cor) in cases.items():
        path = folder / f"{name}.para"
        path.write_text(f"1\t{src}\t{cor}\n", encoding="utf-8")
        paths[name] = path
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--legacy-long", action="store_true", help="also --legacy on 200000_few (slow)")
    options = parser.parse_args()
    zh, env = zh_gec_environment()
    exe = shutil.which("jp_cherrant_parallel")
    if exe is None:
        sys.exit("jp_cherrant_parallel is not installed (pip install -e .[cherrant])")
    with tempfile.TemporaryDirectory(prefix="cherrant-long-") as name:
        folder = Path(name)
        paths = inputs(zh / "mucgec_example_pred_dev.para", folder)
        runs = [("2000", "JP"), ("2000", "--legacy"), ("200000", "JP"), ("200000_few", "JP")]
        if options.legacy_long:
            runs.append(("200000_few", "--legacy"))
        print("| line | mode | exit | wall s | CPU s | peak MiB |")
        print("|---|---|---|---|---|---|")
        for case, mode in runs:
            command = [exe, *(["--legacy"] if mode == "--legacy" else []), "-f", str(paths[case]),
                       "-o", str(folder / "out.m2"), *(["--no_simplified"] if case == "200000_few" else [])]
            run = run_measured(command, env)  # (JP mode refuses the long lines: exit 2)
            print(f"| {case} | {mode} | {run['code']} | {run['wall']:.2f} | {run['cpu']:.2f} | "
                  f"{run['peak_kib'] / 1024:.0f} |", flush=True)


if __name__ == "__main__":
    main()
