"""Rules of release 3.2 derived for issue 22 (each fails on the code before it): Python 2.7's
UTF-8 decoder, ``int()`` of unicode and ``unicode.lower()``, annotator choice under a nan F,
duplicate gold edits, the -v marker of a matched insertion, the --very_verbose arc labels and
dict order, and JP mode's pairing of lined-up lines and counting of unaligned text.

The Python 2 expectations were taken from CPython 2.7.18 itself (the whole byte and string
spaces the rules were checked on are named in the docstrings of ``jp_m2scorer.py2``)."""
from __future__ import annotations

import math

import pytest

import jp_m2scorer
from jp_m2scorer import jp, m2io, py2, scorer
from jp_m2scorer import lattice as lat
from jp_m2scorer import verbose as vv


# --- Python 2.7's UTF-8 decoder ---------------------------------------------------------

@pytest.mark.parametrize("data, text", [
    (b"a\xed\xa0\x80b", "a\ud800b"),               # UTF-8-encoded surrogates pass
    (b"\xed\xb3\xa9", "\udce9"),
    (b"caf\xc3\xa9", "caf\u00e9"),
])
def test_python2_decodes_surrogates(data, text):
    assert py2.decode_utf8(data) == text


@pytest.mark.parametrize("data, message", [
    (b"ab\xe0\x80\x80", "'utf8' codec can't decode bytes in position 2-3: invalid continuation byte"),
    (b"ab\xf4\x90\x80\x80", "'utf8' codec can't decode bytes in position 2-4: invalid continuation byte"),
    (b"ab\xe2\x82", "'utf8' codec can't decode bytes in position 2-3: unexpected end of data"),
    (b"abcd\xe2\x82A", "'utf8' codec can't decode bytes in position 4-5: invalid continuation byte"),
    (b"a\xe9bc", "'utf8' codec can't decode byte 0xe9 in position 1: invalid continuation byte"),
    (b"a\xe9b", "'utf8' codec can't decode byte 0xe9 in position 1: unexpected end of data"),
    (b"a\x80", "'utf8' codec can't decode byte 0x80 in position 1: invalid start byte"),
    (b"\xe2", "'utf8' codec can't decode byte 0xe2 in position 0: unexpected end of data"),
])
def test_python2_names_the_bytes_of_a_decoding_error(data, message):
    with pytest.raises(py2.Py2DecodeError) as error:
        py2.decode_utf8(data)
    assert error.value.message == message


# --- int() of unicode ------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("x  ", b"invalid literal for int() with base 10: 'x  '"),      # trailing spaces kept
    ("  x", b"invalid literal for int() with base 10: 'x'"),        # leading ones not
    ("\u00e9", b"invalid literal for int() with base 10: '\\xe9'"),  # Latin-1 byte quoted
    ("1\u00a0x", b"invalid literal for int() with base 10: '1 x'"),  # Unicode space -> ' '
])
def test_int_of_unicode_quotes_the_bytes_python2_parsed(text, message):
    with pytest.raises(py2.Py2ValueError) as error:
        py2.py2_int_unicode(text)
    assert error.value.raw == message


@pytest.mark.parametrize("text, message", [
    ("\U0001f600", "'decimal' codec can't encode character u'\\U0001f600' in position 0: "
                   "invalid decimal Unicode string"),
    ("\u00e9\u0100\u0101z", "'decimal' codec can't encode characters in position 1-2: "
                            "invalid decimal Unicode string"),
])
def test_int_of_unicode_beyond_latin1_is_an_encode_error(text, message):
    with pytest.raises(py2.Py2EncodeError) as error:
        py2.py2_int_unicode(text)
    assert error.value.message == message


@pytest.mark.parametrize("text, value", [("+ 1", 1), ("\u0661\u0662", 12), (" \uff11 ", 1)])
def test_int_of_unicode_accepts_what_python2_accepts(text, value):
    assert py2.py2_int_unicode(text) == value


def test_annotator_id_keeps_trailing_spaces_in_the_error():
    with pytest.raises(m2io.InputFailure) as error:
        m2io.parse_gold("S a b\nA 0 1|||X|||c|||R|||-|||x  \n")
    assert error.value.last_line == b"ValueError: invalid literal for int() with base 10: 'x  '"


# --- unicode.lower() of Python 2.7 -----------------------------------------------------

@pytest.mark.parametrize("text, lowered", [
    ("\u0130stanbul", "istanbul"),        # simple mapping: one character (Python 3: 'i\u0307')
    ("\u1c90", "\u1c90"),                 # Georgian Mtavruli: not in Unicode 5.2
    ("ABC\u00c9", "abc\u00e9"),
])
def test_lower_is_python27s(text, lowered):
    assert py2.lower(text) == lowered


def test_ignore_whitespace_casing_uses_python2_lower():
    gold = "S \u0130stanbul is big\nA 2 3|||X|||large|||R|||-|||0\n"
    result = jp_m2scorer.score(["istanbul is big"], gold, jp=False, ignore_whitespace_casing=True)
    assert (result.correct, result.proposed, result.gold) == (0, 0, 1)


# --- annotator choice and counting ----------------------------------------------------------

