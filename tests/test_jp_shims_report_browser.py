"""The HTML report (--report FILE.html) rendered by a real browser: Debian's chromium, headless.

The DOM after the page's script ran (``--dump-dom``) must hold the block rows, sorted by score
loss, the scores as evalb prints them and the signature; ``#kind=...`` filters rows; a
screenshot renders. Without chromium the tests skip, saying so.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.toolrun import run_tool

ROOT = Path(__file__).resolve().parents[1]


def chromium() -> str:
    for name in (os.environ.get("JP_SHIMS_CHROMIUM", ""), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    pytest.skip("no headless browser: install Debian's chromium (apt-get install chromium) or set JP_SHIMS_CHROMIUM")


def browse(*flags: str, url: str) -> subprocess.CompletedProcess:
    return subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           *flags, url], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    """The report of the README's evalb example: a normalized 1:1 block and a merged 1:2 one."""
    path = tmp_path_factory.mktemp("report") / "evalb.html"
    result = run_tool("jp_evalb", ["--report", str(path), "examples/evalb/gold.mrg", "examples/evalb/test.mrg"],
                      cwd=ROOT)
    assert result.returncode == 0, result.err
    return path


def rows(dom: str) -> list[tuple[str, str, bool]]:
    """(kind, loss, hidden) of every block row, in DOM order."""
    found = re.findall(r'<tr class="block"([^>]*)>', dom)
    return [(re.search(r'data-kind="([^"]*)"', attrs).group(1), re.search(r'data-loss="([^"]*)"', attrs).group(1),
             " hidden" in attrs) for attrs in found]


def test_rendered_dom_has_the_blocks_sorted_by_loss_and_the_scores(report):
    result = browse("--dump-dom", url=report.as_uri())
    dom = result.stdout
    assert dom, result.stderr[-2000:]
    # Written in block order (normalized, then merged); the script sorts by loss, largest first.
    assert rows(dom) == [("merged", "6", False), ("normalized", "0", False)]
    assert 'aria-sort="descending"' in dom  # set by the page's script: it ran
    assert "Bracketing FMeasure       =  75.00" in dom
    assert re.search(r'<code id="signature">tool:jp_evalb\|v:[^|]+\|mode:jp\|opt:-c40,-e10\|lang:en', dom)
    assert '<td data-kind="merged">1</td>' in dom and '<td data-kind="normalized">1</td>' in dom
    assert '<mark class="k-normalized">ca</mark>' in dom  # word groups highlighted by kind
    assert 'examples/evalb/test.mrg:2-3' in dom


def test_kind_filter_hides_the_other_rows(report):
    dom = browse("--dump-dom", url=report.as_uri() + "#kind=normalized").stdout
    assert rows(dom) == [("merged", "6", True), ("normalized", "0", False)]
    assert '<span id="shown">1</span>' in dom


def test_screenshot_renders(report, tmp_path):
    shot = tmp_path / "report.png"
    browse(f"--screenshot={shot}", "--window-size=1200,700", url=report.as_uri())
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
