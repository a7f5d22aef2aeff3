"""The MaxMatch edit lattice of one sentence (Dahlmeier & Ng 2012), as release 3.2 builds it.

Vertices are alignment cells (source tokens consumed, hypothesis tokens produced) lying on a
minimum-cost token alignment, for two cost settings (substitution 1, and substitution =
deletion + insertion); edges are the single-token operations of either setting (an edge of
both settings is listed twice). Transitive arcs merge runs of edges holding at most
``max_unchanged_words`` unchanged tokens; arcs that only keep tokens are removed again.

Speed comes from the method, not shortcuts:

- the distance tables are filled only inside the diagonal band any minimum-cost alignment
  stays in (its width is the edit distance, computed beforehand by rapidfuzz);
- the closure visits, for each middle vertex, only its actual in- and out-neighbours (the
  original tests every vertex triple);
- an arc is one int (its fields packed, :class:`Layout`) in two arrays per target vertex
  (:class:`ArcTable`, 16 bytes an arc): the arcs into a vertex are all made through earlier
  vertices, so they move from a dict to the arrays when the closure reaches the vertex, and
  only the arcs into later vertices are kept as dicts; its edit (offsets, strings) follows
  from its two cells and is built only when it is compared with a gold edit or lies on the
  chosen path;
- the scorer passes only the gold arcs' weights; every other arc weighs its base weight,
  computed from its record where the path needs it (no weight table per annotator);
- the shortest path is one pass over the vertices in sorted order, which is topological.

The arc list, its order, the arcs' costs and the path's tie choice are those of release 3.2
(pinned by the vectors, including the ``--very_verbose`` ones).
"""
from __future__ import annotations

from array import array
from bisect import bisect_left
from collections import deque

from rapidfuzz.distance import Indel, Levenshtein

from . import py2

INF = float("inf")
PENALTY = 0.001  # added to a changing arc's weight each time it is listed

# An arc record is one int (a lattice of a 672-token line holds millions of arcs: a list per
# arc and a weight dict per annotator took 400 MiB to 1.6 GB). Low bits first: five flags,
# then the unchanged-token count, the number of listings after the first, the cost, and the
# position of the arc's first listing in release 3.2's arc list (before the removal of noop
# arcs; the removal keeps the relative order, which is all the path's tie choice compares).
# The widths depend on the sentence.
# DOUBLED: listed more than once (a base arc of both cost settings, or a RELISTED arc);
# RELISTED: a transitive arc made again at a lower cost, which release 3.2 lists once more.
NOOP, ROW0_INSERT, TRANSITIVE, DOUBLED, RELISTED = 1, 2, 4, 8, 16
FLAG_BITS = 5


class Layout:
    """Bit positions of the record fields for one sentence."""

    __slots__ = ("extra_shift", "cost_shift", "cost_mask", "position_shift", "unchanged_mask")

    def __init__(self, max_unchanged: int, max_cost: int) -> None:
        unchanged_bits = max(max_unchanged, 1).bit_length()
        self.unchanged_mask = (1 << unchanged_bits) - 1
        cost_bits = max(max_cost, 1).bit_length()
        self.cost_mask = (1 << cost_bits) - 1
        # an arc is listed again only at a lower cost: fewer extra listings than cost values
        self.extra_shift = FLAG_BITS + unchanged_bits
        self.cost_shift = self.extra_shift + cost_bits
        self.position_shift = self.cost_shift + cost_bits

    def pack(self, position: int, cost: int, unchanged: int, flags: int, extra: int = 0) -> int:
        return (((position << self.position_shift) | (cost << self.cost_shift)) |
                (extra << self.extra_shift) | (unchanged << FLAG_BITS)) | flags

    def extra_listings(self, record: int) -> int:
        return (record >> self.extra_shift) & self.cost_mask

    def unchanged(self, record: int) -> int:
        return (record >> FLAG_BITS) & self.unchanged_mask

    def cost(self, record: int) -> int:
        return (record >> self.cost_shift) & self.cost_mask

    def position(self, record: int) -> int:
        return record >> self.position_shift

    def base_weight(self, record: int) -> float:
        """The weight before any gold edit: the cost, plus the penalty once per listing for
        arcs that change something (added one listing after the other, as floats add)."""
        cost = (record >> self.cost_shift) & self.cost_mask
        if record & NOOP:
            return cost
        weight = cost + PENALTY
        if record & DOUBLED:
            for _ in range((record >> self.extra_shift) & self.cost_mask):
                weight += PENALTY
        return weight


