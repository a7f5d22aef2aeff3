"""jp_errant.annotate.parallel_to_m2 and m2_to_m2: jp_errant_parallel's and jp_errant_m2's JP
mode as Python functions.

Runs without stanza (an analyser object stands in: whitespace tokens): the API is checked
against the command line on the same inputs, for paths, open files and lists of lines.
"""
from __future__ import annotations

import inspect
import io
import warnings
from pathlib import Path

import pytest

import jp_errant.annotate
from jp_errant import m2_cli, parallel_cli
from jp_errant.annotate import m2_to_m2, parallel_to_m2
from jp_errant.annotate.parallel import UnalignedText
from jp_errant.annotate.tokens import Token
from jp_shims.errors import InputError

ORIG = ["The cat sit on mat .", "It rains .", "We goes home ."]
COR = ["The cat sits on the mat .", "It rains .", "We go home ."]


class Whitespace:
    """An analyser standing in for stanza: whitespace tokens, lemma = lower case."""

    def parse(self, lines):
        return [tuple(Token(w, w.lower(), "NOUN" if w[:1].isalpha() else "PUNCT") for w in line.split())
                for line in lines]


def write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def command_line(tmp_path: Path, orig: list[str], cors: list[list[str]], *options: str) -> str:
    names = [write(tmp_path / "orig.txt", orig)]
    names += [write(tmp_path / f"cor{k}.txt", lines) for k, lines in enumerate(cors, start=1)]
    out = tmp_path / "out.m2"
    argv = ["-orig", names[0], "-cor", *names[1:], "-out", str(out), *options]
    assert parallel_cli.main(argv, backend=Whitespace()) == 0
    return out.read_text(encoding="utf-8")


