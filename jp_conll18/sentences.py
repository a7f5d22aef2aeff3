"""CoNLL-U lines to sentences: the fields of each line checked and assembled into words.

:func:`iter_sentences` follows conll18_ud_eval.py 1.2 line for line in what it accepts and
rejects (the current UD scorer's rules with ``ReaderOptions(udeval=True)``), raises the same
``UDError`` messages in the same order with the line number added, and yields one sentence
at a time, its words linked into a tree (:mod:`jp_conll18.heads`). Files, decoding and the
wording of errors for a one-line message are :mod:`jp_conll18.reader`'s.
"""
from __future__ import annotations

import unicodedata
from typing import Callable, Iterable, Iterator, Optional

from .enhanced import process_enhanced_deps
from .heads import History, link_heads
from .model import DEPREL, DEPS, FEATS, FORM, HEAD, ID, UNIVERSAL_FEATURES, Sentence, UDError, UDSpan, UDWord
from .reader_options import CONLL18, TEN_COLUMNS, Messages, ReaderOptions, mark, shorten, unshortened


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
    quote: Callable[[str], str] = unshortened if legacy else shorten
    messages = Messages(options.udeval)
    udeval = options.udeval
    history = History() if udeval else None
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
                link_heads(words, path, quote, options, lineno,
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

        columns: list = line.split("\t")  # strings; DEPS becomes its parsed items (udeval)
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
                    raise UDError(TEN_COLUMNS.format(quote(word_line)), path, lineno + (0 if raw_word else 1))
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
        mark(error, path=path, line=line,
             jp_message="cannot parse DEPS '{}': an item has no ':'".format(shorten(deps)))
        raise
    if len(cache) >= DEPS_CACHE_SIZE:
        cache.clear()
    cache[deps] = parsed
    return parsed


def _read_udeval_multiword(it: Iterator[str], count: int, range_line: str, lineno: int, span: UDSpan,
                           words: list, feats_cache: dict, deps_cache: dict, options: ReaderOptions,
                           messages: Messages,
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
        word_columns: list = word_line.split("\t")  # strings; DEPS becomes its parsed items
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
