"""Breakdowns in ``--compare`` significance (issue 25 build item 2, last sentence).

jp_conll18_ud_eval/jp_udeval ``--breakdown``, jp_errant_compare ``-cat``/``--average macro``
and jp_m2scorer ``--per-type`` add per-group rows to the significance table: the per-group
totals of the significance statistics are the counts the tool prints (on real data, for the
baseline and the compared system), a group's score is the figure the breakdown table prints,
and without a breakdown the table is what the plain statistics give (nothing added). The
payload of :class:`~jp_shims.significance.ChoiceCounts` is checked against a choice made by
hand.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from jp_shims import registry
from jp_shims.runner import statistics
from jp_shims.significance.cli import format_table
from jp_shims.significance.groups import GroupedStatistics, prepare, system_counts
from jp_shims.significance.resampling import ChoiceCounts, compare
from tests.datafiles import data_path
from tests.toolrun import run_tool

SAMPLES = ["--paired-bs-n", "50"]


def _json(script: str, argv: list) -> dict:
    result = run_tool(script, [*argv, "--json"])
    assert result.returncode == 0, result.err
    return json.loads(result.stdout)


def _group_totals(tool, gold: str, systems: list, options: list) -> tuple:
    """Every system's totals of the significance statistics, split into the usual counts and
    the per-group counters ``{(key, group): counters}``, as ``--compare`` lays them out."""
    stats = [statistics(tool, gold, system, options) for system in systems]
    assert all(isinstance(s, GroupedStatistics) for s in stats)
    metric, names = tool.metric(tool.parse_options(options))
    counted, _, all_names, rows = prepare(stats, metric, names)
    scoring = stats[0].scoring
    union = scoring.order(list(dict.fromkeys(g for s in stats for block in s.groups
                                             for g in (block if isinstance(block, dict) else
                                                       [k for c in block for k in c]))))
    found = []
    for system in counted:
        totals = np.asarray(system.totals()).astype(int).tolist()
        base = len(totals) - len(union) * scoring.fields
        found.append((totals[:base], {group: totals[base + k * scoring.fields:base + (k + 1) * scoring.fields]
                                      for k, group in enumerate(union)}))
    return found, all_names, rows


# -- jp_conll18_ud_eval / jp_udeval --breakdown ------------------------------------------------

def test_conll18_group_totals_are_the_printed_breakdowns():
    """EWT test against a system that splits and merges tokens (and gold against itself):
    the per-group totals of the statistics are the JSON breakdown counts of each system, the
    LAS[...] scores the breakdown table's LAS F1, and the rows are named and sized."""
    gold = str(data_path("ud", "UD_English-EWT", "en_ewt-ud-test.conllu"))
    system = str(data_path("ud", "derived", "en_ewt-ud-test.sys-mix.conllu"))
    options = ["--breakdown", "deprel", "--breakdown", "direction"]
    tool = registry.load("jp_conll18_ud_eval")
    found, names, rows = _group_totals(tool, gold, [system, gold], options)
    document = _json("jp_conll18_ud_eval", [gold, system, *options, *SAMPLES, "--compare", gold])
    fields = ("gold", "system", "gold_unmatched", "system_unmatched", "uas_gold", "uas_system", "las_gold",
              "las_system")
    for (_, groups), scores in zip(found, [document["scores"], document["compared"][0]["scores"]]):
        printed = {(key, group): [counts[field] for field in fields]
                   for key, table in scores["breakdowns"].items() for group, counts in table.items()}
        assert {g: c for g, c in groups.items() if any(c)} == printed
        assert sum(c[0] for (key, _), c in groups.items() if key == "deprel") == scores["Words"]["gold_total"]
    significance = document["significance"]
    baseline = significance["systems"][0]["metrics"]
    breakdowns = document["scores"]["breakdowns"]
    for group, counts in breakdowns["deprel"].items():
        f1 = counts["las"]["f1"]
        assert baseline[f"LAS[deprel={group}]"]["score"] == pytest.approx(100 * (f1 or 0.0), abs=1e-9)
    described = significance["breakdown"]["rows"]
    assert set(described) == {n for n in names if "[" in n} == set(rows.rows)
    assert described["LAS[direction=root]"] == {"key": "direction", "group": "root",
                                                "size": breakdowns["direction"]["root"]["gold"], "shown": True}
    assert significance["breakdown"]["corrected_for_multiple_comparisons"] is False
    # The text table shows the groups of at least MIN_SIZE gold words, and says so.
    text = run_tool("jp_conll18_ud_eval", [gold, system, *options, *SAMPLES, "--compare", gold]).out
    table = text[text.index("\nSignificance ("):].splitlines()
    assert table[2].startswith("Breakdown: METRIC[KEY=GROUP] rows are per group: ")
    assert "not corrected for multiple comparisons" in table[2]
    shown = {line.split()[1] for line in table[4:]}
    assert shown == {"LAS", "MLAS", "BLEX"} | {name for name, row in described.items() if row["shown"]}
    assert any(not row["shown"] for row in described.values())


