"""Token normalization: the finite per-language exception tables of the JP algorithm.

Two texts "match" when their space-free normalized forms are equal. Normalization is
applied token by token (so word alignment can account for every character of every token)
and must be applied identically to both sides: it defines a canonical form, it does not
decide which side is right.

Order for one token: character map (curly quotes, ``…``, dashes, PTB quotes) → Unicode
normalization → whole-token map (``-LRB-``, English contractions) → optional case folding.
The aligners compare the raw space-free text first; normalization is the second chance.
"""
from __future__ import annotations

import unicodedata
from types import MappingProxyType
from typing import TYPE_CHECKING, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

if TYPE_CHECKING:
    from typing import Literal

    UnicodeForm = Literal["NFC", "NFD", "NFKC", "NFKD"]

# Language-independent character replacements. Every key is ONE character: a character
# cannot be split by a token boundary, so these rules give the same text however a side is
# tokenized (a two-character rule such as "``" -> '"' would not: "`" "`" is also "``").
# The double quote is therefore spelled as PTB's two single quotes.
COMMON_CHAR_MAP: Mapping[str, str] = {
    "`": "'",
    '"': "''",
    "\u201c": "''",  # “
    "\u201d": "''",  # ”
    "\u201e": "''",  # „
    "\u201f": "''",  # ‟
    "\u00ab": "''",  # «
    "\u00bb": "''",  # »
    "\u2018": "'",  # ‘
    "\u2019": "'",  # ’
    "\u201a": "'",  # ‚
    "\u201b": "'",  # ‛
    "\u2026": "...",  # …
    "\u2013": "--",  # – (PTB writes dashes as --)
    "\u2014": "--",  # —
}

# PTB bracket escapes, as whole tokens.
COMMON_TOKEN_MAP: Mapping[str, str] = {
    "-LRB-": "(", "-RRB-": ")",
    "-LSB-": "[", "-RSB-": "]",
    "-LCB-": "{", "-RCB-": "}",
    "-lrb-": "(", "-rrb-": ")",
    "-lsb-": "[", "-rsb-": "]",
    "-lcb-": "{", "-rcb-": "}",
}

# English contractions. Tokenizers split "can't" as "ca n't" (PTB), "can 't" (Moses) or keep
# it whole; some systems expand it to "can not". The contracted pieces are mapped onto the
# expanded words ("ca" -> "can", "n't" -> "not", and a token ending in "n't" such as "don't"
# -> "do" + "not"), so "ca n't", "can't", "can not" and "cannot" all read "cannot". The rules
# rewrite only the rare contracted tokens, never the common words "not" or "can".
# Whole-token rules still depend on tokenization (Moses' "Isn 't" is not rewritten), so the
# aligners compare raw text first and use the normalized text only where raw text differs.
_ENGLISH_CONTRACTIONS: Mapping[str, str] = {
    "n't": "not",
    "ca": "can",
    "wo": "will",
    "sha": "shall",
}
# Token suffixes rewritten after the stem is looked up in the token map: "won't" -> "wo"
# -> "will", + "not".
_ENGLISH_SUFFIXES: Mapping[str, str] = {"n't": "not"}


def raw_text(tokens: Iterable[str]) -> str:
    """Space-free text of a token sequence, characters unchanged."""
    text = "".join(tokens)
    return "".join(text.split()) if (" " in text or "\t" in text or "\u00a0" in text) else text


def _case_variants(table: Mapping[str, str]) -> dict:
    variants = {}
    for key, value in table.items():
        variants[key] = value
        variants[key.capitalize()] = value.capitalize()
        variants[key.upper()] = value.upper()
    return variants


ENGLISH_TOKEN_MAP: Mapping[str, str] = _case_variants(_ENGLISH_CONTRACTIONS)
ENGLISH_SUFFIX_MAP: Mapping[str, str] = _case_variants(_ENGLISH_SUFFIXES)


def _apply_char_map(token: str, pairs: Sequence[tuple]) -> str:
    for old, new in pairs:
        if old in token:
            token = token.replace(old, new)
    return token


