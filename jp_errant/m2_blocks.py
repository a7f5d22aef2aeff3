"""Reading M2 as errant reads it: the block split, and the edits of a block.

errant splits a file with ``text.strip().split("\\n\\n")``: :func:`iter_blocks` does that as a
stream (JP mode's reader starts from the same split), :func:`count_blocks` counts the blocks.
Legacy mode then reads every line after a block's first as an edit, exactly as errant 3.0.2
does, exceptions included (:func:`parse_edit_line`, :func:`legacy_block_rows`). The
:class:`FieldCache` spares both readers converting the A-line fields a corpus repeats.
"""
from __future__ import annotations

from itertools import chain
from typing import IO, Iterator

from jp_errant.m2_records import FIELD_SEPARATOR, Edit, RawBlock

CHUNK_CHARS = 1 << 18  # characters read at once
# Building a named tuple through tuple.__new__ skips its Python-level __new__.
_new_tuple = tuple.__new__
# Entries per FieldCache table before it is emptied: keeps memory flat on any input.
_CACHE_LIMIT = 1 << 16


class FieldCache:
    """Readings of A-line fields already converted once, for the readers of one run.

    An A line is ``SPAN|||TYPE|||CORRECTION|||TAIL`` where SPAN is ``A start end`` and TAIL
    the middle fields and the annotator id. SPAN and TAIL texts repeat across a corpus, so
    each distinct text is converted once; a line whose SPAN or TAIL is not in a table takes
    the exact (slow) path, which fills the tables only on success. Tables are emptied when
    they reach a fixed size, so memory stays flat whatever the input.

    - ``spans``: SPAN -> ``(start, end)`` as errant reads it (``SPAN[2:].split()``);
    - ``strict_spans``: SPAN of the exact shape ``A start end`` -> ``(start, end, need)``,
      ``need`` the smallest sentence length for which the offsets are in range;
    - ``tails``: TAIL -> ``(coder, middle fields)``;
    - ``kinds``: error types of strictly accepted lines (so not blank) -> True.
    """

    __slots__ = ("spans", "strict_spans", "tails", "kinds")

    def __init__(self) -> None:
        self.spans: dict = {}
        self.strict_spans: dict = {}
        self.tails: dict = {}
        self.kinds: dict = {}  # type -> True (a set that empties like the tables)

    @staticmethod
    def _store(table: dict, key: str, value: object) -> None:
        if len(table) >= _CACHE_LIMIT:
            table.clear()
        table[key] = value

    def remember(self, edit: Edit, span: str, tail: str, strict: bool) -> None:
        """Record the readings of a line that the exact path accepted as ``edit``."""
        if strict:
            # Accepted offsets are -1 -1 (any length) or 0 <= start <= end <= length.
            start, end = edit.start, edit.end
            need = 0 if start == end == -1 else end
            self._store(self.strict_spans, span, (start, end, need))
        else:
            self._store(self.spans, span, (edit.start, edit.end))
        self._store(self.tails, tail, (edit.coder, edit.middle))
        if strict:
            self._store(self.kinds, edit.type, True)


def iter_blocks(stream: IO[str], chunk_chars: int = CHUNK_CHARS) -> Iterator[RawBlock]:
    """Yield what ``stream.read().strip().split("\\n\\n")`` would give, without reading all,
    with the 1-based line where each block starts."""
    batches = block_batches(stream, chunk_chars)
    line = 1 + next(batches)
    for batch in batches:
        for piece in batch:
            yield _new_tuple(RawBlock, (piece, line))
            line += piece.count("\n") + 2


def iter_block_texts(stream: IO[str], chunk_chars: int = CHUNK_CHARS) -> Iterator[str]:
    """The texts of :func:`iter_blocks` without line numbers (legacy mode needs none)."""
    batches = block_batches(stream, chunk_chars)
    next(batches)
    return chain.from_iterable(batches)


def block_batches(stream: IO[str], chunk_chars: int) -> Iterator:
    """First the number of line breaks errant strips from the start of the file, then the
    blocks of ``stream.read().strip().split("\\n\\n")`` in lists, one list per chunk read.

    Only the text after the last complete separator is held. Trailing whitespace is held
    back until more text follows, so whitespace at the end of the file is stripped exactly
    as ``str.strip`` does (an all-whitespace file gives one empty block, like errant).
    """
    buffer = ""
    skipped_lines = 0
    chunks = iter(lambda: stream.read(chunk_chars), "")
    for chunk in chunks:
        stripped = chunk.lstrip()
        skipped_lines += chunk.count("\n", 0, len(chunk) - len(stripped))
        if stripped:
            buffer = stripped
            break
    yield skipped_lines
    for chunk in chunks:
        buffer += chunk
        settled = len(buffer.rstrip())
        pieces = buffer[:settled].split("\n\n")
        buffer = pieces.pop() + buffer[settled:]
        if pieces:
            yield pieces
    yield buffer.rstrip().split("\n\n")


