"""Breakdowns in the significance tests: per-group figures beside the headline ones.

A tool whose run also asks for a breakdown (jp_conll18's ``--breakdown KEY``, errant's
``-cat N`` / ``--average macro``, m2scorer's ``--per-type``) returns
:class:`GroupedStatistics`: its usual statistics plus, per block (additive tools) or per
block and candidate (tools that choose an annotator), sparse per-group counters. Here the
groups of all compared systems are united (a group one system lacks counts zeros for it),
the counters are laid out densely after the usual ones -- extra columns of the additive count
vectors, or the payload that :class:`jp_shims.significance.ChoiceCounts` sums for the chosen
candidate while the choice itself still reads the overall counts -- and the metric is the
tool's usual one followed by the per-group ones (:class:`GroupScoring`). Without a
breakdown, :func:`system_counts` turns the tools' statistics (:mod:`jp_shims.tool`) into the
counts :func:`jp_shims.significance.compare` resamples; :func:`prepare` takes one way or the
other.

Which rows are breakdown rows, and how large each group is, travels with the result
(:class:`BreakdownRows`): the text table shows groups of at least :data:`MIN_SIZE`, the JSON
document all of them. Every group's test is a test of its own, not corrected for multiple
comparisons (docs/significance.md).

numpy is imported when a comparison is computed, not with this module (tools import it for
:class:`GroupScoring` on every run).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple

if TYPE_CHECKING:
    from ..tool import ChoiceStatistics, Statistics

MIN_SIZE = 20  # the text table's threshold: groups with fewer gold items are in the JSON only

Group = Tuple[str, str]  # (key, value), e.g. ("deprel", "nsubj") or ("type", "M:DET")


class GroupRow(NamedTuple):
    """What a breakdown row of the table is: the group (key and value) its metric is of, and
    the group's size (gold items, the largest over the systems); an aggregate over the
    groups (a macro average) has no group and no size and is always shown."""

    key: str
    group: Optional[str]
    size: Optional[int]


class BreakdownRows(NamedTuple):
    """The breakdown rows of a comparison (metric name -> :class:`GroupRow`), the text
    table's minimum group size, and what a group's size counts."""

    rows: Dict[str, GroupRow]
    minimum: int
    unit: str

    def shown(self, name: str) -> bool:
        """Whether the text table (and the HTML report) shows metric ``name``."""
        row = self.rows.get(name)
        return row is None or row.size is None or row.size >= self.minimum


class GroupScoring:
    """How a tool lays out and scores its groups (one instance per run; subclass it).

    ``fields``: counters per group; ``unit``: what :meth:`sizes` counts (e.g. "gold words").
    """

    fields: int = 1
    unit: str = "gold items"

    def order(self, groups: Sequence[Group]) -> List[Group]:
        """The groups in the order of the table (default: sorted)."""
        return sorted(groups)

    def metric(self, groups: Sequence[Group], names: Sequence[str]) -> Tuple[Callable[[Any], Any], List[str],
                                                                              List[GroupRow]]:
        """The per-group metrics over dense group totals (..., len(groups) * fields): the
        function, its names and what each is (:class:`GroupRow`, size left None).
        ``names``: the tool's usual metrics of this run."""
        raise NotImplementedError

    def sizes(self, totals: Any) -> Any:
        """Each group's size from its totals (groups, fields)."""
        raise NotImplementedError


class GroupedStatistics(NamedTuple):
    """A tool's statistics of significance with per-group counters: ``statistics`` an
    :class:`~jp_shims.tool.AdditiveStatistics` or :class:`~jp_shims.tool.ChoiceStatistics`;
    ``groups`` parallel to its blocks -- per block a mapping group -> counters (additive), or
    per block a list with one such mapping per candidate (choice); ``scoring`` the
    :class:`GroupScoring` of the run (the baseline's serves all systems)."""

    statistics: Any
    groups: Sequence[Any]
    scoring: GroupScoring


def prepare(statistics: Sequence[Any], metric: Callable[[Any], Any], names: Sequence[str]) -> tuple:
    """``(systems, metric, names, rows)``: :func:`with_groups` when the statistics carry
    groups, else the plain counts with the tool's metric and no breakdown rows (None)."""
    if statistics and all(isinstance(s, GroupedStatistics) for s in statistics):
        return with_groups(statistics, metric, names)
    return system_counts(statistics), metric, list(names), None


