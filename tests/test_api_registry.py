"""The Python API of every registered scorer (jp_shims.registry), one test per rule and tool.

``jp_shims.runner.evaluate(NAME, gold, system)`` and each tool's own wrapper take gold first
and system second, as paths, open files or lists of lines; they return one result type
(:class:`jp_shims.result.Result`, a read-only mapping of the scores) whose ``to_json()`` is
the ``--json`` document of the same run, valid against docs/schema; bad input raises
:class:`jp_shims.errors.InputError`, a ``ValueError``, with ``.path`` and ``.line``.
"""
from __future__ import annotations

import inspect
import json
import warnings
from collections.abc import Mapping
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

from jp_shims import registry
from jp_shims.envelope import finite
from jp_shims.errors import InputError
from jp_shims.result import Result
from jp_shims.runner import evaluate
from tests.contract_samples import SAMPLES, command_line
from tests.toolrun import run_tool

TOOLS = registry.names()
SCHEMAS = Path(__file__).resolve().parents[1] / "docs" / "schema"

# A malformed line in the middle of a file of the tool's own format (the line number and the
# options that make the tool read that format).
PREPROCESS_CONLLU = ("1\tThe\tthe\tX\t_\t_\t0\troot\t_\t_\n\n"
                     "1\tIt\tit\tX\t_\t_\t0\troot\t_\t_\n2\twas\n\n")
MALFORMED = {
    "jp_preprocess_eval": (PREPROCESS_CONLLU, 4, ("--gold-format", "conllu")),
    "jp_errant_compare": ("S A b .\nA 0 1|||R:NOUN|||B|||REQUIRED|||-NONE-|||0\n\nS C d .\nA x y\n\n", 5, ()),
    "jp_cherrant_compare": ("S 我 去 。\nA 1 1|||M|||要|||REQUIRED|||-NONE-|||0\n\nS 他 来 。\nA x y\n\n", 5, ()),
    "jp_m2scorer": ("S A b .\nA 0 1|||R:NOUN|||B|||REQUIRED|||-NONE-|||0\n\nS C d .\nA x y\n\n", 5, ()),
    "jp_conlleval": ("Anna B-PER\nleft O\n\nIt O\nrained\n", 5, ()),
    "jp_conll18_ud_eval": ("1\tThe\tthe\tX\t_\t_\t0\troot\t_\t_\n\n1\tIt\tit\tX\t_\t_\t0\troot\t_\t_\n2\twas\n\n", 4, ()),
    "jp_udeval": ("1\tThe\tthe\tX\t_\t_\t0\troot\t_\t_\n\n1\tIt\tit\tX\t_\t_\t0\troot\t_\t_\n2\twas\n\n", 4, ()),
    # evalb counts an unreadable tree as the original does (its "Error" sentences): what is
    # bad input to it is a file that holds no tree
    "jp_evalb": ("\nS The cat sat .\nA 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n", 2, ()),
    "jp_evalb_spmrl": ("\nS The cat sat .\nA 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n", 2, ()),
}
# Sides whose every line is valid input (a system sentence of m2scorer is any text).
ANY_TEXT = {("jp_m2scorer", "system")}


@pytest.fixture(params=TOOLS)
def name(request) -> str:
    return request.param


@pytest.fixture(autouse=True)
def _quiet_and_in_a_scratch_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # (evalb_spmrl writes ./status, as its original does)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _files(tmp_path: Path, name: str) -> tuple:
    sample = SAMPLES[name]
    gold, system = tmp_path / "gold.txt", tmp_path / "system.txt"
    gold.write_text(sample.gold, encoding="utf-8")
    system.write_text(sample.dropped, encoding="utf-8")  # a unit missing: JP mode changes a block
    return gold, system


