"""jp_evalb's settings without argv: keywords (EvalbTool.configure, jp_evalb.evaluate) give the
settings the command line's options give (EvalbTool.parse_options / parse), and are checked."""
from __future__ import annotations

import warnings

import pytest

import jp_evalb
from jp_evalb.tool import SPMRL_TOOL, TOOL
from jp_shims.errors import InputError, UsageError

TREES = ["(S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .))",
         "(S (NP (NNP John)) (VP (VBD left)) (. .))"]
# The second test tree lost its PP: a bracket missed, and a line past the cut-off of 5.
SYSTEM = [TREES[0].replace("(PP (IN on) (NP (DT the) (NN mat)))", "(IN on) (DT the) (NN mat)"), TREES[1]]


@pytest.fixture(autouse=True)
def _scratch(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # (evalb_spmrl writes ./status)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _same(keywords, options) -> None:
    assert keywords.settings == options.settings
    assert tuple(keywords.signature_options) == tuple(options.signature_options)
    assert keywords.params == options.params and dict(keywords.options) == dict(options.options)
    assert list(keywords.outputs) == list(options.outputs)


@pytest.mark.parametrize("keywords, options", [
    ({}, []),
    ({"param_file": "COLLINS"}, ["-p", "COLLINS"]),
    ({"param_file": "COLLINS", "cutoff_len": 5, "max_error": 3}, ["-p", "COLLINS", "-c", "5", "-e", "3"]),
    ({"debug": 1, "per_label": True}, ["-d", "--per-label"]),
    ({"debug": 2, "encoding": "cp1252"}, ["-D", "--encoding", "cp1252"]),
])
def test_keywords_give_the_settings_the_options_give(keywords, options):
    _same(TOOL.configure(**keywords), TOOL.parse_options(options))
    parsed = TOOL.parse([*options, "gold.txt", "test.txt"])
    _same(TOOL.configure(**keywords), parsed)
    assert (parsed.gold, parsed.system) == ("gold.txt", "test.txt")


@pytest.mark.parametrize("keywords, options", [
    ({"param_file": "spmrl", "limit": 1, "count_skipped": True}, ["-p", "spmrl", "-K", "1", "-X"]),
    ({"compact": "l", "name_files": True}, ["-l", "-V"]),
    ({"compact": "L"}, ["-L"]),
])
def test_evalb_spmrl_takes_its_own_keywords(keywords, options, capsys):
    _same(SPMRL_TOOL.configure(**keywords), SPMRL_TOOL.parse_options(options))


def test_an_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError, match="cutoff"):
        TOOL.configure(cutoff=5)
    with pytest.raises(TypeError, match="limit"):  # evalb_spmrl's -K is no setting of evalb
        TOOL.configure(limit=3)


@pytest.mark.parametrize("keywords", [
    {"cutoff_len": "40"}, {"cutoff_len": True}, {"max_error": 2 ** 40}, {"debug": 3}, {"per_label": 1},
    {"encoding": "utf-16"}, {"encoding": "no-such-codec"}, {"param_file": 3},
])
def test_a_bad_value_is_a_usage_error(keywords):
    with pytest.raises(UsageError):
        TOOL.configure(**keywords)


def test_bad_values_of_evalb_spmrl_are_usage_errors():
    for keywords in ({"compact": "x"}, {"limit": 1.5}, {"count_skipped": "yes"}):
        with pytest.raises(UsageError):
            SPMRL_TOOL.configure(**keywords)


def test_a_missing_parameter_file_is_an_input_error_naming_it(tmp_path):
    missing = str(tmp_path / "nope.prm")
    with pytest.raises(InputError) as caught:
        TOOL.configure(param_file=missing)
    assert caught.value.path == missing


def test_options_alone_refuse_a_file_name():
    with pytest.raises(UsageError):
        TOOL.parse_options(["-p", "COLLINS", "gold.txt"])


def test_keywords_override_the_parameter_file():
    # COLLINS.prm sets CUTOFF_LEN 40; the keyword is applied after the file, whatever order
    # the keywords are written in.
    assert TOOL.configure(cutoff_len=5, param_file="COLLINS").settings.options.params.cutoff_len == 5


def test_the_wrapper_scores_with_keywords_as_with_options():
    by_keywords = jp_evalb.evaluate(TREES, SYSTEM, param_file="COLLINS", cutoff_len=5)
    by_options = jp_evalb.evaluate(TREES, SYSTEM, ["-p", "COLLINS", "-c", "5"])
    assert dict(by_keywords) == dict(by_options) and by_keywords.text == by_options.text
    assert by_keywords.signature == by_options.signature and "-c5" in by_keywords.signature
    assert by_keywords["summary"]["all"]["recall"] < 100.0
    assert by_keywords["summary"]["len<=5"]["sentences"] == 1
    with pytest.raises(TypeError):  # keywords or options, not both
        jp_evalb.evaluate(TREES, SYSTEM, ["-c", "5"], param_file="COLLINS")


def test_the_wrapper_runs_evalb_spmrl_with_its_keywords():
    result = jp_evalb.evaluate(TREES, SYSTEM, spmrl=True, param_file="spmrl", compact="L")
    last = result.text.splitlines()[-1]  # (-L: the one-line view ends the report)
    assert last.startswith("F1: ") and last.endswith("file: <system>")
    with pytest.raises(TypeError):
        jp_evalb.evaluate(TREES, SYSTEM, compact="L")  # not without spmrl=True


def test_the_json_options_name_the_inputs_as_the_run_names_them():
    document = jp_evalb.evaluate(TREES, SYSTEM, param_file="COLLINS").to_dict()
    assert (document["options"]["gold"], document["options"]["test"]) == ("<gold>", "<system>")
    assert document["options"]["param_file"] == "COLLINS"


def test_an_input_in_memory_that_is_not_utf8_is_read_as_the_same_file_on_disk(tmp_path):
    # (The Latin-1 fallback decides on the bytes held in memory as on the file's.)
    trees = "".join(tree.replace("cat", "caf\xe9") + "\n" for tree in TREES).encode("latin-1")
    gold = tmp_path / "gold.txt"
    gold.write_bytes(trees)
    by_path = jp_evalb.evaluate(gold, gold, debug=1)
    with open(gold, "rb") as handle:
        in_memory = jp_evalb.evaluate(handle, trees.splitlines(), debug=1)  # (lines of bytes, kept as they are)
    assert dict(in_memory) == dict(by_path) and in_memory.text == by_path.text
    # (-d echoes the word in the input's encoding: its Latin-1 byte, escaped, as evalb prints it)
    assert "caf\udce9" in by_path.text and by_path["summary"]["all"]["recall"] == 100.0
