"""jp_cherrant_compare: ChERRANT's switches of the shared M2 reader and scorer, the cut of
hypothesis blocks at reference boundaries (JP mode), the JP run and the Python API."""
from __future__ import annotations

import doctest
import io
import json
import warnings

import pytest

import jp_cherrant
from jp_cherrant import api, compare_align
from jp_cherrant.compare_align import cut_block
from jp_cherrant.jp import in_step
from jp_errant.m2_records import Edit, RawBlock, Sentence, noop_edit
from jp_errant.m2_blocks import legacy_block_rows, FieldCache
from jp_errant.report import format_report
from jp_errant.score_options import ScoreOptions, SentencePair
from jp_errant.scorer import score_corpus
from tests.toolrun import run_tool
from tests.datafiles import data_path


@pytest.mark.parametrize("module", [compare_align, api])
def test_doctests(module) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        failed, attempted = doctest.testmod(module)
    assert attempted and not failed


# --- the reader switch ----------------------------------------------------------------

def test_cherrant_reading_takes_a_lines_anywhere_and_joins_corrections() -> None:
    block = ("A 0 1|||S|||她|||REQUIRED|||-NONE-|||0\nS 他 是 学 生\nT0-A0 她 是 学 生\n"
             "A 1 2|||S|||非 常|||REQUIRED|||-NONE-|||1\nA\t2 3|||S|||x|||0\n a 3 4|||S|||y|||0")
    rows = legacy_block_rows(block, FieldCache(), cherrant=True)
    assert [(r[0], r[1], r[3], r[4]) for r in rows] == [(0, 1, "她", 0), (1, 2, "非常", 1)]
    # errant's reading of the same block: line 0 skipped, every other line an edit
    with pytest.raises(ValueError):
        legacy_block_rows(block, FieldCache())


# --- the scorer switches --------------------------------------------------------------

def _edit(start, end, kind, cor, coder=0) -> Edit:
    return Edit(start, end, kind, cor, coder)


NA = _edit(-1, -1, "NA", "-NONE-")
CHERRANT = ScoreOptions(verbose_style="errant2", skip_unannotatable=True)


def test_na_reference_sentence_counts_nothing() -> None:
    pairs = [SentencePair([_edit(0, 1, "S", "a")], [NA], ""),
             SentencePair([_edit(0, 1, "S", "a")], [_edit(0, 1, "S", "a")], "")]
    result = score_corpus(pairs, CHERRANT)
    assert (result.tp, result.fp, result.fn) == (1, 0, 0)
    # without the switch (errant) the NA key is a reference edit like any other
    result = score_corpus(pairs, ScoreOptions())
    assert (result.tp, result.fp, result.fn) == (1, 1, 1)


def test_na_with_a_second_annotator_is_scored() -> None:
    pairs = [SentencePair([_edit(0, 1, "S", "a")], [NA, _edit(0, 1, "S", "a", 1)], "")]
    result = score_corpus(pairs, CHERRANT)
    assert (result.tp, result.fp, result.fn) == (1, 0, 0)


def test_reference_num_keeps_sentences_by_annotator_count() -> None:
    one = SentencePair([_edit(0, 1, "S", "a")], [_edit(0, 1, "S", "b")], "")
    two = SentencePair([_edit(0, 1, "S", "a")], [_edit(0, 1, "S", "a"), _edit(2, 3, "S", "c", 1)], "")
    options = CHERRANT._replace(reference_coders=2)
    result = score_corpus([one, two], options)
    assert (result.tp, result.fp, result.fn) == (1, 0, 0)


def test_errant2_trace() -> None:
    out = io.StringIO()
    pairs = [SentencePair([_edit(0, 1, "S", "a")], [_edit(0, 1, "S", "a")], " 他 是")]
    score_corpus(pairs, CHERRANT._replace(verbose=True), out.write)
    assert out.getvalue().splitlines()[:4] == [
        "-" * 40, "SENTENCE 0 他 是", "-" * 40, "SENTENCE 0 - HYP 0 - REF 0"]
    assert "HYPOTHESIS EDITS : [(0, 1, 'a')]" in out.getvalue()
    assert "Local results" not in out.getvalue()