NO_ARCS = ((), ())  # the sources and records of a vertex without incoming arcs


class ArcTable:
    """Arc key -> record, stored per target vertex as two arrays (sorted sources, records):
    16 bytes an arc where a dict entry, its key and its record took about 120.
    Read-only; lookups bisect the target's sources."""

    __slots__ = ("into", "stride", "size")

    def __init__(self, into: dict, stride: int) -> None:
        self.into = into          # target vertex -> (sources, records)
        self.stride = stride
        self.size = sum(len(sources) for sources, _ in into.values())

    def get(self, key: int, default=None):
        u, v = divmod(key, self.stride)
        entry = self.into.get(v)
        if entry is None:
            return default
        sources, records = entry
        at = bisect_left(sources, u)
        if at < len(sources) and sources[at] == u:
            return records[at]
        return default

    def __getitem__(self, key: int) -> int:
        record = self.get(key)
        if record is None:
            raise KeyError(key)
        return record

    def __contains__(self, key: int) -> bool:
        return self.get(key) is not None

    def __len__(self) -> int:
        return self.size

    def __iter__(self):
        stride = self.stride
        for v, (sources, _) in self.into.items():
            for u in sources:
                yield u * stride + v

    def items(self):
        stride = self.stride
        for v, (sources, records) in self.into.items():
            for u, record in zip(sources, records):
                yield u * stride + v, record


def _packed(values: list) -> "array | list":
    """A list of non-negative ints as a compact array when they fit in 64 bits."""
    try:
        return array("q", values)
    except OverflowError:
        return values


