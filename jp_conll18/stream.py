"""Streaming evaluation: score two CoNLL-U sentence streams block by block.

A *block* is a run of gold sentences and a run of system sentences that end at the same
character offset, have the same characters, and whose word alignment (the original's walk)
finishes both sides together. Nothing the original computes crosses such a boundary (token and
sentence spans, multi-word regions, heads, functional children all stay inside), so summing
the counts of the blocks gives exactly the whole-file result while holding one block in memory.

Errors are reported in the original's order although the files are read side by side: a
format error anywhere in the gold file wins over one in the system file, which wins over a
character mismatch (the original loads gold completely, then system, then compares).
"""
from __future__ import annotations

from typing import Callable, Iterator, List, Optional

from .model import Sentence, UDError
from .scoring import Counts, align_words, count_alignment, count_spans


class SideReader:
    """Pulls sentences from one file and keeps a read error instead of raising it, so the
    other file can still be checked before the error is reported."""

    __slots__ = ("_sentences", "error", "finished", "path")

    def __init__(self, sentences: Iterator[Sentence], path: Optional[str] = None):
        self._sentences = sentences
        self.path = path
        self.error: Optional[BaseException] = None
        self.finished = False

    def next(self) -> Optional[Sentence]:
        """The next sentence, or None at the end of the file or after an error."""
        if self.finished:
            return None
        try:
            return next(self._sentences)
        except StopIteration:
            self.finished = True
        except (UDError, ValueError, OSError) as error:  # the original's failures while loading
            self.error = error
            self.finished = True
        return None

    def __iter__(self) -> Iterator[Sentence]:
        return iter(self.next, None)

    def drain(self) -> None:
        """Read to the end (the original validates the whole file before comparing)."""
        for _ in self:
            pass


def raise_load_errors(gold: SideReader, system: SideReader) -> None:
    """Raise the error the original would raise first, if any (gold read completely first)."""
    gold.drain()
    if gold.error is not None:
        raise gold.error
    system.drain()
    if system.error is not None:
        raise system.error


def score_block(gold: List[Sentence], system: List[Sentence], counts: Optional[Counts] = None,
                whole: bool = True) -> Optional[Counts]:
    """Counts of one block. With ``whole=False`` returns None when the word walk leaves
    words over on one side (the block must then grow to stay exact)."""
    gold_words = [w for s in gold for w in s.words]
    system_words = [w for s in system for w in s.words]
    pairs, gi, si = align_words(gold_words, system_words)
    if not whole and (gi < len(gold_words) or si < len(system_words)):
        return None
    # A block recorded for the significance tests is counted on its own first.
    own = Counts() if counts is None or counts.blocks is not None else counts
    count_spans("Tokens", [t for s in gold for t in s.tokens], [t for s in system for t in s.tokens], own)
    count_spans("Sentences", [s.span for s in gold], [s.span for s in system], own)
    count_alignment(gold_words, system_words, pairs, own)
    if counts is None or own is counts:
        return own
    counts.add(own)
    counts.blocks.append((gold, own))
    return counts


def mismatch_error(gold_text: str, system_text: str, gold: SideReader, system: SideReader) -> UDError:
    """The original's character-mismatch error for the first difference in the two texts
    (which start at the same offset), reading on for the 20 characters it quotes."""
    index = 0
    limit = min(len(gold_text), len(system_text))
    while index < limit and gold_text[index] == system_text[index]:
        index += 1
    gold_text = _extend(gold_text, index + 20, gold)
    system_text = _extend(system_text, index + 20, system)
    return UDError("The concatenation of tokens in gold file and in system file differ!\n"
                   "First 20 differing characters in gold file: '{}' and system file: '{}'".format(
                       gold_text[index:index + 20], system_text[index:index + 20]))


def _extend(text: str, length: int, side: SideReader) -> str:
    parts = [text]
    while length > len(text):
        sentence = side.next()
        if sentence is None:
            break
        parts.append(sentence.text)
        text = "".join(parts)
    return text


# What JP mode does with the rest of the files once characters disagree: it receives the
# pending sentences of both sides and the two readers, and returns the counts of the rest.
MismatchHandler = Callable[[List[Sentence], List[Sentence], SideReader, SideReader], Counts]


def evaluate_streams(gold_sentences: Iterator[Sentence], system_sentences: Iterator[Sentence],
                     on_mismatch: Optional[MismatchHandler] = None, *,
                     gold_path: Optional[str] = None, system_path: Optional[str] = None,
                     blocks: Optional[list] = None) -> Counts:
    """Score two sentence streams. Where the characters disagree, raise the original's
    UDError (``on_mismatch`` None, legacy) or hand the rest over to ``on_mismatch`` (JP).
    ``blocks``: a list receiving every scored block (see ``Counts``); ``on_mismatch`` must
    then record into the same list."""
    gold, system = SideReader(gold_sentences, gold_path), SideReader(system_sentences, system_path)
    total = Counts(blocks)
    gold_buf: List[Sentence] = []
    system_buf: List[Sentence] = []
    gold_text = system_text = ""
    checked = 0  # characters of the pending texts known to agree
    while True:
        if gold_buf and len(gold_text) == len(system_text) == checked:
            if score_block(gold_buf, system_buf, total, whole=False) is not None:
                gold_buf, system_buf = [], []
                gold_text = system_text = ""
                checked = 0
        behind_gold = len(gold_text) <= len(system_text)
        sentence = (gold if behind_gold else system).next()
        if sentence is None:
            break
        if behind_gold:
            gold_buf.append(sentence)
            gold_text += sentence.text
        else:
            system_buf.append(sentence)
            system_text += sentence.text
        common = min(len(gold_text), len(system_text))
        if gold_text[checked:common] != system_text[checked:common]:
            break
        checked = common

    if gold.error is None and system.error is None and gold.finished:
        # Gold has ended with everything pending in agreement so far: done if the system
        # has ended too with the same characters; anything more it has is a difference.
        rest = system.next()
        if rest is None and system.error is None and gold_text == system_text:
            if gold_buf:
                score_block(gold_buf, system_buf, total)
            return total
        if rest is not None:
            system_buf.append(rest)
            system_text += rest.text
    if gold.error is not None or system.error is not None:
        raise_load_errors(gold, system)
    if on_mismatch is None:
        error = mismatch_error(gold_text, system_text, gold, system)
        raise_load_errors(gold, system)
        raise error
    total.add(on_mismatch(gold_buf, system_buf, gold, system))
    raise_load_errors(gold, system)
    return total
