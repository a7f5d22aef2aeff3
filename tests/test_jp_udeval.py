"""jp_udeval (the current UD scorer's drop-in): enhanced graph reading, filters, ELAS/EULAS,
the API module, the command line in both modes, and the originals' RecursionError."""
from __future__ import annotations

import io

import pytest

from jp_conll18 import conll18_ud_eval as conll18
from jp_conll18 import udeval
from jp_conll18.enhanced import enhancement_filters
from jp_conll18.model import DEPS
from jp_conll18.reader_options import ReaderOptions, original_recursion_limit
from jp_conll18.sentences import iter_sentences
from tests.toolrun import run_tool
from jp_conll18.udeval_cli import main


def row(i, form, head, deprel, deps="_", upos="X"):
    return f"{i}\t{form}\t_\t{upos}\t_\t_\t{head}\t{deprel}\t{deps}\t_\n"


# Ann wants to swim . (xsubj edge from swim to Ann)
GOLD = (row(1, "Ann", 2, "nsubj", "2:nsubj|4:nsubj:xsubj") + row(2, "wants", 0, "root", "0:root")
        + row(3, "to", 4, "mark", "4:mark") + row(4, "swim", 2, "xcomp", "2:xcomp")
        + row(5, ".", 2, "punct", "2:punct") + "\n")


@pytest.fixture
def files(tmp_path):
    def write(name, content):
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        return str(path)
    return write


def run(argv, script="jp_udeval"):
    """The console script in-process (tests/toolrun.py): (status, stdout, stderr)."""
    result = run_tool(script, argv)
    return result.returncode, result.out, result.err


def load(text, **options):
    return list(iter_sentences(io.StringIO(text), "f", legacy=True, options=ReaderOptions(udeval=True, **options)))


def test_enhancements_value_is_read_character_by_character():
    assert enhancement_filters("0") == frozenset()
    assert enhancement_filters("16") == enhancement_filters("61") == enhancement_filters("1,6") == {1, 6}
    assert enhancement_filters("x9") == frozenset()


def test_deps_heads_resolve_to_words_and_the_root():
    (sentence,) = load(GOLD)
    ann, wants, _, swim, _ = sentence.words
    assert ann.columns[DEPS] == [(wants, ["nsubj"]), (swim, ["nsubj:xsubj"])]
    assert wants.columns[DEPS] == [(0, ["root"])]


def test_deps_item_without_colon_is_the_originals_value_error():
    with pytest.raises(ValueError, match=r"not enough values to unpack \(expected 2, got 1\)"):
        load(GOLD.replace("2:nsubj|", "2nsubj|"))


def test_empty_node_heads_are_dropped_or_rejected_when_strict():
    text = GOLD.replace("2:punct", "2:punct|5.1:orphan")
    (sentence,) = load(text)
    assert [steps for _, steps in sentence.words[4].columns[DEPS]] == [["punct"]]
    with pytest.raises(udeval.UDError, match="references to empty nodes at line 6: $"):
        load(text, no_empty_nodes=True)


def test_identical_files_score_100_and_subtype_changes_only_touch_elas(files):
    g = files("g", GOLD)
    s = files("s", GOLD.replace("4:nsubj:xsubj", "4:nsubj"))
    assert run([g, g])[1].splitlines()[3:] == ["ELAS F1 Score: 100.00", "EULAS F1 Score: 100.00"]
    code, out, _ = run(["-c", g, s])
    rows = {line.split("|")[0].strip(): line for line in out.splitlines()[2:]}
    assert rows["ELAS"] == "ELAS       |         5 |         6 |         6 |          "
    assert rows["EULAS"] == "EULAS      |         6 |         6 |         6 |          "
    assert rows["LAS"].split("|")[1].strip() == "5"


def test_duplicate_edges_count_twice(files):
    g = files("g", GOLD)
    s = files("s", GOLD.replace("2:punct", "2:punct|2:punct"))
    _, out, _ = run(["-c", g, s])
    elas = [line for line in out.splitlines() if line.startswith("ELAS")][0]
    assert elas.split("|")[1:4] == ["         7 ", "         6 ", "         7 "]


def test_no_enhanced_prints_the_conll18_report(files):
    g = files("g", GOLD)
    assert run(["--no-enhanced", g, g])[1] == conll18_report(g)


