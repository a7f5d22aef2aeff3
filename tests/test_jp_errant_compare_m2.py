"""jp_errant.m2: errant's block split (streamed), strict parsing, writing back."""
from __future__ import annotations

import io

import pytest

from jp_errant import m2_blocks
from jp_errant.m2_records import Edit, M2Error, Sentence, format_sentence, noop_edit
from jp_errant.m2_blocks import FieldCache, count_blocks, iter_block_texts, iter_blocks, legacy_block_edits, legacy_block_rows, legacy_block_source, parse_edit_line
from jp_errant.m2 import named, read_m2

SAMPLE = (
    "S This are a sentence .\n"
    "A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0\n"
    "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\n"
    "\n"
    "S I like cat .\n"
    "A 2 3|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0\n"
    "\n"
)

ODD_TEXTS = [
    "", "   \n\n", SAMPLE, "\n\n" + SAMPLE + "\n\n\n\n", "a\n\n\nb", "a\n\n\n\nb", "a\n \nb",
    "a\n\n", "x\n\n\n\n\ny\n\nz  \t\n", "\u2028a\n\nb\u2028", "a\n\n\n",
]


@pytest.mark.parametrize("text", ODD_TEXTS)
@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1 << 20])
def test_iter_blocks_equals_errant_split_for_any_chunking(text: str, chunk: int) -> None:
    blocks = list(iter_blocks(io.StringIO(text), chunk_chars=chunk))
    assert [block.text for block in blocks] == text.strip().split("\n\n")


def test_iter_blocks_line_numbers() -> None:
    blocks = list(iter_blocks(io.StringIO("\n\n" + SAMPLE), chunk_chars=5))
    assert [block.line for block in blocks] == [3, 7]


def test_parse_edit_line_like_errant() -> None:
    edit = parse_edit_line("A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0")
    assert edit == Edit(1, 2, "R:VERB:SVA", "is", 0, ("REQUIRED", "-NONE-"))
    # errant keeps only the last field as the coder and ignores the middle ones
    assert parse_edit_line("A 3 3|||M:DET|||the|||7").coder == 7
    with pytest.raises(ValueError, match="invalid literal for int"):
        parse_edit_line("S I like cat .")
    with pytest.raises(IndexError):
        parse_edit_line(" ")


def test_legacy_block_reading_ignores_first_line_whatever_it_is() -> None:
    block = "X not an S line\nA 0 1|||R:X|||y|||0"
    assert legacy_block_edits(block) == [Edit(0, 1, "R:X", "y", 0, ())]
    assert legacy_block_source("S I like cat .\nA 2 3|||R|||cats|||0") == "I like cat ."


def test_read_m2_parses_sentences_with_lines(tmp_path) -> None:
    path = tmp_path / "a.m2"
    path.write_text("\n" + SAMPLE, encoding="utf-8")
    sentences = list(read_m2(str(path)))
    assert [s.line for s in sentences] == [2, 6]
    assert sentences[0].tokens == ("This", "are", "a", "sentence", ".")
    assert sentences[0].coders() == [0, 1]
    assert sentences[0].edits_of(1) == [noop_edit(1)]


def test_read_m2_tolerates_extra_blank_and_whitespace_lines(tmp_path) -> None:
    path = tmp_path / "a.m2"
    path.write_text(SAMPLE.replace("\n\nS I", "\n \n\n\nS I"), encoding="utf-8")
    assert [s.source for s in read_m2(str(path))] == ["This are a sentence .", "I like cat ."]


def test_read_m2_empty_file_has_no_sentence(tmp_path) -> None:
    path = tmp_path / "a.m2"
    path.write_text(" \n\n", encoding="utf-8")
    assert list(read_m2(str(path))) == []


@pytest.mark.parametrize("text, line, message", [
    ("A 1 2|||R|||x|||0\n", 1, "does not start with an S line"),
    ("S a b\nA x 2|||R|||x|||0\n", 2, "not two integers"),
    ("S a b\nA 1 3|||R|||x|||0\n", 2, "out of range"),
    ("S a b\nA 2 1|||R|||x|||0\n", 2, "out of range"),
    ("S a b\nA 1 2|||R|||x\n", 2, "at least 4"),
    ("S a b\nA 1 2|||R|||x|||zero\n", 2, "annotator id"),
    ("S a b\nA 1 2||||||x|||REQUIRED|||-NONE-|||0\n", 2, "empty error type"),
    ("S a b\n\nS c\nB 0 1|||R|||x|||0\n", 4, "expected an A line"),
    # ASCII digits only (int() would read Arabic-Indic digits and underscores).
    ("S a b c\nA \u0662 \u0663|||R|||x|||0\n", 2, "not two integers"),
    ("S a b c\nA 1 2|||R|||x|||\u0660\n", 2, "annotator id"),
    ("S a b c\nA 1 1_0|||R|||x|||0\n", 2, "not two integers"),
])
def test_read_m2_errors_name_file_and_line(tmp_path, text: str, line: int, message: str) -> None:
    path = tmp_path / "bad.m2"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(M2Error) as caught:
        list(read_m2(str(path)))
    assert caught.value.line == line
    assert str(caught.value).startswith(f"{path}:{line}: ")
    assert message in str(caught.value)


def test_read_m2_invalid_utf8_line(tmp_path) -> None:
    path = tmp_path / "bad.m2"
    path.write_bytes(b"S a b\n\nS c \xff d\n")
    with pytest.raises(M2Error, match=r":3: invalid UTF-8"):
        list(read_m2(str(path)))