class Normalizer:
    """Maps a token to its canonical space-free form. Immutable.

    ``token_map`` replaces whole tokens, ``char_map`` replaces substrings, ``suffix_map``
    rewrites a token's suffix (its stem then goes through ``token_map``), ``unicode_form`` is
    a :func:`unicodedata.normalize` form or None, ``casefold`` lower-cases the result.
    (A plain class rather than a dataclass: importing dataclasses would double jp_align's
    start-up time, which every command pays.)
    """

    __slots__ = ("token_map", "char_map", "suffix_map", "casefold", "unicode_form",
                 "_pairs", "_ascii_pairs", "_memo")
    # (Declared for type checkers; set once by __init__ through object.__setattr__.)
    token_map: Mapping[str, str]
    char_map: Mapping[str, str]
    suffix_map: Mapping[str, str]
    casefold: bool
    unicode_form: Optional["UnicodeForm"]
    _pairs: Tuple[Tuple[str, str], ...]
    _ascii_pairs: Tuple[Tuple[str, str], ...]
    _memo: Dict[str, str]

    def __init__(
        self,
        token_map: Optional[Mapping[str, str]] = None,
        char_map: Optional[Mapping[str, str]] = None,
        suffix_map: Optional[Mapping[str, str]] = None,
        casefold: bool = False,
        unicode_form: Optional["UnicodeForm"] = "NFC",
    ) -> None:
        # Longer keys first, so a multi-character key added by a tool wins over its parts.
        pairs = tuple(sorted((char_map or {}).items(), key=lambda kv: -len(kv[0])))
        values = {
            "token_map": MappingProxyType(dict(token_map or {})),
            "char_map": MappingProxyType(dict(char_map or {})),
            "suffix_map": MappingProxyType(dict(suffix_map or {})),
            "casefold": casefold,
            "unicode_form": unicode_form,
            "_pairs": pairs,
            "_ascii_pairs": tuple((k, v) for k, v in pairs if k.isascii()),
            # Memo of normalized tokens. Per instance, bounded; the vocabulary of a corpus is
            # far smaller than the corpus, so normalization is one dict lookup per token.
            "_memo": {},
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Normalizer is immutable; use extended()")

    def __repr__(self) -> str:
        return (f"Normalizer(token_map={len(self.token_map)} entries, char_map="
                f"{len(self.char_map)} entries, suffix_map={dict(self.suffix_map)}, "
                f"casefold={self.casefold}, unicode_form={self.unicode_form!r})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Normalizer):
            return NotImplemented
        return (self.token_map, self.char_map, self.suffix_map, self.casefold, self.unicode_form) == \
            (other.token_map, other.char_map, other.suffix_map, other.casefold, other.unicode_form)

    __hash__ = None  # type: ignore[assignment]  # mutable-looking tables inside: not hashable, as before

    def extended(
        self,
        token_map: Optional[Mapping[str, str]] = None,
        char_map: Optional[Mapping[str, str]] = None,
        casefold: Optional[bool] = None,
        unicode_form: Optional[str] = "",  # "": keep this normalizer's
        suffix_map: Optional[Mapping[str, str]] = None,
    ) -> "Normalizer":
        """A new normalizer with extra table entries (and optionally other settings)."""
        return Normalizer(
            token_map={**self.token_map, **(token_map or {})},
            char_map={**self.char_map, **(char_map or {})},
            suffix_map={**self.suffix_map, **(suffix_map or {})},
            casefold=self.casefold if casefold is None else casefold,
            unicode_form=self.unicode_form if unicode_form == "" else unicode_form,  # type: ignore[arg-type]
        )

    def normalize(self, token: str) -> str:
        """Canonical space-free form of one token."""
        memo = self._memo
        result = memo.get(token)
        if result is None:
            result = self._normalize(token)
            if len(memo) >= 200_000:
                memo.clear()
            memo[token] = result
        return result

    def text(self, tokens: Iterable[str]) -> str:
        """Canonical space-free text of a token sequence."""
        memo = self._memo
        get = memo.get
        parts: List[str] = []
        append = parts.append
        for token in tokens:
            norm = get(token)
            if norm is None:
                norm = self.normalize(token)
            append(norm)
        return "".join(parts)

    def _normalize(self, token: str) -> str:
        token = "".join(token.split())  # texts are compared space-free
        if token.isascii():
            token = _apply_char_map(token, self._ascii_pairs)
        else:
            token = _apply_char_map(token, self._pairs)
            if self.unicode_form and not unicodedata.is_normalized(self.unicode_form, token):
                token = unicodedata.normalize(self.unicode_form, token)
        mapped = self.token_map.get(token)
        if mapped is None:
            for suffix, replacement in self.suffix_map.items():
                if token.endswith(suffix) and len(token) > len(suffix):
                    stem = token[:-len(suffix)]
                    mapped = self.token_map.get(stem, stem) + replacement
                    break
        if mapped is not None:
            token = "".join(mapped.split())  # table values may be written with spaces
        return token.casefold() if self.casefold else token

    def rule(self, left: Sequence[str], right: Sequence[str]) -> str:
        """Name the rule under which two token sequences match (for reports).

        One of ``"exact"``, ``"unicode normalization"``, ``"case folding"``,
        ``"exception table"`` or ``"mismatch"``.
        """
        raw_left, raw_right = raw_text(left), raw_text(right)
        if raw_left == raw_right:
            return "exact"
        if self.unicode_form and unicodedata.normalize(self.unicode_form, raw_left) == \
                unicodedata.normalize(self.unicode_form, raw_right):
            return "unicode normalization"
        if raw_left.casefold() == raw_right.casefold():
            return "case folding"
        if self.text(left) == self.text(right):
            return "exception table"
        return "mismatch"


def normalizer_for(
    lang: str = "en",
    *,
    casefold: bool = False,
    unicode_form: Optional["UnicodeForm"] = "NFC",
) -> Normalizer:
    """The exception table for a language ("en" adds English contractions).

    Every language gets the language-independent part: PTB bracket escapes, quote and dash
    variants, ``…``, and Unicode normalization.
    """
    token_map: Dict[str, str] = dict(COMMON_TOKEN_MAP)
    suffix_map: Dict[str, str] = {}
    if lang.lower().startswith("en"):
        token_map.update(ENGLISH_TOKEN_MAP)
        suffix_map.update(ENGLISH_SUFFIX_MAP)
    return Normalizer(
        token_map=token_map,
        char_map=dict(COMMON_CHAR_MAP),
        suffix_map=suffix_map,
        casefold=casefold,
        unicode_form=unicode_form,
    )
