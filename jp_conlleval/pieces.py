"""A tagged file read in parts of whole sentences, and parts cut and joined again.

JP mode holds no more of a file than the block it is scoring: :func:`read_pieces` reads about
``size`` bytes at a time, up to the last blank line in them, and reads each part as
:func:`~jp_conlleval.tagged.read_tagged` reads a whole file (the same fast paths, the same
messages, with the file's line numbers). :func:`split_at` and :func:`join` cut a part at a
sentence break and put consecutive parts together, line numbers kept.
"""
from __future__ import annotations

import dataclasses
import re
from bisect import bisect_right
from typing import Iterator, List, Optional

from jp_shims.inputs import InputFile

from .tagged import EMPTY_SIDE, FileInputError, TaggedFile, read_tagged

SIZE = 1 << 15  # bytes read at a time (a part holds whole sentences: more when one is longer)
_BLANK_LINE = re.compile(rb"\n[ \t\r\f\v]+\n")
_LOOK_BACK = 256  # bytes before a new read where a blank line ending in it is looked for


def _end_of_last_blank_line(data: bytes, new: int) -> int:
    """Where the last blank line of ``data`` ends (after its newline); 0 when there is none
    (``data[:new]`` was searched before). Only where a part may end: a blank line missed
    would just make a part longer."""
    lf, crlf = data.rfind(b"\n\n"), data.rfind(b"\n\r\n")
    end = max(lf + 2 if lf >= 0 else 0, crlf + 3 if crlf >= 0 else 0)
    if end:
        return end
    ends = [match.end() for match in _BLANK_LINE.finditer(data, max(0, new - _LOOK_BACK))]  # lines of spaces, TABs
    return ends[-1] if ends else 0


def read_pieces(file: InputFile, delimiter: Optional[bytes] = None, size: int = SIZE,
                encoding: str = "utf-8") -> Iterator[TaggedFile]:
    """The sentences of ``file`` (opened with :meth:`~jp_shims.inputs.InputFile.open`: a file,
    or the bytes the Python API holds in memory; named by its name) in parts of about
    ``size`` bytes (each at least one sentence), its words read in ``encoding``."""
    name = file.name
    try:
        stream = file.open()
    except OSError as error:
        raise FileInputError(name, f"cannot read: {error.strerror}", 0) from None
    with stream:
        lines_before = 0
        tokens = False
        # What was read after the last cut (no blank line ends in it), kept in the reads as
        # they came: joined once, when a part ends (a sentence of many reads, or one line of
        # many megabytes, is then read in linear time), and only its last bytes searched again.
        held: List[bytes] = []
        tail = b""
        while True:
            more = stream.read(size)
            if more:
                window = tail + more  # (a blank line that ends in ``more`` may begin before it)
                end = _end_of_last_blank_line(window, len(tail))
                if not end:
                    held.append(more)
                    tail = window[-_LOOK_BACK:]
                    continue
                cut = end - len(tail)
                data = b"".join([*held, more[:cut]])
                rest = more[cut:]
                held, tail = ([rest] if rest else []), rest[-_LOOK_BACK:]
            else:
                data, held = b"".join(held), []
            piece = _read_piece(data, name, delimiter, lines_before, encoding)
            lines_before += data.count(b"\n")
            if piece is not None:
                tokens = True
                yield piece
            if not more:
                break
    if not tokens:
        raise FileInputError(name, EMPTY_SIDE, 0)


def _read_piece(data: bytes, name: str, delimiter: Optional[bytes], lines_before: int,
                encoding: str = "utf-8") -> Optional[TaggedFile]:
    try:
        piece = read_tagged(data, name, delimiter, encoding)
    except FileInputError as error:
        if error.message == EMPTY_SIDE:
            return None  # blank lines only: nothing to score here
        raise FileInputError(name, error.message, error.line + lines_before if error.line else 0) from None
    return dataclasses.replace(piece, first_line=lines_before)


def lines(file: TaggedFile) -> int:
    """The lines a part spans as its ``skipped`` list counts them (a token or a skipped line
    each; the whitespace reader counts the empty text after a final newline as a line)."""
    return len(file.words) + len(file.skipped)


def split_at(file: TaggedFile, sentence: int) -> tuple:
    """``(head, tail)``: the sentences before ``sentence`` and the rest (the blank lines
    between them stay with the head, which thus ends with a break)."""
    token = file.breaks[sentence]
    skipped = file.skipped
    kept = bisect_right(skipped, token)
    head = TaggedFile(file.name, file.words[:token], file.tags[:token], skipped[:kept], file.breaks[:sentence + 1],
                      file.lengths[:token], file.cr_lines, file.first_line)
    tail = TaggedFile(file.name, file.words[token:], file.tags[token:], [before - token for before in skipped[kept:]],
                      [start - token for start in file.breaks[sentence:]], file.lengths[token:], 0,
                      file.first_line + token + kept, file.ends_with_break)
    return head, tail


def join(first: TaggedFile, second: TaggedFile) -> TaggedFile:
    """Two consecutive parts of one file as one (``second`` starts a sentence)."""
    count = len(first.words)
    skipped: List[int] = list(first.skipped)
    # The lines between them: as many skipped entries after the first's tokens as there are
    # lines before the second (an entry the reader counted past the last line is dropped).
    missing = second.first_line - first.first_line - lines(first)
    if missing > 0:
        skipped += [count] * missing
    elif missing < 0:
        del skipped[len(skipped) + missing:]
    skipped += [count + before for before in second.skipped]
    breaks = first.breaks[:-1] + [count + start for start in second.breaks]
    return TaggedFile(first.name, first.words + second.words, first.tags + second.tags, skipped, breaks,
                      first.lengths + second.lengths, first.cr_lines + second.cr_lines, first.first_line,
                      second.ends_with_break)


def sentences(file: TaggedFile, start: int, stop: int) -> TaggedFile:
    """Sentences ``start`` to ``stop`` of a part, as a part."""
    if stop < file.sentence_count:
        file = split_at(file, stop)[0]
    return split_at(file, start)[1] if start else file
