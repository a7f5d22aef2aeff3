"""The substitution cost of two different tokens (spec cherrant.md 9.6).

cost = (semantic / 6.0 + character) + punctuation, added in that order: ties between
alignments are exact float comparisons, so the order of the additions is part of the result.
Every part depends on the two token strings only, so costs are cached per pair.
"""
from __future__ import annotations

from typing import Dict, FrozenSet, Tuple

from jp_shims.errors import MissingDependency

from .resources import Resources

# Punctuation for the cost (a token "is punctuation" when it is a substring of this).
PUNCTUATION_ALIGN = ("！？｡＂＃＄％＆＇（）＊＋，－／：；＜＝＞＠［＼］＾＿｀｛｜｝～｟｠｢｣､、〃》「」『』【】"
                     "〔〕〖〗〘〙〚〛〜〝〞〟〰〾〿–—‘'‛“”„‟…‧﹏" + "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def is_cjk_unified(token: str) -> bool:
    """Every character in U+4E00..U+9FFF (the block the character cost knows)."""
    return all("\u4e00" <= char <= "\u9fff" for char in token)


class SubstitutionCost:
    """``cost(source_token, target_token)`` for two different tokens, in [0.25, 2)."""

    def __init__(self, resources: Resources) -> None:
        self.resources = resources
        self.cache: Dict[Tuple[str, str], float] = {}

    def __call__(self, source: str, target: str) -> float:
        key = (source, target)
        cost = self.cache.get(key)
        if cost is None:
            if len(source) == 1 and len(target) == 1:
                character = self._character_of_chars(source, target)
            else:
                character = self.character(source, target)
            cost = (self.semantic(source, target) / 6.0 + character) + punctuation(source, target)
            self.cache[key] = cost
        return cost

    def _character_of_chars(self, x: str, y: str) -> float:
        """:meth:`character` for two different characters: 0 when they share a reading or
        are confusable, else 0.5."""
        if not ("\u4e00" <= x <= "\u9fff" and "\u4e00" <= y <= "\u9fff"):
            return 0.5
        readings, confusion = self.resources.readings, self.resources.confusion
        if not readings.get(x, frozenset((x,))).isdisjoint(readings.get(y, frozenset((y,)))):
            return 0.0
        return 0.0 if x in confusion.get(y, ()) or y in confusion.get(x, ()) else 0.5

    def semantic(self, source: str, target: str) -> int:
        """0 in the same Cilin class; 2, 4 or 6 by how many class levels differ; 4 if unknown."""
        cilin = self.resources.cilin
        a, b = cilin.get(source), cilin.get(target)
        if a is None or b is None:
            return 4
        if a == b:
            return 0
        same = sum(1 for x, y in zip(a, b) if x == y)
        return 2 * (3 - same)

    def character(self, source: str, target: str) -> float:
        """Share of the shorter token's characters that match, sound alike or are confusable,
        as (unmatched) / (2 * length); 0.5 when a token holds a character outside U+4E00..9FFF."""
        if not (is_cjk_unified(source) and is_cjk_unified(target)):
            return 0.5
        shorter, longer = (source, target) if len(source) <= len(target) else (target, source)
        share_reading = not self.readings(source).isdisjoint(self.readings(target))
        confusion = self.resources.confusion
        matched = 0
        for x in shorter:
            for y in longer:
                if (x == y or share_reading or x in confusion.get(y, ()) or y in confusion.get(x, ())):
                    matched += 1
                    break
        return (len(shorter) - matched) / (2 * len(shorter))

    def readings(self, token: str) -> FrozenSet[str]:
        """Readings of the token's first character (pypinyin, through the shipped table for a
        single character, pypinyin itself for a longer word)."""
        if len(token) == 1:
            return self.resources.readings.get(token, frozenset((token,)))
        return word_readings(token)


def punctuation(source: str, target: str) -> float:
    """0 when both tokens are punctuation, 0.25 when neither, 0.499 when one is."""
    a, b = source in PUNCTUATION_ALIGN, target in PUNCTUATION_ALIGN
    if a and b:
        return 0.0
    if a or b:
        return 0.499
    return 0.25


def word_readings(word: str) -> FrozenSet[str]:
    """The readings pypinyin gives the first character of a multi-character word (they depend
    on the phrase around it, so they are not in the single-character table)."""
    try:
        import pypinyin
    except ImportError:
        raise MissingDependency(
            "pypinyin", "cherrant", f"the readings of the multi-character token {word!r} (--segmented) need pypinyin: "
            "pip install 'jp-shims[cherrant]'") from None
    return frozenset(pypinyin.pinyin(word, style=pypinyin.Style.NORMAL, heteronym=True)[0])
