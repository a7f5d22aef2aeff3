"""jp_conlleval's two-file JP mode streams its files: read in parts, scored stretch by
stretch, the same figures, notes and places as the whole files, and no more of the files
held than a stretch."""
from __future__ import annotations

import random
from pathlib import Path
from typing import List, Optional

import pytest

from jp_conlleval.api import evaluate_files
from jp_shims.inputs import InputFile
from jp_conlleval.pieces import join, read_pieces, split_at
from jp_conlleval.reader import Options
from jp_conlleval.jp import evaluate_stream
from jp_conlleval.tagged import FileInputError, read_tagged
from tests.datafiles import data_path

VECTORS = Path(__file__).resolve().parent.parent / "compat_tests" / "vectors" / "conlleval"
PAIRS = sorted(path.parent for path in VECTORS.glob("jp_*/system.txt"))
SIZES = (8, 120, 1 << 15)  # bytes a part: about a sentence, a few, the whole file
DEFAULT = Options()


def _whole(gold: Path, system: Path, options: Options = DEFAULT, scheme: Optional[str] = None):
    try:
        result = evaluate_files(read_tagged(gold.read_bytes(), str(gold), options.delimiter),
                                read_tagged(system.read_bytes(), str(system), options.delimiter), options, scheme)
    except FileInputError as error:
        return error.message, error.line
    return (result.report(), [str(chunk) for chunk in result.unrepresentable], result.notes()[1:],
            result.system_chunks, result.cr_lines)


def _streamed(gold: Path, system: Path, size: int, options: Options = DEFAULT, scheme: Optional[str] = None,
              on_window=None):
    try:
        result = evaluate_stream(read_pieces(InputFile(str(gold), str(gold)), options.delimiter, size),
                                 read_pieces(InputFile(str(system), str(system)), options.delimiter, size),
                                 options, scheme, size=size, on_window=on_window)
    except FileInputError as error:
        return error.message, error.line
    return (result.report(), [str(chunk) for chunk in result.unrepresentable], result.notes()[1:],
            result.system_chunks, result.cr_lines)


def _sentences(path: Path) -> List[List[str]]:
    blocks = path.read_text(encoding="utf-8").split("\n\n")
    return [block.strip("\n").split("\n") for block in blocks if block.strip()]


def _write(path: Path, sentences: List[List[str]], end: str = "\n") -> Path:
    path.write_bytes(end.join(end.join(lines) + end for lines in sentences).encode("utf-8"))
    return path


def _perturbed(sentences: List[List[str]], rng: random.Random) -> List[List[str]]:
    """The system with text the gold does not have: sentences dropped or added, words misspelt
    or written as the normalization table reads them, tokens left out."""
    sentences = [list(lines) for lines in sentences]
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(len(sentences))
        what = rng.choice(("drop", "add", "misspell", "quote", "leave out"))
        if what == "drop" and len(sentences) > 1:
            del sentences[k]
        elif what == "add":
            sentences.insert(k, [f"Zzq{rng.randint(0, 99)} B-PER", "qqx O"])
        elif what == "misspell":
            i = rng.randrange(len(sentences[k]))
            word, *rest = sentences[k][i].split(" ")
            sentences[k][i] = " ".join([word[:-1] + "X" if len(word) > 1 else "Y", *rest])
        elif what == "quote":
            i = rng.randrange(len(sentences[k]))
            sentences[k][i] = "`` " + sentences[k][i].split(" ")[-1]
        elif what == "leave out" and len(sentences[k]) > 1:
            del sentences[k][rng.randrange(len(sentences[k]))]
    return sentences


@pytest.mark.parametrize("folder", PAIRS, ids=[folder.name for folder in PAIRS])
@pytest.mark.parametrize("scheme", [None, "IOBES"])
def test_vector_pairs_stream_as_whole_files(folder: Path, scheme: Optional[str]) -> None:
    expected = _whole(folder / "gold.txt", folder / "system.txt", scheme=scheme)
    for size in SIZES:
        assert _streamed(folder / "gold.txt", folder / "system.txt", size, scheme=scheme) == expected, size


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("folder", PAIRS, ids=[folder.name for folder in PAIRS])
def test_texts_that_differ_stream_as_whole_files(folder: Path, seed: int, tmp_path: Path) -> None:
    """Where the texts differ, the rest goes through jp_align's walk: chunks in differing
    text are placed (and counted for the accuracy) as in the whole files."""
    system = _write(tmp_path / "system.txt", _perturbed(_sentences(folder / "system.txt"), random.Random(seed)))
    expected = _whole(folder / "gold.txt", system)
    for size in SIZES:
        assert _streamed(folder / "gold.txt", system, size) == expected, size


