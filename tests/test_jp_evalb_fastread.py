"""jp_evalb._fastread, the optional C accelerator of the fast tree reader: on every line it
decides, exactly what the pure-Python reader (jp_evalb.trees._read_spans, the specification)
returns; NotImplemented only on lines it leaves to that reader (not ASCII, or with a NUL).

Skips (visibly) where the accelerator is not compiled, or left out by JP_SHIMS_PURE_PYTHON=1;
with JP_SHIMS_REQUIRE_ACCELERATOR=1 (CI sets it) its absence is a failure instead.
"""
from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jp_evalb.trees as trees_module
from jp_evalb import accelerator
from jp_evalb.params import Params, read_parameter_file
from jp_evalb.brackets import LabelTable, crossing_python
from jp_evalb.lines import legacy_lines
from jp_evalb.trees import ReadOptions, _read_spans, read_tree
from jp_evalb.variant import SPMRL
from tests.datafiles import data_path

if os.environ.get(accelerator.PURE_PYTHON_VARIABLE) == "1":
    pytest.skip("JP_SHIMS_PURE_PYTHON=1: the accelerator is left out, every run reads trees in pure Python",
                allow_module_level=True)
if trees_module.AcceleratedReader is None:
    if os.environ.get("JP_SHIMS_REQUIRE_ACCELERATOR") == "1":
        raise AssertionError("jp_evalb._fastread is not compiled, and JP_SHIMS_REQUIRE_ACCELERATOR=1")
    pytest.skip("jp_evalb._fastread is not compiled here (no C compiler at install time): "
                "the pure-Python reader is used", allow_module_level=True)

COLLINS = read_parameter_file(Params(), "COLLINS.prm")[0]  # (the shipped preset)
VECTORS = Path(__file__).resolve().parent.parent / "compat_tests" / "vectors"


def _options(params: Params) -> ReadOptions:
    return ReadOptions.from_params(params, keys=LabelTable(params))


def _same(line: str, options: ReadOptions) -> Optional[bool]:
    """Checks the accelerator against the Python reader on one line (the two share the run's
    label table); returns whether the accelerator read it (None: left to the Python reader)."""
    fast = options.accelerated.read_spans(line)
    python = _read_spans(line, options)
    if fast is NotImplemented:
        assert not line.isascii() or "\0" in line, repr(line)
        return None
    if python is None:
        assert fast is None, repr(line)
        return False
    assert fast == (python.words, python.tags, python.length, python.spans), repr(line)
    return True


LABELS = st.sampled_from(["S", "NP", "VP", "NP-SBJ", "TOP", "-NONE-", ",", ".", "ADVP", "PRT", "", "X=1",
                          "A" * 29, "B" * 30, "a)b"])
WORDS = st.sampled_from(["a", "b", "the", "*T*-1", ",", ".", "'", "n't", "\u00e9", "w\xa0x", "x\x1cy", "\u3000",
                         "", "w" * 99, "v" * 100, "x)y", "\0"])


@st.composite
def trees(draw, depth=0):
    if depth > 3 or draw(st.booleans()):
        return f"({draw(LABELS)} {draw(WORDS)})"
    children = draw(st.lists(st.deferred(lambda: trees(depth=depth + 1)), min_size=1, max_size=4))
    space = draw(st.sampled_from([" ", "  ", "\t", "", " ) ", "\x0b", "\r", " ( "]))
    return f"({draw(LABELS)}{space}" + space.join(children) + ")"


@settings(deadline=None, max_examples=400)
@given(trees(), st.sampled_from([Params(), COLLINS, Params(variant=SPMRL)]),
       st.sampled_from(["", "\n", " \n", "\t\r\n", " x", ")"]))
def test_accelerator_equals_python_reader_on_random_trees(line, params, tail):
    _same(line + tail, _options(params))


@settings(deadline=None, max_examples=400)
@given(st.text(alphabet="() ab\t\x1d\x0b\n\xe9", max_size=40))
def test_accelerator_equals_python_reader_on_random_text(line):
    _same(line, _options(COLLINS))


@settings(deadline=None, max_examples=400)
@given(st.lists(st.sampled_from(["(", ")", " ", "a", "b", "(a ", "b)", "\t", "(X", "\x1f", "-NONE-", "(TOP",
                                 "(.", "))", "\f"]), max_size=30))
def test_accelerator_equals_python_reader_on_random_pieces(pieces):
    _same("".join(pieces), _options(COLLINS))


