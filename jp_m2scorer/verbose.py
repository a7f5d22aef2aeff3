"""The ``--very_verbose`` trace of release 3.2 (spec §5.3): distance tables, backpointer
tables, the lattice before and after the transitive arcs, the closure and removal steps, the
weights of each annotator and the path, printed as Python 2 reprs with CPython 2.7 dict
order (:class:`jp_m2scorer.py2.Py2Dict`).

Everything is replayed from the lattice the scorer built (its creation order and the vertex
each transitive arc was made through), so the trace describes the very lattice that scored.
"""
from __future__ import annotations

from typing import Callable

from . import lattice as lat
from . import weighting
from . import py2

Write = Callable[[str], object]


def _edit6(kind: str, start: int, end: int, original: str, correction: str, unchanged: int) -> tuple:
    return (py2.ByteStr(kind), start, end, original, correction, unchanged)


def _pointers(table, src, hyp, sub_cost: int, i: int, j: int) -> list:
    """(predecessor cell, edit) for each minimum-cost predecessor: diagonal, up, left."""
    here = table[i][j]
    found = []
    if i > 0 and j > 0:
        same = src[i - 1] == hyp[j - 1]
        if table[i - 1][j - 1] + (0 if same else sub_cost) == here:
            found.append(((i - 1, j - 1), _edit6("noop" if same else "sub", i - 1, i, src[i - 1], hyp[j - 1],
                                                 1 if same else 0)))
    if i > 0 and table[i - 1][j] + 1 == here:
        found.append(((i - 1, j), _edit6("del", i - 1, i, src[i - 1], py2.EMPTY, 0)))
    if j > 0 and table[i][j - 1] + 1 == here:
        at = j - 1 if i == 0 else i
        found.append(((i, j - 1), _edit6("ins", at, at, py2.EMPTY, hyp[j - 1], 0)))
    return found


def base_insertion_order(lattice: lat.Lattice, tables: tuple) -> list:
    """The base arcs in the order release 3.2's arc dictionary received them.

    Derived from the ``--very_verbose`` vectors (all of them agree; no other order tried
    does): each cost setting's arcs are collected breadth-first from the last cell (a queue
    of cells, a cell's minimum-cost predecessors in backpointer order: diagonal, deletion,
    insertion; a cell taken from the queue a second time is skipped) into a dictionary of
    its own; the lattice's dictionary then receives setting 1's arcs in that dictionary's
    iteration order, then setting 2's. Only the printed dict order depends on it."""
    src, hyp = lattice.src, lattice.hyp
    width, stride = lattice.width, lattice.stride
    order: list = []
    for table, sub_cost in ((tables[0], 1), (tables[1], 2)):
        setting = py2.Py2Dict()
        queue = [(len(src), len(hyp))]
        done = set()
        head = 0
        while head < len(queue):
            cell = queue[head]
            head += 1
            if cell in done:
                continue
            done.add(cell)
            for pred, _ in _pointers(table, src, hyp, sub_cost, *cell):
                setting[(pred, cell)] = True
                queue.append(pred)
        order.extend((u[0] * width + u[1]) * stride + v[0] * width + v[1] for u, v in setting)
    return list(dict.fromkeys(order))


