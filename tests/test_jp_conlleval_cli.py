"""The jp_conlleval console script: --legacy anywhere in argv, and JP mode's minimal wiring
(report on stdout, one note line on stderr, ``jp_conlleval: error: FILE:LINE: message``)."""
from __future__ import annotations

from pathlib import Path

from jp_conlleval.cli import main
from jp_conlleval.merged import run_legacy
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
    assert main(["-lr"]) == 2
    assert capsys.readouterr().err == "jp_conlleval: error: unknown argument -lr\n"
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
