"""jp_evalb --legacy on malformed lines: what the compiled evalb prints (issue 15, items
12-16 and 18; the expected bytes were taken from the C evalb built from the originals)."""
from __future__ import annotations

import pytest

from tests.test_jp_evalb_cli import run

SCORED_EARLY_CLOSE = b"   1    2    1  100.00 100.00     1      1    1      0      2     2   100.00\n"


def _files(tmp_path, gold: bytes, test: bytes):
    (tmp_path / "g").write_bytes(gold)
    (tmp_path / "t").write_bytes(test)
    return tmp_path


def test_early_close_bracket_closes_the_bracket_below_the_stack(tmp_path):
    files = _files(tmp_path, b"(S (A a) (B b))\n", b"(S (A a)) (B b))\n")
    status, out, err = run(["--legacy", "g", "t"], files)
    assert status == 0
    assert out.splitlines(True)[3] == SCORED_EARLY_CLOSE
    assert err == b"1 : Bracketing is unbalanced (too many open bracket)\n"


def test_the_slot_below_the_stack_keeps_its_bracket_number_across_lines(tmp_path):
    # Line 1 opens Y below the stack bottom; line 2's early ")" then closes bracket 1 (X).
    files = _files(tmp_path, b"(S (A a))) (Y (B b))\n(S (A a) (B b) (C c))\n",
                   b"(S (A a))) (Y (B b))\n(S (X (A a))) (B b)) (C c)\n")
    _, out, err = run(["--legacy", "-d", "g", "t"], files)
    assert b"  1 : 0 :   0    2  X" in out
    assert err.count(b"too many close") == 0


def test_deeper_underflow_is_too_many_close(tmp_path):
    files = _files(tmp_path, b"(S (A a) (B b))\n", b"(S (A a)))) (B b))\n")
    _, _, err = run(["--legacy", "g", "t"], files)
    assert err.splitlines() == [b"1 : Bracketing unbalance (too many close bracket)",
                                b"1 : Bracketing unbalance (too many close bracket)",
                                b"1 : Bracketing is unbalanced (too many open bracket)"]


@pytest.mark.parametrize("gold", [b"(S (CC a\0) (B b))\n", b"(S (CC\0x a) (B b))\n"])
def test_nul_inside_a_word_or_label_is_read_through(tmp_path, gold):
    files = _files(tmp_path, gold, b"(S (CC a) (B b))\n")
    status, out, err = run(["--legacy", "g", "t"], files)
    assert status == 0 and err == b""
    assert out.splitlines(True)[3] == b"   1    2    0  100.00 100.00     1      1    1      0      2     2   100.00\n"


def test_nul_where_a_token_starts_ends_the_line(tmp_path):
    files = _files(tmp_path, b"(S (A a) (B b))\n", b"(S (A a)\0 (B b))\n")
    _, _, err = run(["--legacy", "g", "t"], files)
    assert err == b"1 : Bracketing is unbalanced (too many open bracket)\n1 : Length unmatch (2|1)\n"


def test_unbalanced_last_line_without_newline_reads_evalbs_buffer(tmp_path):
    # Issue 15 item 13: the test line "(" is read on into the rest of the gold line evalb's
    # buffer still holds: an empty-label bracket over both words, status 0, no error.
    files = _files(tmp_path, b"(S (A a) (B b))\n(S (A a) (B b))\n", b"(S (A a) (B b))\n(")
    status, out, err = run(["--legacy", "g", "t"], files)
    assert (status, err) == (0, b"")
    assert out.splitlines()[4] == b"   2    2    0    0.00   0.00     0      1    1      0      2     2   100.00"


def test_label_only_bracket_at_line_end_reads_evalbs_buffer(tmp_path):
    # Issue 15 item 14: after "(NP" and the newline, evalb reads a word from what the longer
    # first line left in its buffer ("x)": a terminal), so the words no longer match.
    first = b"(S (NN a) (NN b) (NN c) (NN x) (NN y))\n"
    files = _files(tmp_path, first + b"(TOP (NP (NNP Energy)))\n" + first,
                   first + b"(TOP (NP (NNP Energy)) (NP\n" + first)
    status, out, err = run(["--legacy", "g", "t"], files)
    assert (status, err) == (0, b"2 : Length unmatch (1|3)\n")
    assert out.splitlines()[4] == b"   2    1    1    0.00   0.00     0      0    0      0      0     0     0.00"


def test_reading_past_evalbs_line_buffer_is_undefined(tmp_path):
    # Nothing longer was ever read: the word after "(NP" runs through the zero bytes of the
    # buffer and past its end (evalb segfaults here). One warning, scored normally.
    files = _files(tmp_path, b"(S (A a) (B b))\n", b"(S (A a) (B b)) (NP\n")
    status, _, err = run(["--legacy", "g", "t"], files)
    assert status == 0
    assert err.startswith(b"jp_evalb: warning: t:1: a bracket's label or word runs past the end of evalb's "
                          b"5000-byte line buffer")


