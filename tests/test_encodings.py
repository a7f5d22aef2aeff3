"""Inputs that are not UTF-8 (issue 31): jp_evalb, jp_evalb_spmrl and jp_conlleval read them as
their originals read bytes (Latin-1, or ``--encoding``), say so in a note and print back the
original's bytes; the tools whose originals read UTF-8 refuse them in one line; no message
shows a surrogate escape. :mod:`jp_shims.encodings` is the shared helper."""
from __future__ import annotations

import io

import pytest

from jp_shims import encodings
from jp_shims.errors import UsageError
from tests.toolrun import run_tool

# Two Latin-1 trees (é, É in words and in a label) and the same as UTF-8.
LATIN1_TREES = (b"(S (NP (NN Zo\xe9)) (VP (VB\xc9 ran)))\n"
                b"(S (NP (NNP Jos\xe9)) (VP (VBD sat) (ADVP (RB l\xe0))))\n")
UTF8_TREES = LATIN1_TREES.decode("latin-1").encode("utf-8")
# conlleval's columns: a Latin-1 word and a Latin-1 chunk type.
LATIN1_COLUMNS = b"Zo\xe9 B-P\xc9R\nran O\n\nJos\xe9 B-P\xc9R\nsat O\n\n"


def _note(prog: str, name: str, encoding: str, original: str) -> str:
    return f"{prog}: note: {encodings.fallback_note(name, encoding, original)}\n"


def _no_surrogates(text: str) -> None:
    assert "\\udc" not in text and not any("\ud800" <= ch <= "\udfff" for ch in text)


# --- the helper ------------------------------------------------------------------------------

