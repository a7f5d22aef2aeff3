"""JP mode of jp_evalb: alignment feeding, worked mismatches, bad input, real corpora."""
from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.datafiles import data_path
from tests.test_jp_evalb_cli import run as run_bytes

SENTENCE = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\d)\s+(\S+)\s+(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\S+)$")


def run(argv, cwd=None):
    """jp_evalb in-process; returns (status, stdout text, stderr text)."""
    status, out, err = run_bytes([str(a) for a in argv], cwd)
    return status, out.decode("utf-8"), err.decode("utf-8")


def sentences(report: str) -> list[tuple]:
    rows = []
    for line in report.splitlines():
        m = SENTENCE.match(line)
        if m:
            g = m.groups()
            rows.append((int(g[0]), int(g[1]), int(g[2]), int(g[5]), int(g[6]), int(g[7]), int(g[8]),
                         int(g[9]), int(g[10])))
    return rows  # (id, len, status, match, gold, test, crossing, words, correct tags)


def figure(report: str, name: str, block: str = "All") -> float:
    part = report.split(f"-- {block}")[1]
    return float(re.search(rf"^{re.escape(name)}\s*=\s*(\S+)$", part, re.M).group(1))


def write(tmp_path, name, *lines):
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_lined_up_input_prints_the_legacy_bytes(tmp_path):
    gold = write(tmp_path, "g", "(TOP (S (NP-SBJ (NNP John)) (VP (VBD saw) (NP (NNP Mary))) (. .)))",
                 "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat))))")
    test = write(tmp_path, "t", "(TOP (S (NP (NNP John)) (VP (VBD saw) (NNP Mary)) (. .)))",
                 "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat))))")
    for extra in ([], ["-p", "COLLINS"], ["-D", "-p", "new"]):
        legacy = run(["--legacy", *extra, gold, test])
        assert run([*extra, gold, test])[:2] == legacy[:2]


def test_worked_mismatch_contraction(tmp_path):
    gold = write(tmp_path, "g", "(S (NP (DT This)) (VP (MD ca) (RB n't) (VP (VB be) (ADJP (JJ right)))))")
    test = write(tmp_path, "t", "(S (NP (DT this)) (VP (MD can) (RB not) (VP (VB be) (ADJP (JJ right)))))")
    status, out, _ = run([gold, test])
    assert status == 0
    assert sentences(out) == [(1, 5, 0, 5, 5, 5, 0, 5, 5)]
    # evalb itself rejects the pair.
    assert sentences(run(["--legacy", gold, test])[1])[0][2] == 1


def test_worked_mismatch_split_sentence(tmp_path):
    gold = write(tmp_path, "g", "(S (VP (VB Click) (ADVP (RB here)) (S (VP (TO To) (VP (VB view) (NP (PRP it)))))) (. .))")
    test = write(tmp_path, "t", "(S (VP (VB Click) (ADVP (RB here))))",
                 "(S (VP (TO To) (VP (VB view) (NP (PRP it)))) (. .))")
    status, out, _ = run(["--show-alignment", gold, test])
    rows = sentences(out)
    assert status == 0 and len(rows) == 1
    ident, length, stat, match, n_gold, n_test, crossing, words, tags = rows[0]
    # One block: the two test roots under the unscored @S, all 3 + 4 test brackets scored
    # against the 6 gold brackets (S VP ADVP S VP VP NP: 7).
    assert (ident, length, stat, n_gold, n_test, words, tags) == (1, 6, 0, 7, 7, 6, 6)
    # gold: S[0,6) VP[0,5) ADVP[1,2) S[2,5) VP[2,5) VP[3,5) NP[4,5)
    # test: S[0,2) VP[0,2) ADVP[1,2) | S[2,6) VP[2,5) VP[3,5) NP[4,5)
    # matched: ADVP, VP[2,5), VP[3,5), NP; the test S[2,6) crosses the gold VP[0,5).
    assert match == 4 and crossing == 1
    assert f"[merged] gold {gold}:1 | test {test}:1-2 | texts exact" in out


def test_merge_wrapper_is_not_scored(tmp_path):
    one = "(S (NP (NNP John)) (VP (VBD left)) (. .))"
    two = "(S (NP (NNP Mary)) (VP (VBD stayed)) (. .))"
    gold = write(tmp_path, "g", f"(TOP {one})", f"(TOP {two})")
    for wrapper in ("S1", "@S", "X"):
        test = write(tmp_path, "t", f"({wrapper} {one} {two})")
        status, out, _ = run(["-p", "COLLINS", gold, test])
        assert status == 0
        assert sentences(out) == [(1, 6, 0, 6, 6, 6, 0, 4, 4)], wrapper


