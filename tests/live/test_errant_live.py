"""Differential test: the real errant_compare (errant 3.0.2) against jp_errant_compare.

Runs only where the ``errant`` package is importable (tox env ``compat-live``, extra
``compat``); skipped otherwise. Random M2 pairs come from a seeded generator (several
annotators on both sides, noops, duplicates, UNK, empty and multi-word corrections,
insertions at the end, sentences without A lines, NUCLE-style types) and random flag sets
covering every option. For each case both programs run in-process on the same files:

- ``--legacy`` must print exactly errant's stdout, and fail exactly when errant fails (same
  exception type and message, or the same argparse exit code and last stderr line);
- the default JP mode, on these lined-up inputs, must print errant's stdout too whenever
  errant succeeded (JP mode reports ``-b 0`` failures as a clean error instead).
"""
from __future__ import annotations

import contextlib
import io
import random
import sys
from pathlib import Path

import pytest

compare_m2 = pytest.importorskip("errant.commands.compare_m2", reason="errant is not installed")

from jp_errant.cli import main as jp_main  # noqa: E402

CASES = 2400
SEED = 20260421
WORDS = ["the", "a", "cat", "cats", "is", "are", "go", "goes", "to", "school", ".", ",", "n't",
         "do", "don't", "it's", "café", "naïve", "\"", "'", "\\", "I", "like", "very", "much", "?"]
TYPES = ["R:NOUN", "R:NOUN:NUM", "R:VERB:SVA", "M:DET", "U:DET", "R:PUNCT", "M:PUNCT", "U:PUNCT",
         "R:OTHER", "R:SPELL", "R:WO", "UNK", "ArtOrDet", "Vform", "Nn", "Wci", "M", "R", "Mec"]
CORRECTIONS = ["", "the", "cats", "is", "goes", "to the", "a very", "it's", "naïve", "\"", "x y z"]


def random_edit(rng: random.Random, length: int, coder: int) -> str:
    if rng.random() < 0.08:
        return f"A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||{coder}"
    start = rng.randint(0, length)
    end = start if rng.random() < 0.25 or start == length else rng.randint(start, min(length, start + 3))
    return f"A {start} {end}|||{rng.choice(TYPES)}|||{rng.choice(CORRECTIONS)}|||REQUIRED|||-NONE-|||{coder}"


def random_pair(rng: random.Random) -> tuple[str, str]:
    """Reference and hypothesis M2 texts with the same S lines."""
    sentences = rng.randint(1, 6)
    ref_coders = rng.choice([[0], [0], [0, 1], [1, 0], [0, 1, 2], [3, 0]])
    hyp_coders = rng.choice([[0], [0], [0], [0, 1], [2]])
    ref_blocks, hyp_blocks = [], []
    for _ in range(sentences):
        tokens = [rng.choice(WORDS) for _ in range(rng.randint(0, 10))]
        source = "S " + " ".join(tokens)
        ref_lines = [source]
        for coder in ref_coders:
            edits = [random_edit(rng, len(tokens), coder) for _ in range(rng.randint(0, 3))]
            if rng.random() < 0.2 and edits:
                edits.append(rng.choice(edits))  # duplicate edit
            if not edits and len(ref_coders) > 1:
                edits = [f"A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||{coder}"]
            ref_lines.extend(edits)
        if rng.random() < 0.3:
            rng.shuffle(ref_lines[1:])
        hyp_lines = [source]
        for coder in hyp_coders:
            if rng.random() < 0.25:
                continue  # sentence without A lines for this coder
            copied = [line.rsplit("|||", 1)[0] + f"|||{coder}" for line in ref_lines[1:]
                      if rng.random() < 0.5]
            hyp_lines.extend(copied)
            hyp_lines.extend(random_edit(rng, len(tokens), coder) for _ in range(rng.randint(0, 2)))
        ref_blocks.append("\n".join(ref_lines))
        hyp_blocks.append("\n".join(hyp_lines))
    if rng.random() < 0.02:
        hyp_blocks.append("S extra sentence")  # count mismatch -> AssertionError
    separator = "\n\n"
    ending = rng.choice(["\n", "\n\n", "", "\n\n\n"])
    ref_text = separator.join(ref_blocks) + ending
    hyp_text = separator.join(hyp_blocks) + ending
    if rng.random() < 0.05:
        hyp_text = corrupted(rng, hyp_text)
    return ref_text, hyp_text


