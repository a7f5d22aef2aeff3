"""Annotating batches of units (jp_errant_parallel's groups, jp_errant_m2's sentences) with
one analyser call per batch, in this process or in the worker processes of
:mod:`jp_shims.parallel` (which cuts the input into batches, shards it and orders the output).

Everything here is picklable: a worker receives the recipe of its context
(:func:`context_maker`) and builds its own analyser once.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable, Optional, Sequence, TypeVar, Union

from jp_errant.m2_records import Sentence, format_sentence
from .alignment import AlignmentTooLarge
from .annotator import Annotator, classifier_for
from .backend import Backend
from .backends import check_backend, make_backend
from .pairing import Group
from .pipeline import lines_to_parse as group_lines, sentences_of_group
from .reannotate import Reannotation, lines_to_parse as sentence_lines, reannotate
from .tokens import Token


@dataclass(frozen=True)
class Context:
    backend: Backend
    annotator: Annotator


@dataclass(frozen=True)
class TooLarge:
    """A unit refused by the alignment size limit (the message of ``AlignmentTooLarge``):
    returned, not raised, so that the error is reported at its unit, in input order."""

    message: str


Outcome = Union[str, TooLarge]  # a unit's M2 text, or why it was refused
Unit = TypeVar("Unit")  # what a batch holds: groups (jp_errant_parallel) or sentences (jp_errant_m2)


@dataclass(frozen=True)
class AnnotatorRecipe:
    """What builds an :class:`Annotator` (picklable, unlike its loaded word list)."""

    lang: str
    labels: str
    lev: bool
    merge: str
    max_cells: Optional[int]

    def build(self) -> Annotator:
        return Annotator(classifier_for(self.lang, self.labels), self.lev, self.merge,
                         max_cells=self.max_cells)


def local_context(recipe: AnnotatorRecipe, backend: str, lang: str, tokenize: bool, model_dir: Optional[str],
                  jobs: int, analyser: Optional[Backend] = None) -> Optional[Context]:
    """The context of an in-process run (``jobs`` 1, or an ``analyser`` object given), its
    analyser loaded now so that its errors come before any output; None when worker
    processes build their own (then only checked here: the options are valid and the
    backend can be built)."""
    if jobs == 1 or analyser is not None:
        return Context(analyser or make_backend(backend, lang, tokenize, model_dir), recipe.build())
    recipe.build()
    check_backend(backend, lang, model_dir)
    return None


def context_maker(recipe: AnnotatorRecipe, backend: str, lang: str, tokenize: bool,
                  model_dir: Optional[str]) -> Callable[[], Context]:
    """A picklable function building a worker's context (its own analyser)."""
    return functools.partial(_build_context, recipe, backend, lang, tokenize, model_dir)


def _build_context(recipe: AnnotatorRecipe, backend: str, lang: str, tokenize: bool,
                   model_dir: Optional[str]) -> Context:
    return Context(make_backend(backend, lang, tokenize, model_dir), recipe.build())


class ParsedLines:
    """A backend answering from the analyses of one batch, made in one call of ``backend``."""

    def __init__(self, backend: Backend, lines: Sequence[str]) -> None:
        self.backend = backend
        unique = list(dict.fromkeys(lines))
        self.known = dict(zip(unique, backend.parse(unique))) if unique else {}

    def parse(self, lines: Sequence[str]) -> list[tuple[Token, ...]]:
        missing = [line for line in lines if line not in self.known]
        if missing:  # not announced: analysed now (the annotation asked for something else)
            self.known.update(zip(missing, self.backend.parse(missing)))
        return [self.known[line] for line in lines]


def annotate_groups(context: Context, groups: list[Group], legacy: bool,
                    tokenize: bool) -> list[Outcome]:
    """jp_errant_parallel's M2 text of every group of a batch."""
    def lines(group: Group) -> list[str]:
        return group_lines(group, context.annotator, legacy, tokenize)

    def annotate(group: Group, backend: Backend) -> str:
        return "".join(format_sentence(sentence) for sentence in
                       sentences_of_group(group, backend, context.annotator, legacy, tokenize))

    return _annotate_batch(context, groups, lines, annotate)


def reannotate_sentences(context: Context, sentences: list[Sentence],
                         options: Reannotation) -> list[Outcome]:
    """jp_errant_m2's M2 text of every sentence of a batch."""
    def lines(sentence: Sentence) -> list[str]:
        return sentence_lines(sentence, context.annotator, options)

    def annotate(sentence: Sentence, backend: Backend) -> str:
        return format_sentence(reannotate(sentence, backend, context.annotator, options))

    return _annotate_batch(context, sentences, lines, annotate)


def _annotate_batch(context: Context, units: list[Unit], lines: Callable[[Unit], list[str]],
                    annotate: Callable[[Unit, Backend], str]) -> list[Outcome]:
    wanted: list[str] = []
    refused: Optional[TooLarge] = None
    for number, unit in enumerate(units):
        try:
            wanted.extend(lines(unit))
        except AlignmentTooLarge as error:
            # The run stops at this unit: the units after it are not analysed.
            refused, units = TooLarge(str(error)), units[:number]
            break
    backend = ParsedLines(context.backend, wanted)
    done: list[Outcome] = [annotate(unit, backend) for unit in units]
    return done + [refused] if refused is not None else done
