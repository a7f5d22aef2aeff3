"""The MaxMatch edit lattice of one sentence (Dahlmeier & Ng 2012), as release 3.2 builds it.

Vertices are alignment cells (source tokens consumed, hypothesis tokens produced) that lie
on a minimum-cost token alignment, for two cost settings (substitution 1, and substitution
= deletion + insertion); edges are single-token operations of either setting. Transitive
arcs merge runs of edges holding at most ``max_unchanged_words`` unchanged tokens.

Speed comes from the method, not shortcuts: the distance tables are computed only inside the
diagonal band any minimum-cost alignment must stay in (its width is the edit distance, known
beforehand from rapidfuzz), and the transitive closure visits, for each middle vertex, only
its actual in- and out-neighbours instead of every vertex pair. The arc set, its order and
the arcs' costs are those of the closure taken over the vertices in sorted order, which
is what decides ties later.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rapidfuzz.distance import Indel, Levenshtein

from . import py2

INF = float("inf")
Cell = tuple  # (source tokens consumed, hypothesis tokens produced)


@dataclass
class Edit:
    """One lattice arc's edit: ``kind`` is noop/sub/ins/del, offsets in source tokens."""

    kind: str
    start: int
    end: int
    original: str
    correction: str
    unchanged: int      # number of unchanged tokens inside
    cost: int           # number of single-token operations merged into this arc
    transitive: bool = False

    def as_tuple(self) -> tuple:
        return (self.kind, self.start, self.end, self.original, self.correction, self.unchanged)


@dataclass
class Lattice:
    vertices: list           # sorted cells
    edges: list              # arc list in release-3.2 order, duplicates kept
    edits: dict              # (u, v) -> Edit
    first_index: dict        # (u, v) -> index of its first occurrence in ``edges``
    incoming: dict           # v -> list of u
    removed: list = field(default_factory=list)  # transitive noop arcs removed
    trace: list = field(default_factory=list)


