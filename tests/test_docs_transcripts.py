"""The examples of README.md and docs/*.md run as shown.

Console transcripts (the convention of docs/CONTRIBUTING.md): a fenced block whose info
string is ``console``; lines starting with ``$ `` are commands (a line ending in ``\\``
continues on the next), run by bash from the folder named in an HTML comment on the line just
before the fence (``<!-- run from: examples/evalb -->``; default: the repository root). The
lines up to the next ``$ `` line are the expected output, stdout then stderr, compared line by
line exactly, except that a line ``...`` matches zero or more lines (an excerpt). Commands
using ``$JP_SHIMS_DATA`` are skipped when it is unset. ``python`` blocks of the README are
doctests.
"""
from __future__ import annotations

import difflib
import doctest
import os
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.datafiles import ENV_VAR, data_root
from tests.toolrun import console_scripts, run_tool

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RUN_FROM = re.compile(r"^<!--\s*run from:\s*(\S+)\s*-->$")
ELLIPSIS = "..."


@dataclass(frozen=True)
class Transcript:
    doc: Path
    line: int  # of the command, 1-based
    folder: str
    command: str
    expected: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"


def fenced_blocks(text: str):
    """(info string, first line number, lines, the line before the fence) of each block."""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        match = re.match(r"^(`{3,})(.*)$", lines[index])
        if not match:
            index += 1
            continue
        fence, info = match.group(1), match.group(2).strip()
        end = index + 1
        while end < len(lines) and not lines[end].startswith(fence):
            end += 1
        before = lines[index - 1] if index > 0 else ""
        yield info, index + 2, lines[index + 1:end], before
        index = end + 1


