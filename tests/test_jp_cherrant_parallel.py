"""jp_cherrant_parallel: ChERRANT's char-level annotator (spec cherrant.md section 9).

The pure pieces (tokens, punctuation cost, alignment table, path enumeration, merging) are
tested on their own; the costs, the worked examples of section 9.9, the API's doctest and the
MuCGEC dev set need ChERRANT's resource lists, read from ``$JP_SHIMS_DATA`` (skipped without).
The command line is tested in-process (the vectors run the console script).
"""
from __future__ import annotations

import doctest
import gzip
import itertools
from pathlib import Path

import pytest

import jp_cherrant.parallel
from jp_cherrant.annotator.alignment import AlignmentTooLarge, align_table, check_band, paths
from jp_cherrant.annotator.block import BlockWriter, LineError, Options, split_line
from jp_cherrant.annotator.costs import SubstitutionCost, punctuation
from jp_cherrant.annotator.merging import clean_up, edits_of_path, merge_runs, merge_transpositions
from jp_cherrant.annotator.resources import READINGS, RESOURCE_ENV, ResourceError, Resources, load_readings
from jp_cherrant.annotator.tokens import bpe_tokens, char_tokens, normalise, segmented_tokens
from jp_cherrant.parallel import annotate
from jp_cherrant.parallel_cli import main
from jp_errant.annotate.alignment import AlignOp
from tests.datafiles import data_path
from tests.extras import import_or_skip

RESOURCES = ("zh_gec", "annotator_resources")


@pytest.fixture(scope="module")
def resource_folder() -> str:
    return str(data_path(*RESOURCES))


