"""Size and load time of the HTML report (--report) on large inputs, in headless chromium.

    JP_SHIMS_DATA=../shared/data python -m benchmarks.report_bench

Cases: PTB section 23 (Berkeley parser output, as it is: lined up; and with every two test
trees merged into one line: ~1,200 merged blocks), and the full CoNLL-14 test set with the
GPT-4.1 hypothesis (127 re-tokenized blocks). Load time is what the page itself measures
(navigation start until its script has sorted and filtered the rows: ``data-ready-ms``), and
the wall time of a headless ``--dump-dom`` run minus that of an empty page (browser start-up).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def browser() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    sys.exit("report_bench: no headless chromium found (apt-get install chromium)")


def dump(url: str) -> tuple[float, str]:
    start = time.perf_counter()
    result = subprocess.run([browser(), "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", url],
                            capture_output=True, text=True, timeout=300)
    return time.perf_counter() - start, result.stdout


def run_tool(module: str, argv: list[str]) -> float:
    code = f"import sys; from {module} import main; sys.exit(main())"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, *argv], cwd=ROOT, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env=dict(os.environ, PYTHONPATH=str(ROOT)), check=True)
    return time.perf_counter() - start


def merged_pairs(source: Path, target: Path) -> None:
    lines = source.read_text(encoding="utf-8").splitlines()
    out = [f"(S1 {lines[i].strip()} {lines[i + 1].strip()})" for i in range(0, len(lines) - 1, 2)]
    if len(lines) % 2:
        out.append(lines[-1])
    target.write_text("\n".join(out) + "\n", encoding="utf-8")


def main() -> None:
    data = os.environ.get("JP_SHIMS_DATA")
    if not data:
        sys.exit("report_bench: set JP_SHIMS_DATA to the corpus folder")
    data_dir = Path(data)
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        merged = tmp / "23.merged2.tst"
        merged_pairs(data_dir / "ptb" / "23.sys_berkeley_top", merged)
        cases = [
            ("PTB 23 (lined up)", "jp_evalb.cli", [str(data_dir / "ptb" / "23.gold"),
                                                   str(data_dir / "ptb" / "23.sys_berkeley_top")]),
            ("PTB 23, test trees merged in pairs", "jp_evalb.cli", [str(data_dir / "ptb" / "23.gold"), str(merged)]),
            ("CoNLL-14, GPT-4.1 hypothesis", "jp_errant.cli",
             ["-hyp", str(data_dir / "gec" / "sys.conll14.gpt-4.1.minedit.m2"),
              "-ref", str(data_dir / "gec" / "conll14.official-2014.combined.m2")]),
        ]
        empty = tmp / "empty.html"
        empty.write_text("<!DOCTYPE html><title>x</title>", encoding="utf-8")
        baseline = min(dump(empty.as_uri())[0] for _ in range(3))
        print(f"headless chromium start-up (empty page): {baseline:.2f} s")
        for name, module, argv in cases:
            report = tmp / "report.html"
            seconds = run_tool(module, ["--report", str(report), *argv])
            walls, readies, rows = [], [], 0
            for _ in range(3):
                wall, dom = dump(report.as_uri())
                walls.append(wall)
                ready = re.search(r'data-ready-ms="(\d+)"', dom)
                readies.append(int(ready.group(1)) if ready else -1)
                rows = dom.count('<tr class="block"')
            print(f"{name}: {report.stat().st_size / 1024:.0f} KiB, {rows} block rows; tool run with --report "
                  f"{seconds:.2f} s; page ready {min(readies)} ms; dump-dom {min(walls) - baseline:+.2f} s over an "
                  f"empty page")


if __name__ == "__main__":
    main()
