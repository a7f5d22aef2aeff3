"""jp_wisebe: WiSeBE multi-reference segmentation scoring."""
from __future__ import annotations

import itertools
import json
import math
import re

from jp_preprocess.segmentation import normalize_line
from hypothesis import given, settings
from hypothesis import strategies as st

from jp_preprocess.wisebe import fleiss_kappa, general_reference, score, score_against_borders, single_windows, windows
from tests.datafiles import data_path
from tests.toolrun import run_tool


def run(argv):
    """jp_wisebe in-process (tests/toolrun.py): (status, stdout, stderr)."""
    result = run_tool("jp_wisebe", argv)
    return result.returncode, result.out, result.err


def run_json(argv):
    status, out, err = run(argv + ["--json"])
    assert status == 0, err
    document = json.loads(out)
    # The alignment note (stderr) appears exactly when a re-tokenized file was projected
    # (one reference gets a note of its own).
    assert document["tool"] == "jp_wisebe"
    assert (document["alignment"]["summary"]["changed"] > 0) == ("tokenized differently" in err)
    return document["scores"]


def references(*numbers):
    return [str(data_path("wisebe", "references", f"reference_{n}.txt")) for n in numbers]


def candidate(name="A"):
    return str(data_path("wisebe", "candidate", f"candidate_{name}.txt"))


def r3(x):
    return round(x, 3)


# --- the published figures (cic4k/wisebe README, shared/data/wisebe/SOURCES.md) ---------------

def test_published_figures_order_1_3_2():
    data = run_json(["-r", *references(1, 3, 2), "-c", candidate("A"), "-m", "4"])
    assert [ref["borders"] for ref in data["references"]] == [99, 40, 88]
    assert data["common_borders"] == 115
    assert data["pondered_common_borders"] == 188
    assert data["max_borders"] == 345
    assert round(data["agreement_ratio"], 4) == 0.5449
    assert round(data["fleiss_kappa"], 4) == 0.6347
    assert round(data["fleiss_kappa_borders"], 4) == -0.0175
    cand = data["candidate"]
    assert cand["borders"] == 109 and not cand["realigned"]
    rows = [(r3(r["precision"]), r3(r["recall"]), r3(r["f1"])) for r in cand["per_reference"]]
    assert rows == [(0.495, 0.545, 0.519), (0.220, 0.600, 0.322), (0.459, 0.568, 0.508)]
    average = cand["average"]
    assert (r3(average["f1"]), r3(average["precision"]), r3(average["recall"])) == (0.450, 0.391, 0.571)
    window = cand["windows"]
    assert (r3(window["precision"]), r3(window["recall"]), r3(window["f1"])) == (0.560, 0.567, 0.563)
    assert r3(cand["wisebe"]) == 0.307
    assert math.isclose(cand["wisebe"], window["f1"] * data["agreement_ratio"])


def test_published_figures_in_text_output():
    status, out, err = run(["-r", *references(1, 3, 2), "-c", candidate("A"), "-m", "4"])
    assert status == 0 and err == ""
    for line in ["common borders (cm)", "agreement ratio (AR)"]:
        assert line in out
    assert re.search(r"agreement ratio \(AR\)\s+0\.5449\n", out)
    assert re.search(r"Fleiss kappa\s+0\.6347\n", out)
    assert re.search(r"Fleiss kappa on borders\s+-0\.0175\n", out)
    assert re.search(r"vs reference_3\.txt\s+0\.220\s+0\.600\s+0\.322\n", out)
    assert re.search(r"vs windows\s+0\.560\s+0\.567\s+0\.563\n", out)
    assert re.search(r"WiSeBE \(F1 x AR\)\s+0\.307\n", out)


