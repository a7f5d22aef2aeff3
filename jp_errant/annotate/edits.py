"""An extracted edit: spans into the original and corrected token sequences."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from .tokens import Token


@dataclass(frozen=True)
class EditSpan:
    """``orig[o_start:o_end]`` is replaced by ``cor[c_start:c_end]``.

    The whole sequences are kept so that rules can look at heads and dependents outside the
    edit (e.g. whether a verb has an auxiliary).
    """

    orig: Sequence[Token]
    cor: Sequence[Token]
    o_start: int
    o_end: int
    c_start: int
    c_end: int

    @property
    def o_toks(self) -> Sequence[Token]:
        return self.orig[self.o_start:self.o_end]

    @property
    def c_toks(self) -> Sequence[Token]:
        return self.cor[self.c_start:self.c_end]

    @property
    def o_str(self) -> str:
        return " ".join(t.text for t in self.o_toks)

    @property
    def c_str(self) -> str:
        return " ".join(t.text for t in self.c_toks)

    def without_last(self) -> EditSpan:
        """The edit minus its last token on each side (used to ignore a final case change)."""
        return replace(self, o_end=self.o_end - 1, c_end=self.c_end - 1)

    def minimised(self) -> EditSpan:
        """Identical leading and trailing tokens removed (gold edits are often too wide)."""
        o_start, o_end, c_start, c_end = self.o_start, self.o_end, self.c_start, self.c_end
        while (o_start < o_end and c_start < c_end
               and self.orig[o_start].text == self.cor[c_start].text):
            o_start, c_start = o_start + 1, c_start + 1
        while (o_start < o_end and c_start < c_end
               and self.orig[o_end - 1].text == self.cor[c_end - 1].text):
            o_end, c_end = o_end - 1, c_end - 1
        return replace(self, o_start=o_start, o_end=o_end, c_start=c_start, c_end=c_end)
