"""jp_conll18.reader: the CoNLL-U reader (the original's acceptance rules, with places)."""
from __future__ import annotations

import os

import pytest

from jp_conll18 import read_token_sentences
from jp_conll18.model import FEATS, DEPREL, FORM, UDError
from jp_conll18.reader import iter_sentences_from_file, load_conllu
from jp_conll18.sentences import iter_sentences, strip_zs


def row(i, form, head, deprel="dep", upos="X", feats="_", lemma="_"):
    return f"{i}\t{form}\t{lemma}\t{upos}\t_\t{feats}\t{head}\t{deprel}\t_\t_"


def text(*lines):
    return "".join(line + "\n" for line in lines)


SENT = [row(1, "The", 2, "det"), row(2, "cat", 0, "root"), ""]


def sentences(source: str):
    return list(iter_sentences(source.splitlines(keepends=True), "f.conllu"))


def error_of(source: str) -> UDError:
    with pytest.raises(UDError) as info:
        sentences(source)
    return info.value


def test_spans_run_across_sentences_and_skip_comments_and_empty_nodes():
    source = text("# c", *SENT, "# c2", row(1, "It", 0, "root"), "1.1\tgone\t_\t_\t_\t_\t_\t_\t_\t_", "")
    first, second = sentences(source)
    assert [(t.start, t.end) for t in first.tokens] == [(0, 3), (3, 6)]
    assert (second.span.start, second.span.end) == (6, 8)
    assert second.token_forms == ["It"]
    assert first.first_line == 2


def test_zs_characters_are_removed_but_other_invisible_characters_kept():
    assert strip_zs("10\u00a0000") == "10000"
    assert strip_zs("a\u2009b c\u3000") == "abc"
    assert strip_zs("a\u200bb") == "a\u200bb"  # ZERO WIDTH SPACE is Cf, not Zs


def test_feats_and_deprel_are_reduced_as_in_the_original():
    (sentence,) = sentences(text(row(1, "x", 0, "root:sub", feats="Typo=Yes|Number=Sing|Case=Nom"), ""))
    word = sentence.words[0]
    assert word.columns[FEATS] == "Case=Nom|Number=Sing"
    assert word.columns[DEPREL] == "root"
    assert word.is_content_deprel


def test_multiword_token_words_share_the_token_span():
    source = text("1-2\tdu\t_\t_\t_\t_\t_\t_\t_\t_", row(1, "de", 0, "root"), row(2, "le", 1, "det"), "")
    (sentence,) = sentences(source)
    assert sentence.token_forms == ["du"]
    assert [w.is_multiword for w in sentence.words] == [True, True]
    assert sentence.words[0].span is sentence.words[1].span is sentence.tokens[0]
    assert sentence.words[1] in sentence.words[0].functional_children


def test_crlf_and_lone_cr_are_line_breaks(tmp_path):
    path = tmp_path / "x.conllu"
    path.write_bytes(("\r\n".join(SENT) + "\r\n").encode())
    assert list(read_token_sentences(str(path))) == [["The", "cat"]]
    path.write_bytes(("\r".join(SENT) + "\r").encode())
    assert list(read_token_sentences(str(path))) == [["The", "cat"]]


def test_read_token_sentences_gives_surface_forms(tmp_path):
    path = tmp_path / "x.conllu"
    path.write_text(text("1-2\tdu\t_\t_\t_\t_\t_\t_\t_\t_", row(1, "de", 0, "root"), row(2, "le", 1, "det"),
                         row(3, "vin", 1), "", *SENT), encoding="utf-8")
    assert list(read_token_sentences(str(path))) == [["du", "vin"], ["The", "cat"]]


def test_reader_is_lazy():
    consumed = []

    def lines():
        for line in text(*SENT, *SENT, *SENT).splitlines(keepends=True):
            consumed.append(line)
            yield line

    first = next(iter_sentences(lines()))
    assert first.token_forms == ["The", "cat"]
    assert len(consumed) == 3


