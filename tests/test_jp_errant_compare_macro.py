"""``jp_errant_compare --average macro``: the macro average over error types (errant PR #52)
beside errant's micro figures, with ``-cat 1/2/3``, in the report and the JSON document."""
from __future__ import annotations

import json

import pytest

from jp_errant.report import macro_average
from jp_errant.score_options import CorpusResult, ScoreOptions
from tests.datafiles import data_path
from tests.toolrun import run_tool


def test_macro_average_is_the_mean_of_the_table_rows():
    result = CorpusResult(3, 3, 4, 2, {"R:NOUN": [2, 1, 1], "M:DET": [0, 2, 0], "U:PUNCT": [1, 0, 3]})
    # errant's computeFScore per row: R:NOUN P 2/3 R 2/3 F 2/3; M:DET P 0 R 1 (no FN) F 0;
    # U:PUNCT P 1 (no FP) R 1/4 F0.5 = 1.25 * 0.25 / (0.25 + 0.25) = 0.625.
    types, p, r, f = macro_average(result, ScoreOptions())
    assert types == 3
    assert p == round((0.6667 + 0.0 + 1.0) / 3, 4)
    assert r == round((0.6667 + 1.0 + 0.25) / 3, 4)
    assert f == round((0.6667 + 0.0 + 0.625) / 3, 4)
    assert macro_average(result, ScoreOptions(), level=1) == (3, *macro_average(result, ScoreOptions())[1:])
    assert macro_average(CorpusResult(), ScoreOptions()) == (0, None, None, None)


def _run(argv):
    """jp_errant_compare in-process (tests/toolrun.py): (status, stdout, stderr)."""
    result = run_tool("jp_errant_compare", argv)
    return result.returncode, result.out, result.err


@pytest.mark.parametrize("cat", [None, 1, 2, 3])
def test_conll14_per_type_totals_are_the_micro_figures(cat):
    """CoNLL-14 (GPT-4.1 against the official two-annotator reference): the per-type TP, FP
    and FN of the -cat table add up to errant's micro figures, and the macro figures are the
    means of the table's rows; the report without --average is unchanged."""
    from tests.test_jp_shims_tools import validate

    hyp = str(data_path("gec", "sys.conll14.gpt-4.1.minedit.m2"))
    ref = str(data_path("gec", "conll14.official-2014.combined.m2"))
    argv = ["-hyp", hyp, "-ref", ref] + ([] if cat is None else ["-cat", str(cat)])
    status, document_text, _ = _run(argv + ["--json", "--average", "macro"])
    assert status == 0
    document = json.loads(document_text)
    validate(document)
    scores = document["scores"]
    categories = scores["categories"]
    assert scores["category_level"] == (cat or 3)
    for count in ("tp", "fp", "fn"):
        assert sum(row[count] for row in categories.values()) == scores[count], count
    assert (scores["tp"], scores["fp"], scores["fn"]) == (1341, 802, 1447)  # errant's micro figures (docs)
    macro = scores["macro"]
    assert macro["types"] == len(categories) > 1
    for figure in ("precision", "recall", "f"):
        assert macro[figure] == round(sum(row[figure] for row in categories.values()) / len(categories), 4)
    status, plain, _ = _run(argv)
    status, text, _ = _run(argv + ["--average", "macro"])
    assert text.startswith(plain) and text != plain
    macro_lines = text[len(plain):].splitlines()
    assert macro_lines[0].strip("= ") == f"Macro-average over error types (-cat {cat or 3})"
    assert macro_lines[2].split("\t") == [str(macro["types"]), str(macro["precision"]), str(macro["recall"]),
                                          str(macro["f"])]
    assert _run(argv + ["--average", "micro"])[1] == plain


def test_legacy_mode_has_no_average_option():
    status, out, err = _run(["--legacy", "-hyp", "h.m2", "-ref", "r.m2", "--average", "macro"])
    assert status == 2 and out == ""
    assert err == ("jp_errant_compare: error: --average is an option of JP mode; --legacy behaves as "
                   "errant_compare, which has no such option\n")


def test_average_is_matched_only_in_full():
    status, out, err = _run(["-hyp", "h.m2", "-ref", "r.m2", "--av", "macro"])
    assert status == 2 and out == "" and "unrecognized arguments: --av" in err


def test_mixed_schemes_are_named_only_when_the_types_never_meet():
    from jp_errant.report import mixed_schemes

    # false positives under errant's types, hits and misses under NUCLE's: never the same type
    mixed = CorpusResult(3, 3, 3, 1, {"M:DET": [0, 1, 0], "R:VERB": [0, 1, 0], "U:PUNCT": [0, 1, 0],
                                      "ArtOrDet": [1, 0, 1], "Vt": [1, 0, 1], "Prep": [1, 0, 1]})
    caveat = mixed_schemes(mixed)
    assert caveat and "(M:DET, R:VERB, U:PUNCT)" in caveat and "(ArtOrDet, Prep, Vt)" in caveat
    # one type on both sides (the usual case: one scheme), or too few types to tell: nothing
    one_scheme = CorpusResult(3, 3, 3, 1, {**mixed.categories, "M:DET": [1, 1, 0]})
    assert mixed_schemes(one_scheme) is None
    assert mixed_schemes(CorpusResult(1, 1, 0, 1, {"M:DET": [0, 1, 0], "Vt": [1, 0, 0]})) is None


def _two_schemes(folder):
    """(ref, hyp) M2 files of one sentence: NUCLE-typed reference edits, errant-typed
    hypothesis edits, never the same edit (so never the same type)."""
    def m2(edits):
        return "S he go to school in the monday and eat apple\n" + "".join(
            f"A {edit}|||REQUIRED|||-NONE-|||0\n" for edit in edits) + "\n"

    ref, hyp = folder / "ref.m2", folder / "hyp.m2"
    ref.write_text(m2(["1 2|||Vform|||goes", "5 6|||ArtOrDet|||-NONE-", "8 9|||SVA|||eats"]), encoding="utf-8")
    hyp.write_text(m2(["1 2|||R:VERB:SVA|||went", "4 5|||R:PREP|||on", "9 10|||R:NOUN:NUM|||apples"]),
                   encoding="utf-8")
    return ref, hyp


@pytest.mark.parametrize("options", [["-cat", "3"], ["--average", "macro"], []])
def test_the_caveat_is_a_note_of_per_type_runs(tmp_path, options):
    ref, hyp = _two_schemes(tmp_path)
    status, out, err = _run([*options, "-hyp", str(hyp), "-ref", str(ref)])
    assert status == 0 and out
    notes = [line for line in err.splitlines() if "have none in common" in line]
    assert len(notes) == (1 if options else 0)
    if options:
        assert notes[0].startswith("jp_errant_compare: note: the hypothesis's edit types (R:NOUN:NUM, R:PREP, "
                                   "R:VERB:SVA) and the reference's (ArtOrDet, SVA, Vform)")


def test_the_python_api_warns_with_the_caveat(tmp_path):
    import warnings

    import jp_errant
    from jp_shims import JPFiguresWarning

    ref, hyp = _two_schemes(tmp_path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        jp_errant.evaluate(str(hyp), str(ref), cat=3)
    assert [w.category for w in caught] == [JPFiguresWarning]
    assert "have none in common" in str(caught[0].message)