def test_reference_order_changes_only_the_order_of_per_reference_rows():
    results = {}
    for order in itertools.permutations((1, 2, 3)):
        results[order] = run_json(["-r", *references(*order), "-c", candidate("A"), "-m", "4"])
    first = results[(1, 2, 3)]
    by_file = {row["file"]: row for row in first["candidate"]["per_reference"]}
    for order, data in results.items():
        for key in ["common_borders", "pondered_common_borders", "max_borders", "agreement_ratio",
                    "fleiss_kappa", "fleiss_kappa_borders", "windows", "words"]:
            assert data[key] == first[key], (order, key)
        assert data["candidate"]["windows"] == first["candidate"]["windows"]
        assert data["candidate"]["wisebe"] == first["candidate"]["wisebe"]
        for row in data["candidate"]["per_reference"]:
            assert row == by_file[row["file"]]
        for key in ["precision", "recall", "f1"]:
            assert math.isclose(data["candidate"]["average"][key], first["candidate"]["average"][key])


def test_directory_of_references_is_read_in_sorted_order():
    folder = str(data_path("wisebe", "references"))
    data = run_json(["-r", folder, "-c", candidate("B"), "-m", "4"])
    assert [ref["file"].rsplit("/", 1)[1] for ref in data["references"]] == [
        "reference_1.txt", "reference_2.txt", "reference_3.txt"]
    assert data["common_borders"] == 115 and data["candidate"]["borders"] == 93


def test_retokenized_candidate_is_aligned_and_scores_the_same(tmp_path):
    # Split clitics off ("it's" -> "it 's") and glue hyphen-free word pairs never: only the
    # tokenization changes, so every score must be unchanged.
    source = open(candidate("A"), encoding="utf-8").read()
    retokenized = re.sub(r"(\w)'(\w)", r"\1 '\2", source)
    assert retokenized != source
    path = tmp_path / "candidate_A_retok.txt"
    path.write_text(retokenized, encoding="utf-8")
    plain = run_json(["-r", *references(1, 3, 2), "-c", candidate("A"), "-m", "4"])
    aligned = run_json(["-r", *references(1, 3, 2), "-c", str(path), "-m", "4"])
    assert aligned["candidate"]["realigned"] is True
    for key in ["borders", "per_reference", "windows", "wisebe"]:
        if key == "per_reference":
            for a, b in zip(aligned["candidate"][key], plain["candidate"][key]):
                assert {k: v for k, v in a.items() if k != "file"} == {k: v for k, v in b.items() if k != "file"}
        else:
            assert aligned["candidate"][key] == plain["candidate"][key]


# --- small cases -------------------------------------------------------------------------------

def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_normalization_lowercases_and_strips_wisebe_punctuation():
    assert normalize_line("Hello, World! It's the U.S.; ok?") == ["hello", "world", "it's", "the", "u", "s", "ok"]


def test_window_rule_joins_borders_at_most_min_window_apart():
    general = [0, 1, 0, 0, 1, 0, 0, 0, 0, 2, 0, 3]
    assert windows(general, 3) == [(1, 4), (9, 11)]
    assert windows(general, 2) == [(1, 1), (4, 4), (9, 11)]
    assert windows(general, 5) == [(1, 11)]


def test_score_counts_borders_in_windows_and_windows_hit():
    result = score([1, 0, 0, 1, 0, 1, 1], [(0, 1), (3, 3), (6, 6)])
    assert (result.candidate_borders, result.borders_in_windows, result.windows_with_border) == (4, 3, 3)
    assert math.isclose(result.precision, 0.75) and math.isclose(result.recall, 1.0)
    empty = score([0, 0, 0], [(0, 1)])
    assert (empty.precision, empty.recall, empty.f1) == (0.0, 0.0, 0.0)


def test_fleiss_kappa_by_hand():
    # Three raters, four positions: border counts 3, 0, 1, 3.
    counts = [3, 0, 1, 3]
    p_border = 7 / 12
    expected_agreement = p_border ** 2 + (1 - p_border) ** 2
    observed = (1 + 1 + 1 / 3 + 1) / 4
    assert math.isclose(fleiss_kappa(counts, 3), (observed - expected_agreement) / (1 - expected_agreement))
    assert math.isnan(fleiss_kappa(counts, 1))
    assert general_reference([[1, 0], [1, 1]]) == [2, 1]


