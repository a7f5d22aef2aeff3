"""One M2 sentence from one group of ORIG lines and their COR lines (all annotators)."""
from __future__ import annotations

from typing import Sequence

from ..m2 import Sentence, noop_edit
from .annotator import Annotator
from .backend import Backend
from .pairing import Group
from .tokens import concatenate


def annotate_group(group: Group, backend: Backend, annotator: Annotator,
                   legacy: bool = False, tokenize: bool = False) -> Sentence:
    """Parse, align, merge and classify; coder ids are the COR file positions (0, 1, ...).

    A COR text whose tokens equal the ORIG tokens, or that jp_align could not align with them
    (``group.is_aligned``), gets errant's ``noop`` edit without being
    parsed. JP mode also writes ``noop`` when the texts differ only in ways that leave no edit
    (e.g. spacing); ``legacy`` then writes no line at all, as errant_parallel does.
    """
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
    to_parse = list(orig_texts)
    for texts, same in zip(cor_texts, unchanged):
        if not same:
            to_parse.extend(texts)
    parsed = backend.parse(to_parse)
    orig = concatenate(parsed[:len(orig_texts)])
    position = len(orig_texts)
    edits = []
    for coder, (texts, same) in enumerate(zip(cor_texts, unchanged)):
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
    if any(group.is_aligned(coder) for coder in range(len(group.cors))) or not group.cors:
        return [annotate_group(group, backend, annotator, legacy, tokenize)]
    texts = [text.strip() for _, text in group.orig]
    if tokenize:
        # The S line is the analyser's tokenization, as for an annotated sentence.
        sources = [" ".join(token.text for token in tokens) for tokens in backend.parse(texts)]
    else:
        sources = [" ".join(text.split()) for text in texts]
    noops = tuple(noop_edit(coder) for coder in range(len(group.cors)))
    return [Sentence(source, noops) for source in sources]