def test_stream_encoding_is_utf8_only_for_a_whole_valid_input(tmp_path):
    (tmp_path / "u").write_bytes(UTF8_TREES)
    (tmp_path / "l").write_bytes(LATIN1_TREES)
    # A valid start and a Latin-1 byte past the first chunk: the whole input is judged.
    (tmp_path / "late").write_bytes(b"(S (NN \xc3\xa9))\n" * (encodings.CHUNK // 12) + b"(S (NN \xe9))\n")
    # A UTF-8 sequence cut by a chunk boundary is still valid.
    (tmp_path / "cut").write_bytes(b"a" * (encodings.CHUNK - 1) + "é".encode())

    def encoding(name, *fallback):
        with open(tmp_path / name, "rb") as handle:
            return encodings.stream_encoding(handle, *fallback)

    assert encoding("u") == "utf-8"
    assert encoding("cut") == "utf-8"
    assert encoding("l") == "latin-1"
    assert encoding("late", "cp1252") == "cp1252"
    assert encoding("l", "utf-8") == "utf-8"  # no fallback: its reader refuses
    for name in ("u", "l", "late", "cut"):
        assert encodings.data_encoding((tmp_path / name).read_bytes()) == encoding(name)


def test_parse_encoding():
    assert encodings.parse_encoding(None) == "latin-1"
    assert encodings.parse_encoding("ISO-8859-1") == "latin-1"
    assert encodings.parse_encoding("windows-1252") == "cp1252"
    assert encodings.parse_encoding("UTF8") == "utf-8"
    for bad in ("utf-16", "utf-7", "base64", "no-such-codec"):
        with pytest.raises(UsageError):
            encodings.parse_encoding(bad)


def test_readable_shows_undecodable_bytes_as_latin1_characters():
    assert encodings.readable("Zo\udce9") == "Zoé"
    assert encodings.quoted("Zo\udce9") == "'Zoé'"
    assert encodings.readable_bytes(b"caf\xe9 \xc3\xa9") == "café é"
    assert encodings.readable("a\ud800b") == "a\\ud800b"  # a surrogate that is no byte: escaped, not raw


def test_stdout_bytes_writes_escaped_bytes_back_as_read():
    assert encodings.stdout_bytes("P\udcc9R é") == b"P\xc9R \xc3\xa9"
    # A lone surrogate that is no escaped byte is written as Python 2 wrote it.
    assert encodings.stdout_bytes("\ud800\udcc9") == b"\xed\xa0\x80\xc9"
    assert encodings.as_written("PÉR", "latin-1").encode("utf-8", "surrogateescape") == b"P\xc9R"
    assert encodings.as_written("PÉR", "utf-8") == "PÉR"


def test_write_stdout_keeps_bytes_under_a_strict_locale(monkeypatch):
    # A UTF-8 locale's stdout ("strict" errors, unlike run_tool's C locale): a chunk type read
    # as bytes is written as those bytes, not as the UTF-8 of a surrogate.
    from jp_shims import runner

    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="utf-8", errors="strict")
    monkeypatch.setattr("sys.stdout", stream)
    runner.write_stdout("P\udcc9R: 100.00\n")
    stream.flush()
    assert raw.getvalue() == b"P\xc9R: 100.00\n"


# --- jp_evalb, jp_evalb_spmrl: evalb reads bytes ----------------------------------------------

@pytest.mark.parametrize("prog, original", [("jp_evalb", "evalb"), ("jp_evalb_spmrl", "evalb_spmrl")])
@pytest.mark.parametrize("options", [[], ["-d"], ["-D"], ["--per-label"]])
def test_evalb_on_latin1_prints_legacy_bytes_with_a_note(tmp_path, prog, original, options):
    (tmp_path / "g.trees").write_bytes(LATIN1_TREES)
    (tmp_path / "t.trees").write_bytes(LATIN1_TREES)
    legacy = run_tool(prog, ["--legacy", *options, "g.trees", "t.trees"], cwd=tmp_path)
    jp = run_tool(prog, [*options, "g.trees", "t.trees"], cwd=tmp_path)
    assert legacy.returncode == jp.returncode == 0
    assert jp.stdout == legacy.stdout
    if options:  # (these echo the words or the labels: the Latin-1 bytes evalb printed)
        assert b"\xc9" in jp.stdout and b"\xc3" not in jp.stdout
    assert jp.err == (_note(prog, "g.trees", "latin-1", original) + _note(prog, "t.trees", "latin-1", original))


def test_evalb_notes_one_file_given_twice_once(tmp_path):
    (tmp_path / "l.trees").write_bytes(LATIN1_TREES)
    jp = run_tool("jp_evalb", ["l.trees", "l.trees"], cwd=tmp_path)
    assert jp.returncode == 0 and jp.err == _note("jp_evalb", "l.trees", "latin-1", "evalb")


def test_evalb_the_same_fast_and_pure_python(tmp_path, monkeypatch):
    # The decoding comes before the tree reader: the C accelerator and the pure-Python reader
    # read the same Latin-1 text.
    from jp_evalb import trees

    (tmp_path / "g.trees").write_bytes(LATIN1_TREES)
    (tmp_path / "t.trees").write_bytes(LATIN1_TREES.replace(b"(VB\xc9 ran)", b"(VBD ran)"))
    first = run_tool("jp_evalb", ["-d", "g.trees", "t.trees"], cwd=tmp_path)
    monkeypatch.setattr(trees, "AcceleratedReader", None)
    second = run_tool("jp_evalb", ["-d", "g.trees", "t.trees"], cwd=tmp_path)
    assert (first.returncode, first.stdout, first.stderr) == (second.returncode, second.stdout, second.stderr)


def test_evalb_aligns_a_latin1_test_on_a_utf8_gold(tmp_path):
    # Read as Latin-1, the test file's words are those of the UTF-8 gold: every pair scores
    # (legacy mode compares bytes: "Words unmatch").
    (tmp_path / "g.trees").write_bytes(UTF8_TREES)
    (tmp_path / "t.trees").write_bytes(LATIN1_TREES)
    jp = run_tool("jp_evalb", ["--json", "g.trees", "t.trees"], cwd=tmp_path)
    import json

    summary = json.loads(jp.stdout)["scores"]["summary"]["all"]
    assert jp.returncode == 0 and summary["sentences"] == 2 and summary["valid_sentences"] == 2
    assert jp.err == _note("jp_evalb", "t.trees", "latin-1", "evalb")
    legacy = run_tool("jp_evalb", ["--legacy", "g.trees", "t.trees"], cwd=tmp_path)
    assert b"Words unmatch" in legacy.stderr


def test_evalb_encoding_option(tmp_path):
    # 0x93 0x94: cp1252's curly quotes, C1 controls in Latin-1; 0x81: undefined in cp1252.
    data = b"(S (NP (NN \x93Zo\xe9\x94)) (VP (VBD ran\x81)))\n"
    (tmp_path / "g.trees").write_bytes(data)
    (tmp_path / "t.trees").write_bytes(data)
    legacy = run_tool("jp_evalb", ["--legacy", "-d", "g.trees", "t.trees"], cwd=tmp_path)
    for encoding, shown in (("cp1252", "cp1252"), ("latin-1", "latin-1"), ("iso-8859-15", "iso8859-15")):
        jp = run_tool("jp_evalb", ["-d", "--encoding", encoding, "g.trees", "t.trees"], cwd=tmp_path)
        assert (jp.returncode, jp.stdout) == (0, legacy.stdout), encoding
        assert jp.err == _note("jp_evalb", "g.trees", shown, "evalb") + _note("jp_evalb", "t.trees", shown, "evalb")
    strict = run_tool("jp_evalb", ["--encoding", "utf-8", "g.trees", "t.trees"], cwd=tmp_path)
    assert (strict.returncode, strict.out) == (2, "")
    assert strict.err == "jp_evalb: error: g.trees:1: invalid UTF-8 at byte 12\n"


def test_evalb_encoding_in_the_signature(tmp_path):
    (tmp_path / "g.trees").write_bytes(UTF8_TREES)
    import json

    def signature(*options):
        run = run_tool("jp_evalb", ["--json", *options, "g.trees", "g.trees"], cwd=tmp_path)
        return json.loads(run.stdout)["signature"]

    assert "encoding" not in signature() and signature() == signature("--encoding", "latin-1")
    assert "opt:-c40,-e10,--encoding=cp1252|" in signature("--encoding", "cp1252")


@pytest.mark.parametrize("prog", ["jp_evalb", "jp_evalb_spmrl", "jp_conlleval"])
def test_encoding_is_an_option_of_jp_mode(tmp_path, prog):
    (tmp_path / "a").write_bytes(b"x O\n")
    run = run_tool(prog, ["--legacy", "--encoding", "cp1252", "a", "a"], cwd=tmp_path)
    assert run.returncode == 2 and run.out == ""
    assert run.err.startswith(f"{prog}: error: --encoding is an option of JP mode; --legacy behaves as ")
    help_text = run_tool(prog, ["--help"]).out
    assert "\n  --encoding ENC " in help_text.split("\nJP options (")[1]
    bad = run_tool(prog, ["--encoding", "utf-16", "a", "a"], cwd=tmp_path)
    assert bad.returncode == 2 and bad.err.endswith(
        f"{prog}: error: --encoding: 'utf-16' does not read ASCII as ASCII; choose an encoding that does "
        "(latin-1, cp1252, iso8859-15, ...)\n")


def test_format_error_shows_a_latin1_line_readably(tmp_path):
    (tmp_path / "g.trees").write_bytes(b"Zo\xe9 (S\n")
    (tmp_path / "t.trees").write_bytes(LATIN1_TREES)
    run = run_tool("jp_evalb", ["g.trees", "t.trees"], cwd=tmp_path)
    assert run.returncode == 2
    assert run.err == ("jp_evalb: error: g.trees:1: expected bracketed trees, one per line (evalb's format); "
                       "this line is not one: 'Zoé (S'\n")


# --- jp_conlleval: conlleval.pl reads bytes ---------------------------------------------------

def test_conlleval_two_files_latin1_prints_legacy_bytes_with_a_note(tmp_path):
    (tmp_path / "g.txt").write_bytes(LATIN1_COLUMNS)
    (tmp_path / "s.txt").write_bytes(LATIN1_COLUMNS)
    # The merged file conlleval.pl reads: word, gold tag, system tag.
    merged = b"\n".join(line + b" " + line.split(b" ")[-1] if line else b"" for line in LATIN1_COLUMNS.split(b"\n"))
    legacy = run_tool("jp_conlleval", ["--legacy"], stdin=merged)
    jp = run_tool("jp_conlleval", ["g.txt", "s.txt"], cwd=tmp_path)
    assert legacy.returncode == jp.returncode == 0
    assert jp.stdout == legacy.stdout and b"P\xc9R:" in jp.stdout
    assert jp.err == (_note("jp_conlleval", "g.txt", "latin-1", "conlleval.pl")
                      + _note("jp_conlleval", "s.txt", "latin-1", "conlleval.pl"))
    with_cp1252 = run_tool("jp_conlleval", ["--encoding", "cp1252", "g.txt", "s.txt"], cwd=tmp_path)
    assert with_cp1252.stdout == legacy.stdout and "read as cp1252" in with_cp1252.err
    strict = run_tool("jp_conlleval", ["--encoding", "utf-8", "g.txt", "s.txt"], cwd=tmp_path)
    assert strict.returncode == 0 and strict.stdout == legacy.stdout and strict.err == ""


def test_conlleval_python_api_reads_latin1_words(tmp_path):
    from jp_conlleval import evaluate

    (tmp_path / "g.txt").write_bytes(LATIN1_COLUMNS)
    (tmp_path / "s.txt").write_bytes(LATIN1_COLUMNS.decode("latin-1").encode("utf-8"))
    # The words align (Zoé = Zoé); the types are bytes, as conlleval compares them.
    result = evaluate(str(tmp_path / "g.txt"), str(tmp_path / "s.txt"))
    assert result.statistics.tokens == 4 and result.statistics.correct_chunks == 0


def test_conlleval_json_types_are_text(tmp_path):
    import json

    (tmp_path / "g.txt").write_bytes(LATIN1_COLUMNS)
    two_files = run_tool("jp_conlleval", ["--json", "g.txt", "g.txt"], cwd=tmp_path)
    merged = run_tool("jp_conlleval", ["--json"],
                      stdin=b"\n".join(line + b" " + line.split(b" ")[-1] if line else b""
                                       for line in LATIN1_COLUMNS.split(b"\n")))
    for run in (two_files, merged):
        assert run.returncode == 0
        assert list(json.loads(run.stdout.decode("utf-8"))["scores"]["types"]) == ["PÉR"]


def test_conlleval_messages_show_latin1_words_readably(tmp_path):
    (tmp_path / "g.txt").write_bytes(b"Zo\xe9 B-P\xc9R\nran O\n\n")
    (tmp_path / "s.txt").write_bytes(b"Zoe\xe9 B-P\xc9R\nran O\n\n")
    run = run_tool("jp_conlleval", ["g.txt", "s.txt"], cwd=tmp_path)
    assert run.returncode == 2
    _no_surrogates(run.err)
    assert run.err == ("jp_conlleval: error: s.txt:1: the system text stops matching the gold text here: "
                       "'Zoeé' vs gold g.txt:1 'Zoé'\n")


# --- the tools whose originals read UTF-8 ----------------------------------------------------

M2 = b"S Zo\xe9 ran .\nA 0 1|||R:NOUN|||Zoe|||REQUIRED|||-NONE-|||0\n\n"
CONLLU = b"1\tZo\xe9\tzo\xe9\tPROPN\t_\t_\t0\troot\t_\t_\n\n"


@pytest.mark.parametrize("prog, files, argv, expected", [
    ("jp_errant_compare", {"h.m2": M2, "r.m2": M2}, ["-hyp", "h.m2", "-ref", "r.m2"], "r.m2:1: invalid UTF-8"),
    ("jp_cherrant_compare", {"h.m2": M2, "r.m2": M2}, ["-hyp", "h.m2", "-ref", "r.m2"], "h.m2:1: invalid UTF-8"),
    ("jp_m2scorer", {"s.txt": b"Zo\xe9 ran .\n", "g.m2": M2}, ["s.txt", "g.m2"],
     "g.m2:1: invalid UTF-8 (invalid continuation byte)"),
    ("jp_conll18_ud_eval", {"g.conllu": CONLLU, "s.conllu": CONLLU}, ["g.conllu", "s.conllu"],
     "g.conllu:1: invalid UTF-8 (byte 0xe9 at column 5)"),
    ("jp_preprocess_eval", {"g.txt": b"Zo\xe9 ran .\n", "s.txt": b"Zo\xe9 ran .\n"}, ["g.txt", "s.txt"],
     "g.txt:1: invalid UTF-8 (byte 0xe9 at column 3)"),
])
def test_utf8_tools_refuse_latin1_in_one_line(tmp_path, prog, files, argv, expected):
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    run = run_tool(prog, argv, cwd=tmp_path)
    assert (run.returncode, run.out) == (2, "")
    assert run.err == f"{prog}: error: {expected}\n"
    _no_surrogates(run.err)


def test_m2scorer_int_error_shows_no_surrogate_escape(tmp_path):
    # Python 2 lets a UTF-8-encoded surrogate (ED B3 A9) through; int() of it fails.
    (tmp_path / "s.txt").write_bytes(b"Zoe ran .\n")
    (tmp_path / "g.m2").write_bytes(b"S Zoe ran .\nA \xed\xb3\xa90 1|||R:NOUN|||Zo|||REQUIRED|||-NONE-|||0\n\n")
    run = run_tool("jp_m2scorer", ["s.txt", "g.m2"], cwd=tmp_path)
    assert run.returncode == 2
    _no_surrogates(run.err)
    assert run.err.startswith("jp_m2scorer: error: g.m2:2: not an integer: 'í³©0'")


def test_evalb_latin1_parameter_file_labels_meet_latin1_trees(tmp_path):
    # DELETE_LABEL PÉ in Latin-1: the bracket is deleted as evalb deletes it (2 words, not 3).
    (tmp_path / "l1.prm").write_bytes(b"DELETE_LABEL P\xc9\nDELETE_LABEL TOP\n")
    (tmp_path / "g.trees").write_bytes(b"(S (NP (NN Zo\xe9)) (P\xc9 ,) (VP (VBD ran)))\n")
    legacy = run_tool("jp_evalb", ["--legacy", "-p", "l1.prm", "g.trees", "g.trees"], cwd=tmp_path)
    jp = run_tool("jp_evalb", ["-p", "l1.prm", "g.trees", "g.trees"], cwd=tmp_path)
    assert legacy.returncode == jp.returncode == 0 and jp.stdout == legacy.stdout
    assert b"      2     2   100.00" in jp.stdout
