"""The one CoNLL-U reader of jp_conll18 (and of jp_preprocess, which imports it).

It follows conll18_ud_eval.py 1.2 line for line in what it accepts and rejects, raises the
same ``UDError`` messages in the same order, and adds the file name and line number to each
error. It yields one sentence at a time, so callers hold only what they buffer; the
original's whole-file ``UDRepresentation`` is built from these sentences by ``load_conllu``.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Callable, Iterable, Iterator, Optional, TextIO, Tuple

from .model import (DEPREL, FEATS, FORM, HEAD, ID, UNIVERSAL_FEATURES, Sentence, UDError,
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


def _link_heads(words: list, path: Optional[str], quote: Callable[[str], str] = _whole) -> None:
    """Set parents and functional children; reject bad heads, cycles and root counts.

    Same checks and the same first error as the original's recursive ``process_word``, but
    iterative: a head chain of any length cannot exhaust the Python stack.
    """
    n = len(words)
    state = [0] * n  # 0 = not visited, 1 = on the chain being followed, 2 = done
    for i in range(n):
        chain = []
        j = i
        while state[j] != 2:
            word = words[j]
            if state[j] == 1:
                raise UDError("There is a cycle in a sentence", path, word.line)
            try:
                head = int(word.columns[HEAD])
            except ValueError as error:
                # The original lets this ValueError escape (a bad HEAD inside a multi-word
                # token is not checked earlier); keep it, but say where it happened.
                error.path, error.line, error.head = path, word.line, word.columns[HEAD]
                raise
            if head < 0 or head > n:
                raise UDError("HEAD '{}' points outside of the sentence".format(quote(word.columns[HEAD])),
                              path, word.line)
            if head == 0:
                state[j] = 2
                break
            state[j] = 1
            word.parent = words[head - 1]
            chain.append(j)
            j = head - 1
        for k in chain:
            state[k] = 2
    roots = 0
    for word in words:
        parent = word.parent
        if parent is None:
            roots += 1
        elif word.is_functional_deprel:
            parent.functional_children.append(word)
    if roots != 1:
        raise UDError("There are multiple roots in a sentence", path, words[0].line if words else None)


def iter_sentences(lines: Iterable[str], path: Optional[str] = None, *,
                   legacy: bool = False) -> Iterator[Sentence]:
    """Parse CoNLL-U text (lines with their newline, as a text file gives them) into sentences.

    ``path`` only labels errors. Character offsets run on across sentences, as in the
    original's single character stream. Raises ``UDError`` (with ``path``/``line``) or, where
    the original does, ``ValueError``. Messages quote the offending input whole with
    ``legacy`` (the original's text), else shortened to ``QUOTE_LIMIT`` characters.
    """
    quote: Callable[[str], str] = _whole if legacy else shorten
    feats_cache: dict = {}
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
                _link_heads(words, path, quote)
            except UDError as error:
                if error.line is None:
                    error.line = lineno
                raise
            yield Sentence(UDSpan(start, index), tokens, forms, token_lines, words, first_line)
            open_sentence = False
            continue

        columns = line.split("\t")
        if len(columns) != 10:
            raise UDError(_TEN_COLUMNS.format(quote(line)), path, lineno)
        word_id = columns[ID]
        if "." in word_id:
            continue  # empty node: no characters, not scored
        form = strip_zs(columns[FORM])
        if not form:
            raise UDError("There is an empty FORM in the CoNLL-U file", path, lineno)
        columns[FORM] = form
        span = UDSpan(index, index + len(form))
        index += len(form)
        tokens.append(span)
        forms.append(form)
        token_lines.append(lineno)

        if "-" in word_id:
            try:
                first, last = map(int, word_id.split("-"))
            except Exception:
                raise UDError("Cannot parse multi-word token ID '{}'".format(quote(word_id)), path, lineno) from None
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
                raise UDError("Cannot parse word ID '{}'".format(quote(word_id)), path, lineno) from None
            expected = len(words) + 1
            if number != expected:
                raise UDError("Incorrect word ID '{}' for word '{}', expected '{}'".format(
                    quote(word_id), quote(form), expected),
                              path, lineno)
            try:
                head = int(columns[HEAD])
            except Exception:
                raise UDError("Cannot parse HEAD '{}'".format(quote(columns[HEAD])), path, lineno) from None
            if head < 0:
                raise UDError("HEAD cannot be negative", path, lineno)
            words.append(_make_word(span, columns, False, lineno, feats_cache))

    if open_sentence:
        raise UDError("The CoNLL-U file does not end with empty line", path, lineno)


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


def iter_sentences_from_file(path: str, *, legacy: bool = False) -> Iterator[Sentence]:
    """Sentences of the CoNLL-U file at ``path``, read lazily (the file is opened on the
    first ``next``, so an unreadable file is reported in the order the files are consumed).
    ``legacy``: the original's decoding and messages (see ``iter_conllu_lines``)."""
    try:
        yield from iter_sentences(iter_conllu_lines(path, legacy=legacy), path, legacy=legacy)
    except UnicodeDecodeError as error:
        error.path = path  # which file (legacy decoding only)
        raise


def read_token_sentences(path: str) -> Iterator[list]:
    """Token FORMs of each sentence of a CoNLL-U file, streamed (JP mode's decoding).

    One list of strings per sentence; a multi-word token gives its surface form (the ``1-2``
    line), its words are not listed; empty nodes are skipped; Unicode space separators (Zs)
    are removed from FORMs, as conll18_ud_eval does. Format errors raise ``UDError`` with
    ``.path`` and ``.line`` set (``describe_error`` turns any read error into one message).
    """
    for sentence in iter_sentences_from_file(path):
        yield sentence.token_forms


def describe_error(error: BaseException) -> Tuple[Optional[str], Optional[int], str]:
    """``(path, line, message)`` of an error raised while reading CoNLL-U in JP mode, for a
    one-line ``FILE:LINE: message``: a ``UDError``, the original's ``ValueError`` for a bad
    HEAD inside a multi-word token, or an ``OSError`` of opening the file."""
    if isinstance(error, UDError):
        return error.path, error.line, str(error).replace("\n", " ")
    if isinstance(error, OSError):
        return error.filename, None, error.strerror or str(error)
    if hasattr(error, "head"):  # int() of a HEAD inside a multi-word token (see _link_heads)
        return error.path, error.line, "Cannot parse HEAD '{}'".format(shorten(error.head))
    return getattr(error, "path", None), getattr(error, "line", None), str(error)


def load_conllu(file: TextIO) -> UDRepresentation:
    """The original's ``load_conllu``: read an open text file completely (anything with
    ``readline`` will do, as for the original)."""
    lines = file if hasattr(file, "__iter__") else iter(file.readline, "")
    return UDRepresentation(list(iter_sentences(lines, getattr(file, "name", None), legacy=True)))


def load_conllu_file(path: str) -> UDRepresentation:
    """The original's ``load_conllu_file``."""
    return UDRepresentation(list(iter_sentences_from_file(path, legacy=True)))
