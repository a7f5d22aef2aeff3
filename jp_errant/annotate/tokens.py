"""The linguistic token every annotation step works on, independent of the parser.

A backend (stanza, or pre-annotated dicts in tests) turns text into sequences of
:class:`Token`. Heads are indices into the *same* sequence, so an edit can be extracted from
several sentences concatenated (a merged block) without losing the dependency tree.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

ROOT = -1


@dataclass(frozen=True)
class Token:
    """One word with its UD analysis. ``head`` is an index in the token sequence, -1 = root."""

    text: str
    lemma: str
    upos: str
    xpos: str = "_"
    feats: str = "_"
    deprel: str = "dep"
    head: int = ROOT

    @property
    def lower(self) -> str:
        return self.text.lower()

    @property
    def relation(self) -> str:
        """Universal part of the relation (``aux:pass`` -> ``aux``)."""
        return self.deprel.split(":", 1)[0]

    def feature(self, name: str) -> str | None:
        """Value of one UD feature (``Number`` -> ``Plur``) or None."""
        if not self.feats or self.feats == "_":
            return None
        for pair in self.feats.split("|"):
            key, _, value = pair.partition("=")
            if key == name:
                return value
        return None


def token_from_fields(fields: Mapping[str, Any], offset: int) -> Token:
    """A token from CoNLL-U-like fields (stanza's word dict keys); ``offset`` shifts heads.

    ``head`` in the fields is 1-based within its sentence (0 = root), as in CoNLL-U.
    """
    head = int(fields.get("head") or 0)
    text = str(fields["text"])
    lemma = fields.get("lemma")
    return Token(
        text=text,
        lemma=str(lemma) if lemma is not None else text,
        upos=str(fields.get("upos") or "X"),
        xpos=str(fields.get("xpos") or "_"),
        feats=str(fields.get("feats") or "_"),
        deprel=str(fields.get("deprel") or "dep"),
        head=offset + head - 1 if head > 0 else ROOT,
    )


def concatenate(sequences: Iterable[Sequence[Token]]) -> tuple[Token, ...]:
    """Tokens of several sentences as one sequence, heads re-indexed (a merged block)."""
    result: list[Token] = []
    for sequence in sequences:
        offset = len(result)
        for token in sequence:
            head = token.head + offset if token.head != ROOT else ROOT
            result.append(Token(token.text, token.lemma, token.upos, token.xpos,
                                token.feats, token.deprel, head))
    return tuple(result)


def children(tokens: Sequence[Token], index: int) -> list[int]:
    """Indices of the dependents of ``tokens[index]``, in sentence order."""
    return [i for i, token in enumerate(tokens) if token.head == index]