def count_blocks(stream: IO[str], chunk_chars: int = CHUNK_CHARS) -> int:
    """``len(stream.read().strip().split("\\n\\n"))``, reading one chunk at a time.

    Only whitespace that may turn out to be the end of the file is held back; everything
    before it ends with a non-whitespace character, so no separator spans two chunks.
    """
    separators = 0
    held = ""
    started = False
    for chunk in iter(lambda: stream.read(chunk_chars), ""):
        if not started:
            chunk = chunk.lstrip()
            started = bool(chunk)
        text = held + chunk
        settled = len(text.rstrip())
        separators += text.count("\n\n", 0, settled)
        held = text[settled:]
    return separators + 1


def parse_edit_line(line: str) -> Edit:
    """errant 3.0.2's reading of one edit line: drop 2 characters, split on ``|||``.

    Raises exactly what errant raises on bad lines (``ValueError`` for non-integer offsets
    or coder, ``IndexError`` for missing fields).
    """
    fields = line[2:].split(FIELD_SEPARATOR)
    span = fields[0].split()
    start = int(span[0])
    end = int(span[1])
    kind = fields[1]
    correction = fields[2]
    coder = int(fields[-1])
    return Edit(start, end, kind, correction, coder, tuple(fields[3:-1]))


def legacy_block_edits(block: str) -> list[Edit]:
    """Edits of one block as errant_compare reads them: every line after the first."""
    return [_new_tuple(Edit, row) for row in legacy_block_rows(block, FieldCache())]


def legacy_block_rows(block: str, cache: FieldCache, cherrant: bool = False) -> list[tuple]:
    """:func:`legacy_block_edits` as plain tuples in :class:`Edit` field order, for scoring.

    Same values and same exceptions as :func:`parse_edit_line` on every line; ``cache``
    (one per run) spares converting the offsets and annotator fields again, and plain
    tuples are several times cheaper to build than named ones.

    ``cherrant``: ChERRANT's reading (spec ``cherrant.md`` 2.2-2.3) -- the edits are the lines
    beginning with ``A `` wherever they are (line 0 included; S, T and other lines are
    ignored), and every space is removed from a correction.
    """
    if cherrant:
        lines = [line for line in block.split("\n") if line[:2] == "A "]
        return [(start, end, kind, correction.replace(" ", ""), coder, middle)
                for start, end, kind, correction, coder, middle in _rows(lines, cache)]
    return _rows(block.split("\n")[1:], cache)


def _rows(lines: list[str], cache: FieldCache) -> list[tuple]:
    """errant's reading of each of ``lines`` (see :func:`legacy_block_rows`)."""
    spans, tails = cache.spans, cache.tails
    rows: list[tuple] = []
    append = rows.append
    for line in lines:
        # "A s e|||type|||cor|||tail": split(SEP, 3) gives the same first three fields as
        # errant's line[2:].split(SEP) when the span field is at least 2 characters long
        # (always true for a cached span), and the rest in one piece.
        try:
            span_text, kind, correction, tail_text = line.split(FIELD_SEPARATOR, 3)
            span = spans[span_text]
            tail = tails[tail_text]
        except (ValueError, KeyError):  # fewer fields, or a span or tail not read yet
            append(_legacy_row(line, cache))
            continue
        append((span[0], span[1], kind, correction, tail[0], tail[1]))
    return rows


def _legacy_row(line: str, cache: FieldCache) -> tuple:
    """errant's reading of one line (its exceptions included), remembered in ``cache``."""
    edit = parse_edit_line(line)
    fields = line.split(FIELD_SEPARATOR, 3)
    if len(fields) == 4 and len(fields[0]) >= 2:
        cache.remember(edit, fields[0], fields[3], strict=False)
    return tuple(edit)


def legacy_block_source(block: str) -> str:
    """The sentence errant_compare's ``-v`` prints: ``block[2:].split("\\nA")[0]``."""
    return block[2:].split("\nA")[0]
