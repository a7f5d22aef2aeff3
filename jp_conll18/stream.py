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

from collections import deque
from typing import Callable, Iterator, List, Optional

from jp_shims.errors import InputError

from .model import DEPS, Sentence, UDError
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
        except (InputError, ValueError, IndexError, OSError, RecursionError) as error:
            # The original's load failures (legacy), the reader's InputError (JP mode; UDError
            # is one). Kept, not raised: the other file is checked first. Whatever it is, it is
            # raised unchanged by ``raise_load_errors``.
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


def release(sentences: List[Sentence]) -> None:
    """Unlink the words of scored sentences read from a file (parent, functional children,
    enhanced heads): without these reference cycles, reference counting frees them at once
    and the garbage collector never has to sweep a growing heap (it cost twice the scoring)."""
    for sentence in sentences:
        for word in sentence.words:
            word.parent = None
            word.functional_children = []
            if not isinstance(word.columns[DEPS], str):
                word.columns[DEPS] = ()


def score_block(gold: List[Sentence], system: List[Sentence], counts: Optional[Counts] = None,
                whole: bool = True, free: bool = False) -> Optional[Counts]:
    """Counts of one block. With ``whole=False`` returns None when the word walk leaves
    words over on one side (the block must then grow to stay exact). ``free``: the
    sentences are not used after this (read from a file, or copies): ``release`` them."""
    gold_words = [w for s in gold for w in s.words]
    system_words = [w for s in system for w in s.words]
    pairs, gi, si = align_words(gold_words, system_words)
    if not whole and (gi < len(gold_words) or si < len(system_words)):
        return None
    # A block recorded for the significance tests is counted on its own first.
    own = Counts(enhanced=counts is not None and counts.enhanced) \
        if counts is None or counts.blocks is not None else counts
    count_spans("Tokens", [t for s in gold for t in s.tokens], [t for s in system for t in s.tokens], own)
    count_spans("Sentences", [s.span for s in gold], [s.span for s in system], own)
    count_alignment(gold_words, system_words, pairs, own)
    groups = None
    if counts is not None and counts.breakdown is not None:
        # before ``release`` unlinks the trees; a recorded block keeps its own groups too
        groups = counts.breakdown.add_block(gold, system, pairs, separate=counts.blocks is not None)
    if free:
        release(gold)
        release(system)
    if counts is None or counts.blocks is None:  # the block was counted into ``counts`` itself
        return own
    counts.add(own)
    counts.blocks.append((gold, own) if groups is None else (gold, own, groups))
    return counts


class TokenTrail:
    """The last ``TRAIL`` tokens (FORM, line) of one side's scored blocks and how many tokens
    came before the pending ones: what the current scorer's mismatch message quotes."""

    TRAIL = 10
    __slots__ = ("count", "last")

    def __init__(self) -> None:
        self.count = 0
        self.last: deque = deque(maxlen=self.TRAIL)

    def push(self, sentences: List[Sentence]) -> None:
        for sentence in sentences:
            self.count += len(sentence.token_forms)
            self.last.extend(zip(sentence.token_forms[-self.TRAIL:], sentence.token_lines[-self.TRAIL:]))


def _first_difference(gold_text: str, system_text: str) -> int:
    index = 0
    limit = min(len(gold_text), len(system_text))
    while index < limit and gold_text[index] == system_text[index]:
        index += 1
    return index


def mismatch_error(gold_text: str, system_text: str, gold: SideReader, system: SideReader) -> UDError:
    """The original's character-mismatch error for the first difference in the two texts
    (which start at the same offset), reading on for the 20 characters it quotes."""
    index = _first_difference(gold_text, system_text)
    gold_text = _extend(gold_text, index + 20, gold)
    system_text = _extend(system_text, index + 20, system)
    return UDError("The concatenation of tokens in gold file and in system file differ!\n"
                   "First 20 differing characters in gold file: '{}' and system file: '{}'".format(
                       gold_text[index:index + 20], system_text[index:index + 20]))


def udeval_mismatch_error(gold_buf: List[Sentence], system_buf: List[Sentence], gold: SideReader,
                          system: SideReader, trails: tuple) -> UDError:
    """The current UD scorer's character-mismatch error: per file, the last token whose
    characters all agree, the ten tokens up to it and the ten from there on."""
    gold_tokens = [t for s in gold_buf for t in zip(s.token_forms, s.token_lines)]
    system_tokens = [t for s in system_buf for t in zip(s.token_forms, s.token_lines)]
    gold_text = "".join(form for form, _ in gold_tokens)
    system_text = "".join(form for form, _ in system_tokens)
    index = _first_difference(gold_text, system_text)
    gold_text = _extend(gold_text, index + 20, gold, gold_tokens, TokenTrail.TRAIL)
    system_text = _extend(system_text, index + 20, system, system_tokens, TokenTrail.TRAIL)
    lines = ["The concatenation of tokens in gold file and in system file differ!"]
    reports = [_token_report(side.path, tokens, trail, index)
               for side, tokens, trail in ((gold, gold_tokens, trails[0]), (system, system_tokens, trails[1]))]
    if reports[0] is None:
        lines.append("The error occurs right at the beginning of the two files.")
    lines.extend(line for report in reports if report is not None for line in report)
    lines.append("First 20 differing characters in gold file: '{}' and system file: '{}'".format(
        gold_text[index:index + 20], system_text[index:index + 20]))
    return UDError("\n".join(lines))


