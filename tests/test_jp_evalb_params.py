"""jp_evalb.params: evalb's parameter file, read line by line as evalb reads it."""
from __future__ import annotations

import pytest

from jp_evalb.params import (
    BUILTIN_DIR,
    BadValue,
    FatalError,
    Params,
    apply_line,
    atoi,
    c_int,
    parse_parameter_text,
    read_parameter_file,
    resolve_parameter_file,
)


@pytest.mark.parametrize(
    "text, value",
    [("12", 12), ("  7x", 7), ("-3", -3), ("+4", 4), ("abc", 0), ("", 0), ("\t\n9", 9), ("1e3", 1)],
)
def test_atoi_follows_c(text, value):
    assert atoi(text) == value


def test_defaults():
    params = Params()
    assert (params.debug, params.max_error, params.cutoff_len, params.labeled) == (0, 10, 40, 1)
    assert params.delete_labels == () and params.eq_labels == ()


def test_keywords_and_values():
    text = (
        "DEBUG 2\nMAX_ERROR 5\nCUTOFF_LEN 10\nLABELED 0   \n"
        "DELETE_LABEL TOP\nDELETE_LABEL_FOR_LENGTH -NONE-\nQUOTE_LABEL POS\n"
        "EQ_LABEL ADVP PRT\nEQ_WORD  This this\n"
    )
    params, warnings = parse_parameter_text(Params(), text)
    assert warnings == []
    assert (params.debug, params.max_error, params.cutoff_len, params.labeled) == (2, 5, 10, 0)
    assert params.delete_labels == ("TOP",)
    assert params.delete_labels_for_length == ("-NONE-",)
    assert params.quote_labels == ("POS",)
    assert params.eq_labels == (("ADVP", "PRT"),)
    assert params.eq_words == (("This", "this"),)
    assert params.labels_equal("PRT", "ADVP") and params.words_equal("this", "This")


def test_delete_label_value_is_the_whole_rest_of_the_line():
    params, _ = parse_parameter_text(Params(), "DELETE_LABEL A B\n")
    assert params.delete_labels == ("A B",)


def test_comments_short_lines_and_unknown_keywords():
    text = "# comment\nx\nFOO 1\nlabeled 1\n  DEBUG 1\nDEBUG\n"
    params, warnings = parse_parameter_text(Params(), text)
    assert warnings == [
        "Unknown keyword (FOO 1) in parameter file\n",
        "Unknown keyword (labeled 1) in parameter file\n",
        "Unknown keyword (  DEBUG 1) in parameter file\n",
        "Empty value in parameter file (6)\n",
    ]
    assert params.debug == 0


def test_eq_label_needs_two_values():
    params, warnings = apply_line(Params(), "EQ_LABEL A B C\n", 1)
    assert warnings == ["EQ_LABEL requires two values\n"]
    assert params.eq_labels == ()
    _, warnings = apply_line(Params(), "EQ_WORD a\n", 1)
    assert warnings == ["EQ_WORD requires two values\n"]


def test_eq_label_partner_of_a_deleted_label_is_deleted():
    params, _ = parse_parameter_text(Params(), "DELETE_LABEL ADVP\nEQ_LABEL ADVP PRT\n")
    assert params.is_deleted_phrase("PRT") and params.is_deleted_phrase("ADVP")
    assert not params.is_deleted_phrase("NP")


def test_label_classes_only_when_transitive():
    assert Params(eq_labels=(("A", "B"),)).label_equality_is_transitive
    assert not Params(eq_labels=(("A", "B"), ("B", "C"))).label_equality_is_transitive
    assert Params(eq_labels=(("A", "B"), ("B", "C"), ("A", "C"))).label_equality_is_transitive


def test_settings_accumulate_over_files(tmp_path):
    first = tmp_path / "a.prm"
    first.write_text("DELETE_LABEL TOP\nMAX_ERROR 3\n")
    second = tmp_path / "b.prm"
    second.write_text("DELETE_LABEL S1\n")
    params, _ = read_parameter_file(Params(), str(first))
    params, _ = read_parameter_file(params, str(second))
    assert params.delete_labels == ("TOP", "S1") and params.max_error == 3


def test_missing_file_is_fatal(tmp_path):
    with pytest.raises(FatalError) as info:
        read_parameter_file(Params(), str(tmp_path / "nope.prm"))
    assert info.value.message == f"Can't open parameter file ({tmp_path / 'nope.prm'})\n"


def test_builtin_parameter_sets():
    for name in ("COLLINS", "new", "jp", "COLLINS.prm"):
        assert resolve_parameter_file(name).parent == BUILTIN_DIR
    collins, warnings = read_parameter_file(Params(), "COLLINS")
    assert warnings == []
    assert collins.delete_labels == ("TOP", "-NONE-", ",", ":", "``", "''", ".")
    assert collins.delete_labels_for_length == ("-NONE-",)
    assert collins.eq_labels == (("ADVP", "PRT"),)
    new, _ = read_parameter_file(Params(), "new")
    assert set(new.delete_labels) == set(collins.delete_labels) | {"S1", "?", "!"}
    assert new.quote_labels == ("``", "''", "POS", "NN", "CD", "VBZ", ":")
    jp, _ = read_parameter_file(Params(), "jp")
    assert jp.delete_labels == ("TOP", "-NONE-") and jp.delete_labels_for_length == ("-NONE-",)


def test_builtin_sets_equal_the_distributed_files():
    from tests.datafiles import data_path

    for name in ("COLLINS", "new"):
        shipped, _ = read_parameter_file(Params(), name)
        original, _ = read_parameter_file(Params(), str(data_path("ptb", f"{name}.prm")))
        assert shipped == original


def test_an_existing_file_wins_over_a_builtin_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "jp").write_text("MAX_ERROR 1\n")
    params, _ = read_parameter_file(Params(), "jp")
    assert params.max_error == 1 and params.delete_labels == ()


@pytest.mark.parametrize("text, value", [("12", 12), (" -7\t", -7), ("+4", 4), ("2147483647", 2**31 - 1),
                                         ("-2147483648", -(2**31))])
def test_c_int_takes_whole_c_ints(text, value):
    assert c_int(text) == value


@pytest.mark.parametrize("text", ["", "abc", "7x", "1e3", "1_000", "\u0661", "2147483648", "-2147483649",
                                  "99999999999999999999"])
def test_c_int_refuses_the_rest(text):
    with pytest.raises(ValueError, match="is not an integer from -2147483648 to 2147483647"):
        c_int(text)


def test_strict_reading_names_the_file_line():
    # The 600-byte comment is two fgets pieces but one line of the file.
    text = "#" + "x" * 600 + "\nMAX_ERROR 5\nDEBUG 1e3\n"
    params, _ = parse_parameter_text(Params(), text)
    assert (params.max_error, params.debug) == (5, 1)  # evalb's atoi
    with pytest.raises(BadValue) as caught:
        parse_parameter_text(Params(), text, strict=True, source="p.prm")
    assert (caught.value.where, caught.value.message) == \
        ("p.prm:3", "DEBUG value '1e3' is not an integer from -2147483648 to 2147483647")
    # A keyword without a value is evalb's warning and the value 0, in JP mode too (issue 21:
    # an old parameter file must not break).
    params, warnings = parse_parameter_text(Params(), "LABELED\n", strict=True, source="p.prm")
    assert params.labeled == 0 and warnings == ["Empty value in parameter file (1)\n"]
