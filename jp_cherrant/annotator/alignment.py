"""ChERRANT's token alignment: every cheapest operation of every cell, and every path.

A Damerau-Levenshtein table over source and correction tokens (spec cherrant.md 9.6):
deletions and insertions cost 1, a substitution costs :class:`~.costs.SubstitutionCost`, and
a transposition of k+1 tokens costs k. Unlike errant, a cell keeps **every** operation whose
cost equals the minimum, in the order T, S, I, D, and the annotator writes one alignment per
distinct edit list, so the path enumeration is part of the output.

The transposition window is errant's (:func:`jp_errant.annotate.alignment._transposition`,
the same walk back along the diagonal while its steps were not free matches).
"""
from __future__ import annotations

from typing import Callable, Iterator, List, Sequence, Tuple

from jp_errant.annotate.alignment import INFINITY, AlignOp, _positions, _transposition

MATCH, SUBSTITUTE, INSERT, DELETE = "M", "S", "I", "D"
# Beyond this length difference only the first cheapest operation of a cell is followed.
SINGLE_PATH_LENGTH_DIFFERENCE = 10

Table = List[List[Tuple[str, ...]]]


def align_table(source: Sequence[str], target: Sequence[str],
                substitution: Callable[[str, str], float]) -> Table:
    """The operation table: at (i, j) the cheapest operations into that cell, in tie order."""
    n, m = len(source), len(target)
    cost = [[0.0] * (m + 1) for _ in range(n + 1)]
    ops: Table = [[()] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        cost[i][0] = float(i)
        ops[i][0] = (DELETE,)
    for j in range(1, m + 1):
        cost[0][j] = float(j)
        ops[0][j] = (INSERT,)
    s_where, t_where = _positions(source), _positions(target)
    # A transposition window ending at (i, j) holds s_i and t_j on both sides, so it needs
    # s_i among the first j+1 target tokens and t_j among the first i+1 source tokens.
    s_first = {token: where[0] for token, where in s_where.items()}
    t_first = {token: where[0] for token, where in t_where.items()}
    # Costs depend on the two tokens only: the callable's own cache (SubstitutionCost.cache)
    # is read here first, which saves a call per cell.
    cache = getattr(substitution, "cache", {})
    for i in range(n):
        row, above = cost[i + 1], cost[i]
        op_row = ops[i + 1]
        s = source[i]
        s_in_target = t_first.get(s, m)
        for j in range(m):
            t = target[j]
            if s == t:
                row[j + 1] = above[j]
                op_row[j + 1] = (MATCH,)
                continue
            delete = above[j + 1] + 1
            insert = row[j] + 1
            price = cache.get((s, t))
            if price is None:
                price = substitution(s, t)
            substitute = above[j] + price
            if s_in_target <= j and s_first.get(t, n) <= i:
                transpose, width = _transposition(cost, source, target, i, j, s_where, t_where)
            else:
                transpose = INFINITY
            best = min(transpose, substitute, insert, delete)
            row[j + 1] = best
            chosen = []
            if transpose == best:
                chosen.append("T" + str(width))
            if substitute == best:
                chosen.append(SUBSTITUTE)
            if insert == best:
                chosen.append(INSERT)
            if delete == best:
                chosen.append(DELETE)
            op_row[j + 1] = tuple(chosen)
    return ops


def paths(ops: Table, first_only: bool = False) -> Iterator[List[AlignOp]]:
    """Every path from (n, m) back to (0, 0), left to right, in the order a depth-first search
    trying each cell's operations in tie order completes them. ``first_only`` follows only a
    cell's first operation (one path); ChERRANT does so when the lengths differ by more than
    :data:`SINGLE_PATH_LENGTH_DIFFERENCE`."""
    n, m = len(ops) - 1, len(ops[0]) - 1
    if first_only or abs(n - m) > SINGLE_PATH_LENGTH_DIFFERENCE:
        ops = [[cell[:1] for cell in row] for row in ops]
    steps: List[AlignOp] = []
    # Frames: [i, j, index of the next operation to try]; the steps list holds the step into
    # every frame but the first.
    frames = [[n, m, 0]]
    while frames:
        frame = frames[-1]
        i, j, tried = frame
        cell = ops[i][j]
        if i == 0 and j == 0:
            yield steps[::-1]
        elif tried < len(cell):
            frame[2] = tried + 1
            op = cell[tried]
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


__all__ = ["AlignOp", "INFINITY", "align_table", "paths"]
