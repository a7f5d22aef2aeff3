"""Sentence alignment: the first stage of the JP algorithm.

Both sides are walked together. A block starts with one sentence on each side; while the
space-free normalized texts differ, the side whose accumulated text is shorter takes its next
sentence, until the accumulations are equal (an m:n block). Only the part of the longer
accumulation that the shorter one has not reached yet (the "surplus") is kept and compared,
so every character is compared once: linear time.

The walk is first made on the raw space-free texts; where they disagree it is made again
from the block start on the normalized texts (exception table, Unicode, case), because
whole-token exception rules depend on tokenization and must not break texts whose characters
agree. When the characters still disagree, the block is re-grown from its start and closed as
soon as the two accumulations are *similar* (distance below the threshold) and the next pair
also matches or is similar (the papers' second matching case; "the next pair" may itself be
a small merged block). When even that fails within
the look-ahead, the sides are re-synchronized on the nearest pair of identical sentences and
the skipped sentences form an ``unaligned`` block, so a tool can report them and carry on.
"""
from __future__ import annotations

from collections import deque
from typing import Callable, Deque, Iterable, Iterator, List, Optional, Sequence, Tuple, TypeVar

from .blocks import EXACT, NORMALIZED, SIMILAR, UNALIGNED, Block
from .distance import levenshtein_distance
from .normalize import Normalizer, normalizer_for, raw_text

T = TypeVar("T")
Distance = Callable[[str, str], float]


def _identity(item):
    return item


class _Side:
    """One input side, read lazily; holds only the items of the current window."""

    def __init__(self, items: Iterable[T], tokens: Callable[[T], Sequence[str]],
                 normalizer: Normalizer) -> None:
        self._items = iter(items)
        self._tokens = tokens
        self._normalizer = normalizer
        self._buffer: Deque[list] = deque()  # [item, raw text, normalized text or None]
        self._ended = False
        self.start = 0  # global index of the first buffered item

    def _fill(self, k: int) -> bool:
        buffer = self._buffer
        while len(buffer) <= k:
            if self._ended:
                return False
            try:
                item = next(self._items)
            except StopIteration:
                self._ended = True
                return False
            buffer.append([item, raw_text(self._tokens(item)), None])
        return True

    def raw(self, k: int) -> Optional[str]:
        """Raw space-free text of the k-th item from the window start, None past the end."""
        return self._buffer[k][1] if self._fill(k) else None

    def text(self, k: int) -> Optional[str]:
        """Normalized text of the k-th item from the window start, None past the end."""
        if not self._fill(k):
            return None
        entry = self._buffer[k]
        if entry[2] is None:
            entry[2] = self._normalizer.text(self._tokens(entry[0]))
        return entry[2]

    def available(self, limit: int) -> int:
        """How many items (up to ``limit``) remain from the window start."""
        count = 0
        while count < limit and self._fill(count):
            count += 1
        return count

    def take(self, count: int) -> Tuple[range, List[T]]:
        items = [self._buffer.popleft()[0] for _ in range(count)]
        span = range(self.start, self.start + count)
        self.start += count
        return span, items


def _grow_exact(left: _Side, right: _Side, normalized: bool) -> Optional[Tuple[int, int]]:
    """Sentence counts of the smallest m:n block whose (raw or normalized) texts are equal.

    None when the texts disagree (or a side ends) before the accumulations meet.
    """
    text_of_l = left.text if normalized else left.raw
    text_of_r = right.text if normalized else right.raw
    a = b = 1
    text_l, text_r = text_of_l(0), text_of_r(0)
    if text_l is None or text_r is None:
        return None
    # surplus: what the longer accumulation has beyond the shorter one.
    if len(text_l) <= len(text_r):
        if not text_r.startswith(text_l):
            return None
        surplus, longer_is_left = text_r[len(text_l):], False
    else:
        if not text_l.startswith(text_r):
            return None
        surplus, longer_is_left = text_l[len(text_r):], True
    while surplus:
        if longer_is_left:
            nxt = text_of_r(b)
            b += 1
        else:
            nxt = text_of_l(a)
            a += 1
        if nxt is None:
            return None
        if len(nxt) <= len(surplus):
            if not surplus.startswith(nxt):
                return None
            surplus = surplus[len(nxt):]
        else:
            if not nxt.startswith(surplus):
                return None
            surplus = nxt[len(surplus):]
            longer_is_left = not longer_is_left
    return a, b


