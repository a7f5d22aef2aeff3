"""Reading trees exactly as evalb does: one tree per line, scanned left to right.

This module is the only place where the bracketed tree format is parsed. It reproduces evalb's
``read_line``: which brackets are terminals, which words are dropped by DELETE_LABEL, how the
length ``Len`` is counted, where phrase brackets start and end (indices over surviving words),
the quote terminals recorded for QUOTE_LABEL, and the reading errors with the point at which
they happen (so that the error limit can kill the run at the same place as evalb).

Lines are handled as ``str`` decoded one byte per character (latin-1) in legacy mode, so every
width and every printed byte is the original's; JP mode decodes UTF-8 instead. How a file is
cut into those lines, and evalb's line buffer, are :mod:`jp_evalb.lines`. Three readers, from
the top: :func:`read_tree` picks one; the fast reader (:func:`_read_spans`, or its C
accelerator) reads a well-formed line straight into the brackets
scoring keeps; the scanner (:func:`_scan`) reads any line token by token as evalb does, errors
and trace included. Last come the helpers of JP mode for lines that are not read as trees.
"""
from __future__ import annotations

import re
from itertools import accumulate
from typing import Any, Callable, Mapping, NamedTuple, Optional, Protocol

from . import accelerator
from .lines import LineBuffer
from .params import Params

__all__ = [
    "AcceleratedReader", "QUOTE_WORDS", "MSG_TWO_ELEMENTS", "MSG_READING",
    "MSG_UNBALANCED", "MSG_TOO_MANY_CLOSE", "UNDEFINED_LINE_END", "QuoteTerm", "Tree", "ReadOptions", "read_tree",
    "C_SPACE", "PIECE_MEMO_SIZE", "PIECE_MEMO_LENGTH", "PHRASE", "LONG_LABEL", "LONG_WORD", "all_brackets",
    "leaf_words", "nesting_depth",
]

# The optional C accelerator's reader (jp_evalb.accelerator): the same trees as _read_spans,
# several times faster on ASCII lines; None where it is not compiled or left out.
AcceleratedReader: Optional[Callable[..., "SpanReader"]] = accelerator.Reader

# C isspace() ("C" locale) and evalb's is_terminator(): whitespace, "(" and ")".
_WS = r"[ \t\n\v\f\r]"
_NAME = r"[^ \t\n\v\f\r()]"
# One token per match:
#   "(" label [whitespace word [")" | before "("]]   -> groups 1-5
#   ")"                                              -> group 6
#   a bare word (evalb: "Reading sentence" forever)  -> group 7
# Whitespace between tokens matches nothing and is skipped, as in evalb's scanner.
_TOKEN = re.compile(rf"\(({_NAME}*)(?:({_WS}+)({_NAME}*)(?:(\))|(?=(\()))?)?|(\))|({_NAME}+)")
QUOTE_WORDS = ("'", '"', "/")

MSG_TWO_ELEMENTS = "More than two elements in a bracket\n"
MSG_READING = "Reading sentence\n"
MSG_UNBALANCED = "Bracketing is unbalanced (too many open bracket)\n"
MSG_TOO_MANY_CLOSE = "Bracketing unbalance (too many close bracket)\n"
UNDEFINED_LINE_END = "a bracket's label or word runs past the end of evalb's 5000-byte line buffer"