def test_small_example_end_to_end(tmp_path):
    ref1 = write(tmp_path, "r1.txt", "A b c.\nD e f g.\nH i.\n")
    ref2 = write(tmp_path, "r2.txt", "a b c d e f g.\nh i\n")
    cand = write(tmp_path, "c.txt", "a b.\nc d e f g h i\n")
    data = run_json(["-r", ref1, ref2, "-c", cand, "-m", "1"])
    # Border positions: ref1 after c(2), g(6), i(8); ref2 after g(6), i(8).
    assert data["common_borders"] == 3 and data["pondered_common_borders"] == 4
    assert data["windows"] == 3
    window = data["candidate"]["windows"]
    # Candidate borders after b(1) and i(8): only i is inside a window.
    assert (window["borders_in_windows"], window["windows_with_border"]) == (1, 1)


def test_empty_lines_and_punctuation_only_lines_add_no_border(tmp_path):
    ref = write(tmp_path, "r.txt", "a b\n\n . \nc d\n")
    data = run_json(["-r", ref])
    assert data["references"][0]["borders"] == 2


# --- bad input ---------------------------------------------------------------------------------

def test_missing_file_is_one_line_error(tmp_path):
    status, out, err = run(["-r", str(tmp_path / "nope.txt")])
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("jp_wisebe: error: ") and "nope.txt" in err


def test_invalid_utf8_names_file_and_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"a b c\nd \xff e\n")
    status, out, err = run(["-r", str(path)])
    assert status == 2 and err.count("\n") == 1
    assert f"{path}:2: invalid UTF-8" in err


def test_references_with_different_words_name_the_word_and_line_in_each_file(tmp_path):
    ref1 = write(tmp_path, "r1.txt", "a b c\nd e f\ng h\n")
    ref2 = write(tmp_path, "r2.txt", "a b c d\ne x f g h\n")
    status, out, err = run(["-r", ref1, ref2])
    assert status == 2 and err.count("\n") == 1
    assert f"{ref2}:2: word 'x' differs from 'f' at {ref1}:2" in err


def test_candidate_with_different_words_is_an_error(tmp_path):
    ref1 = write(tmp_path, "r1.txt", "a b c\nd e f\n")
    cand = write(tmp_path, "c.txt", "a b c d\nzz f\n")
    status, out, err = run(["-r", ref1, "-c", cand])
    assert status == 2 and err.count("\n") == 1 and f"{cand}:2:" in err and "'zz'" in err


def test_legacy_and_bad_options_are_usage_errors(tmp_path):
    ref = write(tmp_path, "r.txt", "a b\n")
    status, out, err = run(["--legacy", "-r", ref])  # every option is known: the error line alone
    assert status == 2 and err.count("\n") == 1 and err.startswith("jp_wisebe: error: --legacy")
    for argv in (["-r", ref, "-m", "-1"], ["-r", ref, "--bogus"], ["-r", ref, "--lang", "xx"]):
        status, out, err = run(argv)  # the usage, then one error line
        usage, error = err.splitlines()
        assert status == 2 and out == "" and usage.startswith("usage: jp_wisebe ")
        assert error.startswith("jp_wisebe: error: "), err


def test_retokenized_reference_and_curly_quotes_are_aligned(tmp_path):
    ref1 = write(tmp_path, "r1.txt", "he said \"it's fine\".\nwe go home\n")
    ref2 = write(tmp_path, "r2.txt", "he said \u201cit 's\nfine\u201d . we go home\n")
    data = run_json(["-r", ref1, ref2])
    assert [r["realigned"] for r in data["references"]] == [False, True]
    # ref2's borders land after "'s" (so after the group '"it\'s', position 2) and after "home" (6).
    assert data["common_borders"] == 3 and data["pondered_common_borders"] == 2
    assert data["references"][1]["borders"] == 2


# --- hardening (issues 11 and 15) --------------------------------------------------------------

