"""Re-annotating an existing M2 sentence (errant_m2): ``-auto`` re-extracts, ``-gold`` re-types."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..m2 import Edit, Sentence, noop_edit
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


def reannotate(sentence: Sentence, backend: Backend, annotator: Annotator,
               options: Reannotation) -> Sentence:
    """The sentence with every coder's edits re-extracted (auto) or re-typed (gold)."""
    tokens = sentence.tokens
    coders = sentence.coders()
    # errant reads annotator ids as strings and sorts them as strings ("10" before "2").
    coders.sort(key=str if options.legacy else int)
    plans = []
    for coder in coders:
        edits = sentence.edits_of(coder)
        cor, gold = corrected(tokens, edits)
        only_noop = all(edit.is_noop for edit in edits)
        plans.append((coder, edits, cor, gold, only_noop))
    needs_parse = [plan for plan in plans if not plan[4]]
    parsed: list[tuple[Token, ...]] = []
    if needs_parse:
        parsed = backend.parse([" ".join(tokens)] + [" ".join(plan[2]) for plan in needs_parse])
    orig = parsed[0] if parsed else ()
    cor_of = {plan[0]: parsed[i + 1] for i, plan in enumerate(needs_parse)}
    out: list[Edit] = []
    for coder, edits, _, gold, only_noop in plans:
        if only_noop:
            out.append(noop_edit(coder))
        elif options.auto:
            found = annotator.annotate(orig, cor_of[coder], coder)
            out.extend(found or [noop_edit(coder)])
        else:
            out.extend(_retyped(orig, cor_of[coder], gold, coder, annotator, options))
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
        kind = edit.type if options.old_types else None
        out.append(annotator.to_m2(span, coder, kind))
    return out



