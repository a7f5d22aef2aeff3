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
the skipped sentences form an ``unaligned`` block, so a tool can report them and carry on —
except a single pair between agreeing text whose distance is below 0.5, which corresponds by
position (``mismatch``).
"""
from __future__ import annotations

from collections import deque
from typing import Any, Callable, Deque, Iterable, Iterator, List, Optional, Sequence, Tuple, TypeVar

from .blocks import Block
from .kinds import (
    CAUSE_LEFT_ENDED, CAUSE_NO_RESYNC, CAUSE_NORMALIZED, CAUSE_POSITION, CAUSE_RESYNC_AFTER, CAUSE_RIGHT_ENDED,
    CAUSE_SIMILAR, CAUSE_UNRELATED, EXACT, MISMATCH, NORMALIZED, SIMILAR, UNALIGNED,
)
from .distance import jaro_winkler_suffix_distance, levenshtein_distance
from .normalize import Normalizer, normalizer_for, raw_text

T = TypeVar("T")
Distance = Callable[[str, str], float]


_END = object()  # sentinel: an iterator is exhausted


def _identity(item):
    return item


class _Side:
    """One input side, read lazily; holds only the items of the current window."""

    def __init__(self, items: Iterable[Any], tokens: Callable[[Any], Sequence[str]],
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

    def push_back(self, item: Any) -> None:
        """Put back an item pulled directly from the iterator (``_END``: the side ended)."""
        if item is _END:
            self._ended = True
        else:
            self._buffer.append([item, raw_text(self._tokens(item)), None])

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

    def take(self, count: int) -> Tuple[range, List[Any]]:
        if count == 1:
            items = [self._buffer.popleft()[0]]
        else:
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


def _distance(distance: Distance, x: str, y: str, cutoff: float) -> float:
    """``distance(x, y)``, told that anything above ``cutoff`` may be reported as 1.0 when it
    is one of ours (rapidfuzz then computes only a band: long unrelated texts stay cheap)."""
    if distance is levenshtein_distance or distance is jaro_winkler_suffix_distance:
        return distance(x, y, score_cutoff=cutoff)
    return distance(x, y)


def _similar(x: str, y: str, threshold: float, distance: Distance) -> bool:
    longest = max(len(x), len(y))
    if longest == 0:
        return True
    # The length difference alone bounds an edit distance from below: skip hopeless pairs.
    if distance is levenshtein_distance and abs(len(x) - len(y)) / longest >= threshold:
        return False
    return _distance(distance, x, y, threshold) < threshold


# The start of the reason of an unaligned block after which no sentence of either side
# re-synchronizes within the look-ahead: a tool may take the rest of its inputs as unrelated.
NO_RESYNC_REASON = "texts differ and do not re-synchronize within"

# Largest Levenshtein distance at which a single sentence pair between agreeing text is still
# taken as corresponding (a re-analysed or misspelt word) rather than unrelated text.
POSITIONAL_PAIR_MAX_DISTANCE = 0.5

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
    raw_l, raw_r = left.raw(a), right.raw(b)  # (not None: the texts are not)
    if (raw_l is not None and raw_r is not None and _consistent(raw_l, raw_r)) or _consistent(nxt_l, nxt_r):
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
    acc_l, acc_r = left.text(a0), right.text(b0)
    if acc_l is None or acc_r is None:  # (callers start where both sides have a sentence)
        return None
    while a <= lookahead and b <= lookahead:
        if _similar(acc_l, acc_r, threshold, distance) and (not check_next or _next_block_agrees(
                left, right, a0 + a, b0 + b, threshold, distance, lookahead)):
            if not check_next:
                return a, b, distance(acc_l, acc_r)
            return _settle(left, right, start, (a, b), acc_l, acc_r, threshold, distance, lookahead)
        nxt_l, nxt_r = left.text(a0 + a), right.text(b0 + b)
        if nxt_l is not None and (len(acc_l) <= len(acc_r) or nxt_r is None):
            acc_l += nxt_l
            a += 1
        elif nxt_r is not None:
            acc_r += nxt_r
            b += 1
        else:
            return None
    return None


def _settle(left: _Side, right: _Side, start: Tuple[int, int], counts: Tuple[int, int],
            acc_l: str, acc_r: str, threshold: float, distance: Distance,
            lookahead: int) -> Tuple[int, int, float]:
    """Move a similar block's end while one more sentence on either side lowers the distance.

    The first similar end is not always the right one: a short sentence the other side
    kept at the end of its line (``...``) makes the block without it similar too, and the
    following block may still re-synchronize. Taking it in makes the texts closer.
    """
    a0, b0 = start
    a, b = counts
    best = distance(acc_l, acc_r)
    while a < lookahead and b < lookahead:
        moves = []
        for da, db in ((1, 0), (0, 1)):
            extra = left.text(a0 + a) if da else right.text(b0 + b)
            if extra is None:
                continue
            cand_l = acc_l + extra if da else acc_l
            cand_r = acc_r + extra if db else acc_r
            d = _distance(distance, cand_l, cand_r, best)
            if d < best and _next_block_agrees(left, right, a0 + a + da, b0 + b + db,
                                               threshold, distance, lookahead):
                moves.append((d, da, db, cand_l, cand_r))
        if not moves:
            break
        best, da, db, acc_l, acc_r = min(moves, key=lambda move: move[:3])
        a += da
        b += db
    return a, b, best


def _resynchronize(left: _Side, right: _Side, lookahead: int) -> Optional[Tuple[int, int]]:
    """Counts of sentences to skip on each side before the nearest identical pair.

    Identical means the same non-empty raw or normalized text. Among the pairs within the
    look-ahead, the nearest is the one with the fewest sentences skipped on the busier side,
    then the most balanced: with repetitive text ("this is a test" again and again) the
    skipped stretch should pair position by position, not swallow one side. None when no
    identical pair is within the look-ahead.
    """
    avail_l, avail_r = left.available(lookahead + 1), right.available(lookahead + 1)
    best = None
    for text_of_l, text_of_r in ((left.raw, right.raw), (left.text, right.text)):
        positions: dict = {}
        for q in range(avail_r):
            positions.setdefault(text_of_r(q), []).append(q)
        for p in range(avail_l):
            text = text_of_l(p)
            if not text:
                continue
            for q in positions.get(text, ()):
                if (p, q) == (0, 0):
                    continue
                key = (max(p, q), abs(p - q))
                if best is None or key < best[0]:
                    best = (key, (p, q))
    return None if best is None else best[1]


def _diverged(left: _Side, right: _Side, has_l: bool, has_r: bool, threshold: float,
              distance: Distance, lookahead: int) -> Tuple[Tuple[int, int], str, str, str]:
    """Counts, kind, reason and cause of the block to emit where the texts disagree.

    A similar block is taken unless the sides re-synchronize on an identical pair before
    its end: then the stretch before that pair is an unaligned block. (One sentence missing
    from a side makes a long enough accumulation "similar"; the identical pair right after
    it is the better evidence.)
    """
    if not has_l:
        return (0, 1), UNALIGNED, "left side ended", CAUSE_LEFT_ENDED
    if not has_r:
        return (1, 0), UNALIGNED, "right side ended", CAUSE_RIGHT_ENDED
    resync = _resynchronize(left, right, lookahead)
    if resync is None and left.available(2) == 1 and right.available(2) == 1:
        # Both sides end after this pair: as good as an identical pair after it.
        resync = (1, 1)
    similar = _grow_similar(left, right, threshold, distance, lookahead)
    if similar is not None and (resync is None or sum(similar[:2]) <= sum(resync)):
        return similar[:2], SIMILAR, f"distance {similar[2]:.4f} < {threshold}", CAUSE_SIMILAR
    if resync == (1, 1):
        # One sentence on each side between text that agrees: they correspond by position
        # unless their texts are unrelated (the distance of unrelated sentences is ~0.7-1).
        pair_distance = levenshtein_distance(left.text(0) or "", right.text(0) or "",
                                             score_cutoff=POSITIONAL_PAIR_MAX_DISTANCE)
        if pair_distance < POSITIONAL_PAIR_MAX_DISTANCE:
            return (1, 1), MISMATCH, \
                f"paired by position: what follows agrees (distance {pair_distance:.4f})", CAUSE_POSITION
        return (1, 1), UNALIGNED, f"texts unrelated (distance {pair_distance:.4f})", CAUSE_UNRELATED
    if resync is not None:
        # A balanced stretch pairs position by position: emit its first pair only, and let
        # the next pair be examined afresh (it may match, be similar, or be sandwiched).
        counts = (1, 1) if resync[0] == resync[1] else resync
        return counts, UNALIGNED, "texts differ; the sides re-synchronize after this block", CAUSE_RESYNC_AFTER
    return (1, 1), UNALIGNED, f"{NO_RESYNC_REASON} {lookahead} sentences", CAUSE_NO_RESYNC


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
    left_iter, right_iter = iter(left), iter(right)
    lside, rside = _Side(left_iter, tokens, norm), _Side(right_iter, tokens, norm)
    index = 0  # the common global index while the sides run in step
    while True:
        if not lside._buffer and not rside._buffer and lside.start == rside.start == index:
            # The common case, one sentence on each side with the same characters: pull both
            # items directly, without the window machinery.
            litem: Any = next(left_iter, _END)
            ritem: Any = next(right_iter, _END)
            if litem is not _END and ritem is not _END:
                raw_l, raw_r = raw_text(tokens(litem)), raw_text(tokens(ritem))
                if raw_l == raw_r and raw_l:
                    span = range(index, index + 1)
                    index += 1
                    lside.start = rside.start = index
                    yield Block(span, span, EXACT, ""), [litem], [ritem]
                    continue
            lside.push_back(litem)
            rside.push_back(ritem)
        has_l, has_r = lside.raw(0) is not None, rside.raw(0) is not None
        if not has_l and not has_r:
            return
        kind, reason, cause = EXACT, "", ""
        comparable = has_l and has_r and (lside.raw(0) == "") == (rside.raw(0) == "")
        if has_l and has_r and not comparable:
            # An empty sentence facing a non-empty one. When the sides re-synchronize by
            # skipping sentences on one side only, it is an extra sentence there: let the
            # exact walk absorb it into the next block. Otherwise it stands in for the other
            # side's sentence (a failed parse): a divergence, paired position by position.
            resync = _resynchronize(lside, rside, lookahead)
            comparable = resync is not None and 0 in resync
        counts = _grow_exact(lside, rside, normalized=False) if comparable else None
        if counts is None and comparable:
            counts = _grow_exact(lside, rside, normalized=True)
            kind, reason, cause = NORMALIZED, "equal after normalization", CAUSE_NORMALIZED
        if counts is None:
            counts, kind, reason, cause = _diverged(lside, rside, has_l, has_r, threshold, distance,
                                             lookahead)
        left_span, left_items = lside.take(counts[0])
        right_span, right_items = rside.take(counts[1])
        index = left_span.stop if left_span.stop == right_span.stop else -1
        yield Block(left_span, right_span, kind, reason, cause), left_items, right_items


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
