"""jp_errant.scorer: errant 3.0.2 compare semantics, checked against hand-computed figures."""
from __future__ import annotations

import random

import pytest

from jp_errant.m2_records import Edit, noop_edit
from jp_errant.edit_sets import coder_edit_sets, compare_edit_sets
from jp_errant.report import format_report, grouped_categories, precision_recall_f
from jp_errant.score_options import ScoreOptions, SentencePair
from jp_errant.scorer import score_corpus


def edit(start, end, kind="R:X", cor="x", coder=0) -> Edit:
    return Edit(start, end, kind, cor, coder)


def test_f_score_conventions() -> None:
    assert precision_recall_f(0, 0, 0, 0.5) == (1.0, 1.0, 1.0)
    assert precision_recall_f(3, 4, 2, 0.5) == (0.4286, 0.6, 0.4545)
    assert precision_recall_f(0, 1, 1, 0.5) == (0.0, 0.0, 0.0)
    with pytest.raises(ZeroDivisionError):
        precision_recall_f(0, 0, 1, 0.0)  # P=1 (no FP), R=0 and beta 0


def test_keys_per_mode() -> None:
    edits = [edit(1, 3, "R:A", "p q"), edit(4, 4, "M:B", "r"), noop_edit(1)]
    assert coder_edit_sets(edits, ScoreOptions(mode="cs")) == {
        0: {(1, 3, "p q"): ["R:A"], (4, 4, "r"): ["M:B"]}, 1: {(-1, -1, "-NONE-"): ["noop"]}}
    assert coder_edit_sets(edits, ScoreOptions(mode="cse"))[0] == {
        (1, 3, "R:A", "p q"): ["R:A"], (4, 4, "M:B", "r"): ["M:B"]}
    assert coder_edit_sets(edits, ScoreOptions(mode="ds"))[0] == {(1, 3): ["R:A"], (4, 4): ["M:B"]}
    assert coder_edit_sets(edits, ScoreOptions(mode="dt")) == {
        0: {(1, 2): ["R:A"], (2, 3): ["R:A"], (4, 5): ["M:B"]}, 1: {(-1, -1): ["noop"]}}


def test_filters_register_coder_first_and_drop_unk_only_in_correction() -> None:
    edits = [edit(0, 1, "UNK", "a", coder=3), edit(0, 3, "R:X", "b", coder=0)]
    assert coder_edit_sets(edits, ScoreOptions()) == {3: {}, 0: {(0, 3, "b"): ["R:X"]}}
    assert coder_edit_sets(edits, ScoreOptions(mode="ds"))[3] == {(0, 1): ["UNK"]}
    assert coder_edit_sets(edits, ScoreOptions(single=True)) == {3: {}, 0: {}}
    assert coder_edit_sets([noop_edit()], ScoreOptions(multi=True)) == {0: {}}
    assert coder_edit_sets(edits, ScoreOptions(filt=("R:X",)))[0] == {}


def test_no_edits_is_one_implicit_noop() -> None:
    assert coder_edit_sets([], ScoreOptions()) == {0: {(-1, -1, "-NONE-"): ["noop"]}}


def test_tp_counts_reference_types_fp_hypothesis_types() -> None:
    hyp = {(1, 2, "a"): ["R:H"], (3, 4, "b"): ["R:H1", "R:H2"]}
    ref = {(1, 2, "a"): ["R:R1", "R:R2"], (5, 6, "c"): ["M:R"]}
    tp, fp, fn, cats = compare_edit_sets(hyp, ref)
    assert (tp, fp, fn) == (2, 2, 1)
    assert cats == {"R:R1": [1, 0, 0], "R:R2": [1, 0, 0], "R:H1": [0, 1, 0], "R:H2": [0, 1, 0],
                    "M:R": [0, 0, 1]}


def test_annotator_choice_uses_rounded_corpus_f_then_tp_fp_fn() -> None:
    # Sentence 0: both ref coders give the same figures -> the first seen (coder 1) wins.
    first = SentencePair([edit(0, 1, cor="a")], [edit(0, 1, cor="a", coder=1), edit(0, 1, cor="a")], "s0")
    # Sentence 1: coder 0 gives TP 1 FN 0, coder 2 TP 1 FN 1 -> coder 0.
    second = SentencePair([edit(2, 3, cor="b")],
                          [edit(2, 3, cor="b", coder=2), edit(4, 5, cor="c", coder=2), edit(2, 3, cor="b")],
                          "s1")
    lines: list[str] = []
    result = score_corpus([first, second], ScoreOptions(verbose=True), lines.append)
    assert (result.tp, result.fp, result.fn) == (2, 0, 0)
    text = "".join(lines)
    assert "^^ HYP 0, REF 1 chosen for sentence 0" in text
    assert "^^ HYP 0, REF 0 chosen for sentence 1" in text
    assert "REFERENCE EDITS  : [(2, 3, 'b', 'R:X'), (4, 5, 'c', 'R:X')]" in text


def test_verbose_list_empty_when_noop_present() -> None:
    pair = SentencePair([noop_edit(), edit(1, 2)], [edit(1, 2)], "s")
    lines: list[str] = []
    score_corpus([pair], ScoreOptions(verbose=True), lines.append)
    assert "HYPOTHESIS EDITS : []\n" in "".join(lines)


