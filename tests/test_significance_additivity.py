"""Additivity: the per-block counts the significance tests resample, summed over the corpus,
give exactly the figures each tool prints in JP mode (every compat vector JP mode scores)."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest

from compat_tests.test_vectors import CASES, prepared, resolve_args
from jp_shims.errors import UsageError
from tests.toolrun import run_tool

CONLL18 = [c for c in CASES if c.tool == "conll18_ud_eval"]


def _run(script, argv):
    """The console script in-process in the current folder (tests/toolrun.py): (status, stdout)."""
    result = run_tool(script, argv)
    return result.returncode, result.out


@pytest.mark.parametrize("case", CONLL18, ids=[c.id for c in CONLL18])
def test_conll18_block_counts_add_up_to_the_printed_counts(case, monkeypatch, tmp_path):
    case = prepared(case, tmp_path)
    from jp_conll18.model import METRICS
    from jp_conll18.report import format_scores
    from jp_conll18.scoring import Counts
    from jp_conll18.significance import WIDTH, scored_blocks

    monkeypatch.chdir(case.folder)
    files = [a for a in resolve_args(case) if not a.startswith("-")]
    if len(files) != 2:
        pytest.skip("not a gold/system pair")
    gold, system = files
    status, printed = _run("jp_conll18_ud_eval", [gold, system, "--counts"])
    if status != 0:
        pytest.skip(f"JP mode does not score this case (exit {status})")
    _, blocks = scored_blocks(gold, system)
    summed = np.zeros(WIDTH, dtype=np.int64)
    for _, vector in blocks:
        summed += np.asarray(vector, dtype=np.int64)
    counts = Counts()
    for k, metric in enumerate(METRICS):
        counts.rows[metric] = [int(x) for x in summed[4 * k:4 * k + 4]]
    assert format_scores(counts.scores(), counts=True) == printed
    extents = [extent for extent, _ in blocks]
    assert all(first <= stop for first, stop in extents)
    assert [e for e in extents if e[1] > e[0]] == sorted(e for e in extents if e[1] > e[0])


ERRANT = [c for c in CASES if c.tool == "errant_compare"]


@pytest.mark.parametrize("case", ERRANT, ids=[c.id for c in ERRANT])
def test_errant_running_total_choice_gives_the_printed_counts(case, monkeypatch, tmp_path):
    case = prepared(case, tmp_path)
    from jp_errant.compare_args import build_parser, options_from_args
    from jp_shims import registry
    from jp_shims.runner import statistics
    from jp_shims.significance.groups import system_counts

    monkeypatch.chdir(case.folder)
    args = resolve_args(case)
    status, printed = _run("jp_errant_compare", args)
    if status != 0:
        pytest.skip(f"JP mode does not score this case (exit {status})")
    options = options_from_args(build_parser("x", jp_mode=True).parse_known_args(args)[0])
    if not options.beta_is_safe:
        pytest.skip("beta for which F is not a number: no significance tests")
    lines = printed.splitlines()
    header = max(i for i, line in enumerate(lines) if line.startswith("TP\tFP\tFN\t"))
    expected = [int(x) for x in lines[header + 1].split("\t")[:3]]
    parsed = build_parser("x", jp_mode=True).parse_known_args(args)[0]
    tool = registry.load("jp_errant_compare")
    own = [arg for arg in args if arg not in (parsed.ref, parsed.hyp, "-ref", "-hyp", "-v", "--verbose")]
    system, = system_counts([statistics(tool, parsed.ref, parsed.hyp, own)])
    assert system.totals().tolist() == expected


EVALB = [c for c in CASES if c.tool == "evalb"]


def _summary_values(text: str, block: str) -> dict:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(block))
    values = {}
    for line in lines[start + 1:start + 14]:
        if "=" in line:
            key, value = line.split("=", 1)
            values[key.strip()] = value.strip()
    return values


@pytest.mark.parametrize("case", EVALB, ids=[c.id for c in EVALB])
def test_evalb_block_counts_add_up_to_the_printed_summary(case, monkeypatch, tmp_path):
    case = prepared(case, tmp_path)
    from jp_evalb.args import parse_evalb_args
    from jp_evalb.jp import WIDTH
    from jp_evalb.significance import metric_function
    from jp_evalb.tool import scored_blocks

    monkeypatch.chdir(case.folder)
    args = resolve_args(case)
    status, printed = _run("jp_evalb", args)
    if status != 0 or "=== Summary ===" not in printed:
        pytest.skip(f"JP mode does not score this case (exit {status})")
    options = parse_evalb_args(args, lambda _: None, "utf-8", strict=True)
    blocks = scored_blocks(options.gold, options.test, options.params)
    summed = np.zeros(WIDTH)
    for _, vector in blocks:
        summed += vector
    f, recall, precision, tags = metric_function(summed)
    short_f, short_recall, _, short_tags = metric_function(np.concatenate((summed[5:], summed[5:])))
    every, short = _summary_values(printed, "-- All --"), _summary_values(printed, "-- len<=")
    assert every["Bracketing Recall"] == "%.2f" % recall
    assert every["Bracketing Precision"] == "%.2f" % precision
    assert every["Tagging accuracy"] == "%.2f" % tags
    if "nan" not in every["Bracketing FMeasure"]:
        assert every["Bracketing FMeasure"] == "%.2f" % f
    if "nan" not in short["Bracketing FMeasure"]:
        assert short["Bracketing FMeasure"] == "%.2f" % short_f
    assert short["Bracketing Recall"] == "%.2f" % short_recall
    assert short["Tagging accuracy"] == "%.2f" % short_tags
    total = printed.split("=== Summary ===")[0].splitlines()[-1].split()
    assert [int(x) for x in total[-3:-1]] == [int(summed[3]), int(summed[4])]
    if len(total) > 3:
        assert [int(x) for x in total[2:5]] == [int(x) for x in summed[:3]]


M2SCORER = [c for c in CASES if c.tool == "m2scorer"]


@pytest.mark.parametrize("case", M2SCORER, ids=[c.id for c in M2SCORER])
def test_m2scorer_annotator_choice_gives_the_printed_figures(case, monkeypatch, tmp_path):
    case = prepared(case, tmp_path)
    from jp_m2scorer import options as m2options
    from jp_m2scorer.significance import metric_function
    from jp_shims import registry
    from jp_shims.runner import statistics
    from jp_shims.significance.groups import system_counts

    monkeypatch.chdir(case.folder)
    args = resolve_args(case)
    result = run_tool("jp_m2scorer", args + ["--json"])
    status, printed = result.returncode, result.out
    if status != 0:
        pytest.skip(f"JP mode does not score this case (exit {status})")
    scores = json.loads(printed)["scores"]
    options, (system, gold) = m2options.parse(list(args))
    own = [arg for arg in args if arg not in (system, gold)]
    counted, = system_counts([statistics(registry.load("jp_m2scorer"), gold, system, own)])
    totals = counted.totals()
    assert totals.tolist() == [scores["correct"], scores["proposed"], scores["gold"]]
    f, p, r = metric_function(options.beta)(totals.astype(float))

    def rounded(value):   # JSON writes nan (--beta nan or inf) as null
        return "nan" if value is None or value != value else round(value, 10)
    if not math.isfinite(options.beta ** 2):
        # m2scorer's F of a nan or infinite beta is nan (the metric function is for real betas)
        assert rounded(scores["f"]) == "nan"
        f = math.nan
    assert (rounded(f), rounded(p), rounded(r)) == (
        rounded(scores["f"]), rounded(scores["precision"]), rounded(scores["recall"]))


UDEVAL = [c for c in CASES if c.tool == "iwpt_xud_eval"]


@pytest.mark.parametrize("case", UDEVAL, ids=[c.id for c in UDEVAL])
def test_udeval_block_counts_add_up_to_the_printed_counts(case, monkeypatch, tmp_path):
    case = prepared(case, tmp_path)
    from jp_conll18.report import format_scores
    from jp_conll18.scoring import Counts
    from jp_conll18.significance import metric_names, scored_blocks
    from jp_conll18.udeval_cli import build_parser, reader_options

    monkeypatch.chdir(case.folder)
    args = resolve_args(case)
    try:
        parsed = build_parser(False).parse_args(args)
    except (SystemExit, UsageError):
        pytest.skip("not a gold/system pair")
    status, printed = _run("jp_udeval", args + ["--counts"])
    if status != 0:
        pytest.skip(f"JP mode does not score this case (exit {status})")
    reader = reader_options(parsed, legacy=False)
    _, blocks = scored_blocks(parsed.gold_file, parsed.system_file, options=reader)
    metrics = metric_names(reader)
    summed = np.zeros(4 * len(metrics), dtype=np.int64)
    for _, vector in blocks:
        summed += np.asarray(vector, dtype=np.int64)
    counts = Counts(enhanced=True)
    for k, metric in enumerate(metrics):
        counts.rows[metric] = [int(x) for x in summed[4 * k:4 * k + 4]]
    assert format_scores(counts.scores(), counts=True, enhanced=parsed.enhanced) == printed


@pytest.mark.parametrize("hypothesis, extra", [
    ("mucgec_example_pred_dev.hyp.m2.char", []),
    ("mucgec_example_pred_dev.hyp.m2.char", ["--reference_num", "1"]),
    ("jp/mucgec_example_pred_dev.split.hyp.m2.char", []),
    ("jp/mucgec_example_pred_dev.merge2.hyp.m2.char", ["-cs"]),
])
def test_cherrant_annotator_choice_gives_the_printed_counts(hypothesis, extra):
    """ChERRANT's counts from the one scoring pass (its cut hypothesis units and its NA and
    --reference_num rules included) give the figures jp_cherrant_compare prints."""
    from jp_shims import registry
    from jp_shims.runner import statistics
    from jp_shims.significance.groups import system_counts
    from tests.datafiles import data_path

    ref = str(data_path("zh_gec", "mucgec_dev.ref.m2.char"))
    hyp = str(data_path("zh_gec", *hypothesis.split("/")))
    result = run_tool("jp_cherrant_compare", ["--json", *extra, "-hyp", hyp, "-ref", ref])
    assert result.returncode == 0, result.err
    scores = json.loads(result.out)["scores"]
    counted, = system_counts([statistics(registry.load("jp_cherrant_compare"), ref, hyp, extra)])
    assert counted.totals().tolist() == [scores["tp"], scores["fp"], scores["fn"]]