def test_dummy_root_label_is_not_scored_in_aligned_blocks(tmp_path):
    gold = write(tmp_path, "g", "(S (NP (NNP John)) (VP (VBD left)))")
    test = write(tmp_path, "t", "(@S (S (NP (NNP john)) (VP (VBD left))))")
    # evalb rejects the pair (John/john); JP mode aligns it and leaves the @S root out.
    assert sentences(run(["--legacy", gold, test])[1])[0][2] == 1
    assert sentences(run([gold, test])[1])[0][2:6] == (0, 3, 3, 3)
    # A pair evalb scores as it stands is scored exactly as evalb does (continuity), @S included.
    test = write(tmp_path, "t", "(@S (S (NP (NNP John)) (VP (VBD left))))")
    assert sentences(run([gold, test])[1])[0][3:6] == (3, 3, 4)


def test_unaligned_block_is_missed_and_spurious_and_the_run_continues(tmp_path):
    # The contract: text without a counterpart is counted (gold brackets missed, test
    # brackets spurious), never left out of the totals.
    gold = write(tmp_path, "g", "(S (NN a) (NN b))", "(S (NN completely) (NN different))", "(S (NN c) (NN d))")
    test = write(tmp_path, "t", "(S (NN a) (NN b))", "(S (NN nothing) (NN alike) (NN here))", "(S (NN c) (NN d))")
    status, out, err = run(["--show-alignment", gold, test])
    assert status == 0
    assert sentences(out) == [(1, 2, 0, 1, 1, 1, 0, 2, 2), (2, 2, 0, 0, 1, 1, 0, 2, 0), (3, 2, 0, 1, 1, 1, 0, 2, 2)]
    assert "Number of Error sentence  =      0" in out and figure(out, "Bracketing Recall") == 66.67
    assert err.startswith("2 : Unaligned block (gold 2 | test 2)")
    assert "gold brackets counted as missed, test brackets as spurious" in err.splitlines()[0]
    assert "1 gold sentence without a counterpart (missed) and 1 test sentence without one (spurious)" in err
    assert f"[unaligned] gold {gold}:2 | test {test}:2 | " in out
    assert "    figures: status=0 matched=0 gold=1 test=1 " in out


def test_surplus_lines_at_the_end_are_missed(tmp_path):
    gold = write(tmp_path, "g", "(S (NN a))", "(S (NN b))", "(S (NN c))")
    test = write(tmp_path, "t", "(S (NN a))")
    status, out, err = run([gold, test])
    assert status == 0 and [row[2:5] for row in sentences(out)] == [(0, 1, 1), (0, 0, 1), (0, 0, 1)]
    assert figure(out, "Bracketing Recall") == 33.33 and figure(out, "Bracketing Precision") == 100.0
    first, second, note = err.splitlines()
    assert first.startswith("2 : Unaligned block (gold 2 | test -): ")
    assert second.startswith("3 : Unaligned block (gold 3 | test -): ")
    assert note.startswith("jp_evalb: note: 2 of 3 blocks changed (unaligned 2); 2 gold sentences without a "
                           "counterpart (missed) and 0 test sentences without one (spurious), first at ")


def test_strict_refuses_text_without_counterpart(tmp_path):
    gold = write(tmp_path, "g", "(S (NN a))", "(S (NN b))", "(S (NN c))")
    test = write(tmp_path, "t", "(S (NN a))", "(S (NN c))")
    status, out, err = run(["--strict", gold, test])
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"jp_evalb: error: {test}: text does not align with {gold}:2 (--strict; ")


def test_bad_tree_is_an_error_sentence(tmp_path):
    gold = write(tmp_path, "g", "(S (NN a))", "(S (NP x y) (NN b))", "(S (NN c))")
    test = write(tmp_path, "t", "(S (NN a))", "(S (NP (NN x) (NN y)) (NN b))", "(S (NN c))")
    status, out, err = run([gold, test])
    assert status == 0 and [row[2] for row in sentences(out)] == [0, 1, 0]
    assert err == f"2 : Unreadable tree at {gold}:2: More than two elements in a bracket: " \
                  "a word outside a (POS word) bracket\n"


def _error(tmp_path, argv):
    status, _, err = run(argv, tmp_path)
    assert status == 2 and "Traceback" not in err and err.count("\n") == 1
    return err


