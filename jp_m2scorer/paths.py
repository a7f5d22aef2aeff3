"""The shortest edit path through an annotator's weights, with release 3.2's choice among
paths of equal weight (its Bellman-Ford over the arc list, emulated in one topological pass).
"""
from __future__ import annotations

from bisect import bisect_left

from .lattice import DOUBLED, INF, NO_ARCS, NOOP, PENALTY, RELISTED, Lattice


def best_path(lattice: Lattice, weight: dict) -> list:
    """Arc keys on the shortest path, left to right, with release 3.2's choice among ties.

    The original relaxes the arc list repeatedly (Bellman-Ford, strict ``<``); a vertex keeps
    the arc that first brought its final distance. The lattice is a DAG whose sorted vertex
    order is topological, so one pass in that order gives the distances, and the
    pass/position at which Bellman-Ford would first have reached each final distance decides
    the tie. That moment is not always the one at which the arc's source got its own final
    distance: floats round, and a source's earlier, slightly larger distance can already give
    the target's final float (4.001 + 8.001 == 4.0009999999999994 + 8.001). So each vertex
    keeps the distances Bellman-Ford gives it on the way to its final one, with the moment it
    gets each (:func:`_shortest_path`). The vectors fz_v_path_tiebreak_repeated_word and
    fz_v_path_tiebreak_leading_insertions pin this (3.2 takes the arc relaxed from the
    earlier distance), tests/test_jp_m2scorer_bounded.py compares it with Bellman-Ford itself.

    ``weight``: arc key -> weight, for every arc (:func:`weights`) or only for those that do
    not weigh their base weight (the scorer passes the gold arcs only).
    """
    return _shortest_path(lattice, weight)[0]


# Every weight is a whole number of thousandths (a cost or -|E|, plus penalties of 0.001), so
# every sum along a path is one too, up to float rounding far below half a thousandth. A
# distance more than this above a vertex's final distance stands for another sum and can
# never round to the final float, nor lead to a successor's final float.
NEAR = 0.0005


def _shortest_path(lattice: Lattice, weight: dict) -> tuple:
    """:func:`best_path` and the path's total weight.

    A moment of Bellman-Ford's run is one int, pass * period + position + 1 (position in
    ``lattice.listing``, whose relative order is the arc list's); the start vertex has its
    distance before the first position of pass 1. A vertex's *history* is the distances it
    takes once they are within :data:`NEAR` of its final one (other distances never lead to
    a final float), with the moment it takes each, in the run's order: ``reached[v]`` is the
    moment v takes its final distance when that is its only one (the usual case), else -1
    and ``history[v]`` lists (moment, distance) pairs."""
    vertices = lattice.vertices
    stride = lattice.stride
    start = vertices[0]
    period = len(lattice.listing) + 1
    dist: dict[int, float] = {start: 0}
    reached: dict[int, int] = {start: period}
    history: dict = {}
    back: dict[int, int] = {}
    into = lattice.into
    layout = lattice.layout
    cost_shift, cost_mask, position_shift = layout.cost_shift, layout.cost_mask, layout.position_shift
    extra_shift = layout.extra_shift
    relisted = lattice.relisted
    # the given weights by target vertex: most vertices have none, and their arcs need no key
    given: dict = {}
    for key, w in weight.items():
        u, v = divmod(key, stride)
        given.setdefault(v, {})[u] = w
    for v in vertices[1:]:
        given_v = given.get(v)
        # Bellman-Ford's relaxations into v near its best distance so far: while they all
        # bring that very distance, only the earliest counts (first, chosen); otherwise
        # ``events`` lists them all, as (moment, distance, u)
        best = limit = INF
        first: int | None = None
        chosen: int | None = None
        events: list | None = None
        for u, record in zip(*into.get(v, NO_ARCS)):
            moment = reached.get(u)
            if moment is None:
                continue
            w = None if given_v is None else given_v.get(u)
            if w is None:       # Layout.base_weight, inlined: this loop visits every arc
                w = (record >> cost_shift) & cost_mask
                if not record & NOOP:
                    w = w + PENALTY
                    if record & DOUBLED:
                        for _ in range((record >> extra_shift) & cost_mask):
                            w += PENALTY
            cand = dist[u] + w
            if cand >= limit:
                continue
            index = record >> position_shift
            if moment >= 0 and not record & RELISTED:
                # the usual case, :func:`_relaxations` inlined: u took one distance, and
                # the arc first relaxes it at its listing after that, in that pass or the next
                at = moment % period
                moment += index + 1 - at if index >= at else period + index + 1 - at
                if cand == best:
                    if events is None:
                        if moment < first:
                            first, chosen = moment, u
                    else:
                        events.append((moment, cand, u))
                elif cand < best - NEAR:
                    best, limit, first, chosen, events = cand, cand + NEAR, moment, u, None
                else:
                    if events is None:
                        events = [(first, best, chosen)]
                    events.append((moment, cand, u))
                    if cand < best:
                        best, limit = cand, cand + NEAR
            else:
                if cand < best - NEAR:
                    events = []
                elif events is None:
                    events = [(first, best, chosen)]
                events.extend(_relaxations(history[u] if moment < 0 else ((moment, dist[u]),), w, index,
                                           relisted.get(u * stride + v) if record & RELISTED else None, period, u))
                if cand < best:
                    best, limit = cand, cand + NEAR
        if events is None:
            if first is None or chosen is None:  # (set together: v is reached, or not at all)
                continue
            reached[v] = first
        else:
            # the distances v takes in the run's order, each lower than the one before
            steps = []
            best = INF
            for moment, value, u in sorted(events):
                if value < best:
                    best, chosen = value, u
                    steps.append((moment, value))
            if chosen is None:  # (no event: not reached)
                continue
            if len(steps) == 1:
                reached[v] = steps[0][0]
            else:
                reached[v] = -1
                history[v] = steps
        dist[v] = best
        back[v] = chosen
    path = []
    v = vertices[-1]
    while v != start:
        u = back[v]
        sources, records = into[v]
        if not records[bisect_left(sources, u)] & NOOP:  # unchanged-token arcs are not edits
            path.append(u * stride + v)
        v = u
    path.reverse()
    return path, dist[vertices[-1]]


def _relaxations(steps, w: float, index: int, later, period: int, u: int) -> list:
    """(moment, distance, u) for each distance of ``steps`` (u's history) that Bellman-Ford
    carries over the arc from u (weight ``w``, first listed at ``index``, listed again at the
    positions ``later``) before u's next, lower distance replaces it: the first listing of
    the arc after the moment u got that distance, in that pass or the next."""
    result = []
    last = len(steps) - 1
    for n, (moment, value) in enumerate(steps):
        run, at = divmod(moment, period)     # at = position + 1 of the arc that set u
        if index >= at:
            relaxed = run * period + index + 1
        else:
            # a later listing may still come after u's distance in the same pass
            following = [p for p in later if p >= at] if later else None
            relaxed = run * period + following[0] + 1 if following else (run + 1) * period + index + 1
        if n < last and relaxed >= steps[n + 1][0]:
            continue
        result.append((relaxed, value + w, u))
    return result
