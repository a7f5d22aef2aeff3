"""Bring a segmentation whose tokenization differs onto the words of a base segmentation.

The WiSeBE toolkit refuses files whose words differ. Here, when only the tokenization differs
(e.g. "it's" vs "it 's", "e-mail" vs "e - mail"), the two word streams are walked together,
character by character where they differ: the words are grouped into the smallest runs
covering the same characters on both sides (the word groups of the JP algorithm), and each
border of the file moves to the end of the group that holds it. Texts are compared after
jp_align's language-independent normalization (quotes, brackets, Unicode), word by word.
Words that really differ are an error naming the first differing word in both files.

Everything is streamed: only the words of the current group are held.
"""
from __future__ import annotations

from typing import Callable, Iterator, Optional

from jp_align import EXACT, NORMALIZED, Normalizer, normalizer_for
from jp_conll18.reader import shorten
from jp_shims.errors import InputError

from jp_preprocess.segmentation import Word, end_line

# Transcripts are compared without the English contraction table: re-tokenizing never changes
# characters, and whole-token rules such as "can" -> "ca" would turn "can 't" into "ca't".
DEFAULT_NORMALIZER_LANG = "und"


class Projection:
    """The border flags (0/1) of OTHER on BASE's words, one per base word, as an iterator.

    ``realigned`` becomes True once a word group that is not one identical word on each
    side has been met. Raises InputError at the first word that differs.
    """

    def __init__(self, base: Iterator[Word], other: Iterator[Word], base_path: str,
                 other_path: str, normalizer: Normalizer | None = None,
                 on_group: Optional[Callable[[list, list, str], None]] = None) -> None:
        self._base = base
        self._other = other
        self.base_path = base_path
        self.other_path = other_path
        self._normalizer = normalizer if normalizer is not None else normalizer_for(DEFAULT_NORMALIZER_LANG)
        # on_group(base_words, words, kind) sees every regrouped word group (for the audit):
        # kind "exact" when the raw characters agree, else "normalized".
        self._on_group = on_group
        self.realigned = False

    def __iter__(self) -> Iterator[int]:
        base, other = self._base, self._other
        b, o = next(base, None), next(other, None)
        while b is not None and o is not None:
            if b.text == o.text:  # the common case: the same word on both sides
                yield int(o.border)
                b, o = next(base, None), next(other, None)
                continue
            self.realigned = True
            normalize = self._normalizer.normalize
            text_b, text_o = normalize(b.text), normalize(o.text)
            base_words, border = 0, False
            group_b, group_o = [b], [o]  # the words of this group (for on_group)
            while True:
                common = min(len(text_b), len(text_o))
                if text_b[:common] != text_o[:common]:
                    raise self._difference(b, o)
                text_b, text_o = text_b[common:], text_o[common:]
                if not text_b:
                    base_words += 1
                if not text_o:
                    border = border or o.border
                if not text_b and not text_o:
                    break
                if not text_b:
                    b = next(base, None)
                    if b is None:
                        raise self._difference(b, o)
                    text_b = normalize(b.text)
                    group_b.append(b)
                if not text_o:
                    o = next(other, None)
                    if o is None:
                        raise self._difference(b, o)
                    text_o = normalize(o.text)
                    group_o.append(o)
            if self._on_group is not None:
                same = "".join(w.text for w in group_b) == "".join(w.text for w in group_o)
                self._on_group(group_b, group_o, EXACT if same else NORMALIZED)
            for _ in range(base_words - 1):
                yield 0
            yield int(border)
            b, o = next(base, None), next(other, None)
        if b is not None or o is not None:
            raise self._difference(b, o)

    def _difference(self, base_word: Word | None, word: Word | None) -> InputError:
        """Error at the first differing word of the other file, naming the base's word and
        line; a file that ended reads ``<end of file>`` on the line after its last one."""
        text, line = _word_and_line(word, self.other_path)
        base_text, base_line = _word_and_line(base_word, self.base_path)
        return InputError(self.other_path, line,
                          f"word {shorten(text)!r} differs from {shorten(base_text)!r} at "
                          f"{self.base_path}:{base_line} (the words must be the same)")


def _word_and_line(word: Word | None, path: str) -> tuple[str, int]:
    if word is None:
        return "<end of file>", end_line(path)
    return word.text, word.line
