"""The compact lattice (issue 22 item 10) against plain renderings of release 3.2's method.

The lattice keeps each arc as one int in per-vertex arrays and the scorer passes only the
gold weights. These tests rebuild the lattice the direct way (one dict of arcs, the closure
over every middle vertex, the noop removal afterwards) and find the path by Bellman-Ford over
the arc list, as the release does, and compare: the arc list, every arc's fields, the order of
first listings, |E|, and the chosen path under random gold weights."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jp_m2scorer import lattice as lat
from jp_m2scorer import paths
from jp_m2scorer import weighting
from jp_m2scorer import scorer

WORDS = ["a", "the", "cat", "cats", "go", "goes", ".", ",", "to"]


def _direct(src: list, hyp: list, limit: int) -> tuple:
    """(kept arc list, arc key -> [unchanged, cost, noop, row-0 insertion], base listings):
    the closure as the method states it, with a dict of every arc (an arc reached again at a
    lower cost takes that cost; through a base arc listed twice it takes the run's fields and
    is listed again, as release 3.2 does)."""
    built = lat.build(src, hyp, limit)          # only its vertices and base arcs are used
    width, stride = built.width, built.stride
    base = built.listing[:built.first_transitive]
    arcs: dict = {}
    succ: dict = {v: [] for v in built.vertices}
    pred: dict = {v: [] for v in built.vertices}
    for key in dict.fromkeys(base):
        u, v = divmod(key, stride)
        (ui, uj), (vi, vj) = divmod(u, width), divmod(v, width)
        diagonal = vi > ui and vj > uj
        noop = diagonal and src[ui] == hyp[uj]
        arcs[key] = [int(noop), 1, noop, not diagonal and vi == ui]
        succ[u].append(v)
        pred[v].append(u)
    listing = list(base)
    noops = []
    for k in built.vertices:
        for i in sorted(pred[k]):
            first = arcs[i * stride + k]
            for j in sorted(succ[k]):
                second = arcs[k * stride + j]
                if first[0] > limit or first[0] + second[0] > limit:
                    continue
                key = i * stride + j
                if key in arcs:
                    # a cheaper run lowers the cost; ending in a base arc listed twice, it
                    # makes the arc again: that run's fields, and one more listing
                    if first[1] + second[1] < arcs[key][1]:
                        if base.count(k * stride + j) > 1:
                            arcs[key] = [first[0] + second[0], first[1] + second[1], first[2] and second[2], first[3]]
                            listing.append(key)
                        else:
                            arcs[key][1] = first[1] + second[1]
                    continue
                arcs[key] = [first[0] + second[0], first[1] + second[1], first[2] and second[2], first[3]]
                if arcs[key][2]:
                    noops.append(len(listing))
                listing.append(key)
                pred[j].append(i)
    removed: list = []
    for position in noops:      # the release skips the listing after each removed one
        if not removed or position != removed[-1] + 1:
            removed.append(position)
    kept = [key for position, key in enumerate(listing) if position not in set(removed)]
    for position in removed:
        del arcs[listing[position]]
    return kept, arcs, base


def _bellman_ford(kept: list, weight: dict, stride: int, start: int, end: int) -> list:
    """The release's search: relax the arc list in order until nothing changes; a vertex keeps
    the arc that first brought its final distance."""
    dist = {start: 0}
    back: dict = {}
    changed = True
    while changed:
        changed = False
        for key in kept:
            u, v = divmod(key, stride)
            if u in dist and dist[u] + weight[key] < dist.get(v, lat.INF):
                dist[v] = dist[u] + weight[key]
                back[v] = key
                changed = True
    path = []
    v = end
    while v != start:
        path.append(back[v])
        v = back[v] // stride
    return path[::-1]


pairs = st.tuples(st.lists(st.sampled_from(WORDS), max_size=8), st.lists(st.sampled_from(WORDS), max_size=11),
                  st.sampled_from([-1, 0, 1, 2, 2, 3]), st.randoms(use_true_random=False))


@settings(max_examples=400, deadline=None)
@given(pairs)
def test_compact_lattice_is_the_direct_one(pair):
    src, hyp, limit, rng = pair
    lattice = lat.build(src, hyp, limit)
    kept, arcs, base = _direct(src, hyp, limit)
    assert lattice.edges == kept and lattice.edge_count == len(kept)
    layout = lattice.layout
    fields = {key: [layout.unchanged(record), layout.cost(record), bool(record & lat.NOOP),
                    bool(record & lat.ROW0_INSERT)] for key, record in lattice.arcs.items()}
    assert fields == {key: [value[0], value[1], bool(value[2]), bool(value[3])] for key, value in arcs.items()}
    # the tie choice compares first listings: their order is the arc list's
    first = dict(zip(reversed(kept), range(len(kept) - 1, -1, -1)))
    assert sorted(lattice.arcs, key=lambda key: layout.position(lattice.arcs[key])) == sorted(first, key=first.get)
    assert len(lattice.arcs) == len(arcs) and all(key in lattice.arcs for key in arcs)
    assert lattice.arcs.get(-1) is None and lattice.arcs.get(lattice.stride * lattice.stride) is None

    # random gold arcs: the path is Bellman-Ford's over the arc list, with every weight
    # given or only the gold ones
    gold = {key for key in arcs if not arcs[key][2] and rng.random() < 0.2}
    full = weighting.weights(lattice, lambda edit: False)
    for key in gold:
        full[key] = -len(kept)
    start, end = lattice.vertices[0], lattice.vertices[-1]
    expected = [key for key in _bellman_ford(kept, full, lattice.stride, start, end) if not arcs[key][2]]
    assert paths.best_path(lattice, full) == expected
    assert paths.best_path(lattice, dict.fromkeys(gold, -len(kept))) == expected


@pytest.mark.parametrize("src, hyp, limit", [
    ("with often she", "goes water not with saw an problem with often books she .", 2),
    ("books student help", "our my , books never student her her her many help .", 2),
    ("goes not saw", "with books saw goes saw our a . cat an with not goes my", 1),
])
def test_a_tie_reached_through_a_distance_not_yet_final(src, hyp, limit):
    """Paths of one float weight, where Bellman-Ford reaches the final distance of a vertex
    from a predecessor's earlier distance, a float's last bit above its final one
    (4.001 + 8.001 == 4.0009999999999994 + 8.001): that earlier relaxation keeps its arc.
    The first two are the vectors fz_v_path_tiebreak_repeated_word and _leading_insertions."""
    src, hyp = src.split(), hyp.split()
    lattice = lat.build(src, hyp, limit)
    kept, arcs, _ = _direct(src, hyp, limit)
    full = weighting.weights(lattice, lambda edit: False)
    expected = [key for key in _bellman_ford(kept, full, lattice.stride, lattice.vertices[0], lattice.vertices[-1])
                if not arcs[key][2]]
    assert paths.best_path(lattice, full) == paths.best_path(lattice, {}) == expected


def test_a_long_line_against_a_short_source_scores_as_the_direct_lattice():
    """A 120-token line of the source's words (many co-optimal alignments, long fused arcs):
    the scorer's path equals Bellman-Ford's over the direct lattice."""
    rng = random.Random(10)
    src = "He go to school every day".split()
    hyp = [rng.choice(src + ["goes"]) for _ in range(120)]
    lattice = lat.build(src, hyp, 2)
    kept, arcs, _ = _direct(src, hyp, 2)
    assert lattice.edges == kept
    matches = scorer._matches_gold([(1, 2, "go", ["goes"]), (2, 2, "", ["to"])])
    full = weighting.weights(lattice, matches)
    gold = {key: value for key, value in full.items() if value < 0}
    expected = [key for key in _bellman_ford(kept, full, lattice.stride, lattice.vertices[0], lattice.vertices[-1])
                if not arcs[key][2]]
    assert paths.best_path(lattice, gold) == expected


def test_arcs_are_stored_in_arrays():
    """The bound of issue 22 item 10 comes from the storage: 16 bytes an arc."""
    lattice = lat.build("He go to school".split(), "He goes to the school".split(), 2)
    sources, records = next(iter(lattice.into.values()))
    assert sources.typecode == records.typecode == "q"


def _lattice_fields(lattice: lat.Lattice) -> tuple:
    """Everything a lattice holds that the scorer and the traces read."""
    return (lattice.vertices, list(lattice.listing), lattice.removed_positions, sorted(lattice.arcs.items()),
            lattice.removed, lattice.first_transitive, lattice.made_through, sorted(lattice.doubled),
            sorted(lattice.removed_arcs.items()), sorted((key, list(at)) for key, at in lattice.relisted.items()),
            lattice.base_order)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS[:5]), max_size=8), st.lists(st.sampled_from(WORDS[:5]), max_size=30),
       st.sampled_from([-1, 0, 1, 2, 2, 3]), st.sampled_from([1, 3, 8]))
def test_the_bulk_closure_makes_the_loops_lattice(src, hyp, limit, bulk):
    """The closure on arrays (from a vertex with ``lat.BULK`` arcs in on) makes the lattice the
    loop makes: the same arc list, records, relistings, noop removals."""
    original = lat.BULK, lat.BULK_ARCS
    try:
        lat.BULK = 1 << 30
        by_loop = _lattice_fields(lat.build(src, hyp, limit))
        lat.BULK, lat.BULK_ARCS = bulk, 0
        assert _lattice_fields(lat.build(src, hyp, limit)) == by_loop
    finally:
        lat.BULK, lat.BULK_ARCS = original


def test_a_line_of_one_repeated_word_takes_the_bulk_closure(monkeypatch):
    """Issue 31's case, shorter: one word repeated against a short source (no unchanged
    token, so every run of operations is an arc). The default thresholds take the arrays."""
    src, hyp = "He go to school every day".split(), ["go"] * 150
    monkeypatch.setattr(lat, "BULK", 1 << 30)
    by_loop = _lattice_fields(lat.build(src, hyp, 2))
    monkeypatch.undo()
    close_through = lat._Bulk.close_through
    made: list = []

    def counted(self, *args):
        made.append(args[0])
        return close_through(self, *args)

    monkeypatch.setattr(lat._Bulk, "close_through", counted)
    assert _lattice_fields(lat.build(src, hyp, 2)) == by_loop
    assert made
