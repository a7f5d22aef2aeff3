"""The contract of JP mode, for every tool on the shared runner (jp_shims.registry), and its
command-line part for the other console scripts (registry.COMMANDS: annotators, jp_wisebe),
so that every console script of setup.cfg is covered.

One test per rule and registered tool, run in-process through the runner (the console
script is a one-line ``main`` around it; tests/test_*_cli.py start the processes):

1. text without a counterpart is counted: a system that lost a unit loses recall, the note
   says so, ``--strict`` makes it exit 2 naming both places;
2. an empty input facing content: exit 2, one line;
3. a file of the wrong format: exit 2, one line naming the format expected and the line;
4. a UTF-8 BOM is skipped;
5. unknown options: usage and one error line, exit 2; ``--help``/``-h`` on stdout, exit 0;
   ``--version``; ``--lang`` listed and checked; ``--legacy`` with a JP option refused;
6. output destinations checked before scoring;
7. ``-`` reads standard input;
8. ``--compare`` reads, checks and aligns every system like the baseline;
10. the Python API returns the scores, the summary and the signature.
"""
from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path

import pytest

from jp_shims import registry
from jp_shims.runner import evaluate
from jp_shims.result import Result
from tests.contract_samples import COMMAND_SAMPLES, SAMPLES, command_line
from tests.toolrun import console_scripts, entry_point, run_tool

TOOLS = registry.names()


@pytest.fixture(params=TOOLS)
def tool_name(request) -> str:
    return request.param


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path, monkeypatch):
    # A tool may write into its working directory as its original does (evalb_spmrl's
    # ./status): each test runs in its own folder (every path below is absolute).
    monkeypatch.chdir(tmp_path)


class Run:
    def __init__(self, status: int, out: str, err: str) -> None:
        self.status, self.out, self.err = status, out, err

    def assert_one_line_error(self, prog: str, *fragments: str) -> None:
        assert self.status == 2, (self.status, self.err)
        assert self.out == ""
        assert self.err.count("\n") == 1 and self.err.startswith(f"{prog}: error: "), self.err
        assert "Traceback" not in self.err
        for fragment in fragments:
            assert fragment in self.err, (fragment, self.err)


def run(name: str, argv, stdin: bytes = b"") -> Run:
    """The tool's console script (its entry point in setup.cfg, in-process as a process runs
    it: tests/toolrun.py), so that what a tool does before the runner is tested too."""
    result = run_tool(name, [str(arg) for arg in argv], stdin=stdin)
    return Run(result.returncode, result.out, result.err)


def files(tmp_path: Path, name: str, **texts: str) -> dict:
    paths = {}
    for key, text in texts.items():
        path = tmp_path / f"{key}.txt"
        path.write_text(text, encoding="utf-8")
        paths[key] = path
    return paths


def cmd(name: str, gold, system, *options: str) -> list:
    """The tool's command line on ``gold`` and ``system`` with the sample's options."""
    return command_line(name, str(gold), str(system), [*sample(name).options, *options])


def sample(name: str):
    assert name in SAMPLES, f"{name} is registered but tests/contract_samples.py has no sample for it"
    return SAMPLES[name]


def test_every_registered_tool_has_a_sample(tool_name):
    sample(tool_name)


def test_lined_up_input_prints_no_note(tool_name, tmp_path):
    s = sample(tool_name)
    p = files(tmp_path, tool_name, gold=s.gold, system=s.system)
    result = run(tool_name, cmd(tool_name, p["gold"], p["system"]))
    assert result.status == 0 and result.out and result.err == "", result.err


def test_text_without_counterpart_is_missed_and_noted(tool_name, tmp_path):
    s = sample(tool_name)
    p = files(tmp_path, tool_name, gold=s.gold, system=s.system, dropped=s.dropped)
    full = run(tool_name, cmd(tool_name, p["gold"], p["system"], "--json"))
    lost = run(tool_name, cmd(tool_name, p["gold"], p["dropped"], "--json"))
    assert full.status == lost.status == 0, lost.err
    assert s.recall(json.loads(lost.out)["scores"]) < s.recall(json.loads(full.out)["scores"])
    assert "note:" in lost.err and "without a counterpart (missed)" in lost.err, lost.err
    strict = run(tool_name, cmd(tool_name, p["gold"], p["dropped"], "--strict"))
    strict.assert_one_line_error(tool_name, str(p["dropped"]), str(p["gold"]), "--strict")


