"""jp_shims, the audit layer every tool uses: errors, broken pipes, block records, the
summary, the listing, the note, the signature, the JSON envelope, help and the warning."""
from __future__ import annotations

import argparse
import doctest
import io
import json
import math
import re
import subprocess
import sys
import warnings
from pathlib import Path

import jsonschema
import pytest

import jp_shims
from jp_shims import (
    KINDS,
    AlignmentAudit,
    BlockRecord,
    JPAlignmentWarning,
    JPArgumentParser,
    Lines,
    WordGroup,
    block_kind,
    dumps,
    envelope,
    error_line,
    format_listing,
    help_section,
    located,
    note_line,
    report_error,
    signature,
    version_line,
    warn_alignment,
)
from jp_shims.cli import take_flag, take_value
from jp_shims.signature import content_hash, file_hash

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "docs" / "schema" / "envelope.schema.json").read_text(encoding="utf-8"))


# --- errors ------------------------------------------------------------------------------------

def test_error_line_names_file_and_line():
    assert error_line("jp_x", "bad tree", "g.mrg", 3) == "jp_x: error: g.mrg:3: bad tree\n"


def test_error_line_never_cites_line_zero():
    assert error_line("jp_x", "empty", "g.mrg", 0) == "jp_x: error: g.mrg: empty\n"
    assert located("g.mrg", None) == "g.mrg"
    assert located(None, 4) == ""


def test_error_line_is_one_line():
    text = error_line("jp_x", "first\nsecond", "f", 1)
    assert text.count("\n") == 1 and "first second" in text


def test_report_error_returns_two():
    err = io.StringIO()
    assert report_error(err, "jp_x", "no such file", "a.txt") == 2
    assert err.getvalue() == "jp_x: error: a.txt: no such file\n"


# --- broken pipe -------------------------------------------------------------------------------

GUARDED = """
import sys
from jp_shims import guard_broken_pipe

@guard_broken_pipe
def main():
    for _ in range(200000):
        sys.stdout.write("line of output\\n")
    return 0

sys.exit(main())
"""


