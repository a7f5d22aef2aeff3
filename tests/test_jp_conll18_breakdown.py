"""Breakdowns and confusion matrices of jp_conll18 (``jp_conll18.breakdown``): the groupings
on hand-made trees, a cross-check against MaltEval's definitions computed independently on
files whose tokens line up, the additivity on every scoring vector, and the command line."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from jp_shims.errors import InputError, UsageError
from jp_shims.runner import without_common_options

from compat_tests.test_vectors import CASES, DATA_PREFIX, prepared
from jp_conll18 import cli, conll18_ud_eval, udeval, udeval_cli
from jp_conll18.breakdown import (BREAKDOWN_KEYS, CONFUSION_KEYS, FIELDS, NONE, Breakdown, sentence_values)
from jp_conll18.evaluation import evaluate_files
from jp_conll18.model import UDError, UDSpan, UDWord
from tests.datafiles import data_path
from tests.toolrun import run_tool

ROOT = Path(__file__).resolve().parent.parent
CANT = ROOT / "compat_tests" / "vectors" / "conll18_ud_eval" / "jp-restore-cant-ewt-02-c"


def _tree(heads, deprels=None):
    """Words of one sentence with these 1-based heads (0: root)."""
    words = [UDWord(UDSpan(i, i + 1), ["", "", "", "X", "", "", "", (deprels or ["dep"] * len(heads))[i], "", ""],
                    False) for i in range(len(heads))]
    for word, head in zip(words, heads):
        word.parent = words[head - 1] if head else None
    return words


def test_groupings_of_a_non_projective_tree():
    # 1 <- 2 (root); 3 -> 5; 4 -> 2; 5 -> 2: the arc 3 <- 5 covers 4, which hangs from 2,
    # not from 5: that arc is non-projective; the arc 4 <- 2 covers 3, which descends from 2.
    words = _tree([2, 0, 5, 2, 2])
    values = sentence_values(words, ("direction", "arc-length", "depth", "branching", "projectivity",
                                     "sentence-length"))
    assert [v[0] for v in values] == ["right", "root", "right", "left", "left"]
    assert [v[1] for v in values] == ["1", "root", "2", "2", "3-6"]
    assert [v[2] for v in values] == [1, 0, 2, 1, 1]
    assert [v[3] for v in values] == [0, 3, 0, 0, 1]
    assert [v[4] for v in values] == ["projective", "projective", "non-projective", "projective", "projective"]
    assert {v[5] for v in values} == {"1-10"}


def test_deep_chain_has_no_recursion_limit():
    heads = [0] + list(range(1, 5000))  # word k hangs from word k-1
    values = sentence_values(_tree(heads), ("depth", "projectivity"))
    assert values[-1] == (4999, "projective")


def test_unknown_key_is_refused():
    with pytest.raises(ValueError, match="unknown breakdown key"):
        Breakdown(["length"])
    with pytest.raises(ValueError, match="unknown confusion key"):
        Breakdown(confusion_keys=["branching"])


def _check_additivity(scores: dict, breakdowns: dict, confusions: dict) -> None:
    """Every breakdown adds up to the headline counts; every matrix to its breakdown's."""
    words, uas, las = scores["Words"], scores["UAS"], scores["LAS"]
    for key, rows in breakdowns.items():
        total = {field: sum(row[field] for row in rows.values()) for field in FIELDS}
        assert total["gold"] == words.gold_total, key
        assert total["system"] == words.system_total, key
        assert total["gold_unmatched"] == words.gold_total - words.correct, key
        assert total["system_unmatched"] == words.system_total - words.correct, key
        assert total["uas_gold"] == total["uas_system"] == uas.correct, key
        assert total["las_gold"] == total["las_system"] == las.correct, key
    for key, matrix in confusions.items():
        aligned = sum(n for gold, row in matrix.items() if gold != NONE for system, n in row.items() if system != NONE)
        assert aligned == words.correct, key
        row_totals = {gold: sum(row.values()) for gold, row in matrix.items() if gold != NONE}
        column_totals: dict = {}
        for row in matrix.values():
            for system, n in row.items():
                if system != NONE:
                    column_totals[system] = column_totals.get(system, 0) + n
        assert sum(row_totals.values()) == words.gold_total, key
        assert sum(column_totals.values()) == words.system_total, key
        assert sum(matrix.get(NONE, {}).values()) == words.system_total - words.correct, key
        if key in breakdowns:
            rows = breakdowns[key]
            assert row_totals == {g: r["gold"] for g, r in rows.items() if r["gold"]}, key
            assert column_totals == {g: r["system"] for g, r in rows.items() if r["system"]}, key
            assert {g: r["gold_unmatched"] for g, r in rows.items() if r["gold_unmatched"]} == \
                {g: row[NONE] for g, row in matrix.items() if NONE in row}, key