def conll18_report(path):
    return run([path, path], "jp_conll18_ud_eval")[1]


def test_filter_6_cuts_case_information_on_both_sides(files):
    gold = GOLD.replace("4:mark", "4:obl:to")
    g = files("g", gold)
    s = files("s", gold.replace("4:obl:to", "4:obl:in"))
    assert run([g, s])[1].splitlines()[3] == "ELAS F1 Score: 83.33"
    assert run(["--enhancements", "6", g, s])[1].splitlines()[3] == "ELAS F1 Score: 100.00"


def test_filter_1_root_replacement_never_matches(files):
    # A path edge on the root word becomes its basic edge, which has no head at all.
    g = files("g", GOLD.replace("0:root", "0:root|1:conj>dep"))
    _, out, _ = run(["-c", "--enhancements=1", g, g])
    elas = [line for line in out.splitlines() if line.startswith("ELAS")][0]
    assert elas.split("|")[1:4] == ["         6 ", "         7 ", "         7 "]


def test_jp_mode_maps_enhanced_heads_through_the_alignment(files):
    # The system writes ``Anne`` for ``Ann`` and splits ``wants`` in two tokens: the
    # original refuses; JP mode aligns and every DEPS head still finds its gold word.
    split = (row(1, "Anne", 3, "nsubj", "3:nsubj|5:nsubj:xsubj") + row(2, "wan", 3, "dep", "3:dep")
             + row(3, "ts", 0, "root", "0:root") + row(4, "to", 5, "mark", "5:mark")
             + row(5, "swim", 3, "xcomp", "3:xcomp") + row(6, ".", 3, "punct", "3:punct") + "\n")
    g, s = files("g", GOLD), files("s", split)
    code, _, err = run(["--legacy", g, s])
    assert code == 1 and err.splitlines()[-1].startswith("First 20 differing characters")
    code, out, err = run(["-c", g, s])
    assert code == 0
    rows = {line.split("|")[0].strip(): line.split("|")[1:4] for line in out.splitlines()[2:]}
    # Aligned: Ann/Anne, to, swim, "." (wants vs wan+ts is a re-tokenization the scoring
    # does not align). Edges whose heads map onto the same gold word with the same label:
    # Ann->swim (nsubj:xsubj) and to->swim (mark); the four edges to wants cannot match.
    assert rows["Words"] == ["         4 ", "         5 ", "         6 "]
    assert rows["ELAS"] == ["         2 ", "         6 ", "         7 "]


def test_jp_errors_are_one_line_with_the_place(files):
    g = files("g", GOLD)
    s = files("s", GOLD.replace("2:xcomp", "9:xcomp"))
    code, out, err = run([g, s])
    assert code == 2 and out == ""
    assert err == f"jp_udeval: error: {s}:4: DEPS head '9' points outside of the sentence\n"
    code, _, err = run(["--legacy", g, s])
    assert code == 1 and err.splitlines()[-1] == "IndexError: list index out of range"


@pytest.mark.parametrize("where", ["jp_conll18.enhanced.apply_filters", "jp_conll18.stream.count_alignment"])
def test_an_index_error_of_our_own_code_is_a_bug_not_bad_input(files, capsys, monkeypatch, where):
    # Issue 21: jp_udeval reported an IndexError raised by its own code (a DEPS filter, the
    # scoring) as bad input. Only the reader's errors of the input are input errors.
    def broken(*args, **kwargs):
        raise IndexError("list index out of range")

    monkeypatch.setattr(where, broken)
    g = files("g", GOLD)
    with pytest.raises(IndexError):
        main(["--enhancements", "4", g, g])
    assert capsys.readouterr().err == ""


def test_legacy_program_name_and_no_empty_nodes_swallowing_the_gold_file(files):
    g = files("g", GOLD)
    code, _, err = run(["--legacy", "--no-empty-nodes", g, g])
    assert code == 2
    assert err.splitlines()[-1] == "eval.py: error: the following arguments are required: system_file"