def corrupted(rng: random.Random, text: str) -> str:
    """Input errant reads oddly or fails on: its exact failure must be reproduced."""
    kind = rng.randrange(5)
    if kind == 0:
        return text.replace("\n", "\r\n")
    if kind == 1:
        return text.replace("\n\n", "\n\n\n", 1)  # next block starts with an empty line
    if kind == 2:
        return text.replace("\n\n", "\n \n", 1)  # separator holding a space
    if kind == 3:
        return text.replace("\nA ", "\nA x", 1)  # non-integer offset
    return text.replace("|||REQUIRED|||-NONE-|||", "|||", 1).replace("|||", "", 1)  # few fields


def random_flags(rng: random.Random) -> list[str]:
    flags: list[str] = []
    mode = rng.choice([None, "-dt", "-ds", "-cs", "-cse"])
    if mode:
        flags.append(mode)
    if rng.random() < 0.25:
        flags += ["-b", rng.choice(["1", "2", "0.25", "-1", "0.50", "1e0"])]
    elif rng.random() < 0.01:
        flags += ["-b", "0"]
    if rng.random() < 0.15:
        flags.append(rng.choice(["-v", "--verbose", "--verb"]))
    if rng.random() < 0.15:
        flags.append("-single")
    if rng.random() < 0.15:
        flags.append("-multi")
    if rng.random() < 0.15:
        flags += ["-filt", *rng.sample(TYPES + ["noop"], rng.randint(1, 3))]
    if rng.random() < 0.4:
        flags += ["-cat", rng.choice(["1", "2", "3"])]
    if rng.random() < 0.01:
        flags += ["-cat", "4"]  # argparse error
    if rng.random() < 0.01:
        flags += ["-dt", "-cse"]  # mutually exclusive group
    return flags


def run_program(function, argv: list[str]) -> tuple[str, str]:
    """stdout and the outcome (``ok``, ``exit N: last stderr line`` or ``Type: message``)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = function(argv)
            outcome = "ok" if not code else f"exit {code}"
        except SystemExit as stop:
            lines = [line for line in err.getvalue().splitlines() if line.strip()]
            outcome = f"exit {stop.code}: {lines[-1] if lines else ''}"
        except Exception as error:  # noqa: BLE001 - the failure itself is compared
            outcome = f"{type(error).__name__}: {error}"
    return out.getvalue(), outcome


def errant_main(argv: list[str]) -> int:
    saved = sys.argv
    sys.argv = ["errant_compare", *argv]
    try:
        compare_m2.main()
    finally:
        sys.argv = saved
    return 0


@pytest.mark.compat
def test_legacy_and_jp_match_real_errant_compare(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    hyp, ref = tmp_path / "hyp.m2", tmp_path / "ref.m2"
    mismatches = []
    stats = {"cases": 0, "errant_failed": 0, "multi_annotator": 0, "jp_checked": 0}
    for number in range(CASES):
        ref_text, hyp_text = random_pair(rng)
        ref.write_text(ref_text, encoding="utf-8")
        hyp.write_text(hyp_text, encoding="utf-8")
        flags = random_flags(rng)
        argv = [*flags, "-hyp", str(hyp), "-ref", str(ref)]
        expected = run_program(errant_main, argv)
        legacy = run_program(jp_main, ["--legacy", *argv])
        stats["cases"] += 1
        stats["multi_annotator"] += "|||1\n" in ref_text or "|||2\n" in ref_text
        if legacy != expected:
            mismatches.append((number, argv, "legacy", expected, legacy))
        beta_zero = "-b" in flags and flags[flags.index("-b") + 1] == "0"
        if expected[1] == "ok" and not beta_zero:
            stats["jp_checked"] += 1
            jp = run_program(jp_main, argv)
            if jp != expected:
                mismatches.append((number, argv, "jp", expected, jp))
        elif expected[1] != "ok":
            stats["errant_failed"] += 1
    print(f"\nerrant live differential: {stats}")
    assert stats["cases"] >= 2000
    assert not mismatches, "\n".join(repr(m) for m in mismatches[:5])