@pytest.mark.parametrize("empty_side", ["gold", "system"])
@pytest.mark.parametrize("blank", ["", "\n  \n"])
def test_an_empty_input_facing_content_is_one_line(tool_name, tmp_path, empty_side, blank):
    s = sample(tool_name)
    p = files(tmp_path, tool_name, gold=s.gold, system=s.system, empty=blank)
    argv = cmd(tool_name, p["empty"], p["system"]) if empty_side == "gold" else cmd(tool_name, p["gold"], p["empty"])
    run(tool_name, argv).assert_one_line_error(tool_name, f"{p['empty']}:1:")


@pytest.mark.parametrize("side", ["gold", "system"])
def test_a_file_of_the_wrong_format_is_one_line(tool_name, tmp_path, side):
    s = sample(tool_name)
    if s.wrong_format is None:
        pytest.skip(f"{tool_name} reads any text")
    p = files(tmp_path, tool_name, gold=s.gold, system=s.system, wrong=s.wrong_format)
    argv = cmd(tool_name, p["wrong"], p["system"]) if side == "gold" else cmd(tool_name, p["gold"], p["wrong"])
    run(tool_name, argv).assert_one_line_error(tool_name, f"{p['wrong']}:", "expected")


def test_a_bom_is_skipped(tool_name, tmp_path):
    s = sample(tool_name)
    p = files(tmp_path, tool_name, gold=s.gold, system=s.system, bom="\ufeff" + s.gold)
    plain = run(tool_name, cmd(tool_name, p["gold"], p["system"]))
    bom = run(tool_name, cmd(tool_name, p["bom"], p["system"]))
    assert (bom.status, bom.out, bom.err) == (plain.status, plain.out, plain.err)


def test_options_follow_one_rule(tool_name, tmp_path):
    s = sample(tool_name)
    tool = registry.load(tool_name)
    p = files(tmp_path, tool_name, gold=s.gold, system=s.system)
    typo = run(tool_name, cmd(tool_name, p["gold"], p["system"], "--show-aligment"))
    assert typo.status == 2 and typo.out == ""
    usage, error = typo.err.splitlines()
    assert usage.startswith("usage: ") and error.startswith(f"{tool_name}: error: ")
    for flag in ("--help", "-h"):
        shown = run(tool_name, [flag])
        assert shown.status == 0 and shown.err == "" and "JP options" in shown.out
    if tool.lang_option:
        assert all(code in run(tool_name, ["--help"]).out for code in ("en =", "und ="))
    version = run(tool_name, ["--version"])
    assert version.status == 0 and version.out.startswith(f"{tool_name} (jp-shims) ")
    bad_lang = run(tool_name, cmd(tool_name, p["gold"], p["system"], "--lang", "xx"))
    assert bad_lang.status == 2 and "--lang" in bad_lang.err.splitlines()[-1]
    legacy_json = run(tool_name, ["--legacy", *cmd(tool_name, p["gold"], p["system"], "--json")])
    assert legacy_json.status == 2 and legacy_json.out == ""
    assert ("--json is an option of JP mode" in legacy_json.err
            or (tool.original is None and "--legacy" in legacy_json.err)), legacy_json.err


def test_outputs_are_checked_before_scoring(tool_name, tmp_path):
    s = sample(tool_name)
    p = files(tmp_path, tool_name, gold=s.gold, system=s.system)
    report = tmp_path / "no" / "such" / "dir" / "r.html"
    run(tool_name, cmd(tool_name, p["gold"], p["system"], "--report", str(report))).assert_one_line_error(
        tool_name, str(report))