def _consistent(x: str, y: str) -> bool:
    return x.startswith(y) or y.startswith(x)


def _similar(x: str, y: str, threshold: float, distance: Distance) -> bool:
    longest = max(len(x), len(y))
    if longest == 0:
        return True
    # The length difference alone bounds an edit distance from below: skip hopeless pairs.
    if distance is levenshtein_distance and abs(len(x) - len(y)) / longest >= threshold:
        return False
    return distance(x, y) < threshold


# How far the check of what follows a similar block may grow the next block, per side.
_NEXT_BLOCK_LOOKAHEAD = 8


def _next_block_agrees(left: _Side, right: _Side, a: int, b: int, threshold: float,
                       distance: Distance, lookahead: int) -> bool:
    """Whether the texts re-synchronize right after a candidate block ending before (a, b).

    True at the end of both sides, when the next pair is prefix-consistent (raw or
    normalized), or when a small block starting at (a, b) is itself similar: a corrected or
    re-segmented text may differ in every sentence, so one pair alone is not enough.
    """
    nxt_l, nxt_r = left.text(a), right.text(b)
    if nxt_l is None or nxt_r is None:
        return nxt_l is None and nxt_r is None
    if _consistent(left.raw(a), right.raw(b)) or _consistent(nxt_l, nxt_r):
        return True
    return _grow_similar(left, right, threshold, distance, min(lookahead, _NEXT_BLOCK_LOOKAHEAD),
                         start=(a, b), check_next=False) is not None


def _grow_similar(left: _Side, right: _Side, threshold: float, distance: Distance,
                  lookahead: int, start: Tuple[int, int] = (0, 0),
                  check_next: bool = True) -> Optional[Tuple[int, int, float]]:
    """Smallest block from ``start`` whose accumulations are similar (and, with
    ``check_next``, after which the texts re-synchronize)."""
    a0, b0 = start
    a = b = 1
    parts_l, parts_r = [left.text(a0)], [right.text(b0)]
    len_l, len_r = len(parts_l[0]), len(parts_r[0])
    while a <= lookahead and b <= lookahead:
        acc_l, acc_r = "".join(parts_l), "".join(parts_r)
        if _similar(acc_l, acc_r, threshold, distance) and (not check_next or _next_block_agrees(
                left, right, a0 + a, b0 + b, threshold, distance, lookahead)):
            if not check_next:
                return a, b, distance(acc_l, acc_r)
            return _settle(left, right, start, (a, b), parts_l, parts_r, threshold, distance, lookahead)
        nxt_l, nxt_r = left.text(a0 + a), right.text(b0 + b)
        if nxt_l is not None and (len_l <= len_r or nxt_r is None):
            parts_l.append(nxt_l)
            len_l += len(nxt_l)
            a += 1
        elif nxt_r is not None:
            parts_r.append(nxt_r)
            len_r += len(nxt_r)
            b += 1
        else:
            return None
    return None


def _settle(left: _Side, right: _Side, start: Tuple[int, int], counts: Tuple[int, int],
            parts_l: List[str], parts_r: List[str], threshold: float, distance: Distance,
            lookahead: int) -> Tuple[int, int, float]:
    """Move a similar block's end while one more sentence on either side lowers the distance.

    The first similar end is not always the right one: a short sentence the other side
    kept at the end of its line (``...``) makes the block without it similar too, and the
    following block may still re-synchronize. Taking it in makes the texts closer.
    """
    a0, b0 = start
    a, b = counts
    parts_l, parts_r = list(parts_l), list(parts_r)
    best = distance("".join(parts_l), "".join(parts_r))
    while a < lookahead and b < lookahead:
        moves = []
        for da, db in ((1, 0), (0, 1)):
            extra = left.text(a0 + a) if da else right.text(b0 + b)
            if extra is None:
                continue
            cand_l = parts_l + [extra] if da else parts_l
            cand_r = parts_r + [extra] if db else parts_r
            d = distance("".join(cand_l), "".join(cand_r))
            if d < best and _next_block_agrees(left, right, a0 + a + da, b0 + b + db,
                                               threshold, distance, lookahead):
                moves.append((d, da, db, extra))
        if not moves:
            break
        best, da, db, extra = min(moves)
        if da:
            parts_l.append(extra)
            a += 1
        else:
            parts_r.append(extra)
            b += 1
    return a, b, best


