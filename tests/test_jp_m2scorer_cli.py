"""jp_m2scorer's command line, in-process: legacy failures (exit codes, last stderr line), JP
mode's one-line errors, the audit options (--json valid against its schema, --show-alignment,
--report, note), --per-type, --help and --version."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

from tests.toolrun import run_tool

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "docs" / "schema"

GOLD = ("S He go to school .\nA 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0\n\n"
        "S The cat sleep .\nA 2 3|||SVA|||sleeps|||REQUIRED|||-NONE-|||0\n"
        "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\n\n"
        "S She like apples .\nA 1 2|||SVA|||likes|||REQUIRED|||-NONE-|||0\n")
SYSTEM = "He goes to school .\nThe cat sleeps .\nShe likes apples .\n"
MERGED = "He goes to school . The cat sleeps .\nShe likes apples .\n"


class Run:
    def __init__(self, code: int, out: bytes, err: bytes) -> None:
        self.code, self.out, self.err = code, out, err

    @property
    def text(self) -> str:
        return self.out.decode("utf-8")

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.err.decode("utf-8", "replace").splitlines() if line.strip()]


def run(argv: list[str]) -> Run:
    """jp_m2scorer in-process (tests/toolrun.py)."""
    result = run_tool("jp_m2scorer", argv)
    return Run(result.returncode, result.stdout, result.stderr)


@pytest.fixture
def files(tmp_path: Path) -> dict:
    paths = {}
    for name, text in {"gold": GOLD, "system": SYSTEM, "merged": MERGED}.items():
        path = tmp_path / f"{name}.txt"
        path.write_text(text, encoding="utf-8")
        paths[name] = str(path)
    return paths


@pytest.mark.parametrize("ending", ["\n ", "\n \n", "\n\n", "\n\t\n  "])
def test_trailing_whitespace_only_lines_are_not_sentences(tmp_path, files, ending):
    """errant's demo orig.txt ends in "\\n ": m2scorer counts the blank line and stops
    (AssertionError); JP mode scores the lines that line up, as m2scorer scores them without
    it, instead of one spurious edit that drops precision to 0.75 here."""
    system = tmp_path / "system_blank.txt"
    system.write_bytes(SYSTEM.rstrip("\n").encode() + ending.encode())
    legacy = run(["--legacy", str(system), files["gold"]])
    assert legacy.code == 1 and legacy.err_lines[-1] == "AssertionError"
    jp = run(["-v", str(system), files["gold"]])
    assert jp.code == 0 and jp.err == b""
    assert jp.out == run(["--legacy", "-v", files["system"], files["gold"]]).out


def test_whitespace_only_line_with_a_gold_sentence_is_an_empty_hypothesis(tmp_path, files):
    system = tmp_path / "system_empty_last.txt"
    system.write_text("He goes to school .\nThe cat sleeps .\n \n", encoding="utf-8")
    legacy = run(["--legacy", str(system), files["gold"]])
    jp = run([str(system), files["gold"]])
    # m2scorer: "She like apples ." all deleted, one proposed edit that matches nothing
    assert legacy.code == jp.code == 0
    assert legacy.out == jp.out == b"Precision   : 0.6667\nRecall      : 0.6667\nF_0.5       : 0.6667\n"


def test_empty_line_of_an_unaligned_block_proposes_nothing(tmp_path, files):
    system = tmp_path / "system_unaligned.txt"
    system.write_text("He goes to school .\n\nqq ww ee rr tt\nShe likes apples .\n", encoding="utf-8")
    jp = run(["--json", str(system), files["gold"]])
    scores = json.loads(jp.out)["scores"]
    # "goes" credited; the two other gold sentences missed (the second one's noop annotator
    # has no gold edit); "qq ww ee rr tt" and the last line, in the unaligned block, are
    # spurious, the empty line is not
    assert (scores["correct"], scores["proposed"], scores["gold"]) == (1, 3, 2)


def test_lined_up_inputs_give_the_same_bytes_in_both_modes(files):
    legacy = run(["--legacy", files["system"], files["gold"]])
    jp = run([files["system"], files["gold"]])
    assert legacy.code == jp.code == 0
    assert legacy.out == jp.out == b"Precision   : 1.0000\nRecall      : 1.0000\nF_0.5       : 1.0000\n"
    assert jp.err == b""


def test_merged_lines_fail_in_legacy_and_are_resegmented_in_jp(files):
    legacy = run(["--legacy", files["merged"], files["gold"]])
    assert (legacy.code, legacy.out, legacy.err_lines[-1]) == (1, b"", "AssertionError")
    jp = run([files["merged"], files["gold"]])
    assert jp.code == 0
    assert jp.out == b"Precision   : 1.0000\nRecall      : 1.0000\nF_0.5       : 1.0000\n"
    assert len(jp.err_lines) == 1 and jp.err_lines[0].startswith("jp_m2scorer: note: 1 of 2 blocks")


def test_show_alignment_lists_the_block_with_both_places(files):
    jp = run(["--show-alignment", files["merged"], files["gold"]])
    listing = jp.text.split("F_0.5       : 1.0000\n", 1)[1]
    assert listing.startswith("Alignment: 2 blocks (3 gold, 2 system sentences)")
    assert "[merged] gold %s:1-4 | system %s:1" % (files["gold"], files["merged"]) in listing
    assert "scored as: He goes to school . | The cat sleeps ." in listing


def _validate(document: dict) -> None:
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    schema = json.loads((SCHEMAS / "jp_m2scorer.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema, registry=Registry().with_resources(resources)).validate(document)


@pytest.mark.parametrize("extra", [[], ["--show-alignment"], ["--per-type"], ["--show-alignment", "--per-type", "-v"]])
def test_json_is_one_schema_valid_document(files, extra):
    jp = run(["--json", *extra, files["merged"], files["gold"]])
    document = json.loads(jp.text)
    _validate(document)
    assert document["scores"]["correct"] == 3 and document["scores"]["f_label"] == "F_0.5"
    assert document["alignment"]["summary"]["kinds"]["merged"] == 1
    assert ("blocks" in document["alignment"]) == ("--show-alignment" in extra)
    assert ("per_type" in document["scores"]) == ("--per-type" in extra)


def test_per_type_after_the_original_lines(files):
    jp = run(["--per-type", files["system"], files["gold"]])
    lines = jp.text.splitlines()
    assert lines[:3] == ["Precision   : 1.0000", "Recall      : 1.0000", "F_0.5       : 1.0000"]
    assert any(line.split()[:4] == ["SVA", "3", "-", "0"] for line in lines[3:])
    assert lines[-1].split() == ["all", "3", "0", "0", "1.0000", "1.0000", "1.0000"]


def test_per_type_adds_up_to_the_micro_figures_on_conll14():
    """CoNLL-14 (GPT-4.1 against the official two-annotator gold): the per-type rows add up
    to m2scorer's counts, no named type has false positives (system edits carry no type), and
    the last row is the micro P/R/F printed above."""
    from tests.datafiles import data_path

    gold = str(data_path("gec", "conll14.official-2014.combined.m2"))
    system = str(data_path("gec", "sys.conll14.gpt-4.1.minedit.txt"))
    jp = run(["--json", "--per-type", system, gold])
    scores = json.loads(jp.text)["scores"]
    rows = scores["per_type"]
    assert sum(row["tp"] for row in rows.values()) == scores["correct"]
    assert sum(row["tp"] + row["fn"] for row in rows.values()) == scores["gold"]
    assert sum(row["tp"] + row["fp"] for row in rows.values()) == scores["proposed"]
    assert all(row["fp"] == 0 for kind, row in rows.items() if kind != "(untyped)")
    assert rows["(untyped)"]["fp"] == scores["proposed"] - scores["correct"] > 0
    text = run(["--per-type", system, gold]).text.splitlines()
    assert text[-1].split()[4:] == [f"{scores['precision']:.4f}", f"{scores['recall']:.4f}", f"{scores['f']:.4f}"]


def test_report_is_written(files, tmp_path):
    target = tmp_path / "r.html"
    jp = run(["--report", str(target), files["merged"], files["gold"]])
    assert jp.code == 0 and "tool:jp_m2scorer" in target.read_text(encoding="utf-8")


@pytest.mark.parametrize("argv_tail, last", [
    (["--foo"], "getopt.GetoptError: option --foo not recognized"),
    (["--ver"], "getopt.GetoptError: option --ver not a unique prefix"),
    (["--beta", "abc"], "ValueError: could not convert string to float: abc"),
    (["--max_unchanged_words", "1.5"], "ValueError: invalid literal for int() with base 10: '1.5'"),
])
def test_legacy_option_failures(files, argv_tail, last):
    legacy = run(["--legacy", *argv_tail, files["system"], files["gold"]])
    assert (legacy.code, legacy.out, legacy.err_lines[-1]) == (1, b"", last)


@pytest.mark.parametrize("argv_tail", [["--foo"], ["--beta", "abc"], ["--max_unchanged_words", "1.5"]])
def test_jp_option_failures_are_the_usage_and_one_line(files, argv_tail):
    jp = run([*argv_tail, files["system"], files["gold"]])
    assert jp.code == 2 and jp.out == b"" and len(jp.err_lines) == 2
    assert jp.err_lines[0].startswith("usage: jp_m2scorer ") and jp.err_lines[1].startswith("jp_m2scorer: error: ")


def test_usage_exit_255_in_legacy_and_2_in_jp(files):
    legacy = run(["--legacy", files["system"]])
    assert legacy.code == 255 and legacy.err_lines[-1].strip().startswith("--ignore_whitespace_casing")
    jp = run([files["system"]])
    assert jp.code == 2 and jp.err_lines[-1].startswith("jp_m2scorer: error: ")


@pytest.mark.parametrize("gold_text, line", [
    ("S a b .\nA 0 1|||X|||c\n", 2),                          # too few fields
    ("S a b .\nA 0 1|||X|||c|||REQUIRED|||-NONE-|||zero\n", 2),   # annotator not an int
    ("S a b .\n# comment\n", 2),                               # not an A/S/I line
])
def test_jp_bad_gold_names_file_and_line(tmp_path, gold_text, line):
    gold = tmp_path / "g.m2"
    gold.write_text(gold_text, encoding="utf-8")
    system = tmp_path / "s.txt"
    system.write_text("a b .\n", encoding="utf-8")
    jp = run([str(system), str(gold)])
    assert jp.code == 2 and jp.out == b""
    assert jp.err_lines == [jp.err_lines[0]] and jp.err_lines[0].startswith(f"jp_m2scorer: error: {gold}:{line}: ")


def test_jp_invalid_utf8_and_missing_file(tmp_path, files):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok line\ncaf\xe9 .\n")
    jp = run([str(bad), files["gold"]])
    assert jp.code == 2 and jp.err_lines[0].startswith(f"jp_m2scorer: error: {bad}:2: ")
    jp = run([str(tmp_path / "missing.txt"), files["gold"]])
    assert jp.code == 2 and "missing.txt" in jp.err_lines[0] and "Traceback" not in jp.err.decode()


def test_help_and_version():
    assert "JP options" in run(["--help"]).text
    assert run(["--version"]).text.startswith("jp_m2scorer (jp-shims) ")
    legacy = run(["--legacy", "--help"])
    assert legacy.code == 1 and legacy.err_lines[-1] == "getopt.GetoptError: option --help not recognized"


def test_jp_system_lines_without_gold_are_listed_and_counted_spurious(tmp_path):
    gold = tmp_path / "g.m2"
    gold.write_text("S x y z .\n\n", encoding="utf-8")
    system = tmp_path / "s.txt"
    system.write_text("x y z .\nunrelated words here\nmore of them now\n", encoding="utf-8")
    jp = run(["--show-alignment", str(system), str(gold)])
    assert jp.code == 0 and "Traceback" not in jp.err.decode()
    assert jp.text.count("each system line one unmatched edit") == 2
    assert jp.text.startswith("Precision   : 0.0000\nRecall      : 1.0000\n")


def test_jp_empty_gold_facing_system_lines_is_one_line(tmp_path):
    gold = tmp_path / "g.m2"
    gold.write_text("", encoding="utf-8")
    system = tmp_path / "s.txt"
    system.write_text("a b .\nc d .\n", encoding="utf-8")
    jp = run([str(system), str(gold)])
    assert jp.code == 2 and jp.out == b""
    assert jp.err_lines == [f"jp_m2scorer: error: {gold}:1: the file holds no text, while {system} does"]


def test_align_never_pairs_by_position_and_refuses_other_counts(files):
    """--align never: m2scorer's pairing (the shifted lines of MERGED are not re-aligned);
    lines that are not as many as the sentences are one input error, exit 2."""
    lined_up = run(["--align", "never", files["system"], files["gold"]])
    assert (lined_up.code, lined_up.out) == (0, run([files["system"], files["gold"]]).out)
    merged = run(["--align", "never", files["merged"], files["gold"]])
    assert merged.code == 2 and merged.out == b""
    assert merged.err_lines == [f"jp_m2scorer: error: {files['merged']}: 2 system lines for 3 gold sentences "
                                "(--align never pairs them by position, as m2scorer does)"]