@pytest.mark.parametrize("side", ["gold", "system"])
def test_dash_reads_standard_input(tool_name, tmp_path, side):
    s = sample(tool_name)
    p = files(tmp_path, tool_name, gold=s.gold, system=s.dropped)
    by_path = run(tool_name, cmd(tool_name, p["gold"], p["system"]))
    argv = cmd(tool_name, "-", p["system"]) if side == "gold" else cmd(tool_name, p["gold"], "-")
    text = (s.gold if side == "gold" else s.dropped).encode("utf-8")
    by_stdin = run(tool_name, argv, stdin=text)
    assert (by_stdin.status, by_stdin.out) == (by_path.status, by_path.out)
    assert by_stdin.err == by_path.err.replace(str(p[side]), "-")


def test_compared_systems_are_checked_and_aligned_like_the_baseline(tool_name, tmp_path):
    s = sample(tool_name)
    tool = registry.load(tool_name)
    if not tool.significance:
        pytest.skip(f"{tool_name} offers no --compare")
    p = files(tmp_path, tool_name, gold=s.gold, system=s.system, dropped=s.dropped)
    both = run(tool_name, [*cmd(tool_name, p["gold"], p["system"], "--json"), "--compare", str(p["dropped"]),
                           "--paired-bs-n", "50"])
    assert both.status == 0, both.err
    document = json.loads(both.out)
    assert [entry["system"] for entry in document["compared"]] == [str(p["dropped"])]
    assert document["compared"][0]["alignment"]["summary"]["changed"] > 0
    assert "significance" in document
    assert str(p["dropped"]) in both.err  # the compared system's own note
    if s.wrong_format is not None:
        wrong = files(tmp_path, tool_name, wrong=s.wrong_format)["wrong"]
        run(tool_name, [*cmd(tool_name, p["gold"], p["system"]), "--compare", str(wrong)]).assert_one_line_error(
            tool_name, f"{wrong}:", "expected")


def test_the_python_api_returns_scores_summary_and_signature(tool_name, tmp_path):
    s = sample(tool_name)
    tool = registry.load(tool_name)
    p = files(tmp_path, tool_name, gold=s.gold, system=s.system, dropped=s.dropped)
    same = evaluate(tool, p["gold"], p["system"], s.options)
    assert isinstance(same, Result) and same.summary.changed == 0 and same.blocks == []
    assert same.signature.startswith(f"tool:{tool_name}|")
    with pytest.warns(Warning):
        lost = evaluate(tool, s.gold.splitlines(), s.dropped.splitlines(), s.options)
    assert s.recall(lost.scores) < s.recall(same.scores)
    assert lost.summary.changed > 0 and lost.blocks


# --- every console script ------------------------------------------------------------------

def test_the_registry_names_every_console_script():
    assert sorted(registry.console_scripts()) == sorted(console_scripts())
    assert not set(registry.names()) & set(registry.commands())
    for name in registry.commands():
        assert name in COMMAND_SAMPLES, f"{name} is a command but tests/contract_samples.py has no sample for it"


# --- the commands that are not on the runner (annotators, jp_wisebe) -----------------------

COMMANDS = registry.commands()


@pytest.fixture(params=COMMANDS)
def command(request, monkeypatch) -> str:
    for variable, value in COMMAND_SAMPLES[request.param].environment().items():
        monkeypatch.setenv(variable, value)
    return request.param


def run_command(name: str, argv, stdin: bytes = b"") -> Run:
    """The command's console script in-process, its analyser replaced by the sample's test
    double (no stanza model is needed)."""
    double = COMMAND_SAMPLES[name].backend
    main = None if double is None else functools.partial(entry_point(name), backend=double())
    result = run_tool(name, [str(arg) for arg in argv], stdin=stdin, main=main)
    return Run(result.returncode, result.out, result.err)


def command_inputs(tmp_path: Path, name: str) -> list:
    paths = []
    for number, text in enumerate(COMMAND_SAMPLES[name].inputs):
        path = tmp_path / f"in{number}.txt"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    return paths