def transcripts(doc: Path) -> list[Transcript]:
    found = []
    for info, first, lines, before in fenced_blocks(doc.read_text(encoding="utf-8")):
        if info != "console":
            continue
        match = RUN_FROM.match(before.strip())
        folder = match.group(1) if match else "."
        index = 0
        while index < len(lines):
            if not lines[index].startswith("$ "):
                raise AssertionError(f"{doc}:{first + index}: console block line before any `$ ` command")
            start = index
            command = lines[index][2:]
            while command.endswith("\\") and index + 1 < len(lines):
                index += 1
                command = command[:-1] + " " + lines[index].strip()
            index += 1
            output_start = index
            while index < len(lines) and not lines[index].startswith("$ "):
                index += 1
            found.append(Transcript(doc, first + start, folder, command, tuple(lines[output_start:index])))
    return found


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line, ``...`` standing for zero or more lines."""
    if not expected:
        return not actual
    if expected[0] == ELLIPSIS:
        return any(matches(expected[1:], actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and matches(expected[1:], actual[1:])


TRANSCRIPTS = [t for doc in DOCS for t in transcripts(doc)]


def test_every_doc_example_is_found() -> None:
    assert len(TRANSCRIPTS) >= 5, "the README's transcripts were not found"


def test_matching_rule() -> None:
    assert matches(["a", ELLIPSIS, "d"], ["a", "b", "c", "d"])
    assert matches(["a", ELLIPSIS], ["a"])
    assert not matches(["a", "d"], ["a", "b", "d"])
    assert not matches(["a"], ["a", "b"])


SHELL_SYNTAX = re.compile(r"[|&;<>`()\\'\"*?~{}\[\]]|\$(?!JP_SHIMS_DATA\b)")
QUIET = " 2>/dev/null"


def one_tool_run(command: str, env: dict):
    """``(argv, stderr dropped)`` when ``command`` is one console script with plain words
    (``$JP_SHIMS_DATA`` and a final ``2>/dev/null`` allowed), else ``None``."""
    quiet = command.endswith(QUIET)
    body = command[: -len(QUIET)] if quiet else command
    if SHELL_SYNTAX.search(body):
        return None
    argv = body.replace("$JP_SHIMS_DATA", env.get(ENV_VAR, "")).split()
    return (argv, quiet) if argv and argv[0] in console_scripts() else None


def test_one_tool_run_is_recognized() -> None:
    env = {ENV_VAR: "/data"}
    assert one_tool_run("jp_evalb -p COLLINS g.mrg t.mrg", env) == (["jp_evalb", "-p", "COLLINS", "g.mrg", "t.mrg"],
                                                                    False)
    assert one_tool_run("jp_evalb $JP_SHIMS_DATA/g $JP_SHIMS_DATA/t 2>/dev/null", env) == (
        ["jp_evalb", "/data/g", "/data/t"], True)
    for shell in ("jp_evalb g t | tail -1", "jp_evalb g t > out", "cd x && jp_evalb g t", "cat g", "jp_evalb $HOME/g t",
                  "jp_evalb 'g' t", "jp_evalb g t 2>&1"):
        assert one_tool_run(shell, env) is None, shell


def mirror(folder: Path, scratch: Path) -> Path:
    """A folder in ``scratch`` whose entries are links to ``folder``'s: an example runs there as
    it runs in ``folder`` (same names, same relative paths), and a file it creates in its
    working directory appears in the mirror, where it is seen, instead of in the checkout."""
    for entry in folder.iterdir():
        (scratch / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return scratch


def test_mirror_shows_files_an_example_leaves(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "input.txt").write_text("x\n")
    (tmp_path / "scratch").mkdir()
    cwd = mirror(folder, tmp_path / "scratch")
    subprocess.run(["bash", "-c", "cat input.txt > status"], cwd=cwd, check=True)
    assert [entry.name for entry in cwd.iterdir() if not entry.is_symlink()] == ["status"]
    assert sorted(entry.name for entry in folder.iterdir()) == ["input.txt"]


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=[t.id for t in TRANSCRIPTS])
def test_console_transcript(transcript: Transcript) -> None:
    env = dict(os.environ, LC_ALL="C.UTF-8", COLUMNS="80")
    if "JP_SHIMS_DATA" in transcript.command:
        root = data_root()
        if root is None:
            pytest.skip(f"{ENV_VAR} is not set: the example reads corpora from it")
        env[ENV_VAR] = str(root)
    folder = ROOT / transcript.folder
    assert folder.is_dir(), f"{transcript.id}: run-from folder {transcript.folder} does not exist"
    with tempfile.TemporaryDirectory(prefix="jp-transcript-") as scratch:
        cwd = mirror(folder, Path(scratch))
        simple = one_tool_run(transcript.command, env)
        if simple is not None:  # one console script: run in-process, as its process would
            argv, quiet = simple
            run = run_tool(argv[0], argv[1:], cwd=cwd, env={name: env[name] for name in ("LC_ALL", "COLUMNS", ENV_VAR)
                                                              if name in env})
            result = SimpleNamespace(returncode=run.returncode, stdout=run.out, stderr="" if quiet else run.err)
        else:  # a shell line (pipes, redirections, other commands): bash runs it
            result = subprocess.run(["bash", "-c", transcript.command], cwd=cwd, env=env,
                                    capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
        left = sorted(entry.name for entry in cwd.iterdir() if not entry.is_symlink())
    assert not left, (f"{transcript.id}: `{transcript.command}` leaves {', '.join(left)} behind in "
                      f"{transcript.folder}: a reader who runs the example gets files in the checkout")
    actual = (result.stdout + result.stderr).splitlines()
    expected = list(transcript.expected)
    if not matches(expected, actual):
        diff = "\n".join(difflib.unified_diff(expected, actual, "shown in the doc", "printed", lineterm=""))
        pytest.fail(f"{transcript.id}: `{transcript.command}` (from {transcript.folder}, exit "
                    f"{result.returncode}) prints something else:\n{diff}")


README = (ROOT / "README.md").read_text(encoding="utf-8")
PYTHON_BLOCKS = [(first, "\n".join(lines)) for info, first, lines, _ in fenced_blocks(README) if info == "python"]


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=[f"README.md:{first}" for first, _ in PYTHON_BLOCKS])
def test_readme_python_examples(block, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    first, text = block
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text + "\n", {}, f"README.md:{first}", "README.md", first)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"README python block at line {first} failed"