def system_counts(statistics: Sequence[Statistics]) -> list:
    """The counts :func:`jp_shims.significance.compare` resamples, one per system, over the
    units of gold text no system's block crosses (per-group counters left out: see :func:`prepare`)."""
    from .resampling import additive_systems
    from ..tool import AdditiveStatistics, ChoiceStatistics

    statistics = [s.statistics if isinstance(s, GroupedStatistics) else s for s in statistics]
    if statistics and all(isinstance(s, AdditiveStatistics) for s in statistics):
        return additive_systems([s.blocks for s in statistics], statistics[0].width)
    if statistics and all(isinstance(s, ChoiceStatistics) for s in statistics):
        return _choice_systems(statistics)
    raise TypeError("evaluate returned no statistics of one kind for significance")


def _choice_systems(statistics: Sequence[ChoiceStatistics]) -> list:
    """``ChoiceCounts`` of every system over their common units (the gold sentences no
    system's block crosses); a unit's blocks stay in file order."""
    from .resampling import ChoiceCounts, unit_index, units_of

    starts = units_of([[extent for extent, _ in s.blocks] for s in statistics])
    counted = []
    for s in statistics:
        units: List[list] = [[] for _ in starts]
        for extent, candidates in s.blocks:
            units[unit_index(starts, extent)].append(candidates)
        counted.append(ChoiceCounts(units, s.beta, rule=s.rule))
    return counted


def with_groups(statistics: Sequence[Any], metric: Callable[[Any], Any], names: Sequence[str]) -> tuple:
    """``(systems, metric, names, rows)`` for :func:`jp_shims.significance.compare`: every
    system's counts with its group counters laid out over the union of all systems' groups,
    the usual metric followed by the per-group ones, their names, and the
    :class:`BreakdownRows`."""
    import numpy as np

    from ..tool import AdditiveStatistics

    scoring: GroupScoring = statistics[0].scoring
    union = scoring.order(list(dict.fromkeys(group for s in statistics for group in _groups_of(s))))
    index = {group: k for k, group in enumerate(union)}
    fields = scoring.fields
    if isinstance(statistics[0].statistics, AdditiveStatistics):
        base_width = statistics[0].statistics.width
        dense = [_dense_additive(s, index, fields) for s in statistics]
    else:
        base_width = 3
        dense = [_dense_choice(s, index, fields) for s in statistics]
    counted = system_counts(dense)
    group_metric, group_names, rows = scoring.metric(union, names)
    sizes = np.max([scoring.sizes(np.asarray(c.totals())[base_width:].reshape(len(union), fields))
                    for c in counted], axis=0) if union else np.zeros(0)
    described = {}
    for name, row in zip(group_names, rows):
        if row.group is not None:
            row = row._replace(size=int(sizes[index[(row.key, row.group)]]))
        described[name] = row

    def combined(totals):
        totals = np.asarray(totals)
        return np.concatenate((np.asarray(metric(totals[..., :base_width]), dtype=np.float64),
                               np.asarray(group_metric(totals[..., base_width:]), dtype=np.float64)), axis=-1)

    return counted, combined, [*names, *group_names], BreakdownRows(described, MIN_SIZE, scoring.unit)


def _groups_of(grouped: GroupedStatistics):
    for block in grouped.groups:
        if isinstance(block, Mapping):
            yield from block
        else:
            for candidate in block:
                yield from candidate


def _dense(sparse: Mapping[Group, Sequence[int]], index: Mapping[Group, int], fields: int, width: int) -> list:
    vector = [0] * width
    for group, counters in sparse.items():
        start = index[group] * fields
        vector[start:start + fields] = counters
    return vector


def _dense_additive(grouped: GroupedStatistics, index: Mapping[Group, int], fields: int):
    from ..tool import AdditiveStatistics

    base = grouped.statistics
    width = len(index) * fields
    blocks = [(extent, [*vector, *_dense(sparse, index, fields, width)])
              for (extent, vector), sparse in zip(base.blocks, grouped.groups)]
    return AdditiveStatistics(blocks, base.width + width)


def _dense_choice(grouped: GroupedStatistics, index: Mapping[Group, int], fields: int):
    base = grouped.statistics
    width = len(index) * fields
    blocks = [(extent, [(*candidate[:3], *_dense(sparse, index, fields, width))
                        for candidate, sparse in zip(candidates, payloads)])
              for (extent, candidates), payloads in zip(base.blocks, grouped.groups)]
    return base._replace(blocks=blocks)
