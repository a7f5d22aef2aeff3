"""jp_conlleval.evaluate is the shared runner's result (jp_shims.result.Result): the same
mapping, summary, blocks, signature, text and --json document as
``jp_shims.runner.evaluate("jp_conlleval", ...)`` and the command line on the same inputs,
with the attributes of earlier releases kept as aliases."""
from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import jp_conlleval
from jp_conlleval.api import Evaluation
from jp_conlleval.scoring import Statistics
from jp_shims.errors import InputError
from jp_shims.result import Result
from jp_shims.runner import evaluate as run
from tests.toolrun import run_tool

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "conlleval"
GOLD, SYSTEM = EXAMPLES / "gold.txt", EXAMPLES / "system.retok.txt"
# Settings and the command-line options that say the same.
SETTINGS = [
    ({}, []),
    ({"scheme": "IOBES"}, ["--scheme", "IOBES"]),
    ({"raw": True, "outside": "O"}, ["-r"]),
    ({"latex": True}, ["-l"]),
]


def _quiet(function, *args, **keywords):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args, **keywords)


def _unplaced(result: Result) -> dict:
    """The scores, the unrepresentable chunks without the file name they are placed in
    (``<system>`` for lines)."""
    return {**result, "unrepresentable": [item.split(":", 1)[1] for item in result["unrepresentable"]]}


def _same(own: Result, shared: Result) -> None:
    assert isinstance(own, Result) and isinstance(own, Evaluation)
    assert dict(own) == dict(shared) and own.summary == shared.summary
    assert [block.as_dict() for block in own.blocks] == [block.as_dict() for block in shared.blocks]
    assert (own.signature, own.text, own.options) == (shared.signature, shared.text, shared.options)
    assert own.to_json() == shared.to_json() and own.to_json(True) == shared.to_json(True)


@pytest.mark.parametrize("settings, argv", SETTINGS, ids=[" ".join(argv) or "default" for _, argv in SETTINGS])
def test_paths_give_the_runners_result_and_the_commands_json(settings: dict, argv: list) -> None:
    own = _quiet(jp_conlleval.evaluate, GOLD, SYSTEM, **settings)
    _same(own, _quiet(run, "jp_conlleval", GOLD, SYSTEM, **settings))
    assert own.summary.changed  # (the example re-tokenizes and re-splits: blocks to compare)
    for extra in ([], ["--show-alignment"]):
        command = run_tool("jp_conlleval", ["--json", *extra, *argv, str(GOLD), str(SYSTEM)])
        assert command.returncode == 0, command.err
        assert own.to_json(show_alignment=bool(extra)) == command.out
    plain = run_tool("jp_conlleval", [*argv, str(GOLD), str(SYSTEM)])
    assert own.text == plain.out and own.report() == plain.out.encode()


@pytest.mark.parametrize("kind", ["lines", "text file", "binary file"])
def test_lines_and_open_files_give_the_runners_result(kind: str) -> None:
    def side(path: Path):
        if kind == "lines":
            return path.read_text(encoding="utf-8").splitlines()
        return open(path, "r" if kind == "text file" else "rb", encoding="utf-8" if kind == "text file" else None)

    pairs = [(side(GOLD), side(GOLD)), (side(SYSTEM), side(SYSTEM))]
    try:
        own = _quiet(jp_conlleval.evaluate, pairs[0][0], pairs[1][0], scheme="IOB2")
        shared = _quiet(run, "jp_conlleval", pairs[0][1], pairs[1][1], scheme="IOB2")
    finally:
        for one in pairs:
            for value in one:
                if hasattr(value, "close"):
                    value.close()
    _same(own, shared)
    by_path = _quiet(jp_conlleval.evaluate, GOLD, SYSTEM, scheme="IOB2")
    assert _unplaced(own) == _unplaced(by_path) and own.text == by_path.text


def test_the_aliases_of_earlier_releases() -> None:
    result = _quiet(jp_conlleval.evaluate, GOLD, SYSTEM)
    overall = result.figures.scores.overall
    assert (result.precision, result.recall, result.f1) == (overall.precision, overall.recall, overall.fb1)
    assert result["fb1"] == result.f1 and result["accuracy"] == result.accuracy
    assert (result.statistics.found_gold, result.statistics.found_guess, len(result.unrepresentable)) == (
        result["found_gold"], result["found_guess"], len(result["unrepresentable"]))
    assert set(result.by_type()) == set(result["types"])
    assert result.report().decode() == result.text
    assert any("cannot be expressed on the gold tokens" in note for note in result.notes())
    assert sum(result.sentence_statistics(), Statistics()) == result.statistics
    gold_sentences = GOLD.read_text(encoding="utf-8").strip("\n").split("\n\n")
    assert [len(tags) for tags in result.system_on_gold] == [len(s.split("\n")) for s in gold_sentences]
    assert "micro avg" in result.classification_report()
    with pytest.raises(AttributeError):
        result.figures = None  # type: ignore[misc]


def _pairs(path: Path) -> list:
    return [[tuple(line.split(" ")) for line in sentence.split("\n")]
            for sentence in path.read_text(encoding="utf-8").strip("\n").split("\n\n")]


def test_token_tag_sentences_are_lines_in_memory() -> None:
    gold, system = _pairs(GOLD), _pairs(SYSTEM)
    own = _quiet(jp_conlleval.evaluate, gold, system)
    as_lines = [[" ".join(pair) for sentence in side for pair in [*sentence, ("",)]] for side in (gold, system)]
    _same(own, _quiet(run, "jp_conlleval", *as_lines))
    assert _unplaced(own) == _unplaced(_quiet(jp_conlleval.evaluate, GOLD, SYSTEM))
    # With a delimiter, pairs are written with a separator it splits on.
    tabbed = _quiet(jp_conlleval.evaluate, gold, system, delimiter="\\t")
    assert dict(tabbed) == dict(own)


def test_a_pair_that_cannot_be_a_line_is_bad_input() -> None:
    with pytest.raises(InputError) as caught:
        jp_conlleval.evaluate([[("New York", "B-LOC")]], [[("New", "B-LOC")]])
    assert (caught.value.path, caught.value.line) == ("<gold>", 1)
    assert isinstance(caught.value, ValueError)


def test_bad_input_names_the_file_and_line(tmp_path: Path) -> None:
    gold = tmp_path / "gold.txt"
    gold.write_text("a O\nb\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        jp_conlleval.evaluate(gold, ["a O", "b O"])
    assert (caught.value.path, caught.value.line) == (str(gold), 2)
    with pytest.raises(InputError) as caught:
        jp_conlleval.evaluate(tmp_path / "missing.txt", ["a O"])
    assert caught.value.path == str(tmp_path / "missing.txt") and caught.value.line is None
    with pytest.raises(TypeError):
        jp_conlleval.evaluate(gold, gold, options=["-r"])  # type: ignore[call-arg]
