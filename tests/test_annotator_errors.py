"""The annotators' one exception family (issue 29): bad input is a
:class:`jp_shims.errors.InputError` (or a subclass) with ``.path``/``.line``/``.message``; a
missing optional package is a :class:`jp_shims.errors.MissingDependency` naming the extra.

Needs neither OpenCC, pypinyin, stanza nor ChERRANT's lists: each test blocks the package it
is about, and the ChERRANT lists are tiny made-up ones written here.
"""
from __future__ import annotations

import pickle
import sys
from pathlib import Path

import pytest

from jp_cherrant import annotate
from jp_cherrant.annotator.alignment import AlignmentTooLarge as CherrantTooLarge
from jp_cherrant.annotator.block import LineError
from jp_cherrant.annotator.resources import CILIN, CONFUSION, RESOURCE_ENV, ResourceError
from jp_cherrant.parallel import annotator
from jp_errant.annotate import textio
from jp_errant.annotate.alignment import AlignmentTooLarge as ErrantTooLarge, check_alignment_size
from jp_errant.annotate.stanza_backend import check_model
from jp_shims.errors import InputError, MissingDependency
from jp_shims.inputs import InputFile

BLOCK = "S 我\nT0-A0 我 们\nA 1 1|||M|||们|||REQUIRED|||-NONE-|||0\n\n"


@pytest.fixture()
def lists(tmp_path: Path) -> str:
    """A folder with a two-line Cilin (GBK, as ChERRANT's) and a one-line confusion list."""
    (tmp_path / CILIN).write_bytes("Aa01A01= 我们 咱们\nAa02A01= 你们\n".encode("gbk"))
    (tmp_path / CONFUSION).write_text("我 找 伐\n", encoding="utf-8")
    return str(tmp_path)