class SpanReader(Protocol):
    """The C accelerator's reader (``jp_evalb._fastread.Reader(keys, delete,
    delete_for_length)``): :func:`_read_spans` of one line, in C."""

    def read_spans(self, line: str) -> Any:
        """``(words, tags, length, spans)`` of a well-formed line, None for a line the scanner
        must read, NotImplemented for a line with a NUL."""


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

    A tree read by the fast reader (see :func:`read_tree`; no label longer than 29
    characters, no word longer than 99) has ``brackets`` None and ``spans`` instead: the brackets scoring keeps, ``(start, end, key)`` in the order of their
    ``)``. A plain class with slots: one is built per input line.
    """

    __slots__ = ("line", "words", "tags", "length", "brackets", "spans", "quote_terms", "errors", "endless",
                 "underflow", "undefined", "trace")

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
        self.underflow = False  # a ")" closed no bracket of the line (see _scan)
        self.undefined: Optional[str] = None  # why evalb's reading of the line is undefined
        self.trace: list[str] = []

    @classmethod
    def well_formed(cls, line: str, words: list[str], tags: list[str], length: int,
                    spans: list[tuple[int, int, str]]) -> "Tree":
        """A tree from the fast reader: no errors, no trace, no quote terminals (empty tuples,
        which nothing appends to), built without ``__init__`` (one per input line)."""
        tree = _new_tree(cls)
        tree.line, tree.words, tree.tags, tree.length, tree.brackets, tree.spans = line, words, tags, length, None, spans
        tree.quote_terms = tree.errors = tree.trace = _NOTHING
        tree.endless = tree.underflow = False
        tree.undefined = None
        return tree

    @property
    def bad(self) -> bool:
        return bool(self.errors) or self.endless


_new_tree = object.__new__
# The quote terminals, errors and trace of a well-formed tree: an empty tuple shared by all,
# which nothing appends to (typed as the lists of a scanned tree).
_NOTHING: Any = ()


class ReadOptions(NamedTuple):
    """What the reader needs from the parameters (label sets), and whether to trace.

    ``keys``: raw phrase label -> the label scoring compares, None for a deleted bracket (the
    scorer's :class:`~jp_evalb.brackets.LabelTable`). Given it, the reader returns the scored
    brackets directly (``Tree.spans``) for well-formed lines when nothing needs the bracket
    list itself (no trace, no quote repair); ``pieces`` then caches what each piece of a line
    means (see :func:`_read_spans`) for the run.
    """

    delete: frozenset
    delete_for_length: frozenset
    quote_labels: frozenset
    trace: bool = False
    keys: Optional[Mapping[str, Optional[str]]] = None
    pieces: Optional[dict] = None
    below: Optional[dict] = None  # evalb's bracket stack below its bottom, for the run (see _scan)
    # Where the ")" of each bracket number was last met in this file (see _scan); a reader of
    # one file: ``options._replace(closed_at={})`` for the other.
    closed_at: Optional[dict] = None
    # Legacy mode: evalb's line buffer (:class:`LineBuffer`), so that a label or word running
    # into the end of a line is read on as evalb reads it; None in JP mode, where the line
    # ends at its newline.
    buffer: Optional[LineBuffer] = None
    # The C accelerator's reader of the run (jp_evalb._fastread.Reader, with ``keys``), or None.
    accelerated: Optional[SpanReader] = None

    @classmethod
    def from_params(cls, params: Params, *, trace: bool = False,
                    keys: Optional[Mapping[str, Optional[str]]] = None) -> "ReadOptions":
        # evalb_spmrl keeps every terminal as a word, whatever DELETE_LABEL says.
        delete = frozenset(params.delete_labels) if params.variant.delete_words else frozenset()
        delete_for_length = frozenset(params.delete_labels_for_length)
        accelerated = None
        if keys is not None and AcceleratedReader is not None:
            accelerated = AcceleratedReader(keys, delete, delete_for_length)
        return cls(delete, delete_for_length, frozenset(params.quote_labels), trace, keys,
                   None if keys is None else {}, {}, {}, None, accelerated)


def read_tree(line: str, options: ReadOptions) -> Tree:
    """Scan one line (evalb's read_line)."""
    if options.buffer is not None:
        options.buffer.write(line)
    if options.accelerated is not None and not options.trace and not options.quote_labels:
        read = options.accelerated.read_spans(line)  # (NotImplemented for a line with a NUL)
        if read is not NotImplemented:
            if read is not None:
                return Tree.well_formed(line, *read)
            return _scan(line, options)
    if options.pieces is not None and not options.trace and not options.quote_labels and "\0" not in line:
        tree = _read_spans(line, options)
        if tree is not None:
            return tree
    return _scan(line, options)


C_SPACE = " \t\n\v\f\r"  # C isspace() in the "C" locale
# Characters str.split() takes for whitespace and C's isspace() does not (compiled on first use).
_SPLIT_UNSAFE = "[\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
# Pieces remembered per run, and the longest: at most a few MB (PTB section 23 has 15,875).
PIECE_MEMO_SIZE = 1 << 14
PIECE_MEMO_LENGTH = 100
PHRASE = -1  # first field of the meaning of a piece that opens a phrase bracket
# Labels and words longer than evalb's buffers take (jp_evalb.limits) are left to the scanner,
# so that a tree from the fast reader needs no check of their lengths.
LONG_LABEL, LONG_WORD = 29, 99


def _read_spans(line: str, options: ReadOptions) -> Optional[Tree]:
    """For a line without reading errors, :func:`_scan` followed by the scorer's bracket
    filter (zero spans and deleted labels out, labels replaced by their keys); else None.

    Speed matters here (one call per line of large treebanks). The line is cut at every "(";
    each piece is ``LABEL`` (a phrase bracket) or ``TAG WORD)...`` (a terminal and the brackets
    closing after it). Treebanks repeat their pieces (PTB section 23: 206,459 pieces, 15,875
    different ones), so what a piece means is worked out once per run (:func:`_piece`) and
    remembered. Each bracket is built once, as the tuple scoring uses, when its ")" is met.
    """
    pieces = line.rstrip(C_SPACE).split("(")
    if pieces[0].strip(C_SPACE):  # text before the first "("
        return None
    memo = options.pieces
    assert memo is not None  # (read_tree reads spans only with a memo)
    recall = memo.get
    words: list[str] = []
    tags: list[str] = []
    spans: list[tuple[int, int, str]] = []
    stack: list = []  # start, key of each open phrase bracket
    add_word, add_tag, add_span, push, pop = words.append, tags.append, spans.append, stack.append, stack.pop
    length = wid = 0
    try:
        for piece in pieces[1:]:
            meaning = recall(piece)
            if meaning is None:
                meaning = _piece(piece, options)
                if meaning is None:
                    return None
                if len(memo) < PIECE_MEMO_SIZE and len(piece) <= PIECE_MEMO_LENGTH:
                    memo[piece] = meaning
            closing, word, tag, kept, counted = meaning
            if closing < 0:  # PHRASE: its start and key (in ``word``), pushed flat
                push(wid)
                push(word)
                continue
            if kept:
                add_word(word)
                add_tag(tag)
                wid += 1
            length += counted
            while closing:
                closing -= 1
                key = pop()
                start = pop()
                if key is not None and start != wid:
                    add_span((start, wid, key))
    except IndexError:  # more ")" than open brackets
        return None
    if stack:
        return None
    return Tree.well_formed(line, words, tags, length, spans)


def _piece(piece: str, options: ReadOptions) -> Optional[tuple]:
    """What the text between a "(" and the next "(" means, if evalb reads it without error
    and the same way as str.split() cuts it (else None):

    * ``(closing, word, tag, kept, counted)``: a terminal, then ``closing`` brackets close;
      ``kept``: the word is not deleted, ``counted``: 1 if it counts for the length;
    * ``(PHRASE, key, None, False, 0)``: a phrase bracket opens (key: the bracket's scoring
      key, None if the scorer drops it). Five items like a terminal's, so that the reader
      unpacks every meaning the same way.

    Every ")" of a piece must be one of those closing brackets (a ")" inside a label or a word
    is read differently by evalb), so a line whose pieces all have a meaning is well formed
    but for the balance of its brackets, which :func:`_read_spans` checks.
    """
    parts = piece.split()
    n = len(parts)
    if n and piece[0] in C_SPACE:
        return None  # "(" followed by whitespace and a word
    if not (piece.isascii() and piece.isprintable()) and re.search(_SPLIT_UNSAFE, piece) is not None:
        return None
    if n < 2:
        label = parts[0] if n else ""
        if ")" in label or len(label) > LONG_LABEL:
            return None
        keys = options.keys
        assert keys is not None  # (read_tree reads spans only with the scorer's keys)
        return PHRASE, keys[label], None, False, 0
    label, closed = parts[0], parts[1]
    word = closed.rstrip(")")
    closing = len(closed) - len(word) - 1
    if closing < 0 or ")" in label or ")" in word or len(label) > LONG_LABEL or len(word) > LONG_WORD:
        return None
    if n > 2:  # more ")" after whitespace, or more words (an error)
        more = "".join(parts[2:])
        if more.count(")") != len(more):
            return None
        closing += len(more)
    return (closing, word, label, label not in options.delete, int(label not in options.delete_for_length))


def _scan(line: str, options: ReadOptions) -> Tree:
    """evalb's scanner, token by token, with errors, quote terminals and the DEBUG 2 trace.

    Observed behaviour of evalb on malformed lines (checked against the compiled program):

    * A NUL byte where a token starts ends the line; inside a label or a word it is read
      like any other byte, and the label or word is then compared up to the NUL (C strings).
      So a label or word that runs into the end of the line (the NUL after it) goes on into
      what earlier lines left in evalb's buffer (``options.buffer``, legacy mode): ``(NP`` at
      the end of a line, a last line ``(`` without newline. JP mode ends the line at its
      newline instead and reports such a line as unreadable.
    * A ")" with no bracket open reads evalb's bracket stack below its bottom: the first such
      ")" of a nesting level below zero is silent, deeper ones are "too many close bracket"
      errors, and each closes (sets the end of) the bracket whose number was last stored in
      that slot below the stack -- by a "(" met at that negative level, in this line or an
      earlier one of either file (``options.below``), 0 if none. A line whose level does
      not end at 0 has the "too many open bracket" error.
    * A bracket left open keeps, for the DEBUG 2 text of the bracket, the position of the
      ")" that last closed a bracket of the same number in the same file
      (``options.closed_at``), as a sixth item.
    """
    brackets: list[list] = []
    tree = Tree(line, brackets=brackets)
    words, tags = tree.words, tree.tags
    stack: list[int] = []
    delete, delete_for_length = options.delete, options.delete_for_length
    quote_labels, tracing = options.quote_labels, options.trace
    below = options.below if options.below is not None else {}
    closed_at = options.closed_at if options.closed_at is not None else {}
    trace = tree.trace
    if options.buffer is None:  # JP mode: the line ends at its newline
        text = line
        end = len(line) - 1 if line.endswith("\n") else len(line)
    elif line.rstrip(C_SPACE).endswith(")"):
        text = line + "\0"  # (no label or word can run into the end of this line)
        end = len(text)
    else:
        text = options.buffer.text()
        end = len(text)
    has_nul = "\0" in text
    length = 0
    wid = 0
    level = 0  # evalb's stack pointer: brackets open, negative after too many ")"
    for m in _TOKEN.finditer(text, 0, end):
        label, space, raw_word, close, before_open, close_token, bare = m.groups()
        if label is not None:
            if m.end() == end and close is None and before_open is None:
                # JP mode: a label or word running into the end of the line (legacy mode: into
                # the end of evalb's buffer) -- evalb reads on into memory.
                tree.undefined = UNDEFINED_LINE_END
            word = raw_word
            if has_nul:
                label = label.split("\0", 1)[0]
                if word:
                    word = word.split("\0", 1)[0]
            if space is not None:
                if tracing:
                    trace.append(f"label={label}, word={word}, wid={wid}\n")
                if close is not None:  # (POS word): a terminal
                    if label not in delete_for_length:
                        length += 1
                    # (Below the bottom of its stack evalb's quote repair does not find it.)
                    if quote_labels and label in quote_labels and word in QUOTE_WORDS and level >= 0:
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
            if level >= 0:
                stack.append(len(brackets))
            else:
                below[level] = len(brackets)
            level += 1
            brackets.append([wid, -1, label, m.start() + 1 + len(m.group(1)), -1])
            if raw_word:
                # evalb resumes scanning right after the label and then meets the word: a
                # bare word, or a NUL that ends the line.
                tree.endless = raw_word[0] != "\0"
                break
        elif close_token is not None:
            level -= 1
            if level >= 0:
                number = stack.pop()
            else:
                tree.underflow = True
                number = below.get(level, 0)
                if level < -1:
                    tree.errors.append((len(trace), MSG_TOO_MANY_CLOSE))
            if number < len(brackets):
                bracket = brackets[number]
                bracket[1] = wid
                bracket[4] = m.start()
            closed_at[number] = m.start()
        elif bare[0] == "\0":  # a C string ends here
            break
        else:
            tree.endless = True
            break
    if level != 0 and not tree.endless:
        tree.errors.append((len(trace), MSG_UNBALANCED))
        for number, bracket in enumerate(brackets):
            if bracket[1] < 0:
                bracket.append(closed_at.get(number, 0))
    tree.length = length
    return tree


def all_brackets(tree: Tree, options: ReadOptions) -> list[list]:
    """Every phrase bracket of a tree, in the order of its "(" (a tree from the fast reader
    only kept those scoring uses: its line is scanned again)."""
    if tree.brackets is not None:
        return tree.brackets
    brackets = _scan(tree.line, options).brackets
    assert brackets is not None  # (a scanned tree lists every bracket)
    return brackets


_LEAF = rf"\(({_NAME}*)|({_NAME}+)"


def leaf_words(line: str, delete: frozenset) -> list[str]:
    """The words of a line that cannot be read as a tree (JP mode aligns on them): every name
    that does not follow "(" directly, except the word of a (POS word) terminal whose POS is
    deleted -- the same words a readable tree would keep."""
    words: list[str] = []
    label: Optional[str] = None
    for open_label, name in re.findall(_LEAF, line):
        if name:
            if label is None or label not in delete:
                words.append(name)
            label = None
        else:
            label = open_label
    return words


_NOT_BRACKET = re.compile(r"[^()]+")
_BRACKET_STEP = {"(": 1, ")": -1}


def nesting_depth(line: str) -> int:
    """Deepest bracket nesting of a line (only asked for lines with very many brackets).

    The running depth is the running sum of +1 per "(" and -1 per ")"; it is computed by C
    loops (re, map, accumulate, max), not a Python loop over the line's characters.
    """
    brackets = _NOT_BRACKET.sub("", line)
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets), initial=0))
