"""The unit both readers produce and the evaluation consumes."""
from __future__ import annotations

from typing import NamedTuple


class Sentence(NamedTuple):
    """Token strings of one sentence and the line of the input file where it starts."""

    tokens: tuple[str, ...]
    line: int
