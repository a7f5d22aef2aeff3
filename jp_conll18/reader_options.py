"""What the CoNLL-U reader is asked to read, and how it words what it rejects.

:class:`ReaderOptions` selects the original whose reading is reproduced (conll18_ud_eval.py
1.2 by default, :data:`CONLL18`; or the current UD scorer's, ``udeval=True``) and the
original's recursion limit of legacy mode. :class:`Messages` are the originals' error
texts; :func:`shorten` is how JP mode quotes input in them (legacy mode quotes it whole).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import FrozenSet, Optional

TEN_COLUMNS = "The CoNLL-U line does not contain 10 tab-separated columns: '{}'"
# What JP mode quotes of an offending line or field: enough to find it, never megabytes.
QUOTE_LIMIT = 80


def unshortened(text: str) -> str:
    """TEXT as the original quotes it: whole (legacy mode)."""
    return text


def shorten(text: str) -> str:
    """TEXT cut to its first ``QUOTE_LIMIT`` characters (``...`` marks the cut): how JP mode
    quotes input in an error message."""
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "..."


def mark(error: BaseException, **facts: object) -> None:
    """Attach ``facts`` (``path``, ``line``, ``jp_message``, ...) to an exception the original
    raises as it is (a plain ``ValueError`` of the input): the reader keeps the original's
    exception and JP mode reads the facts back with ``getattr``/``hasattr`` to name the place."""
    for name, value in facts.items():
        setattr(error, name, value)


@dataclass(frozen=True)
class ReaderOptions:
    """What to read besides conll18 v1.2's columns. The default is conll18 v1.2 exactly.

    ``udeval``: the current UD scorer (UD tools ``eval.py`` / pip ``udeval``): line numbers in
    its messages, its multi-word-token and empty-sentence rules, and the DEPS column parsed,
    resolved and filtered (``enhanced.py``). ``filters``: its ``--enhancements``;
    ``no_empty_nodes``: empty nodes are errors; ``multiple_roots_okay``: several HEAD=0 words
    allowed. ``recursion_limit``: raise RecursionError where the original's recursive head
    walk would exceed it (legacy mode only; JP mode never does).
    """

    udeval: bool = False
    filters: FrozenSet[int] = frozenset()
    no_empty_nodes: bool = False
    multiple_roots_okay: bool = False
    recursion_limit: Optional[int] = None


CONLL18 = ReaderOptions()
# Python frames above the originals' recursive ``process_word`` when they run as scripts
# (<module>, main, evaluate_wrapper, load_conllu_file, load_conllu): a head chain needing
# ``limit - ORIGINAL_BASE_DEPTH`` nested calls raises RecursionError there.
ORIGINAL_BASE_DEPTH = 5
RECURSION_MESSAGE = "maximum recursion depth exceeded in comparison"


def original_recursion_limit() -> int:
    """Nested head-walk calls the original manages under this interpreter's recursion limit."""
    return sys.getrecursionlimit() - ORIGINAL_BASE_DEPTH


class Messages:
    """The original's error texts: conll18 v1.2's, or the current scorer's with line numbers."""

    def __init__(self, udeval: bool):
        self.udeval = udeval

    def at(self, text: str, line: int) -> str:
        return f"{text} at line {line}" if self.udeval else text

    def ten_columns(self, line_text: str, line: int) -> str:
        if self.udeval:
            return f"The CoNLL-U line does not contain 10 tab-separated columns at line {line}: '{line_text}'"
        return TEN_COLUMNS.format(line_text)

    def outside(self, head: str, line: Optional[int]) -> str:
        text = "HEAD '{}' points outside of the sentence".format(head)
        return f"{text} that ends at line {line}" if self.udeval else text

    def cycle(self, line: Optional[int]) -> str:
        return f"There is a cycle in the sentence that ends at line {line}" if self.udeval \
            else "There is a cycle in a sentence"
