"""jp_conll18_ud_eval and jp_udeval on the shared runner: one scoring pass per system serves
the report and the significance tests, the tool's statistics add up to the printed counts, and
the options of both drop-ins stay one code path (tests/test_contract.py runs the contract)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from jp_conll18 import evaluation
from jp_conll18.cli import TOOL as CONLL18_TOOL
from jp_conll18.cli import main as conll18_main
from jp_conll18.udeval_cli import TOOL as UDEVAL_TOOL
from jp_conll18.udeval_cli import main as udeval_main
from jp_shims.audit import AlignmentAudit
from jp_shims.inputs import InputFile
from jp_shims.tool import Run

VECTORS = Path(__file__).resolve().parent.parent / "compat_tests" / "vectors"
CASES = {"conll18": VECTORS / "conll18_ud_eval" / "sent-split-ewt-0", "udeval": VECTORS / "iwpt_xud_eval" / "basic-ewt-0-v"}


def pair(name: str) -> tuple:
    return str(CASES[name] / "gold.conllu"), str(CASES[name] / "system.conllu")


@pytest.mark.parametrize("name, main", [("conll18", conll18_main), ("udeval", udeval_main)])
def test_every_system_is_scored_once_for_report_and_significance(name, main, monkeypatch, capsys):
    gold, system = pair(name)
    calls = []
    original = evaluation.count_files
    # (Modules that import count_files by name are imported before the spy is set, so that
    # none of them keeps the spy after this test.)
    import jp_conll18.significance  # noqa: F401

    def counting(gold_file, system_file, **options):
        calls.append((gold_file.name, system_file.name, options.get("blocks") is not None))
        return original(gold_file, system_file, **options)

    monkeypatch.setattr(evaluation, "count_files", counting)
    assert main(["--json", gold, system, "--compare", system, gold, "--paired-bs-n", "50"]) == 0
    document = json.loads(capsys.readouterr().out)
    # Two compared systems (first) and the baseline: three passes, each recording its blocks.
    assert [(scored, recorded) for _, scored, recorded in calls] == [(system, True), (gold, True), (system, True)]
    assert [entry["system"] for entry in document["compared"]] == [system, gold]
    assert [entry["name"] for entry in document["significance"]["systems"]] == [system, system, gold]


@pytest.mark.parametrize("name, tool", [("conll18", CONLL18_TOOL), ("udeval", UDEVAL_TOOL)])
def test_the_statistics_add_up_to_the_scores_of_the_same_pass(name, tool):
    gold, system = pair(name)
    parsed = tool.parse(["--counts", gold, system])
    audit = AlignmentAudit(gold, system)
    result = tool.evaluate(parsed, InputFile(gold, gold), InputFile(system, system), tool.config, audit, Run("compared", statistics=True))
    statistics = result.statistics
    summed = np.zeros(statistics.width, dtype=np.int64)
    for _, vector in statistics.blocks:
        summed += np.asarray(vector, dtype=np.int64)
    metric, names = tool.metric(parsed)
    scores = metric(summed.astype(float))
    for name, score in zip(names, scores):
        assert score == pytest.approx(100 * result.scores[name]["f1"])
    assert audit.summary.changed == 0


def test_both_drop_ins_share_their_own_jp_options():
    # One declaration (jp_conll18.tool.OWN_OPTIONS) for both: --help and the legacy refusal.
    assert CONLL18_TOOL.own_options is UDEVAL_TOOL.own_options
    assert type(CONLL18_TOOL) is type(UDEVAL_TOOL)


@pytest.mark.parametrize("tool, argv, keywords", [
    (CONLL18_TOOL, ["-v", "--breakdown", "deprel", "--confusion", "upos"],
     {"verbose": True, "breakdown": ["deprel"], "confusion": "upos"}),
    (UDEVAL_TOOL, ["--counts", "--no-enhanced", "--enhancements", "61", "--no-empty-nodes", "yes",
                   "--multiple-roots-okay"],
     {"counts": True, "enhanced": False, "enhancements": 16, "no_empty_nodes": True, "multiple_roots_okay": True}),
])
def test_keywords_and_command_line_options_make_the_same_settings(tool, argv, keywords):
    from_keywords = tool.configure(**keywords)
    from_options = tool.parse_options(argv)
    from_argv = tool.parse([*argv, "g.conllu", "s.conllu"])
    assert from_keywords.settings == from_options.settings == from_argv.settings
    assert from_keywords.options == from_argv.options
    assert tool.signature(from_keywords, tool.config) == tool.signature(from_argv, tool.config)
    assert (from_argv.gold, from_argv.system) == ("g.conllu", "s.conllu")


def test_a_setting_the_tool_does_not_take_is_a_type_error_and_a_bad_value_a_usage_error():
    from jp_shims.errors import UsageError

    with pytest.raises(TypeError, match="enhancements"):
        CONLL18_TOOL.configure(enhancements="1")  # jp_udeval's, not conll18_ud_eval.py's
    with pytest.raises(TypeError, match="colour"):
        UDEVAL_TOOL.configure(colour=True)
    with pytest.raises(UsageError, match="breakdown: 'nope'"):
        CONLL18_TOOL.configure(breakdown=["deprel", "nope"])
    with pytest.raises(UsageError, match="verbose"):
        CONLL18_TOOL.configure(verbose="yes")
    with pytest.raises(UsageError):
        CONLL18_TOOL.parse_options(["gold.conllu"])  # options alone: no file names


def test_the_api_takes_settings_as_keywords_and_inputs_in_memory():
    import jp_conll18

    gold, system = (Path(path) for path in pair("udeval"))
    lines = gold.read_text(encoding="utf-8").splitlines()
    with open(system, "rb") as handle:
        result = jp_conll18.evaluate(lines, handle, udeval=True, counts=True, enhancements="1")
    by_path = jp_conll18.evaluate(gold, system, ["--counts", "--enhancements", "1"], udeval=True)
    assert dict(result) == dict(by_path) and result.text == by_path.text
    assert result.signature == by_path.signature and "enh:1" in result.signature
    with pytest.raises(TypeError):
        jp_conll18.evaluate(gold, system, enhancements="1")  # a jp_udeval setting without udeval