def test_udeval_metrics_choose_the_group_metrics():
    """``--metrics UAS LAS`` gives UAS[...] and LAS[...] rows (jp_udeval, the same code)."""
    gold = str(data_path("ud", "UD_English-EWT", "en_ewt-ud-test.conllu"))
    system = str(data_path("ud", "derived", "en_ewt-ud-test.sys-mix.conllu"))
    document = _json("jp_udeval", [gold, system, "--breakdown", "projectivity", *SAMPLES, "--compare", gold,
                                   "--metrics", "UAS", "LAS"])
    metrics = document["significance"]["systems"][1]["metrics"]
    assert list(metrics) == ["UAS", "LAS", "UAS[projectivity=projective]", "UAS[projectivity=non-projective]",
                             "LAS[projectivity=projective]", "LAS[projectivity=non-projective]"]
    # gold against itself: every group is perfect
    assert all(metrics[name]["score"] == 100.0 for name in metrics)


# -- jp_errant_compare -cat / --average macro --------------------------------------------------

@pytest.mark.parametrize("cat", [1, 3])
def test_errant_chosen_categories_are_the_printed_ones(cat):
    """CoNLL-14, GPT-4.1 against the two-annotator reference, compared with its own merged
    re-segmentation's M2 (the reference as a second system): the categories of the chosen
    annotator pairs, summed by the choice payload, are the -cat table's TP/FP/FN; the
    per-category and macro scores are the printed ones."""
    hyp = str(data_path("gec", "sys.conll14.gpt-4.1.minedit.m2"))
    ref = str(data_path("gec", "conll14.official-2014.combined.m2"))
    options = ["-cat", str(cat), "--average", "macro"]
    tool = registry.load("jp_errant_compare")
    found, _, _ = _group_totals(tool, ref, [hyp, ref], options)
    document = _json("jp_errant_compare", [*options, "-hyp", hyp, "-ref", ref, *SAMPLES, "--compare", ref])
    for (triple, groups), scores in zip(found, [document["scores"], document["compared"][0]["scores"]]):
        assert triple == [scores["tp"], scores["fp"], scores["fn"]]  # the choice is errant's
        printed = {("type", kind): [row["tp"], row["fp"], row["fn"]] for kind, row in scores["categories"].items()}
        assert {g: c for g, c in groups.items() if any(c)} == printed
    scores = document["scores"]
    metrics = document["significance"]["systems"][0]["metrics"]
    for kind, row in scores["categories"].items():
        assert round(metrics[f"F0.5[type={kind}]"]["score"], 4) == row["f"]
    assert round(metrics["macro F0.5"]["score"], 4) == scores["macro"]["f"]
    assert round(metrics["macro P"]["score"], 4) == scores["macro"]["precision"]
    assert round(metrics["macro R"]["score"], 4) == scores["macro"]["recall"]
    rows = document["significance"]["breakdown"]["rows"]
    assert rows["macro F0.5"] == {"key": f"-cat {cat}", "group": None, "size": None, "shown": True}