def test_a_chunk_kept_open_across_a_break_is_not_cut(tmp_path: Path) -> None:
    """conlleval keeps a chunk open across a sentence break after a ``.``-prefixed tag: a
    stretch may not end there (it grows to the next place nothing is open)."""
    gold = _write(tmp_path / "gold.txt", [["a B-X", "b .-X"], ["c O"], ["d B-Y"], ["e O"]])
    system = _write(tmp_path / "system.txt", [["a B-X", "b .-X"], ["c O"], ["d B-Y"], ["e O"]])
    merged = _write(tmp_path / "system2.txt", [["a B-X", "b .-X", "c O"], ["d B-Y"], ["e O"]])
    for other in (system, merged):
        expected = _whole(gold, other)
        assert "crosses a gold sentence boundary" in str(expected) or other is system
        for size in (4, 8, 16):
            assert _streamed(gold, other, size) == expected


def test_crlf_files_without_final_newline(tmp_path: Path) -> None:
    folder = VECTORS / PAIRS[0].name
    gold = _write(tmp_path / "gold.txt", _sentences(folder / "gold.txt"), end="\r\n")
    system = tmp_path / "system.txt"
    system.write_bytes(_write(system, _sentences(folder / "system.txt"), end="\r\n").read_bytes().rstrip(b"\r\n"))
    expected = _whole(gold, system)
    assert expected[-1][0] > 0
    for size in SIZES:
        assert _streamed(gold, system, size) == expected


def test_parts_keep_line_numbers(tmp_path: Path) -> None:
    lines = [f"w{n} O" if n % 4 else "" for n in range(1, 200)]
    path = tmp_path / "gold.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    whole = read_tagged(path.read_bytes(), "gold.txt")
    parts = list(read_pieces(InputFile(str(path), "gold.txt"), size=40))
    assert len(parts) > 5
    joined = parts[0]
    for part in parts[1:]:
        joined = join(joined, part)
    assert joined.words == whole.words and joined.breaks == whole.breaks
    assert [joined.line_of(t) for t in range(len(whole.words))] == [whole.line_of(t) for t in range(len(whole.words))]
    head, tail = split_at(whole, 7)
    assert [tail.line_of(t) for t in range(len(tail.words))] == \
        [whole.line_of(t) for t in range(whole.breaks[7], len(whole.words))]
    assert head.words + tail.words == whole.words


def test_bad_line_in_a_later_part_is_located(tmp_path: Path) -> None:
    gold = tmp_path / "gold.txt"
    gold.write_text("".join(f"w{n} O\n\n" for n in range(100)) + "lonely\n", encoding="utf-8")
    with pytest.raises(FileInputError) as caught:
        list(read_pieces(InputFile(str(gold), "gold.txt"), size=16))
    assert caught.value.line == 201


def test_a_file_of_blank_lines_is_an_empty_side(tmp_path: Path) -> None:
    blank = tmp_path / "blank.txt"
    blank.write_text("\n" * 500, encoding="utf-8")
    with pytest.raises(FileInputError, match="no tokens"):
        list(read_pieces(InputFile(str(blank), "blank.txt"), size=16))


def test_unrelated_system_is_one_error_at_its_first_line(tmp_path: Path) -> None:
    gold = _write(tmp_path / "gold.txt", [[f"gold{n} O", "x O"] for n in range(50)])
    system = _write(tmp_path / "system.txt", [[f"other{n} O", "y O"] for n in range(50)])
    expected = _whole(gold, system)
    assert "stops matching" in expected[0]
    assert _streamed(gold, system, 16) == expected


