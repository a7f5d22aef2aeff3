"""jp_preprocess: CoNLL-U read through jp_conll18's reader, argument checks, error places,
and token counting inside unaligned blocks."""
from __future__ import annotations

import pytest

from tests.toolrun import run_tool


def row(i, form, head, deprel="dep"):
    return f"{i}\t{form}\t_\tX\t_\t_\t{head}\t{deprel}\t_\t_\n"


GOLD = "# sent_id = 1\n" + row(1, "The", 2, "det") + row(2, "cat", 0, "root") + row(3, ".", 2, "punct") + "\n"


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return str(path)


def run(argv, script="jp_preprocess_eval"):
    """The console script in-process (tests/toolrun.py): (status, stdout, stderr)."""
    result = run_tool(script, argv)
    return result.returncode, result.out, result.err


def counts(out):
    rows = {line.split()[0]: line.split()[1:4] for line in out.splitlines()[1:]}
    return rows["sentences"], rows["tokens"]


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_conllu_with_any_newline_convention(tmp_path, newline):
    g = write(tmp_path, "g.conllu", GOLD)
    s = write(tmp_path, "cr.conllu", GOLD.replace("\n", newline))
    status, out, err = run([g, s])
    assert (status, err) == (0, "")
    assert counts(out) == (["1", "0", "0"], ["3", "0", "0"])


@pytest.mark.parametrize("fmt", [[], ["--system-format", "conllu"]])
def test_conllu_with_a_bom(tmp_path, fmt):
    g = write(tmp_path, "g.conllu", GOLD)
    s = write(tmp_path, "bom.conllu", b"\xef\xbb\xbf" + GOLD.encode())
    status, out, err = run([g, s, *fmt])
    assert (status, err) == (0, "")
    assert counts(out) == (["1", "0", "0"], ["3", "0", "0"])


def test_conllu_invalid_utf8_names_the_line(tmp_path):
    g = write(tmp_path, "g.conllu", GOLD)
    s = write(tmp_path, "s.conllu", (GOLD + row(1, "caf\xe9", 0, "root") + "\n").encode("latin-1"))
    status, out, err = run([g, s])
    assert (status, out) == (2, "")
    assert err == f"jp_preprocess_eval: error: {s}:6: invalid UTF-8 (byte 0xe9 at column 6)\n"


def test_bad_head_in_a_multiword_token_is_reported_as_jp_conll18_does(tmp_path):
    bad = "1-2\tab\t_\t_\t_\t_\t_\t_\t_\t_\n" + row(1, "a", 0, "root") + row(2, "b", "q") + "\n"
    g = write(tmp_path, "g.conllu", GOLD)
    s = write(tmp_path, "s.conllu", bad)
    status, _, err = run([g, s])
    assert (status, err) == (2, f"jp_preprocess_eval: error: {s}:3: Cannot parse HEAD 'q'\n")
    status, _, err = run([g, s], "jp_conll18_ud_eval")
    assert (status, err) == (2, f"jp_conll18_ud_eval: error: {s}:3: Cannot parse HEAD 'q'\n")


def test_missing_conllu_file_with_explicit_format(tmp_path):
    g = write(tmp_path, "g.conllu", GOLD)
    status, _, err = run([g, str(tmp_path / "none.conllu"), "--system-format", "conllu"])
    assert (status, err) == (2, f"jp_preprocess_eval: error: {tmp_path / 'none.conllu'}: No such file or directory\n")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-0.1", "1.5"])
def test_threshold_must_be_a_finite_value_in_0_1(tmp_path, value):
    g = write(tmp_path, "g.txt", "a b .\n")
    status, out, err = run([g, g, f"--threshold={value}"])
    assert (status, out) == (2, "")
    usage, error = err.splitlines()  # the runner's usage error: usage line, one error line
    assert usage.startswith("usage: jp_preprocess_eval") and error.startswith("jp_preprocess_eval: error: --threshold")


@pytest.mark.parametrize("value", ["0", "1", "0.25"])
def test_threshold_bounds_are_accepted(tmp_path, value):
    g = write(tmp_path, "g.txt", "a b .\n")
    assert run([g, g, "--threshold", value])[0] == 0


def test_wisebe_end_of_file_has_a_line(tmp_path):
    ref = write(tmp_path, "r1.txt", "hello there\nall good\n")
    empty = write(tmp_path, "empty.txt", "")
    status, _, err = run(["-r", ref, empty], "jp_wisebe")
    assert status == 2
    assert err.startswith(f"jp_wisebe: error: {empty}:1: word '<end of file>' differs from 'hello' at {ref}:1")
    short = write(tmp_path, "short.txt", "hello there\n\n")
    status, _, err = run(["-r", ref, short], "jp_wisebe")
    assert status == 2
    assert err.startswith(f"jp_wisebe: error: {short}:3: word '<end of file>' differs from 'all' at {ref}:2")
    status, _, err = run(["-r", short, ref], "jp_wisebe")
    assert err.startswith(f"jp_wisebe: error: {ref}:2: word 'all' differs from '<end of file>' at {short}:3")


def test_no_token_is_a_true_positive_inside_an_unaligned_block(tmp_path):
    g = write(tmp_path, "g.txt", "The cat sat on the mat .\n")
    s = write(tmp_path, "s.txt", "Completely unrelated words here .\n")
    status, out, err = run([g, s])
    assert status == 0
    assert counts(out) == (["0", "1", "1"], ["0", "5", "7"])
    status, out, _ = run([g, s, "--show-alignment", "--json"])
    assert '"kind": "unaligned"' in out


def test_preprocess_bench_needs_a_data_folder(monkeypatch, capsys):
    from benchmarks import preprocess_bench

    ran = []
    for step in ("ewt", "wisebe", "scaling"):
        monkeypatch.setattr(preprocess_bench, step, lambda *args, step=step: ran.append(step))
    monkeypatch.delenv("JP_SHIMS_DATA", raising=False)
    with pytest.raises(SystemExit) as info:
        preprocess_bench.main([])
    assert info.value.code == 2 and ran == []
    assert "give --data or set JP_SHIMS_DATA" in capsys.readouterr().err
    preprocess_bench.main(["--data", "/corpora", "--sizes", "10"])
    assert ran == ["ewt", "wisebe", "scaling"]