def test_difference_on_the_first_line_is_reported_without_reading_on(tmp_path):
    # Streamed: the first file's later bytes (not UTF-8 here) are never reached.
    ref1 = tmp_path / "r1.txt"
    ref1.write_bytes(b"word0\nword1\n\xff\xfe\n")
    ref2 = write(tmp_path, "r2.txt", "different\nword1\n")
    status, out, err = run(["-r", str(ref1), ref2])
    assert status == 2 and out == ""
    assert err == (f"jp_wisebe: error: {ref2}:1: word 'different' differs from 'word0' at {ref1}:1 "
                   "(the words must be the same)\n")


def test_long_words_are_quoted_cut(tmp_path):
    ref1 = write(tmp_path, "r1.txt", "a" * 1_000_000 + "\n")
    ref2 = write(tmp_path, "r2.txt", "b" * 1_000_000 + "\n")
    status, _, err = run(["-r", ref1, ref2])
    # One line of bounded length (the file names aside, which depend on the test's folder).
    assert status == 2 and err.count("\n") == 1 and len(err) - len(str(ref1)) - len(str(ref2)) < 300
    assert f"word '{'b' * 80}...' differs from '{'a' * 80}...' at {ref1}:1" in err


def test_empty_reference_directory_is_an_error(tmp_path):
    empty = tmp_path / "refs"
    empty.mkdir()
    ref = write(tmp_path, "r.txt", "a b\nc\n")
    status, out, err = run(["-r", str(empty), ref, "-c", ref])
    assert status == 2 and out == ""
    assert err == f"jp_wisebe: error: {empty}: the directory holds no reference file\n"


CONLLU = """# text = A b.
1\tA\ta\tDET\t_\t_\t2\tdet\t_\t_
2\tb\tb\tNOUN\t_\t_\t0\troot\t_\tSpaceAfter=No
3\t.\t.\tPUNCT\t_\t_\t2\tpunct\t_\t_

1\tC\tc\tNOUN\t_\t_\t0\troot\t_\t_

"""


def test_conllu_reference_is_read_as_segments_like_preprocess_eval(tmp_path):
    conllu = write(tmp_path, "r1.conllu", CONLLU)
    text = write(tmp_path, "r2.txt", "a\nb c\n")
    data = run_json(["-r", conllu, text, "-c", text])
    assert data["words"] == 3
    assert [r["borders"] for r in data["references"]] == [2, 2]
    assert data["common_borders"] == 3 and data["pondered_common_borders"] == 2


def test_conllu_with_other_words_blames_the_file_that_differs(tmp_path):
    conllu = write(tmp_path, "r1.conllu", CONLLU)
    text = write(tmp_path, "r2.txt", "a b\nd\n")
    status, _, err = run(["-r", conllu, text])
    assert status == 2 and err == (f"jp_wisebe: error: {text}:2: word 'd' differs from 'c' at "
                                   f"{conllu}:6 (the words must be the same)\n")


def test_one_reference_says_why_ar_and_wisebe_are_zero(tmp_path):
    ref = write(tmp_path, "r.txt", "a b\nc d\n")
    cand = write(tmp_path, "c.txt", "a b\nc d\n")
    status, out, err = run(["-r", ref, "-c", cand])
    assert status == 0 and out.endswith("WiSeBE (F1 x AR)    0.000\n")
    assert err == ("jp_wisebe: note: with one reference no border can be shared by two references "
                   "(cmp = 0), so AR and WiSeBE are 0 by definition; read the 'vs' row of the "
                   "reference instead\n")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), max_size=30))
def test_score_against_borders_equals_one_window_per_border(pairs):
    candidate = [c for c, _ in pairs]
    borders = [r for _, r in pairs]
    assert score_against_borders(candidate, borders) == score(candidate, single_windows(borders))


def test_file_that_ends_early_reads_end_of_file_on_the_line_after_its_last(tmp_path):
    ref1 = write(tmp_path, "r1.txt", "a b\nc d\n")
    ref2 = write(tmp_path, "r2.txt", "a\nb c\n")
    status, _, err = run(["-r", ref1, ref2])
    assert status == 2 and err == (f"jp_wisebe: error: {ref2}:3: word '<end of file>' differs from "
                                   f"'d' at {ref1}:2 (the words must be the same)\n")