def test_cat_1_fails_before_the_report_starts() -> None:
    pairs = [SentencePair([_edit(0, 1, "", "a")], [_edit(1, 2, "S", "b")], "")]
    options = ScoreOptions(cat=1)
    with pytest.raises(IndexError):
        format_report(score_corpus(pairs, options), options)


# --- cutting a hypothesis block at reference boundaries --------------------------------

REFS = [Sentence("我 去 学 校 。", (_edit(1, 1, "M", "要"),)),
        Sentence("他 来 了 。", (_edit(1, 2, "S", "去"),))]


def _spans(cut) -> list:
    return [[(e.start, e.end, e.correction, e.type) for e in piece] for piece in cut.pieces]


def test_split_hypothesis_is_concatenated() -> None:
    hyps = [Sentence("我 去", (_edit(1, 1, "M", "要"),)), Sentence("学 校 。"),
            Sentence("他 来 了 。", (noop_edit(),))]
    cut = cut_block(REFS, hyps)
    assert _spans(cut) == [[(1, 1, "要", "M")], [(-1, -1, "-NONE-", "noop")]]
    assert cut.crossing == ()


def test_crossing_edit_stays_unmatched_under_span_keys() -> None:
    hyp = Sentence("我 去 学 校 。 他 来 了 。", (_edit(3, 6, "W", "校他。"),))
    cut = cut_block(REFS, [hyp], [(7,)])
    assert _spans(cut) == [[(3, 6, "校他。", "W")], [(-1, -1, "-NONE-", "noop")]]
    (crossing,) = cut.crossing
    assert (crossing.line, crossing.first, crossing.last) == (7, 0, 1)


def test_crossing_edit_is_split_by_token_under_dt() -> None:
    hyp = Sentence("我 去 学 校 。 他 来 了 。", (_edit(3, 6, "W", "校他。"),))
    cut = cut_block(REFS, [hyp], token_keys=True)
    assert [[(e.start, e.end) for e in piece] for piece in cut.pieces] == [[(3, 5)], [(0, 1)]]


def test_insertion_on_a_boundary_goes_where_the_reference_has_it() -> None:
    refs = [Sentence("我 去", ()), Sentence("他 来", (_edit(0, 0, "M", "但"),))]
    hyp = Sentence("我 去 他 来", (_edit(2, 2, "M", "但"), _edit(2, 2, "M", "。")))
    assert _spans(cut_block(refs, [hyp])) == [[(2, 2, "。", "M")], [(0, 0, "但", "M")]]


def test_retokenized_hypothesis_is_mapped_onto_reference_tokens() -> None:
    refs = [Sentence("[缺失成分] 我 去", ()), Sentence("他 来", ())]
    hyp = Sentence("[ 缺 失 成 分 ] 我 去 他 来", (_edit(8, 9, "S", "她"),))
    assert _spans(cut_block(refs, [hyp])) == [[(-1, -1, "-NONE-", "noop")], [(0, 1, "她", "S")]]


def test_in_step() -> None:
    ref = RawBlock("S 我 去\nA 0 1|||S|||x|||0", 1)
    assert in_step(RawBlock("S 我 去", 1), ref)
    assert in_step(RawBlock("A 0 1|||S|||x|||0", 1), ref)  # no S line: paired by position
    assert not in_step(RawBlock("S 我 来", 1), ref)
    assert not in_step(RawBlock("S 我 去\n \nA 0 1|||S|||x|||0", 1), ref)  # a whitespace line separates blocks


# --- the JP run ------------------------------------------------------------------------

REF_M2 = ("S 我 去 学 校 。\nA 1 1|||M|||要|||REQUIRED|||-NONE-|||0\n\n"
          "S 他 来 了 。\nA 1 2|||S|||去|||REQUIRED|||-NONE-|||0\n")
HYP_CROSSING = ("S 我 去 学 校 。 他 来 了 。\nT0-A0 …\nA 1 1|||M|||要|||REQUIRED|||-NONE-|||0\n"
                "A 3 6|||W|||校 他 。|||REQUIRED|||-NONE-|||0\n")