def test_bad_input_errors(tmp_path):
    write(tmp_path, "good", "(S (NN a))", "(S (NN b))")
    (tmp_path / "latin").write_bytes(b"(S (NN a))\n(S (NN caf\xe9))\n")
    # (Without --encoding utf-8 the file is read as Latin-1: tests/test_encodings.py.)
    assert _error(tmp_path, ["--encoding", "utf-8", "latin", "good"]) == \
        "jp_evalb: error: latin:2: invalid UTF-8 at byte 11\n"
    assert _error(tmp_path, ["nope", "good"]) == "jp_evalb: error: nope: No such file or directory\n"
    assert _error(tmp_path, ["good", "nope"]) == "jp_evalb: error: nope: No such file or directory\n"
    assert _error(tmp_path, ["-p", "nope.prm", "good", "good"]) == \
        "jp_evalb: error: nope.prm: cannot open parameter file\n"
    (tmp_path / "deep").write_text("(A " * 1001 + "(NN a)" + ")" * 1001 + "\n")
    assert _error(tmp_path, ["deep", "good"]) == "jp_evalb: error: deep:1: tree deeper than 1000 levels\n"
    (tmp_path / "long").write_text("(S (NN a))\n(S " + "(NN a) " * (10 * 1024 * 1024 // 7 + 1) + ")\n")
    assert _error(tmp_path, ["good", "long"]) == "jp_evalb: error: long:2: line longer than 10 MiB\n"
    (tmp_path / "dir").mkdir()
    assert _error(tmp_path, ["dir", "good"]) == "jp_evalb: error: dir: is a directory, not a file\n"


def test_bug_files_all_scored():
    gold, test = data_path("ptb", "bug.gld"), data_path("ptb", "bug.tst")
    for extra in ([], ["-p", data_path("ptb", "COLLINS.prm")], ["-p", data_path("ptb", "new.prm")]):
        status, out, _ = run([*extra, gold, test])
        rows = sentences(out)
        assert status == 0 and len(rows) == 5 and all(row[2] == 0 for row in rows)
        assert all(row[4] > 0 and row[7] > 0 for row in rows)


KOREAN_REFERENCE = {"Bracketing Recall": 72.91, "Bracketing Precision": 75.12,
                    "Bracketing FMeasure": 74.00, "Tagging accuracy": 85.32}


def test_korean_end_to_end():
    gold, test = data_path("korean", "BGAA0001.test.gold"), data_path("korean", "BGAA0001.test.sys")
    status, out, err = run(["--show-alignment", gold, test])
    rows = sentences(out)
    assert status == 0 and err.startswith("jp_evalb: note: ") and err.count("\n") == 1
    assert all(row[2] == 0 for row in rows)  # every block aligned and scored
    gold_words = sum(len(re.findall(r"\([^\s()]+ [^\s()]+\)", line)) for line in gold.read_text("utf-8").splitlines())
    assert sum(row[7] for row in rows) == gold_words
    # The differences from the reference implementation are explained in docs/jp_evalb.md
    # (TOP scored without a parameter file, brackets as a multiset, positional tags).
    for name, value in KOREAN_REFERENCE.items():
        assert abs(figure(out, name) - value) < 1.0, name


PTB23_JP_REFERENCE = {  # the jp-evalb paper: recall, precision, F-measure, tagging accuracy
    "all": (89.23, 89.76, 89.49, 97.79),
    "len<=40": (89.69, 90.20, 89.94, 97.73),
}


def test_ptb23_with_the_jp_parameter_set(tmp_path):
    gold, test = data_path("ptb", "23.gold"), data_path("ptb", "23.sys_berkeley_top")
    status, out, _ = run(["--json", "-p", "jp", gold, test])
    assert status == 0
    doc = json.loads(out)["scores"]
    # The parser failed on three sentences ("(TOP ())"): evalb's skip, status 2, as in legacy mode.
    skipped = [s["id"] for s in doc["sentences"] if s["status"] == 2]
    assert skipped == [7, 2072, 2082]
    assert all(s["status"] == 0 for s in doc["sentences"] if s["id"] not in skipped)
    # The reference counts them as sentences with nothing matched. Adding their gold brackets
    # and words to the totals gives the paper's figures.
    gold_lines = gold.read_text(encoding="utf-8").splitlines(keepends=True)
    write(tmp_path, "skipped", *(gold_lines[i - 1].rstrip("\n") for i in skipped))
    _, alone, _ = run(["--json", "-p", "jp", tmp_path / "skipped", tmp_path / "skipped"])
    extra = json.loads(alone)["scores"]["summary"]["all"]
    for block, expected in PTB23_JP_REFERENCE.items():
        ours = doc["summary"][block]
        figures = (ours["recall"], ours["precision"], ours["fmeasure"], ours["tagging_accuracy"])
        assert all(abs(a - b) <= 0.07 for a, b in zip(figures, expected)), (block, figures)
        recall = 100 * ours["matched"] / (ours["gold"] + extra["gold"])
        precision = 100 * ours["matched"] / ours["test"]
        fmeasure = 2 * precision * recall / (precision + recall)
        tagging = 100 * ours["correct_tags"] / (ours["words"] + extra["words"])
        counted = (recall, precision, fmeasure, tagging)
        assert all(abs(a - b) <= 0.011 for a, b in zip(counted, expected)), (block, counted)


def test_debug_output_in_jp_mode(tmp_path):
    gold = write(tmp_path, "g", "(S (NP (NNP John)) (VP (VBD left)))", "(S (NP (NNP Mary)) (VP (VBD came)))")
    test = write(tmp_path, "t", "(X (S (NP (NNP john)) (VP (VBD left))) (S (NP (NNP Mary)) (VP (VBD came))))")
    for flag in ("-d", "-D"):
        status, out, _ = run([flag, gold, test])
        assert status == 0
        assert "-<block>--- gold 1-2 | test 1 | normalized | 4 word groups\n========\n" in out
        assert sentences(out) == [(1, 4, 0, 6, 6, 6, 0, 4, 4)]
    assert "label=NNP, word=john, wid=0\n" in out


LINES = st.sampled_from([
    "(S (NP (NN a)) (VP (VB b)))", "(S (NN a) (NN b))", "(S (NP a b))", "(S (NN a)", "(S (NN a)))",
    "", "   ", "a b", "(TOP (S (NN c) (. .)))", "( (S (NN a)))", "(S (-NONE- *) (NN a))", "((", "))",
    "(S (NN \u00e9t\u00e9))", "(S (NN a) (NN b) (NN c))",
])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(LINES, max_size=6), st.lists(LINES, max_size=6), st.sampled_from([[], ["-p", "COLLINS"]]))
def test_jp_mode_never_crashes(tmp_path, gold_lines, test_lines, extra):
    gold = write(tmp_path, "fg", *gold_lines)
    test = write(tmp_path, "ft", *test_lines)
    status, out, err = run([*extra, gold, test])
    assert "Traceback" not in err
    blank = [not any(line.strip() for line in lines) for lines in (gold_lines, test_lines)]
    first = [next((line for line in lines if line.strip()), "(") for lines in (gold_lines, test_lines)]
    # One blank file facing trees, or a file whose first line is not a tree: a one-line error.
    if blank[0] != blank[1] or not all(line.lstrip().startswith("(") for line in first):
        assert status == 2 and out == "" and err.count("\n") == 1
        return
    assert status == 0
    assert out.startswith("  Sent.") and "-- len<=40 --" in out


def test_wordless_test_line_is_a_skip_unless_it_is_an_extra_line(tmp_path):
    a, b, c = "(S (NN a) (VB x))", "(S (NN b) (VB y))", "(S (NN c) (VB z))"
    gold = write(tmp_path, "g", a, b, c)
    # A failed parse in place of b: evalb's skip, the rest pairs line by line.
    test = write(tmp_path, "t", a, "(TOP ())", c)
    status, out, err = run([gold, test])
    assert [row[:3] for row in sentences(out)] == [(1, 2, 0), (2, 2, 2), (3, 2, 0)] and err == ""
    assert out == run(["--legacy", gold, test])[1]
    # A blank line printed before b: an extra line, aligned away; b is scored.
    test = write(tmp_path, "t", a, "", b, c)
    status, out, err = run([gold, test])
    assert [row[:3] for row in sentences(out)] == [(1, 2, 0), (2, 2, 0), (3, 2, 0)]
    assert err.startswith("jp_evalb: note: 1 of 3 blocks changed (merged 1);")


def test_one_empty_file_is_an_error_both_empty_keep_evalbs_report(tmp_path):
    empty = write(tmp_path, "empty")
    tree = write(tmp_path, "tree", "(S (NN a) (VB x))")
    for gold, test in ((empty, tree), (tree, empty)):
        status, out, err = run([gold, test])
        assert status == 2 and out == ""
        assert err == f"jp_evalb: error: {empty}:1: the file holds no text, while {gold if test == empty else test} does\n"
    status, out, err = run([empty, empty])
    assert status == 0 and out == run(["--legacy", empty, empty])[1]


def _new_york(tmp_path):
    """A pair evalb rejects (Length unmatch) that aligns 1:1 with word groups of unequal size:
    [New York]=[NewYork] (2:1) and [rocks]=[rocks] (VB against VBZ)."""
    gold = write(tmp_path, "g", "(S (NP (NNP New) (NNP York)) (VP (VB rocks)))")
    test = write(tmp_path, "t", "(S (NP (NNP NewYork)) (VP (VBZ rocks)))")
    (tmp_path / "eq.prm").write_text("EQ_LABEL VB VBZ\n")
    return gold, test


def test_aligned_block_tags_go_through_the_one_tag_scorer(tmp_path, monkeypatch):
    from jp_evalb import blocks, brackets

    gold, test = _new_york(tmp_path)
    calls = []

    def spy(gold_tags, test_tags, params):
        calls.append((list(gold_tags), list(test_tags)))
        return brackets.correct_tags(gold_tags, test_tags, params)

    monkeypatch.setattr(blocks, "correct_tags", spy)
    # Only the tags of the equal-size group are compared; EQ_LABEL pairs count as correct.
    status, out, _ = run([gold, test])
    assert status == 0 and calls == [(["VB"], ["VBZ"])]
    assert sentences(out) == [(1, 3, 0, 3, 3, 3, 0, 3, 0)]
    status, out, _ = run(["-p", tmp_path / "eq.prm", gold, test])
    assert status == 0 and sentences(out) == [(1, 3, 0, 3, 3, 3, 0, 3, 1)]


def test_a_pair_evalb_rejected_is_not_evaluated_again(tmp_path, monkeypatch):
    from jp_evalb import pairing

    gold, test = _new_york(tmp_path)
    lines = write(tmp_path, "lined", "(S (NN a) (VB b))")
    evaluated = []

    def spy(real):
        def evaluate(line_id, gold_tree, test_tree, *args, **kwargs):
            result = real(line_id, gold_tree, test_tree, *args, **kwargs)
            if result is not None:
                evaluated.append((gold_tree.line, test_tree.line))
            return result
        return evaluate

    # (A pair is evaluated by evaluate_pair, or by clean_pair_score where that suffices: it
    # returns None at once for any other pair.)
    monkeypatch.setattr(pairing, "evaluate_pair", spy(pairing.evaluate_pair))
    monkeypatch.setattr(pairing, "clean_pair_score", spy(pairing.clean_pair_score))
    status, out, _ = run([gold, test])
    assert status == 0 and len(evaluated) == 1 and sentences(out)[0][2] == 0
    evaluated.clear()
    assert run([lines, lines])[0] == 0 and len(evaluated) == 1


def test_json_run_stopped_by_bad_input_prints_no_partial_document(tmp_path):
    gold = write(tmp_path, "g", "(S (NN a) (VB x))", "(S (NN b) (VB y))", "(S (NN c) (VB z))")
    (tmp_path / "t").write_bytes(b"(S (NN a) (VB x))\n(S (NN b) (VB y))\n(S (NN \xff) (VB z))\n")
    status, out, err = run(["--json", "--encoding", "utf-8", gold, tmp_path / "t"])
    assert status == 2 and out == ""
    assert err == f"jp_evalb: error: {tmp_path / 't'}:3: invalid UTF-8 at byte 8\n"
    status, out, _ = run(["--json", gold, gold])
    assert status == 0 and json.loads(out)["scores"]["summary"]["all"]["sentences"] == 3


def test_python_api(tmp_path, monkeypatch):
    import doctest
    import warnings

    import jp_evalb

    assert doctest.testmod(jp_evalb).failed == 0
    monkeypatch.chdir(tmp_path)  # (jp_evalb_spmrl writes ./status, as evalb_spmrl does)
    trees = ["(S (NP (PRP It)) (VP (VBD rained)))", "(S (NP (PRP We)) (VP (VBD left)))",
             "(S (NP (PRP They)) (VP (VBD came)))"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        lost = jp_evalb.evaluate(trees, [trees[0], trees[2]], ["-p", "COLLINS"], spmrl=True)
    assert lost["summary"]["all"]["recall"] == 66.67 and lost.summary.kinds["unaligned"] == 1
    assert caught and lost.signature.startswith("tool:jp_evalb_spmrl|")
