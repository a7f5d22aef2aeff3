"""The screenshots of the HTML report in docs/ (docs/report-*.png), made by headless chromium.

    JP_SHIMS_DATA=../shared/data python -m benchmarks.report_screenshots

Pages of the repository's examples (no licensed text): examples/preprocess (the README's
screenshot), examples/errant/marked-*.m2 (edits marked: true positive, false positive,
missed), examples/significance with --compare (the compared system and the significance
table); and UD_English-EWT test (CC BY-SA 4.0) against a copy with some heads moved to the
grandparent and some labels changed (seeded, below) for the breakdown bars and the
confusion heatmaps; that copy is made in a temporary folder, never kept.
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.report_bench import browser

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def perturbed(source: Path, target: Path, seed: int) -> None:
    """``source`` with 7 % of the heads moved to the grandparent (never a cycle) and 8 % of
    the labels replaced."""
    rng = random.Random(seed)
    sentences = []
    for block in source.read_text(encoding="utf-8").rstrip("\n").split("\n\n"):
        rows = [line.split("\t") for line in block.split("\n")]
        words = {row[0]: row for row in rows if len(row) == 10 and row[0].isdigit()}
        for row in words.values():
            if rng.random() < 0.08:
                row[7] = rng.choice(["dep", "obj", "nmod", "advmod", "amod"])
            head = words.get(row[6])
            if rng.random() < 0.07 and head is not None and head[6] != "0":
                row[6] = head[6]
        sentences.append("\n".join("\t".join(row) for row in rows))
    target.write_text("\n\n".join(sentences) + "\n\n", encoding="utf-8")


def report(console_script: str, argv: list, page: Path, cwd: Path) -> None:
    tool = Path(sys.executable).with_name(console_script)
    subprocess.run([str(tool), "--report", str(page), *map(str, argv)], cwd=cwd, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def shoot(page: Path, name: str, size: str) -> None:
    subprocess.run([browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--screenshot={DOCS / name}", f"--window-size={size}", page.as_uri()],
                   check=True, capture_output=True, timeout=300)
    print(f"docs/{name}")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        page = tmp / "page.html"
        report("jp_preprocess_eval", ["examples/preprocess/gold.txt", "examples/preprocess/system.txt"], page, ROOT)
        shoot(page, "report-screenshot.png", "1200,1350")
        report("jp_errant_compare", ["-ref", "examples/errant/marked-ref.m2", "-hyp",
                                     "examples/errant/marked-hyp.m2"], page, ROOT)
        shoot(page, "report-errant.png", "1200,1150")
        report("jp_evalb", ["examples/significance/gold.mrg", "examples/significance/sys1.mrg",
                            "--compare", "examples/significance/sys2.mrg"], page, ROOT)
        shoot(page, "report-compare.png", "1200,2400")
        data = os.environ.get("JP_SHIMS_DATA")
        gold = Path(data or ".") / "ud" / "UD_English-EWT" / "en_ewt-ud-test.conllu"
        if not gold.exists():
            print("docs/report-conll18.png not made: set JP_SHIMS_DATA (UD_English-EWT test)")
            return
        (tmp / "gold.conllu").write_bytes(gold.read_bytes())
        perturbed(gold, tmp / "system.conllu", 1)
        report("jp_conll18_ud_eval", ["--breakdown", "deprel", "--breakdown", "direction", "--confusion",
                                      "direction", "--confusion", "depth", "--confusion", "deprel",
                                      "gold.conllu", "system.conllu"], page, tmp)
        shoot(page, "report-conll18.png", "1300,2900")


if __name__ == "__main__":
    main()
