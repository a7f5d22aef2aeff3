"""The one CoNLL-U reader of jp_conll18 (and of jp_preprocess, which imports it).

It follows conll18_ud_eval.py 1.2 line for line in what it accepts and rejects, raises the
same ``UDError`` messages in the same order, and adds the file name and line number to each
error. It yields one sentence at a time, so callers hold only what they buffer; the
original's whole-file ``UDRepresentation`` is built from these sentences by ``load_conllu``.
"""
from __future__ import annotations

import re
import sys
import unicodedata
from collections import deque
from contextlib import closing
from dataclasses import dataclass
from typing import Callable, FrozenSet, Iterable, Iterator, Optional, TextIO, Tuple

from jp_shims.errors import InputError

from .enhanced import process_enhanced_deps, resolve_word_edges
from .model import (DEPREL, DEPS, FEATS, FORM, HEAD, ID, UNIVERSAL_FEATURES, Sentence, UDError,
                    UDRepresentation, UDSpan, UDWord)

_TEN_COLUMNS = "The CoNLL-U line does not contain 10 tab-separated columns: '{}'"
_BOM = "\ufeff"
# What JP mode quotes of an offending line or field: enough to find it, never megabytes.
QUOTE_LIMIT = 80
# Bytes that are not UTF-8, as the "surrogateescape" error handler decodes them.
_ESCAPED_BYTE = re.compile("[\udc80-\udcff]")


def _whole(text: str) -> str:
    return text


def shorten(text: str) -> str:
    """TEXT cut to its first ``QUOTE_LIMIT`` characters (``...`` marks the cut): how JP mode
    quotes input in an error message."""
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "..."


def strip_zs(form: str) -> str:
    """FORM without Unicode space separators (category Zs), as the original compares it."""
    if form.isascii():
        # U+0020 is the only ASCII character of category Zs.
        return form.replace(" ", "") if " " in form else form
    return "".join(c for c in form if unicodedata.category(c) != "Zs")


def _universal_feats(feats: str, cache: dict) -> str:
    """Universal features only, sorted as strings (the original's UFeats key)."""
    kept = cache.get(feats)
    if kept is None:
        kept = "|".join(sorted(f for f in feats.split("|") if f.split("=", 1)[0] in UNIVERSAL_FEATURES))
        cache[feats] = kept
    return kept


def _make_word(span: UDSpan, columns: list, is_multiword: bool, line: int, cache: dict) -> UDWord:
    feats = cache.get(columns[FEATS])
    if feats is None:
        feats = _universal_feats(columns[FEATS], cache)
    columns[FEATS] = feats
    deprel = columns[DEPREL]
    if ":" in deprel:
        columns[DEPREL] = deprel.split(":")[0]
    return UDWord(span, columns, is_multiword, line)


@dataclass(frozen=True)
class ReaderOptions:
    """What to read besides conll18 v1.2's columns. The default is conll18 v1.2 exactly.

    ``udeval``: the current UD scorer (UD tools ``eval.py`` / pip ``udeval``): line numbers in
    its messages, its multi-word-token and empty-sentence rules, and the DEPS column parsed,
    resolved and filtered (``enhanced.py``). ``filters``: its ``--enhancements``;
    ``no_empty_nodes``: empty nodes are errors; ``multiple_roots_okay``: several HEAD=0 words
    allowed. ``recursion_limit``: raise RecursionError where the original's recursive head
    walk would exceed it (legacy mode only; JP mode never does).
    """

    udeval: bool = False
    filters: FrozenSet[int] = frozenset()
    no_empty_nodes: bool = False
    multiple_roots_okay: bool = False
    recursion_limit: Optional[int] = None


CONLL18 = ReaderOptions()
# Python frames above the originals' recursive ``process_word`` when they run as scripts
# (<module>, main, evaluate_wrapper, load_conllu_file, load_conllu): a head chain needing
# ``limit - ORIGINAL_BASE_DEPTH`` nested calls raises RecursionError there.
ORIGINAL_BASE_DEPTH = 5
RECURSION_MESSAGE = "maximum recursion depth exceeded in comparison"


def original_recursion_limit() -> int:
    """Nested head-walk calls the original manages under this interpreter's recursion limit."""
    return sys.getrecursionlimit() - ORIGINAL_BASE_DEPTH


# How words resolve DEPS heads: ``_History`` keeps the words of the last sentences, so a
# negative head reaches back as the original's list indexing does, with bounded memory.
HISTORY_SENTENCES = 64


class _History:
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


