"""M2 format: the one reader and writer of the ``jp_errant`` package.

An M2 file is a sequence of blank-line separated *blocks*; each block is one source sentence::

    S This are a sentence .
    A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0
    A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

``S`` gives the whitespace-tokenized source; each ``A`` line is one edit: token offsets
``start end`` (end exclusive; ``-1 -1`` with type ``noop`` means "annotator made no edit"),
the error type, the correction (may be empty), any middle fields (errant writes
``REQUIRED|||-NONE-``) and the annotator id (last field).

Public API (everything else in the package reads and writes M2 through these; the values and
the writing live in :mod:`jp_errant.m2_records`, errant's own reading in
:mod:`jp_errant.m2_blocks`, JP mode's strict reading here -- all importable from here):

- :class:`Edit`, :class:`Sentence` -- frozen values; ``Sentence.tokens``, ``Sentence.coders()``,
  ``Sentence.edits_of(coder)``; ``Edit.shifted(n)``; :func:`noop_edit`.
- :func:`iter_blocks` -- errant's block split (``text.strip().split("\\n\\n")``) done as a
  stream, with the 1-based line number where each block starts; :func:`iter_block_texts`
  the texts alone.
- :func:`parse_edit_line` -- errant 3.0.2's reading of one ``A`` line, exceptions included
  (legacy mode relies on its ``ValueError``/``IndexError``).
- :func:`legacy_block_edits` -- the edits of one raw block exactly as ``errant_compare``
  reads them (line 0 ignored whatever it is); :func:`legacy_block_rows` the same as plain
  tuples for scoring (``cherrant=True``: ChERRANT's reading of a block);
  :func:`count_blocks` the number of blocks errant sees in a file.
- :class:`FieldCache` -- memoized readings of the repeated A-line fields, shared by the
  readers of one run (corpora repeat a few thousand offset and annotator fields).
- :func:`parse_block`, :func:`read_m2`, :func:`parse_blocks` -- strict reading for JP
  mode (``cherrant=True``: ChERRANT's M2, T lines skipped): every problem is an
  :class:`M2Error` carrying file and line (``read_m2(named_edits=False)`` gives plain-tuple
  edits for scoring, :func:`named` turns them back into :class:`Edit` values;
  ``read_m2(with_tokens=True)`` gives ``(sentence, tokens)`` pairs).
- (writing M2 back, errant's layout, is :mod:`jp_errant.m2_records`' ``format_edit`` and
  ``format_sentence``).
"""
from __future__ import annotations

import re
from typing import IO, Callable, Iterable, Iterator

from jp_errant.m2_blocks import (
    CHUNK_CHARS,
    FieldCache,
    block_batches,
    parse_edit_line,
)
from jp_errant.m2_records import (
    FIELD_SEPARATOR,
    Edit,
    M2Error,
    RawBlock,
    Sentence,
)

__all__ = ["parse_block", "parse_blocks", "read_m2", "named", "utf8_error"]

# A line holding nothing or only whitespace (JP mode reads it as a block separator).
_BLANK_LINE = re.compile(r"^[^\S\n]*$", re.MULTILINE)
# An integer as JP mode accepts it in offsets and annotator ids: at most one sign, ASCII
# digits. Every text it matches is one that int() (errant's reading) accepts.
_INTEGER = re.compile(r"[+-]?[0-9]+")
# Building a named tuple through tuple.__new__ skips its Python-level __new__.
_new_tuple = tuple.__new__


def parse_block(block: RawBlock, path: str, cache: FieldCache | None = None,
                cherrant: bool = False) -> Sentence:
    """Strict reading of one block (JP mode); problems raise :class:`M2Error`.

    ``cherrant``: ChERRANT's M2 -- ``T`` lines (the annotator's corrected texts) are skipped
    and every space is removed from a correction (its scorer compares them so).
    """
    lines = block.text.split("\n")
    head = lines[0]
    if head != "S" and not head.startswith("S "):
        raise M2Error(path, block.line, f"block does not start with an S line: {_shorten(head)!r}")
    source = head[2:]
    length = len(source.split())
    cache = cache or FieldCache()
    if cherrant:
        edits = _cherrant_edits(lines, length, path, block.line, cache)
    else:
        edits = _strict_edits(lines, length, path, block.line, cache)
    return _new_tuple(Sentence, (source, edits, block.line))


def _cherrant_edits(lines: list[str], length: int, path: str, head_line: int,
                    cache: FieldCache) -> tuple:
    """The A lines of a ChERRANT block (``T`` lines skipped), corrections without spaces.

    A line whose span, tail and type _strict_edit accepted before (as in _read_m2_stream)
    is read from the cache; any other takes _strict_edit."""
    spans, tails, kinds = cache.strict_spans, cache.tails, cache.kinds
    edits: list[tuple] = []
    append = edits.append
    for number, line in enumerate(lines[1:], head_line + 1):
        if line[:1] == "T":
            continue
        try:
            span_text, kind, correction, tail_text = line.split(FIELD_SEPARATOR, 3)
            start, end, need = spans[span_text]
            coder, middle = tails[tail_text]
            if kind in kinds and need <= length:
                append(_new_tuple(Edit, (start, end, kind, correction.replace(" ", ""), coder, middle)))
                continue
        except (ValueError, KeyError):
            pass  # fewer fields, or a span or tail not seen yet
        edit = _strict_edit(line, length, path, number, cache, empty_type=True)
        append(edit._replace(correction=edit.correction.replace(" ", "")))
    return tuple(edits)