def test_accelerator_reads_and_declines_what_the_python_reader_does():
    options = _options(COLLINS)
    read = ["(S (NP (DT a) (NN b)) (VP (VB c)))\n", "( (S (NP (DT a) (NN b) ) (VP (VB c)) ) )\n",
            "(TOP  (S (NP (NN x)) (. .)) )\n", "((S (NP (NN x)) (X ) (. .)))\n", "(NN )\n", "   \n", "",
            "(S (NP (-NONE- *T*-1)) (VP (VB c)))", "(S\t(X\x0ba)\r)\r\n", "(S (X a) )\n"]
    declined = ["(S (X a b))", "(S (X a)b)", "(S (X) (Y a))", "x (S (X a))", ") (S (X a))", "(S (X a )",
                "(S (X a) ) b", "(S ( a))", "(S (X a))\x1c", "(TOP ())", "(S (X a (Y b))", "(S ( X a))",
                f"(S (X {'w' * 100}))", f"({'L' * 30} (X a))", "(S (X a)))", "(S (X a)"]
    for line in read:
        assert _same(line, options) is True, line
    for line in declined:
        assert _same(line, options) is False, line
    for line in ["(S (X \u00e9))", "(S (X a))\0", "(S (X\xa0a))"]:
        assert _same(line, options) is None, line


def test_deep_trees_and_many_labels_and_tags():
    """A stack deeper than the accelerator's first allocation, and more distinct labels and
    tags than its cache keeps (the rest are looked up each time, with the same result)."""
    options = _options(COLLINS)
    deep = "".join(f"(L{i % 7} " for i in range(5000)) + "(NN w)" + ")" * 5000
    assert _same(deep + "\n", options) is True
    rng = random.Random(16)
    for n in range(300):
        labels = [f"P{rng.randrange(10000)}" for _ in range(30)]
        line = "(ROOT " + " ".join(f"({label} (T{rng.randrange(10000)} w{n}))" for label in labels) + ")\n"
        assert _same(line, options) is True
    again = "(ROOT (P1 (T1 w)) (NP (DT a)))\n"
    assert _same(again, options) is True


def test_read_tree_gives_the_same_trees_with_and_without_the_accelerator():
    lines = []
    for path in sorted(VECTORS.glob("evalb/*/*.tst")) + sorted(VECTORS.glob("evalb/*/*.gld")):
        lines.extend(legacy_lines(path.open("rb")))
    assert len(lines) > 500
    with_accelerator = _options(COLLINS)
    without = with_accelerator._replace(accelerated=None)
    read = 0
    for line in lines:
        a, b = read_tree(line, with_accelerator), read_tree(line, without)
        assert (a.words, a.tags, a.length, a.spans, a.brackets, a.errors) == \
            (b.words, b.tags, b.length, b.spans, b.brackets, b.errors), line
        read += _same(line, with_accelerator) is True
    assert read > len(lines) * 0.8


@pytest.mark.parametrize("parts", [("ptb", "23.gold"), ("ptb", "23.sys_berkeley_top"),
                                   ("korean", "BGAA0001.test.gold"), ("korean", "BGAA0001.test.sys")])
def test_accelerator_equals_python_reader_on_corpus_lines(parts):
    path = data_path(*parts)
    prm = data_path("ptb", "COLLINS.prm") if parts[0] == "ptb" else data_path("spmrl", "spmrl.prm")
    variant = Params() if parts[0] == "ptb" else Params(variant=SPMRL)
    params, _ = read_parameter_file(variant, str(prm))
    options = _options(params)
    outcomes = {True: 0, False: 0, None: 0}
    with path.open("rb") as stream:
        for line in legacy_lines(stream, params.variant.line_chunk):
            outcomes[_same(line, options)] += 1
    if parts[0] == "ptb":
        assert outcomes[True] >= 2400 and outcomes[None] == 0, outcomes
    else:  # (Sejong: Korean text, which the Python reader reads)
        assert outcomes[None] > 0, outcomes


# Brackets as the readers make them: a start, an end (-1: a bracket never closed), a label.
_BRACKET = st.tuples(st.integers(0, 12), st.integers(-1, 12), st.sampled_from(["NP", "VP", "S"]))


@settings(max_examples=400, deadline=None)
@given(st.lists(_BRACKET, max_size=14), st.lists(_BRACKET, max_size=14), st.booleans())
def test_accelerated_crossing_counts_what_python_counts(gold, test, as_set):
    assert accelerator.crossing is not None, "jp_evalb._fastread was built without crossing: rebuild it"
    candidates = set(test) if as_set else test  # (score_brackets passes a set, count_crossing a list)
    assert accelerator.crossing(gold, candidates) == crossing_python(gold, candidates)


def test_accelerated_crossing_leaves_other_brackets_to_python():
    assert accelerator.crossing is not None
    assert accelerator.crossing([(0, "5", "NP")], [(1, 2, "X")]) is NotImplemented
    assert accelerator.crossing([(0, 5, "NP")], [[1, 2, "X"]]) is NotImplemented
    assert accelerator.crossing([(0, 5, "NP")], [(2 ** 70, 2, "X")]) is NotImplemented
    assert accelerator.crossing([], [(1, 3, "X")]) == 0
    assert accelerator.crossing([(0, 2, "NP")], iter([(1, 3, "X"), (0, 2, "Y")])) == 1