def test_category_grouping_like_errant() -> None:
    cats = {"R:NOUN:NUM": [1, 0, 0], "ArtOrDet": [0, 1, 0], "M": [0, 0, 1], "UNK": [1, 1, 1],
            "R:VERB": [2, 0, 0]}
    assert grouped_categories(cats, 1) == {"R": [3, 0, 0], "A": [0, 1, 0], "M": [0, 0, 1],
                                           "UNK": [1, 1, 1]}
    assert grouped_categories(cats, 2) == {"NOUN:NUM": [1, 0, 0], "tOrDet": [0, 1, 0],
                                           "": [0, 0, 1], "UNK": [1, 1, 1], "VERB": [2, 0, 0]}
    assert grouped_categories(cats, 3) == cats


def test_report_layout() -> None:
    pair = SentencePair([edit(0, 1, "R:NOUN", "a"), edit(2, 2, "M:DET", "the")],
                        [edit(0, 1, "R:NOUN", "a"), edit(3, 4, "U:DET", "")], "s")
    options = ScoreOptions(beta=1.0, cat=3)
    report = format_report(score_corpus([pair], options), options)
    assert report == (
        "\n" + "{:=^66}".format(" Span-Based Correction ") + "\n"
        "Category       TP       FP       FN       P        R        F1.0\n"
        "M:DET          0        1        0        0.0      1.0      0.0\n"
        "R:NOUN         1        0        0        1.0      1.0      1.0\n"
        "U:DET          0        0        1        1.0      0.0      0.0\n"
        "\n=========== Span-Based Correction ============\n"
        "TP\tFP\tFN\tPrec\tRec\tF1.0\n1\t1\t1\t0.5\t0.5\t0.5\n" + "=" * 46 + "\n\n"
    )


def _random_edits(rng: random.Random, coders: list[int]) -> list[Edit]:
    edits = []
    for coder in coders:
        for _ in range(rng.randint(0, 4)):
            if rng.random() < 0.15:
                edits.append(noop_edit(coder))
                continue
            start = rng.randint(0, 5)
            end = start + rng.randint(0, 2)
            kind = rng.choice(["R:X", "M:Y", "U:Z", "UNK", "noop"])
            edits.append(Edit(start, end, kind, rng.choice(["", "a", "b c"]), coder))
    rng.shuffle(edits)
    return edits


@pytest.mark.parametrize("flags", [
    {}, {"mode": "cse"}, {"mode": "ds"}, {"mode": "dt"}, {"single": True}, {"multi": True},
    {"filt": ("M:Y",)}, {"beta": 2.0}, {"beta": -1.0}, {"cat": 3},
])
def test_fast_choice_equals_errant_loop(flags: dict) -> None:
    """Without -v the annotator choice is made from counts alone (and F only where counts
    differ); with -v every pair is scored as errant does. Both must agree on random input
    (duplicates, noops, UNK, several annotators)."""
    rng = random.Random(4)
    for _ in range(150):
        pairs = [SentencePair(_random_edits(rng, rng.choice([[0], [0], [0, 1], [2]])),
                              _random_edits(rng, rng.choice([[0], [0, 1], [1, 0, 2], [3, 0, 1, 2]])),
                              "s")
                 for _ in range(rng.randint(1, 8))]
        fast = score_corpus(pairs, ScoreOptions(**flags))
        errant_loop = score_corpus(pairs, ScoreOptions(verbose=True, **flags), lambda text: None)
        assert (fast.tp, fast.fp, fast.fn) == (errant_loop.tp, errant_loop.fp, errant_loop.fn)
        assert fast.categories == errant_loop.categories
        assert fast.sentences == errant_loop.sentences == len(pairs)


def test_categories_are_only_kept_when_asked() -> None:
    pair = SentencePair([edit(0, 1, "R:NOUN", "a")], [edit(0, 1, "R:NOUN", "a")], "s")
    assert score_corpus([pair], ScoreOptions(categories=False)).categories == {}
    assert score_corpus([pair], ScoreOptions()).categories == {"R:NOUN": [1, 0, 0]}


@pytest.mark.parametrize("verbose", [False, True])
def test_ties_at_zero_f_go_to_fewer_fp_then_fewer_fn(verbose: bool) -> None:
    # No TP anywhere: every pair has F = 0, so FP and then FN decide.
    fewer_fn = SentencePair([edit(0, 1, cor="h")],
                            [edit(2, 3, coder=1), edit(3, 4, coder=1), edit(2, 3)], "s")
    fewer_fp = SentencePair([edit(0, 1, cor="h"), edit(1, 2, cor="i"), edit(5, 6, coder=1)],
                            [edit(4, 5)], "s")
    options = ScoreOptions(verbose=verbose)
    first = score_corpus([fewer_fn], options, lambda text: None)
    assert (first.tp, first.fp, first.fn) == (0, 1, 1)
    second = score_corpus([fewer_fp], options, lambda text: None)
    assert (second.tp, second.fp, second.fn) == (0, 1, 1)