def test_write_round_trip(tmp_path) -> None:
    path = tmp_path / "a.m2"
    path.write_text(SAMPLE, encoding="utf-8")
    assert "".join(format_sentence(sentence) for sentence in read_m2(str(path))) == SAMPLE


def test_format_sentence_and_shift() -> None:
    sentence = Sentence("a b c", (Edit(0, 1, "R:X", "z").shifted(2), noop_edit(0).shifted(5)))
    assert format_sentence(sentence) == (
        "S a b c\nA 2 3|||R:X|||z|||REQUIRED|||-NONE-|||0\n"
        "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
    )


@pytest.mark.parametrize("text", ODD_TEXTS)
@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1 << 20])
def test_block_texts_and_count_equal_errant_split_for_any_chunking(text: str, chunk: int) -> None:
    expected = text.strip().split("\n\n")
    assert list(iter_block_texts(io.StringIO(text), chunk_chars=chunk)) == expected
    assert count_blocks(io.StringIO(text), chunk_chars=chunk) == len(expected)


ODD_A_LINES = [
    "A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0",
    "A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||1",
    "A 01 2|||R|||is|||REQUIRED|||-NONE-|||00",  # same offsets and coder for errant
    "A  3   4 |||M:DET|||the|||7",
    "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0 ",
    "A 1 2|||R|||a|||b|||c|||d|||2",
    "A 1 2||||||||||REQUIRED|||-NONE-|||0",
    "A 1 2||||x|||y|||0",
    "AA1 2|||R|||x|||0",
    "A|||1 2|||R|||x|||0",
    "A 1 2|||R|||x",
    "A 1 2|||R|||x|||zero",
    "A x 2|||R|||x|||0",
    "A 1|||R|||x|||0",
    "",
    "S not an edit line",
]


def _reading(line: str):
    try:
        return tuple(parse_edit_line(line))
    except Exception as error:  # noqa: BLE001 - the failure itself is compared
        return type(error), str(error)


def _block_reading(block: str, cache: FieldCache):
    try:
        return [tuple(row) for row in legacy_block_rows(block, cache)]
    except Exception as error:  # noqa: BLE001
        return type(error), str(error)


def test_legacy_rows_read_every_line_like_errant_with_or_without_cached_fields() -> None:
    cache = FieldCache()
    for _ in range(2):  # the second round reads spans and tails from the cache
        for line in ODD_A_LINES:
            expected = _reading(line)
            got = _block_reading("S head\n" + line, cache)
            assert got == (expected if isinstance(expected[0], type) else [expected]), line
    good = [line for line in ODD_A_LINES if not isinstance(_reading(line)[0], type)]
    block = "X any first line\n" + "\n".join(good)
    assert legacy_block_rows(block, cache) == [_reading(line) for line in good]
    assert legacy_block_edits(block) == [parse_edit_line(line) for line in good]
    assert all(type(edit) is Edit for edit in legacy_block_edits(block))


def test_field_cache_stays_bounded(monkeypatch) -> None:
    monkeypatch.setattr(m2_blocks, "_CACHE_LIMIT", 5)
    cache = FieldCache()
    block = "S " + " ".join("w" * 40) + "\n" + "\n".join(
        f"A {i} {i + 1}|||R|||x|||REQUIRED|||-NONE-|||{i % 3}" for i in range(30))
    rows = legacy_block_rows(block, cache)
    assert [row[:2] for row in rows] == [(i, i + 1) for i in range(30)]
    assert len(cache.spans) <= 5 and len(cache.tails) <= 5


def test_read_m2_plain_edits_hold_the_same_values(tmp_path) -> None:
    path = tmp_path / "a.m2"
    path.write_text(SAMPLE * 3, encoding="utf-8")
    cache = FieldCache()
    plain = list(read_m2(str(path), cache=cache, named_edits=False))
    edits = list(read_m2(str(path), cache=cache))
    assert plain == edits
    assert all(type(edit) is Edit for sentence in edits for edit in sentence.edits)
    assert [named(sentence) for sentence in plain] == edits
    assert all(type(edit) is Edit for sentence in map(named, plain) for edit in sentence.edits)


def test_read_m2_cached_fields_still_check_ranges(tmp_path) -> None:
    path = tmp_path / "a.m2"
    path.write_text("S a b c\nA 2 3|||R|||x|||0\n\nS a\nA 2 3|||R|||x|||0\n", encoding="utf-8")
    with pytest.raises(M2Error, match=r":5: A line offsets 2 3 out of range"):
        list(read_m2(str(path)))


def test_read_m2_with_tokens_pairs_every_sentence_with_its_split(tmp_path) -> None:
    path = tmp_path / "a.m2"
    # Fast path (fields already known), careful path (first sight, whitespace-line split).
    path.write_text(SAMPLE * 2 + "S x\ty  z\n \nS w\n", encoding="utf-8")
    cache = FieldCache()
    pairs = list(read_m2(str(path), cache=cache, named_edits=False, with_tokens=True))
    assert [sentence for sentence, _ in pairs] == list(read_m2(str(path)))
    assert [tokens for _, tokens in pairs] == [s.source.split() for s, _ in pairs]


def test_read_m2_known_fields_with_a_blank_type_take_the_strict_reading(tmp_path) -> None:
    path = tmp_path / "a.m2"
    path.write_text("S a b\nA 0 1|||R|||x|||0\n\nS a b\nA 0 1||| |||x|||0\n", encoding="utf-8")
    with pytest.raises(M2Error, match=r":5: A line has an empty error type"):
        list(read_m2(str(path), named_edits=False, with_tokens=True))
