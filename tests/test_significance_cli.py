"""The significance options on each tool's command line: parsing, refusals, output, seeds."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from jp_shims.significance.cli import SignificanceUsage, take_significance_options
from tests.toolrun import ToolRun, run_tool

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "compat_tests" / "vectors"
SCHEMA = json.loads((ROOT / "docs" / "schema" / "envelope.schema.json").read_text(encoding="utf-8"))

EVALB = VECTORS / "evalb" / "jp-merge-hand-07"
ERRANT = VECTORS / "errant_compare" / "edge_annotator_tie_v"
CONLL18 = VECTORS / "conll18_ud_eval" / "sent-split-ewt-0"
M2SCORER = VECTORS / "m2scorer" / "jp_syn_merge2"
UDEVAL = VECTORS / "iwpt_xud_eval" / "basic-ewt-0-v"
PRM = ROOT / "jp_evalb" / "params" / "COLLINS.prm"

# tool: (console script, folder, argv of the baseline run, a second system, the baseline)
TOOLS = {
    "evalb": ("jp_evalb", EVALB, ["-p", str(PRM), "gold.tst", "test.goldseg.tst"], "test.tst", "test.goldseg.tst"),
    "errant": ("jp_errant_compare", ERRANT, ["-hyp", "hyp.m2", "-ref", "ref.m2"], "ref.m2", "hyp.m2"),
    "conll18": ("jp_conll18_ud_eval", CONLL18, ["gold.conllu", "system.conllu"], "gold.conllu", "system.conllu"),
    "m2scorer": ("jp_m2scorer", M2SCORER, ["system.txt", "gold.m2"], "system.goldseg.txt", "system.txt"),
    "udeval": ("jp_udeval", UDEVAL, ["gold.conllu", "system.conllu"], "gold.conllu", "system.conllu"),
}


def run(tool: str, extra: list[str]) -> ToolRun:
    """The tool's console script on its case, in-process (tests/toolrun.py)."""
    script, folder, argv = TOOLS[tool][:3]
    return run_tool(script, [*argv, *extra], cwd=folder)


def test_options_are_taken_out_of_argv():
    argv = ["-p", "x.prm", "gold", "base", "--compare", "a", "b", "--paired-ar", "--paired-ar-n=50", "--seed", "7"]
    options = take_significance_options(argv)
    assert argv == ["-p", "x.prm", "gold", "base"]
    assert options == (("a", "b"), "ar", 50, 7, False, ())
    argv = ["g", "s", "--confidence", "--metrics", "LAS", "UPOS"]
    assert take_significance_options(argv, metrics=True)[1:] == ("ci", None, 12345, True, ("LAS", "UPOS"))
    assert take_significance_options(["g", "s", "--compare", "x"]).test == "bs"  # the default test
    assert not take_significance_options(["g", "s"]).requested


@pytest.mark.parametrize("argv,message", [
    (["--paired-bs"], "--paired-bs needs --compare"),
    (["--compare", "a", "--paired-bs", "--paired-ar"], "exclude each other"),
    (["--compare"], "--compare needs at least one value"),
    (["--compare", "a", "--paired-bs-n", "0"], "out of range"),
    (["--compare", "a", "--seed", "x"], "not an integer"),
    (["--seed", "3"], "need --compare or --confidence"),
    (["--compare", "a", "--paired-ar-n", "10"], "--paired-ar-n needs --paired-ar"),
])
def test_bad_options(argv, message):
    with pytest.raises(SignificanceUsage, match=message):
        take_significance_options(["g", "s", *argv])


@pytest.mark.parametrize("tool", TOOLS)
def test_legacy_mode_refuses_with_one_line(tool):
    result = run(tool, ["--legacy", "--compare", TOOLS[tool][3]])
    assert result.returncode == 2 and result.stdout == b""
    line, = result.stderr.decode().splitlines()
    assert line.startswith(f"{TOOLS[tool][0]}: error: --compare ") and "JP mode" in line


