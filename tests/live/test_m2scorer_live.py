"""Differential test: the real m2scorer (release 3.2, Python 2.7) against jp_m2scorer --legacy.

m2scorer is GPL and not shipped here: set ``JP_SHIMS_M2SCORER`` to its ``scripts/m2scorer.py``
and, unless ``python2.7`` is on PATH, ``PYTHON2`` to a Python 2.7 interpreter (pyenv:
``$(pyenv root)/versions/2.7.18/bin/python``). Skipped, with the reason, otherwise.

Random M2 documents come from a seeded generator (own words; several annotators, noops,
alternatives, insertions at the sentence start, empty corrections, out-of-range edits) with a
system output made by applying some gold edits and injecting other changes; each case runs
with a random option set, both programs in the same folder, and stdout and the exit code must
be equal (also JP mode's stdout, the inputs being lined up).

The second family (``test_fuzz_family_same_output_as_m2scorer``) follows the differential
run of issue 22: every option (``--beta nan``/``inf``, ``--very_verbose``, abbreviated and
``=`` forms), duplicate gold edits, repeated words and leading insertions (co-optimal
paths), multi-S blocks, non-ASCII words, empty lines; ``JP_SHIMS_M2SCORER_FUZZ_CASES``
sets how many (default 60).
"""
from __future__ import annotations

import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

ORIGINAL = os.environ.get("JP_SHIMS_M2SCORER")
if ORIGINAL and Path(ORIGINAL).is_dir():     # the m2scorer tree itself
    ORIGINAL = str(Path(ORIGINAL) / "scripts" / "m2scorer.py")
PYTHON2 = os.environ.get("PYTHON2") or shutil.which("python2.7")

if not ORIGINAL or not Path(ORIGINAL).exists():
    pytest.skip("JP_SHIMS_M2SCORER does not name m2scorer's tree or its scripts/m2scorer.py",
                allow_module_level=True)
if not PYTHON2:
    pytest.skip("no Python 2.7 interpreter (set PYTHON2 or put python2.7 on PATH)", allow_module_level=True)

CASES = int(os.environ.get("JP_SHIMS_M2SCORER_CASES", "60"))
SEED = 20261123
WORDS = ["the", "a", "cat", "cats", "is", "are", "go", "goes", "to", "school", ".", ",", "n't",
         "do", "very", "much", "I", "like", "it", "caf\u00e9", "'s", '"', "big", "old", "dog"]
TYPES = ["ArtOrDet", "SVA", "Nn", "Prep", "Wci", "Mec", "Vform"]


def _document(rng: random.Random) -> tuple[str, str]:
    blocks, lines = [], []
    for _ in range(rng.randint(1, 8)):
        source = [rng.choice(WORDS) for _ in range(rng.randint(0, 12))]
        annotators = rng.sample(range(0, 12), rng.randint(1, 3))
        block = ["S " + " ".join(source)]
        applied = []
        for annotator in annotators:
            if rng.random() < 0.15:
                block.append(f"A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||{annotator}")
                continue
            position = 0
            for _ in range(rng.randint(0, 4)):
                # now and then one past the last token (an out-of-range edit, dropped by both);
                # an earlier edit may already end there
                start = rng.randint(position, max(position, len(source) + (1 if rng.random() < 0.05 else 0)))
                end = min(len(source) + 1, start + rng.choice([0, 0, 1, 1, 1, 2]))
                correction = rng.choice(["-NONE-", "", *WORDS, "to the", "a very||the"])
                block.append(f"A {start} {end}|||{rng.choice(TYPES)}|||{correction}|||REQUIRED|||-NONE-|||{annotator}")
                if annotator == annotators[0] and end <= len(source) and start >= position:
                    applied.append((start, end, "" if correction == "-NONE-" else correction.split("||")[0]))
                position = max(position, end)
        hypothesis = list(source)
        for start, end, correction in sorted(applied, reverse=True):
            if rng.random() < 0.8:
                hypothesis[start:end] = correction.split()
        for _ in range(rng.randint(0, 2)):
            spot = rng.randint(0, len(hypothesis))
            hypothesis[spot:spot + rng.randint(0, 1)] = [rng.choice(WORDS)] * rng.randint(0, 2)
        blocks.append("\n".join(block))
        lines.append(" ".join(hypothesis))
    return "\n\n".join(blocks) + "\n", "\n".join(lines) + "\n"


def _options(rng: random.Random) -> list[str]:
    options = []
    if rng.random() < 0.4:
        options.append("-v")
    if rng.random() < 0.4:
        options += ["--beta", rng.choice(["1", "0.25", "2", "1e-1"])]
    if rng.random() < 0.4:
        options += ["--max_unchanged_words", rng.choice(["0", "1", "3", "-1"])]
    if rng.random() < 0.3:
        options.append("--ignore_whitespace_casing")
    return options