def sentence_trace(lattice: lat.Lattice, tables: tuple, write: Write) -> None:
    """Everything printed once per sentence, before the annotators."""
    lattice.base_order = base_insertion_order(lattice, tables)
    src, hyp = lattice.src, lattice.hyp
    n, m = len(src), len(hyp)
    write("edit matrix 1: %s\n" % py2.repr_value(tables[0]))
    write("edit matrix 2: %s\n" % py2.repr_value(tables[1]))
    # the tables are filled first column, first row, then row by row
    order = [(i, 0) for i in range(1, n + 1)] + [(0, j) for j in range(1, m + 1)] + \
        [(i, j) for i in range(1, n + 1) for j in range(1, m + 1)]
    for number, (table, sub_cost) in enumerate(((tables[0], 1), (tables[1], 2)), 1):
        pointers = py2.Py2Dict()
        for cell in order:
            pointers[cell] = _pointers(table, src, hyp, sub_cost, *cell)
        write("backpointers %d: %s\n" % (number, pointers.repr()))
    base = py2.Py2Dict()
    for key in lattice.created:
        if key not in lattice.middle:
            base[lattice.cells(key)] = lattice.edit_tuple(key)
    write("edits (w/o transitive arcs): %s\n" % base.repr())
    write("-- Add transitive arcs --\n")
    vertices = [divmod(v, lattice.width) for v in lattice.vertices]
    made: dict = {}
    for key, k in lattice.makings():
        made.setdefault(k, {})[key] = True
    existing = {key for key in lattice.created if key not in lattice.middle}
    stride, width = lattice.stride, lattice.width
    for k_cell, k in zip(vertices, lattice.vertices):
        write("v _k : %s\n" % py2.repr_value(k_cell))
        new_here = made.get(k, {})
        for i_cell, i in zip(vertices, lattice.vertices):
            write("v _i : %s\n" % py2.repr_value(i_cell))
            if i * stride + k not in existing:
                continue
            for j_cell, j in zip(vertices, lattice.vertices):
                write("v _j : %s\n" % py2.repr_value(j_cell))
                if i * stride + j in new_here:
                    write(" add new arcs v_i -> v_j: %s\n" % py2.repr_value(lattice.edit_tuple(i * stride + j)))
        existing.update(new_here)
    write("-- Remove transitive noop arcs --\n")
    for key in lattice.removed:
        write(" remove noop arc v_i -> vj: %s\n" % py2.repr_value(lattice.cells(key)))
    del width


def weights_trace(lattice: lat.Lattice, gold_edits: list, credited: frozenset, write: Write) -> None:
    """The weighting of one annotator's arcs."""
    write("set weights of edges() gold edits : %s\n" % py2.repr_value(gold_edits))
    gold_weight = -lattice.edge_count
    for key, gold in weighing_order(lattice, gold_edits, credited):
        write("set weights of edge %s\n" % py2.repr_value(lattice.cells(key)))
        write("edit  = %s\n" % py2.repr_value(lattice.edit_tuple(key)))
        if gold is not None:
            write("matched gold edit : %s\n" % py2.repr_value(gold))
            write("set weight to : %d\n" % gold_weight)


def weighing_order(lattice: lat.Lattice, gold_edits: list, credited: frozenset) -> list:
    """(arc key, the gold edit it matched or None) for each listing the original weighs, in
    its order: by the edit's offsets, an offset's arcs in cell order with their listings
    together, except at an insertion offset, which
    :func:`jp_m2scorer.lattice.insertion_walk` walks (the vectors pin this order)."""
    listings: dict = {}
    for key in lattice.edges:
        listings[key] = listings.get(key, 0) + 1
    spans: dict = {}
    for key in listings:
        spans.setdefault(lattice.edit(key)[:2], []).append(key)
    order = []
    for (start, end), keys in sorted(spans.items()):
        golds = [edit for edit in gold_edits if edit[0] == start and edit[1] == end]
        if start == end:
            order.extend(weighting.insertion_walk(lattice, keys, golds))
            continue
        for key in sorted(keys):
            gold = None
            if key in credited:
                _, _, original, correction = lattice.edit(key)
                gold = next(edit for edit in golds if edit[2] == original and correction in edit[3])
            order.extend([(key, gold)] * listings[key])
    return order


def graph_trace(lattice: lat.Lattice, weight: dict, path: list, write: Write) -> None:
    """The lattice, its weights and the path of one annotator."""
    write("Graph(V,E) = \n")
    write("V = %s\n" % py2.repr_value([divmod(v, lattice.width) for v in lattice.vertices]))
    write("E = %s\n" % py2.repr_value(lattice.edge_cells()))
    edits = py2.Py2Dict()
    for key in lattice.created:
        edits[lattice.cells(key)] = lattice.edit_tuple(key)
    for key in lattice.removed:
        del edits[lattice.cells(key)]
    write("edits (with transitive arcs): %s\n" % edits.repr())
    # the weight table is keyed in the order the arcs were listed before the removal
    order = py2.Py2Dict()
    for key in lattice.created:
        order[lattice.cells(key)] = key
    dist = py2.Py2Dict()
    for cells in order:
        key = order[cells]
        dist[cells] = weight.get(key, lat.INF)
    write("dist() = %s\n" % dist.repr())
    write("viterbi path = %s\n" % py2.repr_value([lattice.edit(key) for key in reversed(path)]))
