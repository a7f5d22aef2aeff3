"""Language-independent error types: operation x UPOS (``R:NOUN``, ``M:PUNCT``, ``U:ADP``).

Used for every language without its own rules (the first, language-agnostic tier of the
multilingual errant typology). The operation is M, U or R as in English; the category is the
UPOS shared by all tokens of the edit, OTHER when they disagree, UNK when nothing changed.
"""
from __future__ import annotations

from dataclasses import dataclass

from .edits import EditSpan


@dataclass(frozen=True)
class GenericClassifier:
    def classify(self, edit: EditSpan) -> str:
        o_toks, c_toks = edit.o_toks, edit.c_toks
        if not o_toks and not c_toks:
            return "UNK"
        if o_toks and c_toks and edit.o_str == edit.c_str:
            return "UNK"
        op = "R:" if o_toks and c_toks else ("M:" if c_toks else "U:")
        tags = {t.upos for t in (*o_toks, *c_toks)}
        return op + (tags.pop() if len(tags) == 1 else "OTHER")
