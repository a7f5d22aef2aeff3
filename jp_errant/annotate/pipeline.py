"""One M2 sentence from one group of ORIG lines and their COR lines (all annotators)."""
from __future__ import annotations

from typing import NamedTuple, Sequence

from jp_errant.m2_records import Sentence, noop_edit
from .annotator import Annotator
from .backend import Backend
from .pairing import Group
from .tokens import concatenate


class _Plan(NamedTuple):
    """What annotating a group parses: its ORIG texts, per COR file its texts and whether
    that file is left unannotated (a noop)."""

    orig: list[str]
    cors: list[list[str]]
    unchanged: list[bool]

    def lines(self) -> list[str]:
        """The lines given to the backend, in one call: ORIG's, then each annotated COR's."""
        lines = list(self.orig)
        for texts, same in zip(self.cors, self.unchanged):
            if not same:
                lines.extend(texts)
        return lines


def _plan(group: Group, annotator: Annotator, legacy: bool, tokenize: bool) -> _Plan:
    orig_texts = [text.strip() for _, text in group.orig]
    cor_texts = [[text.strip() for _, text in lines] for lines in group.cors]
    # A COR file jp_align could not align with these lines gets a noop, unparsed (like an
    # unchanged text): its lines are not a correction of them.
    unchanged = [_same_text(orig_texts, texts, legacy, tokenize) or not group.is_aligned(coder)
                 for coder, texts in enumerate(cor_texts)]
    if not tokenize:
        # The whitespace tokens are the tokens that will be aligned: refuse an oversized
        # pair before the (costly) analysis.
        orig_count = sum(len(text.split()) for text in orig_texts)
        for texts, same in zip(cor_texts, unchanged):
            if not same:
                annotator.check_size(orig_count, sum(len(text.split()) for text in texts))
    return _Plan(orig_texts, cor_texts, unchanged)


def annotate_group(group: Group, backend: Backend, annotator: Annotator,
                   legacy: bool = False, tokenize: bool = False) -> Sentence:
    """Parse, align, merge and classify; coder ids are the COR file positions (0, 1, ...).

    A COR text whose tokens equal the ORIG tokens, or that jp_align could not align with them
    (``group.is_aligned``), gets errant's ``noop`` edit without being
    parsed. JP mode also writes ``noop`` when the texts differ only in ways that leave no edit
    (e.g. spacing); ``legacy`` then writes no line at all, as errant_parallel does.
    """
    plan = _plan(group, annotator, legacy, tokenize)
    parsed = backend.parse(plan.lines())
    orig = concatenate(parsed[:len(plan.orig)])
    position = len(plan.orig)
    edits = []
    for coder, (texts, same) in enumerate(zip(plan.cors, plan.unchanged)):
        if same:
            edits.append(noop_edit(coder))
            continue
        cor = concatenate(parsed[position:position + len(texts)])
        position += len(texts)
        found = annotator.annotate(orig, cor, coder)
        if not found and not legacy:
            found = [noop_edit(coder)]
        edits.extend(found)
    return Sentence(" ".join(token.text for token in orig), tuple(edits))


def lines_to_parse(group: Group, annotator: Annotator, legacy: bool = False,
                   tokenize: bool = False) -> list[str]:
    """The lines :func:`sentences_of_group` gives the backend for this group (so that a batch
    of groups can be analysed in one call first). Raises
    :class:`~.alignment.AlignmentTooLarge` as annotating the group would."""
    if not group.orig:
        return []
    if _is_annotated(group):
        return _plan(group, annotator, legacy, tokenize).lines()
    return [text.strip() for _, text in group.orig] if tokenize else []


def _same_text(orig: Sequence[str], cor: Sequence[str], legacy: bool, tokenize: bool) -> bool:
    if legacy:
        # errant compares the parsed original's text with the raw stripped correction.
        orig_text = orig[0] if tokenize else " ".join(orig[0].split())
        return orig_text == " ".join(cor)
    return " ".join(orig).split() == " ".join(cor).split()


def sentences_of_group(group: Group, backend: Backend, annotator: Annotator,
                       legacy: bool = False, tokenize: bool = False) -> list[Sentence]:
    """The M2 sentences of one group: one, or one per ORIG line when no COR file is aligned
    with its lines (an unaligned stretch is never annotated as one sentence), each with a
    ``noop`` per annotator. A group without ORIG lines gives none."""
    if not group.orig:
        return []
    if _is_annotated(group):
        return [annotate_group(group, backend, annotator, legacy, tokenize)]
    texts = [text.strip() for _, text in group.orig]
    if tokenize:
        # The S line is the analyser's tokenization, as for an annotated sentence.
        sources = [" ".join(token.text for token in tokens) for tokens in backend.parse(texts)]
    else:
        sources = [" ".join(text.split()) for text in texts]
    noops = tuple(noop_edit(coder) for coder in range(len(group.cors)))
    return [Sentence(source, noops) for source in sources]


def _is_annotated(group: Group) -> bool:
    """Whether some COR file is aligned with the group (else its ORIG lines get noops)."""
    return not group.cors or any(group.is_aligned(coder) for coder in range(len(group.cors)))