def test_closed_pipe_stops_quietly():
    # A process: what is tested is its end when the reader of its stdout goes away.
    producer = subprocess.Popen([sys.executable, "-c", GUARDED], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
    producer.stdout.read(10)
    producer.stdout.close()  # the reader goes away, like `| head -c 10`
    stderr = producer.stderr.read().decode()
    status = producer.wait(timeout=60)
    assert stderr == ""
    assert status == jp_shims.EXIT_BROKEN_PIPE


def test_guard_flushes_before_returning(capsys):
    @jp_shims.guard_broken_pipe
    def main():
        sys.stdout.write("x")
        return 0

    assert main() == 0
    assert capsys.readouterr().out == "x"


# --- kinds, records, audit ---------------------------------------------------------------------

@pytest.mark.parametrize("match,gold,system,retok,expected", [
    ("exact", 1, 1, False, "exact"),
    ("exact", 1, 1, True, "retokenized"),
    ("normalized", 1, 1, True, "normalized"),
    ("similar", 1, 1, False, "similar"),
    ("mismatch", 1, 1, False, "mismatch"),
    ("exact", 2, 1, False, "merged"),
    ("normalized", 1, 3, False, "merged"),
    ("unaligned", 2, 2, False, "unaligned"),
    ("exact", 0, 1, False, "unaligned"),
])
def test_block_kind(match, gold, system, retok, expected):
    assert block_kind(match, gold, system, retok) == expected


def test_lines_count_from_one():
    with pytest.raises(ValueError):
        Lines("g", 0, 0)
    assert str(Lines("g", 4, 4)) == "g:4" and str(Lines("g", 4, 6)) == "g:4-6"


def test_record_rejects_unknown_kind():
    with pytest.raises(ValueError):
        BlockRecord("odd", None, None)


def _record(kind="merged", gold=(2, 2), system=(2, 3)):
    return BlockRecord(kind, Lines("g.txt", *gold), Lines("s.txt", *system), "a b c", "a b | c",
                       reason="r", match="exact", figures={"tp": 1, "fp": 0.5},
                       groups=(WordGroup(("ab",), ("a", "b"), "exact"),), loss=2.0)


def test_audit_counts_every_block_and_keeps_only_changed_ones():
    audit = AlignmentAudit("g.txt", "s.txt", keep=True)
    audit.count("exact", blocks=5, gold_sentences=5, system_sentences=5)
    audit.add(_record())
    audit.add(BlockRecord("exact", Lines("g.txt", 9, 9), Lines("s.txt", 10, 10)))
    summary = audit.summary
    assert summary.blocks == 7 and summary.changed == 1
    assert summary.gold_sentences == 7 and summary.system_sentences == 8
    assert summary.kinds == {"exact": 6, "normalized": 0, "similar": 0, "mismatch": 0,
                             "unaligned": 0, "merged": 1, "retokenized": 0}
    assert [r.kind for r in audit.records] == ["merged"]


def test_audit_without_keep_holds_no_record():
    audit = AlignmentAudit("g", "s")
    audit.add(_record())
    assert audit.records == [] and audit.summary.changed == 1 and audit.changed


def test_listing_has_summary_then_blocks_with_both_places():
    audit = AlignmentAudit("g.txt", "s.txt", keep=True)
    audit.count("exact")
    audit.add(_record())
    text = format_listing(audit, labels=("reference", "hypothesis"))
    lines = text.splitlines()
    assert lines[0].startswith("Alignment: 2 blocks (2 reference, 3 hypothesis sentences): exact 1,")
    assert "merged 1" in lines[0] and "retokenized 0" in lines[0]
    assert lines[1] == "[merged] reference g.txt:2 | hypothesis s.txt:2-3 | texts exact | r"
    assert lines[4] == "    words: [ab]=[a b]"
    assert lines[5] == "    figures: tp=1 fp=0.5"


def test_long_texts_are_cut():
    record = BlockRecord("merged", None, Lines("s", 1, 1), "x" * 1000, "")
    assert len(record.as_dict()["gold_text"]) == 200


# --- the note ----------------------------------------------------------------------------------

def test_no_note_when_everything_is_exact():
    audit = AlignmentAudit("g", "s")
    audit.count("exact", blocks=3, gold_sentences=3, system_sentences=3)
    assert note_line("jp_x", audit.summary, original="x") is None


def test_note_is_one_line_with_hints_and_signature():
    audit = AlignmentAudit("g", "s")
    audit.count("exact", blocks=9, gold_sentences=9, system_sentences=9)
    audit.count("retokenized")
    note = note_line("jp_x", audit.summary, original="x", signature="tool:jp_x|v:1|mode:jp|opt:-")
    assert note == ("jp_x: note: 1 of 10 blocks changed (retokenized 1); the figures can differ from "
                    "x's (--legacy behaves as x; --show-alignment lists them) "
                    "[tool:jp_x|v:1|mode:jp|opt:-]\n")


def test_note_without_original_has_no_legacy_hint():
    audit = AlignmentAudit("g", "s")
    audit.count("merged", 2, 1)
    note = note_line("jp_y", audit.summary, original=None, what="w\nx", consequence="c")
    assert note == "jp_y: note: w x; c (--show-alignment lists them)\n"


# --- signature ---------------------------------------------------------------------------------

def test_signature_fields_in_order():
    sig = signature("jp_evalb", version="0.1.0", params=("COLLINS.prm", content_hash(b"abc")),
                    options=["-c40"], lang="en", similarity="levenshtein", threshold=0.1)
    assert sig == ("tool:jp_evalb|v:0.1.0|mode:jp|prm:COLLINS.prm#ba7816bf8f01|opt:-c40|lang:en"
                   "|sim:levenshtein<0.1")


def test_signature_escapes_separators():
    sig = signature("jp_x", version="1", options=["-filt", "R:NOUN|X,Y Z"])
    assert sig == "tool:jp_x|v:1|mode:jp|opt:-filt,R:NOUN%7CX%2CY%20Z"
    assert signature("jp_x", version="1") == "tool:jp_x|v:1|mode:jp|opt:-"


def test_signature_pins_parameter_content(tmp_path):
    one, two = tmp_path / "a.prm", tmp_path / "b.prm"
    one.write_bytes(b"DELETE_LABEL TOP\n")
    two.write_bytes(b"DELETE_LABEL -NONE-\n")
    assert file_hash(str(one)) == content_hash(b"DELETE_LABEL TOP\n")
    assert file_hash(str(one)) != file_hash(str(two))


def test_signature_matches_schema_pattern():
    sig = signature("jp_x", params=("p.prm", "0" * 12), options=["-a", "-b"], lang="en",
                    similarity="jw", threshold=0.1, extra={"k": "v"})
    assert re.match(SCHEMA["properties"]["signature"]["pattern"], sig)


# --- JSON envelope -----------------------------------------------------------------------------

def _document(blocks: bool) -> dict:
    audit = AlignmentAudit("g.txt", "s.txt", keep=True)
    audit.count("exact")
    audit.add(_record())
    audit.add(BlockRecord("unaligned", Lines("g.txt", 5, 6), None, "x y", "", reason="never re-synchronized"))
    return envelope("jp_x", signature=signature("jp_x"), options={"beta": 0.5},
                    scores={"f": float("nan"), "tp": 1}, audit=audit, blocks=blocks)


@pytest.mark.parametrize("blocks", [False, True])
def test_envelope_is_strict_json_valid_against_schema(blocks):
    text = dumps(_document(blocks))
    parsed = json.loads(text, parse_constant=lambda name: pytest.fail(f"non-JSON constant {name}"))
    jsonschema.validate(parsed, SCHEMA)
    assert list(parsed) == list(jp_shims.ENVELOPE_KEYS)
    assert parsed["scores"]["f"] is None
    assert ("blocks" in parsed["alignment"]) is blocks
    if blocks:
        assert [b["kind"] for b in parsed["alignment"]["blocks"]] == ["merged", "unaligned"]
        assert parsed["alignment"]["blocks"][1]["system"] is None


def test_schema_rejects_a_wrong_kind():
    parsed = json.loads(dumps(_document(True)))
    parsed["alignment"]["blocks"][0]["kind"] = "reshuffled"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(parsed, SCHEMA)


# --- help, version, argv helpers ---------------------------------------------------------------

def test_help_section_one_line_per_option():
    text = help_section(["--legacy", "--json", ("--install-shim DIR", "write DIR/evalb")], original="evalb")
    lines = text.splitlines()
    assert lines[0] == "" and lines[1].startswith("JP options (jp-shims ")
    assert lines[2].startswith("  --legacy") and "behave exactly as evalb" in lines[2]
    assert lines[4] == "  --install-shim DIR    write DIR/evalb"


def test_argparse_help_is_the_original_then_the_jp_section():
    def build(cls, **kw):
        parser = cls(prog="tool", **kw)
        parser.add_argument("-x", help="original option")
        return parser

    original = build(argparse.ArgumentParser).format_help()
    jp = build(JPArgumentParser, jp_help=help_section(["--json"]))
    jp.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    assert jp.format_help() == original + help_section(["--json"])


def test_version_line():
    assert version_line("jp_x") == f"jp_x (jp-shims) {jp_shims.__version__}\n"


def test_take_flag_and_value():
    argv = ["a", "--json", "--report", "r.html", "b", "--json"]
    assert take_flag(argv, "--json") and argv == ["a", "--report", "r.html", "b"]
    assert take_value(argv, "--report") == ("r.html", False) and argv == ["a", "b"]
    argv = ["--report=x.html", "c", "--report"]
    assert take_value(argv, "--report") == ("x.html", True) and argv == ["c"]


# --- Python API warning ------------------------------------------------------------------------

def test_warning_only_when_something_changed():
    audit = AlignmentAudit("g", "s")
    audit.count("exact")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert warn_alignment(audit.summary, "evaluate") is None
    audit.count("unaligned", 2, 0)
    with pytest.warns(JPAlignmentWarning, match="1 of 2 blocks changed"):
        warn_alignment(audit.summary, "evaluate")
    assert issubclass(JPAlignmentWarning, UserWarning)


def test_kinds_are_the_documented_seven():
    assert KINDS == ("exact", "normalized", "similar", "mismatch", "unaligned", "merged", "retokenized")
    assert SCHEMA["$defs"]["kind"]["enum"] == list(KINDS)


# --- docs/audit.md's worked example runs --------------------------------------------------------

def test_audit_doc_example_runs():
    text = (ROOT / "docs" / "audit.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for number, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, {}, f"audit.md block {number}", "audit.md", 0)
        runner = doctest.DocTestRunner()
        runner.run(test)
        assert runner.failures == 0, f"docs/audit.md python block {number} failed"


def test_nan_is_never_written():
    assert "NaN" not in dumps({"a": [math.inf, -math.inf, math.nan]})
