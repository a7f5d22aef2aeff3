"""JP mode of jp_errant_compare: merging, re-indexing, re-tokenization, errors, --json."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from jp_errant.compare_align import map_edits_to_reference, merge_sentences
from jp_errant.cli import main
from jp_errant.m2_records import Edit, Sentence, noop_edit
from tests.toolrun import run_tool

REF = """S This are a sentence .
A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0
A 3 4|||R:NOUN|||sentences|||REQUIRED|||-NONE-|||0

S I like cat .
A 2 3|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0

S He go to school every days .
A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0
A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0

S Nothing wrong here .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
"""

# The same hypothesis edits, once in the reference's segmentation and once with
# sentences 1 and 2 merged (offsets of the second part shifted by 4 tokens).
HYP_REFSEG = """S This are a sentence .
A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0

S I like cat .
A 2 3|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0

S He go to school every days .
A 1 2|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||0
A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0

S Nothing wrong here .
A 0 1|||R:PRON|||Something|||REQUIRED|||-NONE-|||0
"""

HYP_MERGED = """S This are a sentence .
A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0

S I like cat . He go to school every days .
A 2 3|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0
A 5 6|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||0
A 9 10|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0

S Nothing wrong here .
A 0 1|||R:PRON|||Something|||REQUIRED|||-NONE-|||0
"""

# Split: the reference's first sentence split in two hypothesis S lines.
HYP_SPLIT = """S This are
A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0

S a sentence .

S I like cat .
A 2 3|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0

S He go to school every days .
A 1 2|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||0
A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0

