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
from typing import BinaryIO, Iterator, Mapping, NamedTuple, Optional

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
    the order of its ``(``; ``end`` is -1 while unclosed. Spans count surviving words only.
    ``errors`` lists ``(trace_length, message)``: the message happened after that many lines
    of ``trace`` (DEBUG 2 output) had been produced. ``endless`` means evalb's scanner stopped
    on a bare word and repeats "Reading sentence" until the error limit kills it.

    A tree read by the fast reader (see :func:`read_tree`) has ``brackets`` None and
    ``spans`` instead: the brackets scoring keeps, ``(start, end, key)`` in the order of their
    ``)``. A plain class with slots: one is built per input line.
    """

    __slots__ = ("line", "words", "tags", "length", "brackets", "spans", "quote_terms", "errors", "endless",
                 "trace")

    def __init__(self, line: str, words: Optional[list[str]] = None, tags: Optional[list[str]] = None,
                 length: int = 0, brackets: Optional[list[list]] = None,
                 spans: Optional[list[tuple[int, int, str]]] = None) -> None:
        self.line = line
        self.words: list[str] = [] if words is None else words
        self.tags: list[str] = [] if tags is None else tags
        self.length = length
        self.brackets: Optional[list[list]] = [] if brackets is None and spans is None else brackets
        self.spans = spans
        self.quote_terms: list[QuoteTerm] = []
        self.errors: list[tuple[int, str]] = []
        self.endless = False
        self.trace: list[str] = []

    @property
    def bad(self) -> bool:
        return bool(self.errors) or self.endless


class ReadOptions(NamedTuple):
    """What the reader needs from the parameters (label sets), and whether to trace.

    ``keys``: raw phrase label -> the label scoring compares, None for a deleted bracket (the
    scorer's :class:`~jp_evalb.scoring.LabelTable`). Given it, the reader returns the scored
    brackets directly (``Tree.spans``) for well-formed lines when nothing needs the bracket
    list itself (no trace, no quote repair).
    """

    delete: frozenset
    delete_for_length: frozenset
    quote_labels: frozenset
    trace: bool = False
    keys: Optional[Mapping[str, Optional[str]]] = None

    @classmethod
    def from_params(cls, params: Params, *, trace: bool = False,
                    keys: Optional[Mapping[str, Optional[str]]] = None) -> "ReadOptions":
        return cls(
            frozenset(params.delete_labels),
            frozenset(params.delete_labels_for_length),
            frozenset(params.quote_labels),
            trace,
            keys,
        )


# The fast reader splits with str.split(), which also takes \x1c-\x1f, \x85, \xa0 and the
# Unicode spaces for whitespace where evalb (C isspace) sees word characters: such lines, and
# lines where "(" is followed by whitespace and a word (a bracket with an empty label and a
# word: evalb reads that differently), go to the exact scanner.
_SPLIT_UNSAFE = re.compile("[\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
_OPEN_SPACE_WORD = re.compile(rf"\({_WS}+[^ \t\n\v\f\r(]")


def read_tree(line: str, options: ReadOptions) -> Tree:
    """Scan one line (evalb's read_line)."""
    if "\0" in line:  # C strings end at NUL
        line = line[: line.index("\0")]
    if options.keys is not None and not options.trace and not options.quote_labels:
        tree = _read_spans(line, options)
        if tree is not None:
            return tree
    return _scan(line, options)


def _read_spans(line: str, options: ReadOptions) -> Optional[Tree]:
    """For a line without reading errors, :func:`_scan` followed by the scorer's bracket
    filter (zero spans and deleted labels out, labels replaced by their keys); else None.

    Speed matters here (one call per line of large treebanks), so the line is cut at every
    "(" (C-level splits), each piece being ``LABEL`` (a phrase) or ``TAG WORD)...`` (a
    terminal and the brackets closing after it), and each bracket is built once, as the tuple
    scoring uses, when its ")" is met. Nothing is checked per piece that a count over the line
    can check: every ")" must be one the pieces account for (none inside a label or a word),
    which holds exactly when there are as many ")" as pieces after the first.
    """
    if _SPLIT_UNSAFE.search(line) is not None or _OPEN_SPACE_WORD.search(line) is not None:
        return None
    pieces = line.split("(")
    if pieces[0].split() or line.count(")") != len(pieces) - 1:  # text before the first "("
        return None
    words: list[str] = []
    tags: list[str] = []
    spans: list[tuple[int, int, str]] = []
    stack: list[tuple[int, str]] = []
    add_word, add_tag, add_span, push, pop = words.append, tags.append, spans.append, stack.append, stack.pop
    delete, delete_for_length, keys = options.delete, options.delete_for_length, options.keys
    terminals = not_counted = wid = 0
    try:
        for piece in pieces[1:]:
            parts = piece.split()
            n = len(parts)
            if n == 1:  # "(LABEL" then "(" or the end of the line
                push((wid, parts[0]))
                continue
            if not n:  # "(" with an empty label
                push((wid, ""))
                continue
            label, closed = parts[0], parts[1]
            word = closed.rstrip(")")
            count = len(closed) - len(word) - 1  # brackets closed after the terminal
            if n > 2:  # more ")" after whitespace, or more words (an error)
                if count < 0:
                    return None
                more = "".join(parts[2:])
                if more.count(")") != len(more):
                    return None
                count += len(more)
            terminals += 1
            if label not in delete:
                add_word(word)
                add_tag(label)
                wid += 1
            if label in delete_for_length:
                not_counted += 1
            if count:
                if count < 0:  # the word is not followed by ")": two words in a bracket
                    return None
                for _ in range(count):
                    start, raw = pop()
                    if start != wid:
                        key = keys[raw]
                        if key is not None:
                            add_span((start, wid, key))
    except IndexError:  # more ")" than open brackets
        return None
    if stack:
        return None
    return Tree(line, words, tags, terminals - not_counted, None, spans)


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


def all_brackets(tree: Tree, options: ReadOptions) -> list[list]:
    """Every phrase bracket of a tree, in the order of its "(" (a tree from the fast reader
    only kept those scoring uses: its line is scanned again)."""
    return tree.brackets if tree.brackets is not None else _scan(tree.line, options).brackets


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
