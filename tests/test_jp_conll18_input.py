"""jp_conll18: how CoNLL-U files are decoded and split into lines, and JP mode's errors.

The reader owns decoding for every tool that reads CoNLL-U (jp_preprocess uses it too):
universal newlines as the original; in JP mode a UTF-8 BOM is accepted and long quoted lines
are shortened; legacy mode keeps the original's behaviour for both.
"""
from __future__ import annotations

import random

import pytest

from jp_conll18 import iter_sentences_from_file, read_token_sentences
from jp_conll18.jp import make_mismatch_handler
from jp_conll18.model import UDError
from jp_conll18.reader import load_conllu_file
from jp_conll18.sentences import iter_sentences
from jp_conll18.reconcile import ReconcileLog
from jp_conll18.stream import evaluate_streams
from tests.toolrun import run_tool


def row(i, form, head, deprel="dep"):
    return f"{i}\t{form}\t_\tX\t_\t_\t{head}\t{deprel}\t_\t_\n"


GOLD = "# sent_id = 1\n" + row(1, "The", 2, "det") + row(2, "cat", 0, "root") + "\n"
PERFECT = "LAS F1 Score: 100.00\nMLAS Score: 100.00\nBLEX Score: 100.00\n"


def write(tmp_path, name, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def run(argv):
    """jp_conll18_ud_eval in-process (tests/toolrun.py): (status, stdout, stderr)."""
    result = run_tool("jp_conll18_ud_eval", argv)
    return result.returncode, result.out, result.err


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_every_newline_convention_reads_the_same(tmp_path, newline):
    g = write(tmp_path, "g.conllu", GOLD.encode())
    s = write(tmp_path, "s.conllu", GOLD.replace("\n", newline).encode())
    assert list(read_token_sentences(s)) == [["The", "cat"]]
    assert run([g, s]) == (0, PERFECT, "")
    assert run(["--legacy", g, s]) == (0, PERFECT, "")


def test_jp_mode_accepts_a_utf8_bom(tmp_path):
    g = write(tmp_path, "g.conllu", GOLD.encode())
    s = write(tmp_path, "s.conllu", b"\xef\xbb\xbf" + GOLD.encode())
    assert run([g, s]) == (0, PERFECT, "")
    assert list(read_token_sentences(s)) == [["The", "cat"]]
    assert [x.first_line for x in iter_sentences_from_file(s)] == [2]


def test_legacy_mode_keeps_the_bom_as_the_original_does(tmp_path):
    g = write(tmp_path, "g.conllu", GOLD.encode())
    s = write(tmp_path, "s.conllu", b"\xef\xbb\xbf" + GOLD.encode())
    code, out, err = run(["--legacy", g, s])
    assert (code, out) == (1, "")
    # The original reads the BOM as part of the first line, which is then no comment.
    assert err.splitlines()[-1] == ("UDError: The CoNLL-U line does not contain 10 tab-separated columns: "
                                    "'\ufeff# sent_id = 1'")
    with pytest.raises(UDError):
        load_conllu_file(s)  # the original's API: the original's behaviour


def test_invalid_utf8_is_located_in_a_cr_only_file(tmp_path):
    g = write(tmp_path, "g.conllu", GOLD.encode())
    bad = (GOLD + row(1, "caf\xe9", 0, "root") + "\n").encode("latin-1").replace(b"\n", b"\r")
    s = write(tmp_path, "s.conllu", bad)
    code, out, err = run([g, s])
    assert (code, out) == (2, "")
    assert err == f"jp_conll18_ud_eval: error: {s}:5: invalid UTF-8 (byte 0xe9 at column 6)\n"


LONG = "x" * 5000


def test_jp_mode_shortens_a_long_offending_line(tmp_path):
    g = write(tmp_path, "g.conllu", GOLD.encode())
    s = write(tmp_path, "s.conllu", (LONG + "\tx\n\n").encode())
    code, _, err = run([g, s])
    assert code == 2
    assert err == (f"jp_conll18_ud_eval: error: {s}:1: The CoNLL-U line does not contain 10 "
                   f"tab-separated columns: '{'x' * 80}...'\n")
    # A first line without any tab is not CoNLL-U at all (the runner's format check).
    s = write(tmp_path, "s.conllu", (LONG + "\n\n").encode())
    code, _, err = run([g, s])
    assert code == 2
    assert err == (f"jp_conll18_ud_eval: error: {s}:1: expected CoNLL-U (tab-separated columns); this line "
                   f"is not one: '{'x' * 59}\u2026'\n")


def test_legacy_mode_quotes_the_whole_offending_line(tmp_path):
    g = write(tmp_path, "g.conllu", GOLD.encode())
    s = write(tmp_path, "s.conllu", (LONG + "\n\n").encode())
    code, _, err = run(["--legacy", g, s])
    assert code == 1
    assert err.splitlines()[-1] == f"UDError: The CoNLL-U line does not contain 10 tab-separated columns: '{LONG}'"
    with pytest.raises(UDError) as info:
        list(iter_sentences([LONG + "\n", "\n"], "f", legacy=True))
    assert str(info.value).endswith(f"'{LONG}'")


def test_jp_mode_shortens_other_quoted_fields(tmp_path):
    g = write(tmp_path, "g.conllu", GOLD.encode())
    s = write(tmp_path, "s.conllu", (row(1, "a", 0, "root") + row(3, LONG, 1) + "\n").encode())
    code, _, err = run([g, s])
    assert code == 2 and len(err) < 300
    assert f"Incorrect word ID '3' for word '{'x' * 80}...', expected '2'" in err


def _unrelated_doc(vocabulary, rng, n):
    out = []
    for _ in range(n):
        words = [rng.choice(vocabulary) for _ in range(rng.randint(4, 12))]
        out.append("".join(row(i + 1, w, 0 if i == 0 else 1, "root" if i == 0 else "dep")
                           for i, w in enumerate(words)) + "\n")
    return "".join(out)


def test_unalignable_texts_are_counted_after_the_first_sentences_without_aligning_the_rest(tmp_path):
    rng = random.Random(3)
    gold = _unrelated_doc([f"g{i}word" for i in range(500)], rng, 1000)
    system = _unrelated_doc([f"zz{i}other" for i in range(500)], rng, 1000)
    log = ReconcileLog(keep=True)
    counts = evaluate_streams(iter(iter_sentences(gold.splitlines(keepends=True))),
                              iter(iter_sentences(system.splitlines(keepends=True))), make_mismatch_handler(log=log))
    words = counts.scores()["Words"]
    # Everything counts, unmatched: gold words missed, system words spurious...
    assert (words.correct, words.gold_total, words.system_total) == (
        0, sum(1 for line in gold.splitlines() if line), sum(1 for line in system.splitlines() if line))
    assert (log.unaligned_gold, log.unaligned_system) == (1000, 1000)
    # ...but the aligner gave up once the first 64 sentences of each side produced no aligned
    # block (plus jp_align's look-ahead window): the rest is one unaligned block.
    assert len(log.entries) < 300, len(log.entries)
    assert log.entries[-1].rule.endswith("the rest of both files")