@pytest.mark.parametrize("line, limit", [
    ("(S " + " ".join(["(A a)"] * 201) + ")", b"more than 200 words"),
    ("(S " + " ".join(["(X (Y (A a)))"] * 100) + ")", b"more than 200 brackets"),
    ("(S (A " + "w" * 100 + "))", b"a word longer than 99 bytes"),
    ("(S (" + "L" * 30 + " a))", b"a label longer than 29 bytes"),
])
def test_beyond_evalbs_buffers_one_warning_and_normal_scores(tmp_path, line, limit):
    data = (line + "\n").encode() * 2
    files = _files(tmp_path, data, data)
    status, out, err = run(["--legacy", "g", "t"], files)
    assert status == 0 and b"Number of Valid sentence  =      2" in out
    assert err.count(b"\n") == 1 and err.startswith(b"jp_evalb: warning: g:1: " + limit)


def test_jp_mode_reports_a_close_bracket_without_open_bracket(tmp_path):
    files = _files(tmp_path, b"(S (A a) (B b))\n", b"(S (A a))) (Y (B b)\n")
    _, out, err = run(["g", "t"], files)
    assert b'closes no open bracket' in err


def test_jp_line_limit_is_ten_mebibytes(tmp_path):
    """Issue 15 item 11: the limit is 10 MiB = 10,485,760 bytes (newline included), not 10 MB."""
    limit = 10 * 1024 * 1024
    head, tail = b"(S (NN ", b"))\n"
    at_limit = head + b"w" * (limit - len(head) - len(tail)) + tail
    files = _files(tmp_path, at_limit, at_limit)
    status, out, err = run(["g", "t"], files)
    assert (status, err) == (0, b"") and b"Number of Valid sentence  =      1" in out
    (tmp_path / "t").write_bytes(at_limit[:-3] + b"w))\n")
    status, _, err = run(["g", "t"], files)
    assert (status, err) == (2, b"jp_evalb: error: t:1: line longer than 10 MiB\n")


def _unrelated(seed: int, count: int) -> bytes:
    import random

    rng = random.Random(seed)
    return b"".join(b"(S " + b" ".join(b"(NN w%d)" % rng.randrange(10**6) for _ in range(rng.randint(4, 9)))
                    + b")\n" for _ in range(count))


def test_jp_gives_up_where_the_files_never_resynchronize(tmp_path):
    """Issue 15 item 5: once no sentence re-synchronizes within the look-ahead, the rest of
    both files is one unaligned block, read without aligning (not one block per sentence)."""
    shared = _unrelated(1, 3)
    files = _files(tmp_path, shared + _unrelated(2, 300), shared + _unrelated(3, 310))
    status, out, err = run(["g", "t"], files)
    assert status == 0
    lines = out.splitlines()
    # (The contract: text without a counterpart is counted -- gold brackets missed, test
    # brackets spurious -- not an error sentence left out of the totals.)
    assert [line.split()[2] for line in lines[3:7]] == [b"0", b"0", b"0", b"0"]
    rest = lines[6].split()
    assert rest[5] == b"0" and int(rest[6]) > 0 and int(rest[7]) > 0  # matched, gold, test
    assert lines[7].startswith(b"=====")
    assert err.splitlines()[0] == (b"4 : Unaligned block (gold 4-303 | test 4-313): texts differ and do not "
                                   b"re-synchronize within 64 sentences; the rest of the files is not aligned; "
                                   b"gold brackets counted as missed, test brackets as spurious")
    assert b"Number of Error sentence  =      0" in out
    assert b"300 gold sentences without a counterpart (missed) and 310 test sentences without one" in err


SAME = b"(S (A x) (B y))\n"


@pytest.mark.parametrize("gold1", [SAME, b"\xef\xbb\xbf" + SAME, b"(S (A x) (B z) (C w))\n"],
                         ids=["lined-up", "bom", "changed-word"])
@pytest.mark.parametrize("blank", [b"(TOP ())\n", b"\n"])
def test_jp_wordless_test_line_is_evalbs_skip(tmp_path, gold1, blank):
    """Issue 15 item 9: continuity when a test line has no words and the next gold line has the
    same text, on lined-up input and after a pair evalb rejects."""
    files = _files(tmp_path, gold1 + SAME + SAME, SAME + blank + SAME)
    _, out, err = run(["g", "t"], files)
    lines = out.splitlines()
    assert lines[4] == b"   2    2    2    0.00   0.00     0      0    0      0      0     0     0.00"
    assert lines[5].split()[:3] == [b"3", b"2", b"0"]
    assert b"Number of Skip  sentence  =      1" in out
    if gold1 == SAME:
        assert lines[3].split()[2] == b"0" and err == b""  # lined up: evalb's bytes, no note


def test_debug_bracket_text_over_evalbs_buffer_warns(tmp_path):
    # Issue 15 item 18, -D: evalb copies a bracket's text into 1,000 bytes (and segfaults).
    words = " ".join(f"(NN w{i})" for i in range(150))
    gold = f"(S (NP {words}) (VP (VB x)))\n".encode()
    test = f"(S (VP {words}) (VP (VB x)))\n".encode()
    files = _files(tmp_path, gold, test)
    status, out, err = run(["--legacy", "-D", "g", "t"], files)
    assert status == 0 and b"  LABEL[0-149]: " in out
    assert err.startswith(b"jp_evalb: warning: g:1: a bracket text of 1000 bytes or more in the DEBUG 2 output")
    assert err.count(b"\n") == 1
