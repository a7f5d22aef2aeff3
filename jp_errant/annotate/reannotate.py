"""Re-annotating an existing M2 sentence (errant_m2): ``-auto`` re-extracts, ``-gold`` re-types."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Sequence

from jp_errant.m2_records import Edit, Sentence, noop_edit
from .annotator import Annotator
from .backend import Backend
from .edits import EditSpan
from .tokens import Token

DETECTION_TYPES = ("Um", "UNK")  # an error marked but not corrected


@dataclass(frozen=True)
class GoldEdit:
    """A gold edit with its span in the corrected sentence built from all edits of its coder."""

    o_start: int
    o_end: int
    c_start: int
    c_end: int
    type: str
    correction: str


def corrected(tokens: Sequence[str], edits: Sequence[Edit]) -> tuple[list[str], list[GoldEdit]]:
    """Apply one coder's edits (in span order) to the original tokens.

    Detection-only edits (Um, UNK) leave the text unchanged; noop edits change nothing.
    """
    cor = list(tokens)
    gold: list[GoldEdit] = []
    offset = 0
    for edit in sorted((e for e in edits if not e.is_noop), key=lambda e: (e.start, e.end)):
        replacement = edit.correction.split()
        if edit.type in DETECTION_TYPES:
            replacement = list(tokens[edit.start:edit.end])
        c_start = edit.start + offset
        cor[c_start:edit.end + offset] = replacement
        offset += len(replacement) - (edit.end - edit.start)
        gold.append(GoldEdit(edit.start, edit.end, c_start, c_start + len(replacement),
                             edit.type, edit.correction))
    return cor, gold


@dataclass(frozen=True)
class Reannotation:
    auto: bool
    minimise: bool = True
    old_types: bool = False
    legacy: bool = False


class _Coder(NamedTuple):
    coder: int
    cor: list[str]
    gold: list[GoldEdit]
    only_noop: bool


def _coders(sentence: Sentence, annotator: Annotator, options: Reannotation) -> list[_Coder]:
    tokens = sentence.tokens
    ids = sentence.coders()
    # errant reads annotator ids as strings and sorts them as strings ("10" before "2").
    ids.sort(key=str if options.legacy else int)
    coders = []
    for coder in ids:
        edits = sentence.edits_of(coder)
        cor, gold = corrected(tokens, edits)
        coders.append(_Coder(coder, cor, gold, all(edit.is_noop for edit in edits)))
    if options.auto:
        # Before the (costly) analysis: the M2 tokens are the tokens that will be aligned.
        for c in coders:
            if not c.only_noop:
                annotator.check_size(len(tokens), len(c.cor))
    return coders


def _lines(sentence: Sentence, coders: Sequence[_Coder]) -> list[str]:
    # One backend call per sentence: the original once, then every coder's correction.
    to_parse = [c for c in coders if not c.only_noop]
    return [" ".join(sentence.tokens)] + [" ".join(c.cor) for c in to_parse] if to_parse else []


def lines_to_parse(sentence: Sentence, annotator: Annotator, options: Reannotation) -> list[str]:
    """The lines :func:`reannotate` gives the backend (so that a batch of sentences can be
    analysed in one call first); raises :class:`~.alignment.AlignmentTooLarge` as it would."""
    return _lines(sentence, _coders(sentence, annotator, options))


def reannotate(sentence: Sentence, backend: Backend, annotator: Annotator,
               options: Reannotation) -> Sentence:
    """The sentence with every coder's edits re-extracted (auto) or re-typed (gold)."""
    coders = _coders(sentence, annotator, options)
    lines = _lines(sentence, coders)
    parsed = backend.parse(lines) if lines else []
    orig = parsed[0] if parsed else ()
    to_parse = [c for c in coders if not c.only_noop]
    cor_of = {c.coder: parsed[i + 1] for i, c in enumerate(to_parse)}
    out: list[Edit] = []
    for c in coders:
        if c.only_noop:
            out.append(noop_edit(c.coder))
        elif options.auto:
            found = annotator.annotate(orig, cor_of[c.coder], c.coder)
            out.extend(found or [noop_edit(c.coder)])
        else:
            out.extend(_retyped(orig, cor_of[c.coder], c.gold, c.coder, annotator, options))
    return Sentence(sentence.source, tuple(out), sentence.line)


def _retyped(orig: Sequence[Token], cor: Sequence[Token], gold: Sequence[GoldEdit], coder: int,
             annotator: Annotator, options: Reannotation) -> list[Edit]:
    out = []
    for edit in gold:
        if edit.type in DETECTION_TYPES:
            kind = edit.type if options.old_types else "UNK"
            out.append(Edit(edit.o_start, edit.o_end, kind, edit.correction, coder))
            continue
        span = EditSpan(orig, cor, edit.o_start, edit.o_end, edit.c_start, edit.c_end)
        if options.minimise:
            span = span.minimised()
        out.append(annotator.to_m2(span, coder, edit.type if options.old_types else None))
    return out



