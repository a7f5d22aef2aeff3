"""M2 format: the one reader and writer of the ``jp_errant`` package.

An M2 file is a sequence of blank-line separated *blocks*; each block is one source sentence::

    S This are a sentence .
    A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0
    A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

``S`` gives the whitespace-tokenized source; each ``A`` line is one edit: token offsets
``start end`` (end exclusive; ``-1 -1`` with type ``noop`` means "annotator made no edit"),
the error type, the correction (may be empty), any middle fields (errant writes
``REQUIRED|||-NONE-``) and the annotator id (last field).

Public API (everything else in the package reads and writes M2 through these):

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
- :func:`format_edit`, :func:`format_sentence`, :func:`write_m2` -- writing M2 back
  (errant's layout: ``S`` line, ``A`` lines, one empty line after every block).
"""
from __future__ import annotations

import re
from itertools import chain
from typing import IO, Iterable, Iterator, NamedTuple

from jp_shims.errors import InputError

NOOP_TYPE = "noop"
NOOP_CORRECTION = "-NONE-"
DEFAULT_MIDDLE = ("REQUIRED", "-NONE-")
FIELD_SEPARATOR = "|||"
_CHUNK_CHARS = 1 << 18
# A line holding nothing or only whitespace (JP mode reads it as a block separator).
_BLANK_LINE = re.compile(r"^[^\S\n]*$", re.MULTILINE)
# An integer as JP mode accepts it in offsets and annotator ids: at most one sign, ASCII
# digits. Every text it matches is one that int() (errant's reading) accepts.
_INTEGER = re.compile(r"[+-]?[0-9]+")
# Building a named tuple through tuple.__new__ skips its Python-level __new__.
_new_tuple = tuple.__new__
# Entries per FieldCache table before it is emptied: keeps memory flat on any input.
_CACHE_LIMIT = 1 << 16


class M2Error(InputError, ValueError):
    """Malformed M2 input (jp_shims' one input error); ``str()`` is ``FILE:LINE: message``."""

    def __init__(self, path: str, line: int, message: str) -> None:
        InputError.__init__(self, path, line, message)


class Edit(NamedTuple):
    """One ``A`` line. ``middle`` holds the fields between correction and coder.

    A named tuple (not a dataclass): corpora hold hundreds of thousands of edits and tuple
    creation is several times cheaper. Use ``edit._replace(...)`` to derive a changed edit.
    """

    start: int
    end: int
    type: str
    correction: str
    coder: int = 0
    middle: tuple = DEFAULT_MIDDLE

    @property
    def is_noop(self) -> bool:
        return self.start == -1 and self.type == NOOP_TYPE

    def shifted(self, offset: int) -> Edit:
        """The same edit ``offset`` tokens further right (noop edits stay ``-1 -1``)."""
        if self.start < 0 or offset == 0:
            return self
        return self._replace(start=self.start + offset, end=self.end + offset)


def noop_edit(coder: int = 0) -> Edit:
    """errant's "no edit" line for one annotator: ``A -1 -1|||noop|||-NONE-|||...|||coder``."""
    return Edit(-1, -1, NOOP_TYPE, NOOP_CORRECTION, coder)


class Sentence(NamedTuple):
    """One block: ``source`` is the S-line text without the ``S `` prefix."""

    source: str
    edits: tuple = ()
    line: int = 0  # 1-based line of the S line in its file; 0 when built in memory

    @property
    def tokens(self) -> tuple:
        return tuple(self.source.split())

    def coders(self) -> list[int]:
        """Annotator ids in first-seen order (errant's order of registration)."""
        return list(dict.fromkeys(edit.coder for edit in self.edits))

    def edits_of(self, coder: int) -> list[Edit]:
        return [edit for edit in self.edits if edit.coder == coder]


class RawBlock(NamedTuple):
    """One block's text as errant splits it, and the 1-based line where it starts."""

    text: str
    line: int


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
        self.kinds: dict = {}

    @staticmethod
    def _store(table: dict, key: str, value: tuple) -> None:
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


def iter_blocks(stream: IO[str], chunk_chars: int = _CHUNK_CHARS) -> Iterator[RawBlock]:
    """Yield what ``stream.read().strip().split("\\n\\n")`` would give, without reading all,
    with the 1-based line where each block starts."""
    batches = _block_batches(stream, chunk_chars)
    line = 1 + next(batches)
    for batch in batches:
        for piece in batch:
            yield _new_tuple(RawBlock, (piece, line))
            line += piece.count("\n") + 2


def iter_block_texts(stream: IO[str], chunk_chars: int = _CHUNK_CHARS) -> Iterator[str]:
    """The texts of :func:`iter_blocks` without line numbers (legacy mode needs none)."""
    batches = _block_batches(stream, chunk_chars)
    next(batches)
    return chain.from_iterable(batches)


def _block_batches(stream: IO[str], chunk_chars: int) -> Iterator:
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


def count_blocks(stream: IO[str], chunk_chars: int = _CHUNK_CHARS) -> int:
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
    rows = []
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
    edits = []
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
        edit = _strict_edit(line, length, path, number, cache)
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


