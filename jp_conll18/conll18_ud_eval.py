"""Import-compatible replacement of conll18_ud_eval.py (CoNLL 2018 shared task, version 1.2).

Change ``from conll18_ud_eval import load_conllu_file, evaluate, UDError`` (or ``import
conll18_ud_eval``) into ``from jp_conll18 import conll18_ud_eval`` and existing code keeps
working: same names, signatures, return types and messages. ``evaluate`` runs JP mode by
default (files whose characters disagree are reconciled instead of raising ``UDError``);
``evaluate(gold_ud, system_ud, legacy=True)`` is the original exactly.
"""
from __future__ import annotations

import argparse
from typing import List, Optional, Sequence

from .audit import Scores, count_lined_up
from .breakdown import Breakdown, attach
from .cli import main as _cli_main
from .evaluation import evaluate_representations
from .model import (CONTENT_DEPRELS, DEPREL, DEPS, FEATS, FORM, FUNCTIONAL_DEPRELS, HEAD, ID, LEMMA,
                    MISC, UNIVERSAL_FEATURES, UPOS, XPOS, Score, UDError, UDRepresentation, UDSpan,
                    UDWord)
from .reader import load_conllu, load_conllu_file
from .report import build_evaluation_table as _build_table
from .scoring import align_words as _align_pairs

__all__ = [
    "ID", "FORM", "LEMMA", "UPOS", "XPOS", "FEATS", "HEAD", "DEPREL", "DEPS", "MISC",
    "CONTENT_DEPRELS", "FUNCTIONAL_DEPRELS", "UNIVERSAL_FEATURES",
    "UDError", "UDRepresentation", "UDSpan", "UDWord", "Score",
    "load_conllu", "load_conllu_file", "evaluate", "evaluate_wrapper", "build_evaluation_table", "align_words",
    "Alignment", "AlignmentWord", "main",
]


def evaluate(gold_ud: UDRepresentation, system_ud: UDRepresentation, *, legacy: bool = False,
             lang: str = "en", breakdown: Sequence[str] = (), confusion: Sequence[str] = ()) -> dict:
    """Scores of a loaded system file against a loaded gold file: metric name -> ``Score``
    (``Tokens``, ``Sentences``, ``Words``, ``UPOS``, ``XPOS``, ``UFeats``, ``AllTags``,
    ``Lemmas``, ``UAS``, ``LAS``, ``CLAS``, ``MLAS``, ``BLEX``).

    ``legacy=True`` raises the original's ``UDError`` when the characters differ; by default
    (JP mode) the system's characters are reconciled with the gold's first. The arguments are
    not modified.

    The result is the original's dict; in JP mode its ``alignment`` attribute holds the
    summary of what JP mode changed (a :class:`jp_shims.Summary`: blocks by kind), and a
    :class:`jp_shims.JPAlignmentWarning` is issued when any block was reconciled, merged or
    left unaligned (the figures can then differ from the original's, which raises UDError).

    ``breakdown`` (keys of ``jp_conll18.breakdown.BREAKDOWN_KEYS``) and ``confusion`` (of
    ``CONFUSION_KEYS``): the result's ``breakdowns`` (key -> group -> counts) and
    ``confusions`` (key -> gold value -> system value -> words), computed on the aligned
    words (see docs/jp_conll18.md, "Breakdowns").
    """
    collector = Breakdown(breakdown, confusion) if breakdown or confusion else None
    if legacy:
        scores = Scores(evaluate_representations(gold_ud, system_ud, legacy=True, lang=lang, breakdown=collector))
        return attach(scores, collector)
    from jp_shims.audit import AlignmentAudit
    from jp_shims.pyapi import warn_alignment

    from .reconcile import ReconcileLog

    audit = AlignmentAudit("gold", "system")
    scores = Scores(evaluate_representations(gold_ud, system_ud, lang=lang, log=ReconcileLog(audit=audit),
                                             breakdown=collector))
    count_lined_up(audit, scores)
    scores.alignment = audit.summary
    warn_alignment(scores.alignment, "jp_conll18 evaluate", stacklevel=2)
    return attach(scores, collector)


def evaluate_wrapper(args: argparse.Namespace) -> dict:
    """Load ``args.gold_file`` and ``args.system_file`` and evaluate them (the original's
    helper; honours an optional ``args.legacy``)."""
    gold_ud = load_conllu_file(args.gold_file)
    system_ud = load_conllu_file(args.system_file)
    return evaluate(gold_ud, system_ud, legacy=bool(getattr(args, "legacy", False)))


def build_evaluation_table(evaluation: dict, verbose: bool = False, counts: bool = False) -> str:
    """The report the command line prints for ``evaluation``, without its final newline (the
    function of the later conll2018 script that stanza calls): v1.2's three layouts."""
    return _build_table(evaluation, verbose, counts)


class AlignmentWord:
    """A gold word and the system word aligned to it."""

    def __init__(self, gold_word: UDWord, system_word: UDWord):
        self.gold_word = gold_word
        self.system_word = system_word


class Alignment:
    """The original's word alignment result."""

    def __init__(self, gold_words: list, system_words: list):
        self.gold_words = gold_words
        self.system_words = system_words
        self.matched_words: List[AlignmentWord] = []
        self.matched_words_map: dict = {}

    def append_aligned_words(self, gold_word: UDWord, system_word: UDWord) -> None:
        self.matched_words.append(AlignmentWord(gold_word, system_word))
        self.matched_words_map[system_word] = gold_word


def align_words(gold_words: list, system_words: list) -> Alignment:
    """The original's word alignment (spans, and LCS inside multi-word tokens)."""
    alignment = Alignment(gold_words, system_words)
    pairs, _, _ = _align_pairs(gold_words, system_words)
    for gold_word, system_word in pairs:
        alignment.append_aligned_words(gold_word, system_word)
    return alignment


def main(argv: Optional[List[str]] = None) -> int:
    """The command line (``jp_conll18_ud_eval``); ``--legacy`` for the original's."""
    return _cli_main(argv)


if __name__ == "__main__":
    raise SystemExit(main())