def _resynchronize(left: _Side, right: _Side, lookahead: int) -> Tuple[int, int]:
    """Counts of sentences to skip on each side before the nearest identical pair.

    Falls back to one sentence per side (or the rest of a side whose partner has ended,
    one at a time) when no identical non-empty pair is within the look-ahead.
    """
    avail_l, avail_r = left.available(lookahead + 1), right.available(lookahead + 1)
    if avail_l == 0 or avail_r == 0:
        return min(avail_l, 1), min(avail_r, 1)
    best = None
    for text_of_l, text_of_r in ((left.raw, right.raw), (left.text, right.text)):
        first_right: dict = {}
        for q in range(avail_r):
            first_right.setdefault(text_of_r(q), q)
        for p in range(avail_l):
            text = text_of_l(p)
            q = first_right.get(text)
            if text and q is not None and (p, q) != (0, 0):
                if best is None or p + q < best[0] + best[1]:
                    best = (p, q)
    return best if best is not None else (1, 1)


def iter_align_sentences(
    left: Iterable[T],
    right: Iterable[T],
    *,
    tokens: Callable[[T], Sequence[str]] = _identity,
    normalizer: Optional[Normalizer] = None,
    threshold: float = 0.1,
    distance: Distance = levenshtein_distance,
    lookahead: int = 64,
) -> Iterator[Tuple[Block, List[T], List[T]]]:
    """Align two streams of sentences; yield ``(block, left_items, right_items)``.

    ``tokens(item)`` gives an item's token strings (items are token sequences by default).
    Only the current window is held in memory. Block ranges are global item indices.
    """
    norm = normalizer if normalizer is not None else normalizer_for("en")
    lside, rside = _Side(left, tokens, norm), _Side(right, tokens, norm)
    while True:
        has_l, has_r = lside.raw(0) is not None, rside.raw(0) is not None
        if not has_l and not has_r:
            return
        kind, reason = EXACT, ""
        counts = _grow_exact(lside, rside, normalized=False) if has_l and has_r else None
        if counts is None and has_l and has_r:
            counts = _grow_exact(lside, rside, normalized=True)
            kind, reason = NORMALIZED, "equal after normalization"
        if counts is None:
            similar = _grow_similar(lside, rside, threshold, distance, lookahead) \
                if has_l and has_r else None
            if similar is not None:
                counts = similar[:2]
                kind, reason = SIMILAR, f"distance {similar[2]:.4f} < {threshold}"
            else:
                counts = _resynchronize(lside, rside, lookahead)
                kind = UNALIGNED
                if not has_l:
                    reason = "left side ended"
                elif not has_r:
                    reason = "right side ended"
                else:
                    reason = f"texts differ and do not re-synchronize within {lookahead} sentences"
        left_span, left_items = lside.take(counts[0])
        right_span, right_items = rside.take(counts[1])
        yield Block(left_span, right_span, kind, reason), left_items, right_items


def align_sentences(
    left: Sequence[Sequence[str]],
    right: Sequence[Sequence[str]],
    *,
    normalizer: Optional[Normalizer] = None,
    threshold: float = 0.1,
    distance: Distance = levenshtein_distance,
    lookahead: int = 64,
) -> List[Block]:
    """Align two sequences of sentences (each a sequence of token strings) into blocks.

    The blocks cover both sides exactly once, in order: 1:1, m:1, 1:n or m:n.
    """
    return [
        block
        for block, _, _ in iter_align_sentences(
            left, right, normalizer=normalizer, threshold=threshold,
            distance=distance, lookahead=lookahead,
        )
    ]