def test_errant_macro_alone_adds_only_the_averages():
    hyp = str(data_path("gec", "sys.conll14.gpt-4.1.minedit.m2"))
    ref = str(data_path("gec", "conll14.official-2014.combined.m2"))
    document = _json("jp_errant_compare", ["--average", "macro", "-hyp", hyp, "-ref", ref, *SAMPLES,
                                           "--compare", ref])
    assert list(document["significance"]["systems"][0]["metrics"]) == ["F0.5", "P", "R", "macro F0.5", "macro P",
                                                                      "macro R"]


# -- jp_m2scorer --per-type --------------------------------------------------------------------

def test_m2scorer_chosen_types_are_the_printed_ones():
    """CoNLL-14 (two annotators), GPT-4.1's lines and its re-split copy: per gold type, the
    chosen annotators' matched and missed edits summed by the choice payload are --per-type's
    TP and FN, and R[type=...] its recall."""
    gold = str(data_path("gec", "conll14.official-2014.combined.m2"))
    system = str(data_path("gec", "sys.conll14.gpt-4.1.minedit.txt"))
    split = str(data_path("gec", "sys.conll14.gpt-4.1.minedit.jp-split3.txt"))
    tool = registry.load("jp_m2scorer")
    found, _, _ = _group_totals(tool, gold, [system, split], ["--per-type"])
    document = _json("jp_m2scorer", ["--per-type", system, gold, *SAMPLES, "--compare", split])
    for (triple, groups), scores in zip(found, [document["scores"], document["compared"][0]["scores"]]):
        assert triple == [scores["correct"], scores["proposed"], scores["gold"]]
        printed = {("type", kind): [row["tp"], row["fn"]] for kind, row in scores["per_type"].items()
                   if kind != "(untyped)"}
        assert {g: c for g, c in groups.items() if any(c)} == printed
    metrics = document["significance"]["systems"][0]["metrics"]
    for kind, row in document["scores"]["per_type"].items():
        if kind != "(untyped)":
            assert metrics[f"R[type={kind}]"]["score"] == pytest.approx(row["recall"], abs=1e-12)


# -- without a breakdown nothing changes -------------------------------------------------------

@pytest.mark.parametrize("script,argv,compared", [
    ("jp_conll18_ud_eval", ["{ud}/UD_English-EWT/en_ewt-ud-test.conllu",
                            "{ud}/derived/en_ewt-ud-test.sys-mix.conllu"], "{ud}/UD_English-EWT/en_ewt-ud-test.conllu"),
    ("jp_errant_compare", ["-hyp", "{gec}/sys.conll14.gpt-4.1.minedit.m2", "-ref",
                           "{gec}/conll14.official-2014.combined.m2"], "{gec}/conll14.official-2014.combined.m2"),
    ("jp_m2scorer", ["{gec}/sys.conll14.gpt-4.1.minedit.txt", "{gec}/conll14.official-2014.combined.m2"],
     "{gec}/sys.conll14.gpt-4.1.minedit.jp-split3.txt"),
])
def test_plain_compare_is_the_plain_statistics_table(script, argv, compared):
    """Without a breakdown, the table printed is exactly the one the plain statistics give
    (the counts of ``system_counts``, the tool's metric, nothing added), no "Breakdown" line,
    no ``breakdown`` in the JSON; with one, the headline rows keep their figures."""
    folders = {"ud": str(data_path("ud")), "gec": str(data_path("gec"))}
    argv = [arg.format(**folders) for arg in argv]
    compared = compared.format(**folders)
    tool = registry.load(script)
    plain = run_tool(script, [*argv, *SAMPLES, "--compare", compared])
    assert plain.returncode == 0, plain.err
    parsed = tool.parse(list(argv))
    systems = [parsed.system, compared]
    counts = system_counts([statistics(tool, parsed.gold, name, []) for name in systems])
    metric, names = tool.metric(parsed)
    expected = format_table(compare(counts, systems, metric, list(names), samples=50),
                            digits=tool.significance_digits)
    assert plain.out.endswith(expected) and "Breakdown:" not in plain.out
    assert "breakdown" not in _json(script, [*argv, *SAMPLES, "--compare", compared])["significance"]
    extra = {"jp_conll18_ud_eval": ["--breakdown", "upos"], "jp_errant_compare": ["-cat", "2"],
             "jp_m2scorer": ["--per-type"]}[script]
    grouped = run_tool(script, [*extra, *argv, *SAMPLES, "--compare", compared]).out

    def headline_rows(text):
        table = text[text.index("\nSignificance ("):].splitlines()
        return [line.split() for line in table if line.split()[1:2] and line.split()[1] in names]

    assert headline_rows(grouped) == headline_rows(plain.out) != []


