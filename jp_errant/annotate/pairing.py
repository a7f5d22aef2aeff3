"""Which original lines are annotated against which corrected lines.

errant pairs line i of ORIG with line i of every COR file. A corrected text may merge or
split sentences, so line counts differ and that pairing drifts; then each COR file is
sentence-aligned to ORIG with jp_align, and the blocks of all COR files are combined into
the smallest ORIG groups on which every COR file has a boundary. Each group becomes one M2
sentence (its ORIG lines joined), so every edit is extracted inside an aligned block.

Everything is streamed: only the lines of the current group are held.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import tee
from typing import Callable, Iterable, Iterator, Sequence

from jp_align import EXACT, UNALIGNED, iter_align_sentences, normalizer_for

Line = tuple  # (1-based line number, text without the line ending)


@dataclass(frozen=True)
class Group:
    """ORIG lines and, per COR file, the COR lines annotated against them.

    ``aligned[k]`` is False when jp_align could not align COR file k with these ORIG lines
    (an ``unaligned`` block): they must not be annotated against each other. ``extra[k]``
    holds COR lines with no ORIG counterpart at all (never annotated).
    """

    orig: tuple[Line, ...]
    cors: tuple[tuple[Line, ...], ...]
    kinds: tuple[str, ...] = ()  # per COR file: jp_align block kinds joined by '+'
    aligned: tuple[bool, ...] = ()  # per COR file; empty means all aligned
    extra: tuple[tuple[Line, ...], ...] = ()  # per COR file; empty means none

    @property
    def is_one_to_one(self) -> bool:
        return len(self.orig) == 1 and all(len(lines) == 1 for lines in self.cors)

    def is_aligned(self, cor: int) -> bool:
        return not self.aligned or self.aligned[cor]

    def extra_lines(self, cor: int) -> tuple[Line, ...]:
        return self.extra[cor] if self.extra else ()


def zip_groups(orig: Iterable[Line], cors: Sequence[Iterable[Line]]) -> Iterator[Group]:
    """errant's pairing: line by line, stopping at the shortest file; blank ORIG lines skipped."""
    for lines in zip(orig, *cors):
        if not lines[0][1].strip():
            continue
        yield Group((lines[0],), tuple((line,) for line in lines[1:]), (EXACT,) * len(cors))


def aligned_groups(open_orig: Callable[[], Iterable[Line]], cors: Sequence[Iterable[Line]],
                   lang: str = "en", threshold: float = 0.1) -> Iterator[Group]:
    """Sentence-aligned groups; ``open_orig()`` gives the ORIG line stream (called once).

    Blank lines are left out on both sides (they carry no sentence). Every jp_align block
    stays a unit of its own: an ``unaligned`` block is marked as such (``Group.aligned``),
    never merged with its neighbours, so a stretch that never re-synchronizes cannot become
    one huge sentence. COR-only blocks go to ``Group.extra`` of the group they follow (a
    group with no ORIG line holds only such lines).
    """
    normalizer = normalizer_for(lang)
    # ORIG is read and decoded once and shared by the alignments of all COR files. The
    # streams are advanced group by group, so tee holds only the ORIG lines between the
    # slowest and the fastest alignment (a group plus jp_align's look-ahead window).
    origs = tee(_non_blank(open_orig()), len(cors)) if cors else ()
    streams = [
        _BlockStream(iter_align_sentences(
            orig, _non_blank(cor), tokens=_tokens, normalizer=normalizer, threshold=threshold))
        for orig, cor in zip(origs, cors)
    ]
    while True:
        for stream in streams:
            stream.start_group()
        pulled = [stream.pull() for stream in streams]
        if not any(pulled):
            return
        # Extend every stream until all end their current group at the same ORIG line.
        while True:
            target = max(stream.orig_end for stream in streams)
            behind = [s for s in streams if s.orig_end < target and not s.exhausted]
            if not behind:
                break
            for stream in behind:
                while stream.orig_end < target and stream.pull():
                    pass
        # COR-only blocks (nothing on the ORIG side) that follow belong to this group.
        for stream in streams:
            stream.absorb_cor_only()
        orig_lines = max((s.orig_lines for s in streams), key=len)
        if not orig_lines and not any(s.extra_lines for s in streams):
            continue
        yield Group(tuple(orig_lines), tuple(tuple(s.cor_lines) for s in streams),
                    tuple("+".join(s.kinds) for s in streams),
                    tuple(s.aligned for s in streams),
                    tuple(tuple(s.extra_lines) for s in streams))


class _BlockStream:
    """One COR file's jp_align blocks, consumed group by group (one block of look-ahead)."""

    def __init__(self, blocks: Iterator) -> None:
        self._blocks = blocks
        self._peeked = None
        self.exhausted = False
        self.orig_end = 0
        self.start_group()

    def start_group(self) -> None:
        self.orig_lines: list = []
        self.cor_lines: list = []
        self.extra_lines: list = []
        self.kinds: list = []
        self.aligned = True

    def _next(self):
        if self._peeked is not None:
            block, self._peeked = self._peeked, None
            return block
        try:
            return next(self._blocks)
        except StopIteration:
            self.exhausted = True
            return None

    def pull(self) -> bool:
        """Add the next block to the group."""
        item = self._next()
        if item is None:
            return False
        self._add(item)
        return True

    def _add(self, item) -> None:
        block, left, right = item
        if not len(block.left):
            # COR lines facing no ORIG line: nothing to annotate them against.
            self.extra_lines.extend(right)
            return
        self.orig_lines.extend(left)
        self.cor_lines.extend(right)
        self.kinds.append(block.kind)
        self.aligned = self.aligned and block.kind != UNALIGNED
        self.orig_end = block.left.stop

    def absorb_cor_only(self) -> None:
        while True:
            item = self._next()
            if item is None:
                return
            if len(item[0].left):
                self._peeked = item
                return
            self._add(item)


def _non_blank(lines: Iterable[Line]) -> Iterator[Line]:
    return (line for line in lines if line[1].strip())


def _tokens(line: Line) -> list[str]:
    return line[1].split()