@pytest.mark.parametrize("tool", TOOLS)
def test_report_then_table_with_p_values(tool):
    plain = run(tool, [])
    result = run(tool, ["--compare", TOOLS[tool][3], "--paired-bs", "--paired-bs-n", "200"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(plain.stdout)  # the original's report first, unchanged
    table = result.stdout[len(plain.stdout):].decode().splitlines()
    assert table[1].startswith("Significance (paired bootstrap resampling: 200 samples, seed 12345, ")
    assert table[2].split() == ["System", "Metric", "Score", "Mean", "95%", "interval", "p-value"]
    assert table[3].endswith("(baseline)")
    last = table[-1].split()
    assert last[0] == TOOLS[tool][3] and 0 < float(last[-1] if last[-1] != "*" else last[-2]) <= 1


@pytest.mark.parametrize("tool", TOOLS)
def test_json_envelope_holds_the_significance_section(tool):
    jsonschema = pytest.importorskip("jsonschema")
    result = run(tool, ["--json", "--compare", TOOLS[tool][3], "--paired-ar", "--paired-ar-n", "99"])
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    jsonschema.validate(document, SCHEMA)
    section = document["significance"]
    assert (section["test"], section["samples"], section["baseline"]) == ("paired-ar", 99, TOOLS[tool][4])
    assert section["systems"][0]["metrics"] and all(m["p_value"] is None for m in section["systems"][0]["metrics"].values())
    assert all(0 < m["p_value"] <= 1 for m in section["systems"][1]["metrics"].values())


def test_resegmented_system_gets_p_one_through_the_command_line():
    # evalb's jp-merge vector: the same trees, merged two by two into one line.
    result = run("evalb", ["--compare", "test.tst", "--paired-ar", "--paired-ar-n", "500"])
    rows = [line.split() for line in result.stdout.decode().splitlines() if line.startswith("test.tst ")]
    assert len(rows) == 4 and all(row[-1] == "1.0000" for row in rows)


@pytest.mark.parametrize("tool", TOOLS)
def test_fixed_seed_same_bytes_and_another_seed_changes_only_intervals(tool):
    args = ["--compare", TOOLS[tool][3], "--paired-bs-n", "300"]
    first = run(tool, args + ["--seed", "5"])
    assert run(tool, args + ["--seed", "5"]).stdout == first.stdout
    other = run(tool, args + ["--seed", "6"])
    assert other.stdout != first.stdout

    def table(result):
        text = result.stdout.decode()
        return [line.split() for line in text[text.index("\nSignificance ("):].splitlines()[3:]]

    # System, metric and score columns agree; mean and interval differ somewhere.
    assert [row[:3] for row in table(first)] == [row[:3] for row in table(other)]
    assert [row[3:6] for row in table(first)] != [row[3:6] for row in table(other)]


def test_confidence_alone_gives_intervals_containing_the_scores():
    result = run("conll18", ["--confidence", "--metrics", "LAS", "UPOS", "Lemmas"])
    text = result.stdout.decode()
    rows = [line.split() for line in text[text.index("\nSignificance ("):].splitlines()[3:]]
    assert [row[1] for row in rows] == ["LAS", "UPOS", "Lemmas"]
    for row in rows:
        score, low, high = float(row[2]), float(row[4].strip("[,")), float(row[5].strip("]"))
        assert low <= score <= high


@pytest.mark.parametrize("tool", TOOLS)
def test_html_report_shows_the_table(tool, tmp_path):
    report = tmp_path / "report.html"
    result = run(tool, ["--compare", TOOLS[tool][3], "--paired-bs-n", "100", "--report", str(report)])
    assert result.returncode == 0, result.stderr
    page = report.read_text(encoding="utf-8")
    assert "Significance (paired bootstrap resampling: 100 samples, seed 12345, " in page
    assert "(baseline)" in page
