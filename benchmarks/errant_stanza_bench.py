"""jp_errant_parallel on a real stanza model: sentences per second at -j 1 and -j 2, and the
peak memory at one and ten times the corpus.

    JP_SHIMS_DATA=/work/shared/data python benchmarks/errant_stanza_bench.py \\
        --model-dir /work/shared/models/stanza_en_ewt_small [--lines 100] [--jobs 1 2] [--scales 1 10]

The corpus is the first ``--lines`` lines of the CoNLL-2014 test source and of annotator 1's
corrected text (licensed; written to a temporary folder only), repeated for the larger
runs (``--scales``: 1 and 10 copies). Each run is the installed console script in its own child process
(benchmarks/childrun.py): wall time (model loading included), CPU, peak resident memory of
the largest process (with -j 2: of the largest worker). Every -j run must write the same
bytes as -j 1. The load average is printed before and after: the speed-up means something only
on a quiet machine.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.childrun import measure  # noqa: E402

SOURCE = "conll14.source.txt"
CORRECTED = "conll14.ann1-corrected.txt"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model-dir", required=True)
    parser.add_argument("--lines", type=int, default=100)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--scales", type=int, nargs="+", default=[1, 10],
                        help="corpus sizes (copies) measured with -j 1; the last one also with each --jobs")
    args = parser.parse_args()
    data = Path(os.environ["JP_SHIMS_DATA"]) / "gec"
    script = shutil.which("jp_errant_parallel")
    if script is None:
        raise SystemExit("jp_errant_parallel is not installed (pip install -e '.[stanza]')")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as folder:
        files = {}
        for copies in sorted(set(args.scales)):
            for name, label in ((SOURCE, "orig"), (CORRECTED, "cor")):
                with open(data / name, encoding="utf-8") as handle:
                    lines = [next(handle) for _ in range(args.lines)]
                path = Path(folder, f"{label}.x{copies}.txt")
                path.write_text("".join(lines) * copies, encoding="utf-8")
                files[label, copies] = str(path)

        def run(copies: int, jobs: int) -> dict:
            out = Path(folder, f"out.x{copies}.j{jobs}.m2")
            data = measure([script, "-orig", files["orig", copies], "-cor", files["cor", copies],
                            "-out", str(out), "--model-dir", args.model_dir, "-j", str(jobs), "--quiet"])
            data["output"] = out.read_bytes()
            sentences = args.lines * copies
            print(f"x{copies:<2} {sentences:5d} sentences  -j {jobs}  {data['wall']:6.1f} s wall  "
                  f"{data['cpu']:6.1f} s CPU  {sentences / data['wall']:6.1f} sent/s  "
                  f"peak {data['peak_kib'] / 1024:6.0f} MiB")
            return data

        largest = max(args.scales)
        peaks = {copies: run(copies, 1)["peak_kib"] for copies in sorted(set(args.scales)) if copies != largest}
        runs = {jobs: run(largest, jobs) for jobs in args.jobs}
        base = runs[args.jobs[0]]
        for jobs, data in runs.items():
            same = "identical bytes" if data["output"] == base["output"] else "DIFFERENT OUTPUT"
            print(f"-j {jobs}: {base['wall'] / data['wall']:.2f}x the speed of -j {args.jobs[0]}, {same}")
        if 1 in runs:
            peaks[largest] = runs[1]["peak_kib"]
        print("peak memory (-j 1): " + ", ".join(f"x{copies} {kib / 1024:.0f} MiB" for copies, kib in sorted(peaks.items())))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