@pytest.mark.parametrize("beta", [math.nan, math.inf])
def test_nan_f_chooses_no_annotator(beta):
    gold = m2io.parse_gold("S a\n")
    totals = scorer.score_sentences([(gold[0], "b")], scorer.Options(beta=beta))
    assert (totals.correct, totals.proposed, totals.gold) == (0, 0, 0)
    lines = []
    scorer.score_sentences([(gold[0], "b")], scorer.Options(beta=beta, verbose=True), lines.append)
    assert lines[-1] == ">> Chosen Annotator for line 1 : -1\n\n"


def test_one_system_edit_is_credited_against_every_identical_gold_edit():
    gold = "S a\nA 0 0|||M:X|||not|||R|||-|||0\nA 0 0|||R:X|||not|||R|||-|||0\n"
    result = jp_m2scorer.score(["not a"], gold, jp=False)
    assert (result.correct, result.proposed, result.gold) == (2, 1, 2)


def test_marker_of_an_insertion_tests_the_touching_edit_shrunk():
    # (1, 3, 'x know', 'x') touches the insertion unshrunk and shrinks to a pure deletion
    assert scorer._markers([(1, 1, py2.EMPTY, "or"), (1, 3, "x know", "x")], [(1, 1, py2.EMPTY, "or")],
                           [(1, 1, py2.EMPTY, ["or"])]) == ["* (1, 1, '', u'or')"]


# --- --very_verbose ---------------------------------------------------------------------

def test_fused_insertions_are_labelled_ins_also_in_the_first_row():
    lattice = lat.build([], ["because", "books"], 2)
    labels = {lattice.cells(key): lattice.edit_tuple(key)[0] for key in lattice.transitive}
    assert labels == {((0, 0), (0, 2)): "ins"}
    lattice = lat.build(["a", "b", "c"], [], 2)
    assert {lattice.edit_tuple(key)[0] for key in lattice.transitive} == {"del"}


def test_base_arcs_enter_the_dict_in_release_32_order():
    tokens = "a b c d".split()
    bands = (lat.full_band(tokens, tokens, 1), lat.full_band(tokens, tokens, 2))
    lattice = lat.build(tokens, tokens, 2, bands)
    arcs = py2.Py2Dict()
    for key in vv.base_insertion_order(lattice, (bands[0].full(), bands[1].full())):
        arcs[lattice.cells(key)] = True
    # CPython 2.7 prints this dict (vector fz_vv_identity_dict_order) in this order
    assert list(arcs) == [((3, 3), (4, 4)), ((2, 2), (3, 3)), ((1, 1), (2, 2)), ((0, 0), (1, 1))]


# --- JP mode -------------------------------------------------------------------------------

def _lines(*texts):
    return [(text, number) for number, text in enumerate(texts, 1)]


def _hypotheses(segments):
    return [text for segment in segments for text in segment.hypotheses]


def test_lined_up_lines_are_paired_one_to_one_even_when_a_token_could_move():
    gold = m2io.parse_gold("S makes\n\nS \n")
    segments = list(jp.segments(gold, _lines("", "makes")))
    assert _hypotheses(segments) == ["", "makes"] and {s.kind for s in segments} == {"exact"}
    assert _hypotheses(jp.segments(gold, _lines("", "makes"), align="always")) != ["", "makes"]


def test_shifted_lines_of_equal_count_are_re_aligned():
    gold = m2io.parse_gold("".join("S %s\n\n" % s for s in (
        "the cat sat on the mat .", "dogs bark at night .", "birds sing in the morning .",
        "fish swim in the river .", "cows eat grass all day .")))
    system = _lines("the cat sat on the mat . dogs bark at night .", "birds sing in the morning .",
                    "fish swim in", "the river .", "cows eat grass all day .")
    assert _hypotheses(jp.segments(gold, system))[1:4] == [
        "dogs bark at night .", "birds sing in the morning .", "fish swim in the river ."]


def test_unaligned_text_is_missed_and_spurious_not_a_lattice():
    gold = m2io.parse_gold("S one two three four\nA 0 1|||X|||uno|||R|||-|||0\n")
    system = _lines("completely unrelated words here and more", "other unrelated line of text")
    segments = list(jp.segments(gold, system))
    assert [s.kind for s in segments] == ["unaligned"]
    assert segments[0].hypotheses == [gold[0].text]             # missed: scored as unchanged
    assert segments[0].spurious == [t for t, _ in system]
    pairs = [(gold[0], gold[0].text)] + [(None, text) for text in segments[0].spurious]
    totals = scorer.score_sentences(pairs, scorer.Options())
    assert (totals.correct, totals.proposed, totals.gold) == (0, 2, 1)


def test_text_that_never_resynchronizes_is_one_block_after_the_lookahead():
    left = [["l%d" % i, "x%d" % i] for i in range(300)]
    right = [["r%d" % i, "y%d" % i] for i in range(310)] + [["l299", "x299"]]
    blocks = list(jp.align_linear(left[:299] + [["l299", "x299"]], right))
    assert blocks[-1].kind == "exact" and blocks[-1].left == range(299, 300)
    assert sum(1 for block in blocks if block.kind == "unaligned") <= 70