S Nothing wrong here .
A 0 1|||R:PRON|||Something|||REQUIRED|||-NONE-|||0
"""

# A hypothesis whose S line is tokenized differently ("don't" vs "do n't") and its twin with
# the same edits expressed in the reference's tokens.
REF_CONTRACTION = """S I do n't like cat .
A 4 5|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0
A 1 3|||R:VERB|||does not|||REQUIRED|||-NONE-|||0
"""
HYP_CONTRACTION_TWIN = """S I do n't like cat .
A 4 5|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0
A 5 5|||M:PUNCT|||!|||REQUIRED|||-NONE-|||0
"""
HYP_CONTRACTION_RETOKENIZED = """S I don't like cat .
A 3 4|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0
A 4 4|||M:PUNCT|||!|||REQUIRED|||-NONE-|||0
"""


def run(tmp_path: Path, hyp: str, ref: str, *flags: str) -> tuple[int, str, str]:
    """jp_errant_compare in-process (tests/toolrun.py) on ``hyp`` and ``ref``: (status, stdout, stderr)."""
    (tmp_path / "hyp.m2").write_text(hyp, encoding="utf-8")
    (tmp_path / "ref.m2").write_text(ref, encoding="utf-8")
    result = run_tool("jp_errant_compare", ["-hyp", str(tmp_path / "hyp.m2"), "-ref", str(tmp_path / "ref.m2"), *flags])
    return result.returncode, result.out, result.err


FLAG_SETS = [[], ["-dt"], ["-ds"], ["-cse"], ["-cat", "3"], ["-cat", "1", "-b", "1"], ["-single"]]


@pytest.mark.parametrize("flags", FLAG_SETS)
@pytest.mark.parametrize("hyp", [HYP_MERGED, HYP_SPLIT], ids=["merged", "split"])
def test_mis_segmented_hypothesis_scores_like_its_reference_segmented_twin(tmp_path, hyp, flags):
    expected = run(tmp_path, HYP_REFSEG, REF, "--legacy", *flags)
    actual = run(tmp_path, hyp, REF, *flags)
    # Same stdout and status; stderr holds the note saying that JP mode aligned the blocks.
    assert actual[:2] == expected[:2]
    assert expected[2] == "" and actual[2].count("\n") == 1 and ": note: 1 of " in actual[2]
    assert "merged 1" in actual[2]
    if hyp is HYP_SPLIT:
        code, _, err = run(tmp_path, hyp, REF, "--legacy", *flags)  # errant itself cannot score it
        assert code == 1 and err.splitlines()[-1].startswith("AssertionError")


def test_lined_up_input_is_errant_output(tmp_path) -> None:
    for flags in FLAG_SETS + [["-v"]]:
        assert run(tmp_path, HYP_REFSEG, REF, *flags) == \
            run(tmp_path, HYP_REFSEG, REF, "--legacy", *flags)


@pytest.mark.parametrize("flags", [[], ["-dt"], ["-ds"], ["-cat", "3"]])
def test_retokenized_hypothesis_scores_like_reference_tokenized_twin(tmp_path, flags) -> None:
    twin = run(tmp_path, HYP_CONTRACTION_TWIN, REF_CONTRACTION, *flags)
    retokenized = run(tmp_path, HYP_CONTRACTION_RETOKENIZED, REF_CONTRACTION, *flags)
    assert retokenized[:2] == twin[:2]
    assert twin[2] == ""  # same tokens: no note
    assert retokenized[2].split(": note: ", 1)[1].startswith(
        "1 of 1 hypothesis sentences are tokenized differently from the reference; their edits were "
        "mapped onto the reference tokens;")
    if not flags:  # errant pairs the shifted offsets and misses the TP
        legacy = run(tmp_path, HYP_CONTRACTION_RETOKENIZED, REF_CONTRACTION, "--legacy")
        assert legacy[1] != twin[1]


def test_merge_reindexes_and_applies_noop_rules() -> None:
    first = Sentence("a b", (Edit(0, 1, "R:X", "z", 0), noop_edit(1)))
    second = Sentence("c d e", (noop_edit(0), Edit(2, 3, "R:Y", "w", 2), noop_edit(1)))
    third = Sentence("f", ())
    merged = merge_sentences([first, second, third])
    assert merged.tokens == ("a", "b", "c", "d", "e", "f")
    assert merged.edits == (Edit(0, 1, "R:X", "z", 0), noop_edit(1), Edit(4, 5, "R:Y", "w", 2))
    only_noops = merge_sentences([Sentence("a", (noop_edit(0),)), Sentence("b", ())])
    assert only_noops.edits == (noop_edit(0),)


def test_single_sentence_block_is_untouched() -> None:
    sentence = Sentence("a b", (noop_edit(0), Edit(0, 1, "R:X", "z", 0)))
    assert merge_sentences([sentence]).edits == sentence.edits


def test_edit_inside_merged_word_group_is_widened() -> None:
    ref = "I do n't like cat .".split()
    hyp = "I don't like cat .".split()
    mapped = map_edits_to_reference(hyp, ref, [Edit(1, 2, "R:VERB", "doesn't"), Edit(4, 4, "M:X", "!"),
                                               noop_edit()])
    assert [(e.start, e.end, e.correction) for e in mapped] == [(1, 3, "doesn't"), (5, 5, "!"), (-1, -1, "-NONE-")]
    # a partial edit of a group keeps the untouched hypothesis tokens in its correction
    ref2, hyp2 = "extended 'vertically' .".split(), "extended'vertically ' .".split()
    (widened,) = map_edits_to_reference(hyp2, ref2, [Edit(1, 2, "U:PUNCT", "")])
    assert (widened.start, widened.end, widened.correction) == (0, 2, "extended'vertically")


def test_show_alignment_lists_merged_blocks(tmp_path) -> None:
    code, out, _ = run(tmp_path, HYP_MERGED, REF, "--show-alignment")
    assert code == 0
    listing = out[out.index("Alignment: "):].splitlines()
    assert listing[0] == ("Alignment: 3 blocks (4 reference, 3 hypothesis sentences): exact 2, normalized 0, "
                          "similar 0, mismatch 0, unaligned 0, merged 1, retokenized 0")
    ref, hyp = tmp_path / "ref.m2", tmp_path / "hyp.m2"
    assert listing[1] == f"[merged] reference {ref}:5-8 | hypothesis {hyp}:4 | texts exact"
    assert listing[2] == "    reference : I like cat . | He go to school every days ."
    assert listing[4] == "    figures: tp=2 fp=1 fn=1"
    # The edits as scored, in the merged reference's token offsets (the second sentence's
    # reference edits shifted by the 4 tokens before it).
    assert listing[5] == ("    hypothesis edits: A 2 3|||R:NOUN:NUM|||cats|||0; A 5 6|||R:VERB:TENSE|||went|||0; "
                          "A 9 10|||R:NOUN:NUM|||day|||0")
    assert listing[6] == ("    reference edits: A 2 3|||R:NOUN:NUM|||cats|||0; A 5 6|||R:VERB:SVA|||goes|||0; "
                          "A 9 10|||R:NOUN:NUM|||day|||0")


def test_json_document(tmp_path) -> None:
    code, out, _ = run(tmp_path, HYP_MERGED, REF, "--json", "-cat", "2")
    assert code == 0
    document = json.loads(out)
    scores = document["scores"]
    assert (scores["tp"], scores["fp"], scores["fn"]) == (3, 2, 2)
    assert scores["f_label"] == "F0.5"
    assert scores["categories"]["NOUN:NUM"] == {"tp": 2, "fp": 0, "fn": 0, "precision": 1.0,
                                               "recall": 1.0, "f": 1.0}
    assert document["alignment"]["summary"]["kinds"]["merged"] == 1
    assert "blocks" not in document["alignment"]


def test_unrelated_document_is_counted_missed_and_spurious(tmp_path) -> None:
    # The runner's rule: reference edits without a counterpart are missed (FN), hypothesis
    # edits without one spurious (FP); the note says where; --strict makes it an error.
    other = "S Completely different words here today .\n\nS And another unrelated line .\n"
    code, out, err = run(tmp_path, other, REF, "--json")
    assert code == 0
    scores = json.loads(out)["scores"]
    assert scores["tp"] == 0 and scores["fn"] > 0
    assert "without a counterpart (missed)" in err and "ref.m2:1" in err and "hyp.m2:1" in err
    code, out, err = run(tmp_path, other, REF, "--strict")
    assert code == 2 and out == "" and err.count("\n") == 1 and "--strict" in err


def test_missing_hypothesis_sentence_at_end_is_missed(tmp_path) -> None:
    truncated = HYP_REFSEG.rsplit("\n\nS Nothing", 1)[0] + "\n"
    code, _, err = run(tmp_path, truncated, REF)
    assert code == 0 and "1 reference sentence without a counterpart (missed)" in err


@pytest.mark.parametrize("hyp, line, message", [
    ("S This are a sentence .\nA 1 x|||R|||is|||REQUIRED|||-NONE-|||0\n", 2, "not two integers"),
    ("S This are a sentence .\nA 1 9|||R|||is|||REQUIRED|||-NONE-|||0\n", 2, "out of range"),
    ("A 1 2|||R|||is|||REQUIRED|||-NONE-|||0\n", 1, "expected an M2 file"),
])
def test_bad_input_is_one_line_with_file_and_line(tmp_path, hyp, line, message) -> None:
    code, out, err = run(tmp_path, hyp, REF)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"hyp.m2:{line}: " in err and message in err


def test_invalid_utf8_and_missing_file(capsys, tmp_path) -> None:
    (tmp_path / "ref.m2").write_bytes(b"S caf\xe9 .\n")
    (tmp_path / "hyp.m2").write_text("S cafe .\n", encoding="utf-8")
    assert main(["-hyp", str(tmp_path / "hyp.m2"), "-ref", str(tmp_path / "ref.m2")]) == 2
    assert "ref.m2:1: invalid UTF-8" in capsys.readouterr().err
    assert main(["-hyp", str(tmp_path / "nope.m2"), "-ref", str(tmp_path / "ref.m2")]) == 2
    assert "nope.m2: No such file or directory" in capsys.readouterr().err


def test_one_empty_file_is_an_error(tmp_path) -> None:
    code, out, err = run(tmp_path, "", REF)
    assert code == 2 and out == "" and "hyp.m2:1: the file holds no text, while " in err
    assert len(err.splitlines()) == 1
    code, _, err = run(tmp_path, HYP_REFSEG, "")
    assert code == 2 and "ref.m2:1: the file holds no text, while " in err


def test_beta_zero_is_a_clean_error_in_jp_mode(tmp_path) -> None:
    code, _, err = run(tmp_path, "S a b .\n", "S a b .\nA 0 1|||R:X|||c|||REQUIRED|||-NONE-|||0\n",
                       "-b", "0")
    assert code == 2 and "undefined" in err and "Traceback" not in err


def test_legacy_argparse_behaviour(capsys, tmp_path) -> None:
    (tmp_path / "a.m2").write_text("S a .\n", encoding="utf-8")
    path = str(tmp_path / "a.m2")
    with pytest.raises(SystemExit) as caught:
        main(["--legacy", "-hyp", path, "-ref", path, "-dt", "-ds"])
    assert caught.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == \
        "errant_compare: error: argument -ds: not allowed with argument -dt"
    assert main(["-hyp", path, "--legacy", "-ref", path, "--verb", "--be", "1", "-sing"]) == 0
    out = capsys.readouterr().out
    assert "Original sentence 0: a ." in out and "F1.0" in out


def test_legacy_reproduces_errant_failures(tmp_path) -> None:
    (tmp_path / "one.m2").write_text("S a .\n", encoding="utf-8")
    (tmp_path / "two.m2").write_text("S a .\n\nS b .\n", encoding="utf-8")
    with pytest.raises(AssertionError):
        main(["--legacy", "-hyp", str(tmp_path / "one.m2"), "-ref", str(tmp_path / "two.m2")])
    (tmp_path / "ref.m2").write_text("S a .\nA 0 1|||R:X|||b|||REQUIRED|||-NONE-|||0\n", encoding="utf-8")
    with pytest.raises(ZeroDivisionError):
        main(["--legacy", "-hyp", str(tmp_path / "one.m2"), "-ref", str(tmp_path / "ref.m2"), "-b", "0"])


def test_alignment_counts_do_not_depend_on_show_alignment(tmp_path) -> None:
    code, out, _ = run(tmp_path, HYP_MERGED, REF, "--json")
    assert code == 0
    summary = json.loads(out)["alignment"]["summary"]
    code, out, _ = run(tmp_path, HYP_MERGED, REF, "--json", "--show-alignment")
    assert code == 0
    listed = json.loads(out)["alignment"]
    assert listed["summary"] == summary and len(listed["blocks"]) == summary["changed"] == 1


def _numbered_m2(first: int, last: int) -> str:
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa".split()
    return "".join(f"S t{i} {words[i]} is here today .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
                   for i in range(first, last + 1))


def test_sentence_missing_from_one_side_is_missed_or_spurious_where_it_is(tmp_path) -> None:
    # The hypothesis lacks the reference's first sentence and goes on: that one is missed.
    code, out, err = run(tmp_path, _numbered_m2(1, 9), _numbered_m2(0, 9))
    assert code == 0
    assert ("1 reference sentence without a counterpart (missed) and 0 hypothesis sentences without one "
            f"(spurious), first at {tmp_path / 'ref.m2'}:1 | -") in err
    # Swapped: the extra sentence is the hypothesis's.
    code, out, err = run(tmp_path, _numbered_m2(0, 9), _numbered_m2(1, 9))
    assert code == 0
    assert ("0 reference sentences without a counterpart (missed) and 1 hypothesis sentence without one "
            f"(spurious), first at - | {tmp_path / 'hyp.m2'}:1") in err


def test_missing_last_sentence_is_spurious_at_its_line(tmp_path) -> None:
    code, _, err = run(tmp_path, _numbered_m2(0, 9), _numbered_m2(0, 8))
    assert code == 0 and f"1 hypothesis sentence without one (spurious), first at - | {tmp_path / 'hyp.m2'}:28" in err
    code, out, err = run(tmp_path, _numbered_m2(0, 9), _numbered_m2(0, 8), "--strict")
    assert code == 2 and out == "" and f"{tmp_path / 'hyp.m2'}:28" in err


def test_show_alignment_never_cites_line_zero(tmp_path) -> None:
    code, out, _ = run(tmp_path, _numbered_m2(1, 9), _numbered_m2(0, 9), "--show-alignment")
    assert code == 0
    assert "reference " in out and "ref.m2:1 | hypothesis - |" in out
    assert ":0 " not in out and ":0)" not in out


@pytest.mark.parametrize("prefix", ["--s", "--sh", "--show", "--j", "--js", "--jso"])
def test_prefixes_of_jp_options_are_unrecognized_like_errant(tmp_path, prefix) -> None:
    code, out, err = run(tmp_path, _numbered_m2(0, 1), _numbered_m2(0, 1), prefix)
    assert code == 2 and out == ""
    assert err.endswith(f"error: unrecognized arguments: {prefix}\n") and err.startswith("usage: ")


def test_prefixes_of_errant_long_options_still_work(tmp_path) -> None:
    # errant_compare (argparse defaults) accepts --bet for --beta and --verb for --verbose.
    expected = run(tmp_path, _numbered_m2(0, 1), _numbered_m2(0, 1), "--beta", "1")
    assert run(tmp_path, _numbered_m2(0, 1), _numbered_m2(0, 1), "--bet", "1") == expected