def test_only_a_stretch_is_held(tmp_path: Path) -> None:
    """A long pair of files is scored in stretches of about one part, whatever its length,
    where the texts agree and where they differ."""
    rng = random.Random(7)
    gold_sentences = [[f"w{rng.randint(0, 999)} {rng.choice(['O', 'B-PER', 'I-PER'])}" for _ in range(8)]
                      for _ in range(3000)]
    system_sentences = [list(lines) for lines in gold_sentences]
    system_sentences[1500][0] = "changed O"
    gold = _write(tmp_path / "gold.txt", gold_sentences)
    system = _write(tmp_path / "system.txt", system_sentences)
    sizes: List[int] = []
    _streamed(gold, system, 4096, on_window=lambda window, counted: sizes.append(len(window.gold.words)))
    assert len(sizes) > 20
    assert max(sizes) < 2000  # 4096 bytes hold about 600 tokens
    assert sum(sizes) == 3000 * 8


def test_wnut17_in_parts() -> None:
    gold = data_path("ner", "wnut17.test.annotated.conll")
    for name in ("sys.wnut17.test.crf.retok.txt", "sys.wnut17.test.submission.uh_ritual.txt"):
        system = data_path("ner", name)
        expected = _whole(gold, system)
        for size in (2000, 1 << 15):
            assert _streamed(gold, system, size) == expected


def test_lines_of_spaces_end_parts_too(tmp_path: Path) -> None:
    path = tmp_path / "gold.txt"
    path.write_text("".join(f"w{n} O\nv{n} B-X\n \t\n" for n in range(200)), encoding="utf-8")
    parts = list(read_pieces(InputFile(str(path), "gold.txt"), size=64))
    assert len(parts) > 50 and max(len(part.words) for part in parts) < 20
    assert sum(part.sentence_count for part in parts) == 200
    assert parts[-1].line_of(len(parts[-1].words) - 1) == 599


def _split_merged(folder: Path, tmp_path: Path):
    """A merged vector's input as a gold and a system file with the same tokens (None when it
    is not a plain whitespace-separated merged file that conlleval scores)."""
    import json

    spec = json.loads((folder / "case.json").read_text(encoding="utf-8"))
    if spec.get("exit_code") != 0 or spec.get("args") or "stdin" not in spec:
        return None
    gold_lines, system_lines = [], []
    name = spec["stdin"]
    path = data_path(*name[len(DATA_PREFIX):].split("/")) if name.startswith(DATA_PREFIX) else folder / name
    for line in path.read_bytes().split(b"\n"):
        fields = line.split()
        if len(fields) >= 3 and b"\r" not in line:
            gold_lines.append(fields[0] + b" " + fields[-2])
            system_lines.append(fields[0] + b" " + fields[-1])
        elif not fields:
            gold_lines.append(b"")
            system_lines.append(b"")
        else:
            return None
    if not any(gold_lines):
        return None
    gold, system = tmp_path / "gold.txt", tmp_path / "system.txt"
    gold.write_bytes(b"\n".join(gold_lines) + b"\n")
    system.write_bytes(b"\n".join(system_lines) + b"\n")
    return gold, system


DATA_PREFIX = "../../../data/"


def _scored_merged_case(folder: Path) -> bool:
    """Whether a vector is a merged file conlleval scores: exit 0, no arguments, standard
    input (its lines are checked in the test, where a corpus file may be missing)."""
    import json

    spec = json.loads((folder / "case.json").read_text(encoding="utf-8"))
    return spec.get("exit_code") == 0 and not spec.get("args") and "stdin" in spec


MERGED_VECTORS = sorted(path.parent for path in VECTORS.glob("*/case.json") if _scored_merged_case(path.parent))


@pytest.mark.parametrize("folder", MERGED_VECTORS, ids=[folder.name for folder in MERGED_VECTORS])
def test_same_tokens_stream_as_whole_files(folder: Path, tmp_path: Path) -> None:
    """Where the tokens are the same, conlleval reads the system's own tags (any scheme, any
    quirk): counted alongside the placed chunks until a stretch differs, then dropped."""
    pair = _split_merged(folder, tmp_path)
    if pair is None:
        pytest.skip("not a plain merged file: a line holds a CR or fewer than 3 fields, or there is no token")
    gold, system = pair
    expected = _whole(gold, system)
    for size in (8, 64, 1 << 15):
        assert _streamed(gold, system, size) == expected, size
    # The same, then a sentence the gold does not have at the end: the placed chunks count.
    changed = tmp_path / "changed.txt"
    changed.write_bytes(system.read_bytes() + b"\nzzq B-PER\n")
    expected = _whole(gold, changed)
    for size in (8, 64):
        assert _streamed(gold, changed, size) == expected, size
