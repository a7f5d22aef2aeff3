"""jp_cherrant_parallel --shard I/N: the shards' outputs concatenated are the whole output,
in both modes (ChERRANT's resource lists from ``$JP_SHIMS_DATA``; skipped without)."""
from __future__ import annotations

from pathlib import Path

import pytest

from jp_cherrant.annotator.resources import RESOURCE_ENV
from jp_cherrant.parallel_cli import main
from jp_shims.parallel import DEFAULT_BATCH
from tests.datafiles import data_path

PAIRS = [("他每天都跑步在公园里。", "他每天都在公园里跑步。"), ("我们明天去", "我们明天去学校"),
         ("我喜欢吃苹果", "我喜欢吃苹果"), ("这个问题很难回答的", "这个问题很难回答")]


@pytest.fixture()
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(RESOURCE_ENV, str(data_path("zh_gec", "annotator_resources")))
    lines = [f"{n}\t{PAIRS[n % len(PAIRS)][0]}\t{PAIRS[n % len(PAIRS)][1]}\n"
             for n in range(2 * DEFAULT_BATCH + 10)]
    para = tmp_path / "in.para"
    para.write_text("".join(lines), encoding="utf-8")
    return para


@pytest.mark.parametrize("mode", [[], ["--legacy"]])
def test_shards_concatenate_to_the_whole_output(corpus: Path, mode: list) -> None:
    whole = corpus.parent / "whole.m2"
    assert main([*mode, "-f", str(corpus), "-o", str(whole), "--no_simplified"]) == 0
    parts = []
    for index in (1, 2, 3):
        out = corpus.parent / f"part{index}.m2"
        assert main([*mode, "-f", str(corpus), "-o", str(out), "--no_simplified", "--shard", f"{index}/3"]) == 0
        parts.append(out.read_bytes())
    assert all(parts) and b"".join(parts) == whole.read_bytes()


def test_legacy_shard_keeps_the_blocks_before_a_bad_line(corpus: Path, capsys: pytest.CaptureFixture) -> None:
    lines = corpus.read_text(encoding="utf-8").splitlines(keepends=True)
    bad = 2 * DEFAULT_BATCH + 3
    lines[bad] = f"{bad}\t你\t \t你们\n"
    corpus.write_text("".join(lines), encoding="utf-8")
    whole, part = corpus.parent / "whole.m2", corpus.parent / "part.m2"
    assert main(["--legacy", "-f", str(corpus), "-o", str(whole), "--no_simplified"]) == 1
    assert main(["--legacy", "-f", str(corpus), "-o", str(part), "--no_simplified", "--shard", "2/2"]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == "Exception"
    # Shard 2 holds the last two batches; the original dies on the same line.
    assert whole.read_bytes().endswith(part.read_bytes()) and part.read_bytes().count(b"\nS ") == DEFAULT_BATCH + 2
