"""jp_evalb.trees: reading one tree per line exactly as evalb's read_line."""
from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Optional

from hypothesis import given, settings
from hypothesis import strategies as st

import jp_evalb.trees as trees_module
from jp_evalb.params import Params
from jp_evalb.brackets import LabelTable, survivors
from jp_evalb.lines import legacy_lines
from jp_evalb.trees import (
    MSG_READING,
    MSG_TWO_ELEMENTS,
    MSG_UNBALANCED,
    ReadOptions,
    _read_spans,
    _scan,
    nesting_depth,
    read_tree,
)

COLLINS = Params(
    delete_labels=("TOP", "-NONE-", ",", ":", "``", "''", "."),
    delete_labels_for_length=("-NONE-",),
    eq_labels=(("ADVP", "PRT"),),
)
VECTORS = Path(__file__).resolve().parent.parent / "compat_tests" / "vectors" / "evalb"


DEFAULTS = Params()


def read(line: str, params: Params = DEFAULTS, trace: bool = False):
    return read_tree(line, ReadOptions.from_params(params, trace=trace))


def test_terminals_and_spans():
    tree = read("(S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .))\n")
    assert tree.words == ["The", "cat", "sat", "."]
    assert tree.tags == ["DT", "NN", "VBD", "."]
    assert tree.length == 4
    assert [b[:3] for b in tree.brackets] == [[0, 4, "S"], [0, 2, "NP"], [2, 3, "VP"]]
    assert not tree.bad


def test_deleted_words_leave_no_index_but_count_in_length():
    tree = read("(TOP (S (NP (-NONE- *)) (VP (VB go)) (. .)))", COLLINS)
    assert tree.words == ["go"]
    assert tree.length == 2  # "." counts, the trace does not
    assert [b[:3] for b in tree.brackets] == [[0, 1, "TOP"], [0, 1, "S"], [0, 0, "NP"], [0, 1, "VP"]]


def test_empty_label_root_and_odd_whitespace():
    tree = read("\t( (S  (NP\t(NNP John) )(VP (VBD left)  )  )  )\r\n")
    assert tree.words == ["John", "left"]
    assert [b[:3] for b in tree.brackets] == [[0, 2, ""], [0, 2, "S"], [0, 1, "NP"], [1, 2, "VP"]]


def test_a_terminal_may_have_an_empty_word():
    tree = read("(S (NP ) (VB go))")
    assert tree.words == ["", "go"] and tree.length == 2


def test_unbalanced_line_is_read_with_an_error():
    tree = read("(S (NP (NN a)) (VP (VB b))")
    assert tree.errors == [(0, MSG_UNBALANCED)]
    assert [b[:2] for b in tree.brackets] == [[0, -1], [0, 1], [1, 2]]


def test_two_words_in_a_bracket_make_evalb_loop():
    tree = read("(S (NP John Smith) (VP (VBD left)))")
    assert tree.errors == [(0, MSG_TWO_ELEMENTS)]
    assert tree.endless
    assert MSG_READING == "Reading sentence\n"


def test_a_bare_word_makes_evalb_loop_without_the_two_elements_error():
    tree = read("(S (NN a)) b")
    assert tree.errors == [] and tree.endless
    tree = read("(S x(NN a))")
    assert tree.errors == [] and tree.endless


def test_debug_trace_and_source_positions():
    line = "(S (NP (DT The) (NN cat)) (VP (VBD sat)))"
    tree = read(line, trace=True)
    assert tree.trace[:3] == ["label=S, word=, wid=0\n", "label=NP, word=, wid=0\n", "label=DT, word=The, wid=0\n"]
    np_bracket = tree.brackets[1]
    assert line[np_bracket[3]:np_bracket[4]] == " (DT The) (NN cat)"


def test_quote_terminals_recorded_only_with_quote_label():
    params = Params(delete_labels=("''",), quote_labels=("''", "POS"))
    tree = read("(S (NP (NNS friends) (POS ')) (NN x) ('' '))", params)
    assert [(q.word, q.label, q.index, q.bracket, q.ends) for q in tree.quote_terms] == [
        ("'", "POS", 1, 2, (0, 1)), ("'", "''", 3, 2, (0,)),
    ]


def test_legacy_lines_split_like_fgets():
    data = b"a\n" + b"x" * 5000 + b"\nlast"
    lines = list(legacy_lines(io.BytesIO(data)))
    assert lines == ["a\n", "x" * 4999, "x\n", "last"]


def test_nesting_depth():
    assert nesting_depth("(A (B (C x)) (D y))") == 3
    assert nesting_depth("") == nesting_depth("))((") == 0


def _reference_depth(line: str) -> int:
    depth = deepest = 0
    for ch in line:
        depth += (ch == "(") - (ch == ")")
        deepest = max(deepest, depth)
    return deepest


@given(st.text(alphabet="()a ", max_size=200))
def test_nesting_depth_equals_the_running_sum(line):
    assert nesting_depth(line) == _reference_depth(line)


def test_nesting_depth_makes_no_python_pass_over_the_characters():
    line = "(A " * 3000 + "(NN a)" + ")" * 3000
    code, events = nesting_depth.__code__, []

    def tracer(frame, event, arg):
        if frame.f_code is not code:
            return None

        def lines(frame, event, arg):
            if event == "line":
                events.append(frame.f_lineno)
            return lines
        return lines

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        depth = nesting_depth(line)
    finally:
        sys.settrace(previous)
    assert depth == 3001 and len(events) < 20


# The fast reader must give exactly what the token-by-token scanner gives, followed by the
# scorer's bracket filter (the same brackets; it builds them in the order of their ")").