def test_the_api_writes_what_the_command_line_writes(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    expected = command_line(tmp_path, ORIG, [COR, ORIG])
    capsys.readouterr()
    orig, cor1, cor2 = tmp_path / "orig.txt", tmp_path / "cor1.txt", tmp_path / "cor2.txt"
    from_paths = parallel_to_m2(str(orig), [cor1, str(cor2)], backend=Whitespace())
    assert "".join(from_paths) == expected and len(from_paths) == len(ORIG)
    from_lines = parallel_to_m2(ORIG, [COR, ORIG], backend=Whitespace())
    with open(orig, encoding="utf-8") as text, open(cor1, "rb") as binary:
        from_files = parallel_to_m2(text, [binary, io.StringIO("".join(line + "\n" for line in ORIG))],
                                    backend=Whitespace())
    assert from_lines == from_files == from_paths
    assert capsys.readouterr() == ("", "")  # nothing printed


def test_options_are_the_command_lines(tmp_path: Path) -> None:
    expected = command_line(tmp_path, ORIG, [COR], "-merge", "all-split", "-lev", "--labels", "errant")
    assert "".join(parallel_to_m2(ORIG, [COR], merge="all-split", lev=True, labels="errant",
                                  backend=Whitespace())) == expected
    one = parallel_to_m2(ORIG, str(tmp_path / "cor1.txt"), backend=Whitespace())  # one path: one COR
    assert one == parallel_to_m2(ORIG, [COR], backend=Whitespace())


def test_differently_segmented_texts_are_aligned(tmp_path: Path) -> None:
    orig = ["The cats sat on the mat .", "It rains today .", "We goes home ."]
    cor = ["The cat sat on the mat . It rains today .", "We go home ."]
    blocks = parallel_to_m2(orig, [cor], backend=Whitespace())
    assert "".join(blocks) == command_line(tmp_path, orig, [cor])
    assert blocks[0].startswith("S The cats sat on the mat . It rains today . We goes home .\n")


def test_unaligned_text_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    orig = [*ORIG, "Zebras quickly jump over lazy dogs in winter mornings ."]
    cor = ["The cat sits on the mat . It rains .", "We go home ."]
    expected = command_line(tmp_path, orig, [cor])
    command_warning = capsys.readouterr().err
    assert command_warning.startswith("jp_errant_parallel: warning: ORIG lines 1-4 (")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        blocks = parallel_to_m2(orig, [cor], backend=Whitespace())
    assert "".join(blocks) == expected
    assert [str(w.message) for w in caught if w.category is UnalignedText] == [
        line.replace("jp_errant_parallel: warning: ", "").replace(str(tmp_path / "cor1.txt"), "<cor1>")
        .replace(str(tmp_path / "orig.txt"), "<orig>") for line in command_warning.splitlines()]


def test_bad_input_is_an_input_error_naming_file_and_line(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        parallel_to_m2(ORIG, [[COR[0], "a\0b", COR[2]]], backend=Whitespace())
    assert (caught.value.path, caught.value.line) == ("<cor1>", 2)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\n\xff\n")
    with pytest.raises(InputError) as caught:
        parallel_to_m2(str(bad), [COR[:2]], backend=Whitespace())
    assert (caught.value.path, caught.value.line, caught.value.message) == (str(bad), 2, "invalid UTF-8")
    with pytest.raises(InputError) as caught:
        parallel_to_m2(str(tmp_path / "nope.txt"), [COR], backend=Whitespace())
    assert caught.value.path == str(tmp_path / "nope.txt") and caught.value.line is None
    with pytest.raises(InputError, match="the file holds no sentence, while <orig> does"):
        parallel_to_m2(ORIG, [[]], backend=Whitespace())
    with pytest.raises(InputError) as caught:
        parallel_to_m2(["a " * 20], [["b " * 20]], backend=Whitespace(), max_cells=100)
    assert (caught.value.path, caught.value.line) == ("<orig>", 1)
    assert "more than the limit of 100" in caught.value.message


def test_bad_settings_are_value_errors() -> None:
    for settings in ({"align": "sometimes"}, {"merge": "some"}, {"labels": "penn"}):
        with pytest.raises(ValueError):
            parallel_to_m2(ORIG, [COR], backend=Whitespace(), **settings)
    with pytest.raises(TypeError):
        parallel_to_m2(ORIG, [COR], backend=Whitespace(), tok=True)


def test_the_signature_is_explicit_and_the_import_lazy() -> None:
    parameters = inspect.signature(jp_errant.annotate.parallel_to_m2).parameters
    assert list(parameters)[:2] == ["orig", "cor"]
    assert {"lang", "tokenize", "lev", "merge", "labels", "align", "align_threshold", "backend",
            "model_dir", "max_cells", "jobs"} <= set(parameters)
    assert not any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in parameters.values())
    with pytest.raises(AttributeError):
        jp_errant.annotate.nothing_here  # noqa: B018


# --- m2_to_m2: jp_errant_m2 ------------------------------------------------------------

M2 = """S The cat sit on mat .
A 2 3|||R:VERB:SVA|||sits|||REQUIRED|||-NONE-|||0
A 4 4|||M:DET|||the|||REQUIRED|||-NONE-|||0
A 2 3|||R:VERB|||sat|||REQUIRED|||-NONE-|||1

S It rains .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

"""


def m2_command_line(tmp_path: Path, *options: str) -> str:
    source = tmp_path / "in.m2"
    source.write_text(M2, encoding="utf-8")
    out = tmp_path / "out.m2"
    assert m2_cli.main([str(source), *options, "-out", str(out)], backend=Whitespace()) == 0
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("options", [("-auto",), ("-gold",), ("-gold", "-no_min", "-old_cats"), ("-auto", "-lev")])
def test_m2_to_m2_writes_what_the_command_line_writes(tmp_path: Path, capsys: pytest.CaptureFixture,
                                                      options: tuple) -> None:
    expected = m2_command_line(tmp_path, *options)
    capsys.readouterr()
    settings = {"auto": "-auto" in options, "no_min": "-no_min" in options, "old_cats": "-old_cats" in options,
                "lev": "-lev" in options}
    blocks = m2_to_m2(tmp_path / "in.m2", backend=Whitespace(), **settings)
    assert "".join(blocks) == expected and len(blocks) == 2
    assert m2_to_m2(M2.splitlines(), backend=Whitespace(), **settings) == blocks
    assert m2_to_m2(io.StringIO(M2), backend=Whitespace(), **settings) == blocks
    assert capsys.readouterr() == ("", "")


def test_m2_to_m2_bad_input_is_an_input_error_naming_file_and_line(tmp_path: Path) -> None:
    lines = M2.splitlines()
    lines[1] = "A 2 9|||R:VERB:SVA|||sits|||REQUIRED|||-NONE-|||0"
    with pytest.raises(InputError) as caught:
        m2_to_m2(lines, auto=True, backend=Whitespace())
    assert (caught.value.path, caught.value.line) == ("<m2>", 2)
    with pytest.raises(InputError) as caught:
        m2_to_m2(ORIG, auto=True, backend=Whitespace())  # plain text, not M2
    assert caught.value.path == "<m2>"
    with pytest.raises(InputError) as caught:
        m2_to_m2(str(tmp_path / "nope.m2"), auto=True, backend=Whitespace())
    assert caught.value.path == str(tmp_path / "nope.m2") and caught.value.line is None


def test_m2_to_m2_signature_is_explicit() -> None:
    parameters = inspect.signature(jp_errant.annotate.m2_to_m2).parameters
    assert list(parameters)[0] == "m2" and parameters["auto"].default is inspect.Parameter.empty
    assert not any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in parameters.values())