class _Messages:
    """The original's error texts: conll18 v1.2's, or the current scorer's with line numbers."""

    def __init__(self, udeval: bool):
        self.udeval = udeval

    def at(self, text: str, line: int) -> str:
        return f"{text} at line {line}" if self.udeval else text

    def ten_columns(self, line_text: str, line: int) -> str:
        if self.udeval:
            return f"The CoNLL-U line does not contain 10 tab-separated columns at line {line}: '{line_text}'"
        return _TEN_COLUMNS.format(line_text)

    def outside(self, head: str, line: int) -> str:
        text = "HEAD '{}' points outside of the sentence".format(head)
        return f"{text} that ends at line {line}" if self.udeval else text

    def cycle(self, line: int) -> str:
        return f"There is a cycle in the sentence that ends at line {line}" if self.udeval \
            else "There is a cycle in a sentence"


def _link_basic_heads(words: list, path: Optional[str], quote: Callable[[str], str], options: ReaderOptions,
                      closing_line: Optional[int]) -> None:
    """Set every word's parent (the original's recursive ``process_word``, iterative). An
    error carries ``word_index``: the word whose head chain was being followed."""
    messages = _Messages(options.udeval)
    udeval = options.udeval
    limit = options.recursion_limit
    n = len(words)
    state = [0] * n  # 0 = not visited, 1 = on the chain being followed, 2 = done
    for i in range(n):
        chain = []
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
                    error.path, error.line, error.head = path, word.line, word.columns[HEAD]
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
            error.word_index = i
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
                error.path, error.line = path, word.line
                error.jp_message = ("DEPS head '{}' points outside of the sentence" if isinstance(error, IndexError)
                                    else "DEPS head '{}' is not a word number").format(shorten(error.deps_head))
            raise


