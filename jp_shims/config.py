"""One alignment configuration: what jp_align is given, and what the signature says of it.

Every tool aligns with an :class:`AlignConfig`. The runner builds it from ``--lang`` and the
tool's defaults, hands it to the tool, and renders it into the signature, so no tool restates
jp_align's defaults and no figure depends on a setting the signature does not show.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, Dict

if TYPE_CHECKING:
    from jp_align import Normalizer

# The values ``--lang`` accepts, with what each means (printed by ``--help``). jp_align has one
# language-specific table (English contractions); every code gets the language-independent
# part (PTB bracket escapes, quote and dash variants, the ellipsis, Unicode NFC). A code not
# listed here is refused rather than silently treated as "und", so a signature never names a
# language whose table does not exist.
LANGUAGES: Dict[str, str] = {
    "en": "English: the language-independent table plus contractions (ca n't / can not)",
    "und": "language-independent table only (brackets, quotes, dashes, ellipsis, Unicode)",
    "none": "no exception table: texts compared as they are after Unicode NFC (errant's and ChERRANT's "
            "S lines, which come from one text)",
}
NO_TABLE = "none"

# Similarity functions a configuration may name (jp_align.distance).
SIMILARITIES = ("levenshtein", "jaro_winkler_suffix")

# What happens to text that never re-synchronizes: counted as missed/spurious (the contract's
# rule), or the run stops with exit 2 naming both places (``--strict``).
ON_DIVERGE = ("count", "strict")


_FIELDS = ("lang", "casefold", "similarity", "threshold", "lookahead", "on_diverge")


class AlignConfig:
    """Everything a JP alignment depends on (immutable: :meth:`with_` returns a changed copy).

    ``lang``: exception table (:data:`LANGUAGES`); ``casefold``: compare texts
    case-insensitively; ``similarity``/``threshold``: the sentence distance and the cut-off
    below which differing texts still align; ``lookahead``: sentences searched for
    re-synchronization; ``on_diverge``: :data:`ON_DIVERGE`.

    (A plain class rather than a frozen dataclass: every JP run imports it, and the
    dataclasses module costs a short run more than the whole class is worth.)
    """

    __slots__ = _FIELDS
    lang: str
    casefold: bool
    similarity: str
    threshold: float
    lookahead: int
    on_diverge: str

    def __init__(self, lang: str = "en", casefold: bool = False, similarity: str = "levenshtein",
                 threshold: float = 0.1, lookahead: int = 64, on_diverge: str = "count") -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r} (choose from {', '.join(LANGUAGES)})")
        if similarity not in SIMILARITIES:
            raise ValueError(f"unknown similarity {similarity!r} (choose from {', '.join(SIMILARITIES)})")
        if not (isinstance(threshold, (int, float)) and math.isfinite(threshold) and 0.0 <= threshold <= 1.0):
            raise ValueError(f"the similarity threshold must be a number between 0 and 1, not {threshold!r}")
        if not (isinstance(lookahead, int) and lookahead >= 1):
            raise ValueError(f"the look-ahead must be a positive integer, not {lookahead!r}")
        if on_diverge not in ON_DIVERGE:
            raise ValueError(f"on_diverge must be one of {', '.join(ON_DIVERGE)}, not {on_diverge!r}")
        for name, value in zip(_FIELDS, (lang, casefold, similarity, threshold, lookahead, on_diverge)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"AlignConfig is immutable: use with_({name}=...)")

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __eq__(self, other: object) -> bool:
        return self._values() == other._values() if isinstance(other, AlignConfig) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return "AlignConfig(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS) + ")"

    def with_(self, **changes: Any) -> "AlignConfig":
        """A copy with some fields changed (checked again)."""
        unknown = set(changes) - set(_FIELDS)
        if unknown:
            raise TypeError(f"AlignConfig has no field {sorted(unknown)[0]!r}")
        return AlignConfig(**{name: changes.get(name, getattr(self, name)) for name in _FIELDS})

    @property
    def strict(self) -> bool:
        return self.on_diverge == "strict"

    def normalizer(self) -> "Normalizer":
        """A fresh normalizer (it memoizes tokens: one a run) of the exception table."""
        from jp_align import Normalizer, normalizer_for

        if self.lang == NO_TABLE:
            return Normalizer(casefold=self.casefold)
        return normalizer_for(self.lang, casefold=self.casefold)

    def distance(self) -> Callable[[str, str], float]:
        from jp_align import jaro_winkler_suffix_distance, levenshtein_distance

        return levenshtein_distance if self.similarity == "levenshtein" else jaro_winkler_suffix_distance

    def sentence_options(self) -> Dict[str, Any]:
        """Keyword arguments of ``jp_align.align_sentences`` / ``iter_align_sentences``."""
        return {"normalizer": self.normalizer(), "threshold": self.threshold,
                "distance": self.distance(), "lookahead": self.lookahead}

    def signature_fields(self) -> Dict[str, Any]:
        """Keyword arguments of :func:`jp_shims.signature.signature`."""
        return {"lang": self.lang, "similarity": self.similarity, "threshold": self.threshold}

    def as_dict(self) -> Dict[str, Any]:
        return {"lang": self.lang, "casefold": self.casefold, "similarity": self.similarity,
                "threshold": self.threshold, "lookahead": self.lookahead, "on_diverge": self.on_diverge}
