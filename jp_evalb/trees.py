"""Reading trees exactly as evalb does: one tree per line, scanned left to right.

This module is the only place where the bracketed tree format is parsed. It reproduces evalb's
``read_line``: which brackets are terminals, which words are dropped by DELETE_LABEL, how the
length ``Len`` is counted, where phrase brackets start and end (indices over surviving words),
the quote terminals recorded for QUOTE_LABEL, and the reading errors with the point at which
they happen (so that the error limit can kill the run at the same place as evalb).

Lines are handled as ``str`` decoded one byte per character (latin-1) in legacy mode, so every
width and every printed byte is the original's; JP mode decodes UTF-8 instead.
"""
from __future__ import annotations

import re
from typing import BinaryIO, Iterator, NamedTuple, Optional

from .params import Params

# C isspace() ("C" locale) and evalb's is_terminator(): whitespace, "(" and ")".
_WS = r"[ \t\n\v\f\r]"
_NAME = r"[^ \t\n\v\f\r()]"
# One token per match:
#   "(" label [whitespace word [")" | before "("]]   -> groups 1-5
#   ")"                                              -> group 6
#   a bare word (evalb: "Reading sentence" forever)  -> group 7
# Whitespace between tokens matches nothing and is skipped, as in evalb's scanner.
_TOKEN = re.compile(
    rf"\(({_NAME}*)(?:({_WS}+)({_NAME}*)(?:(\))|(?=(\()))?)?|(\))|({_NAME}+)"
)
# fgets(buff, 5000, fd): longer lines arrive as several 4999-byte pieces.
LEGACY_LINE_CHUNK = 4999
QUOTE_WORDS = ("'", '"', "/")

MSG_TWO_ELEMENTS = "More than two elements in a bracket\n"
MSG_READING = "Reading sentence\n"
MSG_UNBALANCED = "Bracketing is unbalanced (too many open bracket)\n"
MSG_TOO_MANY_CLOSE = "Bracketing unbalance (too many close bracket)\n"


class QuoteTerm:
    """A QUOTE_LABEL terminal: where it sits, in case the quote repair re-inserts it."""

    __slots__ = ("word", "label", "index", "bracket", "ends")

    def __init__(self, word: str, label: str, index: int, bracket: int, ends: tuple[int, ...]) -> None:
        self.word = word
        self.label = label
        self.index = index  # number of surviving words before it
        self.bracket = bracket  # number of phrase brackets opened before it
        self.ends = ends  # phrase brackets open around it


class Tree:
    """One line read as evalb reads it.

    ``brackets`` holds ``[start, end, label, buf_start, buf_end]`` for every phrase bracket in
    the order of its ``(`` (the fast reader keeps only the first three); ``end`` is -1 while
    unclosed. Spans count surviving words only. ``errors`` lists ``(trace_length, message)``:
    the message happened after that many lines of ``trace`` (DEBUG 2 output) had been produced.
    ``endless`` means evalb's scanner stopped on a bare word and repeats "Reading sentence"
    until the error limit kills it.

    A plain class with slots: one is built per input line.
    """

    __slots__ = ("line", "words", "tags", "length", "brackets", "quote_terms", "errors", "endless", "trace")

    def __init__(self, line: str, words: Optional[list[str]] = None, tags: Optional[list[str]] = None,
                 length: int = 0, brackets: Optional[list[list]] = None) -> None:
        self.line = line
        self.words: list[str] = [] if words is None else words
        self.tags: list[str] = [] if tags is None else tags
        self.length = length
        self.brackets: list[list] = [] if brackets is None else brackets
        self.quote_terms: list[QuoteTerm] = []
        self.errors: list[tuple[int, str]] = []
        self.endless = False
        self.trace: list[str] = []

    @property
    def bad(self) -> bool:
        return bool(self.errors) or self.endless


class ReadOptions(NamedTuple):
    """What the reader needs from the parameters (label sets), and whether to trace."""

    delete: frozenset
    delete_for_length: frozenset
    quote_labels: frozenset
    trace: bool = False

    @classmethod
    def from_params(cls, params: Params, *, trace: bool = False) -> "ReadOptions":
        return cls(
            frozenset(params.delete_labels),
            frozenset(params.delete_labels_for_length),
            frozenset(params.quote_labels),
            trace,
        )


# The common case, read in one findall: "(" label [whitespace word ")"], or ")" / a bare word
# in group 4. Anything unusual (a bare word, unbalanced brackets) goes to the exact scanner.
_FAST_TOKEN = re.compile(rf"\(({_NAME}*)(?:{_WS}+({_NAME}*)(\)))?|(\)|{_NAME}+)")


