"""Which original lines are annotated against which corrected lines.

errant pairs line i of ORIG with line i of every COR file. A corrected text may merge or
split sentences, so line counts differ and that pairing drifts; then each COR file is
sentence-aligned to ORIG with jp_align, and the blocks of all COR files are combined into
the smallest ORIG groups on which every COR file has a boundary. Each group becomes one M2
sentence (its ORIG lines joined), so every edit is extracted inside an aligned block.

Everything is streamed: only the lines of the current group are held.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import tee
from typing import Callable, Iterable, Iterator, Optional, Sequence

from jp_align import EXACT, UNALIGNED, Block, iter_align_sentences, normalizer_for
from jp_align.kinds import CAUSE_GAVE_UP, CAUSE_NO_RESYNC

Line = tuple  # (1-based line number, text without the line ending)

# Consecutive unaligned lines on each side (ORIG and one COR file) after which, when the
# aligner has again found nothing to re-synchronize on within its look-ahead, the rest of
# that COR file is not aligned any more: every remaining ORIG line is unaligned with it.
# Stepping through a long unrelated remainder one sentence at a time costs a look-ahead
# search per line (50,000 lines took minutes); a stretch that re-synchronizes is found
# within one look-ahead (64 sentences), so twice that is proof enough (as jp_conll18).
UNALIGNED_RUN_LIMIT = 128
GAVE_UP_REASON = "alignment given up: no re-synchronization"


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
    # per COR file: (ORIG line, COR line) where its alignment was given up in this group,
    # and the last line of that COR file (its remaining lines are never annotated)
    gave_up: tuple[Optional[tuple[int, int, int]], ...] = ()

    @property
    def is_one_to_one(self) -> bool:
        return len(self.orig) == 1 and all(len(lines) == 1 for lines in self.cors)

    def is_aligned(self, cor: int) -> bool:
        return not self.aligned or self.aligned[cor]

    def extra_lines(self, cor: int) -> tuple[Line, ...]:
        return self.extra[cor] if self.extra else ()

    def gave_up_at(self, cor: int) -> Optional[tuple[int, int, int]]:
        return self.gave_up[cor] if self.gave_up else None


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
    streams = [_BlockStream(_Tap(orig), _Tap(_non_blank(cor)), normalizer, threshold)
               for orig, cor in zip(origs, cors)]
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
                    tuple(tuple(s.extra_lines) for s in streams),
                    tuple(s.gave_up for s in streams))


class _Tap:
    """A line stream that remembers the lines the aligner pulled and has not placed in a
    block yet (its look-ahead window), so the stream can be taken over at any block."""

    def __init__(self, lines: Iterable[Line]) -> None:
        self.source = iter(lines)
        self.pending: deque = deque()

    def __iter__(self) -> "_Tap":
        return self

    def __next__(self) -> Line:
        line = next(self.source)
        self.pending.append(line)
        return line

    def placed(self, count: int) -> None:
        for _ in range(count):
            self.pending.popleft()

    def rest(self) -> Iterator[Line]:
        """The lines not placed yet, then the rest of the stream."""
        while self.pending:
            yield self.pending.popleft()
        yield from self.source


class _BlockStream:
    """One COR file's jp_align blocks, consumed group by group (one block of look-ahead).

    After ``UNALIGNED_RUN_LIMIT`` consecutive unaligned lines on each side, ending on a
    block after which nothing re-synchronizes within the look-ahead, alignment is given up:
    the remaining ORIG lines come as unaligned blocks of one line facing no COR line, and
    the remaining COR lines are read only for the number of the last one.
    """

    def __init__(self, orig: _Tap, cor: _Tap, normalizer, threshold: float) -> None:
        self._orig, self._cor = orig, cor
        self._aligner = iter_align_sentences(orig, cor, tokens=_tokens, normalizer=normalizer,
                                             threshold=threshold)
        self._blocks: Iterator = self._aligned_blocks()
        self._peeked = None
        self._gave_up_info: Optional[tuple[int, int, int]] = None
        self.exhausted = False
        self.orig_end = 0
        self.start_group()

    def _aligned_blocks(self) -> Iterator:
        run_orig = run_cor = 0  # consecutive unaligned lines on each side
        for item in self._aligner:
            block, left, right = item
            self._orig.placed(len(left))
            self._cor.placed(len(right))
            if block.kind == UNALIGNED or not left or not right:
                run_orig += len(left)
                run_cor += len(right)
            else:
                run_orig = run_cor = 0
            yield item
            if (run_orig >= UNALIGNED_RUN_LIMIT and run_cor >= UNALIGNED_RUN_LIMIT
                    and block.cause == CAUSE_NO_RESYNC):
                yield from self._given_up(block)
                return

    def _given_up(self, last: Block) -> Iterator:
        # (jp_align's aligner is a generator: closed, it reads no further)
        close = getattr(self._aligner, "close", None)
        if close is not None:
            close()
        orig_index, cor_index = last.left.stop, last.right.stop
        orig_rest, cor_rest = self._orig.rest(), self._cor.rest()
        orig_first = next(orig_rest, None)
        if orig_first is None:
            # No ORIG line left: the COR lines have no counterpart, as the aligner says.
            for index, line in enumerate(cor_rest, start=cor_index):
                yield Block(range(orig_index, orig_index), range(index, index + 1),
                            UNALIGNED, "left side ended"), [], [line]
            return
        cor_first = next(cor_rest, None)
        if cor_first is not None:
            cor_last = cor_first[0]
            for line in cor_rest:
                cor_last = line[0]  # only the number of the last line is kept
            self._gave_up_info = (orig_first[0], cor_first[0], cor_last)
        cor_span = range(cor_index, cor_index)
        yield Block(range(orig_index, orig_index + 1), cor_span, UNALIGNED, GAVE_UP_REASON, CAUSE_GAVE_UP), \
            [orig_first], []
        for index, line in enumerate(orig_rest, start=orig_index + 1):
            yield Block(range(index, index + 1), cor_span, UNALIGNED, GAVE_UP_REASON, CAUSE_GAVE_UP), [line], []

    def start_group(self) -> None:
        self.orig_lines: list = []
        self.cor_lines: list = []
        self.extra_lines: list = []
        self.kinds: list = []
        self.aligned = True
        self.gave_up: Optional[tuple[int, int, int]] = None

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
        if self._gave_up_info is not None and block.cause == CAUSE_GAVE_UP:
            self.gave_up, self._gave_up_info = self._gave_up_info, None
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