def _link_heads(words: list, path: Optional[str], quote: Callable[[str], str] = _whole,
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


def iter_sentences(lines: Iterable[str], path: Optional[str] = None, *,
                   legacy: bool = False, options: ReaderOptions = CONLL18) -> Iterator[Sentence]:
    """Parse CoNLL-U text (lines with their newline, as a text file gives them) into sentences.

    ``path`` only labels errors. Character offsets run on across sentences, as in the
    original's single character stream. Raises ``UDError`` (with ``path``/``line``) or, where
    the original does, ``ValueError``/``IndexError``. Messages quote the offending input
    whole with ``legacy`` (the original's text), else shortened to ``QUOTE_LIMIT``
    characters. ``options`` selects the original (conll18 v1.2 by default, see
    ``ReaderOptions``).
    """
    quote: Callable[[str], str] = _whole if legacy else shorten
    messages = _Messages(options.udeval)
    udeval = options.udeval
    history = _History() if udeval else None
    feats_cache: dict = {}
    deps_cache: dict = {}
    it = iter(lines)
    lineno = 0
    index = 0
    open_sentence = False
    start = 0
    first_line = 0
    tokens: list = []
    forms: list = []
    token_lines: list = []
    words: list = []
    for raw in it:
        lineno += 1
        line = raw.rstrip("\r\n")
        if not open_sentence:
            if line.startswith("#"):
                continue
            open_sentence = True
            start = index
            first_line = lineno
            tokens, forms, token_lines, words = [], [], [], []
        if not line:
            try:
                _link_heads(words, path, quote, options, lineno,
                            history.word_at(words) if history is not None else None)
            except UDError as error:
                if error.line is None:
                    error.line = lineno
                raise
            if history is not None:
                history.add(words)
            yield Sentence(UDSpan(start, index, first_line), tokens, forms, token_lines, words, first_line)
            open_sentence = False
            continue

        columns = line.split("\t")
        if len(columns) != 10:
            raise UDError(messages.ten_columns(quote(line), lineno), path, lineno)
        word_id = columns[ID]
        if "." in word_id:
            if options.no_empty_nodes:
                raise UDError(_EMPTY_NODE.format(lineno, quote(line)), path, lineno)
            continue  # empty node: no characters, not scored
        form = strip_zs(columns[FORM])
        if not form:
            raise UDError(messages.at("There is an empty FORM in the CoNLL-U file", lineno), path, lineno)
        columns[FORM] = form
        span = UDSpan(index, index + len(form), lineno)
        index += len(form)
        tokens.append(span)
        forms.append(form)
        token_lines.append(lineno)

        if "-" in word_id:
            try:
                first, last = map(int, word_id.split("-"))
            except Exception:
                raise UDError(messages.at("Cannot parse multi-word token ID '{}'".format(quote(word_id)), lineno),
                              path, lineno) from None
            if udeval:
                lineno = _read_udeval_multiword(it, last - first + 1, line, lineno, span, words, feats_cache,
                                                deps_cache, options, messages, path, quote)
                continue
            for _ in range(first, last + 1):
                raw_word = next(it, "")
                if raw_word:
                    lineno += 1
                word_line = raw_word.rstrip("\r\n")
                word_columns = word_line.split("\t")
                if len(word_columns) != 10:
                    raise UDError(_TEN_COLUMNS.format(quote(word_line)), path, lineno + (0 if raw_word else 1))
                words.append(_make_word(span, word_columns, True, lineno, feats_cache))
        else:
            try:
                number = int(word_id)
            except Exception:
                raise UDError(messages.at("Cannot parse word ID '{}'".format(quote(word_id)), lineno),
                              path, lineno) from None
            expected = len(words) + 1
            if number != expected:
                raise UDError(messages.at("Incorrect word ID '{}' for word '{}', expected '{}'".format(
                    quote(word_id), quote(form), expected), lineno),
                              path, lineno)
            try:
                head = int(columns[HEAD])
            except Exception:
                raise UDError(messages.at("Cannot parse HEAD '{}'".format(quote(columns[HEAD])), lineno),
                              path, lineno) from None
            if head < 0:
                raise UDError(messages.at("HEAD cannot be negative", lineno), path, lineno)
            if udeval:
                parsed = deps_cache.get(columns[DEPS])
                columns[DEPS] = _parsed_deps(columns[DEPS], path, lineno, deps_cache) if parsed is None else parsed
            words.append(_make_word(span, columns, False, lineno, feats_cache))

    if open_sentence:
        raise UDError("The CoNLL-U file does not end with empty line", path, lineno)


_EMPTY_NODE = "The collapsed CoNLL-U line still contains empty nodes at line {}: {}"


# Distinct DEPS texts remembered at most (most files repeat a few thousand: ``2:nsubj``).
DEPS_CACHE_SIZE = 65536


def _parsed_deps(deps: str, path: Optional[str], line: int, cache: dict) -> list:
    """DEPS items of one word, parsed once per distinct text. Items are shared between words
    with the same DEPS text; nothing modifies them (resolution builds new lists)."""
    parsed = cache.get(deps)
    if parsed is not None:
        return parsed
    try:
        parsed = process_enhanced_deps(deps)
    except ValueError as error:  # the original's plain ValueError; JP mode names the place
        error.path, error.line = path, line
        error.jp_message = "cannot parse DEPS '{}': an item has no ':'".format(shorten(deps))
        raise
    if len(cache) >= DEPS_CACHE_SIZE:
        cache.clear()
    cache[deps] = parsed
    return parsed


def _read_udeval_multiword(it: Iterator[str], count: int, range_line: str, lineno: int, span: UDSpan,
                           words: list, feats_cache: dict, deps_cache: dict, options: ReaderOptions,
                           messages: _Messages,
                           path: Optional[str], quote: Callable[[str], str]) -> int:
    """The words of a multi-word token as the current scorer reads them: ``count`` word lines,
    empty nodes in between skipped (or rejected, quoting the range line), a blank line or the
    end of the file before the last word an error. Returns the last line number read."""
    taken = 0
    while taken < count:
        raw = next(it, None)
        if raw is None or not raw.rstrip("\r\n"):
            raise UDError(f"The CoNLL-U file ends in an unfinished MWT at line {lineno}", path, lineno)
        lineno += 1
        word_line = raw.rstrip("\r\n")
        word_columns = word_line.split("\t")
        if len(word_columns) != 10:
            raise UDError(messages.ten_columns(quote(word_line), lineno), path, lineno)
        if "." in word_columns[ID]:
            if options.no_empty_nodes:
                raise UDError(_EMPTY_NODE.format(lineno, quote(range_line)), path, lineno)
            continue
        word_columns[DEPS] = _parsed_deps(word_columns[DEPS], path, lineno, deps_cache)
        words.append(_make_word(span, word_columns, True, lineno, feats_cache))
        taken += 1
    return lineno


def open_conllu(path: str) -> TextIO:
    """Open a CoNLL-U file as the original does: UTF-8, universal newlines."""
    return open(path, mode="r", encoding="utf-8")


def iter_conllu_lines(path: str, *, legacy: bool = False) -> Iterator[str]:
    """The lines of the CoNLL-U file at ``path``, each ending with ``"\\n"`` but perhaps the
    last: the one place where CoNLL-U bytes become lines, for every tool of the project.

    Lines end at LF, CRLF or a lone CR (the universal newlines the original reads with).
    ``legacy`` decodes exactly as the original (a BOM stays part of the first line, invalid
    UTF-8 raises Python's ``UnicodeDecodeError``). Otherwise (JP mode) a UTF-8 BOM at the
    start of the file is skipped and invalid UTF-8 raises ``UDError`` naming the line, the
    byte and its column. The file is opened on the first ``next``.
    """
    if legacy:
        with open_conllu(path) as handle:
            yield from handle
        return
    with open(path, mode="r", encoding="utf-8", errors="surrogateescape") as handle:
        for number, line in enumerate(handle, 1):
            if number == 1 and line.startswith(_BOM):
                line = line[1:]
            if not line.isascii():
                bad = _ESCAPED_BYTE.search(line)
                if bad is not None:
                    column = len(line[:bad.start()].encode("utf-8")) + 1
                    raise UDError("invalid UTF-8 (byte 0x{:02x} at column {})".format(
                        ord(bad.group()) - 0xDC00, column), path, number)
            yield line


def iter_sentences_from_file(path: str, *, legacy: bool = False,
                             options: ReaderOptions = CONLL18) -> Iterator[Sentence]:
    """Sentences of the CoNLL-U file at ``path``, read lazily (the file is opened on the
    first ``next``, so an unreadable file is reported in the order the files are consumed).
    ``legacy``: the original's decoding and messages (see ``iter_conllu_lines``);
    ``options``: which original (see ``ReaderOptions``)."""
    if legacy:
        # closing(): the file is closed as soon as reading stops, also on an error (the
        # traceback would otherwise keep the suspended line generator, and its file, alive)
        try:
            with closing(iter_conllu_lines(path, legacy=True)) as lines:
                yield from iter_sentences(lines, path, legacy=True, options=options)
        except UnicodeDecodeError as error:
            error.path = path  # which file (legacy decoding only)
            raise
        return
    # JP mode: every error of the input is jp-shims' InputError (UDError is one); an
    # exception the input did not cause propagates as it is.
    try:
        with closing(iter_conllu_lines(path)) as lines:
            yield from iter_sentences(lines, path, options=options)
    except (ValueError, IndexError, OSError) as error:
        located = input_error(error, path)
        if located is None:
            raise
        raise located from error


def read_token_sentences(path: str) -> Iterator[list]:
    """Token FORMs of each sentence of a CoNLL-U file, streamed (JP mode's decoding).

    One list of strings per sentence; a multi-word token gives its surface form (the ``1-2``
    line), its words are not listed; empty nodes are skipped; Unicode space separators (Zs)
    are removed from FORMs, as conll18_ud_eval does. Format errors raise ``UDError`` with
    ``.path`` and ``.line`` set (``describe_error`` turns any read error into one message).
    """
    for sentence in iter_sentences_from_file(path):
        yield sentence.token_forms


def input_error(error: BaseException, path: Optional[str] = None) -> Optional[InputError]:
    """``error`` as jp-shims' :class:`InputError` (FILE, LINE, message worded by
    :func:`describe_error`) when the input caused it: a ``UDError``, the original's
    ``ValueError``/``IndexError`` of a bad HEAD or DEPS head (marked where the reader reads
    them), an ``OSError`` of reading the file. None for anything else: a bug, not bad input."""
    if isinstance(error, InputError):
        return error
    if isinstance(error, OSError) or hasattr(error, "jp_message") or hasattr(error, "head"):
        where, line, message = describe_error(error)
        return InputError(where or path, line, message)
    return None


def describe_error(error: BaseException) -> Tuple[Optional[str], Optional[int], str]:
    """``(path, line, message)`` of an error raised while reading CoNLL-U in JP mode, for a
    one-line ``FILE:LINE: message``: an ``InputError`` (``UDError`` among them), the
    original's ``ValueError`` for a bad HEAD inside a multi-word token, or an ``OSError``
    of opening the file."""
    if isinstance(error, UDError):
        return error.path, error.line, str(error).replace("\n", " ")
    if isinstance(error, InputError):
        return error.file, error.line, error.message
    if isinstance(error, OSError):
        return error.filename, None, error.strerror or str(error)
    if hasattr(error, "jp_message"):  # the original's ValueError/IndexError of the DEPS column
        return getattr(error, "path", None), getattr(error, "line", None), error.jp_message
    if hasattr(error, "head"):  # int() of a HEAD inside a multi-word token (see _link_heads)
        return error.path, error.line, "Cannot parse HEAD '{}'".format(shorten(error.head))
    return getattr(error, "path", None), getattr(error, "line", None), str(error)


def load_conllu(file: TextIO, path: Optional[str] = None, treebank_type: Optional[dict] = None) -> UDRepresentation:
    """The original's ``load_conllu``: read an open text file completely (anything with
    ``readline`` will do, as for the original). ``path`` and ``treebank_type`` are accepted
    because later copies of the script (stanza's) pass them: ``path`` names the file in
    messages, ``treebank_type`` (enhanced-graph options) does not change v1.2's reading."""
    lines = file if hasattr(file, "__iter__") else iter(file.readline, "")
    if path is None:
        path = getattr(file, "name", None)
    return UDRepresentation(list(iter_sentences(lines, path, legacy=True)), path)


def load_conllu_file(path: str, treebank_type: Optional[dict] = None) -> UDRepresentation:
    """The original's ``load_conllu_file`` (``treebank_type`` accepted and ignored, see
    ``load_conllu``)."""
    return UDRepresentation(list(iter_sentences_from_file(path, legacy=True)), path)
