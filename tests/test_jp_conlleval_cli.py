"""The jp_conlleval console script: --legacy anywhere in argv, and JP mode's minimal wiring
(report on stdout, one note line on stderr, ``jp_conlleval: error: FILE:LINE: message``)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from jp_conlleval.cli import main
from jp_conlleval.legacy import run_legacy
from jp_conlleval.tool import USAGE
from tests.toolrun import ToolRun, run_tool

GOLD = b"Mara B-PER\nLind I-PER\nleft O\n.  O\n\nOslo B-LOC\n"
SYSTEM = b"MaraLind B-PER\r\nleft. O\r\n\r\nOslo B-LOC"


def _run(args: list, stdin: bytes = b"") -> ToolRun:
    """The console script in-process (tests/toolrun.py) with ``stdin`` on standard input; the
    compatibility vectors run one conlleval case through the installed script on a real file."""
    return run_tool("jp_conlleval", args, stdin=stdin)


def test_legacy_anywhere_in_argv_reads_stdin() -> None:
    merged = b"a B-PER B-PER\nb O O\n"
    done = _run(["-l", "--legacy"], merged)
    assert done.returncode == 0
    assert done.stdout == run_legacy(["-l"], merged).stdout
    two_files = _run(["--legacy", "gold", "system"])
    assert (two_files.returncode, two_files.stdout) == (255, b"")
    assert two_files.stderr == b"conlleval: unexpected command line argument\n"


def test_jp_two_files(tmp_path: Path) -> None:
    (tmp_path / "gold").write_bytes(GOLD)
    (tmp_path / "system").write_bytes(SYSTEM)
    done = _run([str(tmp_path / "gold"), str(tmp_path / "system")])
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == [
        b"processed 5 tokens with 2 phrases; found: 2 phrases; correct: 2.",
        b"accuracy: 100.00%; precision: 100.00%; recall: 100.00%; FB1: 100.00"]
    note = done.stderr.decode()
    assert note.startswith("jp_conlleval: note: ") and note.count("\n") == 1
    assert "CRLF" in note


def test_jp_bad_input_is_one_line(tmp_path: Path, capsys) -> None:
    (tmp_path / "gold").write_bytes(GOLD)
    (tmp_path / "system").write_bytes(b"Mara B-PER\nLind\n")
    assert main([str(tmp_path / "gold"), str(tmp_path / "system")]) == 2
    err = capsys.readouterr().err
    assert err == f"jp_conlleval: error: {tmp_path / 'system'}:2: a word without a tag column (one field; need: word ... tag)\n"
    assert main(["-lr"]) == 2  # (the merged file: a usage error is the usage line and one error line)
    assert capsys.readouterr().err.splitlines() == [USAGE.rstrip("\n"), "jp_conlleval: error: unknown argument -lr"]
    assert main(["--scheme", "IOB3", "a", "b"]) == 2
    assert capsys.readouterr().err.endswith("jp_conlleval: error: --scheme: one of IOB1, IOB2, IOE, IOBES, BILOU\n")
    assert main([str(tmp_path / "missing"), str(tmp_path / "gold")]) == 2
    assert capsys.readouterr().err == f"jp_conlleval: error: {tmp_path / 'missing'}: No such file or directory\n"


def test_jp_merged_stdin_crlf_and_field_count() -> None:
    crlf = _run([], b"a B-PER B-PER\r\nb O O\r\n\r\nc O O\r\n")
    lf = run_legacy([], b"a B-PER B-PER\nb O O\n\nc O O\n")
    assert crlf.returncode == 0 and crlf.stdout == lf.stdout
    assert "CRLF" in crlf.stderr.decode()
    bad = _run([], b"a O O\nb O O O\n")
    assert bad.returncode == 2 and bad.stdout == b""
    assert bad.stderr.decode() == "jp_conlleval: error: <stdin>:2: 4 fields where the first line with fields had 3\n"


# --- the merged file in JP mode keeps the contract (without the runner) -----------------------

MERGED = b"Mara B-PER B-PER\nLind I-PER I-PER\nleft O O\n\nOslo B-LOC B-ORG\n"


def _one_error_line(done: ToolRun, *fragments: str) -> None:
    assert done.returncode == 2 and done.stdout == b""
    err = done.stderr.decode()
    assert err.count("\n") == 1 and err.startswith("jp_conlleval: error: ") and "Traceback" not in err, err
    for fragment in fragments:
        assert fragment in err, (fragment, err)


@pytest.mark.parametrize("merged, where, message", [
    (b"a B-PER B-PER\nb\n", "<stdin>:2:", "1 field where the first line with fields had 3"),
    (b"a O O\nb O O O\n", "<stdin>:2:", "4 fields where the first line with fields had 3"),
    (b"a\n", "<stdin>:1:", "one field only"),
])
def test_merged_bad_input_is_one_line(merged: bytes, where: str, message: str) -> None:
    _one_error_line(_run([], merged), where, message)
    _one_error_line(_run(["-"], merged), where.replace("<stdin>", "-"), message)


def test_merged_file_that_cannot_be_read_is_one_line(tmp_path: Path) -> None:
    _one_error_line(_run([str(tmp_path / "missing.txt")]), f"{tmp_path / 'missing.txt'}: cannot read: ")
    _one_error_line(_run([str(tmp_path)]), f"{tmp_path}: cannot read: ")
    _one_error_line(_run(["-d", "(", "--json"], MERGED), "<stdin>:1:", "invalid -d pattern")


def test_merged_standard_input_closed(monkeypatch, capsys) -> None:
    from jp_conlleval.cli import run_merged

    monkeypatch.setattr("sys.stdin", None)
    assert run_merged([]) == 2
    assert capsys.readouterr().err == "jp_conlleval: error: <stdin>: cannot read: standard input is closed\n"


def test_merged_bytes_that_are_not_utf8_are_read_as_conlleval_reads_them() -> None:
    latin1 = b"M\xf6ller B-P\xc4R B-P\xc4R\nsaid O O\n"
    done = _run([], latin1)
    assert (done.returncode, done.stdout) == (0, run_legacy([], latin1).stdout)
    assert b"P\xc4R" in done.stdout


def test_merged_usage_errors_are_the_usage_line_and_one_error_line(tmp_path: Path) -> None:
    for argv in (["-x"], ["--scheme", "IOB3"], ["a", "b", "c"], ["--show-alignment"], ["--strict", "-"]):
        done = _run(argv, MERGED)
        assert done.returncode == 2 and done.stdout == b"", argv
        usage, error = done.stderr.decode().splitlines()
        assert usage == USAGE.rstrip("\n") and error.startswith("jp_conlleval: error: "), argv
    for flag in ("-h", "--help", "--version"):
        shown = _run([flag], MERGED)
        assert shown.returncode == 0 and shown.stderr == b"" and shown.stdout.startswith(b"jp_conlleval" if flag ==
                                                                                          "--version" else b"usage: ")


def test_merged_json_is_the_two_file_document(tmp_path: Path) -> None:
    """``--json`` on the merged file gives the document the two-file mode gives for the same
    tokens, tags and options (nothing aligned: no block)."""
    gold = tmp_path / "gold.txt"
    system = tmp_path / "system.txt"
    rows = [line.split(b" ") for line in MERGED.split(b"\n")]
    gold.write_bytes(b"\n".join(b" ".join(row[:2]) if len(row) > 1 else b"" for row in rows))
    system.write_bytes(b"\n".join(b" ".join((row[0], row[2])) if len(row) > 1 else b"" for row in rows))
    for options in ([], ["-r"], ["--scheme", "IOB2"]):
        merged = _run([*options, "--json"], MERGED)
        two = _run([*options, "--json", str(gold), str(system)])
        assert merged.returncode == two.returncode == 0, merged.stderr
        merged_doc, two_doc = json.loads(merged.stdout), json.loads(two.stdout)
        assert merged_doc["scores"] == two_doc["scores"] and merged_doc["options"] == two_doc["options"]
        assert merged_doc["signature"] == two_doc["signature"]
        assert merged_doc["alignment"]["summary"]["blocks"] == 0
        assert _run(options, MERGED).stdout == _run([*options, str(gold), str(system)]).stdout


def test_keywords_and_command_line_options_make_the_same_settings() -> None:
    from jp_conlleval.tool import TOOL

    argv = ["-r", "-d", "\t", "-o", "OUT", "--scheme", "IOBES", "--encoding", "cp1252"]
    from_keywords = TOOL.configure(raw=True, delimiter="\t", outside=b"OUT", scheme="IOBES", encoding="cp1252")
    from_options = TOOL.parse_options(argv)
    from_argv = TOOL.parse([*argv, "gold", "system"])
    assert from_keywords.settings == from_options.settings == from_argv.settings
    assert from_keywords.options == from_argv.options and from_keywords.options["outside"] == "OUT"
    assert TOOL.signature(from_keywords, TOOL.config) == TOOL.signature(from_argv, TOOL.config)
    assert "--scheme=IOBES" in TOOL.signature(from_keywords, TOOL.config)


def test_an_unknown_setting_is_a_type_error_and_a_bad_value_a_usage_error() -> None:
    from jp_conlleval.tool import TOOL
    from jp_shims.errors import UsageError

    with pytest.raises(TypeError, match="colour"):
        TOOL.configure(colour=True)
    with pytest.raises(UsageError, match="--scheme"):
        TOOL.configure(scheme="IOB3")
    with pytest.raises(UsageError, match="--encoding"):
        TOOL.configure(encoding="utf-16")
    with pytest.raises(UsageError, match="raw"):
        TOOL.configure(raw="yes")
    with pytest.raises(UsageError, match="without file names"):
        TOOL.parse_options(["-r", "gold"])


def test_the_runner_takes_settings_as_keywords_and_latin1_inputs_in_memory() -> None:
    from jp_shims.runner import evaluate

    gold = ["Jos\xe9 B-PER".encode("latin-1"), b"left O"]
    system = [b"Jos\xe9 B-PER", b"left O"]
    with pytest.warns(UserWarning, match="<gold> is not valid UTF-8: read as latin-1"):
        result = evaluate("jp_conlleval", gold, system, latex=True, raw=False)
    assert result["fb1"] == 100.0 and "& Precision" in result.text and "opt:-l|" in result.signature
