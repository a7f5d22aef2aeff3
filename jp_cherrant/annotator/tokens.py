"""Normalising a source or correction and cutting it into tokens (spec cherrant.md 9.3-9.4).

Character level (default): one token per character, except that the placeholder
``[缺失成分]`` ("missing component") is one token. ``--segmented``: the text's own
single-space-separated tokens. ``--bpe``: BERT's basic tokenizer and WordPiece, except that a
word the vocabulary cannot cover is kept whole.
"""
from __future__ import annotations

import unicodedata
from typing import Callable, FrozenSet, List, Optional

MISSING = "[缺失成分]"
# BERT: a word longer than this becomes [UNK].
MAX_WORD_CHARS = 100


def normalise(text: str, segmented: bool, convert: Optional[Callable[[str], str]] = None) -> str:
    """Whitespace removed (only stripped when ``segmented``), then ``convert`` (t2s) if given."""
    text = text.strip() if segmented else "".join(text.split())
    return convert(text) if convert is not None else text


def char_tokens(text: str) -> List[str]:
    """One token per character; every ``[缺失成分]`` is a single token."""
    tokens: List[str] = []
    pieces = text.split(MISSING)
    for index, piece in enumerate(pieces):
        if index:
            tokens.append(MISSING)
        tokens.extend(piece)
    return tokens


def segmented_tokens(text: str) -> List[str]:
    """The text split on single spaces (two spaces make an empty token)."""
    return text.split(" ")


def bpe_tokens(text: str, vocab: FrozenSet[str]) -> List[str]:
    """BERT ``FullTokenizer(do_lower_case=False)`` pieces, unknown words kept whole."""
    pieces: List[str] = []
    for word in _basic_tokens(text):
        pieces.extend(_wordpiece(word, vocab))
    return pieces


def _basic_tokens(text: str) -> List[str]:
    cleaned = []
    for char in text:
        if char in ("\0", "\ufffd") or _is_control(char):
            continue
        if _is_whitespace(char):
            cleaned.append(" ")
        elif _is_cjk(ord(char)):
            cleaned.append(f" {char} ")
        else:
            cleaned.append(char)
    words: List[str] = []
    for word in "".join(cleaned).split():
        current = ""
        for char in word:
            if _is_punctuation(char):
                if current:
                    words.append(current)
                    current = ""
                words.append(char)
            else:
                current += char
        if current:
            words.append(current)
    return words


def _wordpiece(word: str, vocab: FrozenSet[str]) -> List[str]:
    if len(word) > MAX_WORD_CHARS:
        return ["[UNK]"]
    pieces: List[str] = []
    start = 0
    while start < len(word):
        end = len(word)
        found = None
        while start < end:
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in vocab:
                found = piece
                break
            end -= 1
        if found is None:
            return [word]  # ChERRANT keeps the word (BERT would give [UNK])
        pieces.append(found)
        start = end
    return pieces


def _is_whitespace(char: str) -> bool:
    return char in " \t\n\r" or unicodedata.category(char) == "Zs"


def _is_control(char: str) -> bool:
    if char in "\t\n\r":
        return False
    return unicodedata.category(char).startswith("C")


def _is_punctuation(char: str) -> bool:
    code = ord(char)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(char).startswith("P")


def _is_cjk(code: int) -> bool:
    return (0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0x20000 <= code <= 0x2A6DF
            or 0x2A700 <= code <= 0x2B73F or 0x2B740 <= code <= 0x2B81F or 0x2B820 <= code <= 0x2CEAF
            or 0xF900 <= code <= 0xFAFF or 0x2F800 <= code <= 0x2FA1F)