def _run(tmp_path, hyp: str, ref: str, *options: str) -> tuple[int, str, str]:
    (tmp_path / "hyp.m2").write_text(hyp, encoding="utf-8")
    (tmp_path / "ref.m2").write_text(ref, encoding="utf-8")
    result = run_tool("jp_cherrant_compare", ["-hyp", str(tmp_path / "hyp.m2"), "-ref", str(tmp_path / "ref.m2"),
                                              *options])
    return result.returncode, result.out, result.err


def test_jp_run_counts_and_names_crossing_edits(tmp_path) -> None:
    report = tmp_path / "report.html"
    code, out, err = _run(tmp_path, HYP_CROSSING, REF_M2, "--show-alignment", "--report", str(report))
    assert code == 0 and "crossing edit" in report.read_text(encoding="utf-8")
    assert "1\t1\t1\t0.5\t0.5\t0.5" in out
    assert f"{tmp_path / 'hyp.m2'}:4" in err and "cross a reference sentence boundary" in err
    assert f"crossing edit {tmp_path / 'hyp.m2'}:4" in out


def test_jp_run_json(tmp_path) -> None:
    code, out, _ = _run(tmp_path, HYP_CROSSING, REF_M2, "--json")
    document = json.loads(out)
    assert code == 0 and document["scores"]["tp"] == 1
    assert document["scores"]["crossing_edits"] == [f"{tmp_path / 'hyp.m2'}:4"]


def test_jp_run_errors_are_one_line(tmp_path) -> None:
    code, out, err = _run(tmp_path, HYP_CROSSING.replace("A 3 6", "A 3 x"), REF_M2)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"jp_cherrant_compare: error: {tmp_path / 'hyp.m2'}:4:")
    # Text that never re-synchronizes is counted (the runner's rule), --strict stops on it.
    code, _, err = _run(tmp_path, "S 你 好\n", REF_M2)
    assert code == 0 and "without a counterpart (missed)" in err
    code, out, err = _run(tmp_path, "S 你 好\n", REF_M2, "--strict")
    assert code == 2 and out == "" and err.count("\n") == 1 and "--strict" in err


def test_jp_run_lined_up_malformed_line(tmp_path) -> None:
    code, _, err = _run(tmp_path, REF_M2.replace("A 1 2", "A 1"), REF_M2)
    assert code == 2 and f"{tmp_path / 'hyp.m2'}:5: malformed A line" in err


# --- the API on MuCGEC dev (spec section 11) ---------------------------------------------

def test_api_on_mucgec_dev() -> None:
    ref = data_path("zh_gec", "mucgec_dev.ref.m2.char")
    hyp = data_path("zh_gec", "mucgec_example_pred_dev.hyp.m2.char")
    split = data_path("zh_gec", "jp", "mucgec_example_pred_dev.split.hyp.m2.char")
    result = jp_cherrant.compare(hyp, ref, legacy=True)
    assert (result.tp, result.fp, result.fn, result.precision, result.recall, result.f) == \
        (1084, 1635, 3003, 0.3987, 0.2652, 0.3622)
    with pytest.warns(UserWarning, match="changed"):
        result = jp_cherrant.compare(split, ref)
    assert (result["tp"], result["fp"], result["fn"], result["f"]) == (1085, 1635, 3022, 0.362)
    assert result.changed_blocks == 53 and result.crossing_edits == ()
    with pytest.raises(ValueError, match="1206 blocks and the reference 1137"):
        jp_cherrant.compare(split, ref, legacy=True)


# --- through the audit layer, as a user runs it (the process is what is tested) ------------

