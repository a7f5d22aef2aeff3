"""jp_conlleval's two-file JP mode: the system's chunks placed on the gold tokens, the chunks
that cannot be, the Python API, and bad input."""
from __future__ import annotations

import doctest
import json
from pathlib import Path
from typing import Optional

import pytest

import jp_conlleval.api
from jp_conlleval import evaluate
from jp_conlleval.reader import parse_leading_options
from jp_conlleval.tool import command_line
from jp_shims.errors import InputError
from jp_conlleval.tags import raw_tag
from tests.datafiles import data_root

# These tests check figures on files JP mode re-aligns; the API's JPAlignmentWarning there is
# the contract's (tests/test_contract.py checks it), not what is tested here.
pytestmark = pytest.mark.filterwarnings("ignore::jp_shims.pyapi.JPAlignmentWarning")

VECTORS = Path(__file__).resolve().parent.parent / "compat_tests" / "vectors" / "conlleval"
DATA_PREFIX = "../../../data/"


def _jp_cases(key: str) -> list:
    cases = []
    for path in sorted(VECTORS.glob("jp_*/case.json")):
        spec = json.loads(path.read_text(encoding="utf-8"))
        if key in spec:
            cases.append(pytest.param(path.parent, spec, id=path.parent.name))
    return cases


def _path(folder: Path, name: str) -> Path:
    if name.startswith(DATA_PREFIX):
        root = data_root()
        if root is None:
            pytest.skip("JP_SHIMS_DATA is not set")
        return root / name[len(DATA_PREFIX):]
    return folder / name


def _run(folder: Path, spec: dict):
    options, _ = parse_leading_options(spec["args"])
    settings, files = command_line(spec["args"])
    gold, system = (_path(folder, name) for name in files)
    return evaluate(gold, system, **settings), options


@pytest.mark.parametrize("folder, spec", _jp_cases("jp_projected"))
def test_chunks_placed_on_gold_tokens_as_in_the_projected_file(folder: Path, spec: dict) -> None:
    """The guess column scored is the last column of the case's jp_projected file."""
    result, options = _run(folder, spec)
    assert not result.unrepresentable
    projected = _path(folder, spec["jp_projected"]).read_bytes().split(b"\n")
    delimiter = b"\t" if options.delimiter == b"\\t" else b" "
    expected = [line.rsplit(delimiter, 1)[1] for line in projected if line.strip()]
    if options.raw:
        expected = [raw_tag(tag, options.outside) for tag in expected]
    assert [tag for sentence in result.system_on_gold for tag in sentence] == expected


@pytest.mark.parametrize("folder, spec", _jp_cases("jp_unrepresentable"))
def test_unrepresentable_chunks_are_named(folder: Path, spec: dict) -> None:
    result, _ = _run(folder, spec)
    assert sorted(chunk.text for chunk in result.unrepresentable) == sorted(spec["jp_unrepresentable"])
    # They stay in "found" and match nothing.
    found = sum(len(chunks) for chunks in [result.unrepresentable])
    assert result.statistics.found_guess == result.figures.system_chunks
    assert found <= result.statistics.found_guess
    lines = {str(chunk).split(": ", 1)[0] for chunk in result.unrepresentable}
    assert all(":" in where for where in lines)


def test_doctests() -> None:
    for module in (jp_conlleval.api, jp_conlleval.tags):
        failures, tried = doctest.testmod(module)
        assert tried and not failures


def test_pairs_with_different_tokens_and_sentence_breaks() -> None:
    gold = [[("Mara", "B-PER"), ("Lind", "I-PER"), ("left", "O"), (".", "O")],
            [("She", "O"), ("met", "O"), ("Oskar", "B-PER"), (".", "O")]]
    system = [[("MaraLind", "B-PER"), ("left.", "O"), ("She", "O")],
              [("met", "O"), ("Oskar", "B-PER"), (".", "O")]]
    result = evaluate(gold, system)
    assert not result.unrepresentable
    assert (result.statistics.found_gold, result.statistics.found_guess,
            result.statistics.correct_chunks) == (2, 2, 2)
    assert result.system_on_gold == [[b"B-PER", b"I-PER", b"O", b"O"], [b"O", b"O", b"B-PER", b"O"]]
    assert result.report().splitlines()[1] == (
        b"accuracy: 100.00%; precision: 100.00%; recall: 100.00%; FB1: 100.00")


def test_chunk_across_gold_sentence_break_is_found_not_correct() -> None:
    gold = [[("New", "B-LOC"), ("York", "I-LOC")], [("Bay", "B-LOC")]]
    system = [[("New", "B-LOC"), ("York", "I-LOC"), ("Bay", "I-LOC")]]
    result = evaluate(gold, system)
    assert [chunk.text for chunk in result.unrepresentable] == [
        "system chunk [LOC New York Bay] crosses a gold sentence boundary"]
    stats = result.statistics
    assert (stats.found_gold, stats.found_guess, stats.correct_chunks) == (2, 1, 0)
    # accuracy over gold tokens: the chunk tags the tokens it overlaps
    assert stats.tokens == 3 and stats.correct_tags == 2


def test_sentence_statistics_add_up() -> None:
    gold = [[("a", "B-X"), ("b", "O")], [("c", "B-Y"), ("d", "I-Y")]]
    system = [[("ab", "B-X")], [("c", "B-Y"), ("d", "B-Y")]]
    result = evaluate(gold, system)
    first, second = result.sentence_statistics()
    total = first + second
    assert total == result.statistics


