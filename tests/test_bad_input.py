"""Bad input never ends in a traceback: every console script (jp_shims.registry) x some 30
kinds of bad input, in JP mode.

Each run is the console script in-process (tests/toolrun.py), on the contract test's sample
inputs (tests/contract_samples.py) with one of them, or the command line, spoiled. The rule
checked is the contract's floor: no traceback on stderr, an exit status of 0, 1 or 2, and a
run that fails ends with one line ``PROG: error: ...``. (What each tool says, and which bad
inputs it reads anyway, is tested in the tools' own tests.) The annotators run with the
contract test's analyser double; without a stanza model they stop at one documented line,
tested last.
"""
from __future__ import annotations

import gzip
from pathlib import Path
from typing import Callable, List, NamedTuple, Optional

import pytest

from jp_shims import registry
from tests.contract_samples import COMMAND_SAMPLES, M2, SAMPLES, TREES, CONLLU, NER_GOLD, PLAIN, command_line as scorer_command_line
from tests.test_contract import run_command
from tests.toolrun import run_tool

SCRIPTS = registry.console_scripts()

# An option each script reads as a number, given a word (usage error expected).
WRONG_TYPE = {
    "jp_evalb": ["-e", "many"], "jp_evalb_spmrl": ["-K", "many"], "jp_conlleval": ["--paired-bs-n", "many"],
    "jp_conll18_ud_eval": ["--paired-bs-n", "many"], "jp_udeval": ["--paired-bs-n", "many"],
    "jp_m2scorer": ["--beta", "many"], "jp_preprocess_eval": ["--threshold", "many"],
    "jp_errant_compare": ["-b", "many"], "jp_cherrant_compare": ["-b", "many"],
    "jp_errant_parallel": ["--align-threshold", "many"], "jp_errant_m2": ["-lang", "1"],
    "jp_cherrant_parallel": ["-b", "many"], "jp_wisebe": ["-m", "many"],
}
# An option that takes a value, given as the last argument without one.
VALUED = {name: "--report" for name in registry.names()}
VALUED.update({"jp_errant_parallel": "-out", "jp_errant_m2": "-out", "jp_cherrant_parallel": "-o",
               "jp_wisebe": "-m"})


def good_inputs(name: str) -> List[str]:
    if name in SAMPLES:
        return [SAMPLES[name].gold, SAMPLES[name].system]
    return list(COMMAND_SAMPLES[name].inputs)


def command_line(name: str, paths: List[str], output: Optional[str] = None) -> List[str]:
    """The script's command line on ``paths`` (its inputs, in order) and an output file."""
    if name in SAMPLES:
        report = ["--report", output] if output else []
        return scorer_command_line(name, paths[0], paths[1], [*SAMPLES[name].options, *report])
    return COMMAND_SAMPLES[name].argv(paths, output)


class Case(NamedTuple):
    """A bad input: ``spoil(name, texts, folder)`` gives (argv, stdin) from the good inputs."""

    id: str
    spoil: Callable[[str, List[str], Path], tuple]


def _with_content(slot: int, content: Callable[[bytes], bytes]) -> Callable:
    def spoil(name: str, texts: List[str], folder: Path) -> tuple:
        paths = _written(texts, folder)
        index = slot if slot >= 0 else len(paths) + slot
        Path(paths[index]).write_bytes(content(texts[index].encode("utf-8")))
        return command_line(name, paths), b""
    return spoil


def _with_path(slot: int, path: Callable[[Path], str]) -> Callable:
    def spoil(name: str, texts: List[str], folder: Path) -> tuple:
        paths = _written(texts, folder)
        paths[slot if slot >= 0 else len(paths) + slot] = path(folder)
        return command_line(name, paths), b""
    return spoil


def _written(texts: List[str], folder: Path) -> List[str]:
    paths = []
    for number, text in enumerate(texts):
        path = folder / f"input{number}.txt"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    return paths


def _stdin(slots: tuple, data: bytes) -> Callable:
    def spoil(name: str, texts: List[str], folder: Path) -> tuple:
        paths = _written(texts, folder)
        for slot in slots:
            if slot < len(paths):
                paths[slot] = "-"
        return command_line(name, paths), data
    return spoil


def _argv(change: Callable[[str, List[str]], List[str]]) -> Callable:
    def spoil(name: str, texts: List[str], folder: Path) -> tuple:
        return change(name, command_line(name, _written(texts, folder))), b""
    return spoil


def _output(path: Callable[[Path], str]) -> Callable:
    def spoil(name: str, texts: List[str], folder: Path) -> tuple:
        return command_line(name, _written(texts, folder), path(folder)), b""
    return spoil


def _second_line(data: bytes, insert: bytes) -> bytes:
    first, newline, rest = data.partition(b"\n")
    return first + newline + insert + rest


