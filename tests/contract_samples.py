"""Inputs of the contract test, one entry per registered tool (tests/test_contract.py).

Each :class:`Sample` gives, in the tool's own formats: a gold file of three units, a system
file that lines up with it, the same system without its middle unit, a file of another
format, and how to read recall from the tool's JSON scores. A tool registered in
``jp_shims.registry`` without an entry here fails the contract test.
"""
from __future__ import annotations

from typing import Callable, Dict, NamedTuple, Optional, Sequence


class Sample(NamedTuple):
    gold: str
    system: str
    dropped: str  # ``system`` without its middle unit
    wrong_format: Optional[str]  # a file of another format (None: the tool reads any text)
    recall: Callable[[dict], float]  # recall (or its analogue) from the JSON ``scores``
    options: Sequence[str] = ()  # the tool's own options the runs need


PLAIN = "The cat sat on the mat .\nIt was a sunny day .\nEveryone went home early .\n"
PLAIN_DROPPED = "The cat sat on the mat .\nEveryone went home early .\n"


def _conllu_sentence(forms: Sequence[str]) -> str:
    # The first word is the root, every other word depends on it (DEPS as HEAD:DEPREL, so
    # that jp_udeval reads the enhanced graph as well).
    rows = []
    for number, form in enumerate(forms, 1):
        head, relation = (0, "root") if number == 1 else (1, "dep")
        rows.append(f"{number}\t{form}\t{form.lower()}\tX\t_\t_\t{head}\t{relation}\t{head}:{relation}\t_\n")
    return "".join(rows) + "\n"


CONLLU_SENTENCES = [_conllu_sentence(line.split()) for line in PLAIN.splitlines()]
CONLLU = "".join(CONLLU_SENTENCES)
CONLLU_DROPPED = CONLLU_SENTENCES[0] + CONLLU_SENTENCES[2]
TREES = "(S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .))\n"


def _las_recall(scores: dict) -> float:
    return scores["LAS"]["recall"]


SAMPLES: Dict[str, Sample] = {
    "jp_preprocess_eval": Sample(
        gold=PLAIN, system=PLAIN, dropped=PLAIN_DROPPED,
        wrong_format=None,  # plain text: any text is a segmentation
        recall=lambda scores: scores["sentences"]["recall"]),
    "jp_conll18_ud_eval": Sample(
        gold=CONLLU, system=CONLLU, dropped=CONLLU_DROPPED, wrong_format=TREES, recall=_las_recall),
    "jp_udeval": Sample(
        gold=CONLLU, system=CONLLU, dropped=CONLLU_DROPPED,
        wrong_format="S The cat sat on the mat .\nA 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n\n",  # M2
        recall=_las_recall),
}
