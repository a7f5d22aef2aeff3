"""Benchmark jp_errant_compare on JFLEG (test reference, 747 sentences, 4 annotators).

Runs the installed console script as a user would (fresh process, wall time, best of
``--repeat`` runs) on the JFLEG reference against its real system output, once as is (x1)
and once with both files repeated 20 times (x20), in JP mode and in ``--legacy`` mode.
Reports peak memory of each run and, when ``errant_compare`` is found (on PATH or via
``$ERRANT_COMPARE``), its time and the ratio.

Targets (issue 4): x1 <= 0.15 s wall, x20 <= 0.5 s wall, memory flat in input size.

    JP_SHIMS_DATA=/path/to/shared/data python benchmarks/errant_bench.py [--repeat 5]
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REFERENCE = "gec/jfleg.test.ref.m2"
SYSTEM = "gec/sys.jfleg.gpt-4.1.neutral.m2"
TARGETS = {1: 0.15, 20: 0.5}


def repeated(source: Path, times: int, folder: Path) -> Path:
    """The M2 file repeated ``times`` times, blocks separated by one blank line.

    Written copy by copy: this process stays small, so the children's peak memory (which
    counts pages inherited at fork) measures the tool, not the benchmark.
    """
    if times == 1:
        return source
    text = source.read_text(encoding="utf-8").strip()
    target = folder / f"{source.stem}.x{times}.m2"
    with target.open("w", encoding="utf-8") as out:
        for copy in range(times):
            out.write(("\n\n" if copy else "") + text)
        out.write("\n")
    return target


def run_once(command: list[str]) -> tuple[float, float, int, bytes]:
    """Wall and user+system seconds, peak RSS (KiB) and stdout of one fresh process."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors)
        output = process.stdout.read()
        process.stdout.close()
        _, status, usage = os.wait4(process.pid, 0)  # this child's own rusage
        elapsed = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode:
            errors.seek(0)
            sys.exit(f"{' '.join(command)} failed:\n{errors.read().decode(errors='replace')}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, output


def timed(command: list[str], repeat: int) -> tuple[float, float, int, bytes]:
    """Best wall time, best CPU time and peak RSS over ``repeat`` runs, and stdout."""
    runs = [run_once(command) for _ in range(repeat)]
    return (min(r[0] for r in runs), min(r[1] for r in runs), max(r[2] for r in runs), runs[-1][3])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=os.environ.get("JP_SHIMS_DATA"),
                        help="corpus folder (default: $JP_SHIMS_DATA)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    if not args.data:
        sys.exit("set JP_SHIMS_DATA or pass --data")
    data = Path(args.data)
    ours = shutil.which("jp_errant_compare")
    if ours is None:
        sys.exit("jp_errant_compare is not installed (pip install -e .)")
    theirs = os.environ.get("ERRANT_COMPARE") or shutil.which("errant_compare")
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'input':<6} {'mode':<7} {'wall s':>7} {'cpu s':>6} {'target':>6} {'peak MiB':>8} "
              f"{'errant wall':>11} {'ratio':>6}")
        for times in (1, 20):
            ref = repeated(data / REFERENCE, times, Path(folder))
            hyp = repeated(data / SYSTEM, times, Path(folder))
            files = ["-hyp", str(hyp), "-ref", str(ref)]
            errant_wall, errant_output = None, None
            if theirs:
                errant_wall, _, _, errant_output = timed([theirs, *files], max(1, args.repeat // 2))
            for mode, extra in (("jp", []), ("legacy", ["--legacy"])):
                wall, cpu, peak, output = timed([ours, *extra, *files], args.repeat)
                ratio = f"{errant_wall / wall:6.1f}" if errant_wall else "     -"
                errant_text = f"{errant_wall:11.3f}" if errant_wall else f"{'-':>11}"
                same = ""
                if errant_output is not None and mode == "legacy":
                    same = "  same output" if output == errant_output else "  OUTPUT DIFFERS"
                print(f"x{times:<5} {mode:<7} {wall:7.3f} {cpu:6.3f} {TARGETS[times]:6.2f} "
                      f"{peak / 1024:8.1f} {errant_text} {ratio}{same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