class Lattice:
    """The lattice of one sentence (a plain class: the scorer imports no dataclasses)."""

    __slots__ = ("src", "hyp", "vertices", "listing", "removed_positions", "arcs", "into", "removed",
                 "width", "stride", "base_order", "first_transitive", "made_through", "doubled", "removed_arcs",
                 "layout", "relisted", "_edits")

    def __init__(self, src: list, hyp: list, vertices: list, listing, removed_positions: list,
                 arcs: ArcTable, removed: list, width: int, stride: int, base_order: list, first_transitive: int,
                 made_through: list, doubled: list, removed_arcs: dict, layout: Layout, relisted: dict) -> None:
        self.src = src
        self.hyp = hyp
        self.vertices = vertices          # cells as ints (i * (m + 1) + j), sorted
        self.listing = listing            # arc keys in release-3.2 order before the noop removal (an array)
        self.removed_positions = removed_positions  # positions in ``listing`` taken out again
        self.arcs = arcs                  # arc key -> record (an int, see :class:`Layout`)
        self.into = arcs.into             # vertex -> (sources, records) of the arcs into it
        self.removed = removed            # transitive noop arcs taken out again
        self.width = width                # m + 1
        self.stride = stride              # number of cells: arc key = u * stride + v
        self.base_order = base_order      # base arcs in backtracking order
        self.first_transitive = first_transitive  # position of the first transitive arc in ``listing``
        self.made_through = made_through  # (vertex k, number of transitive arcs made through k)
        self.doubled = doubled            # base arcs listed twice (in both settings)
        self.removed_arcs = removed_arcs
        self.layout = layout
        self.relisted = relisted          # arc key -> positions in ``listing`` of its later listings
        self._edits: dict = {}

    @property
    def edge_count(self) -> int:
        """|E|: the number of listings in release 3.2's arc list (gold arcs weigh -|E|)."""
        return len(self.listing) - len(self.removed_positions)

    @property
    def edges(self) -> list:
        """Arc keys in release-3.2 order, duplicates kept, noop arcs removed (the -v traces)."""
        if not self.removed_positions:
            return list(self.listing)
        kept: list = []
        start = 0
        for position in self.removed_positions:
            kept.extend(self.listing[start:position])
            start = position + 1
        kept.extend(self.listing[start:])
        return kept

    @property
    def transitive(self) -> list:
        """Transitive arcs in creation order, removed ones included."""
        return list(self.listing[self.first_transitive:])

    @property
    def created(self) -> list:
        """Arc keys in creation order (base arcs, then transitive arcs), removed ones included;
        only the --very_verbose trace asks for it."""
        return self.base_order + self.transitive

    @property
    def middle(self) -> dict:
        """Transitive arc key -> the vertex it was first made through."""
        result: dict = {}
        for key, k in self.makings():
            result.setdefault(key, k)
        return result

    def makings(self) -> list:
        """(transitive arc key, the vertex it was made through) in creation order, an arc made
        again at a lower cost once more (for the --very_verbose trace)."""
        result = []
        arcs = iter(self.transitive)
        for k, count in self.made_through:
            for _ in range(count):
                result.append((next(arcs), k))
        return result

    def cells(self, key: int) -> tuple:
        u, v = divmod(key, self.stride)
        return divmod(u, self.width), divmod(v, self.width)

    def _arc(self, key: int) -> int:
        arc = self.arcs.get(key)
        return arc if arc is not None else self.removed_arcs[key]

    def kind(self, key: int) -> str:
        (ui, uj), (vi, vj) = self.cells(key)
        arc = self._arc(key)
        if arc & TRANSITIVE:
            # a fused arc is labelled by what its edit does: only insertions fused give
            # 'ins' (also in the first row, whose offsets differ), only deletions 'del'
            if arc & NOOP:
                return "noop"
            if vi == ui:
                return "ins"
            return "del" if vj == uj else "sub"
        if vi > ui and vj > uj:
            return "noop" if arc & NOOP else "sub"
        return "del" if vi > ui else "ins"

    def edit(self, key: int) -> tuple:
        """(start, end, original, correction) of the arc, with release 3.2's offsets."""
        found = self._edits.get(key)
        if found is None:
            (ui, uj), (vi, vj) = self.cells(key)
            arc = self._arc(key)
            # release 3.2 labels insertions in the first row with the hypothesis position
            start = uj if (ui == 0 and arc & ROW0_INSERT) else ui
            end = vj - 1 if vi == 0 else vi
            found = (start, end, py2.join_tokens(self.src[ui:vi]), py2.join_tokens(self.hyp[uj:vj]))
            self._edits[key] = found
        return found

    def edit_tuple(self, key: int) -> tuple:
        """The 6-tuple --very_verbose prints: (kind, start, end, original, correction, unchanged)."""
        start, end, original, correction = self.edit(key)
        return (py2.ByteStr(self.kind(key)), start, end, original, correction,
                self.layout.unchanged(self._arc(key)))

    def edge_cells(self) -> list:
        return [self.cells(key) for key in self.edges]


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
    """The whole distance table (--very_verbose prints it; tests compare the band with it)."""
    return _band_table(src, hyp, sub_cost, len(src) + len(hyp) + 2)