def utf8_error(path: str) -> M2Error:
    """The :class:`M2Error` for a file that is not valid UTF-8, on the line of the first
    bad byte (the file is read again in binary: only on this failure path)."""
    return M2Error(path, _line_of_bad_utf8(path), "invalid UTF-8")


def _strict_edits(lines: list[str], length: int, path: str, head_line: int,
                  cache: FieldCache) -> tuple:
    """The A lines ``lines[1:]`` of a block whose sentence has ``length`` tokens."""
    return tuple(_strict_edit(line, length, path, number, cache)
                 for number, line in enumerate(lines[1:], head_line + 1))


def _strict_edit(line: str, length: int, path: str, number: int, cache: FieldCache) -> Edit:
    """One A line read strictly. The well-formed shape "A s e|||type|||cor|||...|||coder"
    with offsets in range is remembered in ``cache`` (so that _read_m2_stream reads its
    span, type and tail directly next time); anything else goes to _diagnosed_edit, which
    accepts it or names the problem."""
    fields = line.split(FIELD_SEPARATOR)
    span = fields[0].split(" ")
    # int() alone would also take other scripts' digits ("٢") and underscores ("1_0"):
    # JP mode accepts ASCII digits only, so the shape is checked before converting.
    if (len(span) == 3 and span[0] == "A" and len(fields) >= 4 and fields[1].strip()
            and _is_integer(span[1]) and _is_integer(span[2]) and _is_integer(fields[-1])):
        start, end, coder = int(span[1]), int(span[2]), int(fields[-1])
        if 0 <= start <= end <= length or start == end == -1:
            edit = _new_tuple(Edit, (start, end, fields[1], fields[2], coder, tuple(fields[3:-1])))
            cache.remember(edit, fields[0], FIELD_SEPARATOR.join(fields[3:]), strict=True)
            return edit
    return _diagnosed_edit(line, length, path, number)


def _diagnosed_edit(line: str, sentence_length: int, path: str, number: int) -> Edit:
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
    if not fields[1].strip():
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
            named_edits: bool = True, with_tokens: bool = False) -> Iterator:
    """Strictly parsed sentences of an M2 file, streamed (JP mode).

    ``stream`` defaults to the file opened as UTF-8 with universal newlines. Invalid UTF-8
    is reported as an :class:`M2Error` on the line where it occurs. With ``named_edits``
    false, most edits come as plain tuples in :class:`Edit` field order (scoring reads them
    by position, and plain tuples are cheaper to build); use :func:`named` to get
    :class:`Edit` values back. With ``with_tokens``, each item is a pair
    ``(sentence, tokens)``, ``tokens`` the list ``sentence.source.split()`` (the reader
    splits the S line anyway to check offsets; callers that need the tokens of every
    sentence, like the sentence aligner, are spared a second split).
    """
    cache = cache or FieldCache()
    if stream is None:
        with open(path, encoding="utf-8", errors="strict") as handle:
            yield from _read_m2_stream(path, handle, cache, named_edits, with_tokens)
    else:
        yield from _read_m2_stream(path, stream, cache, named_edits, with_tokens)


def named(sentence: Sentence) -> Sentence:
    """``sentence`` with every edit an :class:`Edit` (see ``read_m2(named_edits=False)``)."""
    return sentence._replace(edits=tuple(_new_tuple(Edit, edit) for edit in sentence.edits))


def _read_m2_stream(path: str, stream: IO[str], cache: FieldCache, named_edits: bool,
                    with_tokens: bool) -> Iterator:
    """iter_blocks with the fast path of blocks of the usual shape inlined (corpora hold
    hundreds of thousands of A lines): an S line, then A lines whose span and tail
    _strict_edit has already accepted once, offsets in range and a type already accepted
    (so not blank), giving what parse_block gives, with edits as plain tuples. Any other
    block takes the careful path of _sentences_of_block. A line holding only whitespace
    never qualifies, so no block that JP mode splits is read on the fast path."""
    batches = _block_batches(stream, _CHUNK_CHARS)
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
                    edits = []
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
        raise M2Error(path, _line_of_bad_utf8(path), "invalid UTF-8") from None


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


def _line_of_bad_utf8(path: str) -> int:
    """Line of the first undecodable byte (re-read in binary: only on the error path)."""
    with open(path, "rb") as handle:
        line = 1
        for raw in handle:
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError:
                return line
            line += 1
    return line


def format_edit(edit: Edit) -> str:
    """One ``A`` line (without newline)."""
    fields = [f"{edit.start} {edit.end}", edit.type, edit.correction, *edit.middle, str(edit.coder)]
    return "A " + FIELD_SEPARATOR.join(fields)


def format_sentence(sentence: Sentence) -> str:
    """One block followed by its blank line: ``S ...\\nA ...\\n\\n``."""
    lines = ["S " + sentence.source]
    lines.extend(format_edit(edit) for edit in sentence.edits)
    return "\n".join(lines) + "\n\n"


def write_m2(sentences: Iterable[Sentence], stream: IO[str]) -> None:
    """Write sentences in errant's layout (streamed, one block at a time)."""
    for sentence in sentences:
        stream.write(format_sentence(sentence))
