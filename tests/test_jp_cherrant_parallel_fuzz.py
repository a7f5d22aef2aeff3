"""A perturbation fuzz of jp_cherrant_parallel on real MuCGEC sentences (issue 31).

Sentences of the MuCGEC dev set (read from ``$JP_SHIMS_DATA``; skipped without) get random
character insertions, deletions, substitutions and swaps, and are annotated at character
level and with ``--segmented`` (the sentence cut into random words, separated by spaces).
ChERRANT itself is not available here, so these are consistency checks, not comparisons
with the original:

- no crash, in both modes of the command line, and the two modes write the same bytes;
- every alignment's edits, applied to the source tokens, give the correction's text;
- ``--segmented`` text whose words are single characters annotates exactly as the character
  level does (the tokens are the same, so everything after tokenisation must agree);
- the banded alignment gives the same paths as the whole table.
"""
from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from jp_cherrant.annotator.alignment import align_table, paths
from jp_cherrant.parallel import annotator
from jp_cherrant.parallel_cli import main
from tests.datafiles import data_path
from tests.extras import needing, needs

# --segmented words longer than a character are read in pinyin by pypinyin (the cherrant extra).
NEEDS_PINYIN = needs("cherrant", "pypinyin")
needs_pinyin = needing("cherrant", "pypinyin")

RESOURCES = ("zh_gec", "annotator_resources")
FILLERS = "的了是在我们他不有人这个，。"
SENTENCES = 12


def _sentences() -> list:
    para = data_path("zh_gec", "mucgec_dev.para")
    lines = para.read_text(encoding="utf-8").strip().split("\n")
    rng = random.Random(31)
    return [line.split("\t")[1] for line in rng.sample(lines, SENTENCES)]


def _perturb(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        where = rng.randrange(len(chars))
        kind = rng.randrange(4)
        if kind == 0:
            chars.insert(where, rng.choice(FILLERS))
        elif kind == 1 and len(chars) > 1:
            del chars[where]
        elif kind == 2:
            chars[where] = rng.choice(FILLERS)
        elif where + 1 < len(chars):
            chars[where], chars[where + 1] = chars[where + 1], chars[where]
    return "".join(chars)


def _words(text: str, rng: random.Random) -> str:
    """``text`` cut into words of 1-3 characters, separated by single spaces."""
    words, start = [], 0
    while start < len(text):
        size = rng.randint(1, 3)
        words.append(text[start:start + size])
        start += size
    return " ".join(words)


@pytest.fixture(scope="module")
def pairs() -> list:
    rng = random.Random(2024)
    return [(source, _perturb(source, rng)) for source in _sentences()]


@pytest.fixture(scope="module")
def resource_folder() -> str:
    return str(data_path(*RESOURCES))


def _applied(block: str) -> list:
    """(source tokens, correction text, text the edits give) per alignment of a block."""
    lines = block.strip("\n").split("\n")
    source = lines[0][2:].split(" ")
    found, current = [], None
    for line in lines[1:]:
        if line.startswith("T"):
            if current is not None:
                found.append(current)
            head, _, text = line.partition(" ")
            current = [text.replace(" ", ""), []] if "-A" in head else None
        elif current is not None:
            span, _, correction = line[2:].split("|||")[:3]
            start, end = map(int, span.split())
            current[1].append((start, end, "" if correction == "-NONE-" else correction.replace(" ", "")))
    if current is not None:
        found.append(current)
    results = []
    for expected, edits in found:
        tokens = list(source)
        for start, end, correction in sorted(edits, reverse=True):
            tokens[start:end] = [correction]
        results.append((expected, "".join(tokens)))
    return results


@needs_pinyin
def test_edits_give_the_correction_at_character_and_word_level(resource_folder: str, pairs: list) -> None:
    rng = random.Random(7)
    chars = annotator(resource_folder, simplified=False)
    words = annotator(resource_folder, segmented=True, simplified=False)
    for source, target in pairs:
        for writer, (src, tgt) in ((chars, (source, target)),
                                   (words, (_words(source, rng), _words(target, rng)))):
            for expected, got in _applied(writer.block(src, [tgt])):
                assert got == expected, (src, tgt)


def test_single_character_words_annotate_as_characters(resource_folder: str, pairs: list) -> None:
    chars = annotator(resource_folder, simplified=False)
    words = annotator(resource_folder, segmented=True, simplified=False)
    for source, target in pairs:
        assert words.block(" ".join(source), [" ".join(target)]) == chars.block(source, [target])


@needs_pinyin
def test_band_and_whole_table_agree_on_real_words(resource_folder: str, pairs: list) -> None:
    rng = random.Random(11)
    writer = annotator(resource_folder, segmented=True, simplified=False)
    for source, target in pairs[:15]:
        src, tgt = _words(source, rng).split(" "), _words(target, rng).split(" ")
        whole = align_table(src, tgt, writer.cost, threshold=1e9 + 0.5)
        band = align_table(src, tgt, writer.cost)
        assert list(itertools.islice(paths(band), 20)) == list(itertools.islice(paths(whole), 20))


@pytest.mark.parametrize("segmented", [False, pytest.param(True, marks=NEEDS_PINYIN)])
def test_both_modes_write_the_same_file(resource_folder: str, pairs: list, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch, segmented: bool) -> None:
    monkeypatch.setenv("JP_CHERRANT_RESOURCES", resource_folder)
    rng = random.Random(5)
    lines = []
    for number, (source, target) in enumerate(pairs):
        if segmented:
            source, target = _words(source, rng), _words(target, rng)
        lines.append(f"{number}\t{source}\t{target}\t{source}")
    para = tmp_path / "in.para"
    para.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # (--no_simplified: the second correction, the source itself, stays a noop.)
    options = ["--no_simplified", *(["--segmented"] if segmented else [])]
    assert main(["-f", str(para), "-o", str(tmp_path / "jp.m2"), *options]) == 0
    assert main(["--legacy", "-f", str(para), "-o", str(tmp_path / "legacy.m2"), *options]) == 0
    written = (tmp_path / "jp.m2").read_bytes()
    assert written == (tmp_path / "legacy.m2").read_bytes()
    # one block per line; the second correction (the source itself) is a noop
    assert written.count(b"\n\n") == len(pairs) and written.count(b"|||noop|||") >= len(pairs)
