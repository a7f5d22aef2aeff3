"""docs/adding-a-tool.md, followed literally: its code blocks are a package that registers
as the page says, and the tool passes the checks every registered tool passes.

Every fenced block of the page whose first line is ``# PATH`` is written to PATH in a
project folder (the package's modules, its ``pyproject.toml``, the example inputs). The
page's registration step is installing the package: what an installation gives the
interpreter -- the project on ``sys.path`` (an editable install) and the distribution's
metadata with the ``pyproject.toml``'s entry points (``*.dist-info/entry_points.txt``, which
``importlib.metadata`` reads) -- is written from the page's ``pyproject.toml``, without
pip (no process, no network). Then the page's shell session runs as shown (in-process,
tests/toolrun.py, the console script the ``pyproject.toml`` names), its Python session runs
as a doctest, and the registry-wide checks of tests/test_api_registry.py and
tests/test_contract.py run on the new tool.
"""
from __future__ import annotations

import configparser
import doctest
import importlib
import json
import re
import sys
import warnings
from collections.abc import Mapping
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

from jp_shims import registry
from jp_shims.errors import InputError
from jp_shims.result import Result
from jp_shims.runner import evaluate
from jp_shims.tool import Tool
from tests.test_docs_transcripts import fenced_blocks, matches
from tests.toolrun import run_tool

tomllib = pytest.importorskip("tomllib")  # (Python 3.11 on: the page's pyproject.toml is read)

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "adding-a-tool.md"
SCHEMAS = ROOT / "docs" / "schema"
FILE_HEADER = re.compile(r"^# (\S+)$")
NAME = "jp_tagacc"


def blocks(info: str):
    return [(first, lines) for kind, first, lines, _ in fenced_blocks(DOC.read_text(encoding="utf-8"))
            if kind == info]


def files_of_the_page() -> dict:
    """PATH -> text of every block whose first line is ``# PATH``."""
    found = {}
    for _kind, _first, lines, _ in fenced_blocks(DOC.read_text(encoding="utf-8")):
        header = FILE_HEADER.match(lines[0]) if lines else None
        if header:
            assert header.group(1) not in found, f"{DOC.name}: two blocks are {header.group(1)}"
            found[header.group(1)] = "\n".join(lines) + "\n"
    return found


def install(project: Path) -> dict:
    """What installing ``project`` gives the interpreter (module docstring); returns the
    console scripts of its ``pyproject.toml`` (name -> "module:attribute")."""
    meta = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    points = configparser.ConfigParser(interpolation=None)
    points.optionxform = str  # (names keep their case)
    points["console_scripts"] = meta.get("scripts", {})
    for group, entries in meta.get("entry-points", {}).items():
        points[group] = entries
    info = project / f"{meta['name'].replace('-', '_')}-{meta['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n",
                                   encoding="utf-8")
    with open(info / "entry_points.txt", "w", encoding="utf-8") as handle:
        points.write(handle)
    return dict(meta.get("scripts", {}))


@pytest.fixture
def project(tmp_path, monkeypatch) -> tuple:
    """The page's package, installed: (project folder, console scripts)."""
    folder = tmp_path / "jp-tagacc"
    for path, text in files_of_the_page().items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text, encoding="utf-8")
    scripts = install(folder)
    monkeypatch.syspath_prepend(str(folder))  # (invalidates the import caches too)
    monkeypatch.chdir(folder)
    yield folder, scripts
    for module in [name for name in sys.modules if name == NAME or name.startswith(NAME + ".")]:
        del sys.modules[module]


def console_script(scripts: dict, name: str):
    module, _, attribute = scripts[name].partition(":")
    return getattr(importlib.import_module(module), attribute)


def cli(scripts: dict, argv: list):
    """The page's console script in-process, as its process would run it."""
    return run_tool(NAME, argv, main=console_script(scripts, NAME))


# --- the page's steps --------------------------------------------------------------------

def test_the_page_holds_the_whole_package():
    assert {"jp_tagacc/__init__.py", "jp_tagacc/tool.py", "jp_tagacc/cli.py", "pyproject.toml"} <= set(
        files_of_the_page())


def test_the_registration_registers_the_tool(project):
    assert NAME in registry.names() and NAME not in registry.TOOLS  # (nothing in jp-shims was edited)
    tool = registry.load(NAME)
    assert isinstance(tool, Tool) and tool.prog == NAME