def parse_blocks(blocks: Iterable[RawBlock], path: str, cherrant: bool = False
                 ) -> Iterator[tuple[Sentence, RawBlock]]:
    """JP mode's careful reading of errant blocks, each sentence with the part of the block
    it was read from (for tools that cite edit lines): blocks are also separated by extra
    blank lines or lines holding only whitespace. ``cherrant``: as in :func:`parse_block`."""
    cache = FieldCache()
    for block in blocks:
        for part in _split_on_blank_lines(block):
            yield parse_block(part, path, cache, cherrant), part


def utf8_error(path: str, binary: Callable[[], IO[bytes]] | None = None) -> M2Error:
    """The :class:`M2Error` for a file that is not valid UTF-8, on the line of the first
    bad byte (the file is read again in binary: only on this failure path; ``binary``
    opens its bytes, by default the file ``path``)."""
    return M2Error(path, _line_of_bad_utf8(binary or (lambda: open(path, "rb"))), "invalid UTF-8")


def _strict_edits(lines: list[str], length: int, path: str, head_line: int,
                  cache: FieldCache) -> tuple:
    """The A lines ``lines[1:]`` of a block whose sentence has ``length`` tokens."""
    return tuple(_strict_edit(line, length, path, number, cache)
                 for number, line in enumerate(lines[1:], head_line + 1))


def _strict_edit(line: str, length: int, path: str, number: int, cache: FieldCache,
                 empty_type: bool = False) -> Edit:
    """One A line read strictly. The well-formed shape "A s e|||type|||cor|||...|||coder"
    with offsets in range is remembered in ``cache`` (so that _read_m2_stream reads its
    span, type and tail directly next time); anything else goes to _diagnosed_edit, which
    accepts it or names the problem. ``empty_type``: an empty error type is accepted
    (ChERRANT scores it; errant's -cat 1 fails on it)."""
    fields = line.split(FIELD_SEPARATOR)
    span = fields[0].split(" ")
    # int() alone would also take other scripts' digits ("٢") and underscores ("1_0"):
    # JP mode accepts ASCII digits only, so the shape is checked before converting.
    if (len(span) == 3 and span[0] == "A" and len(fields) >= 4 and (empty_type or fields[1].strip())
            and _is_integer(span[1]) and _is_integer(span[2]) and _is_integer(fields[-1])):
        start, end, coder = int(span[1]), int(span[2]), int(fields[-1])
        if 0 <= start <= end <= length or start == end == -1:
            edit = _new_tuple(Edit, (start, end, fields[1], fields[2], coder, tuple(fields[3:-1])))
            cache.remember(edit, fields[0], FIELD_SEPARATOR.join(fields[3:]), strict=True)
            return edit
    return _diagnosed_edit(line, length, path, number, empty_type)


def _diagnosed_edit(line: str, sentence_length: int, path: str, number: int,
                    empty_type: bool = False) -> Edit:
    """Slow path: accept what errant accepts within range, else say what is wrong."""
    if not line.startswith("A "):
        raise M2Error(path, number, f"expected an A line: {_shorten(line)!r}")
    fields = line[2:].split(FIELD_SEPARATOR)
    if len(fields) < 4:
        raise M2Error(path, number, f"A line needs at least 4 '|||' fields: {_shorten(line)!r}")
    span = fields[0].split()
    if len(span) != 2 or not all(_is_integer(part) for part in span):
        raise M2Error(path, number, f"A line offsets are not two integers: {fields[0]!r}")
    if not _is_integer(fields[-1].strip()):
        raise M2Error(path, number, f"A line annotator id is not an integer: {fields[-1]!r}")
    if not fields[1].strip() and not empty_type:
        raise M2Error(path, number, "A line has an empty error type")
    edit = parse_edit_line(line)
    is_noop_span = edit.start == -1 and edit.end == -1
    if not is_noop_span and not 0 <= edit.start <= edit.end <= sentence_length:
        raise M2Error(
            path, number,
            f"A line offsets {edit.start} {edit.end} out of range for a {sentence_length}-token sentence",
        )
    return edit


def _is_integer(text: str) -> bool:
    # Not lstrip("+-").isdigit(): that accepts "--1" and "+-0", on which int() fails.
    return _INTEGER.fullmatch(text) is not None