def without(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """Importing ``module`` fails as when it is not installed."""
    monkeypatch.setitem(sys.modules, module, None)


# --- jp_cherrant.annotate ---------------------------------------------------------------

def test_cherrant_annotates_without_opencc_when_not_converting(lists: str, monkeypatch: pytest.MonkeyPatch) -> None:
    without(monkeypatch, "opencc")
    assert annotate(["我"], [["我们"]], resources=lists, simplified=False) == [BLOCK]


def test_cherrant_without_opencc_is_a_missing_dependency_not_bad_input(lists: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    without(monkeypatch, "opencc")
    with pytest.raises(MissingDependency) as caught:
        annotate(["我"], [["我们"]], resources=lists)
    assert caught.value.extra == "cherrant" and caught.value.name == "opencc"
    assert "pip install 'jp-shims[cherrant]'" in str(caught.value) and "--no_simplified" in str(caught.value)
    assert not isinstance(caught.value, InputError)


def test_cherrant_segmented_words_without_pypinyin_is_a_missing_dependency(lists: str,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    without(monkeypatch, "pypinyin")
    with pytest.raises(MissingDependency) as caught:
        annotate(["我们 去"], [["你们 去"]], resources=lists, segmented=True, simplified=False)
    assert caught.value.extra == "cherrant" and caught.value.name == "pypinyin"


def test_cherrant_bad_sentence_names_its_position(lists: str) -> None:
    with pytest.raises(InputError) as caught:
        annotate(["我", " \u3000"], [["我们"], ["你"]], resources=lists, simplified=False)
    error = caught.value
    assert isinstance(error, LineError) and isinstance(error, ValueError) and error.kind == "Exception"
    assert (error.path, error.line) == ("<sources>", 2)
    assert str(error) == "<sources>:2: the source is empty once whitespace is removed"


def test_cherrant_sources_and_corrections_must_pair_up(lists: str) -> None:
    with pytest.raises(InputError, match="2 sources but 1 correction lists"):
        annotate(["我", "你"], [["我们"]], resources=lists, simplified=False)


def test_cherrant_missing_lists_are_bad_input_naming_the_file(tmp_path: Path, lists: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(RESOURCE_ENV, raising=False)
    with pytest.raises(InputError) as caught:
        annotate(["我"], [["我们"]], simplified=False)
    assert isinstance(caught.value, ResourceError) and caught.value.path is None
    assert RESOURCE_ENV in caught.value.message
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ResourceError) as caught:
        annotate(["我"], [["我们"]], resources=str(empty), simplified=False)
    assert caught.value.path == str(empty / CILIN) and caught.value.line is None
    assert str(caught.value).startswith(f"{empty / CILIN}: not found: ")
    with pytest.raises(ResourceError) as caught:
        annotator(lists, bpe=True, simplified=False)
    assert caught.value.path == str(Path(lists) / "chinese_vocab.txt")


def test_cherrant_unreadable_list_is_bad_input(lists: str) -> None:
    (Path(lists) / CILIN).write_bytes(b"Aa01A01= \x80\xff\n")
    with pytest.raises(ResourceError) as caught:
        annotate(["我"], [["我们"]], resources=lists, simplified=False)
    assert caught.value.path == str(Path(lists) / CILIN)
    assert caught.value.message.startswith("cannot read: not gbk text")


def test_cherrant_alignment_too_large_is_bad_input(lists: str) -> None:
    writer = annotator(lists, simplified=False, max_cells=100)
    with pytest.raises(InputError) as caught:
        writer.block("甲乙丙丁" * 30, ["戊己庚辛" * 30])
    assert isinstance(caught.value, CherrantTooLarge) and "more than the limit of 100" in str(caught.value)


@pytest.mark.parametrize("error", [
    LineError("IndexError", "no TAB", "in.para", 3), ResourceError("not found", "cilin.txt"),
    CherrantTooLarge(5, 6, 1000, 10), ErrantTooLarge(5, 6, 10)], ids=lambda error: type(error).__name__)
def test_errors_survive_a_process_boundary(error: InputError) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error) and str(copy) == str(error)
    assert (copy.path, copy.line, copy.message) == (error.path, error.line, error.message)


# --- jp_errant's annotators -------------------------------------------------------------

def test_errant_alignment_too_large_is_bad_input() -> None:
    check_alignment_size(9, 9, 100)
    with pytest.raises(InputError) as caught:
        check_alignment_size(10, 10, 100)
    assert isinstance(caught.value, ErrantTooLarge) and caught.value.path is None
    assert str(caught.value).endswith("needs 121 cells, more than the limit of 100 (memory grows with the "
                                      "product of the lengths)")


def test_errant_text_reader_errors_are_bad_input(tmp_path: Path) -> None:
    assert issubclass(textio.InputError, InputError)
    text = tmp_path / "orig.txt"
    text.write_bytes(b"fine\nnot \xff UTF-8\n")
    with pytest.raises(InputError) as caught:
        list(textio.read_lines(InputFile(str(text), str(text))))
    assert (caught.value.path, caught.value.line, caught.value.message) == (str(text), 2, "invalid UTF-8")
    text.write_bytes("a\0b\n".encode("utf-8"))
    with pytest.raises(InputError, match=":1: NUL byte"):
        list(textio.read_lines(InputFile(str(text), "orig.txt"), reject_nul=True))
    with pytest.raises(InputError) as caught:
        textio.count_lines(InputFile(str(tmp_path / "nope.txt"), str(tmp_path / "nope.txt")))
    assert caught.value.path == str(tmp_path / "nope.txt") and caught.value.line is None


def test_errant_without_stanza_is_a_missing_dependency(monkeypatch: pytest.MonkeyPatch) -> None:
    without(monkeypatch, "stanza")
    with pytest.raises(MissingDependency) as caught:
        check_model("en")
    assert caught.value.extra == "stanza" and caught.value.name == "stanza"
    assert "pip install 'jp-shims[stanza]'" in str(caught.value)


def test_cherrant_annotate_shows_its_parameters() -> None:
    import inspect

    import jp_cherrant

    parameters = inspect.signature(jp_cherrant.annotate).parameters
    assert list(parameters) == ["sources", "corrections", "resources", "strategy", "segmented", "bpe", "simplified"]