SCORING_CASES = [case for case in CASES if case.tool in ("conll18_ud_eval", "iwpt_xud_eval")]


@pytest.mark.parametrize("case", SCORING_CASES, ids=[case.id for case in SCORING_CASES])
def test_breakdowns_add_up_on_every_vector_that_scores(case, tmp_path):
    """Every key and every matrix on every conll18_ud_eval / iwpt_xud_eval vector that scores
    in JP mode: the groups add up to the Words, UAS and LAS counts. A case the original
    scored (exit 0) or with a JP expectation must score."""
    case = prepared(case, tmp_path)
    module = cli if case.tool == "conll18_ud_eval" else udeval_cli
    command = module.TOOL.command
    argv = list(case.spec["args"])
    lang = argv[argv.index("--lang") + 1] if "--lang" in argv[:-1] else "en"
    try:
        args = cli.build_parser(False, command).parse_args(without_common_options(module.TOOL, argv))
    except (SystemExit, UsageError):
        pytest.skip("a usage error: nothing is scored")
    paths = []
    for name in (args.gold_file, args.system_file):
        if name.startswith(DATA_PREFIX):
            paths.append(str(data_path(*name[len(DATA_PREFIX):].split("/"))))
        else:
            paths.append(str(case.folder / name))
    must_score = case.spec["exit_code"] == 0 or "jp_expect_stdout" in case.spec or "jp_expect_lines" in case.spec
    breakdown = Breakdown(BREAKDOWN_KEYS, CONFUSION_KEYS)
    try:
        scores = evaluate_files(*paths, options=command.reader_options(args, False), lang=lang,
                                breakdown=breakdown)
    except (UDError, InputError, ValueError, IndexError, OSError) as error:
        if must_score and case.spec.get("jp_expect_exit_code", 0) == 0:
            raise
        pytest.skip(f"does not score in JP mode: {error}")
    assert set(breakdown.groups) == set(BREAKDOWN_KEYS)
    _check_additivity(scores, breakdown.breakdowns(), breakdown.confusions())


# -- MaltEval's definitions, computed independently on files whose tokens line up ----------

def _read_trees(path: Path) -> list:
    """(UPOS, HEAD, DEPREL without subtype) of every word of every sentence, read plainly."""
    sentences, words = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line:
            if words:
                sentences.append(words)
            words = []
        elif not line.startswith("#"):
            cols = line.split("\t")
            if cols[0].isdigit():
                words.append((cols[3], int(cols[6]), cols[7].split(":")[0]))
    if words:
        sentences.append(words)
    return sentences


def _malteval_keys(words: list) -> list:
    """Per word: deprel, upos, grouped relation length, direction, depth, branching,
    projectivity, as MaltEval's user guide defines them (naive walks up the tree)."""
    heads = [head for _, head, _ in words]

    def ancestors(position):
        seen = []
        while heads[position - 1]:
            position = heads[position - 1]
            seen.append(position)
        return seen

    keys = []
    for position, (upos, head, deprel) in enumerate(words, 1):
        length = abs(head - position) if head else 0
        grouped = "root" if head == 0 else "1" if length == 1 else "2" if length == 2 else \
            "3-6" if length <= 6 else "7+"
        direction = "root" if head == 0 else "left" if head < position else "right"
        depth = len(ancestors(position))
        branching = heads.count(position)
        covered = range(min(head, position) + 1, max(head, position)) if head else range(0)
        projective = all(head in ancestors(k) for k in covered)
        keys.append({"deprel": deprel, "upos": upos, "arc-length": grouped, "direction": direction,
                     "depth": str(depth), "branching": str(branching),
                     "projectivity": "projective" if projective else "non-projective"})
    return keys