def _shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def read_m2(path: str, stream: IO[str] | None = None, cache: FieldCache | None = None,
            named_edits: bool = True, with_tokens: bool = False,
            binary: Callable[[], IO[bytes]] | None = None) -> Iterator:
    """Strictly parsed sentences of an M2 file, streamed (JP mode).

    ``stream`` defaults to the file opened as UTF-8 with universal newlines. Invalid UTF-8
    is reported as an :class:`M2Error` on the line where it occurs. With ``named_edits``
    false, most edits come as plain tuples in :class:`Edit` field order (scoring reads them
    by position, and plain tuples are cheaper to build); use :func:`named` to get
    :class:`Edit` values back. With ``with_tokens``, each item is a pair
    ``(sentence, tokens)``, ``tokens`` the list ``sentence.source.split()`` (the reader
    splits the S line anyway to check offsets; callers that need the tokens of every
    sentence, like the sentence aligner, are spared a second split). ``binary`` opens the
    input's bytes again, to find the line of invalid UTF-8 (default: the file ``path``; a
    ``stream`` of text held in memory gives its own).
    """
    cache = cache or FieldCache()
    if stream is None:
        with open(path, encoding="utf-8", errors="strict") as handle:
            yield from _read_m2_stream(path, handle, cache, named_edits, with_tokens, binary)
    else:
        yield from _read_m2_stream(path, stream, cache, named_edits, with_tokens, binary)


def named(sentence: Sentence) -> Sentence:
    """``sentence`` with every edit an :class:`Edit` (see ``read_m2(named_edits=False)``)."""
    return sentence._replace(edits=tuple(_new_tuple(Edit, edit) for edit in sentence.edits))


def _read_m2_stream(path: str, stream: IO[str], cache: FieldCache, named_edits: bool,
                    with_tokens: bool, binary: Callable[[], IO[bytes]] | None = None) -> Iterator:
    """iter_blocks with the fast path of blocks of the usual shape inlined (corpora hold
    hundreds of thousands of A lines): an S line, then A lines whose span and tail
    _strict_edit has already accepted once, offsets in range and a type already accepted
    (so not blank), giving what parse_block gives, with edits as plain tuples. Any other
    block takes the careful path of _sentences_of_block. A line holding only whitespace
    never qualifies, so no block that JP mode splits is read on the fast path."""
    batches = block_batches(stream, CHUNK_CHARS)
    spans, tails, kinds = cache.strict_spans, cache.tails, cache.kinds
    separator = FIELD_SEPARATOR
    tokens = None
    try:
        line = 1 + next(batches)
        for batch in batches:
            for text in batch:
                lines = text.split("\n")
                head = lines[0]
                sentence = None
                if head[:2] == "S ":
                    need = 0  # the sentence length the offsets need
                    edits: list[tuple] = []
                    append = edits.append
                    try:
                        for row in lines[1:]:
                            span_text, kind, correction, tail_text = row.split(separator, 3)
                            start, end, span_need = spans[span_text]
                            coder, middle = tails[tail_text]
                            if kind not in kinds:
                                break
                            if span_need > need:
                                need = span_need
                            append((start, end, kind, correction, coder, middle))
                        else:
                            source = head[2:]
                            if with_tokens:
                                tokens = source.split()
                                if need <= len(tokens):
                                    sentence = _new_tuple(Sentence, (source, tuple(edits), line))
                            # The token count only when an offset needs it.
                            elif not need or need <= len(source.split()):
                                sentence = _new_tuple(Sentence, (source, tuple(edits), line))
                    except (ValueError, KeyError):
                        pass  # fewer fields, or a span or tail not seen yet
                if sentence is None:
                    # The strict reading decides (and fills the cache on success).
                    parsed = _sentences_of_block(_new_tuple(RawBlock, (text, line)), path, cache)
                    if with_tokens:
                        for sentence in parsed:
                            yield sentence, sentence.source.split()
                    else:
                        yield from parsed
                else:
                    if named_edits:
                        sentence = named(sentence)
                    yield (sentence, tokens) if with_tokens else sentence
                line += len(lines) + 1
    except UnicodeDecodeError:
        raise utf8_error(path, binary) from None


def _sentences_of_block(block: RawBlock, path: str, cache: FieldCache) -> Iterator[Sentence]:
    """Strict blocks of one errant block: JP mode also separates blocks by extra blank
    lines or by lines holding only whitespace (errant fuses or mis-parses those), and an
    all-whitespace file holds no sentence at all."""
    for part in _split_on_blank_lines(block):
        yield parse_block(part, path, cache)


def _split_on_blank_lines(block: RawBlock) -> Iterator[RawBlock]:
    """The parts of an errant block between lines that are empty or hold only whitespace."""
    if _BLANK_LINE.search(block.text) is None:
        yield block
        return
    lines = block.text.split("\n")
    group_start = None
    for number, line in enumerate(lines + [""]):
        if line.strip():
            if group_start is None:
                group_start = number
        elif group_start is not None:
            text = "\n".join(lines[group_start:number])
            yield RawBlock(text, block.line + group_start)
            group_start = None


def _line_of_bad_utf8(binary: Callable[[], IO[bytes]]) -> int:
    """Line of the first undecodable byte (re-read in binary: only on the error path)."""
    with binary() as handle:
        line = 1
        for raw in handle:
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError:
                return line
            line += 1
    return line
