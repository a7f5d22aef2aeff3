"""The HTML report of every tool on the runner, rendered by headless chromium (issue 25 item 3).

Each page is built by the tool's own run (in-process, through the runner), loaded in
chromium, and its DOM after the page's script ran (``--dump-dom``) is checked: the legend,
the labelled score box, the charts as SVG elements, the compared systems with the
significance table, and on GEC pages the edits marked in whole sentences (true positive,
false positive, missed). Without chromium the tests skip, saying so; the CoNLL-14 page needs
JP_SHIMS_DATA.
"""
from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest

from jp_shims import registry
from jp_shims.report.edits import marked_text
from jp_shims.records import EditMark
from jp_shims.runner import main as run_main
from jp_shims.report.svg import group_bars, heatmap, histogram
from tests.contract_samples import SAMPLES, command_line
from tests.test_jp_shims_report_browser import browse

DATA = os.environ.get("JP_SHIMS_DATA")


def run(name: str, argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        status = run_main(registry.load(name), [str(arg) for arg in argv])
    finally:
        sys.stdout, sys.stderr = saved
    return status, out.getvalue(), err.getvalue()


def dom_of(page: Path) -> str:
    result = browse("--dump-dom", url=page.as_uri())
    assert result.stdout, result.stderr[-2000:]
    assert "data-ready-ms" in result.stdout  # the page's script ran to its end
    return result.stdout


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict:
    """Every registered tool's report of the contract sample: gold against the system that
    lost its middle unit (a changed block), and --compare with the system that lines up."""
    folder = tmp_path_factory.mktemp("pages")
    saved = os.getcwd()
    os.chdir(folder)  # evalb_spmrl writes ./status as its original does
    made = {}
    try:
        for name in registry.names():
            sample = SAMPLES[name]
            paths = {}
            for key in ("gold", "system", "dropped"):
                paths[key] = folder / f"{name}.{key}"
                paths[key].write_text(getattr(sample, key), encoding="utf-8")
            page = folder / f"{name}.html"
            tool = registry.load(name)
            argv = command_line(tool.prog, str(paths["gold"]), str(paths["dropped"]), [*sample.options, "--report", str(page)])
            if tool.significance:
                argv += ["--paired-bs-n", "20", "--compare", str(paths["system"])]
            status, _, err = run(name, argv)
            assert status == 0, (name, err)
            made[name] = (page, tool)
    finally:
        os.chdir(saved)
    return made


@pytest.mark.parametrize("name", registry.names())
def test_every_tools_report_renders_with_legend_scores_and_charts(pages, name):
    page, tool = pages[name]
    dom = dom_of(page)
    legend = re.search(r'<section id="legend">(.*?)</section>', dom, re.S)
    assert legend, "no legend"
    for kind in ("exact", "retokenized", "normalized", "similar", "mismatch", "merged", "unaligned"):
        assert f'class="kind k-{kind}">{kind}</span>' in legend.group(1)
    assert re.search(r'<figure class="scores"><figcaption><b>Scores</b>[^<]*\S', dom)  # a labelled box
    assert '<pre id="headline" class="headline">' in dom
    assert dom.count('<tr class="block"') >= 1  # the lost unit
    # Every tool measures each changed block's loss, and the page draws its distribution
    # (ChERRANT's blocks: FP + FN, as errant's; conlleval's: chunks missed or spurious).
    assert re.search(r'<tr class="block"[^>]*data-loss="[^"]+"', dom) is not None
    assert '<svg class="chart histogram"' in dom
    histogram_caption = re.search(r'<svg class="chart histogram".*?</svg><figcaption>([^<]*)</figcaption>', dom, re.S)
    assert histogram_caption and tool.loss_label in histogram_caption.group(1)
    if tool.significance:
        assert '<section class="compared" id="compared-1">' in dom
        table = re.search(r'<table class="significance" id="significance">(.*?)</table>', dom, re.S)
        assert table and "(baseline)" in table.group(1) and table.group(1).count("<tr") >= 3


REF = ("S The cat sit on the mat .\nA 2 3|||R:VERB:SVA|||sat|||REQUIRED|||-NONE-|||0\n\n"
       "S It were a sunny day , we goes out .\nA 1 2|||R:VERB:SVA|||was|||REQUIRED|||-NONE-|||0\n"
       "A 7 8|||R:VERB:SVA|||went|||REQUIRED|||-NONE-|||0\n\n")
# The hypothesis joins the two sentences (a merged block) and tokenizes "day," as one token:
# "sat" is a true positive, "the -> a" a false positive, "goes -> went" missed.
HYP = ("S The cat sit on the mat . It were a sunny day, we goes out .\n"
       "A 2 3|||R:VERB:SVA|||sat|||REQUIRED|||-NONE-|||0\nA 4 5|||R:DET|||a|||REQUIRED|||-NONE-|||0\n"
       "A 8 9|||R:VERB:SVA|||was|||REQUIRED|||-NONE-|||0\n\n")


def test_errant_page_marks_edits_in_whole_sentences(tmp_path):
    (tmp_path / "ref.m2").write_text(REF, encoding="utf-8")
    (tmp_path / "hyp.m2").write_text(HYP, encoding="utf-8")
    page = tmp_path / "errant.html"
    status, out, err = run("jp_errant_compare", ["-ref", tmp_path / "ref.m2", "-hyp", tmp_path / "hyp.m2",
                                                 "--report", page])
    assert status == 0, err
    assert "2\t1\t1" in out  # TP FP FN
    dom = dom_of(page)
    assert re.search(r'<span class="edit e-tp"[^>]*><del>sit</del><ins class="e-tp"[^>]*>sat</ins></span>', dom)
    assert re.search(r'<span class="edit e-fp"[^>]*><del>the</del><ins class="e-fp"[^>]*>a</ins></span>', dom)
    assert re.search(r'<span class="edit e-fn"[^>]*><del>goes</del><ins class="e-fn"[^>]*>went</ins></span>', dom)
    assert re.search(r'<span class="edit e-tp"[^>]*><del>were</del><ins class="e-tp"[^>]*>was</ins></span>', dom)
    blocks = re.search(r'<table class="blocks" id="blocks">(.*?)</table>', dom, re.S).group(1)
    assert "…" not in blocks and "out" in blocks  # whole sentences
    assert "true positive" in dom and "false positive" in dom and "missed" in dom  # the legend explains them


def test_conll18_page_draws_breakdown_bars_and_confusion_heatmaps(tmp_path):
    gold = tmp_path / "gold.conllu"
    system = tmp_path / "system.conllu"
    gold.write_text(SAMPLES["jp_conll18_ud_eval"].gold, encoding="utf-8")
    # One word attached elsewhere, with another label: a direction and a deprel confusion.
    system.write_text(SAMPLES["jp_conll18_ud_eval"].gold.replace("3\tsat\tsat\tX\t_\t_\t1\tdep\t1:dep",
                                                                 "3\tsat\tsat\tX\t_\t_\t4\tobj\t4:obj"), encoding="utf-8")
    page = tmp_path / "ud.html"
    status, _, err = run("jp_conll18_ud_eval", ["--breakdown", "deprel", "--breakdown", "direction",
                                                "--confusion", "direction", "--confusion", "deprel",
                                                "--report", page, gold, system])
    assert status == 0, err
    dom = dom_of(page)
    assert dom.count('<svg class="chart bars"') == 2 and dom.count('<svg class="chart heatmap"') == 2
    heat = re.search(r'<svg class="chart heatmap"[^>]*aria-label="Confusion of direction"[^>]*>(.*?)</svg>', dom, re.S)
    assert heat and "gold left, system right: 1 " in heat.group(1)


def test_significance_table_of_the_page_has_the_breakdown_rows(tmp_path):
    """--compare with --breakdown: the page's significance table has the per-group rows
    (class ``breakdown``) and says they are not corrected for multiple comparisons."""
    case = Path(__file__).resolve().parents[1] / "compat_tests" / "vectors" / "conll18_ud_eval" / "tri-mix-pud"
    page = tmp_path / "ud.html"
    status, _, err = run("jp_conll18_ud_eval", [case / "gold.conllu", case / "system.conllu", "--breakdown",
                                                "direction", "--report", page, "--paired-bs-n", "50", "--compare",
                                                case / "gold.conllu"])
    assert status == 0, err
    dom = dom_of(page)
    table = re.search(r'<table class="significance" id="significance">(.*?)</table>', dom, re.S).group(1)
    assert "not corrected for multiple comparisons" in table
    rows = re.findall(r'<tr class="([^"]*)"><td>([^<]*)</td><td>([^<]*)</td>', table)
    assert [(classes, metric) for classes, _, metric in rows if "breakdown" in classes] == [
        ("baseline breakdown", "LAS[direction=left]"), ("baseline breakdown", "LAS[direction=right]"),
        ("baseline breakdown", "LAS[direction=root]"), ("breakdown", "LAS[direction=left]"),
        ("breakdown", "LAS[direction=right]"), ("breakdown", "LAS[direction=root]")]


@pytest.mark.skipif(not DATA, reason="JP_SHIMS_DATA not set: the CoNLL-14 page is not built")
def test_conll14_page_marks_edits_and_stays_small(tmp_path):
    gec = Path(DATA) / "gec"
    ref, hyp = gec / "conll14.official-2014.combined.m2", gec / "sys.conll14.gpt-4.1.minedit.m2"
    if not ref.exists() or not hyp.exists():
        pytest.skip(f"CoNLL-14 files not in {gec}")
    page = tmp_path / "conll14.html"
    status, _, err = run("jp_errant_compare", ["-ref", ref, "-hyp", hyp, "--report", page])
    assert status == 0, err
    assert page.stat().st_size < 1_000_000
    dom = dom_of(page)
    for status_class in ("e-tp", "e-fp", "e-fn"):
        assert f'<span class="edit {status_class}"' in dom
    blocks = re.search(r'<table class="blocks" id="blocks">(.*?)</table>', dom, re.S).group(1)
    texts = re.findall(r'<td class="(?:gold|system)">(.*?)</td>', blocks, re.S)
    assert texts and not any("…" in text for text in texts)


# --- the pieces, without a browser -------------------------------------------------------------

def test_histogram_bins_integers_and_bounds_its_size():
    svg = histogram([0, 1, 1, 2, 40, 41])
    assert svg.count('<rect class="bar"') <= 21 and "2 blocks" in svg
    assert histogram([]) is None and histogram([float("nan")]) is None


def test_group_bars_and_heatmap_fold_large_matrices():
    bars = group_bars({"nsubj": {"gold": 3, "uas": {"f1": 1.0}, "las": {"f1": 0.5}}}, "t")
    assert bars.count("<rect") == 2 + 2  # two bars and two colour keys
    matrix = {f"g{i}": {f"g{i}": 10 + i, "g0": 1} for i in range(50)}
    svg = heatmap(matrix, "big")
    assert "(other)" in svg and len(svg) < 120_000


def test_marked_text_keeps_edits_that_do_not_fit_out_of_the_text():
    wrong = EditMark("system", "gold", 0, 1, "dog", "cat", "R:NOUN", "fp")
    text = marked_text("The cat sat | It rained", [], [wrong])
    assert '<span class="edit' not in text and "edits not placed" in text
    insertion = EditMark("gold", "gold", 3, 3, "", ".", "M:PUNCT", "fn")
    marked = marked_text("The cat sat | It rained", [], [insertion])
    # An insertion at a sentence border belongs to the sentence before it.
    assert marked.index("e-fn") < marked.index('<span class="sep">')


def test_edit_marks_are_in_the_json_and_valid_against_the_schema(tmp_path):
    import json

    import jsonschema

    root = Path(__file__).resolve().parents[1]
    schema = json.loads((root / "docs" / "schema" / "envelope.schema.json").read_text(encoding="utf-8"))
    status, out, err = run("jp_errant_compare", ["-ref", root / "examples/errant/marked-ref.m2",
                                                 "-hyp", root / "examples/errant/marked-hyp.m2",
                                                 "--json", "--show-alignment"])
    assert status == 0, err
    document = json.loads(out)
    jsonschema.validate(document, schema)
    (block,) = document["alignment"]["blocks"]
    statuses = sorted((edit["side"], edit["status"]) for edit in block["edits"])
    assert statuses == [("gold", "fn"), ("gold", "tp"), ("gold", "tp"), ("system", "fp"), ("system", "tp"),
                        ("system", "tp")]
    figures = block["figures"]  # the marks say what the counts say
    assert (figures["tp"], figures["fp"], figures["fn"]) == (2, 1, 1)


def test_udeval_page_draws_its_breakdown_too(tmp_path):
    root = Path(__file__).resolve().parents[1]
    page = tmp_path / "udeval.html"
    status, _, err = run("jp_udeval", ["--breakdown", "deprel", "--confusion", "direction", "--report", page,
                                       root / "examples/udeval/gold.conllu", root / "examples/udeval/system.conllu"])
    assert status == 0, err
    dom = dom_of(page)
    assert '<svg class="chart bars"' in dom and '<svg class="chart heatmap"' in dom


def test_m2scorer_blocks_carry_their_edits_as_scored():
    import json

    root = Path(__file__).resolve().parents[1]
    status, out, err = run("jp_m2scorer", ["--json", "--show-alignment", root / "examples/m2scorer/system.merged.txt",
                                           root / "examples/m2scorer/gold.m2"])
    assert status == 0, err
    blocks = json.loads(out)["alignment"]["blocks"]
    assert blocks
    for block in blocks:
        system = [edit for edit in block["edits"] if edit["side"] == "system"]
        gold = [edit for edit in block["edits"] if edit["side"] == "gold"]
        figures = block["figures"]
        assert sum(edit["status"] == "tp" for edit in system) == figures["correct"]
        assert len(gold) == figures["gold"]
