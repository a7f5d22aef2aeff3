"""Import-compatible replacement of the current UD scorer's module (``udtools.udeval``, UD tools
``eval.py``: CoNLL 2017/2018 and IWPT 2020/2021).

Change ``from udtools.udeval import load_conllu_file, evaluate, build_evaluation_table`` into
``from jp_conll18.udeval import ...`` and existing code keeps working: same names, signatures,
return values and messages. ``evaluate`` runs JP mode by default (files whose characters
disagree are aligned and reconciled instead of raising ``UDError``);
``evaluate(gold_ud, system_ud, legacy=True)`` is the original exactly.

It is the conll18 drop-in's reader, alignment and scoring with the current scorer's options
(``reader_options.ReaderOptions(udeval=True)``): DEPS resolved to words, ``--enhancements`` filters,
ELAS and EULAS.
"""
from __future__ import annotations

import argparse
from typing import List, Optional, Sequence, TextIO

from .audit import Scores, count_lined_up
from .breakdown import Breakdown, attach
from .enhanced import (CASE_DEPRELS, FILTER_KEYS, UNIVERSAL_DEPREL_EXTENSIONS, enhancement_filters,
                       filters_of_treebank_type, process_enhanced_deps)
from .evaluation import evaluate_representations
from .model import (CONTENT_DEPRELS, DEPREL, DEPS, FEATS, FORM, FUNCTIONAL_DEPRELS, HEAD, ID, LEMMA,
                    MISC, UNIVERSAL_FEATURES, UPOS, XPOS, Score, UDError, UDRepresentation, UDSpan,
                    UDWord)
from .reader import iter_sentences_from_file
from .reader_options import ReaderOptions
from .sentences import iter_sentences
from .report import build_evaluation_table as _build_table
from .udeval_cli import main as _cli_main

__all__ = [
    "ID", "FORM", "LEMMA", "UPOS", "XPOS", "FEATS", "HEAD", "DEPREL", "DEPS", "MISC",
    "CONTENT_DEPRELS", "FUNCTIONAL_DEPRELS", "UNIVERSAL_FEATURES", "CASE_DEPRELS",
    "UNIVERSAL_DEPREL_EXTENSIONS",
    "UDError", "UDRepresentation", "UDSpan", "UDWord", "Score",
    "load_conllu", "load_conllu_file", "evaluate", "evaluate_wrapper", "build_evaluation_table",
    "process_enhanced_deps", "main",
]


def _options(treebank_type: Optional[dict]) -> ReaderOptions:
    treebank_type = treebank_type or {}
    return ReaderOptions(udeval=True, filters=filters_of_treebank_type(treebank_type),
                         no_empty_nodes=bool(treebank_type.get("no_empty_nodes")),
                         multiple_roots_okay=bool(treebank_type.get("multiple_roots_okay")))


def load_conllu(file: TextIO, path: Optional[str] = None, treebank_type: Optional[dict] = None) -> UDRepresentation:
    """Read an open CoNLL-U text file completely, as the original does. ``path`` names the
    file in messages; ``treebank_type`` (keys ``no_gapping``,
    ``no_shared_parents_in_coordination``, ``no_shared_dependents_in_coordination``,
    ``no_control``, ``no_external_arguments_of_relative_clauses``, ``no_case_info``,
    ``no_empty_nodes``, ``multiple_roots_okay``) the enhancement filters and checks."""
    lines = file if hasattr(file, "__iter__") else iter(file.readline, "")
    if path is None:
        path = getattr(file, "name", None)
    sentences = iter_sentences(lines, path, legacy=True, options=_options(treebank_type))
    return UDRepresentation(list(sentences), path)


def load_conllu_file(path: str, treebank_type: Optional[dict] = None) -> UDRepresentation:
    """Read the CoNLL-U file at ``path`` (see ``load_conllu``)."""
    sentences = iter_sentences_from_file(path, legacy=True, options=_options(treebank_type))
    return UDRepresentation(list(sentences), path)


def evaluate(gold_ud: UDRepresentation, system_ud: UDRepresentation, *, legacy: bool = False,
             lang: str = "en", breakdown: Sequence[str] = (), confusion: Sequence[str] = ()) -> dict:
    """Scores of a loaded system file against a loaded gold file: metric name -> ``Score``
    (conll18's thirteen metrics with ``ELAS`` and ``EULAS`` after ``LAS``, as the original).

    ``legacy=True`` raises the original's ``UDError`` when the characters differ; by default
    (JP mode) the system's characters are reconciled with the gold's first. The arguments are
    not modified. As for ``jp_conll18.conll18_ud_eval.evaluate``, JP mode's result carries
    ``alignment`` (a :class:`jp_shims.Summary`) and a :class:`jp_shims.JPAlignmentWarning` is
    issued when a block was reconciled, merged or left unaligned; ``breakdown`` and
    ``confusion`` fill the result's ``breakdowns`` and ``confusions`` as there.
    """
    collector = Breakdown(breakdown, confusion) if breakdown or confusion else None
    if legacy:
        scores = Scores(evaluate_representations(gold_ud, system_ud, legacy=True, lang=lang, udeval=True,
                                                 breakdown=collector))
        return attach(scores, collector)
    from jp_shims.audit import AlignmentAudit
    from jp_shims.pyapi import warn_alignment

    from .reconcile import ReconcileLog

    audit = AlignmentAudit("gold", "system")
    scores = Scores(evaluate_representations(gold_ud, system_ud, lang=lang, log=ReconcileLog(audit=audit),
                                             udeval=True, breakdown=collector))
    count_lined_up(audit, scores)
    scores.alignment = audit.summary
    warn_alignment(scores.alignment, "jp_conll18.udeval evaluate", stacklevel=2)
    return attach(scores, collector)


def evaluate_wrapper(args: argparse.Namespace) -> dict:
    """Load ``args.gold_file`` and ``args.system_file`` with ``args.enhancements``,
    ``args.no_empty_nodes`` and ``args.multiple_roots_okay`` and evaluate them (honours an
    optional ``args.legacy``)."""
    filters = enhancement_filters(str(getattr(args, "enhancements", "0")))
    treebank_type = {key: number in filters for key, number in FILTER_KEYS.items()}
    treebank_type["no_empty_nodes"] = bool(getattr(args, "no_empty_nodes", False))
    treebank_type["multiple_roots_okay"] = bool(getattr(args, "multiple_roots_okay", False))
    gold_ud = load_conllu_file(args.gold_file, treebank_type)
    system_ud = load_conllu_file(args.system_file, treebank_type)
    return evaluate(gold_ud, system_ud, legacy=bool(getattr(args, "legacy", False)))


def build_evaluation_table(evaluation: dict, verbose: bool = True, counts: bool = False,
                           enhanced: bool = False) -> str:
    """The report the command line prints, without its final newline."""
    return _build_table(evaluation, verbose, counts, enhanced)


def main(argv: Optional[List[str]] = None) -> int:
    """The command line (``jp_udeval``); ``--legacy`` for the original's."""
    return _cli_main(argv)


if __name__ == "__main__":
    raise SystemExit(main())
