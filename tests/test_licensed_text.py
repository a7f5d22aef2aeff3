"""No text of a licensed corpus in the repository.

Every file under ``JP_SHIMS_DATA`` whose SOURCES.md says it comes from a corpus the project
may not redistribute (PTB, Sejong, NUCLE/CoNLL-14, W&I, JFLEG, GUM, ParTUT, LinES) gives
needles (lines of 40+ characters, trees, sentences: ``tests/licensed_text.py``); no file
tracked by git may contain one. Vectors made from those corpora keep recipes instead
(``compat_tests/materialize.py``).
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.datafiles import ENV_VAR, data_root
from tests.licensed_text import NeedleIndex, licensed_files, needles

REPO = Path(__file__).resolve().parent.parent


def tracked_files() -> list[Path]:
    try:
        result = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        pytest.skip(f"not a git checkout, no list of tracked files ({error})")
    return [REPO / name for name in result.stdout.decode("utf-8").split("\0") if name]


@pytest.fixture(scope="module")
def corpus_needles() -> NeedleIndex:
    root = data_root()
    if root is None:
        pytest.skip(f"{ENV_VAR} is not set: no licensed corpus to compare the repository with")
    files = licensed_files(root)
    if not files:
        pytest.skip(f"no file under {root} is marked licensed by its SOURCES.md")
    return NeedleIndex((needle, str(path.relative_to(root))) for path in files for needle in needles(path))


def test_licensed_files_are_recognised() -> None:
    root = data_root()
    if root is None:
        pytest.skip(f"{ENV_VAR} is not set: no SOURCES.md to read")
    names = {str(path.relative_to(root)) for path in licensed_files(root)}
    expected = {"ptb/23.gold", "gec/conll14.official-2014.combined.m2", "gec/jfleg.test.ref.m2",
                "gec/wi.A.dev.gold.bea19.m2", "korean/BGAA0001.test.gold",
                "ud/UD_English-GUM/en_gum-ud-test.conllu"}
    free = {"ptb/COLLINS.prm", "ptb/sample.gld", "ud/UD_English-EWT/en_ewt-ud-test.conllu",
            "preprocessing/en_ewt-ud-test-gold.txt"}
    present = {name for name in expected | free if (root / name).exists()}
    if not present:
        pytest.skip(f"{root} holds none of the corpus files this test knows")
    assert expected & present <= names
    assert not free & names


def test_needles_find_an_excerpt(corpus_needles: NeedleIndex, tmp_path: Path) -> None:
    root = data_root()
    sample = licensed_files(root)[0]
    line = next(line for line in sample.read_text(encoding="utf-8").splitlines() if len(line) >= 60)
    found = list(corpus_needles.find(f"some text of ours\n{line}\nmore of ours\n"))
    assert found, f"an excerpt of {sample} went unnoticed"
    assert not list(corpus_needles.find("S This sentence is ours and was written for this test .\n"))


def test_no_licensed_text_in_tracked_files(corpus_needles: NeedleIndex) -> None:
    leaks = []
    for path in tracked_files():
        try:
            text = path.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # binary files (the word list is gzip) hold no corpus excerpt
        for needle, origin in corpus_needles.find(text):
            leaks.append(f"{path.relative_to(REPO)}: text of {origin}: {needle[:70]}")
            break
    assert not leaks, f"{len(leaks)} tracked files hold licensed text:\n" + "\n".join(leaks[:30])
