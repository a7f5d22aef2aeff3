"""Python 2.7 behaviour jp_m2scorer reproduces: number formats and parsing, reprs, Unicode 5.2
whitespace, CPython 2.7 dict order (the examples of the spec, checked with the original)."""
from __future__ import annotations

import math

import pytest

from jp_m2scorer import py2


@pytest.mark.parametrize("value, text", [
    (2 / 3, "0.666666666667"), (1.0, "1.0"), (0.0, "0.0"), (15 / 19, "0.789473684211"),
    (math.nan, "nan"), (1e16, "1e+16"), (3.0e-5, "3e-05"),
])
def test_str_float_is_python2(value, text):
    assert py2.str_float(value) == text


@pytest.mark.parametrize("text, shown", [
    ("work", "u'work'"), ("'s", 'u"\'s"'), ('"', "u'\"'"), ("'\"", "u'\\'\"'"),
    ("caf\u00e9", "u'caf\\xe9'"), ("\u201c", "u'\\u201c'"), ("\U0001f600", "u'\\U0001f600'"),
    ("a\\b", "u'a\\\\b'"), ("\t", "u'\\t'"),
])
def test_repr_unicode(text, shown):
    assert py2.repr_unicode(text) == shown


def test_scorer_made_empty_string_prints_without_u():
    assert py2.repr_value([(8, 8, py2.EMPTY, "the"), (1, 2, "go", "")]) == \
        "[(8, 8, '', u'the'), (1, 2, u'go', u'')]"


@pytest.mark.parametrize("keys, order", [
    ([3, 10], [10, 3]), ([10, 3], [10, 3]), ([8, 0], [8, 0]), ([0, 8], [0, 8]),
    ([-1, 2], [2, -1]), ([13, 5], [13, 5]), ([9, 1, 17, 4, 0, 12, 6], [0, 1, 4, 6, 9, 12, 17]),
    ([0, 1, 2, 3], [0, 1, 2, 3]),
])
def test_dict_order_of_cpython27(keys, order):
    assert py2.dict_order(keys) == order


@pytest.mark.parametrize("raw, value", [
    (b"1", 1.0), (b"1.0", 1.0), (b"1e-1", 0.1), (b" 2 ", 2.0), (b"-0.5", -0.5), (b"inf", math.inf),
    (b"1e999", math.inf),
])
def test_py2_float_accepts(raw, value):
    assert py2.py2_float(raw) == value


def test_py2_float_nan():
    assert math.isnan(py2.py2_float(b"nan"))


@pytest.mark.parametrize("raw, message", [
    (b"abc", b"could not convert string to float: abc"),
    (b"1_0", b"invalid literal for float(): 1_0"),
    ("\uff13".encode(), b"could not convert string to float: \xef\xbc\x93"),
])
def test_py2_float_rejects_like_python2(raw, message):
    with pytest.raises(py2.Py2ValueError) as error:
        py2.py2_float(raw)
    assert error.value.raw == message


@pytest.mark.parametrize("raw, message", [
    (b"1.5", b"invalid literal for int() with base 10: '1.5'"),
    (b"1_0", b"invalid literal for int() with base 10: '1_0'"),
    ("\uff13".encode(), b"invalid literal for int() with base 10: '\\xef\\xbc\\x93'"),
])
def test_py2_int_rejects_like_python2(raw, message):
    with pytest.raises(py2.Py2ValueError) as error:
        py2.py2_int(raw)
    assert error.value.raw == message


def test_py2_int_accepts_negative_and_spaces():
    assert py2.py2_int(b" -1 ") == -1


def test_unicode_52_whitespace_splits_on_mongolian_vowel_separator_not_zwsp():
    assert py2.split("a\u180eb\u200bc\u00a0d\u3000e") == ["a", "b\u200bc", "d", "e"]
    assert py2.strip_space("\u180e x \u2028") == "x"
