"""jp_evalb.scoring: evalb's matching, crossing, tags, statuses and totals."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from jp_evalb.params import Params
from jp_evalb.report import sentence_line, summary
from jp_evalb.brackets import (
    LabelTable,
    count_crossing,
    count_matches,
    first_crossing_gold,
    match_brackets,
    reader_keys,
    score_brackets,
    survivors,
)
from jp_evalb.scoring import evaluate_pair
from jp_evalb.totals import STATUS_ERROR, STATUS_OK, STATUS_SKIP, RunTotals, SentenceScore
from jp_evalb.trees import ReadOptions, read_tree
from jp_evalb.variant import cut_label

COLLINS = Params(
    delete_labels=("TOP", "-NONE-", ",", ":", "``", "''", "."),
    delete_labels_for_length=("-NONE-",),
    eq_labels=(("ADVP", "PRT"),),
)


def evaluate(gold: str, test: str, params: Params = COLLINS):
    """evalb's result for one pair, checked to be the same whether the trees come from the
    exact scanner (all brackets) or from the fast reader (the scored brackets only)."""
    table = LabelTable(params)
    results = []
    for keys in (None, reader_keys(params, table)):
        options = ReadOptions.from_params(params, keys=keys)
        g, t = read_tree(gold, options), read_tree(test, options)
        results.append(evaluate_pair(1, g, t, params, table, read_error=bool(g.errors or t.errors)))
    assert results[0].score == results[1].score and results[0].error == results[1].error
    return results[1]


def test_cut_label():
    assert [cut_label(x) for x in ["NP-SBJ-2", "NP=3", "ADVP-TMP", "-NONE-", "=X", "S"]] == \
        ["NP", "NP", "ADVP", "", "", "S"]


def test_spec_example_label_error():
    gold = "(S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .))"
    test = gold.replace("(PP", "(ADVP")
    line = sentence_line(evaluate(gold, test).score)
    assert line == "   1    7    0   80.00  80.00     4      5    5      0      6     6   100.00\n"


def test_survivors_drop_zero_span_deleted_and_eq_partners():
    params = Params(delete_labels=("ADVP",), eq_labels=(("ADVP", "PRT"),))
    table = LabelTable(params)
    brackets = [[0, 3, "S-1"], [0, 0, "NP"], [1, 2, "PRT"], [1, 3, "ADVP-TMP"], [2, 3, "VP=2"]]
    assert survivors(brackets, table) == [(0, 3, "S"), (2, 3, "VP")]


def test_duplicate_unary_brackets_match_one_to_one():
    gold = [(0, 2, "NP"), (0, 2, "NP"), (0, 2, "NP")]
    test = [(0, 2, "NP"), (0, 2, "NP")]
    assert match_brackets(gold, test, Params()) == [0, 1, -1]
    assert count_matches(gold, test, Params()) == 2


def test_unlabeled_matching():
    params = Params(labeled=0)
    assert count_matches([(0, 2, "NP"), (1, 2, "VP")], [(0, 2, "S"), (1, 2, "X")], params) == 2


def test_non_transitive_eq_label_uses_first_fit():
    params = Params(eq_labels=(("A", "B"), ("B", "C")))
    gold, test = [(0, 1, "B"), (0, 1, "A")], [(0, 1, "A"), (0, 1, "C")]
    # First fit: gold B takes test A, then gold A cannot take C.
    assert match_brackets(gold, test, params) == [0, -1]
    assert count_matches(gold, test, params) == 1


SPANS = st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.sampled_from("ABCPQ")), max_size=10)


@settings(deadline=None)
@given(SPANS, SPANS, st.sampled_from([Params(), Params(eq_labels=(("A", "B"),)), Params(labeled=0)]))
def test_count_matches_equals_first_fit(gold, test, params):
    table = LabelTable(params)
    gold = [(s, e, table[label]) for s, e, label in gold]
    test = [(s, e, table[label]) for s, e, label in test]
    first_fit = sum(1 for j in match_brackets(gold, test, params) if j >= 0)
    assert count_matches(gold, test, params) == first_fit


@settings(deadline=None)
@given(SPANS, SPANS)
def test_crossing_equals_pairwise_definition(gold, test):
    expected = sum(1 for i in first_crossing_gold(gold, test) if i >= 0)
    assert count_crossing(gold, test) == expected


@st.composite
def nested_spans(draw, start=0, depth=0):
    """The brackets of a random tree over positions from ``start``: (brackets, end)."""
    if depth > 3 or draw(st.booleans()):
        return [], start + draw(st.integers(0, 2))
    brackets, end = [], start
    for _ in range(draw(st.integers(1, 3))):
        inner, end = draw(nested_spans(end, depth + 1))
        brackets.extend(inner)
    label = draw(st.sampled_from("ABCPQ"))
    return [(start, end, label)] + brackets, end


@settings(deadline=None)
@given(nested_spans(), SPANS, st.sampled_from([Params(), Params(eq_labels=(("A", "B"),)), Params(labeled=0),
                                              Params(eq_labels=(("A", "B"), ("B", "C")))]))
def test_score_brackets_shortcut_for_one_gold_tree(gold, test, params):
    # The shortcut taken for a gold tree (one set for matches and crossing, only the test
    # brackets without a gold twin checked for crossing) gives the general figures.
    table = LabelTable(params)
    gold = [(s, e, table[label]) for s, e, label in gold[0] if s != e]
    test = [(s, e, table[label]) for s, e, label in test] + gold[::2]
    shortcut = score_brackets(gold, test, params, gold_nested=True)
    expected_match = sum(1 for j in match_brackets(gold, test, params) if j >= 0)
    expected_crossing = sum(1 for i in first_crossing_gold(gold, test) if i >= 0)
    assert shortcut[:4] == (expected_match, len(gold), len(test), expected_crossing)


@settings(deadline=None)
@given(SPANS, st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.just("X")), min_size=5, max_size=12))
def test_crossing_with_many_test_brackets_equals_pairwise_definition(gold, test):
    # (Up to 4 test brackets are compared pairwise; more use the position tables.)
    expected = sum(1 for i in first_crossing_gold(gold, test) if i >= 0)
    assert count_crossing(gold, test) == expected
    assert count_crossing(gold, test[:3]) == sum(1 for i in first_crossing_gold(gold, test[:3]) if i >= 0)


def test_crossing_counts_test_brackets_once():
    gold = [(0, 2, "A"), (2, 4, "B")]
    test = [(1, 3, "X")]  # crosses both gold brackets, counted once
    assert count_crossing(gold, test) == 1
    assert count_crossing([(0, 4, "A"), (1, 3, "B")], [(1, 2, "X"), (0, 3, "Y")]) == 0


def test_status_rules():
    tree = "(S (NP (NN a)) (VP (VB b)))"
    assert evaluate(tree, "").score.status == STATUS_SKIP
    assert evaluate("", tree).score == SentenceScore(1, 0, STATUS_ERROR)
    assert evaluate(tree, "(S (NN a))").error == "Length unmatch (2|1)\n"
    assert evaluate(tree, tree.replace("b", "c")).error == "Words unmatch (b|c)\n"
    assert evaluate(tree, tree.replace("(NN a)", "(NN A)")).score.status == STATUS_ERROR


def test_read_error_keeps_figures_with_status_1():
    ev = evaluate("(S (NP (NN a)) (VP (VB b))", "(S (NP (NN a)) (VP (VB b)))")
    assert ev.score.status == STATUS_ERROR and ev.error is None
    assert ev.score.match == 2 and ev.score.gold == 3 and ev.score.test == 3


def test_quote_repair_reinserts_the_deleted_quote():
    params = Params(delete_labels=("''",), quote_labels=("''", "POS"))
    gold = "(S (NP (NP (NNS friends) (POS ')) (NN x)) (VP (VB go)))"
    test = "(S (NP (NP (NNS friends) ('' ')) (NN x)) (VP (VB go)))"
    ev = evaluate(gold, test, params)
    assert ev.error is None and ev.score.status == STATUS_OK
    assert ev.score.words == 4 and ev.score.match == 4


def test_totals_and_nan():
    totals = RunTotals(40)
    text = summary(totals.all, totals.short, 40)
    assert "Bracketing FMeasure       =   -nan\n" in text
    assert "      0     0     0.00\n" in text
    totals.add(SentenceScore(1, 50, STATUS_OK, 2, 4, 2, 0, 5, 5))
    totals.add(SentenceScore(2, 3, STATUS_SKIP))
    assert (totals.all.sentences, totals.all.valid, totals.short.sentences, totals.short.skips) == (2, 1, 1, 1)
    assert abs(totals.all.fmeasure - 200 / 3) < 1e-9 and totals.short.fmeasure is None  # R 50, P 100
