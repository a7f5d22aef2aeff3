"""An annotator's weights on the lattice (spec §4.3): which arcs carry a gold edit and take
the gold weight -|E|, in the order release 3.2 weighs them (the walk of an insertion offset
decides which of several matching arcs are credited), and the base weights of the others
(cost plus the penalty once per listing, :meth:`jp_m2scorer.lattice.Layout.base_weight`).
"""
from __future__ import annotations

from bisect import bisect_left
from collections import deque

from .lattice import DOUBLED, NO_ARCS, PENALTY, ROW0_INSERT, Lattice


def base_weights(lattice: Lattice) -> dict:
    """Weights before any gold edit is considered (:meth:`Layout.base_weight`), for every arc
    (the --very_verbose trace and the tests; the scorer keeps only the gold weights)."""
    base_weight = lattice.layout.base_weight
    return {key: base_weight(arc) for key, arc in lattice.arcs.items()}


def gold_arcs(lattice: Lattice, gold_edits: list, spans: dict) -> list:
    """The arcs that take the annotator's gold weight: arcs whose edit equals one of the gold
    edits (same offsets, same original, correction among the alternatives), except at an
    insertion offset, where only the arcs :func:`insertion_walk` credits do. ``spans``: a
    cache (start, end) -> arc keys, shared by the annotators of a sentence and filled on
    demand by :func:`arcs_with_span`."""
    found: list = []
    by_span: dict = {}
    for gold in gold_edits:
        by_span.setdefault((gold[0], gold[1]), []).append(gold)
    for (start, end), golds in by_span.items():
        keys = spans.get((start, end))
        if keys is None:
            keys = spans[(start, end)] = arcs_with_span(lattice, start, end)
        matching = _matching(lattice, keys, golds)
        if not matching:
            continue
        if start == end:
            found.extend(key for key, gold in insertion_walk(lattice, keys, golds, matching) if gold)
        else:
            found.extend(matching)
    return found


def _matching(lattice: Lattice, keys: list, golds: list) -> set:
    """The arcs among ``keys`` whose edit equals one of ``golds`` (all of one span)."""
    width, stride = lattice.width, lattice.stride
    matching = set()
    for _, _, original, alternatives in golds:
        # token counts first: an arc's strings are built only when they can match (a run
        # of repeated insertions labels thousands of arcs with one span)
        source_tokens = len(original.split(" ")) if original else 0
        target_tokens = {len(alternative.split(" ")) if alternative else 0 for alternative in alternatives}
        for key in keys:
            u, v = divmod(key, stride)
            ui, uj = divmod(u, width)
            vi, vj = divmod(v, width)
            if vi - ui != source_tokens or vj - uj not in target_tokens:
                continue
            _, _, arc_original, correction = lattice.edit(key)
            if arc_original == original and correction in alternatives:
                matching.add(key)
    return matching