def _collect(table, src, hyp, sub_cost: int, width: int, stride: int, listed: dict, cells: set) -> None:
    """Backtrack every minimum-cost alignment from the last cell; count each edge's listings."""
    n, m = len(src), len(hyp)
    last = n * width + m
    stack = [last]
    seen = {last}
    while stack:
        cell = stack.pop()
        i, j = divmod(cell, width)
        here = table[i][j]
        row = table[i]
        preds = []
        if i > 0:
            above = table[i - 1]
            if j > 0 and above[j - 1] + (0 if src[i - 1] == hyp[j - 1] else sub_cost) == here:
                preds.append(cell - width - 1)
            if above[j] + 1 == here:
                preds.append(cell - width)
        if j > 0 and row[j - 1] + 1 == here:
            preds.append(cell - 1)
        for pred in preds:
            key = pred * stride + cell
            listed[key] = listed.get(key, 0) + 1
            if pred not in seen:
                seen.add(pred)
                stack.append(pred)
    cells.update(seen)


def build(src: list, hyp: list, max_unchanged_words: int, tables: tuple | None = None) -> Lattice:
    """The augmented edit lattice of one sentence (before annotator weights)."""
    n, m = len(src), len(hyp)
    width = m + 1
    stride = (n + 1) * width
    if tables is None:
        tables = (_band_table(src, hyp, 1, Levenshtein.distance(src, hyp)),
                  _band_table(src, hyp, 2, Indel.distance(src, hyp)))
    listed: dict = {}
    cells: set = set()
    _collect(tables[0], src, hyp, 1, width, stride, listed, cells)
    _collect(tables[1], src, hyp, 2, width, stride, listed, cells)
    vertices = sorted(cells)
    # a cost is a number of single-token operations; a fused arc's unchanged count never
    # exceeds the limit, a base arc's is at most 1
    layout = Layout(max_unchanged_words, n + m)
    unchanged_mask, cost_shift, cost_mask = layout.unchanged_mask, layout.cost_shift, layout.cost_mask
    succ: dict = {v: [] for v in vertices}
    # arcs into each vertex, source -> record, until the vertex is reached as a middle: arcs
    # into k are all made through vertices before k, so they are final then and move to
    # compact arrays (only the arcs into vertices after k are kept as dicts)
    pending: dict = {v: {} for v in vertices}
    # arc keys as 8-byte ints: one key object per arc would take 32 bytes more
    listing = array("q") if stride * stride < 1 << 63 else []
    for key in sorted(listed):
        u, v = divmod(key, stride)
        ui, uj = divmod(u, width)
        vi, vj = divmod(v, width)
        diagonal = vi > ui and vj > uj
        noop = diagonal and src[ui] == hyp[uj]
        flags = (NOOP if noop else 0) | (ROW0_INSERT if not diagonal and vi == ui else 0) | \
            (DOUBLED if listed[key] > 1 else 0)
        pending[v][u] = layout.pack(len(listing), 1, 1 if noop else 0, flags, listed[key] - 1)
        listing.extend([key] * listed[key])
        succ[u].append(v)
    first_transitive = len(listing)
    made_through = []
    into: dict = {}
    removed: list = []           # transitive arcs that change nothing, taken out again
    removed_positions: list = []
    removed_arcs: dict = {}
    removed_into: dict = {}      # target vertex -> sources of its removed arcs
    relisted: dict = {}          # arc key -> positions of its later listings
    extra_shift = layout.extra_shift
    limit = max_unchanged_words
    position_shift = layout.position_shift
    for k in vertices:
        ins = pending.pop(k)
        outs = succ[k]
        if ins and outs:
            out_arcs = []
            for j in sorted(outs):
                second = pending[j][k]
                out_arcs.append((j, pending[j], (second >> FLAG_BITS) & unchanged_mask,
                                 (second >> cost_shift) & cost_mask, second & NOOP, second & DOUBLED))
            before = len(listing)
            for i in sorted(ins):
                first = ins[i]
                first_unchanged = (first >> FLAG_BITS) & unchanged_mask
                room = limit - first_unchanged
                if room < 0:
                    continue
                first_cost = (first >> cost_shift) & cost_mask
                first_noop = first & NOOP
                first_flags = (first & ROW0_INSERT) | TRANSITIVE
                for j, into_j, second_unchanged, second_cost, second_noop, second_doubled in out_arcs:
                    if second_unchanged > room:
                        continue
                    old = into_j.get(i)
                    cost = first_cost + second_cost
                    if old is not None:
                        # The arc exists; a cheaper run of operations between the same cells
                        # lowers its cost. When that run ends with a base arc listed twice
                        # (both cost settings), release 3.2 makes the arc again: it takes the
                        # run's edit (offsets, unchanged count) and cost, keeps its first
                        # place, and is listed once more, so it earns the penalty once more.
                        # fzr_100102's --very_verbose trace shows the second listings and
                        # weights; the fz_path_tiebreak vectors and W&I dev A (where a run
                        # ending in a single listing relists nothing) pin the condition.
                        old_cost = (old >> cost_shift) & cost_mask
                        if cost < old_cost and not second_doubled:
                            into_j[i] = old - ((old_cost - cost) << cost_shift)
                        elif cost < old_cost:
                            position = len(listing)
                            extra = ((old >> extra_shift) & cost_mask) + 1
                            into_j[i] = (old >> position_shift << position_shift) | (cost << cost_shift) | \
                                (extra << extra_shift) | ((first_unchanged + second_unchanged) << FLAG_BITS) | \
                                first_flags | (first_noop & second_noop) | DOUBLED | RELISTED
                            relisted.setdefault(i * stride + j, []).append(position)
                            listing.append(i * stride + j)
                        continue
                    noop = first_noop & second_noop
                    position = len(listing)
                    if noop:
                        # Remove transitive arcs that change nothing. Release 3.2 skips the
                        # arc listed right after each removed one (it removes while walking
                        # the list), so some of them stay. The arc still extends others.
                        if not removed_positions or position != removed_positions[-1] + 1:
                            removed_positions.append(position)
                            removed.append(i * stride + j)
                            removed_into.setdefault(j, []).append(i)
                    into_j[i] = (position << position_shift) | (cost << cost_shift) | \
                        ((first_unchanged + second_unchanged) << FLAG_BITS) | first_flags | noop
                    listing.append(i * stride + j)
            if len(listing) > before:
                made_through.append((k, len(listing) - before))
        if ins:
            sources = sorted(ins)
            for u in removed_into.pop(k, ()):
                removed_arcs[u * stride + k] = ins[u]
                sources.remove(u)
            into[k] = (_packed(sources), _packed([ins[u] for u in sources]))
    doubled = [key for key, count in listed.items() if count > 1]
    return Lattice(src, hyp, vertices, listing, removed_positions, ArcTable(into, stride), removed, width,
                   stride, list(listed), first_transitive, made_through, doubled, removed_arcs, layout, relisted)


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
    found = []
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
    the walk goes on in the same direction. An arc passed by is not weighed at all."""
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
    dist = {start: 0}
    reached = {start: period}
    history: dict = {}
    back = {}
    into = lattice.into
    layout = lattice.layout
    cost_shift, cost_mask, position_shift = layout.cost_shift, layout.cost_mask, layout.position_shift
    extra_shift = layout.extra_shift
    relisted = lattice.relisted
    for v in vertices[1:]:
        # Bellman-Ford's relaxations into v near its best distance so far: while they all
        # bring that very distance, only the earliest counts (first, chosen); otherwise
        # ``events`` lists them all, as (moment, distance, u)
        best = limit = INF
        first = chosen = events = None
        for u, record in zip(*into.get(v, NO_ARCS)):
            moment = reached.get(u)
            if moment is None:
                continue
            key = u * stride + v
            w = weight.get(key)
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
                                           relisted.get(key) if record & RELISTED else None, period, u))
                if cand < best:
                    best, limit = cand, cand + NEAR
        if chosen is None and events is None:
            continue
        if events is None:
            reached[v] = first
        else:
            # the distances v takes in the run's order, each lower than the one before
            steps = []
            best = INF
            for moment, value, u in sorted(events):
                if value < best:
                    best, chosen = value, u
                    steps.append((moment, value))
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
