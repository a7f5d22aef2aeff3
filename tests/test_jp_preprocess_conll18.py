"""Cross-check: when characters agree, jp_preprocess_eval's TP/FP/FN for tokens and sentences
equal the counts jp_conll18_ud_eval -c prints (the JP paper's Tables 1 and 2 agree the same way).

Systems are UD test sets perturbed deterministically: tokens glued to their neighbour or split,
sentences merged with the next or split, keeping every character.
"""
from __future__ import annotations

import json
import random
import unicodedata

import pytest

from jp_conll18.cli import main as conll18_main
from jp_preprocess.cli import main as preprocess_main
from jp_preprocess.conllu import iter_conllu_sentences
from jp_shims.inputs import InputFile
from tests.datafiles import data_path

UD_FILES = [
    ("UD_English-EWT", "en_ewt-ud-test.conllu"),
    ("UD_French-GSD", "fr_gsd-ud-test.conllu"),
    ("UD_German-GSD", "de_gsd-ud-test.conllu"),  # PTB quotes `` '' that the perturbation splits
    ("UD_Japanese-GSD", "ja_gsd-ud-test.conllu"),
]


def _splittable(token: str, at: int) -> bool:
    return unicodedata.combining(token[at]) == 0


def perturb(sentences: list, mode: str, seed: int = 7) -> list:
    """Re-tokenize ("tokens"), re-segment ("sentences") or both, keeping the characters."""
    rng = random.Random(seed)
    result = []
    for tokens in sentences:
        tokens = list(tokens)
        if mode in ("tokens", "both"):
            changed: list = []
            for token in tokens:
                roll = rng.random()
                if roll < 0.08 and changed:
                    changed[-1] += token
                elif roll < 0.16 and len(token) > 1 and _splittable(token, len(token) // 2):
                    changed += [token[:len(token) // 2], token[len(token) // 2:]]
                else:
                    changed.append(token)
            tokens = changed
        if mode in ("sentences", "both"):
            roll = rng.random()
            if roll < 0.1 and result:
                result[-1] = result[-1] + tokens
                continue
            if roll < 0.2 and len(tokens) > 1:
                cut = rng.randrange(1, len(tokens))
                result += [tokens[:cut], tokens[cut:]]
                continue
        result.append(tokens)
    return result


def write_conllu(path, sentences) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for tokens in sentences:
            for number, form in enumerate(tokens, start=1):
                head, deprel = (0, "root") if number == 1 else (1, "dep")
                out.write(f"{number}\t{form}\t_\t_\t_\t_\t{head}\t{deprel}\t_\t_\n")
            out.write("\n")


def conll18_counts(capsys, gold: str, system: str) -> dict:
    assert conll18_main(["-c", gold, system]) == 0
    rows = {}
    for line in capsys.readouterr().out.splitlines():
        cells = [cell.strip() for cell in line.split("|")]
        if cells[0] in ("Tokens", "Sentences"):
            correct, gold_total, system_total = map(int, cells[1:4])
            rows[cells[0].lower()] = (correct, system_total - correct, gold_total - correct)
    return rows


def preprocess_counts(capsys, gold: str, system: str, *options: str) -> dict:
    assert preprocess_main([gold, system, "--json", *options]) == 0
    data = json.loads(capsys.readouterr().out)["scores"]
    return {unit: (data[unit]["tp"], data[unit]["fp"], data[unit]["fn"]) for unit in ("tokens", "sentences")}


@pytest.mark.parametrize("mode", ["tokens", "sentences", "both"])
@pytest.mark.parametrize("folder,name", UD_FILES)
def test_counts_equal_conll18_counts(capsys, tmp_path, folder, name, mode):
    gold = str(data_path("ud", folder, name))
    sentences = [s.tokens for s in iter_conllu_sentences(InputFile(gold, gold))]
    perturbed = perturb(sentences, mode)
    assert perturbed != [list(s) for s in sentences]
    system = tmp_path / "system.conllu"
    write_conllu(system, perturbed)
    expected = conll18_counts(capsys, gold, str(system))
    assert expected["tokens"][1] > 0 or expected["sentences"][1] > 0  # the perturbation shows
    assert preprocess_counts(capsys, gold, str(system)) == expected
    # The same system as plain text gives the same counts.
    text = tmp_path / "system.txt"
    text.write_text("".join(" ".join(tokens) + "\n" for tokens in perturbed), encoding="utf-8")
    assert preprocess_counts(capsys, gold, str(text)) == expected