def test_scheme_reads_iobes_strictly() -> None:
    gold = [[("A", "B-PER"), ("B", "E-PER"), ("C", "B-PER"), ("D", "E-PER")]]
    conlleval = evaluate(gold, gold)
    strict = evaluate(gold, gold, scheme="IOBES")
    assert conlleval.statistics.found_gold == 1  # conlleval merges E-PER B-PER
    assert strict.statistics.found_gold == 2
    assert strict.f1 == 100.0
    assert any("--scheme IOBES" in note for note in strict.notes())


def _write(path: Path, data: bytes) -> str:
    path.write_bytes(data)
    return str(path)


def test_files_as_people_have_them(tmp_path: Path) -> None:
    gold = _write(tmp_path / "gold", b"Mara\tNNP\tB-PER\nleft\tVBD\tO\n\nOslo\tNNP\tB-LOC\n")
    system = _write(tmp_path / "sys", b"Mara B-PER\r\nleft O\r\n\r\nOslo B-LOC")
    result = evaluate(gold, system)
    assert result.f1 == 100.0 and result.figures.same_tokens
    assert result.figures.cr_lines == (0, 3)  # the last line has no line end
    assert any("CRLF" in note for note in result.notes())


@pytest.mark.parametrize("gold, system, message, file, line", [
    (b"", b"a O\n", "holds no text", "gold", 1),  # (the runner's check, as on the command line)
    (b"a O\nb O\n", b"a O\nc O\n", "stops matching the gold text here: 'c' vs gold", "sys", 2),
    (b"a O\nb\n", b"a O\nb O\n", "without a tag column", "gold", 2),
])
def test_bad_input_is_located(tmp_path: Path, gold: bytes, system: bytes, message: str, file: str,
                              line: Optional[int]) -> None:
    with pytest.raises(InputError) as raised:
        evaluate(_write(tmp_path / "gold", gold), _write(tmp_path / "sys", system))
    assert message in raised.value.message
    assert Path(raised.value.path).name == file and raised.value.line == line


WNUT = [
    ("sys.wnut17.test.crf.retokmerge.txt", b"accuracy:  93.02%; precision:  46.49%; recall:   9.82%; FB1:  16.22", 0),
    ("sys.wnut17.test.crf.retok.txt", None, 3),
    ("sys.wnut17.test.submission.arcada.txt", b"accuracy:  94.03%; precision:  47.40%; recall:  34.57%; FB1:  39.98", 0),
    ("sys.wnut17.test.submission.uh_ritual.txt", None, 0),
]


@pytest.mark.parametrize("system, line, unrepresentable", WNUT)
def test_wnut17(system: str, line, unrepresentable: int) -> None:
    root = data_root()
    if root is None:
        pytest.skip("JP_SHIMS_DATA is not set")
    result = evaluate(root / "ner" / "wnut17.test.annotated.conll", root / "ner" / system)
    if line is not None:
        assert result.report().splitlines()[1] == line
    assert len(result.unrepresentable) == unrepresentable
    if system.endswith("uh_ritual.txt"):
        assert f"{result.f1:.2f}" == "41.86"
    if unrepresentable:
        listed = (root / "ner" / "sys.wnut17.test.crf.retok.unrepresentable.txt").read_text(encoding="utf-8")
        assert sorted(chunk.text for chunk in result.unrepresentable) == sorted(listed.splitlines())


def test_docs_python_example() -> None:
    doc = Path(__file__).resolve().parent.parent / "docs" / "jp_conlleval.md"
    text = doc.read_text(encoding="utf-8")
    block = text.split("```python\n", 1)[1].split("```", 1)[0]
    test = doctest.DocTestParser().get_doctest(block, {}, "jp_conlleval.md", str(doc), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 4


@pytest.mark.parametrize("data, line", [
    (b"a O\nb\nc X O\n", 2),          # one field, made up for by three on another line
    (b"a X O\nb O\n\nc\n", 4),
    (b"a O\r\nb\r\n", 2),
    (b"a O\n\rb\nc X O\n", 2),      # a CR before the one field
])
def test_one_field_lines_are_found_in_any_layout(data: bytes, line: int) -> None:
    from jp_conlleval.tagged import read_tagged

    with pytest.raises(InputError) as raised:
        read_tagged(data, "f")
    assert raised.value.line == line


def test_reading_layouts_agree() -> None:
    from jp_conlleval.tagged import read_tagged

    two = read_tagged(b"a B-X\nb O\n\n\nc O\r\n  \nd I-X", "f")
    three = read_tagged(b"a NN B-X\nb NN O\n\n\nc NN O\r\n  \nd NN I-X", "f")
    tab = read_tagged(b"a\tB-X\nb\tO\n\n\nc\tO\r\n  \nd\tI-X", "f", b"\\t")
    for file in (two, three, tab):
        assert (file.words, file.tags, file.breaks) == (["a", "b", "c", "d"], [b"B-X", b"O", b"O", b"I-X"], [0, 2, 3, 4])
        assert [file.line_of(i) for i in range(4)] == [1, 2, 5, 7]


def test_changed_blocks_carry_their_chunk_loss() -> None:
    """--show-alignment --json on the docs' re-tokenized example: a changed block's figures
    are its gold sentences' chunk counts and its loss the chunks missed or spurious, which
    the HTML report draws as a histogram."""
    from tests.toolrun import run_tool

    folder = Path(__file__).resolve().parents[1] / "examples" / "conlleval"
    result = run_tool("jp_conlleval", ["--json", "--show-alignment", "gold.txt", "system.retok.txt"], cwd=folder)
    assert result.returncode == 0, result.err
    document = json.loads(result.out)
    block, = document["alignment"]["blocks"]
    figures = block["figures"]
    assert figures == {"correct": 2, "found_gold": 4, "found_guess": 5}  # 2 missed, 3 spurious
    assert block["loss"] == 5
    # The block holds every chunk of the file: its figures are the file's.
    scores = document["scores"]
    assert [scores[name] for name in figures] == list(figures.values())