def _validate(name: str, document: dict) -> None:
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    own = SCHEMAS / f"{name}.schema.json"
    schema = json.loads((own if own.exists() else SCHEMAS / "envelope.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema, registry=Registry().with_resources(resources)).validate(document)


def _cli_json(name: str, gold, system, *extra: str) -> str:
    run = run_tool(name, command_line(name, str(gold), str(system), [*SAMPLES[name].options, "--json", *extra]))
    assert run.returncode == 0, run.err
    return run.out


@pytest.mark.parametrize("show", [False, True])
def test_paths_give_the_cli_json_document(name, tmp_path, show):
    gold, system = _files(tmp_path, name)
    result = evaluate(name, gold, str(system), SAMPLES[name].options)
    assert isinstance(result, Result) and isinstance(result, Mapping)
    assert result.summary.changed >= 1 and result.signature.startswith(f"tool:{name}|")
    extra = ("--show-alignment",) if show else ()
    assert result.to_json(show_alignment=show) == _cli_json(name, gold, system, *extra)
    _validate(name, json.loads(result.to_json(show_alignment=show)))


def test_lines_and_open_files_give_what_paths_give(name, tmp_path):
    gold, system = _files(tmp_path, name)
    options = SAMPLES[name].options
    by_path = evaluate(name, gold, system, options)
    by_lines = evaluate(name, gold.read_text(encoding="utf-8").splitlines(),
                        system.read_text(encoding="utf-8").splitlines(keepends=True), options)
    with open(gold, encoding="utf-8") as gold_file, open(system, "rb") as system_file:
        by_file = evaluate(name, gold_file, system_file, options)
    assert dict(by_lines) == dict(by_path) == dict(by_file)
    assert by_lines.summary == by_path.summary == by_file.summary
    assert by_lines.text == by_path.text and by_lines.signature == by_path.signature


def test_the_result_is_a_read_only_mapping_of_the_scores(name, tmp_path):
    gold, system = _files(tmp_path, name)
    result = evaluate(registry.load(name), gold, system, SAMPLES[name].options)
    document = json.loads(result.to_json())
    assert finite(dict(result)) == document["scores"]  # (JSON writes 0/0 as null)
    key = next(iter(result))
    assert key in result and result.get(key) is result[key] and len(result) == len(document["scores"])
    assert result.get("no such score") is None and "no such score" not in result
    with pytest.raises(AttributeError):
        result.scores = {}  # type: ignore[misc]
    with pytest.raises(TypeError):
        result[key] = 1  # type: ignore[index]
    json.loads(result.to_json())  # strict JSON, blocks included or not


def test_a_missing_file_is_an_input_error_with_its_path_and_no_line(name, tmp_path):
    gold, _ = _files(tmp_path, name)
    missing = tmp_path / "nope.txt"
    for pair in ((missing, gold), (gold, missing)):
        with pytest.raises(InputError) as caught:
            evaluate(name, *pair, SAMPLES[name].options)
        error = caught.value
        assert isinstance(error, ValueError)
        assert error.path == str(missing) and error.line is None
        assert str(error) == f"{missing}: {error.message}"


@pytest.mark.parametrize("side", ["gold", "system"])
def test_a_malformed_line_is_an_input_error_with_path_and_line(name, tmp_path, side):
    if (name, side) in ANY_TEXT:
        pytest.skip(f"every line is a valid {side} line of {name}")
    text, line, options = MALFORMED[name]
    bad = tmp_path / "bad.txt"
    bad.write_text(text, encoding="utf-8")
    good = tmp_path / "good.txt"
    good.write_text(SAMPLES[name].gold if side == "system" else SAMPLES[name].system, encoding="utf-8")
    options = (*SAMPLES[name].options, *options)
    if side == "system" and name == "jp_preprocess_eval":
        options = (*SAMPLES[name].options, "--system-format", "conllu")
    pair = (bad, good) if side == "gold" else (good, bad)
    with pytest.raises(InputError) as caught:
        evaluate(name, *pair, options)
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.path, error.line) == (str(bad), line), str(error)
    # lines in: the file is named <gold> / <system>
    with pytest.raises(InputError) as caught:
        pair_lines = (text.splitlines(), good) if side == "gold" else (good, text.splitlines())
        evaluate(name, *pair_lines, options)
    assert (caught.value.path, caught.value.line) == (f"<{side}>", line)


@pytest.mark.parametrize("function", ["jp_evalb.evaluate", "jp_errant.evaluate", "jp_cherrant.evaluate",
                                      "jp_conll18.evaluate", "jp_preprocess.evaluate", "jp_m2scorer.evaluate",
                                      "jp_conlleval.evaluate"])
def test_every_wrapper_shows_gold_then_system_in_its_signature(function):
    module, attribute = function.rsplit(".", 1)
    parameters = list(inspect.signature(getattr(__import__(module), attribute)).parameters)
    assert parameters[:2] == ["gold", "system"]
