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

SAMPLES: Dict[str, Sample] = {
    "jp_preprocess_eval": Sample(
        gold=PLAIN, system=PLAIN, dropped=PLAIN_DROPPED,
        wrong_format=None,  # plain text: any text is a segmentation
        recall=lambda scores: scores["sentences"]["recall"]),
}
