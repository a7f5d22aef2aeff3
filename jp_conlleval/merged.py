"""One merged file (conlleval's own input) as JP mode reads it: :func:`score_merged`, CRLF read
as LF, bad input raised as :class:`~jp_conlleval.reader.InputError`. conlleval.pl itself on
the same file is :func:`jp_conlleval.legacy.run_legacy`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, List, Optional, Tuple

from .reader import MergedReader, Options, split_lines
from .scoring import BOUNDARY, ChunkCounter, Line, Statistics
from .tags import to_iob2
from .writer import report


@dataclass(frozen=True)
class MergedResult:
    statistics: Statistics
    options: Options
    cr_lines: int  # lines whose CRLF end was read as LF
    scheme: Optional[str] = None

    def report(self) -> bytes:
        return report(self.statistics, self.options.latex)

    def notes(self) -> List[str]:
        said = []
        if self.cr_lines:
            said.append(f"{self.cr_lines} lines end in CRLF: read as LF (conlleval keeps the CR in the"
                        " guessed tag, so every tag would differ, or it dies at the first empty line)")
        if self.scheme:
            said.append(f"--scheme {self.scheme}: both columns read strictly (conlleval merges adjacent"
                        " IOBES/BILOU chunks of one type)")
        return said


def score_merged(data: bytes, options: Options, scheme: Optional[str] = None) -> MergedResult:
    """JP mode on one merged file: conlleval's statistics, CRLF read as LF; with ``scheme``
    both columns read strictly in that scheme (:func:`~jp_conlleval.tags.to_iob2`). Raises
    :class:`InputError` (with the line number) where conlleval would die."""
    reader = MergedReader(options, strip_cr=True)
    lines: Iterable[Line] = reader.read(split_lines(data))
    if scheme is not None:
        lines = _strictly(lines, scheme)
    counter = ChunkCounter()
    stats = counter.finish(counter.count(lines, Statistics()))
    return MergedResult(stats, options, reader.cr_lines, scheme)


def _strictly(lines: Iterable[Line], scheme: str) -> Iterator[Line]:
    """The lines with each sentence's two columns re-written by the scheme's strict reading."""
    sentence: List[Tuple[bytes, bytes]] = []
    for line in lines:
        if line is not BOUNDARY:
            sentence.append(line)
            continue
        yield from _strict_sentence(sentence, scheme)
        sentence = []
        yield BOUNDARY
    yield from _strict_sentence(sentence, scheme)


def _strict_sentence(sentence: List[Tuple[bytes, bytes]], scheme: str) -> Iterator[Line]:
    if sentence:
        gold, guess = zip(*sentence)
        yield from zip(to_iob2(gold, scheme), to_iob2(guess, scheme))