@pytest.mark.parametrize("source, message, line", [
    (text(row(1, "a", 0, "root"), "2\tb\tb", ""), "The CoNLL-U line does not contain 10 tab-separated columns: '2\tb\tb'", 2),
    (text(row(1, "a", 0, "root"), "# inner", ""), "The CoNLL-U line does not contain 10 tab-separated columns: '# inner'", 2),
    (text(row(1, " ", 0, "root"), ""), "There is an empty FORM in the CoNLL-U file", 1),
    (text("1-x\tab\t_\t_\t_\t_\t_\t_\t_\t_", ""), "Cannot parse multi-word token ID '1-x'", 1),
    (text(row("x2", "a", 0, "root"), ""), "Cannot parse word ID 'x2'", 1),
    (text(row(1, "a", 0, "root"), row(3, "cat", 1), ""), "Incorrect word ID '3' for word 'cat', expected '2'", 2),
    (text(row(1, "a", "x", "root"), ""), "Cannot parse HEAD 'x'", 1),
    (text(row(1, "a", -1, "root"), ""), "HEAD cannot be negative", 1),
    (text(row(1, "a", 0, "root"), row(2, "b", 9), ""), "HEAD '9' points outside of the sentence", 2),
    (text(row(1, "a", 2), row(2, "b", 1), row(3, "c", 0, "root"), ""), "There is a cycle in a sentence", 1),
    (text(row(1, "a", 1), ""), "There is a cycle in a sentence", 1),
    (text(row(1, "a", 0, "root"), row(2, "b", 0, "root"), ""), "There are multiple roots in a sentence", 1),
    (text(*SENT, ""), "There are multiple roots in a sentence", 4),
    (text(row(1, "a", 0, "root")), "The CoNLL-U file does not end with empty line", 1),
    (text("1-2\tab\t_\t_\t_\t_\t_\t_\t_\t_", row(1, "a", 0, "root")), "The CoNLL-U line does not contain 10 tab-separated columns: ''", 3),
])
def test_errors_have_the_original_message_and_a_line(source, message, line):
    error = error_of(source)
    assert str(error) == message
    assert (error.path, error.line) == ("f.conllu", line)


def test_bad_head_inside_a_multiword_token_is_a_value_error_as_in_the_original():
    source = text("1-2\tab\t_\t_\t_\t_\t_\t_\t_\t_", row(1, "a", 0, "root"), row(2, "b", "_"), "")
    with pytest.raises(ValueError) as info:
        sentences(source)
    assert not isinstance(info.value, UDError)
    assert info.value.line == 3


def test_a_head_chain_of_ten_thousand_words_does_not_recurse():
    n = 10_000
    source = text(*(row(i, f"w{i}", i - 1, "root" if i == 1 else "dep") for i in range(1, n + 1)), "")
    (sentence,) = sentences(source)
    assert sentence.words[-1].parent is sentence.words[-2]
    cycle = text(*(row(i, f"w{i}", i + 1 if i < n else 1) for i in range(1, n + 1)), "")
    assert str(error_of(cycle)) == "There is a cycle in a sentence"


def test_load_conllu_builds_the_original_representation(tmp_path):
    path = tmp_path / "x.conllu"
    path.write_text(text(*SENT, row(1, "It", 0, "root"), ""), encoding="utf-8")
    with open(path, encoding="utf-8") as handle:
        ud = load_conllu(handle)
    assert "".join(ud.characters) == "ThecatIt"
    assert [(s.start, s.end) for s in ud.sentences] == [(0, 6), (6, 8)]
    assert [w.columns[FORM] for w in ud.words] == ["The", "cat", "It"]
    assert ud.words[0].parent is ud.words[1] and ud.words[1].parent is None


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc/self/fd to list open files")
@pytest.mark.parametrize("legacy", [False, True])
def test_an_input_error_closes_the_file_at_once(tmp_path, legacy):
    """The file is closed when reading stops on an error, not when the error (whose
    traceback holds the reading generators) is collected."""
    path = tmp_path / "bad.conllu"
    path.write_text("1\ta\n", encoding="utf-8")

    def open_copies() -> int:
        return sum(os.path.realpath(f"/proc/self/fd/{fd}") == str(path) for fd in os.listdir("/proc/self/fd"))

    with pytest.raises(Exception) as caught:
        list(iter_sentences_from_file(str(path), legacy=legacy))
    assert caught.value is not None and open_copies() == 0