def _token_report(path: Optional[str], tokens: list, trail: TokenTrail, index: int) -> Optional[list]:
    done = end = 0
    for form, _ in tokens:
        end += len(form)
        if end > index:
            break
        done += 1
    number = trail.count + done
    if number == 0:
        return None
    before = (list(trail.last) + tokens[:done])[-TokenTrail.TRAIL:]
    after = tokens[done:done + TokenTrail.TRAIL]
    return ["File '{}':".format(path),
            "  Token no. {} on line no. {} is the last one with all characters reproduced in the other file.".format(
                number, before[-1][1]),
            "  The previous {} tokens are '{}'.".format(len(before), " ".join(f for f, _ in before)),
            "  The next {} tokens are '{}'.".format(len(after), " ".join(f for f, _ in after))]


def _extend(text: str, length: int, side: SideReader, tokens: Optional[list] = None,
            token_count: int = 0) -> str:
    """TEXT read on (whole sentences of SIDE) to at least LENGTH characters; with TOKENS,
    also until TOKENS holds TOKEN_COUNT more tokens than at the start."""
    parts = [text]
    wanted = len(tokens) + token_count if tokens is not None else 0
    while length > len(text) or tokens is not None and len(tokens) < wanted:
        sentence = side.next()
        if sentence is None:
            break
        parts.append(sentence.text)
        if tokens is not None:
            tokens.extend(zip(sentence.token_forms, sentence.token_lines))
        text = "".join(parts)
    return text


# What JP mode does with the rest of the files once characters disagree: it receives the
# pending sentences of both sides and the two readers, and returns the counts of the rest.
MismatchHandler = Callable[[List[Sentence], List[Sentence], SideReader, SideReader], Counts]


def evaluate_streams(gold_sentences: Iterator[Sentence], system_sentences: Iterator[Sentence],
                     on_mismatch: Optional[MismatchHandler] = None, *,
                     gold_path: Optional[str] = None, system_path: Optional[str] = None,
                     udeval: bool = False, free: bool = False, blocks: Optional[list] = None,
                     breakdown=None) -> Counts:
    """Score two sentence streams. Where the characters disagree, raise the original's
    UDError (``on_mismatch`` None, legacy) or hand the rest over to ``on_mismatch`` (JP).
    ``udeval``: the current UD scorer (ELAS/EULAS counted, its mismatch message); ``free``:
    nobody else holds the sentences (read from files), release them once scored.
    ``blocks``: a list receiving every scored block (see ``Counts``); ``on_mismatch`` must
    then record into the same list. ``breakdown``: a ``breakdown.Breakdown`` receiving every
    scored block (``on_mismatch`` must add its blocks to the same one)."""
    gold, system = SideReader(gold_sentences, gold_path), SideReader(system_sentences, system_path)
    total = Counts(blocks, enhanced=udeval, breakdown=breakdown)
    trails = (TokenTrail(), TokenTrail()) if udeval and on_mismatch is None else None
    gold_buf: List[Sentence] = []
    system_buf: List[Sentence] = []
    gold_text = system_text = ""
    checked = 0  # characters of the pending texts known to agree
    while True:
        if gold_buf and len(gold_text) == len(system_text) == checked:
            if score_block(gold_buf, system_buf, total, whole=False, free=free) is not None:
                if trails is not None:
                    trails[0].push(gold_buf)
                    trails[1].push(system_buf)
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
                score_block(gold_buf, system_buf, total, free=free)
            return total
        if rest is not None:
            system_buf.append(rest)
            system_text += rest.text
    if gold.error is not None or system.error is not None:
        raise_load_errors(gold, system)
    if on_mismatch is None:
        if trails is not None:
            error = udeval_mismatch_error(gold_buf, system_buf, gold, system, trails)
        else:
            error = mismatch_error(gold_text, system_text, gold, system)
        raise_load_errors(gold, system)
        raise error
    total.add(on_mismatch(gold_buf, system_buf, gold, system))
    raise_load_errors(gold, system)
    return total