# -- the payload of ChoiceCounts ---------------------------------------------------------------

def test_choice_payload_is_summed_for_the_chosen_candidate():
    """Two units of one block each; candidates (tp, fp, fn, payload...). errant's rule, beta
    0.5, worked by hand:

    - corpus order: unit 0 offers (1,0,0 | 1,0) and (0,1,0 | 0,1): F 1.0 against 0.0, the
      first; unit 1 offers (1,1,0 | 5,0) and (1,0,1 | 0,5): totals (2,1,0) give F 0.7143,
      (2,0,1) F 0.9091, the second. Totals (2,0,1 | 1,5).
    - draws [1, 1]: unit 1 alone (1,1,0) F 0.5556, (1,0,1) F 0.8333: the second; again with
      (1,0,1): (2,1,1) F 0.6667, (2,0,2) F 0.8333: the second. Totals (2,0,2 | 0,10).
    - draws [1, 0]: unit 1 first: the second, (1,0,1); then unit 0: (2,0,1) F 0.9091 against
      (1,1,1) F 0.5: the first. Totals (2,0,1 | 1,5).
    The payload never enters the choice: without it the triples are the same.
    """
    blocks = [[[(1, 0, 0, 1, 0), (0, 1, 0, 0, 1)]], [[(1, 1, 0, 5, 0), (1, 0, 1, 0, 5)]]]
    counts = ChoiceCounts(blocks, 0.5, rule="errant")
    assert counts.totals().tolist() == [2, 0, 1, 1, 5]
    draws = np.array([[1, 1], [1, 0]])
    assert counts.resampled(draws).tolist() == [[2, 0, 2, 0, 10], [2, 0, 1, 1, 5]]
    plain = ChoiceCounts([[[c[:3] for c in block] for block in unit] for unit in blocks], 0.5, rule="errant")
    assert plain.payload is None and plain.table.shape[-1] == 3
    assert plain.resampled(draws).tolist() == counts.resampled(draws)[:, :3].tolist()
    # Approximate randomization swaps units with their payloads: swapping both units gives
    # the other system's totals.
    other = ChoiceCounts([[[(0, 0, 1, 0, 7)]], [[(0, 0, 1, 7, 0)]]], 0.5, rule="errant")
    mine, theirs = counts.swapped(other, np.array([[True, True], [False, False]]))
    assert mine.tolist() == [[0, 0, 2, 7, 7], [2, 0, 1, 1, 5]]
    assert theirs.tolist() == [[2, 0, 1, 1, 5], [0, 0, 2, 7, 7]]


def test_choice_payload_with_m2scorers_rule():
    """m2scorer's rule (correct, proposed, gold): unit 0's annotators (1,1,1 | 1,0) and
    (0,1,2 | 0,2): F 1.0 against 0.0, the first; unit 1's (0,0,1 | 0,1) and (0,0,0 | 0,0)
    after (1,1,1): F (1.25 * 1) / (0.25 * 2 + 1) = 0.8333 against 1.25 / 1.25 = 1.0: the
    second. Totals (1,1,1 | 1,0)."""
    counts = ChoiceCounts([[[(1, 1, 1, 1, 0), (0, 1, 2, 0, 2)]], [[(0, 0, 1, 0, 1), (0, 0, 0, 0, 0)]]], 0.5,
                          rule="m2scorer")
    assert counts.totals().tolist() == [1, 1, 1, 1, 0]