def test_console_script_note_listing_json_and_closed_pipe(tmp_path) -> None:
    import os
    import subprocess
    import sys

    from tests.test_jp_shims_tools import strict, validate

    (tmp_path / "hyp.m2").write_text(HYP_CROSSING, encoding="utf-8")
    (tmp_path / "ref.m2").write_text(REF_M2, encoding="utf-8")
    code = "import sys; from jp_cherrant.cli import main; sys.argv[0] = 'jp_cherrant_compare'; sys.exit(main())"

    def run(*argv: str, **kwargs) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", code, "-hyp", "hyp.m2", "-ref", "ref.m2", *argv],
                              cwd=tmp_path, text=True, timeout=120, **kwargs)

    plain = run(capture_output=True)
    assert plain.returncode == 0 and ": note: " not in plain.stdout
    assert plain.stderr.count("\n") == 1 and plain.stderr.startswith("jp_cherrant_compare: note: ")
    assert "hyp.m2:4" in plain.stderr
    for flags in ([], ["--show-alignment"]):
        document = strict(run("--json", *flags, capture_output=True).stdout)
        validate(document)
        assert document["scores"]["crossing_edits"] == ["hyp.m2:4"]
    lined_up = subprocess.run([sys.executable, "-c", code, "-hyp", "ref.m2", "-ref", "ref.m2", "--json"],
                              cwd=tmp_path, text=True, capture_output=True, timeout=120)
    assert lined_up.stderr == "" and strict(lined_up.stdout)["alignment"]["summary"]["changed"] == 0
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        closed = run("--show-alignment", stdout=write_end, stderr=subprocess.PIPE)
    finally:
        os.close(write_end)
    assert "Traceback" not in closed.stderr and closed.returncode == 1


# --- every JP vector: the cut hypothesis is the vector's own re-expression -------------------

def _jp_cases() -> list:
    from compat_tests.test_vectors import CASES

    return [case for case in CASES if case.tool == "cherrant_compare" and "jp_hyp_refseg" in case.spec]


@pytest.mark.parametrize("case", _jp_cases(), ids=lambda case: case.folder.name)
def test_cut_hypothesis_equals_the_vectors_refseg(case) -> None:
    """Sentence by sentence, the hypothesis edits JP mode scores are those of ``jp_hyp_refseg``
    (the same edits in the reference's sentences, from which jp_expect_stdout was made)."""
    from compat_tests.test_vectors import resolve_args
    from jp_cherrant.tool import TOOL_INSTANCE
    from jp_errant.jp import ALIGNMENT, Plan, Units
    from jp_errant.m2_blocks import iter_blocks
    from jp_shims.inputs import InputFile

    args = resolve_args(case)
    hyp, ref = (str(case.folder / args[args.index(flag) + 1]) for flag in ("-hyp", "-ref"))
    refseg = case.spec["jp_hyp_refseg"]
    if refseg.startswith("../../../data/"):
        refseg = str(data_path(*refseg[len("../../../data/"):].split("/")))
    else:
        refseg = str(case.folder / refseg)
    # The tool's own stages (jp_shims.stages.run_stages runs them): read, pair, score.
    tool = TOOL_INSTANCE
    parsed = tool.configure()
    options = parsed.settings.options
    parsed = parsed._replace(settings=Plan(parsed.settings, options, 0, False, False, ALIGNMENT.normalizer(), FieldCache()))
    paired = tool.pair_units(parsed, *tool.read_inputs(parsed, InputFile(ref, ref), InputFile(hyp, hyp)),
                             ALIGNMENT.sentence_options())
    units = []
    for block, refs, hyps in paired:
        statistics = tool.score_block(parsed, block, refs, hyps, ALIGNMENT).statistics
        units += statistics.pairs if isinstance(statistics, Units) else [statistics]
    with open(refseg, encoding="utf-8") as handle:
        expected = [legacy_block_rows(block.text, FieldCache(), cherrant=True) for block in iter_blocks(handle)]

    def real(edits) -> list:
        return sorted(tuple(edit[:5]) for edit in edits if edit[2] != "noop")

    assert len(units) == len(expected)
    assert [real(unit.hyp_edits) for unit in units] == [real(edits) for edits in expected]


