"""Paired tests through each tool's JP alignment (the issue's "Done when" list, API level).

* a system against itself: AR p = 1.0, and a bootstrap interval containing the score;
* a system against the same analyses segmented differently (evalb ``jp-merge-*`` vectors,
  errant ``segment_*`` vectors): same score, p = 1.0 -- the pairing goes through the alignment;
* PTB 23 Berkeley output against a copy with 20 % of its phrase labels corrupted: p < 0.01;
* a fixed seed gives the same result twice; another seed changes intervals, not scores.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from jp_shims.significance.cli import SignificanceOptions
from tests.datafiles import data_path

VECTORS = Path(__file__).resolve().parent.parent / "compat_tests" / "vectors"


def vector(folder: Path, scratch: Path) -> Path:
    """The case folder, or a copy with its licensed inputs rebuilt from $JP_SHIMS_DATA."""
    from compat_tests.test_vectors import Case, prepared

    return prepared(Case(folder, json.loads((folder / "case.json").read_text(encoding="utf-8"))), scratch).folder


def options(test: str, samples: int | None = None, seed: int = 12345, confidence: bool = False,
            metrics: tuple = ()) -> SignificanceOptions:
    return SignificanceOptions(("x",), test, samples, seed, confidence, metrics)


def scores(comparison, system: int) -> list[float]:
    return [m.score for m in comparison.systems[system].metrics]


def p_values(comparison, system: int) -> list[float]:
    return [m.p_value for m in comparison.systems[system].metrics]


def _evalb_params(case: Path):
    from jp_evalb.params import Params, read_parameter_file

    args = json.loads((case / "case.json").read_text())["args"]
    prm = args[args.index("-p") + 1]
    path = data_path("ptb", Path(prm).name) if prm.startswith("../../../data/") else case / prm
    return read_parameter_file(Params(), str(path), "utf-8", True)[0]


def compare_systems(gold: str, tests: list, params, options):
    """The comparison the runner makes of jp_evalb's systems (tests[0] the baseline), from
    the per-unit statistics of each system's one scoring pass."""
    from jp_evalb.significance import METRICS, metric_function
    from jp_evalb.tool import scored_blocks
    from jp_evalb.jp import WIDTH
    from jp_shims.significance.cli import run_comparison
    from jp_shims.significance.resampling import additive_systems

    systems = additive_systems([scored_blocks(gold, test, params) for test in tests], WIDTH)
    return run_comparison(systems, tests, metric_function, METRICS, options)


def test_evalb_system_against_itself():
    case = VECTORS / "evalb" / "random-many"
    params = _evalb_params(case)
    gold, test = str(case / "gold.tst"), str(case / "test.tst")
    assert all(p == 1.0 for p in p_values(compare_systems(gold, [test, test], params, options("ar", 500)), 1))
    result = compare_systems(gold, [test], params, options("ci", 500))
    for metric in result.systems[0].metrics:
        assert metric.interval.low <= metric.score <= metric.interval.high


MERGES = sorted(p.parent for p in (VECTORS / "evalb").glob("jp-merge-*/case.json"))


@pytest.mark.parametrize("case", MERGES, ids=[c.name for c in MERGES])
def test_evalb_resegmented_system_is_the_same_system(case, tmp_path):
    case = vector(case, tmp_path)
    params = _evalb_params(case)
    tests = [str(case / "test.goldseg.tst"), str(case / "test.tst")]
    for test in ("bs", "ar"):
        result = compare_systems(str(case / "gold.tst"), tests, params, options(test, 300))
        assert scores(result, 0) == pytest.approx(scores(result, 1), abs=1e-9)
        assert p_values(result, 1) == [1.0] * 4
        assert result.units < len((case / "gold.tst").read_text().splitlines())  # blocks merged units


SEGMENTS = sorted(p.parent for p in (VECTORS / "errant_compare").glob("segment_*/case.json"))


@pytest.mark.parametrize("case", SEGMENTS, ids=[c.name for c in SEGMENTS])
def test_errant_resegmented_system_is_the_same_system(case, tmp_path):
    case = vector(case, tmp_path)
    hyps = [str(case / "hyp.refseg.m2"), str(case / "hyp.m2")]
    for test in ("bs", "ar"):
        result = errant_compare(str(case / "ref.m2"), hyps, options(test, 300))
        assert scores(result, 0) == scores(result, 1)
        assert p_values(result, 1) == [1.0] * 3


M2_SEGMENTS = sorted(p.parent for p in (VECTORS / "m2scorer").glob("jp_syn_*/system.goldseg.txt"))


@pytest.mark.parametrize("case", M2_SEGMENTS, ids=[c.name for c in M2_SEGMENTS])
def test_m2scorer_resegmented_system_is_the_same_system(case, tmp_path):
    from jp_m2scorer import options as m2options
    from jp_shims import registry
    from jp_shims.runner import compare_systems

    case = vector(case, tmp_path)
    args = json.loads((case / "case.json").read_text())["args"]
    _, (system, gold) = m2options.parse(list(args))
    own = [arg for arg in args if arg not in (system, gold)]
    systems = [str(case / "system.goldseg.txt"), str(case / system)]
    for test in ("bs", "ar"):
        result = compare_systems(registry.load("jp_m2scorer"), str(case / gold), systems, options_for(test), own)
        assert scores(result, 0) == scores(result, 1)
        assert p_values(result, 1) == [1.0] * 3


def options_for(test: str) -> SignificanceOptions:
    return options(test, 200)


