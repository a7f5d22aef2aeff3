"""The Python API and JP re-segmentation."""
from __future__ import annotations

import io
import warnings
from pathlib import Path

import pytest

import jp_m2scorer
from jp_m2scorer import m2io, py2
from jp_m2scorer.jp import cut_points, segments
from jp_shims import JPAlignmentWarning

GOLD = ("S He go to school .\nA 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0\n\n"
        "S The cat sleep .\nA 2 3|||SVA|||sleeps|||REQUIRED|||-NONE-|||0\n\n"
        "S She like apples .\nA 1 2|||SVA|||likes|||REQUIRED|||-NONE-|||0\n"
        "A 3 3|||ArtOrDet|||red|||REQUIRED|||-NONE-|||1\n")


def test_score_counts_and_prf():
    result = jp_m2scorer.score(["He goes to school .", "The cat sleeps .", "She like red apples ."], GOLD)
    assert (result.correct, result.proposed, result.gold) == (2, 3, 3)
    assert result.precision == pytest.approx(2 / 3) and result.recall == pytest.approx(2 / 3)
    assert result.as_dict()["per_type"]["SVA"] == {"tp": 2, "fp": 0, "fn": 1}


def test_score_reads_a_path_and_takes_beta(tmp_path):
    path = tmp_path / "g.m2"
    path.write_text(GOLD, encoding="utf-8")
    result = jp_m2scorer.score(["He goes to school .", "The cat sleep .", "She likes apples ."], Path(path), beta=1.0)
    assert (result.correct, result.proposed, result.gold, result.beta) == (2, 2, 3, 1.0)


def test_merged_lines_warn_and_score_as_the_gold_segmentation():
    lines = ["He goes to school . The cat sleeps .", "She likes apples ."]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        merged = jp_m2scorer.score(lines, GOLD)
    assert any(issubclass(w.category, JPAlignmentWarning) for w in caught)
    plain = jp_m2scorer.score(["He goes to school .", "The cat sleeps .", "She likes apples ."], GOLD)
    assert (merged.correct, merged.proposed, merged.gold) == (plain.correct, plain.proposed, plain.gold)
    assert merged.resegmented_blocks == 1


def test_without_jp_a_count_mismatch_is_an_error():
    with pytest.raises(ValueError, match="2 system lines for 3 gold sentences"):
        jp_m2scorer.score(["a", "b"], GOLD, jp=False)


def test_bad_gold_raises_value_error_with_line():
    with pytest.raises(ValueError, match=r"<gold>:2: "):
        jp_m2scorer.score(["a"], "S a\nA 0 1|||X\n")


def test_split_line_is_joined_back():
    gold = m2io.parse_gold(GOLD)
    system = [("He goes to", 1), ("school .", 2), ("The cat sleeps .", 3), ("She likes apples .", 4)]
    found = list(segments(gold, system))
    assert [hyp for segment in found for hyp in segment.hypotheses] == [
        "He goes to school .", "The cat sleeps .", "She likes apples ."]
    changed = [segment for segment in found if segment.kind != "exact"]
    assert len(changed) == 1 and changed[0].right == range(0, 2) and len(found) == 3


def test_lined_up_lines_are_kept_as_written():
    gold = m2io.parse_gold(GOLD)
    system = [("He  goes to school .", 1), ("The cat sleeps .", 2), ("She likes apples .", 3)]
    found = list(segments(gold, system))
    assert list(found[0].hypotheses) == ["He  goes to school ."] and [s.kind for s in found] == ["exact"] * 3


def test_cut_points_keep_corrections_with_their_sentence():
    source = "All-in-all , it works .".split() + "He go .".split()
    hypothesis = "All in all , it works . He goes .".split()
    assert cut_points(source, hypothesis, [5]) == [7]
    source = "it is good".split() + "he go home".split()
    hypothesis = "It is good . He goes home .".split()
    assert cut_points(source, hypothesis, [3]) == [4]


def test_gold_reading_rules():
    sentences = m2io.parse_gold(
        "# a comment before the S line is ignored\nS a b c\nA 0 1|||noop|||x|||REQUIRED|||-NONE-|||2\n"
        "A 5 6|||X|||y|||REQUIRED|||-NONE-|||0\nA 3 3|||X|||z|| -NONE- ||-NONE-|||REQUIRED|||-NONE-|||0\n")
    [sentence] = sentences
    assert sentence.annotators == [2, 0] or sentence.annotators == [0, 2]
    assert sentence.gold[2] == [] and sentence.gold[0] == [(3, 3, "", ["z", "-NONE-", ""])]
    assert repr(sentence.gold[0][0][3][2]) == "''" and py2.repr_value(sentence.gold[0][0][3]) == "[u'z', u'-NONE-', '']"