@pytest.fixture()
def with_resources(resource_folder: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv(RESOURCE_ENV, resource_folder)
    return resource_folder


def tiny_resources(**kwargs) -> Resources:
    return Resources(cilin=kwargs.get("cilin", {}), confusion=kwargs.get("confusion", {}),
                     readings=kwargs.get("readings") or load_readings(), vocab=kwargs.get("vocab"))


# --- tokens -------------------------------------------------------------------------------

def test_normalise_removes_every_whitespace_and_converts_only_when_asked() -> None:
    assert normalise(" 我 们\u3000去\t了 ", segmented=False) == "我们去了"
    assert normalise(" 我们  去 ", segmented=True) == "我们  去"
    assert normalise("a b", segmented=False, convert=str.upper) == "AB"


def test_char_tokens_keep_the_missing_component_placeholder_whole() -> None:
    assert char_tokens("[缺失成分]这句[缺失成分]") == ["[缺失成分]", "这", "句", "[缺失成分]"]
    assert char_tokens("ab[c") == ["a", "b", "[", "c"]


def test_segmented_tokens_split_on_single_spaces() -> None:
    assert segmented_tokens("我们  去") == ["我们", "", "去"]


def test_bpe_keeps_a_word_the_vocabulary_cannot_cover() -> None:
    vocab = frozenset({"ba", "##nan", "##a", "我", "very", "##mu", "##ch", "!"})
    assert bpe_tokens("我banana", vocab) == ["我", "ba", "##nan", "##a"]
    assert bpe_tokens("Ilike北verymuch!", vocab) == ["Ilike", "北", "very", "##mu", "##ch", "!"]
    assert bpe_tokens("x" * 101, vocab) == ["[UNK]"]


# --- costs --------------------------------------------------------------------------------

def test_punctuation_part_of_the_cost() -> None:
    assert punctuation("，", "？") == 0.0
    assert punctuation("，", "。") == 0.499  # "。" is not in ChERRANT's punctuation string
    assert punctuation("a", "，") == 0.499
    assert punctuation("a", "b") == 0.25
    assert punctuation("？｡", "b") == 0.499  # a substring of the punctuation string counts


def test_semantic_part_counts_differing_cilin_levels() -> None:
    cost = SubstitutionCost(tiny_resources(cilin={"甲": ("A", "a", "01"), "乙": ("A", "a", "01"),
                                                  "丙": ("A", "b", "01"), "丁": ("B", "b", "02")}))
    assert cost.semantic("甲", "乙") == 0
    assert cost.semantic("甲", "丙") == 2
    assert cost.semantic("甲", "丁") == 6
    assert cost.semantic("甲", "戊") == 4


def test_character_part_uses_readings_and_confusion_sets() -> None:
    resources = tiny_resources(readings={"的": frozenset({"de", "di"}), "地": frozenset({"de"})},
                               confusion={"力": frozenset({"利"})})
    cost = SubstitutionCost(resources)
    assert cost.character("的", "地") == 0.0
    assert cost.character("利", "力") == 0.0
    assert cost.character("心", "兴") == 0.5
    assert cost.character("a", "b") == 0.5
    assert cost("的", "地") == 4 / 6.0 + 0.0 + 0.25


@pytest.mark.parametrize("pair, expected", [
    (("的", "地"), 0.25), (("力", "利"), 0.9166666666666666), (("心", "兴"), 1.25),
    (("很", "非"), 1.0833333333333333), (("，", "。"), 1.6656666666666666), (("a", "b"), 1.4166666666666665),
])
def test_substitution_costs_of_the_spec(resource_folder: str, pair: tuple, expected: float) -> None:
    cost = SubstitutionCost(Resources.load(Path(resource_folder)))
    assert cost(*pair) == expected


@pytest.mark.extra
def test_the_shipped_readings_are_pypinyins() -> None:
    pypinyin = import_or_skip("pypinyin", "cherrant")
    with gzip.open(READINGS, "rt", encoding="utf-8") as lines:
        header = next(lines)
    if not header.startswith(f"# pypinyin {pypinyin.__version__}:"):
        pytest.skip(f"the table was made with another pypinyin ({header.strip()}), {pypinyin.__version__} is installed")
    readings = tiny_resources().readings
    for code in range(0x4E00, 0xA000, 37):
        char = chr(code)
        expected = pypinyin.pinyin(char, style=pypinyin.Style.NORMAL, heteronym=True)[0]
        assert readings.get(char, frozenset((char,))) == frozenset(expected), char


# --- alignment and paths ------------------------------------------------------------------

def half(_s: str, _t: str) -> float:
    return 0.5


def test_ties_keep_every_cheapest_operation_in_order() -> None:
    table = align_table(list("AB"), list("BA"), half)
    assert table.cell(2, 2) == ("T2", "S")  # a swap costs 1, two substitutions 0.5 + 0.5
    assert table.cell(1, 1) == ("S",)
    assert align_table(list("AB"), list("CD"), lambda s, t: 2.0).cell(2, 2) == ("S", "I", "D")


def test_paths_follow_the_tie_order_depth_first() -> None:
    table = align_table(list("AB"), list("BA"), half)
    found = list(paths(table))
    assert [[step.op for step in path] for path in found] == [["T2"], ["S", "S"]]
    assert list(paths(table, first_only=True)) == found[:1]
    found = list(paths(align_table(list("AB"), list("CD"), lambda s, t: 2.0)))
    assert [[step.op for step in path] for path in found][:3] == [["S", "S"], ["D", "I", "S"], ["I", "D", "S"]]


def test_one_path_when_the_lengths_differ_by_more_than_ten() -> None:
    table = align_table(list("我"), list("我们" * 6), half)
    assert len(list(paths(table))) == 1


def _perturbed_pairs(seed: int, count: int, longest: int):
    """Random pairs over small alphabets (many ties, repeats and transpositions) and a
    random substitution cost table of values the real costs take."""
    import random

    rng = random.Random(seed)
    prices = [0.25, 0.5, 0.75, 1.0, 1.0833333333333333, 1.25, 1.6656666666666666, 1.9]
    for _ in range(count):
        alphabet = "abcdefgh"[:rng.randint(2, 8)]
        source = [rng.choice(alphabet) for _ in range(rng.randint(1, longest))]
        target = list(source)
        for _ in range(rng.randint(0, 8)):
            where = rng.randrange(len(target) + 1)
            kind = rng.randrange(4)
            if kind == 0:
                target.insert(where, rng.choice(alphabet))
            elif kind == 1 and len(target) > 1 and where < len(target):
                del target[where]
            elif kind == 2 and where < len(target):
                target[where] = rng.choice(alphabet)
            elif where + 3 <= len(target):
                target[where:where + 3] = target[where:where + 3][::-1]
        table = {(a, b): rng.choice(prices) for a in alphabet for b in alphabet if a != b}
        yield source, target, (lambda a, b, table=table: table[a, b])


@pytest.mark.parametrize("seed", [1, 2])
def test_the_band_gives_the_whole_tables_paths(seed: int) -> None:
    # threshold=1e9: every diagonal, every cell cheap (the original's whole table); small
    # thresholds are below the final cost, so the band is recomputed wider.
    for source, target, price in _perturbed_pairs(seed, 150, 30):
        whole = align_table(source, target, price, threshold=1e9 + 0.5)
        assert whole.cells == (len(source) + 1) * (len(target) + 1)
        expected = list(itertools.islice(paths(whole), 50))
        for threshold in (None, 1.5, 4.5):
            assert list(itertools.islice(paths(align_table(source, target, price, threshold=threshold)), 50)) \
                == expected, ("".join(source), "".join(target), threshold)


def test_the_band_is_a_small_part_of_a_long_table() -> None:
    source = list("他每天都跑步在公园里。" * 200)
    target = list(source)
    target[1000:1002] = ["很", "好"]
    table = align_table(source, target, half)
    assert table.cells < 20 * len(source)
    found = list(paths(table))
    assert len(found) == 1 and [step for step in found[0] if step.op != "M"] == \
        [AlignOp("S", 1000, 1001, 1000, 1001), AlignOp("S", 1001, 1002, 1001, 1002)]


def test_a_band_beyond_the_cell_limit_is_refused() -> None:
    source, target = list("甲乙丙丁" * 300), list("戊己庚辛" * 300)
    with pytest.raises(AlignmentTooLarge, match="more than the limit of 1,000"):
        align_table(source, target, half, max_cells=1000)
    with pytest.raises(AlignmentTooLarge):
        check_band(source, target, half, 1000)
    check_band(source, source[:-1], half, 10_000)  # one deletion: a band of two diagonals


def test_jp_mode_refuses_a_line_whose_alignment_is_too_large(with_resources: str, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture) -> None:
    para = tmp_path / "in.para"
    para.write_text("1\t我们\t我们去\n2\t" + "甲乙丙丁" * 300 + "\t" + "戊己庚辛" * 300 + "\n", encoding="utf-8")
    out = tmp_path / "out.m2"
    assert main(["-f", str(para), "-o", str(out), "--no_simplified"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"jp_cherrant_parallel: error: {para}:2: a source of 1200 tokens against a "
                          "correction of 1200 tokens: aligning them needs ") and err.count("\n") == 1
    assert "table cells, more than the limit of 1,000,000" in err
    assert not out.exists()


def test_abab_to_baba_gives_two_distinct_edit_lists() -> None:
    source, target = list("ABAB"), list("BABA")
    writer = BlockWriter(tiny_resources())
    lists = writer.alignments(source, target)
    assert lists == [[AlignOp("T2", 0, 2, 0, 2), AlignOp("T2", 2, 4, 2, 4)], [AlignOp("T4", 0, 4, 0, 4)]]


# --- merging ------------------------------------------------------------------------------

def steps(*ops: tuple) -> list:
    return [AlignOp(*op) for op in ops]


def test_runs_merge_substitutions_with_insertions_but_not_deletions_with_insertions() -> None:
    assert merge_runs(steps(("I", 0, 0, 0, 1), ("S", 0, 1, 1, 2), ("S", 1, 2, 2, 3))) == [AlignOp("S", 0, 2, 0, 3)]
    assert merge_runs(steps(("D", 0, 1, 0, 0), ("I", 1, 1, 0, 1))) == steps(("D", 0, 1, 0, 0), ("I", 1, 1, 0, 1))
    assert merge_runs(steps(("M", 0, 1, 0, 1), ("M", 1, 2, 1, 2), ("D", 2, 3, 2, 2), ("D", 3, 4, 2, 2))) == \
        [AlignOp("M", 0, 2, 0, 2), AlignOp("D", 2, 4, 2, 2)]


def test_a_deletion_and_insertion_around_a_match_become_a_transposition() -> None:
    source, target = list("跑步在公园"), list("在公园跑步")
    items = steps(("D", 0, 2, 0, 0), ("M", 2, 5, 0, 3), ("I", 5, 5, 3, 5))
    assert merge_transpositions(items, source, target) == [AlignOp("T5", 0, 5, 0, 5)]


def test_punctuation_is_never_moved_by_a_transposition() -> None:
    source, target = list("，我们"), list("我们，")
    items = steps(("D", 0, 1, 0, 0), ("M", 1, 3, 0, 2), ("I", 3, 3, 2, 3))
    assert merge_transpositions(items, source, target) == [items[0], items[2]]


def test_a_substitution_loses_its_common_prefix() -> None:
    source, target = ["好"], ["好", "好"]
    assert clean_up([AlignOp("S", 0, 1, 0, 2)], source, target) == [AlignOp("I", 1, 1, 1, 2)]
    assert clean_up([AlignOp("S", 0, 1, 0, 1)], ["好"], ["好"]) == []


def test_edits_of_a_path_drop_matches() -> None:
    source, target = list("我很好"), list("我好")
    path = steps(("M", 0, 1, 0, 1), ("D", 1, 2, 1, 1), ("M", 2, 3, 1, 2))
    assert edits_of_path(path, source, target) == [AlignOp("D", 1, 2, 1, 1)]


# --- blocks -------------------------------------------------------------------------------

def test_lines_without_tab_or_with_an_empty_text_are_errors() -> None:
    with pytest.raises(LineError) as error:
        split_line("1")
    assert error.value.kind == "IndexError"
    assert split_line("1\t源") == ("源", [])
    writer = BlockWriter(tiny_resources())
    with pytest.raises(LineError) as error:
        writer.block("我", [" \u3000"])
    assert error.value.kind == "Exception"
    assert writer.block("我", []) == "\n"


def test_special_corrections() -> None:
    writer = BlockWriter(tiny_resources())
    assert writer.block("我们", ["没有错误", "无法标注", "我 们"]) == (
        "S 我 们\nT0 没有错误\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n"
        "T1 无法标注\nA -1 -1|||NA|||-NONE-|||REQUIRED|||-NONE-|||1\n"
        "T2 没有错误\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||2\n\n")


@pytest.mark.parametrize("source, correction, edits", [
    ("我去了北京和上海。", "我去北京和上海了。", ["A 2 8|||W|||北 京 和 上 海 了"]),
    ("好好学习天天向上", "好好好学习天天向上", ["A 0 0|||M|||好"]),
    ("啊啊啊", "啊", ["A 0 2|||R|||-NONE-"]),
    ("的的的了了了", "了的了的了的", ["A 0 1|||S|||了", "A 2 4|||W|||了 的", "A 5 6|||S|||的"]),
    ("他跑得比我很快。", "他跑得比我快得多。", ["A 5 7|||S|||快 得 多"]),
    ("電腦壞了", "电脑坏了", ["A 0 3|||S|||电 脑 坏"]),
    ("我去学校。", "我昨天早上七点钟和我的好朋友一起高高兴兴地去学校。",
     ["A 0 0|||M|||我 昨 天 早 上 七 点 钟 和", "A 1 1|||M|||的 好 朋 友 一 起 高 高 兴 兴 地"]),
])
def test_worked_examples_of_the_spec(with_resources: str, source: str, correction: str, edits: list) -> None:
    block = annotate([source], [correction], simplified=False)[0]
    written = [line.rsplit("|||REQUIRED", 1)[0] for line in block.splitlines() if line.startswith("A ")]
    assert written == edits


@pytest.mark.extra
def test_api_doctest(with_resources: str) -> None:
    import_or_skip("opencc", "cherrant")
    failures, tried = doctest.testmod(jp_cherrant.parallel, optionflags=doctest.ELLIPSIS)
    assert tried >= 2 and failures == 0


@pytest.mark.extra
def test_mucgec_dev_example_prediction_gives_the_published_m2(with_resources: str) -> None:
    import_or_skip("opencc", "cherrant")
    para = data_path("zh_gec", "mucgec_example_pred_dev.para")
    expected = data_path("zh_gec", "mucgec_example_pred_dev.hyp.m2.char").read_text(encoding="utf-8")
    rows = [line.split("\t") for line in para.read_text(encoding="utf-8").strip().split("\n")]
    blocks = annotate([row[1] for row in rows], [row[2:] for row in rows])
    assert "".join(blocks) == expected


# --- command line -------------------------------------------------------------------------

def test_word_level_is_one_error_line_in_both_modes(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    para = tmp_path / "in.para"
    para.write_text("1\t我\t我们\n", encoding="utf-8")
    for legacy in ([], ["--legacy"]):
        assert main([*legacy, "-f", str(para), "-o", str(tmp_path / "out.m2"), "-g", "word"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("jp_cherrant_parallel: error: -g word")
    assert not (tmp_path / "out.m2").exists()


def test_help_says_word_level_is_out_of_scope(capsys: pytest.CaptureFixture) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "Word level (-g word, LTP) is out of scope" in out and "--resources DIR" in out


def test_missing_resources_is_one_error_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture) -> None:
    monkeypatch.delenv(RESOURCE_ENV, raising=False)
    para = tmp_path / "in.para"
    para.write_text("1\t我\t我们\n", encoding="utf-8")
    assert main(["-f", str(para), "-o", str(tmp_path / "out.m2")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and RESOURCE_ENV in err
    with pytest.raises(ResourceError):
        annotate(["我"], ["我们"], resources=str(tmp_path))


def test_missing_opencc_is_one_error_line(with_resources: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setitem(__import__("sys").modules, "opencc", None)
    para = tmp_path / "in.para"
    para.write_text("1\t我\t我们\n", encoding="utf-8")
    assert main(["-f", str(para), "-o", str(tmp_path / "out.m2")]) == 2
    assert "--no_simplified" in capsys.readouterr().err
    assert main(["-f", str(para), "-o", str(tmp_path / "out.m2"), "--no_simplified"]) == 0
    assert (tmp_path / "out.m2").read_text(encoding="utf-8").endswith("A 1 1|||M|||们|||REQUIRED|||-NONE-|||0\n\n")


def test_jp_mode_checks_every_line_before_writing(with_resources: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture) -> None:
    para = tmp_path / "in.para"
    para.write_text("\n1\t我\t我们\n2\t你\t \t你们\n", encoding="utf-8")
    out = tmp_path / "out.m2"
    assert main(["-f", str(para), "-o", str(out), "--no_simplified"]) == 2
    assert capsys.readouterr().err == (f"jp_cherrant_parallel: error: {para}:3: correction 1 is empty once "
                                       "whitespace is removed\n")
    assert not out.exists()
    assert main(["--legacy", "-f", str(para), "-o", str(out), "--no_simplified"]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == "Exception"
    assert out.read_text(encoding="utf-8") == "S 我\nT0-A0 我 们\nA 1 1|||M|||们|||REQUIRED|||-NONE-|||0\n\n"


def test_jp_mode_warns_about_a_line_without_corrections(with_resources: str, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture) -> None:
    para = tmp_path / "in.para"
    para.write_text("1\t我\n", encoding="utf-8")
    assert main(["-f", str(para), "-o", str(tmp_path / "out.m2"), "--no_simplified"]) == 0
    assert f"{para}:1: a source without corrections" in capsys.readouterr().err
    assert (tmp_path / "out.m2").read_text(encoding="utf-8") == "\n"


def test_options_are_checked(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        BlockWriter(tiny_resources(), Options(strategy="best"))


def test_an_empty_segmented_token_fails_as_the_original_would(with_resources: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture) -> None:
    para = tmp_path / "in.para"
    para.write_text("1\t我们  去\t我们 去 了\n", encoding="utf-8")
    out = tmp_path / "out.m2"
    assert main(["-f", str(para), "-o", str(out), "--segmented", "--no_simplified"]) == 2
    assert capsys.readouterr().err.endswith(":1: an empty token (two spaces in a row) with --segmented\n")
    assert main(["--legacy", "-f", str(para), "-o", str(out), "--segmented", "--no_simplified"]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == "IndexError: list index out of range"
    assert out.read_text(encoding="utf-8") == ""