def insertion_walk(lattice: Lattice, keys: list, golds: list, matching: set | None = None) -> list:
    """(arc key, the gold edit it matched or None) in the order release 3.2 weighs the arcs
    of one insertion offset (the arcs whose edit starts and ends at one offset), a step per
    listing; ``golds``: the annotator's gold edits at that offset, ``matching``: the arcs whose
    edit is one of them (found if not given).

    Derived from the ``--very_verbose`` vectors (all of them agree) and the W&I and JFLEG
    figures: the listings, in cell order, are walked as a list whose remaining part is
    reversed after each arc that matches no gold edit, so the walk alternates between the
    two ends (first, last, second, second to last, ...). An arc that matches takes the gold
    edit it matched (the first in file order) out of play, so no later arc can match it
    again (3.2's fix of insertions "counted repeatedly"), and takes all its listings out of
    the list; the entry that followed it is passed by (the list shrinks under the walk), and
    the walk goes on in the same direction. An arc passed by is not weighed at all.

    Once an arc has been credited, the first arc after it that matches nothing (the walk
    turns) puts the annotator's remaining gold edits at the offset out of play: only a run
    of matches without a turn between them earns several gold insertions at one offset
    (``to`` then ``the`` in ``late to the meeting``: syn_insertions_same_offset_v), while
    gold ``a`` and ``b`` after a source word the hypothesis replaced (``x a b`` for
    ``y c d``, where a first-row arc takes ``a`` and arcs matching nothing come before
    ``b``) earn one, as release 3.2 counts it (P 1/3, R 1/2). Fitted to that case of a
    differential run and checked against every vector; docs/jp_m2scorer.md says what is
    uncertain."""
    if matching is None:
        matching = _matching(lattice, keys, golds)
    arcs = lattice.arcs
    listing: list = []
    extra_listings = lattice.layout.extra_listings
    for key in sorted(keys):
        listing.extend([key] * (1 + extra_listings(arcs[key])))
    remaining = deque(listing)
    pool = list(golds)
    forward = True
    walk: list = []
    while remaining:
        key = remaining.popleft() if forward else remaining.pop()
        gold = None
        if key in matching and pool:
            _, _, original, correction = lattice.edit(key)
            for index, edit in enumerate(pool):
                if edit[2] == original and correction in edit[3]:
                    gold = pool.pop(index)
                    break
        walk.append((key, gold))
        if gold is None:
            forward = not forward
            if len(pool) < len(golds):
                pool = []
            continue
        if key in remaining:
            remaining = deque(other for other in remaining if other != key)
        if remaining:
            if forward:
                remaining.popleft()
            else:
                remaining.pop()
    return walk


def gold_weights(lattice: Lattice, credited) -> dict:
    """Arc key -> weight for the credited arcs (:func:`gold_arcs`): -|E|, except for an
    insertion listed twice, which weighs -|E| + 0.001: the walk weighs one listing gold and
    takes the other out, and that listing still adds its penalty afterwards, as a listing
    the walk passes by does (the vectors print -25.999 for |E| = 26)."""
    gold_weight = -lattice.edge_count
    arcs = lattice.arcs
    result = {}
    for key in credited:
        if arcs[key] & DOUBLED:
            start, end, _, _ = lattice.edit(key)
            if start == end:
                result[key] = gold_weight + PENALTY
                continue
        result[key] = gold_weight
    return result


def arcs_with_span(lattice: Lattice, start: int, end: int) -> list:
    """Arc keys whose edit has the offsets (start, end).

    Found from the arcs ending in the row that gives ``end`` rather than by labelling every
    arc: a lattice of a repeated phrase holds tens of thousands of arcs and a sentence has a
    handful of gold edits. An arc's end is its target row, except for targets in the first
    row, whose end is the target column minus one; its start is its source row, except for
    release 3.2's first-row insertions, whose start is the source column (:meth:`Lattice.edit`).
    """
    width, stride = lattice.width, lattice.stride
    vertices = lattice.vertices
    targets = []
    if end > 0:
        low = bisect_left(vertices, end * width)
        high = bisect_left(vertices, (end + 1) * width)
        targets.extend(vertices[low:high])
    if end + 1 < width:
        targets.append(end + 1)       # the first-row cell (0, end + 1)
    found = []
    into = lattice.into
    for v in targets:
        for u, record in zip(*into.get(v, NO_ARCS)):
            ui, uj = divmod(u, width)
            arc_start = uj if (ui == 0 and record & ROW0_INSERT) else ui
            if arc_start == start:
                found.append(u * stride + v)
    return found


def weights(lattice: Lattice, matches) -> dict:
    """Arc weights for one annotator (``matches(edit4)`` says whether an arc's edit is gold):
    gold arcs weigh -len(E), the others :func:`base_weights`."""
    result = base_weights(lattice)
    gold_weight = -lattice.edge_count
    for key in lattice.arcs:
        if matches(lattice.edit(key)):
            result[key] = gold_weight
    return result
