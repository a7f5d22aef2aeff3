"""From two analysed token sequences to classified M2 edits."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

from jp_errant.m2_records import Edit
from .alignment import align, check_alignment_size
from .classify_en import LABEL_SCHEMES, EnglishClassifier
from .classify_generic import GenericClassifier
from .edits import EditSpan
from .merging import STRATEGIES, edit_spans
from .tokens import Token
from .wordlist import load_word_list


class Classifier(Protocol):
    def classify(self, edit: EditSpan) -> str: ...


def classifier_for(lang: str, labels: str = "ud") -> Classifier:
    """English rules for ``en``, operation x UPOS for every other language."""
    if labels not in LABEL_SCHEMES:
        raise ValueError(f"unknown label scheme {labels!r}")
    if lang == "en":
        return EnglishClassifier(load_word_list(), labels)
    return GenericClassifier()


@dataclass(frozen=True)
class Annotator:
    """Alignment + merging + classification with fixed options."""

    classifier: Classifier
    lev: bool = False
    merge: str = "rules"
    max_cells: int | None = None  # largest token alignment (cells) accepted; None: any

    def __post_init__(self) -> None:
        if self.merge not in STRATEGIES:
            raise ValueError(f"unknown merging strategy {self.merge!r}")

    def annotate(self, orig: Sequence[Token], cor: Sequence[Token], coder: int = 0) -> list[Edit]:
        """The edits turning ``orig`` into ``cor``, as M2 edits of annotator ``coder``.

        Raises :class:`~.alignment.AlignmentTooLarge` above ``max_cells``."""
        self.check_size(len(orig), len(cor))
        ops = align(orig, cor, self.lev)
        edits = []
        for span in edit_spans(ops, orig, cor, self.merge):
            edit = EditSpan(orig, cor, span.o_start, span.o_end, span.c_start, span.c_end)
            edits.append(self.to_m2(edit, coder))
        return edits

    def check_size(self, orig_tokens: int, cor_tokens: int) -> None:
        """Refuse a pair too long to align (also called before parsing, on word counts)."""
        check_alignment_size(orig_tokens, cor_tokens, self.max_cells)

    def to_m2(self, edit: EditSpan, coder: int, kind: str | None = None) -> Edit:
        """The M2 edit; its type is ``kind`` when given, else the classifier's."""
        return Edit(edit.o_start, edit.o_end, kind or self.classifier.classify(edit), edit.c_str, coder)