def test_a_command_runs_on_its_sample(command, tmp_path):
    out = tmp_path / "out.m2"
    result = run_command(command, COMMAND_SAMPLES[command].argv(command_inputs(tmp_path, command), str(out)))
    assert result.status == 0 and "Traceback" not in result.err, result.err
    assert out.exists() and out.stat().st_size > 0


def test_command_options_follow_one_rule(command, tmp_path):
    sample_ = COMMAND_SAMPLES[command]
    argv = sample_.argv(command_inputs(tmp_path, command), str(tmp_path / "out.m2"))
    typo = run_command(command, [*argv, "--show-aligment"])
    assert typo.status == 2 and typo.out == ""
    *usage, error = typo.err.splitlines()
    assert usage and usage[0].startswith("usage: ") and error.startswith(f"{command}: error: "), typo.err
    for flag in ("--help", "-h"):
        shown = run_command(command, [flag])
        assert shown.status == 0 and shown.err == "" and "JP options" in shown.out
    version = run_command(command, ["--version"])
    assert version.status == 0 and version.out.startswith(f"{command} (jp-shims) ")
    if sample_.bad_lang is not None:
        bad_lang = run_command(command, [*argv, "--lang", sample_.bad_lang])
        assert bad_lang.status == 2 and "--lang" in bad_lang.err.splitlines()[-1]
        assert "--lang" in run_command(command, ["--help"]).out


def test_command_outputs_are_checked_before_any_work(command, tmp_path):
    out = tmp_path / "no" / "such" / "dir" / "out.m2"
    argv = COMMAND_SAMPLES[command].argv(command_inputs(tmp_path, command), str(out))
    run_command(command, argv).assert_one_line_error(command, str(out))


@pytest.mark.parametrize("position", [0, 1, 2])
def test_command_dash_reads_standard_input(command, tmp_path, position):
    sample_ = COMMAND_SAMPLES[command]
    if position >= len(sample_.inputs):
        pytest.skip(f"{command} reads {len(sample_.inputs)} input(s)")
    paths = command_inputs(tmp_path, command)
    by_path = run_command(command, sample_.argv(paths, str(tmp_path / "a.m2")))
    dashed = [*paths[:position], "-", *paths[position + 1:]]
    by_stdin = run_command(command, sample_.argv(dashed, str(tmp_path / "b.m2")),
                           stdin=sample_.inputs[position].encode("utf-8"))
    assert by_path.status == by_stdin.status == 0, by_stdin.err
    def dashed_name(text: str) -> str:
        # The file named "-" (the report and jp_wisebe's table name a file by its base name;
        # the table's columns are as wide as the names: compared word by word).
        return spaced(text.replace(paths[position], "-").replace(os.path.basename(paths[position]), "-").replace(
            "a.m2", "b.m2"))

    def spaced(text: str) -> str:
        return re.sub(" +", " ", text)

    assert (spaced(by_stdin.out), spaced(by_stdin.err)) == (dashed_name(by_path.out), dashed_name(by_path.err))
    if (tmp_path / "a.m2").exists():
        assert spaced((tmp_path / "b.m2").read_text(encoding="utf-8")) == dashed_name(
            (tmp_path / "a.m2").read_text(encoding="utf-8"))


def test_command_skips_a_bom(command, tmp_path):
    sample_ = COMMAND_SAMPLES[command]
    paths = command_inputs(tmp_path, command)
    plain = run_command(command, sample_.argv(paths, str(tmp_path / "a.m2")))
    Path(paths[0]).write_bytes(b"\xef\xbb\xbf" + Path(paths[0]).read_bytes())
    bom = run_command(command, sample_.argv(paths, str(tmp_path / "b.m2")))
    assert (bom.status, bom.out, bom.err) == (plain.status, plain.out.replace("a.m2", "b.m2"),
                                              plain.err.replace("a.m2", "b.m2"))
    if (tmp_path / "a.m2").exists():
        assert (tmp_path / "a.m2").read_bytes() == (tmp_path / "b.m2").read_bytes()
