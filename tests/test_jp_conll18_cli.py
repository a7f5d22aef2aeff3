"""jp_conll18_ud_eval command line: legacy behaviour, JP errors, --json, --show-alignment."""
from __future__ import annotations

import json

import pytest

from tests.toolrun import run_tool


def row(i, form, head, deprel="dep", upos="X"):
    return f"{i}\t{form}\t_\t{upos}\t_\t_\t{head}\t{deprel}\t_\t_\n"


GOLD = row(1, "The", 2, "det") + row(2, "cat", 0, "root") + row(3, ".", 2, "punct") + "\n"


@pytest.fixture
def files(tmp_path):
    def write(name, content, binary=False):
        path = tmp_path / name
        if binary:
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return str(path)
    return write


def run(argv):
    """jp_conll18_ud_eval in-process (tests/toolrun.py): (status, stdout, stderr)."""
    result = run_tool("jp_conll18_ud_eval", argv)
    return result.returncode, result.out, result.err


def test_default_output_three_lines(files):
    g = files("g", GOLD)
    code, out, err = run([g, g])
    assert (code, out, err) == (0, "LAS F1 Score: 100.00\nMLAS Score: 100.00\nBLEX Score: 100.00\n", "")


def test_counts_wins_over_verbose(files):
    g = files("g", GOLD)
    _, out_c, _ = run(["-c", g, g])
    _, out_vc, _ = run([g, "-v", g, "-c"])
    assert out_c == out_vc
    assert out_c.splitlines()[0] == "Metric     | Correct   |      Gold | Predicted | Aligned"
    assert out_c.splitlines()[2] == "Tokens     |         3 |         3 |         3 |          "


def test_legacy_flag_anywhere(files):
    g = files("g", GOLD)
    assert run(["-v", g, "--legacy", g])[1] == run(["-v", g, g])[1]


def test_legacy_usage_error_uses_the_original_program_name(files):
    code, out, err = run(["--legacy", files("g", GOLD)])
    assert code == 2 and out == ""
    assert err.splitlines()[-1] == "conll18_ud_eval.py: error: the following arguments are required: system_file"
    code, _, err = run([files("g", GOLD)])
    assert code == 2
    assert err.splitlines()[-1] == "jp_conll18_ud_eval: error: the following arguments are required: system_file"


def test_help_exits_zero():
    code, out, _ = run(["-h"])
    assert code == 0 and "--show-alignment" in out
    code, out, _ = run(["--legacy", "-h"])
    assert code == 0 and "--show-alignment" not in out and out.startswith("usage: conll18_ud_eval.py")


def test_legacy_udError_traceback_ends_with_the_message(files):
    g = files("g", GOLD)
    s = files("s", GOLD.replace("cat", "cot"))
    code, out, err = run(["--legacy", g, s])
    assert code == 1 and out == ""
    assert err.startswith("Traceback (most recent call last):")
    assert err.splitlines()[-2] == "UDError: The concatenation of tokens in gold file and in system file differ!"
    assert err.splitlines()[-1] == "First 20 differing characters in gold file: 'at.' and system file: 'ot.'"


def test_legacy_missing_file_is_a_file_not_found_traceback(files):
    code, _, err = run(["--legacy", files("g", GOLD), "/nonexistent/x.conllu"])
    assert code == 1
    assert err.splitlines()[-1].startswith("FileNotFoundError: [Errno 2] No such file or directory")


def test_jp_format_error_is_one_line_with_file_and_line(files):
    g = files("g", GOLD)
    s = files("s", row(1, "The", 2, "det") + row(2, "cat", "x", "root") + "\n")
    code, out, err = run([g, s])
    assert code == 2 and out == ""
    assert err == f"jp_conll18_ud_eval: error: {s}:2: Cannot parse HEAD 'x'\n"


def test_jp_reports_the_gold_error_first(files):
    g = files("g", GOLD + row(1, "x", 0, "root"))
    s = files("s", "junk\tline\n")  # CoNLL-U at first sight (the runner's format check), not ten columns
    code, _, err = run([g, s])
    assert code == 2
    assert err == f"jp_conll18_ud_eval: error: {g}:5: The CoNLL-U file does not end with empty line\n"


def test_jp_missing_file_and_invalid_utf8(files):
    g = files("g", GOLD)
    code, _, err = run([g, "/nonexistent/x.conllu"])
    assert code == 2
    assert err == "jp_conll18_ud_eval: error: /nonexistent/x.conllu: No such file or directory\n"
    bad = files("bad", GOLD.encode() + row(1, "caf\xe9", 0, "root").encode("latin-1") + b"\n", binary=True)
    code, _, err = run([g, bad])
    assert code == 2
    assert err.startswith(f"jp_conll18_ud_eval: error: {bad}:5: invalid UTF-8")
    assert "Traceback" not in err


