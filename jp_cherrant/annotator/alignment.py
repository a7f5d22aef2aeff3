"""ChERRANT's token alignment: every cheapest operation of every cell, and every path.

A Damerau-Levenshtein table over source and correction tokens (spec cherrant.md 9.6):
deletions and insertions cost 1, a substitution costs :class:`~.costs.SubstitutionCost`, and
a transposition of k+1 tokens costs k. Unlike errant, a cell keeps **every** operation whose
cost equals the minimum, in the order T, S, I, D, and the annotator writes one alignment per
distinct edit list, so the path enumeration is part of the output.

**Only a band of diagonals is computed, exactly.** The original fills the whole
(n+1) x (m+1) table (4 million cells for two 2,000-character lines, 4 * 10^10 for 200,000).
The paths read only cells whose cost C plus a lower bound of the rest, h = |(m-n) - (j-i)|
(the insertions or deletions still needed), is below the final cost: "cheap" cells. Given a
threshold A above the final cost (``A = K + 0.5`` above an upper bound: the cost of one
alignment found by rapidfuzz), the table is filled only on the diagonals where a cell can be
cheap (``|j-i| + h < A``; every cost is at least ``|j-i|``) and the rest counts as +inf.
Why that gives the original's operations at every cell the paths visit:

* a cheap cell's cost and operations come only from cheap predecessors (a move from a cell
  whose C + h >= A costs at least A - h, more than the cheap cell's cost: h changes by at
  most 1 for a cost 1 step, not at all along a diagonal), so by induction every cheap cell
  holds the original's cost and operations, and every other cell holds C + h >= A, here too;
* the paths start at (n, m), which is cheap, and only step to cheap cells (same argument);
* the transposition window walks back along the diagonal while its steps are not free
  (``C[a][b] != C[a-1][b-1]``). Where one of the two cells is cheap the comparison is the
  original's. Where both are not, it may not be; a window found past such a step could only
  change the result if it gave a cheap cost -- then the threshold is doubled and the band
  recomputed (never seen on real text; with the whole table every cell is cheap).

All comparisons are with ``A - h``, exact in floating point, so ties are the original's
bit for bit. The walk's own pruning (a token of one side occurring more often than the other
side can ever hold) is jp_errant's.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from math import ceil, floor
from typing import Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from rapidfuzz.distance import Indel, Levenshtein

from jp_errant.annotate.alignment import INFINITY, AlignOp, _positions
from jp_shims.errors import InputError

MATCH, SUBSTITUTE, INSERT, DELETE = "M", "S", "I", "D"
# Beyond this length difference only the first cheapest operation of a cell is followed.
SINGLE_PATH_LENGTH_DIFFERENCE = 10

Ops = Tuple[str, ...]
# The operation lists without a transposition, by (substitute, insert, delete) bits.
_PLAIN_OPS: Tuple[Ops, ...] = tuple(
    tuple(op for bit, op in ((1, SUBSTITUTE), (2, INSERT), (4, DELETE)) if code & bit) for code in range(8))


class AlignmentTooLarge(InputError):
    """The band of the table a sentence pair needs holds more than ``limit`` cells: bad input
    (:class:`jp_shims.errors.InputError`; the caller knows the file and line)."""

    def __init__(self, source_tokens: int, target_tokens: int, cells: int, limit: int) -> None:
        super().__init__(None, None,
                         f"a source of {source_tokens} tokens against a correction of {target_tokens} tokens: "
                         f"aligning them needs {cells:,} table cells, more than the limit of {limit:,} "
                         f"(the cells needed grow with the length times the cost of the differences)")
        self.source_tokens = source_tokens
        self.target_tokens = target_tokens
        self.cells = cells
        self.limit = limit

    def __reduce__(self):
        # (rebuilt from its own arguments when it crosses a process boundary)
        return type(self), (self.source_tokens, self.target_tokens, self.cells, self.limit)


class _Uncertain(Exception):
    """A transposition past a step whose freeness the band cannot tell gave a cheap cost."""


class Table:
    """The operations of the computed band: ``cell(i, j)`` is the tuple of cheapest
    operations into (i, j), in tie order (exact wherever a path can go)."""

    def __init__(self, n: int, m: int, low: int, ops: List[List[Ops]], threshold: float) -> None:
        self.n, self.m = n, m
        self.low = low  # the band's lowest diagonal j - i
        self.rows = ops
        self.threshold = threshold
        self.cells = _cells(n, m, low, low + len(ops[0]) - 3)

    def cell(self, i: int, j: int) -> Ops:
        return self.rows[i][j - i - self.low + 1]


def align_table(source: Sequence[str], target: Sequence[str],
                substitution: Callable[[str, str], float], max_cells: Optional[int] = None,
                threshold: Optional[float] = None) -> Table:
    """The operation table (the band that matters; see the module's docstring).

    ``max_cells``: raise :class:`AlignmentTooLarge` instead of filling a band of more cells
    (None: no limit, as the original). ``threshold``: the band's cost threshold (tests; by
    default just above an upper bound of the final cost)."""
    n, m = len(source), len(target)
    if threshold is None:
        threshold = _start_threshold(source, target, substitution, max_cells)
    while True:
        low, high = _band(n, m, threshold)
        if max_cells is not None:
            _check_cells(n, m, low, high, max_cells)
        try:
            return _fill(source, target, substitution, low, high, threshold)
        except _Uncertain:
            threshold = 2 * int(threshold) + 1.5


def check_band(source: Sequence[str], target: Sequence[str], substitution: Callable[[str, str], float],
               max_cells: int) -> None:
    """Raise :class:`AlignmentTooLarge` when :func:`align_table` would start with a band of
    more than ``max_cells`` cells (nothing is filled)."""
    _start_threshold(source, target, substitution, max_cells)


def _start_threshold(source: Sequence[str], target: Sequence[str], substitution: Callable[[str, str], float],
                     max_cells: Optional[int]) -> float:
    """``K + 0.5`` just above an upper bound of the final cost; with ``max_cells``, raise
    :class:`AlignmentTooLarge` as soon as the band it gives is known to be too large."""
    n, m = len(source), len(target)
    cutoff = None
    if max_cells is not None:
        # The smallest band (the diagonals between the corners) first; then the distance is
        # only computed up to the cost whose band would exceed the limit.
        low, high = _band(n, m, abs(n - m) + 0.5)
        _check_cells(n, m, low, high, max_cells)
        cutoff = abs(n - m) + 1
        while cutoff < n + m and _cells(n, m, *_band(n, m, cutoff + 1.5)) <= max_cells:
            cutoff *= 2
    threshold = int(_upper_bound(source, target, substitution, cutoff)) + 1.5
    if max_cells is not None:
        _check_cells(n, m, *_band(n, m, threshold), max_cells)
    return threshold


def _cells(n: int, m: int, low: int, high: int) -> int:
    return sum(_diagonal_length(n, m, d) for d in range(low, high + 1))


def _check_cells(n: int, m: int, low: int, high: int, max_cells: int) -> None:
    cells = _cells(n, m, low, high)
    if cells > max_cells:
        raise AlignmentTooLarge(n, m, cells, max_cells)


def _upper_bound(source: Sequence[str], target: Sequence[str],
                 substitution: Callable[[str, str], float], cutoff: Optional[int] = None) -> float:
    """The cost of an alignment (the cheapest's is at most that): insertions and deletions
    only, or rapidfuzz's unit-cost edit script with the real substitution costs. With
    ``cutoff`` (a cost whose band is already too large), a distance above it is not
    computed exactly (the result is then above the cutoff)."""
    bound = float(Indel.distance(source, target, score_cutoff=cutoff))
    if bound <= 1.0:
        return bound
    # (The edit script takes time and memory with the distance: it is found by a band.)
    lev_cutoff = None if cutoff is None else 8 * cutoff + 8
    distance = Levenshtein.distance(source, target, score_cutoff=lev_cutoff, score_hint=64)
    if lev_cutoff is None or distance <= lev_cutoff:
        cost = 0.0
        for op in Levenshtein.editops(source, target, score_hint=max(distance, 1)):
            if op.tag == "replace":
                cost += substitution(source[op.src_pos], target[op.dest_pos])
            else:
                cost += 1.0
        bound = min(bound, cost)
    return bound


def _band(n: int, m: int, threshold: float) -> Tuple[int, int]:
    """The diagonals d = j - i on which a cell can be cheap: ``|d| + |(m-n) - d| < threshold``."""
    delta = m - n
    low, high = min(0, delta), max(0, delta)
    while low > -n and abs(low - 1) + abs(delta - low + 1) < threshold:
        low -= 1
    while high < m and abs(high + 1) + abs(delta - high - 1) < threshold:
        high += 1
    return low, high


def _diagonal_length(n: int, m: int, d: int) -> int:
    return max(0, min(n, m - d) - max(0, -d) + 1)


def _fill(source: Sequence[str], target: Sequence[str], substitution: Callable[[str, str], float],
          low: int, high: int, threshold: float) -> Table:
    """Fill the band [low, high] of diagonals; rows are stored by diagonal (index d - low + 1,
    with an +inf sentinel at each end), so a diagonal keeps its index from row to row."""
    n, m = len(source), len(target)
    width = high - low + 1
    delta = m - n
    # A cell of diagonal index x is cheap when its cost is below limit[x] = A - h (exact).
    limit = [-INFINITY] + [threshold - abs(delta - (x - 1 + low)) for x in range(1, width + 1)] + [-INFINITY]
    # Per diagonal index: the largest integer below the cheap limit, and |d|.
    ceil_limit = [0] + [ceil(value) - 1 for value in limit[1:-1]] + [0]
    off_diagonal = [0] + [abs(x - 1 + low) for x in range(1, width + 1)] + [0]
    cost: List[List[float]] = []
    ops: List[List[Ops]] = []
    first = [INFINITY] * (width + 2)
    first_ops: List[Ops] = [()] * (width + 2)
    for j in range(max(0, low), min(m, high) + 1):
        first[j - low + 1] = float(j)
        first_ops[j - low + 1] = (INSERT,) if j else ()
    cost.append(first)
    ops.append(first_ops)
    s_where, t_where = _positions(source), _positions(target)
    # The row of the last certainly free diagonal step into each diagonal (0: none yet).
    free_row = [0] * (width + 2)
    last_in_source: Dict[str, int] = {}  # token -> its last position before the current row
    cache = getattr(substitution, "cache", {})
    transposition_ops: Dict[Tuple[int, int], Ops] = {}
    for i in range(1, n + 1):
        above = cost[i - 1]
        row = [INFINITY] * (width + 2)
        op_row: List[Ops] = [()] * (width + 2)
        cost.append(row)
        ops.append(op_row)
        s = source[i - 1]
        j_first, j_last = max(0, i + low), min(m, i + high)
        if j_first == 0:
            row[-i - low + 1] = float(i)
            op_row[-i - low + 1] = (DELETE,)
            j_first = 1
        # The last position of s in the target before the current column.
        where = t_where.get(s, ())
        before = bisect_left(where, j_first - 1)
        last_s_in_target = where[before - 1] if before else -1
        x = j_first - i - low + 1
        for j in range(j_first, j_last + 1):
            t = target[j - 1]
            if s == t:
                row[x] = above[x]
                op_row[x] = (MATCH,)
                free_row[x] = i
                last_s_in_target = j - 1
                x += 1
                continue
            delete = above[x + 1] + 1
            insert = row[x - 1] + 1
            price = cache.get((s, t))
            if price is None:
                price = substitution(s, t)
            substitute = above[x] + price
            transpose = INFINITY
            width_t = 0
            t_in_source = last_in_source.get(t, -1)
            if t_in_source >= 0 and last_s_in_target >= 0:
                # The window must reach back to t in the source and s in the target before
                # a (certainly) free step or the table's edge stops the walk; and a window of
                # k+1 tokens costs at least k + |d| (its start's cost is at least |d|): past
                # the other operations' cost it cannot be among the cheapest, past the cheap
                # limit it cannot matter.
                needed = max(i - 1 - t_in_source, j - 1 - last_s_in_target)
                other = min(substitute, insert, delete)
                reach = min(i - free_row[x] - 1, i - 1, j - 1, ceil_limit[x] - off_diagonal[x],
                            (floor(other) if other < INFINITY else m + n) - off_diagonal[x])
                if needed <= reach:
                    transpose, width_t = _transposition(cost, source, target, i, j, x, reach, limit[x],
                                                        s_where, t_where)
            best = min(transpose, substitute, insert, delete)
            row[x] = best
            code = (substitute == best) | ((insert == best) << 1) | ((delete == best) << 2)
            if transpose == best:
                chosen = transposition_ops.get((width_t, code))
                if chosen is None:
                    chosen = transposition_ops[width_t, code] = ("T" + str(width_t),) + _PLAIN_OPS[code]
                op_row[x] = chosen
            else:
                op_row[x] = _PLAIN_OPS[code]
            if best == above[x] and best < limit[x]:
                free_row[x] = i
            x += 1
        last_in_source[s] = i - 1
    end = m - n - low + 1
    if not cost[n][end] < limit[end]:
        raise _Uncertain()  # (cannot happen when the threshold is above an alignment's cost)
    return Table(n, m, low, ops, threshold)


def _transposition(cost: List[List[float]], source: Sequence[str], target: Sequence[str],
                   i: int, j: int, x: int, reach: int, cheap: float,
                   s_where: dict, t_where: dict) -> Tuple[float, int]:
    """Cost and width of the smallest reordering window ending at (i, j) (spec 9.6), else
    +inf; ``x`` is the diagonal's index, ``reach`` the longest walk before a certainly free
    step, ``cheap`` the diagonal's cheap limit. Raises :class:`_Uncertain` when a window past
    a step the band cannot judge has a cheap cost."""
    balance: Dict[str, int] = {}
    s_counts: Dict[str, int] = {}
    t_counts: Dict[str, int] = {}
    s_token, t_token = source[i - 1], target[j - 1]
    s_counts[s_token] = 1
    t_counts[t_token] = 1
    balance[s_token] = 1
    balance[t_token] = -1
    unbalanced = 2
    uncertain = False
    for k in range(1, reach + 1):
        here, diagonal_before = cost[i - k][x], cost[i - k - 1][x]
        if diagonal_before >= cheap and here >= cheap:
            uncertain = True  # both above the limit: the original's comparison may differ
        a, b = source[i - k - 1], target[j - k - 1]
        # Add one token to each side; a side holding a token more often than the other side
        # can ever hold (its whole prefix) can never balance.
        count = s_counts.get(a, 0) + 1
        s_counts[a] = count
        if count > bisect_right(t_where.get(a, ()), j - 1):
            break
        before = balance.get(a, 0)
        balance[a] = before + 1
        unbalanced += (before == 0) - (before == -1)
        count = t_counts.get(b, 0) + 1
        t_counts[b] = count
        if count > bisect_right(s_where.get(b, ()), i - 1):
            break
        before = balance.get(b, 0)
        balance[b] = before - 1
        unbalanced += (before == 0) - (before == 1)
        if not unbalanced:
            found = diagonal_before + k
            if not uncertain:
                return found, k + 1
            if found < cheap:
                raise _Uncertain()
            return INFINITY, 0
    return INFINITY, 0


def paths(table: Table, first_only: bool = False) -> Iterator[List[AlignOp]]:
    """Every path from (n, m) back to (0, 0), left to right, in the order a depth-first search
    trying each cell's operations in tie order completes them. ``first_only`` follows only a
    cell's first operation (one path); ChERRANT does so when the lengths differ by more than
    :data:`SINGLE_PATH_LENGTH_DIFFERENCE`."""
    n, m = table.n, table.m
    only_first = first_only or abs(n - m) > SINGLE_PATH_LENGTH_DIFFERENCE
    cell = table.cell
    steps: List[AlignOp] = []
    # Frames: [i, j, index of the next operation to try]; the steps list holds the step into
    # every frame but the first.
    frames = [[n, m, 0]]
    while frames:
        frame = frames[-1]
        i, j, tried = frame
        if i == 0 and j == 0:
            yield steps[::-1]
        elif tried < (1 if only_first else len(cell(i, j))):
            frame[2] = tried + 1
            op = cell(i, j)[tried]
            if op == MATCH or op == SUBSTITUTE:
                steps.append(AlignOp(op, i - 1, i, j - 1, j))
                frames.append([i - 1, j - 1, 0])
            elif op == DELETE:
                steps.append(AlignOp(op, i - 1, i, j, j))
                frames.append([i - 1, j, 0])
            elif op == INSERT:
                steps.append(AlignOp(op, i, i, j - 1, j))
                frames.append([i, j - 1, 0])
            else:
                width = int(op[1:])
                steps.append(AlignOp(op, i - width, i, j - width, j))
                frames.append([i - width, j - width, 0])
            continue
        frames.pop()
        if steps and frames:
            steps.pop()


__all__ = ["AlignmentTooLarge", "Table", "align_table", "check_band", "paths"]