def test_lined_up_files_match_malteval_groupings():
    """UD English PUD against its ``basic-sync`` perturbation (same tokens, heads and labels
    changed): MaltEval's treebank accuracy (gold grouping) and parser accuracy (system
    grouping) of UAS and LAS, per group of every key, equal our recall and precision counts."""
    gold_path = data_path("ud", "UD_English-PUD", "en_pud-ud-test.conllu")
    system_path = data_path("ud", "derived", "en_pud-ud-test.sys-basic-sync.conllu")
    gold, system = _read_trees(gold_path), _read_trees(system_path)
    assert [len(s) for s in gold] == [len(s) for s in system]
    expected: dict = {}
    for gold_words, system_words in zip(gold, system):
        for g, s, gk, sk in zip(gold_words, system_words, _malteval_keys(gold_words), _malteval_keys(system_words)):
            uas = g[1] == s[1]
            las = uas and g[2] == s[2]
            for key in gk:
                for side, value, counts in (("gold", gk[key], (uas, las)), ("system", sk[key], (uas, las))):
                    row = expected.setdefault(key, {}).setdefault(value, dict.fromkeys(FIELDS, 0))
                    row[side] += 1
                    row[f"uas_{side}"] += counts[0]
                    row[f"las_{side}"] += counts[1]
    keys = [key for key in BREAKDOWN_KEYS if key != "sentence-length"]
    scores = conll18_ud_eval.evaluate(conll18_ud_eval.load_conllu_file(str(gold_path)),
                                      conll18_ud_eval.load_conllu_file(str(system_path)), breakdown=keys)
    assert scores["UAS"].correct < scores["UAS"].gold_total  # the perturbation changed heads
    for key in keys:
        assert scores.breakdowns[key] == expected[key], key


# -- the command line and the API ----------------------------------------------------------

def _run(script, argv):
    """The console script in-process (tests/toolrun.py): (status, stdout, stderr)."""
    result = run_tool(script, argv)
    return result.returncode, result.out, result.err


def test_cli_prints_the_original_report_first_then_the_tables():
    argv = [str(CANT / "gold.conllu"), str(CANT / "system.conllu"), "-v"]
    status, plain, _ = _run("jp_conll18_ud_eval", argv)
    assert status == 0
    status, out, _ = _run("jp_conll18_ud_eval", argv + ["--breakdown", "deprel", "--breakdown", "depth",
                                                    "--confusion", "direction"])
    assert status == 0
    assert out.startswith(plain)
    tables = out[len(plain):]
    assert "\nBreakdown by deprel: " in tables and "\nBreakdown by depth: " in tables
    assert "\nConfusion of direction: " in tables
    # The total row of the LAS columns is the headline LAS (the -v table's F1 column).
    las_f1 = next(line.split("|")[3].strip() for line in plain.splitlines() if line.startswith("LAS "))
    total = [line for line in tables.splitlines() if line.startswith("Total ")]
    assert total[0].split("|")[-1].strip() == las_f1


def test_cli_abbreviation_of_counts_still_works():
    argv = [str(CANT / "gold.conllu"), str(CANT / "system.conllu")]
    assert _run("jp_conll18_ud_eval", argv + ["--co"])[1] == _run("jp_conll18_ud_eval", argv + ["--counts"])[1]


def test_cli_json_holds_the_tables_and_is_schema_valid():
    from tests.test_jp_shims_tools import validate

    argv = [str(CANT / "gold.conllu"), str(CANT / "system.conllu"), "--json", "--breakdown", "upos",
            "--confusion", "depth"]
    status, out, _ = _run("jp_conll18_ud_eval", argv)
    assert status == 0
    document = json.loads(out)
    validate(document)
    scores = document["scores"]
    assert sum(row["gold"] for row in scores["breakdowns"]["upos"].values()) == scores["Words"]["gold_total"]
    assert set(scores["breakdowns"]["upos"]["NOUN"]["las"]) == {"precision", "recall", "f1"}
    assert "depth" in scores["confusions"]
    status, out, _ = _run("jp_conll18_ud_eval", argv[:3])
    assert "breakdowns" not in json.loads(out)["scores"]