def test_jp_texts_that_cannot_be_aligned_are_counted_missed_and_spurious(files):
    # The contract of JP mode: text that never re-synchronizes is counted (gold missed,
    # system spurious) and noted; --strict makes it an error naming both places.
    g = files("g", GOLD)
    s = files("s", row(1, "Completely", 0, "root") + row(2, "different", 1) + row(3, "words", 1) + "\n")
    code, out, err = run(["-c", g, s])
    assert code == 0
    words_row = next(line for line in out.splitlines() if line.startswith("Words"))
    assert [x.strip() for x in words_row.split("|")[1:]] == ["0", "3", "3", "0"]
    assert "1 gold sentence without a counterpart (missed) and 1 system sentence without one (spurious)" in err
    assert f"first at {g}:1 | {s}:1" in err
    code, out, err = run(["--strict", g, s])
    assert code == 2 and out == ""
    assert err == (f"jp_conll18_ud_eval: error: {s}:1: text does not align with {g}:1 (--strict; 1 gold sentence "
                   f"without a counterpart (missed) and 1 system sentence without one (spurious), first at "
                   f"{g}:1 | {s}:1)\n")


def test_json_matches_the_counts_table(files):
    g = files("g", GOLD)
    s = files("s", row(1, "The", 2, "det") + row(2, "cat", 0, "root") + row(3, ".", 1, "punct") + "\n")
    _, out, _ = run(["--json", g, s])
    data = json.loads(out)["scores"]
    _, table, _ = run(["-c", g, s])
    las = next(line for line in table.splitlines() if line.startswith("LAS"))
    assert [int(x) for x in las.split("|")[1:]] == [data["LAS"][k] for k in
                                                     ("correct", "gold_total", "system_total", "aligned_total")]
    assert data["LAS"]["f1"] == pytest.approx(2 / 3)
    assert data["Words"]["aligned_accuracy"] is None


def test_show_alignment_lists_reconciled_places(files):
    g = files("g", row(1, '"', 2, "punct") + row(2, "Hi", 0, "root") + row(3, '"', 2, "punct") + "\n")
    s = files("s", row(1, "``", 2, "punct") + row(2, "Hi", 0, "root") + row(3, "''", 2, "punct") + "\n")
    code, out, err = run(["--show-alignment", g, s])
    assert code == 0
    assert out.startswith("LAS F1 Score: 100.00\nMLAS Score: 100.00\nBLEX Score: 100.00\n")
    listing = out.splitlines()[3:]
    assert listing[0].startswith("Alignment: 1 blocks (1 gold, 1 system sentences): exact 0, normalized 1,")
    assert listing[1].startswith(f"[normalized] gold {g}:1 | system {s}:1 | ")
    assert listing[2:4] == ['    gold  : " Hi "', "    system: `` Hi ''"]
    assert listing[4] == "    words: [\"]=[``] [\"]=['']"
    assert listing[5].startswith("    figures: words_gold=3 words_system=3 words_aligned=3 uas_correct=3 las_correct=3")
    assert err.startswith("jp_conll18_ud_eval: note: 1 of 1 blocks changed (normalized 1)")


def test_long_head_chain_through_the_cli(files):
    n = 10_000
    chain = "".join(row(i, f"w{i}", i - 1, "root" if i == 1 else "dep") for i in range(1, n + 1)) + "\n"
    g = files("g", chain)
    assert run([g, g])[0] == 0
    assert run(["--legacy", g, g])[0] == 0


def test_unaligned_sentences_are_scored_and_warned_about(files):
    words = ["Dogs", "bark", "at", "night", "every", "day", "."]
    other = ["Zxq", "wvut", "rrr", "ppp", "."]

    def sentence(forms):
        return "".join(row(i + 1, f, 0 if i == 0 else 1, "root" if i == 0 else "dep") for i, f in enumerate(forms)) + "\n"

    g = files("g", GOLD + sentence(words) + GOLD)
    s = files("s", GOLD + sentence(other) + GOLD)
    code, out, err = run(["-c", g, s])
    assert code == 0
    assert err.startswith("jp_conll18_ud_eval: note: 1 of 3 blocks changed (unaligned 1) (characters differ from "
                          "the gold file's; the system's were reconciled); 1 gold sentence without a counterpart "
                          f"(missed) and 1 system sentence without one (spurious), first at {g}:5 | {s}:5; ")
    assert err.count("\n") == 1
    words_row = next(line for line in out.splitlines() if line.startswith("Words"))
    assert [x.strip() for x in words_row.split("|")[1:]] == ["6", "13", "11", "6"]


def test_one_empty_file_is_an_error_both_empty_is_the_originals_output(files):
    empty = files("empty", "")
    comments = files("comments", "# only a comment\n")
    g = files("g", GOLD)
    for gold, system in ((empty, g), (g, empty)):
        code, out, err = run([gold, system])
        assert code == 2 and out == ""
        assert err == f"jp_conll18_ud_eval: error: {empty}:1: the file holds no text, while {g} does\n"
    for gold, system in ((comments, g), (g, comments)):
        code, out, err = run([gold, system])
        assert code == 2 and out == ""
        assert err == f"jp_conll18_ud_eval: error: {comments}:1: the file holds no sentence, while {g} does\n"
    code, out, err = run([empty, empty])
    assert code == 0 and out.startswith("LAS F1 Score: 0.00")