def _same_output(folder: Path, gold: str, system: str, options: list[str], label: str) -> None:
    """m2scorer and ``jp_m2scorer --legacy`` in ``folder`` on the same files and options: the
    same stdout and exit code; JP mode's stdout too where m2scorer exited 0 (the inputs line up)."""
    (folder / "gold.m2").write_text(gold, encoding="utf-8")
    (folder / "system.txt").write_text(system, encoding="utf-8")
    args = [*options, "system.txt", "gold.m2"]
    env = dict(os.environ, LC_ALL="C.UTF-8")
    original = subprocess.run([PYTHON2, ORIGINAL, *args], cwd=folder, capture_output=True, env=env, timeout=600)
    ours = subprocess.run(["jp_m2scorer", "--legacy", *args], cwd=folder, capture_output=True, env=env, timeout=600)
    assert ours.stdout == original.stdout, f"{label}: {args}\n{gold}\n{system}"
    assert ours.returncode == original.returncode, label
    if original.returncode == 0:
        jp = subprocess.run(["jp_m2scorer", *args], cwd=folder, capture_output=True, env=env, timeout=600)
        assert jp.stdout == original.stdout, f"{label} (JP mode): {args}"


@pytest.mark.parametrize("number", range(CASES))
def test_same_output_as_m2scorer(tmp_path: Path, number: int) -> None:
    rng = random.Random(SEED + number)
    gold, system = _document(rng)
    _same_output(tmp_path, gold, system, _options(rng), f"case {number}")


FUZZ_CASES = int(os.environ.get("JP_SHIMS_M2SCORER_FUZZ_CASES", "60"))
FUZZ_SEED = 20261126
FUZZ_WORDS = WORDS + ["na\u00efve", "\u201c", "\u2014", "x'y\"z", "``", "''", "-", "?", "with", "often", "she",
                      "works", "quite", "always", "\u0661\u0662", "\U0001f600"]


def _fuzz_document(rng: random.Random) -> tuple[str, str]:
    """Gold and a lined-up system output of the issue-22 families."""
    blocks, lines = [], []
    for _ in range(rng.randint(1, 6)):
        sentences = [[rng.choice(FUZZ_WORDS) for _ in range(rng.randint(0, 9))]
                     for _ in range(2 if rng.random() < 0.1 else 1)]
        tokens = [token for sentence in sentences for token in sentence]
        annotators = rng.sample(range(0, 20), rng.randint(1, 3))
        block = ["S " + " ".join(sentence) for sentence in sentences]
        for annotator in annotators:
            for _ in range(rng.randint(0, 3)):
                start = rng.randint(0, len(tokens))
                end = min(len(tokens), start + rng.choice([0, 0, 1, 2]))
                correction = rng.choice(["-NONE-", *FUZZ_WORDS, "the a"])
                types = [rng.choice(TYPES)] + (["R:OTHER"] if rng.random() < 0.15 else [])
                for kind in types:      # sometimes the same edit twice (another type)
                    block.append(f"A {start} {end}|||{kind}|||{correction}|||REQUIRED|||-NONE-|||{annotator}")
        blocks.append("\n".join(block))
        for sentence in sentences:
            hypothesis = list(sentence)
            for _ in range(rng.randint(0, 4)):
                spot = rng.randint(0, len(hypothesis))
                choice = rng.random()
                if choice < 0.4:
                    hypothesis[spot:spot] = [rng.choice(FUZZ_WORDS) for _ in range(rng.randint(1, 3))]
                elif choice < 0.6 and hypothesis:
                    del hypothesis[min(spot, len(hypothesis) - 1)]
                elif hypothesis:
                    hypothesis[min(spot, len(hypothesis) - 1)] = rng.choice(FUZZ_WORDS)
            lines.append(" ".join(hypothesis))
    return "\n\n".join(blocks) + "\n", "\n".join(lines) + "\n"


def _fuzz_options(rng: random.Random) -> list[str]:
    options = []
    if rng.random() < 0.3:
        options.append(rng.choice(["-v", "--verbose", "--verb"]))
    if rng.random() < 0.15:
        options.append(rng.choice(["--very_verbose", "--very"]))
    if rng.random() < 0.4:
        beta = rng.choice(["1", "2", "0.5", "0", "-1", "nan", "inf"])
        options += [f"--beta={beta}"] if rng.random() < 0.5 else ["--beta", beta]
    if rng.random() < 0.3:
        options += ["--max_unchanged_words", rng.choice(["0", "1", "2", "3", "-1"])]
    if rng.random() < 0.3:
        options.append(rng.choice(["--ignore_whitespace_casing", "--ign"]))
    return options


@pytest.mark.parametrize("number", range(FUZZ_CASES))
def test_fuzz_family_same_output_as_m2scorer(tmp_path: Path, number: int) -> None:
    rng = random.Random(FUZZ_SEED + number)
    gold, system = _fuzz_document(rng)
    _same_output(tmp_path, gold, system, _fuzz_options(rng), f"fuzz case {number}")