def read_tree(line: str, options: ReadOptions) -> Tree:
    """Scan one line (evalb's read_line)."""
    if "\0" in line:  # C strings end at NUL
        line = line[: line.index("\0")]
    if not options.trace and not options.quote_labels:
        tree = _read_well_formed(line, options)
        if tree is not None:
            return tree
    return _scan(line, options)


def _read_well_formed(line: str, options: ReadOptions) -> Optional[Tree]:
    """The same result as :func:`_scan` for a line without reading errors, else None.

    Speed matters here (one call per line of large treebanks): one regex pass, one small
    loop over its tokens, no positions kept (they only serve DEBUG 2 output).
    """
    words: list[str] = []
    tags: list[str] = []
    brackets: list[list] = []
    stack: list[list] = []
    add_word, add_tag, add_bracket, push, pop = words.append, tags.append, brackets.append, stack.append, stack.pop
    delete, delete_for_length = options.delete, options.delete_for_length
    terminals = not_counted = wid = 0
    for label, word, terminal, other in _FAST_TOKEN.findall(line):
        if terminal:
            terminals += 1
            if label not in delete:
                add_word(word)
                add_tag(label)
                wid += 1
            if delete_for_length and label in delete_for_length:
                not_counted += 1
        elif other:
            if other != ")" or not stack:
                return None
            pop()[1] = wid
        else:
            bracket = [wid, -1, label]
            push(bracket)
            add_bracket(bracket)
    if stack:
        return None
    return Tree(line, words, tags, terminals - not_counted, brackets)


def _scan(line: str, options: ReadOptions) -> Tree:
    """evalb's scanner, token by token, with errors, quote terminals and the DEBUG 2 trace."""
    tree = Tree(line)
    words, tags, brackets, stack = tree.words, tree.tags, tree.brackets, []
    delete, delete_for_length = options.delete, options.delete_for_length
    quote_labels, tracing = options.quote_labels, options.trace
    trace = tree.trace
    length = 0
    wid = 0
    for m in _TOKEN.finditer(line):
        label, space, word, close, before_open, close_token, bare = m.groups()
        if label is not None:
            if space is not None:
                if tracing:
                    trace.append(f"label={label}, word={word}, wid={wid}\n")
                if close is not None:  # (POS word): a terminal
                    if label not in delete_for_length:
                        length += 1
                    if quote_labels and label in quote_labels and word in QUOTE_WORDS:
                        tree.quote_terms.append(
                            QuoteTerm(word, label, wid, len(brackets), tuple(stack))
                        )
                    if label not in delete:
                        words.append(word)
                        tags.append(label)
                        wid += 1
                    continue
                if before_open is None:
                    # A word followed by whitespace or the end of the line, not by ")".
                    tree.errors.append((len(trace), MSG_TWO_ELEMENTS))
            stack.append(len(brackets))
            brackets.append([wid, -1, label, m.start() + 1 + len(label), -1])
            if word:
                # evalb resumes scanning right after the label and then meets the word.
                tree.endless = True
                break
        elif close_token is not None:
            if stack:
                bracket = brackets[stack.pop()]
                bracket[1] = wid
                bracket[4] = m.start()
            else:
                # Undefined behaviour in evalb (it reads below its stack); JP mode reports it.
                tree.errors.append((len(trace), MSG_TOO_MANY_CLOSE))
        else:
            tree.endless = True
            break
    if stack and not tree.endless:
        tree.errors.append((len(trace), MSG_UNBALANCED))
    tree.length = length
    return tree


_LEAF = re.compile(rf"\(({_NAME}*)|({_NAME}+)")


def leaf_words(line: str, delete: frozenset) -> list[str]:
    """The words of a line that cannot be read as a tree (JP mode aligns on them): every name
    that does not follow "(" directly, except the word of a (POS word) terminal whose POS is
    deleted -- the same words a readable tree would keep."""
    words: list[str] = []
    label: Optional[str] = None
    for open_label, name in _LEAF.findall(line):
        if name:
            if label is None or label not in delete:
                words.append(name)
            label = None
        else:
            label = open_label
    return words


def nesting_depth(line: str) -> int:
    """Deepest bracket nesting of a line (only asked for lines with very many brackets)."""
    depth = deepest = 0
    for ch in line:
        if ch == "(":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif ch == ")":
            depth -= 1
    return deepest


def legacy_lines(stream: BinaryIO) -> Iterator[str]:
    """Lines as evalb's fgets(buff, 5000) returns them, one byte per character."""
    for raw in stream:
        if len(raw) <= LEGACY_LINE_CHUNK:
            yield raw.decode("latin-1")
        else:
            for start in range(0, len(raw), LEGACY_LINE_CHUNK):
                yield raw[start:start + LEGACY_LINE_CHUNK].decode("latin-1")