def _band_table(src, hyp, sub_cost: int, distance: int):
    """Distance table filled only in the band of cells an optimal alignment can visit."""
    n, m = len(src), len(hyp)
    delta = n - m
    extra = max(0, (distance - abs(delta)) // 2)
    k_lo = min(0, delta) - extra   # k = i - j
    k_hi = max(0, delta) + extra
    table = []
    prev = None
    for i in range(n + 1):
        row = [INF] * (m + 1)
        j_lo = max(0, i - k_hi)
        j_hi = min(m, i - k_lo)
        if i == 0:
            for j in range(j_lo, j_hi + 1):
                row[j] = j
        else:
            token = src[i - 1]
            if j_lo == 0:
                row[0] = i
                j_start = 1
            else:
                j_start = j_lo
            for j in range(j_start, j_hi + 1):
                diag = prev[j - 1] + (0 if token == hyp[j - 1] else sub_cost)
                up = prev[j] + 1
                left = row[j - 1] + 1
                best = diag if diag < up else up
                row[j] = best if best < left else left
        table.append(row)
        prev = row
    return table


def full_table(src, hyp, sub_cost: int):
    """The whole distance table (for --very_verbose, which prints it)."""
    n, m = len(src), len(hyp)
    return _band_table(src, hyp, sub_cost, n + m + 2)


def _edit_for(src, hyp, u: Cell, v: Cell) -> Edit:
    (i0, j0), (i1, j1) = u, v
    if i1 > i0 and j1 > j0:
        a, b = src[i0], hyp[j0]
        if a == b:
            return Edit("noop", i0, i1, a, b, 1, 1)
        return Edit("sub", i0, i1, a, b, 0, 1)
    if i1 > i0:
        return Edit("del", i0, i1, src[i0], py2.EMPTY, 0, 1)
    # release 3.2 labels insertions in the first row with the hypothesis position
    at = j0 if i1 == 0 else i1
    return Edit("ins", at, at, py2.EMPTY, hyp[j0], 0, 1)


def _collect(table, src, hyp, sub_cost: int, edge_count: dict, cells: set) -> None:
    """Backtrack every minimum-cost alignment from the last cell; count each edge."""
    n, m = len(src), len(hyp)
    stack = [(n, m)]
    seen = {(n, m)}
    while stack:
        cell = stack.pop()
        i, j = cell
        here = table[i][j]
        preds = []
        if i > 0 and j > 0:
            cost = 0 if src[i - 1] == hyp[j - 1] else sub_cost
            if table[i - 1][j - 1] + cost == here:
                preds.append((i - 1, j - 1))
        if i > 0 and table[i - 1][j] + 1 == here:
            preds.append((i - 1, j))
        if j > 0 and table[i][j - 1] + 1 == here:
            preds.append((i, j - 1))
        for pred in preds:
            key = (pred, cell)
            edge_count[key] = edge_count.get(key, 0) + 1
            if pred not in seen:
                seen.add(pred)
                stack.append(pred)
    cells.update(seen)


def build(src: list, hyp: list, max_unchanged_words: int, tables: tuple | None = None) -> Lattice:
    """The augmented edit lattice of one sentence (before annotator weights)."""
    if tables is None:
        d1 = Levenshtein.distance(src, hyp)
        d2 = Indel.distance(src, hyp)
        tables = (_band_table(src, hyp, 1, d1), _band_table(src, hyp, 2, d2))
    edge_count: dict = {}
    cells: set = set()
    _collect(tables[0], src, hyp, 1, edge_count, cells)
    _collect(tables[1], src, hyp, 2, edge_count, cells)
    vertices = sorted(cells)
    edges = []
    edits = {}
    succ: dict = {v: [] for v in vertices}
    pred: dict = {v: [] for v in vertices}
    for key in sorted(edge_count):
        edges.extend([key] * edge_count[key])
        edits[key] = _edit_for(src, hyp, *key)
        succ[key[0]].append(key[1])
        pred[key[1]].append(key[0])
    limit = max_unchanged_words
    for k in vertices:
        ins = sorted(pred[k])
        outs = sorted(succ[k])
        if not ins or not outs:
            continue
        for i in ins:
            first = edits[(i, k)]
            room = limit - first.unchanged
            if room < 0:
                continue
            for j in outs:
                second = edits[(k, j)]
                if second.unchanged > room:
                    continue
                old = edits.get((i, j))
                if old is not None:
                    # The arc exists: it keeps its edit, but a cheaper run of operations
                    # between the same cells lowers its cost (the closure relaxes costs
                    # like Floyd-Warshall; real corpora pin this, e.g. CoNLL-14).
                    cost = first.cost + second.cost
                    if cost < old.cost:
                        old.cost = cost
                    continue
                both_noop = first.kind == "noop" and second.kind == "noop"
                new = Edit(
                    "noop" if both_noop else "sub", first.start, second.end,
                    _join(first.original, second.original), _join(first.correction, second.correction),
                    first.unchanged + second.unchanged, first.cost + second.cost, True)
                edits[(i, j)] = new
                edges.append((i, j))
                succ[i].append(j)
                pred[j].append(i)
    # Remove transitive arcs that change nothing. Release 3.2 skips the arc listed right
    # after each removed one (it removes while walking the list), so some of them stay.
    kept = []
    removed = []
    skip = False
    for key in edges:
        if skip:
            kept.append(key)
            skip = False
            continue
        edit = edits[key]
        if edit.transitive and edit.kind == "noop":
            removed.append(key)
            skip = True
        else:
            kept.append(key)
    for key in removed:
        del edits[key]
        pred[key[1]].remove(key[0])
    first_index = {}
    for index, key in enumerate(kept):
        first_index.setdefault(key, index)
    return Lattice(vertices, kept, edits, first_index, pred, removed)


def _join(left: str, right: str) -> str:
    if not left:
        return right
    if not right:
        return left
    return left + " " + right


def weights(lattice: Lattice, matches) -> dict:
    """Arc weights for one annotator: gold-matching arcs -len(E), others cost + 0.001 per listing."""
    gold_weight = -len(lattice.edges)
    result = {}
    edits = lattice.edits
    for key in lattice.edges:
        edit = edits[key]
        if matches(edit):
            result[key] = gold_weight
        elif edit.kind == "noop":
            result.setdefault(key, edit.cost)
        else:
            result[key] = result.get(key, edit.cost) + 0.001
    return result


def best_path(lattice: Lattice, weight: dict) -> list:
    """Edits on the shortest path, left to right, with release 3.2's choice among ties.

    The original relaxes the arc list repeatedly (Bellman-Ford); a vertex keeps the arc that
    first brought its final distance. The lattice is a DAG whose sorted vertex order is
    topological, so one pass in that order gives the distances, and the pass/position at
    which Bellman-Ford would first have seen each final distance decides the tie.
    """
    vertices = lattice.vertices
    start = vertices[0]
    dist = {start: 0}
    when = {start: (1, -1)}
    back = {}
    first_index = lattice.first_index
    for v in vertices[1:]:
        best = INF
        best_when = None
        best_u = None
        for u in lattice.incoming[v]:
            du = dist.get(u)
            if du is None:
                continue
            key = (u, v)
            cand = du + weight[key]
            index = first_index[key]
            pass_u, index_u = when[u]
            arrive = (pass_u, index) if index_u < index else (pass_u + 1, index)
            if cand < best or (cand == best and arrive < best_when):
                best, best_when, best_u = cand, arrive, u
        if best_u is not None:
            dist[v] = best
            when[v] = best_when
            back[v] = best_u
    path = []
    v = vertices[-1]
    while v != start:
        u = back[v]
        edit = lattice.edits[(u, v)]
        if edit.kind != "noop":
            path.append(edit)
        v = u
    path.reverse()
    return path
