"""The records of blocks JP mode changed: where each side is (:class:`Lines`), the word
groups aligned inside a block (:class:`WordGroup`), and the block itself (:class:`BlockRecord`).

Split from :mod:`jp_shims.audit` (which counts blocks and writes the listing and the note)
because only runs that keep records need these dataclasses: a run on lined-up input counts
its blocks and never imports the dataclasses module. ``jp_shims.audit`` re-exports them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Optional

from .kinds import KINDS, Figure, short


@dataclass(frozen=True)
class Lines:
    """Where one side of a block is: a file and its 1-based first and last line."""

    file: str
    first: int
    last: int

    def __post_init__(self) -> None:
        if self.first < 1 or self.last < self.first:
            raise ValueError(f"bad line range {self.first}-{self.last} (lines count from 1)")

    def __str__(self) -> str:
        if self.first == self.last:
            return f"{self.file}:{self.first}"
        return f"{self.file}:{self.first}-{self.last}"

    def as_dict(self) -> dict:
        return {"file": self.file, "first_line": self.first, "last_line": self.last}


@dataclass(frozen=True)
class WordGroup:
    """Tokens of the two sides that were aligned together inside a block (not 1:1 exact)."""

    gold: tuple[str, ...]
    system: tuple[str, ...]
    kind: str

    def as_dict(self) -> dict:
        return {"gold": list(self.gold), "system": list(self.system), "kind": self.kind}

    def __str__(self) -> str:
        return "[" + " ".join(self.gold) + "]=[" + " ".join(self.system) + "]"


@dataclass(frozen=True)
class BlockRecord:
    """One block JP mode changed, for the listing, the JSON document and the HTML report.

    ``figures`` are the block's own figures as the tool scores it (evalb: matched/gold/test
    brackets...; errant: tp/fp/fn), ``loss`` how much the block costs the headline score
    (the report sorts by it; None when the tool has no such measure), ``match`` jp_align's
    kind of the sentence texts (a merged block may be ``exact`` there), ``details`` further
    one-line texts (errant: the edits as scored; in the JSON only when there are any).
    """

    kind: str
    gold: Optional[Lines]
    system: Optional[Lines]
    gold_text: str = ""
    system_text: str = ""
    reason: str = ""
    match: str = ""
    figures: Mapping[str, Figure] = field(default_factory=dict)
    groups: tuple[WordGroup, ...] = ()
    loss: Optional[float] = None
    details: tuple[str, ...] = ()  # further lines a tool shows (errant: the edits scored)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown block kind {self.kind!r}")

    def as_dict(self) -> dict:
        data: dict = {
            "kind": self.kind,
            "match": self.match or self.kind,
            "gold": None if self.gold is None else self.gold.as_dict(),
            "system": None if self.system is None else self.system.as_dict(),
            "gold_text": short(self.gold_text),
            "system_text": short(self.system_text),
            "reason": self.reason,
            "figures": dict(self.figures),
            "groups": [group.as_dict() for group in self.groups],
            "loss": self.loss,
        }
        if self.details:
            data["details"] = list(self.details)
        return data