def test_api_module_has_the_originals_names_and_order(files):
    g = files("g", GOLD)
    gold = udeval.load_conllu_file(g)
    with open(g, encoding="utf-8") as handle:
        again = udeval.load_conllu(handle, g, {"no_case_info": 1})
    scores = udeval.evaluate(gold, again)
    assert list(scores) == ["Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags", "Lemmas",
                            "UAS", "LAS", "ELAS", "EULAS", "CLAS", "MLAS", "BLEX"]
    assert scores["ELAS"].aligned_total is None and scores["ELAS"].f1 == 1.0
    assert udeval.build_evaluation_table(scores, False, False, True).splitlines()[-1] == "EULAS F1 Score: 100.00"
    assert udeval.process_enhanced_deps("3:conj:and>obj|0:root") == [("3", ["conj:and", "obj"]), ("0", ["root"])]
    assert udeval.CASE_DEPRELS == {"obl", "nmod", "conj", "advcl"}
    assert gold.path == g and gold.tokens[0].line == 1


def test_conll18_module_takes_stanzas_calls(files):
    g = files("g", GOLD)
    with open(g, encoding="utf-8") as handle:
        gold = conll18.load_conllu(handle, g, {})
    scores = conll18.evaluate(gold, gold)
    assert "ELAS" not in scores
    table = conll18.build_evaluation_table(scores, False, False)
    assert table == "LAS F1 Score: 100.00\nMLAS Score: 100.00\nBLEX Score: 100.00"
    assert conll18.build_evaluation_table(scores, True, False).splitlines()[-1].startswith("BLEX       |    100.00")


def chain(n: int) -> str:
    """One sentence whose word k is headed by word k+1: the originals' recursive head walk
    nests n calls for it."""
    return "".join(row(i, f"w{i}", i + 1 if i < n else 0, "dep" if i < n else "root")
                   for i in range(1, n + 1)) + "\n"


@pytest.mark.parametrize("entry", ["jp_udeval", "jp_conll18_ud_eval"], ids=["udeval", "conll18"])
def test_legacy_reproduces_the_recursion_error_of_long_head_chains(files, entry):
    limit = original_recursion_limit()  # 995 under CPython's default limit of 1000
    deep, shallow = files("deep", chain(limit)), files("shallow", chain(limit - 1))
    code, out, err = run(["--legacy", deep, deep], entry)
    assert (code, out) == (1, "")
    assert err.splitlines()[-1] == "RecursionError: maximum recursion depth exceeded in comparison"
    assert run(["--legacy", shallow, shallow], entry)[0] == 0
    # JP mode has no such limit.
    code, out, err = run([deep, deep], entry)
    assert (code, err) == (0, "") and "100.00" in out


def test_help_legacy_is_the_originals_usage_and_jp_adds_its_section():
    code, out, _ = run(["--legacy", "--help"])
    assert code == 0
    assert out.startswith("usage: eval.py [-h] [--verbose] [--counts] [--no-enhanced]\n"
                          "               [--enhancements ENHANCEMENTS] [--no-empty-nodes NO_EMPTY_NODES]\n"
                          "               [--multiple-roots-okay]\n"
                          "               gold_file system_file\n")
    assert "JP options" not in out and "--json" not in out
    code, out, _ = run(["--help"])
    assert code == 0 and out.startswith("usage: jp_udeval ") and "JP options (jp-shims " in out
    # the significance table's default metrics are jp_udeval's, with the enhanced ones
    assert "(default: LAS MLAS BLEX ELAS EULAS)" in " ".join(out.split())


def test_legacy_character_mismatch_reports_the_tokens_of_each_file(files):
    # The specification's worked example: gold token ``abc`` against system tokens ``a`` ``bd``.
    g = files("g", row(1, "abc", 0, "root") + "\n")
    s = files("s", row(1, "a", 0, "root") + row(2, "bd", 1, "dep") + "\n")
    code, out, err = run(["--legacy", g, s])
    assert (code, out) == (1, "")
    assert err.splitlines()[-7:] == [
        "UDError: The concatenation of tokens in gold file and in system file differ!",
        "The error occurs right at the beginning of the two files.",
        f"File '{s}':",
        "  Token no. 1 on line no. 1 is the last one with all characters reproduced in the other file.",
        "  The previous 1 tokens are 'a'.",
        "  The next 1 tokens are 'bd'.",
        "First 20 differing characters in gold file: 'c' and system file: 'd'",
    ]