def test_changed_blocks_carry_their_figures_and_loss(tmp_path) -> None:
    """A ChERRANT block's TP/FP/FN as scored and its loss FP + FN (as jp_errant_compare's),
    which the HTML report draws as a histogram: a hypothesis that joins two reference
    sentences, with one edit right, one wrong and one missed."""
    (tmp_path / "ref.m2").write_text("S 我 去 学 校 。\nA 1 1|||M|||要|||0\n\nS 他 来 了 。\nA 1 2|||S|||去|||0\n\n",
                                     encoding="utf-8")
    (tmp_path / "hyp.m2").write_text("S 我 去 学 校 。 他 来 了 。\nA 1 1|||M|||要|||0\nA 0 1|||S|||你|||0\n\n",
                                     encoding="utf-8")
    result = run_tool("jp_cherrant_compare", ["--json", "--show-alignment", "-hyp", "hyp.m2", "-ref", "ref.m2"],
                      cwd=tmp_path)
    assert result.returncode == 0, result.err
    document = json.loads(result.out)
    block, = document["alignment"]["blocks"]
    scores = document["scores"]
    assert block["figures"] == {"tp": scores["tp"], "fp": scores["fp"], "fn": scores["fn"]} == {"tp": 1, "fp": 1,
                                                                                                 "fn": 1}
    assert block["loss"] == 2


# --- JP mode scores what ChERRANT scores, with its bytes where the files line up -----------

def _both_modes(tmp_path, hyp: str, ref: str, *options: str):
    """(JP mode, --legacy) results of one run on the same files."""
    (tmp_path / "hyp.m2").write_text(hyp, encoding="utf-8")
    (tmp_path / "ref.m2").write_text(ref, encoding="utf-8")
    argv = ["-hyp", str(tmp_path / "hyp.m2"), "-ref", str(tmp_path / "ref.m2"), *options]
    return run_tool("jp_cherrant_compare", argv), run_tool("jp_cherrant_compare", ["--legacy", *argv])


HYP_TWO = ("S 我 去 学 校 。\nA 1 1|||M|||要|||REQUIRED|||-NONE-|||0\n\n"
           "S 他 来 了 。\nA 1 2|||S|||去|||REQUIRED|||-NONE-|||0\nA 3 4|||R|||-NONE-|||REQUIRED|||-NONE-|||0\n")


@pytest.mark.parametrize("beta", ["inf", "nan", "1e400", "-inf"])
@pytest.mark.parametrize("verbose", [(), ("-v",)])
def test_beta_inf_and_nan_score_as_cherrant(tmp_path, beta, verbose) -> None:
    jp, legacy = _both_modes(tmp_path, HYP_TWO, REF_M2, f"-b={beta}", *verbose)
    assert legacy.returncode == 0 and "nan" in legacy.out
    assert (jp.returncode, jp.out) == (0, legacy.out)


def test_beta_whose_square_overflows_is_refused(tmp_path) -> None:
    jp, legacy = _both_modes(tmp_path, HYP_TWO, REF_M2, "-b", "1e200")
    assert legacy.returncode == 1 and legacy.err.rstrip().endswith("Numerical result out of range')")
    assert jp.returncode == 2 and jp.err.count("\n") == 1 and "overflows" in jp.err


@pytest.mark.parametrize("options", [(), ("-v",), ("-cat", "2"), ("-cat", "3"), ("-dt",), ("-cse",)])
@pytest.mark.parametrize("side", ["hyp", "ref"])
def test_empty_error_type_scores_as_cherrant(tmp_path, options, side) -> None:
    empty = HYP_TWO.replace("|||S|||去", "||||||去")
    hyp, ref = (empty, REF_M2) if side == "hyp" else (REF_M2, empty)
    jp, legacy = _both_modes(tmp_path, hyp, ref, *options)
    assert legacy.returncode == 0
    assert (jp.returncode, jp.out, jp.err) == (0, legacy.out, "")


def test_empty_error_type_in_cut_blocks_is_read(tmp_path) -> None:
    # Files that do not line up: the hypothesis's two sentences on one line.
    hyp = ("S 我 去 学 校 。 他 来 了 。\nA 1 1|||M|||要|||REQUIRED|||-NONE-|||0\n"
           "A 6 7||||||去|||REQUIRED|||-NONE-|||0\n")
    code, out, _ = _run(tmp_path, hyp, REF_M2)
    assert code == 0 and "2\t0\t0\t1.0\t1.0\t1.0" in out


