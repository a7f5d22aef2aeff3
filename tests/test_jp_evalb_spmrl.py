"""jp_evalb_spmrl (evalb_spmrl's variant of jp_evalb), the spmrl presets and --per-label."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from jp_evalb.params import BUILTIN_DIR, Params, read_parameter_file
from jp_evalb.variant import SPMRL
from tests.datafiles import data_path
from tests.test_jp_shims_tools import validate
from tests.toolrun import run_tool

EVALB_SCRIPT, SPMRL_SCRIPT = "jp_evalb", "jp_evalb_spmrl"

# Gold: line 2 is one sentence the system split in two (a length mismatch for the original).
GOLD = (
    "(ROOT (S (NP-SBJ (NNP Oslo)) (VP (VBD whistled)) (yyDOT .)))\n"
    "(ROOT (S (NP##case=nom## (NN Haus) (NN Tür)) (VP (VB ist) (AP (JJ groß))) (yyDOT .)))\n"
    "(ROOT (S (NP (NNG 비)) (VP (VV 오) (EF ㄴ다))))\n"
)
SYSTEM = (
    "(ROOT (S (NP (NNP Oslo)) (VP (VBD whistled)) (yyDOT .)))\n"
    "(ROOT (NP (NN Haus) (NN Tür)))\n"
    "(ROOT (S (VP (VB ist) (AP (JJ groß))) (yyDOT .)))\n"
    "(ROOT (S (NP (NNG 비)) (VP (VV 오) (EF ㄴ다))))\n"
)


def run(script: str, argv, cwd: Path):
    """The console script in-process in folder ``cwd``; returns (status, stdout text, stderr text)."""
    result = run_tool(script, [str(a) for a in argv], cwd=cwd)
    return result.returncode, result.out, result.err


@pytest.fixture
def files(tmp_path):
    (tmp_path / "gold.tst").write_text(GOLD, encoding="utf-8")
    (tmp_path / "test.tst").write_text(SYSTEM, encoding="utf-8")
    return tmp_path


def summary_value(report: str, name: str, block: str = "All") -> str:
    part = report.split(f"-- {block}")[1]
    return re.search(rf"^{name} += +(\S+)$", part, re.M).group(1)


def test_presets_are_the_shipped_spmrl_files():
    params, warnings = read_parameter_file(Params(variant=SPMRL), "spmrl")
    assert warnings == [] and params.max_error == 10000 and params.cutoff_len == 70
    assert params.delete_labels == ("TOP", "ROOT", "S1", "-NONE-", "VROOT")
    hebrew, _ = read_parameter_file(Params(), "spmrl_hebrew")
    assert hebrew.cutoff_len == 40 and len(hebrew.delete_labels) == 31
    assert (BUILTIN_DIR / "SPMRL_NOTICE.md").read_text(encoding="utf-8").count("MIT License") == 1
    # Cut like labels under evalb_spmrl: -NONE- becomes the empty label.
    assert "" in params.deleted_entries and "-NONE-" in hebrew.deleted_entries


def test_jp_evalb_takes_the_spmrl_preset(files):
    status, out, _ = run(EVALB_SCRIPT, ["-p", "spmrl", "gold.tst", "test.tst"], files)
    assert status == 0 and "-- len<=70 --" in out


def test_legacy_counts_the_length_mismatch_as_a_perfect_sentence_jp_mode_aligns_it(files):
    status, legacy, err = run(SPMRL_SCRIPT, ["--legacy", "-p", "spmrl", "gold.tst", "test.tst"], files)
    assert status == 0 and "2 : Length unmatch (5|2)" in err
    assert "   2    5    0    0.00   0.00     0      0    0      0      0     0     0.00\n" in legacy
    legacy_status = (files / "status").read_text()
    status, jp, err = run(SPMRL_SCRIPT, ["-p", "spmrl", "gold.tst", "test.tst"], files)
    assert status == 0 and "Length unmatch" not in err
    # The split sentence is one unit: S and the gold NP/VP/AP scored against the system's.
    assert re.search(r"^   2    5    0 .*\n", jp, re.M)
    assert summary_value(jp, "Complete match") != summary_value(legacy, "Complete match")
    jp_status = (files / "status").read_text()
    assert jp_status != legacy_status and jp_status.startswith("---\nF1: ")
    recall = summary_value(jp, "Bracketing Recall")
    assert f"LR: {recall}\n" in jp_status


def test_compact_view_writes_no_status_file_in_either_mode(files):
    for mode in (["--legacy"], []):
        status, out, _ = run(SPMRL_SCRIPT, mode + ["-L", "-p", "spmrl", "gold.tst", "test.tst"], files)
        assert status == 0 and out.splitlines()[-1].startswith("F1: ") and "file: test.tst" in out
        assert not (files / "status").exists()


def test_jp_mode_x_counts_the_scored_gold_brackets(tmp_path):
    (tmp_path / "g").write_text("(ROOT (S (NP (NN a)) (VP (VB b))))\n(ROOT (S (NN c)))\n", encoding="utf-8")
    (tmp_path / "t").write_text("(ROOT (S (NP (NN a)) (VP (VB b))))\n(())\n", encoding="utf-8")
    _, legacy, _ = run(SPMRL_SCRIPT, ["--legacy", "-X", "-p", "spmrl", "g", "t"], tmp_path)
    _, jp, _ = run(SPMRL_SCRIPT, ["-X", "-p", "spmrl", "g", "t"], tmp_path)
    # The original counts ROOT 5 + S 6 = 11 gold brackets; JP mode the one scored bracket, S.
    assert "   2    1    3    0.00   0.00     0     11    0      0      1     0     0.00\n" in legacy
    assert "   2    1    3    0.00   0.00     0      1    0      0      1     0     0.00\n" in jp


def test_module_runs_as_a_program(files):
    # A process: what is tested is `python -m jp_evalb.spmrl_cli`.
    done = subprocess.run([sys.executable, "-m", "jp_evalb.spmrl_cli", "--legacy", "-h"], capture_output=True, cwd=files)
    assert done.returncode == 1 and done.stderr.decode() == SPMRL.usage
    done = subprocess.run([sys.executable, "-m", "jp_evalb.spmrl_cli", "-h"], capture_output=True, cwd=files)
    assert done.returncode == 0 and done.stdout.decode().startswith(SPMRL.usage + "\nJP options")
    assert "--per-label" in done.stdout.decode() and "evalb_spmrl (stdout" in done.stdout.decode()


def _table_rows(report: str, title: str) -> dict:
    part = report.split(f"-- Per {title}")[1].split("\n\n")[0]
    rows = {}
    for line in part.splitlines()[2:]:
        fields = line.split()
        rows[" ".join(fields[:-6] if title == "label" else fields[:-3])] = fields
    return rows


def _check_table_sums(report: str) -> None:
    labels = _table_rows(report, "label")
    total = labels.pop("(total)")
    gold, test, matched = (sum(int(r[-6 + k]) for r in labels.values()) for k in range(3))
    assert [gold, test, matched] == [int(x) for x in total[-6:-3]]
    tags = _table_rows(report, "POS tag")
    tag_total = tags.pop("(total)")
    words, correct = (sum(int(r[-3 + k]) for r in tags.values()) for k in range(2))
    assert [words, correct] == [int(x) for x in tag_total[-3:-1]]
    # ... and the totals are the summary's -- All -- line (matched, gold, test, words, tags).
    rule = report.split("=" * 76 + "\n")[-1].split("\n")[0].split()
    assert [matched, gold, test] == [int(x) for x in rule[2:5]]
    assert [words, correct] == [int(x) for x in rule[6:8]]


@pytest.mark.parametrize("script,prm", [(EVALB_SCRIPT, "COLLINS"), (SPMRL_SCRIPT, "spmrl")])
@pytest.mark.parametrize("mode", [["--legacy"], []])
def test_per_label_table_sums_to_the_summary_on_ptb23(script, prm, mode, tmp_path):
    gold, test = data_path("ptb", "23.gold"), data_path("ptb", "23.sys_berkeley_top")
    _, plain, _ = run(script, mode + ["-p", prm, gold, test], tmp_path)
    status, report, _ = run(script, mode + ["--per-label", "-p", prm, gold, test], tmp_path)
    assert status == 0 and report.startswith(plain)  # the original's bytes, then the table
    _check_table_sums(report)
    labels = _table_rows(report, "label")
    assert int(labels["NP"][-5]) > 15000  # gold NP brackets of section 23
    if mode:
        return  # (--json is an option of JP mode)
    _, data, _ = run(script, mode + ["--json", "--per-label", "-p", prm, gold, test], tmp_path)
    document = json.loads(data)
    validate(document)  # the tool's schema (docs/schema/), per_label included
    scores = document["scores"]
    assert sum(row["matched"] for row in scores["per_label"]["labels"].values()) == scores["summary"]["all"]["matched"]
    assert sum(row["words"] for row in scores["per_label"]["tags"].values()) == scores["summary"]["all"]["words"]


def test_per_label_sums_with_aligned_blocks_and_x(files):
    (files / "t2").write_text(SYSTEM.replace("(ROOT (NP (NN Haus) (NN Tür)))", "(())"), encoding="utf-8")
    for args in (["gold.tst", "test.tst"], ["-X", "gold.tst", "t2"], ["-p", "spmrl", "-X", "gold.tst", "t2"]):
        for mode in (["--legacy"], []):
            status, report, _ = run(SPMRL_SCRIPT, mode + ["--per-label"] + args, files)
            assert status == 0
            _check_table_sums(report)
            if mode:
                continue  # (--json is an option of JP mode)
            _, data, _ = run(SPMRL_SCRIPT, mode + ["--per-label", "--json"] + args, files)
            validate(json.loads(data))  # status 3 sentences, per_label


def test_a_keyword_without_value_runs_with_evalb_spmrls_warning(files):
    # evalb_spmrl warns and applies the empty value (0 for numbers); JP mode runs the same
    # parameter file (an old script's file must not break), with the same warning.
    (files / "empty.prm").write_text("DEBUG\nCUTOFF_LEN 40\nDELETE_LABEL ROOT\n", encoding="utf-8")
    legacy = run(SPMRL_SCRIPT, ["--legacy", "-p", "empty.prm", "gold.tst", "gold.tst"], files)
    jp = run(SPMRL_SCRIPT, ["-p", "empty.prm", "gold.tst", "gold.tst"], files)
    assert legacy[0] == jp[0] == 0 and jp[1] == legacy[1]
    assert legacy[2] == jp[2] == "Empty value in parameter file (1)\n"
