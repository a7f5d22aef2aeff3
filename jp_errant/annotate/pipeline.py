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

    A COR text whose tokens equal the ORIG tokens gets errant's ``noop`` edit without being
    parsed. JP mode also writes ``noop`` when the texts differ only in ways that leave no edit
    (e.g. spacing); ``legacy`` then writes no line at all, as errant_parallel does.
    """
    orig_texts = [text.strip() for _, text in group.orig]
    cor_texts = [[text.strip() for _, text in lines] for lines in group.cors]
    unchanged = [_same_text(orig_texts, texts, legacy, tokenize) for texts in cor_texts]
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
