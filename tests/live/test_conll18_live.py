"""Differential test against the copy of the CoNLL 2018 evaluator that stanza installs.

Older stanza releases ship it as ``stanza.utils.conll18_ud_eval``; recent ones import it from
the ``udtools`` package (``udtools.udeval``, the IWPT 2020 derivative with the same basic
metrics). Whichever is importable is compared with jp_conll18's legacy mode on every
lined-up vector and on random re-segmentations; the test is skipped when neither is.

Only the known crashes of the reference are skipped: udtools' ``load_conllu`` raises
IndexError on the system files of the re-segmentation vectors listed in ``REFERENCE_CRASHES``
(it resolves the DEPS column's heads against words of the wrong sentence). Any other
exception of the reference fails the test.
"""
from __future__ import annotations

import importlib
import random
from pathlib import Path

import pytest

from jp_conll18.evaluation import evaluate_files


def _reference():
    for name in ("stanza.utils.conll18_ud_eval", "udtools.udeval"):
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    return None


REFERENCE = _reference()
pytestmark = pytest.mark.skipif(REFERENCE is None, reason="stanza's conll18_ud_eval copy is not importable")

VECTORS = Path(__file__).resolve().parents[2] / "compat_tests" / "vectors" / "conll18_ud_eval"
BASIC = ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags", "Lemmas", "UAS", "LAS",
         "CLAS", "MLAS", "BLEX")


def _counts(scores):
    return {m: (scores[m].correct, scores[m].gold_total, scores[m].system_total, scores[m].aligned_total)
            for m in BASIC}


# Vectors whose system file makes udtools' load_conllu raise IndexError (its DEPS handling
# indexes words from the start of the wrong sentence once sentences are re-segmented).
REFERENCE_CRASHES = frozenset({
    "mix-pud-0-v", "retok-merge-pud-1-c", "sent-split-ewt-0",
    "tri-mix-pud", "tri-mix-pud-c", "tri-mix-pud-v",
    "tri-retok-both-pud", "tri-retok-both-pud-c", "tri-retok-both-pud-v",
})
CRASH_REASON = "udtools' load_conllu raises IndexError on this re-segmented system file (known reference bug)"


def _load_reference(path: str, case: str | None):
    """The reference's representation of PATH; a known crash of CASE skips the test."""
    if case not in REFERENCE_CRASHES:
        return REFERENCE.load_conllu_file(path)  # any exception fails the test
    try:
        return REFERENCE.load_conllu_file(path)
    except IndexError:
        pytest.skip(CRASH_REASON)


def _compare(gold: str, system: str, case: str | None = None) -> None:
    expected = REFERENCE.evaluate(_load_reference(gold, case), _load_reference(system, case))
    assert _counts(evaluate_files(gold, system, legacy=True)) == _counts(expected)


CASES = sorted(f for f in VECTORS.iterdir()
               if (f / "gold.conllu").exists() and not f.name.startswith(("edge", "charmismatch", "jp-restore")))


@pytest.mark.parametrize("folder", CASES, ids=lambda f: f.name)
def test_vectors_agree_with_stanzas_evaluator(folder):
    _compare(str(folder / "gold.conllu"), str(folder / "system.conllu"), folder.name)


def _row(i, form, head, deprel):
    return f"{i}\t{form}\t{form.lower()}\tX\t_\t_\t{head}\t{deprel}\t_\t_\n"


def _random_doc(words, rng) -> str:
    out, i = [], 0
    while i < len(words):
        n = rng.randint(1, len(words) - i)
        sentence, i = words[i:i + n], i + n
        lines, k, wid = [], 0, 1
        while k < len(sentence):
            head = 0 if wid == 1 else rng.randint(1, wid - 1)
            deprel = "root" if wid == 1 else rng.choice(["nsubj", "det", "case", "punct", "obj"])
            if k + 1 < len(sentence) and rng.random() < 0.25:
                lines.append(f"{wid}-{wid + 1}\t{sentence[k]}{sentence[k + 1]}\t_\t_\t_\t_\t_\t_\t_\t_\n")
                lines.append(_row(wid, sentence[k], head, deprel))
                lines.append(_row(wid + 1, rng.choice([sentence[k + 1], sentence[k + 1].upper()]), 1, "det"))
                wid, k = wid + 2, k + 2
            elif k + 1 < len(sentence) and rng.random() < 0.25:
                lines.append(_row(wid, sentence[k] + sentence[k + 1], head, deprel))
                wid, k = wid + 1, k + 2
            else:
                lines.append(_row(wid, sentence[k], head, deprel))
                wid, k = wid + 1, k + 1
        out.append("".join(lines) + "\n")
    return "".join(out)


@pytest.mark.parametrize("seed", range(40))
def test_random_resegmentations_agree(tmp_path, seed):
    rng = random.Random(seed)
    words = [rng.choice(["a", "bb", "c", "dd", "e", "ff"]) for _ in range(rng.randint(1, 60))]
    gold, system = tmp_path / "g.conllu", tmp_path / "s.conllu"
    gold.write_text(_random_doc(words, rng), encoding="utf-8")
    system.write_text(_random_doc(words, rng), encoding="utf-8")
    _compare(str(gold), str(system))
