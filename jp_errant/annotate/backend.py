"""The small interface between annotation and a linguistic analyser.

A backend turns lines of text into token sequences (:class:`~.tokens.Token`: text, lemma,
UPOS, XPOS, features, relation, head). One line gives one sequence even when the analyser
splits it into several sentences (heads are re-indexed), because errant keeps a line's
tokens together.
"""
from __future__ import annotations

from typing import Any, Protocol, Sequence

from .tokens import Token, concatenate, token_from_fields


class BackendError(RuntimeError):
    """The analyser cannot run (not installed, model missing); the message says what to do."""


class Backend(Protocol):
    def parse(self, lines: Sequence[str]) -> list[tuple[Token, ...]]:
        """One token sequence per line."""
        ...


def tokens_from_stanza_sentence(sentence: Any) -> tuple[Token, ...]:
    """Tokens of one ``stanza.models.common.doc.Sentence`` (its syntactic words)."""
    return tuple(token_from_fields(_word_fields(word), 0) for word in sentence.words)


def tokens_from_stanza_document(document: Any) -> tuple[Token, ...]:
    """All sentences of a ``stanza.Document`` as one token sequence."""
    return concatenate(tokens_from_stanza_sentence(s) for s in document.sentences)


def _word_fields(word: Any) -> dict:
    return {"text": word.text, "lemma": word.lemma, "upos": word.upos, "xpos": word.xpos,
            "feats": word.feats, "deprel": word.deprel, "head": word.head}
