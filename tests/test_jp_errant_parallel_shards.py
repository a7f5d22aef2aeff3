"""--shard and -j of jp_errant_parallel and jp_errant_m2 on a corpus of several batches (the
analysis is the pre-annotated backend of test_jp_errant_parallel_cli; -j > 1 with the real
analyser is measured by benchmarks/errant_stanza_bench.py)."""
from __future__ import annotations

import pytest

from tests.extras import import_or_skip, needs

pytestmark = needs("stanza", "stanza")
import_or_skip("stanza", "stanza")

from jp_errant import m2_cli, parallel_cli  # noqa: E402
from jp_shims.parallel import DEFAULT_BATCH  # noqa: E402
from tests.test_jp_errant_parallel_cli import GOLD, ORDER, ORIGINAL, KnownSentences, text, write  # noqa: E402

COPIES = 2 * DEFAULT_BATCH // len(ORDER) + 3  # three batches and a bit


@pytest.fixture
def long_corpus(tmp_path):
    orig = write(tmp_path / "orig.txt", [text(ORIGINAL[name]) for name in ORDER] * COPIES)
    # One corrected line holds two sentences: the corpus goes through sentence alignment.
    cor_lines = [text(GOLD[name]) for name in ORDER] * COPIES
    cor_lines[10:12] = [cor_lines[10] + " " + cor_lines[11]]
    cor = write(tmp_path / "cor.txt", cor_lines)
    return tmp_path, orig, cor


@pytest.mark.parametrize("count", [2, 3, 4])
def test_parallel_shards_concatenate_to_the_whole_output(long_corpus, count, capsys):
    folder, orig, cor = long_corpus
    argv = ["-orig", orig, "-cor", cor, "--show-alignment"]
    assert parallel_cli.main(argv + ["-out", str(folder / "whole.m2")], backend=KnownSentences()) == 0
    whole_err = capsys.readouterr().err
    parts, errs = [], []
    for index in range(1, count + 1):
        out = folder / f"part{index}.m2"
        assert parallel_cli.main(argv + ["-out", str(out), "--shard", f"{index}/{count}"],
                                 backend=KnownSentences()) == 0
        parts.append(out.read_bytes())
        errs.append(capsys.readouterr().err)
    whole = (folder / "whole.m2").read_bytes()
    assert whole.count(b"\nS ") > 2 * DEFAULT_BATCH and b"".join(parts) == whole
    # Each merged block is listed by the shard that annotates it (a warning about a stretch of
    # unaligned lines that crosses a shard boundary comes in two parts, one per shard).
    assert listed("".join(errs)) == listed(whole_err) and listed(whole_err)


def listed(stderr):
    return [line for line in stderr.splitlines() if line.startswith("ORIG ")]


def test_m2_shards_concatenate_to_the_whole_output(long_corpus, capsys):
    folder, orig, cor = long_corpus
    gold = folder / "gold.m2"
    parallel_cli.main(["-orig", orig, "-cor", cor, "-out", str(gold)], backend=KnownSentences())
    m2_cli.main([str(gold), "-auto", "-out", str(folder / "whole.m2")], backend=KnownSentences())
    parts = []
    for index in (1, 2, 3):
        out = folder / f"part{index}.m2"
        assert m2_cli.main([str(gold), "-auto", "-out", str(out), "--shard", f"{index}/3"],
                           backend=KnownSentences()) == 0
        parts.append(out.read_bytes())
    assert all(parts) and b"".join(parts) == (folder / "whole.m2").read_bytes()


def test_bad_shard_is_a_usage_error(long_corpus, capsys):
    folder, orig, cor = long_corpus
    code = parallel_cli.main(["-orig", orig, "-cor", cor, "-out", str(folder / "o.m2"), "--shard", "3/2"])
    usage, error = capsys.readouterr().err.splitlines()  # the contract: the usage and one error line
    assert code == 2 and usage.startswith("usage: jp_errant_parallel ")
    assert error == ("jp_errant_parallel: error: argument --shard: '3/2': expected I/N with 1 <= I <= N "
                     "(e.g. 2/8)")
    assert not (folder / "o.m2").exists()