def test_udeval_cli_has_the_options(tmp_path):
    gold = data_path("ud", "UD_English-EWT", "en_ewt-ud-test.conllu")
    system = data_path("ud", "derived", "en_ewt-ud-test.sys-mix.conllu")
    from tests.test_jp_shims_tools import validate

    status, out, _ = _run("jp_udeval", [str(gold), str(system), "--json", "--breakdown", "projectivity",
                                                    "--confusion", "deprel"])
    assert status == 0
    document = json.loads(out)
    validate(document)
    rows = document["scores"]["breakdowns"]["projectivity"]
    assert sum(row["system_unmatched"] for row in rows.values()) > 0  # sys-mix splits and merges tokens
    assert sum(row["las_gold"] for row in rows.values()) == document["scores"]["LAS"]["correct"]


def test_api_results_carry_the_breakdowns():
    gold = udeval.load_conllu_file(str(CANT / "gold.conllu"))
    system = udeval.load_conllu_file(str(CANT / "system.conllu"))
    with pytest.warns(Warning):
        scores = udeval.evaluate(gold, system, breakdown=["direction"], confusion=["direction"])
    assert scores.breakdowns["direction"]["root"]["gold"] == scores["Sentences"].gold_total
    _check_additivity(scores, scores.breakdowns, scores.confusions)
    plain = conll18_ud_eval.evaluate(conll18_ud_eval.load_conllu_file(str(CANT / "gold.conllu")),
                                     conll18_ud_eval.load_conllu_file(str(CANT / "gold.conllu")))
    assert plain.breakdowns is None and plain.confusions is None


# -- UD Korean-GSD against a re-tokenized copy of itself -----------------------------------

def test_korean_retokenized_system_breaks_down_and_adds_up(tmp_path):
    """UD_Korean-GSD test against ``tests/korean_retokenize.py``'s copy (particles split off,
    punctuation glued, sentences joined, quotes changed): every breakdown and the direction and
    depth matrices run, in the text report and the JSON document, and add up."""
    from tests.korean_retokenize import make_system
    from tests.test_jp_shims_tools import validate

    gold = data_path("ud", "UD_Korean-GSD", "ko_gsd-ud-test.conllu")
    system = tmp_path / "ko_gsd-retokenized.conllu"
    system.write_text(make_system(str(gold)), encoding="utf-8")
    options = [option for key in BREAKDOWN_KEYS for option in ("--breakdown", key)]
    options += ["--confusion", "direction", "--confusion", "depth"]
    status, out, err = _run("jp_conll18_ud_eval", [str(gold), str(system), "--json", *options])
    assert status == 0
    assert "blocks changed" in err  # the quotes went through JP mode's reconciliation
    document = json.loads(out)
    validate(document)
    scores = document["scores"]
    words = scores["Words"]
    assert words["gold_total"] != words["system_total"] and scores["Sentences"]["gold_total"] != \
        scores["Sentences"]["system_total"]

    class Figures:
        def __init__(self, row):
            self.__dict__.update(row)

    headline = {metric: Figures(scores[metric]) for metric in ("Words", "UAS", "LAS")}
    _check_additivity(headline, scores["breakdowns"], scores["confusions"])
    # The joined sentences: their second root is found one level deeper in the system.
    assert scores["confusions"]["depth"]["0"]["1"] > 0
    status, text, _ = _run("jp_conll18_ud_eval", [str(gold), str(system), *options])
    assert status == 0
    assert text.count("\nBreakdown by ") == len(BREAKDOWN_KEYS) and text.count("\nConfusion of ") == 2


def test_the_python_example_of_the_docs_runs_as_shown(monkeypatch):
    """The doctest of docs/jp_conll18.md's breakdown section (run from the repository root)."""
    import doctest

    text = (ROOT / "docs" / "jp_conll18.md").read_text(encoding="utf-8")
    section = text[text.index("## Breakdowns and confusion matrices"):text.index("## Reading CoNLL-U")]
    block = section[section.index("```python\n") + len("```python\n"):]
    block = block[:block.index("```")]
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(block, {}, "jp_conll18.md breakdowns", "jp_conll18.md", 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 5


def test_module_doctests():
    import doctest

    from jp_conll18 import breakdown, breakdown_report

    for module in (breakdown, breakdown_report):
        assert doctest.testmod(module).failed == 0, module.__name__
