"""Linking a sentence's words into a tree: heads, cycles, roots, and (udeval) DEPS edges.

When a sentence is complete, :func:`link_heads` sets every word's parent by following the
HEAD column as the original's recursive ``process_word`` does -- iteratively, with the same
checks and the same first error -- and with ``udeval`` resolves and filters each word's DEPS,
reaching back into earlier sentences through a bounded :class:`History` as the original's
list indexing does.
"""
from __future__ import annotations

from collections import deque
from typing import Callable, Optional

from .enhanced import resolve_word_edges
from .model import HEAD, UDError, UDSpan, UDWord
from .reader_options import CONLL18, RECURSION_MESSAGE, Messages, ReaderOptions, mark, shorten, unshortened

# How words resolve DEPS heads: ``History`` keeps the words of the last sentences, so a
# negative head reaches back as the original's list indexing does, with bounded memory.
HISTORY_SENTENCES = 64


class History:
    """The words of the last :data:`HISTORY_SENTENCES` sentences, for DEPS heads that reach back."""

    __slots__ = ("sentences", "total")

    def __init__(self) -> None:
        self.sentences: deque = deque(maxlen=HISTORY_SENTENCES)  # word lists, oldest first
        self.total = 0  # words of all earlier sentences

    def word_at(self, words: list) -> Callable[[int], UDWord]:
        """``k -> word`` as ``all_words[sentence_start + k - 1]`` in the original, where the
        list of every word read so far ends with the current sentence."""
        base, length = self.total, self.total + len(words)

        def lookup(k: int) -> UDWord:
            index = base + k - 1
            if index < 0:
                index += length
            if index < 0 or index >= length:
                raise IndexError("list index out of range")
            if index >= base:
                return words[index - base]
            back = base - index  # 1 = the last word of the previous sentence
            for earlier in reversed(self.sentences):
                if back <= len(earlier):
                    return earlier[-back]
                back -= len(earlier)
            return _FAR_WORD
        return lookup

    def add(self, words: list) -> None:
        self.sentences.append(words)
        self.total += len(words)


# A word further back than ``HISTORY_SENTENCES`` (a negative DEPS head far out of its sentence):
# it is aligned to nothing, so an edge to it does not match.
_FAR_WORD = UDWord(UDSpan(-1, -1), ["_"] * 10, False)


def _link_basic_heads(words: list, path: Optional[str], quote: Callable[[str], str], options: ReaderOptions,
                      closing_line: Optional[int]) -> None:
    """Set every word's parent (the original's recursive ``process_word``, iterative). An
    error carries ``word_index``: the word whose head chain was being followed."""
    messages = Messages(options.udeval)
    udeval = options.udeval
    limit = options.recursion_limit
    n = len(words)
    state = [0] * n  # 0 = not visited, 1 = on the chain being followed, 2 = done
    for i in range(n):
        chain: list[int] = []
        j = i
        try:
            while state[j] != 2:
                word = words[j]
                if limit is not None and len(chain) + 1 >= limit:
                    raise RecursionError(RECURSION_MESSAGE)
                if state[j] == 1:
                    raise UDError(messages.cycle(closing_line), path, closing_line if udeval else word.line)
                try:
                    head = int(word.columns[HEAD])
                except ValueError as error:
                    # The original lets this ValueError escape (a bad HEAD inside a multi-word
                    # token is not checked earlier); keep it, but say where it happened.
                    mark(error, path=path, line=word.line, head=word.columns[HEAD])
                    raise
                if head < 0 or head > n:
                    raise UDError(messages.outside(quote(word.columns[HEAD]), closing_line), path,
                                  closing_line if udeval else word.line)
                if head == 0:
                    state[j] = 2
                    break
                state[j] = 1
                word.parent = words[head - 1]
                chain.append(j)
                j = head - 1
            else:
                # The original's call into an already processed word is one more frame.
                if limit is not None and len(chain) + 1 >= limit:
                    raise RecursionError(RECURSION_MESSAGE)
        except (UDError, ValueError, RecursionError) as error:
            mark(error, word_index=i)
            raise
        for k in chain:
            state[k] = 2


def _resolve_edges(todo: list, words: list, word_at: Callable[[int], UDWord], options: ReaderOptions,
                   path: Optional[str], closing_line: Optional[int]) -> None:
    """Resolve and filter the DEPS of the words ``todo`` of the sentence ``words``."""
    filters, strict = options.filters, options.no_empty_nodes
    for i, word in enumerate(todo):
        try:
            resolve_word_edges(word, i, words, word_at, filters, strict, path, closing_line)
        except (ValueError, IndexError) as error:
            # The original's plain ValueError/IndexError of a DEPS head (``deps_head`` set
            # where the head is read); JP mode names the place. Any other is a bug of ours
            # and stays what it is.
            if hasattr(error, "deps_head"):
                mark(error, path=path, line=word.line,
                     jp_message=("DEPS head '{}' points outside of the sentence" if isinstance(error, IndexError)
                                 else "DEPS head '{}' is not a word number").format(shorten(error.deps_head)))
            raise


def link_heads(words: list, path: Optional[str], quote: Callable[[str], str] = unshortened,
                options: ReaderOptions = CONLL18, closing_line: Optional[int] = None,
                word_at: Optional[Callable[[int], UDWord]] = None) -> None:
    """Set parents and functional children; reject bad heads, cycles and root counts; with
    ``options.udeval`` resolve and filter each word's DEPS right after its head chain.

    Same checks and the same first error as the original's recursive ``process_word``, but
    iterative: a head chain of any length cannot exhaust the Python stack (legacy mode raises
    the original's RecursionError on purpose, ``options.recursion_limit``).
    """
    udeval = options.udeval
    if udeval:
        if word_at is None:  # a caller's mistake: DEPS heads beyond the sentence need it
            raise TypeError("link_heads: options.udeval needs word_at")
        # The original resolves each word's DEPS right after that word's head chain. Only
        # the first error depends on that order: link all heads first, and on a head error
        # at word i resolve the words before i first (their DEPS errors come first).
        try:
            _link_basic_heads(words, path, quote, options, closing_line)
        except (UDError, ValueError, RecursionError) as error:
            _resolve_edges(words[:getattr(error, "word_index", 0)], words, word_at, options, path, closing_line)
            raise
        _resolve_edges(words, words, word_at, options, path, closing_line)
    else:
        _link_basic_heads(words, path, quote, options, closing_line)
    roots = 0
    for word in words:
        parent = word.parent
        if parent is None:
            roots += 1
        elif word.is_functional_deprel:
            parent.functional_children.append(word)
    if not udeval:
        if roots != 1:
            raise UDError("There are multiple roots in a sentence", path, words[0].line if words else None)
        return
    if not words:
        raise UDError(f"There is a sentence with 0 tokens (possibly a double blank line) at line {closing_line}",
                      path, closing_line)
    if roots == 0:
        raise UDError(f"There are no roots in the sentence that ends at {closing_line}", path, closing_line)
    if roots > 1 and not options.multiple_roots_okay:
        raise UDError(f"There are multiple roots in the sentence that ends at {closing_line}", path, closing_line)