def test_the_shell_session_prints_what_the_page_shows(project):
    _, scripts = project
    sessions = blocks("shell")
    assert sessions, f"{DOC.name} shows no shell session"
    for first, lines in sessions:
        commands = [index for index, line in enumerate(lines) if line.startswith("$ ")]
        for start, end in zip(commands, [*commands[1:], len(lines)]):
            argv = lines[start][2:].split()
            assert argv[0] == NAME, f"{DOC.name}:{first + start}: not a {NAME} command"
            run = cli(scripts, argv[1:])
            expected, actual = lines[start + 1:end], (run.out + run.err).splitlines()
            assert matches(expected, actual), (f"{DOC.name}:{first + start}: `{lines[start][2:]}` prints\n"
                                               + "\n".join(actual))


def test_the_python_session_runs_as_shown(project):
    sessions = blocks("pycon")
    assert sessions, f"{DOC.name} shows no Python session"
    for first, lines in sessions:
        test = doctest.DocTestParser().get_doctest("\n".join(lines) + "\n", {}, f"{DOC.name}:{first}", str(DOC), first)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        with warnings.catch_warnings():
            runner.run(test)
        assert runner.tries > 0 and runner.failures == 0, f"{DOC.name}:{first}: the Python session prints something else"


# --- the checks of every registered tool (tests/test_api_registry.py, tests/test_contract.py) ----

def _validate(document: dict) -> None:
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    schema = json.loads((SCHEMAS / "envelope.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema, registry=Registry().with_resources(resources)).validate(document)


@pytest.mark.parametrize("show", [False, True])
def test_paths_lines_and_open_files_give_the_cli_json_document(project, show):
    folder, scripts = project
    gold, system = folder / "gold.tsv", folder / "system.tsv"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        by_path = evaluate(NAME, gold, str(system))
        by_lines = evaluate(NAME, gold.read_text(encoding="utf-8").splitlines(),
                            system.read_text(encoding="utf-8").splitlines(keepends=True))
        with open(gold, encoding="utf-8") as gold_file, open(system, "rb") as system_file:
            by_file = evaluate(NAME, gold_file, system_file)
    assert isinstance(by_path, Result) and isinstance(by_path, Mapping)
    assert dict(by_lines) == dict(by_path) == dict(by_file) and by_lines.text == by_path.text
    assert by_path.summary.changed >= 1 and by_path.signature.startswith(f"tool:{NAME}|")
    run = cli(scripts, [str(gold), str(system), "--json", *(["--show-alignment"] if show else [])])
    assert run.returncode == 0, run.err
    assert by_path.to_json(show_alignment=show) == run.out
    _validate(json.loads(run.out))


def test_the_result_is_a_read_only_mapping_of_the_scores(project):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = evaluate(registry.load(NAME), "gold.tsv", "system.tsv")
    assert dict(result) == json.loads(result.to_json())["scores"]
    assert "f1" in result and result.get("f1") == result["f1"] and result.get("no such score") is None
    with pytest.raises(TypeError):
        result["f1"] = 1  # type: ignore[index]


@pytest.mark.parametrize("side", ["gold", "system"])
def test_bad_input_is_an_input_error_with_path_and_line(project, side):
    folder, scripts = project
    bad = folder / "bad.tsv"
    bad.write_text("The\tDT\ncat\n", encoding="utf-8")
    pair = ("bad.tsv", "system.tsv") if side == "gold" else ("gold.tsv", "bad.tsv")
    with pytest.raises(InputError) as caught:
        evaluate(NAME, *pair)
    assert isinstance(caught.value, ValueError) and (caught.value.path, caught.value.line) == ("bad.tsv", 2)
    lines = bad.read_text(encoding="utf-8").splitlines()
    with pytest.raises(InputError) as caught:
        evaluate(NAME, *((lines, "system.tsv") if side == "gold" else ("gold.tsv", lines)))
    assert (caught.value.path, caught.value.line) == (f"<{side}>", 2)
    with pytest.raises(InputError) as caught:
        evaluate(NAME, *(("missing.tsv", "system.tsv") if side == "gold" else ("gold.tsv", "missing.tsv")))
    assert (caught.value.path, caught.value.line) == ("missing.tsv", None)
    # the command line: one line on stderr, exit 2, nothing on stdout
    run = cli(scripts, list(pair))
    assert (run.returncode, run.out) == (2, "")
    assert run.err == f"{NAME}: error: bad.tsv:2: expected 'word<TAB>tag', not 'cat'\n"


def test_a_file_of_another_format_is_one_line(project):
    folder, scripts = project
    (folder / "m2.txt").write_text("S The cat sat .\nA 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n\n",
                                   encoding="utf-8")
    run = cli(scripts, ["gold.tsv", "m2.txt"])
    assert (run.returncode, run.out) == (2, "") and run.err.count("\n") == 1
    assert run.err.startswith(f"{NAME}: error: m2.txt:1: expected 'word<TAB>tag' lines")