LABELS = st.sampled_from(["S", "NP", "VP", "NP-SBJ", "TOP", "-NONE-", ",", ".", "ADVP", "PRT", "", "X=1"])
WORDS = st.sampled_from(["a", "b", "the", "*T*-1", ",", ".", "'", "n't", "\u00e9", "w\xa0x", "x\x1cy", "\u3000"])


@st.composite
def trees(draw, depth=0):
    if depth > 3 or draw(st.booleans()):
        return f"({draw(LABELS)} {draw(WORDS)})"
    children = draw(st.lists(st.deferred(lambda: trees(depth=depth + 1)), min_size=1, max_size=4))
    space = draw(st.sampled_from([" ", "  ", "\t", "", " ) ", "\x0b"]))
    return f"({draw(LABELS)}{space}" + space.join(children) + ")"


def _same(line: str, params: Params, options: Optional[ReadOptions] = None) -> bool:
    """Checks the fast reader against the scanner; returns whether it read the line.
    (``options``: shared by several lines, so that pieces are also met again.)"""
    table = LabelTable(params)
    options = options or ReadOptions.from_params(params, keys=table)
    table = options.keys
    exact = _scan(line.split("\0")[0], options)
    fast = _read_spans(line.split("\0")[0], options)
    if fast is None:
        assert exact.bad or any(b[1] == -1 for b in exact.brackets) or _unusual(line)
        return False
    assert not exact.bad
    assert (fast.words, fast.tags, fast.length) == (exact.words, exact.tags, exact.length)
    assert sorted(fast.spans) == sorted(survivors(exact.brackets, table))
    tree = read_tree(line, options)
    assert (tree.words, tree.spans) == (fast.words, fast.spans)
    return True


def _unusual(line: str) -> bool:
    """Well-formed lines the fast reader leaves to the scanner: characters str.split() takes
    for whitespace and C does not, "(" followed by whitespace and a word, a bracket closed
    right after its label, a label or word longer than evalb's buffers take."""
    return (any(ch in line for ch in "\x1c\x1d\x1e\x1f\x85\xa0\u3000")
            or any("(" + ws in line for ws in " \t\n\v\f\r")
            or re.search(r"\([^ \t\n\v\f\r()]*\)", line) is not None
            or re.search(r"\([^ \t\n\v\f\r()]{30}|[^ \t\n\v\f\r()]{100}", line) is not None)


@settings(deadline=None)
@given(trees(), st.sampled_from([Params(), COLLINS]))
def test_fast_reader_equals_scanner_on_random_trees(line, params):
    _same(line + "\n", params)


@settings(deadline=None)
@given(st.text(alphabet="() ab\t", max_size=30))
def test_fast_reader_equals_scanner_on_random_text(line):
    _same(line, COLLINS)


@settings(deadline=None)
@given(st.lists(st.sampled_from(["(", ")", " ", "a", "b", "(a ", "b)", "\t", "\xa0", "(X", "\x1d"]), max_size=20))
def test_fast_reader_equals_scanner_on_random_pieces(pieces):
    _same("".join(pieces), Params())


def test_fast_reader_reads_trees_with_empty_labels_and_separate_closing_brackets():
    assert _same("( (S (NP (DT a) (NN b) ) (VP (VB c)) ) )\n", COLLINS)
    assert _same("(TOP  (S (NP (NN x)) (. .)) )\n", COLLINS)
    assert _same("((S (NP (NN x)) (X ) (. .)))\n", COLLINS)


def test_fast_reader_remembers_a_bounded_number_of_short_pieces(monkeypatch):
    monkeypatch.setattr(trees_module, "PIECE_MEMO_SIZE", 6)
    options = ReadOptions.from_params(COLLINS, keys=LabelTable(COLLINS))
    long_word = "w" * trees_module.LONG_WORD  # (its piece "NN www...))" is longer than the memo takes)
    assert len(long_word) + 5 > trees_module.PIECE_MEMO_LENGTH
    lines = ["(S (NP (DT a) (NN b)) (VP (VB c)))\n", "(S (NP (DT a) (NN d)) (VP (VB e) (NP (NN b))))\n",
             f"(S (NP (NN {long_word})) (VP (VB c)))\n"] * 2
    for line in lines:
        assert _same(line, COLLINS, options)
    assert len(options.pieces) == 6 and all(len(piece) <= trees_module.PIECE_MEMO_LENGTH for piece in options.pieces)


def test_fast_reader_leaves_odd_lines_to_the_scanner():
    for line in ["(S (X a b))", "(S (X a)b)", "(S (X a)b))", "(S (X) (Y a))", "(S (X) (Y a)))", "(S (X) a))",
                 "(S (X a)))", "x (S (X a))", ") (S (X a))", "(S (X a )", "(S (X a) ) b", "(S ( a))",
                 "(S (X\xa0a))", "(S (X a))\x1c", "\xa0(S (X a))", "(TOP ())", "(S (X a (Y b))", "(S (X a (Y b)))",
                 "(S ( X (Y b)))", "(S ( X a))", "(S (T (X a) b)"]:
        assert not _same(line + "\n", COLLINS), line


def test_fast_reader_equals_scanner_on_every_vector_line():
    count = fast = 0
    options = ReadOptions.from_params(COLLINS, keys=LabelTable(COLLINS))
    for path in sorted(VECTORS.glob("*/*.tst")) + sorted(VECTORS.glob("*/*.gld")):
        for line in legacy_lines(path.open("rb")):
            fast += _same(line, COLLINS, options)
            count += 1
    assert count > 500 and fast > count * 0.9