def test_first_row_label_takes_the_gold_weight_from_its_twin():
    """Release 3.2 labels "a" inserted in the first row (1, 1, '', 'a'), the very edit of
    inserting "a" after "bring": only the first-row arc keeps the gold weight, because the
    walk over the offset's arcs meets it first and the gold edit is then spent (W&I dev A
    and JFLEG pin this; see lattice.insertion_walk)."""
    gold = ("S bring glass of water .\n"
            "A 0 1|||R:ORTH|||Bring|||REQUIRED|||-NONE-|||0\n"
            "A 1 1|||M:DET|||a|||REQUIRED|||-NONE-|||0\n")
    both = jp_m2scorer.score(["Bring a glass of water ."], gold)
    assert (both.correct, both.proposed, both.gold) == (1, 2, 2)
    only_a = jp_m2scorer.score(["Bring a glass of water ."], gold.replace(
        "A 0 1|||R:ORTH|||Bring|||REQUIRED|||-NONE-|||0\n", ""))
    # the first-row route: "Bring" inserted, "a" (credited), "bring" deleted
    assert (only_a.correct, only_a.proposed, only_a.gold) == (1, 3, 1)
    no_twin = jp_m2scorer.score(["bring a glass of water ."], gold)
    assert (no_twin.correct, no_twin.proposed) == (1, 1)


def test_edit_after_a_first_row_label_is_credited():
    """Labels of first-row insertions may overlap the next edit; the next edit still counts."""
    gold = "S Yours Sincerely .\nA 1 2|||R:ORTH|||sincerely|||REQUIRED|||-NONE-|||0\n"
    result = jp_m2scorer.score(["# # # Yours sincerely , # # #"], gold)
    assert (result.correct, result.proposed, result.gold) == (1, 3, 1)


def test_one_gold_edit_is_credited_once_along_the_path():
    """A hypothesis inserting the gold token twice at one offset earns it once: the walk over
    the offset's arcs spends the gold edit on the first it meets, the other occurrence is an
    ordinary edit and merges with its neighbours (W&I dev A pins this: 3.2 and master both
    propose 3,001 edits there, 3,003 if both occurrences were gold)."""
    gold = ("S I am 28 years old .\n"
            "A 3 3|||M:PUNCT|||-|||REQUIRED|||-NONE-|||0\n"
            "A 3 4|||R:NOUN|||year-|||REQUIRED|||-NONE-|||0\n")
    result = jp_m2scorer.score(["I am 28 - year - old ."], gold)
    # '-' credited; 'year', the second '-' and the deletion of 'years' form one edit
    assert (result.correct, result.proposed, result.gold) == (1, 2, 2)
    once = jp_m2scorer.score(["I am 28 - years old ."], gold)
    assert (once.correct, once.proposed) == (1, 1)


def test_gold_insertion_repeated_many_times_is_credited_once():
    """One gold "the", a hypothesis inserting it a hundred times: one credit, and the other
    insertions form one edit (each repeated edit is settled once, not once per repetition)."""
    gold = "S a b c .\nA 1 1|||M:DET|||the|||REQUIRED|||-NONE-|||0\n"
    result = jp_m2scorer.score(["a " + "the " * 100 + "b c ."], gold, jp=False)
    assert (result.correct, result.proposed, result.gold) == (1, 2, 1)


def test_score_takes_a_str_path_and_open_files(tmp_path):
    """A str without a line break is a path (issue 29), for either side; open files too."""
    gold = tmp_path / "gold.m2"
    gold.write_text(GOLD, encoding="utf-8")
    system = tmp_path / "system.txt"
    system.write_text("He goes to school .\nThe cat sleeps .\nShe like red apples .\n", encoding="utf-8")
    by_str = jp_m2scorer.score(str(system), str(gold))
    with open(system, encoding="utf-8") as lines, open(gold, "rb") as m2:
        by_file = jp_m2scorer.score(lines, m2)
    assert (by_str.correct, by_str.proposed, by_str.gold) == (by_file.correct, by_file.proposed, by_file.gold) == (2, 3, 3)


def test_evaluate_settings_are_keywords_checked_like_the_options():
    from jp_shims.errors import UsageError
    from jp_m2scorer.tool import TOOL

    system = ["He goes to school .", "The cat sleeps .", "She like red apples ."]
    gold = GOLD.splitlines()
    assert TOOL.configure(beta=1, per_type=True, align="always") == TOOL.parse_options(
        ["--beta", "1", "--per-type", "--align", "always"])
    verbose = jp_m2scorer.evaluate(gold, system, verbose=True)
    assert verbose.text.startswith(">> Annotator: 0\n") and verbose["f"] == jp_m2scorer.evaluate(gold, system)["f"]
    with pytest.raises(TypeError, match="unknown setting 'betta'"):
        TOOL.configure(betta=1.0)
    for bad in ({"beta": "1"}, {"max_unchanged_words": 1.5}, {"align": "sometimes"}, {"per_type": 1}):
        with pytest.raises(UsageError):
            TOOL.configure(**bad)
    with pytest.raises(UsageError):
        TOOL.parse_options(["--beta", "1", "system.txt"])


def test_split_of_unchanged_text_is_recorded_with_its_figures():
    # The aligner calls the block exact (the texts agree once joined), yet it is one gold
    # sentence on two lines: recorded with what m2scorer's choice made of it.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", JPAlignmentWarning)
        result = jp_m2scorer.evaluate(io.StringIO(GOLD), ["He go to", "school .", "The cat sleeps .",
                                                          "She likes apples ."])
    assert result.summary.kinds["exact"] == 2 and result.summary.changed == 1
    [block] = result.blocks
    assert (block.match, dict(block.figures), block.loss) == ("exact", {"correct": 0, "proposed": 0, "gold": 1}, 1)
    assert [(mark.side, mark.status) for mark in block.edits] == [("gold", "fn")]
