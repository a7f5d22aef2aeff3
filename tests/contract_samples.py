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

TREES = ("(S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .))\n"
         "(S (NP (PRP It)) (VP (VBD was) (NP (DT a) (JJ sunny) (NN day))) (. .))\n"
         "(S (NP (NN Everyone)) (VP (VBD went) (ADVP (RB home) (RB early))) (. .))\n")
TREES_DROPPED = "".join(TREES.splitlines(keepends=True)[0::2])
M2 = "S The cat sat on the mat .\nA 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n\n"


def evalb_recall(scores: dict) -> float:
    return scores["summary"]["all"]["recall"]


SAMPLES: Dict[str, Sample] = {
    "jp_preprocess_eval": Sample(
        gold=PLAIN, system=PLAIN, dropped=PLAIN_DROPPED,
        wrong_format=None,  # plain text: any text is a segmentation
        recall=lambda scores: scores["sentences"]["recall"]),
    # evalb's parameter files: the shipped sets, found by name (jp_evalb.params.BUILTIN_NAMES)
    "jp_evalb": Sample(gold=TREES, system=TREES, dropped=TREES_DROPPED, wrong_format=M2,
                       recall=evalb_recall, options=("-p", "COLLINS")),
    "jp_evalb_spmrl": Sample(gold=TREES, system=TREES, dropped=TREES_DROPPED, wrong_format=M2,
                             recall=evalb_recall, options=("-p", "spmrl")),
}