CONTENTS = {
    "empty": lambda data: b"",
    "whitespace-only": lambda data: b"  \n\t\n\n",
    "binary-garbage": lambda data: bytes(range(256)) * 8,
    "invalid-utf8": lambda data: _second_line(data, b"caf\xe9 \xff\xfe\n"),
    "nul-bytes": lambda data: _second_line(data, b"a\x00b \x00\n"),
    "utf16": lambda data: data.decode("utf-8").encode("utf-16"),
    "trees": lambda data: TREES.encode("utf-8"),
    "conllu": lambda data: CONLLU.encode("utf-8"),
    "m2": lambda data: M2.encode("utf-8"),
    "plain-text": lambda data: PLAIN.encode("utf-8"),
    "columns": lambda data: NER_GOLD.encode("utf-8"),
    "truncated": lambda data: data[:len(data) // 2],
    "huge-line": lambda data: b"word " * 40000 + b"\n",
    "crlf": lambda data: data.replace(b"\n", b"\r\n"),
    "cr-only": lambda data: data.replace(b"\n", b"\r"),
    "bom": lambda data: b"\xef\xbb\xbf" + data,
    "tabs-only": lambda data: b"\t\t\t\n" * 3,
    "gzip-magic": lambda data: b"\x1f\x8b\x08\x00garbage\n",
    "cut-utf8-char": lambda data: data + "\u00e9".encode("utf-8")[:1],
    "gzip-valid": lambda data: gzip.compress(data),
    "line-separators": lambda data: _second_line(data, "a\u2028b\x0cc\x1cd\x85e \x1b[31m\n".encode("utf-8")),
    "comments-only": lambda data: b"# a comment\n# another\n",
}

CASES = [
    *(Case(f"last-{kind}", _with_content(-1, content)) for kind, content in CONTENTS.items()),
    *(Case(f"first-{kind}", _with_content(0, CONTENTS[kind]))
      for kind in ("empty", "binary-garbage", "invalid-utf8", "trees", "m2")),
    Case("first-missing", _with_path(0, lambda folder: str(folder / "no-such-file.txt"))),
    Case("last-missing", _with_path(-1, lambda folder: str(folder / "no-such-file.txt"))),
    Case("last-directory", _with_path(-1, lambda folder: str(folder))),
    Case("stdin-empty", _stdin((0,), b"")),
    Case("stdin-twice", _stdin((0, 1), PLAIN.encode("utf-8"))),
    Case("unknown-option", _argv(lambda name, argv: ["--frobnicate", *argv])),
    Case("no-arguments", _argv(lambda name, argv: [])),
    Case("missing-value", _argv(lambda name, argv: [*argv, VALUED[name]])),
    Case("wrong-type", _argv(lambda name, argv: [*WRONG_TYPE[name], *argv])),
    Case("output-in-missing-folder", _output(lambda folder: str(folder / "no" / "such" / "out.html"))),
    Case("output-is-a-directory", _output(lambda folder: str(folder))),
]


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
@pytest.mark.parametrize("name", SCRIPTS)
def test_bad_input_is_never_a_traceback(name, case, tmp_path, monkeypatch):
    if name in COMMAND_SAMPLES:
        for variable, value in COMMAND_SAMPLES[name].environment().items():
            monkeypatch.setenv(variable, value)
    folder = tmp_path / "files"
    folder.mkdir()
    argv, stdin = case.spoil(name, good_inputs(name), folder)
    result = run_command(name, argv, stdin) if name in COMMAND_SAMPLES else _run(name, argv, stdin)
    assert "Traceback" not in result.err, result.err[-3000:]
    assert result.status in (0, 1, 2), (result.status, result.err[-2000:])
    if result.status != 0:
        lines = result.err.splitlines()
        assert lines and lines[-1].startswith(f"{name}: error: "), result.err[-2000:]


def _run(name: str, argv: List[str], stdin: bytes):
    from tests.test_contract import Run

    result = run_tool(name, argv, stdin=stdin)
    return Run(result.returncode, result.out, result.err)


@pytest.mark.parametrize("name", ["jp_errant_parallel", "jp_errant_m2"])
def test_a_missing_stanza_model_is_one_documented_line(name, tmp_path):
    # The real analyser, pointed at a folder without models (the same whether or not this
    # machine has stanza's models installed elsewhere).
    empty = tmp_path / "models"
    empty.mkdir()
    folder = tmp_path / "files"
    folder.mkdir()
    argv = command_line(name, _written(good_inputs(name), folder), str(tmp_path / "out.m2"))
    result = run_tool(name, [*argv, "--model-dir", str(empty)])
    assert result.returncode == 2 and "Traceback" not in result.err
    last = result.err.splitlines()[-1]
    assert last.startswith(f"{name}: error: ") and (
        "stanza is not installed" in last or "model is not installed in" in last), last