def test_empty_error_type_under_cat_1_fails_in_both_modes(tmp_path) -> None:
    jp, legacy = _both_modes(tmp_path, REF_M2, HYP_TWO.replace("|||R|||", "||||||"), "-cat", "1")
    assert legacy.returncode == 1 and legacy.err.rstrip().endswith("IndexError: string index out of range")
    assert jp.returncode == 2 and jp.out == "" and jp.err.count("\n") == 1 and "empty error type" in jp.err


def test_verbose_one_to_one_sentence_echoes_the_hypothesis_s_line(tmp_path) -> None:
    # ChERRANT's own demo files differ by one character (a full-width colon against ':'):
    # it pairs the blocks by position and prints the hypothesis's line 0.
    ref = "S 准 备 : 大 虾\nA 0 1|||S|||预|||REQUIRED|||-NONE-|||0\n\n" + REF_M2
    hyp = "S 准 备 ： 大 虾\nA 0 1|||S|||预|||REQUIRED|||-NONE-|||0\n\n" + HYP_TWO
    jp, legacy = _both_modes(tmp_path, hyp, ref, "-v")
    assert "SENTENCE 0 准 备 ： 大 虾" in legacy.out
    assert (jp.returncode, jp.out) == (0, legacy.out)


def test_api_scores_inf_beta_and_empty_types_as_the_command_line(tmp_path) -> None:
    (tmp_path / "hyp.m2").write_text(HYP_TWO.replace("|||S|||去", "||||||去"), encoding="utf-8")
    (tmp_path / "ref.m2").write_text(REF_M2, encoding="utf-8")
    hyp, ref = tmp_path / "hyp.m2", tmp_path / "ref.m2"
    for legacy in (False, True):
        result = jp_cherrant.compare(hyp, ref, beta=float("inf"), legacy=legacy)
        command = run_tool("jp_cherrant_compare", [*(["--legacy"] if legacy else []), "-b", "inf",
                                                   "-hyp", str(hyp), "-ref", str(ref)])
        assert f"{result.tp}\t{result.fp}\t{result.fn}\t{result.precision}\t{result.recall}\t{result.f}" in command.out
    assert jp_cherrant.compare(hyp, ref).tp == 2
    with pytest.raises(ValueError, match="empty error type"):
        jp_cherrant.compare(ref, hyp, cat=1)


@pytest.mark.parametrize("bad", ["ref", "hyp", "both"])
def test_a_file_that_is_not_utf8_is_one_error_line_with_start_end_too(tmp_path, bad) -> None:
    """Invalid UTF-8 is bad input on the line of its first bad byte (the hypothesis named when
    both fail), also where --start/--end first count the reference's blocks."""
    good = "S 我 去\nA 0 1|||S|||你|||0\n\nS 他 来\nA 0 1|||S|||x|||0\n".encode()
    (tmp_path / "ref.m2").write_bytes(good.replace("他".encode(), b"\xff") if bad in ("ref", "both") else good)
    (tmp_path / "hyp.m2").write_bytes(good.replace("他".encode(), b"\xff") if bad in ("hyp", "both") else good)
    named = "ref.m2" if bad == "ref" else "hyp.m2"
    for options in ([], ["--start", "0", "--end", "1"]):
        result = run_tool("jp_cherrant_compare", ["-hyp", "hyp.m2", "-ref", "ref.m2", *options], cwd=tmp_path)
        assert (result.returncode, result.out, result.err) == (
            2, "", f"jp_cherrant_compare: error: {named}:4: invalid UTF-8\n"), options


@pytest.mark.parametrize("compare", [False, True])
def test_cat_1_with_an_empty_error_type_is_one_error_line_with_or_without_compare(tmp_path, compare) -> None:
    # An unmatched hypothesis edit with an empty type: ChERRANT fails with IndexError under
    # -cat 1; JP mode refuses it with the contract's line, also when --compare's candidates
    # group the categories before the report does.
    hyp = "S 我 去 学 校 。\nA 2 3||||||上|||REQUIRED|||-NONE-|||0\n"
    extra = ["--compare", str(tmp_path / "ref.m2")] if compare else []
    code, out, err = _run(tmp_path, hyp, REF_M2, "-cat", "1", *extra)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("jp_cherrant_compare: error: -cat 1 groups error types by their first character")