def errant_compare(ref: str, hyps: list, significance):
    """jp_errant_compare's --compare, through the runner (default scoring options)."""
    from jp_shims import registry
    from jp_shims.runner import compare_systems

    return compare_systems(registry.load("jp_errant_compare"), ref, hyps, significance)


def test_errant_system_against_itself_and_a_weaker_one(tmp_path):
    case = vector(VECTORS / "errant_compare" / "segment_00_merge2", tmp_path)
    ref, hyp = str(case / "ref.m2"), str(case / "hyp.refseg.m2")
    result = errant_compare(ref, [hyp, hyp], options("ar", 500, confidence=True))
    assert p_values(result, 1) == [1.0] * 3
    for metric in result.systems[0].metrics:
        assert metric.interval.low <= metric.score <= metric.interval.high
    # Dropping every hypothesis edit: F falls to 0 wherever the reference has edits.
    empty = tmp_path / "empty-hypothesis.m2"
    empty.write_text("".join(line for line in (case / "hyp.refseg.m2").read_text().splitlines(True)
                             if not line.startswith("A ")))
    result = errant_compare(ref, [hyp, str(empty)], options("bs", 500))
    assert scores(result, 1)[0] < scores(result, 0)[0]


def _conll18_comparison(capsys, argv):
    # Through the shared runner (one scoring pass per system), as the JSON document says it.
    from jp_conll18.cli import main

    case = VECTORS / "conll18_ud_eval" / "sent-split-ewt-0"
    assert main(["--json", str(case / "gold.conllu"), str(case / "system.conllu"), *argv]) == 0
    return json.loads(capsys.readouterr().out)["significance"]


def test_conll18_system_against_itself(capsys):
    system = str(VECTORS / "conll18_ud_eval" / "sent-split-ewt-0" / "system.conllu")
    section = _conll18_comparison(capsys, ["--compare", system, "--paired-ar", "--paired-ar-n", "500",
                                            "--metrics", "LAS", "UPOS"])
    assert list(section["systems"][0]["metrics"]) == ["LAS", "UPOS"]
    assert [m["p_value"] for m in section["systems"][1]["metrics"].values()] == [1.0, 1.0]
    section = _conll18_comparison(capsys, ["--confidence", "--paired-bs-n", "500"])
    assert list(section["systems"][0]["metrics"]) == ["LAS", "MLAS", "BLEX"]
    for metric in section["systems"][0]["metrics"].values():
        assert metric["low"] <= metric["score"] <= metric["high"]


def test_conll18_unknown_metric_is_refused(capsys):
    from jp_conll18.cli import main
    from jp_conll18.significance import check_metrics

    with pytest.raises(ValueError):
        check_metrics(["LAS", "XYZ"])
    case = VECTORS / "conll18_ud_eval" / "sent-split-ewt-0"
    # Refused before anything is scored or printed: the usage line and one error line.
    assert main([str(case / "gold.conllu"), str(case / "system.conllu"), "--confidence", "--metrics", "XYZ"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines()[1].startswith("jp_conll18_ud_eval: error: --metrics: unknown metric 'XYZ'")


def corrupt_labels(line: str, rng: random.Random, share: float) -> str:
    """The tree with ``share`` of its phrase labels (not the root's) replaced by another."""
    labels = ["NP", "VP", "PP", "S", "SBAR", "ADJP", "ADVP", "QP", "WHNP", "PRN"]
    pieces = line.split("(")
    for k, piece in enumerate(pieces):
        label = piece.strip()
        # "(NP (DT the) ...": a phrase's piece holds its label alone; a tag's holds its word
        if label and " " not in label and label != "TOP" and rng.random() < share:
            pieces[k] = piece.replace(label, rng.choice([x for x in labels if x != label]), 1)
    return "(".join(pieces)


def test_ptb23_against_a_copy_with_corrupted_labels(tmp_path):
    from jp_evalb.params import Params, read_parameter_file
    gold = data_path("ptb", "23.gold")
    berkeley = data_path("ptb", "23.sys_berkeley_top")
    params = read_parameter_file(Params(), str(data_path("ptb", "COLLINS.prm")), "utf-8", True)[0]
    rng = random.Random(20)
    corrupted = tmp_path / "corrupted.tst"
    with open(berkeley, encoding="utf-8") as lines, open(corrupted, "w", encoding="utf-8") as out:
        for line in lines:
            out.write(corrupt_labels(line, rng, 0.2))
    tests = [str(berkeley), str(corrupted)]
    bs = compare_systems(str(gold), tests, params, options("bs", 1000))
    ar = compare_systems(str(gold), tests, params, options("ar", 1000))
    assert scores(bs, 1)[0] < scores(bs, 0)[0] - 5
    assert bs.systems[1].metrics[0].p_value < 0.01
    assert ar.systems[1].metrics[0].p_value < 0.01
    assert scores(bs, 1)[3] == scores(bs, 0)[3]  # tags untouched


def test_seed_fixes_the_result_and_changes_only_intervals():
    case = VECTORS / "evalb" / "random-many"
    params = _evalb_params(case)
    gold, tests = str(case / "gold.tst"), [str(case / "test.tst"), str(case / "gold.tst")]
    first = compare_systems(gold, tests, params, options("bs", 300, seed=1))
    assert compare_systems(gold, tests, params, options("bs", 300, seed=1)) == first
    other = compare_systems(gold, tests, params, options("bs", 300, seed=2))
    assert scores(other, 0) == scores(first, 0) and scores(other, 1) == scores(first, 1)
    assert [m.interval for m in other.systems[0].metrics] != [m.interval for m in first.systems[0].metrics]
