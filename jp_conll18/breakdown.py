"""MaltEval-style breakdowns and confusion matrices of the attachment scores, on aligned words.

The words are those the scorer aligned (``scoring.align_words`` on each scored block, after
JP mode's reconciliation), so a system with other tokens or sentence boundaries is broken
down too. Every word is grouped on its own side: a gold word by its value in the gold tree, a
system word by its value in the system tree (MaltEval's "treebank" and "parser" groupings,
which it reports for deprel, arc length, direction, depth, branching and projectivity). Per
group:

* ``gold``, ``system``: words of the group on each side (those without a counterpart
  included, so the groups add up to the Words totals);
* ``gold_unmatched``, ``system_unmatched``: of these, the words without a counterpart;
* ``uas_gold``, ``las_gold``: gold words of the group whose system counterpart has the
  right head (and label) -- recall is ``uas_gold / gold``;
* ``uas_system``, ``las_system``: the same correct words counted in the group of the system
  word -- precision is ``uas_system / system``.

Summed over the groups of a key, ``gold``/``system`` give the Words gold/system totals and
``uas_*``/``las_*`` the UAS/LAS correct counts. A correct word is counted by the scorer's rule:
the gold word's head is the word aligned to the system word's head (both roots), and for LAS
the (subtype-less) DEPREL is the same.

A confusion matrix counts aligned words by (gold value, system value); a gold word without a
counterpart is in column :data:`NONE`, a system word without one in row :data:`NONE`, so the
rows add up to the gold groups and the columns to the system groups.

Everything here is pure: counts in, counts out (plain dicts, as the JSON document holds them).
"""
from __future__ import annotations

from typing import Callable, Dict, Iterable, List, Optional, Sequence

from .model import DEPREL, UPOS, Sentence, UDWord

# Keys of ``--breakdown`` and ``--confusion``.
BREAKDOWN_KEYS = ("deprel", "upos", "arc-length", "direction", "depth", "sentence-length", "branching",
                  "projectivity")
CONFUSION_KEYS = ("deprel", "direction", "depth", "upos")
# The row / column of words without a counterpart in a confusion matrix.
NONE = "(none)"
# The counters of one group, in this order.
FIELDS = ("gold", "system", "gold_unmatched", "system_unmatched", "uas_gold", "uas_system", "las_gold",
          "las_system")
GOLD, SYSTEM, GOLD_UNMATCHED, SYSTEM_UNMATCHED, UAS_GOLD, UAS_SYSTEM, LAS_GOLD, LAS_SYSTEM = range(8)

# Arc length bins (MaltEval's GroupedRelationLength): the root arc, 1, 2, 3-6, 7 and more.
ARC_LENGTH_BINS = ("root", "1", "2", "3-6", "7+")
# Sentence length bins, in words: 1-10, 11-20, ..., 41-50, then 51 and more.
SENTENCE_LENGTH_BINS = ("1-10", "11-20", "21-30", "31-40", "41-50", "51+")
DIRECTIONS = ("left", "right", "root")  # where the head is, seen from the word (MaltEval's)
PROJECTIVITY = ("projective", "non-projective")

GroupCounts = Dict[str, List[int]]  # group -> the FIELDS counters
Matrix = Dict[str, Dict[str, int]]  # gold group -> system group -> words


def arc_length_bin(length: int) -> str:
    """The bin of an arc of ``length`` words (0: the root arc).

    >>> [arc_length_bin(n) for n in (0, 1, 2, 3, 6, 7, 40)]
    ['root', '1', '2', '3-6', '3-6', '7+', '7+']
    """
    if length == 0:
        return "root"
    if length <= 2:
        return str(length)
    return "3-6" if length <= 6 else "7+"


def sentence_length_bin(length: int) -> str:
    """The bin of a sentence of ``length`` words.

    >>> [sentence_length_bin(n) for n in (1, 10, 11, 50, 51)]
    ['1-10', '1-10', '11-20', '41-50', '51+']
    """
    if length > 50:
        return "51+"
    low = (length - 1) // 10 * 10 + 1
    return f"{low}-{low + 9}"


def sentence_values(words: Sequence[UDWord], keys: Sequence[str]) -> List[tuple]:
    """For each word of one sentence, its value for each of ``keys`` (a tuple, in the order of
    ``keys``). Positions are 1-based word positions (multi-word token ranges and empty nodes
    are not words); the head of a root word is 0.

    >>> from jp_conll18.model import UDSpan
    >>> def word(deprel):
    ...     return UDWord(UDSpan(0, 1), ["", "", "", "X", "", "", "", deprel, "", ""], False)
    >>> a, b, c = word("nsubj"), word("root"), word("obj")     # a <- b -> c
    >>> a.parent = c.parent = b
    >>> sentence_values([a, b, c], ("direction", "depth", "arc-length", "branching"))
    [('right', 1, '1', 0), ('root', 0, 'root', 2), ('left', 1, '1', 0)]
    """
    n = len(words)
    index = {id(word): position for position, word in enumerate(words, 1)}
    # A parent outside the sentence cannot happen (the reader and JP mode's copies keep trees
    # inside their sentence); it would be read as a root.
    heads = [index.get(id(word.parent), 0) if word.parent is not None else 0 for word in words]
    columns = []
    for key in keys:
        if key == "deprel":
            columns.append([word.columns[DEPREL] for word in words])
        elif key == "upos":
            columns.append([word.columns[UPOS] for word in words])
        elif key == "arc-length":
            columns.append([arc_length_bin(abs(head - p) if head else 0) for p, head in enumerate(heads, 1)])
        elif key == "direction":
            columns.append(["root" if head == 0 else "left" if head < p else "right"
                            for p, head in enumerate(heads, 1)])
        elif key == "depth":
            columns.append(_depths(heads))
        elif key == "sentence-length":
            columns.append([sentence_length_bin(n)] * n)
        elif key == "branching":
            children = [0] * (n + 1)
            for head in heads:
                children[head] += 1
            columns.append(children[1:])
        elif key == "projectivity":
            columns.append(_projectivity(heads))
        else:
            raise ValueError(f"unknown breakdown key {key!r} (one of {', '.join(BREAKDOWN_KEYS)})")
    return list(zip(*columns)) if columns else [()] * n


def _depths(heads: List[int]) -> List[int]:
    """Arcs between each word and its sentence's root word (MaltEval's ArcDepth: the root
    word 0, its dependents 1, ...), without recursion."""
    depth = [-1] * len(heads)
    for start in range(len(heads)):
        chain = []
        i = start
        while depth[i] < 0:
            chain.append(i)
            head = heads[i]
            if head == 0:
                value = 0
                break
            i = head - 1
        else:
            value = depth[i] + 1
        for i in reversed(chain):
            depth[i] = value
            value += 1
    return depth


def _projectivity(heads: List[int]) -> List[str]:
    """Whether each word's arc is projective: every word between the word and its head
    descends from the head (a root arc is projective)."""
    n = len(heads)
    children: List[List[int]] = [[] for _ in range(n + 1)]
    for position, head in enumerate(heads, 1):
        children[head].append(position)
    # Entry and exit times of a depth-first walk from the virtual root 0: ``a`` dominates
    # ``b`` when b's interval lies inside a's.
    enter = [0] * (n + 1)
    leave = [0] * (n + 1)
    clock = 0
    stack = [(0, False)]
    while stack:
        node, done = stack.pop()
        if done:
            leave[node] = clock
            continue
        enter[node] = clock
        clock += 1
        stack.append((node, True))
        stack.extend((child, False) for child in children[node])
    values = []
    for position, head in enumerate(heads, 1):
        projective = head == 0 or all(enter[head] <= enter[k] and leave[k] <= leave[head]
                                      for k in range(min(head, position) + 1, max(head, position)))
        values.append(PROJECTIVITY[0] if projective else PROJECTIVITY[1])
    return values


def add_block(groups: Dict[str, GroupCounts], matrices: Dict[str, Matrix], gold: Sequence[Sentence],
              system: Sequence[Sentence], pairs: Iterable[tuple]) -> None:
    """Add one block's counts to ``groups`` and ``matrices`` (whose keys say what to count)."""
    keys = list(dict.fromkeys([*groups, *matrices]))
    if not keys:
        return
    gold_values = _values_by_word(gold, keys)
    system_values = _values_by_word(system, keys)
    pairs = list(pairs)
    to_gold = {id(s): g for g, s in pairs}
    matched_gold = {id(g) for g, _ in pairs}
    group_slots = [(keys.index(key), rows) for key, rows in groups.items()]
    matrix_slots = [(keys.index(key), matrix) for key, matrix in matrices.items()]

    for word_id, values in gold_values.items():
        unmatched = word_id not in matched_gold
        for slot, rows in group_slots:
            row = _row(rows, values[slot])
            row[GOLD] += 1
            row[GOLD_UNMATCHED] += unmatched
        if unmatched:
            for slot, matrix in matrix_slots:
                _cell_add(matrix, str(values[slot]), NONE)
    for word_id, values in system_values.items():
        unmatched = word_id not in to_gold
        for slot, rows in group_slots:
            row = _row(rows, values[slot])
            row[SYSTEM] += 1
            row[SYSTEM_UNMATCHED] += unmatched
        if unmatched:
            for slot, matrix in matrix_slots:
                _cell_add(matrix, NONE, str(values[slot]))
    for g, s in pairs:
        # The scorer's rule (scoring.count_alignment): the gold head is the word aligned to
        # the system head, or both are roots; LAS also compares DEPREL.
        parent = s.parent
        attached = g.parent is (None if parent is None else to_gold.get(id(parent), _NOT_ALIGNED))
        labelled = attached and g.columns[DEPREL] == s.columns[DEPREL]
        g_values, s_values = gold_values[id(g)], system_values[id(s)]
        for slot, rows in group_slots:
            if attached:
                _row(rows, g_values[slot])[UAS_GOLD] += 1
                _row(rows, s_values[slot])[UAS_SYSTEM] += 1
                if labelled:
                    _row(rows, g_values[slot])[LAS_GOLD] += 1
                    _row(rows, s_values[slot])[LAS_SYSTEM] += 1
        for slot, matrix in matrix_slots:
            _cell_add(matrix, str(g_values[slot]), str(s_values[slot]))


_NOT_ALIGNED = object()


def _values_by_word(sentences: Sequence[Sentence], keys: Sequence[str]) -> dict:
    values = {}
    for sentence in sentences:
        for word, word_values in zip(sentence.words, sentence_values(sentence.words, keys)):
            values[id(word)] = word_values
    return values


def _row(rows: GroupCounts, value) -> List[int]:
    key = str(value)
    row = rows.get(key)
    if row is None:
        row = rows[key] = [0] * len(FIELDS)
    return row


def _cell_add(matrix: Matrix, gold: str, system: str) -> None:
    row = matrix.setdefault(gold, {})
    row[system] = row.get(system, 0) + 1


def merge(groups: Dict[str, GroupCounts], matrices: Dict[str, Matrix], other_groups: Dict[str, GroupCounts],
          other_matrices: Dict[str, Matrix]) -> None:
    """Add counts (key -> group -> counters; key -> gold value -> system value -> words) into
    ``groups`` and ``matrices``."""
    for key, rows in other_groups.items():
        mine = groups.setdefault(key, {})
        for group, row in rows.items():
            target = _row(mine, group)
            for k, n in enumerate(row):
                target[k] += n
    for key, matrix in other_matrices.items():
        mine_matrix = matrices.setdefault(key, {})
        for gold, cells in matrix.items():
            for system, n in cells.items():
                target_row = mine_matrix.setdefault(gold, {})
                target_row[system] = target_row.get(system, 0) + n


class Breakdown:
    """What the scorer fills while it scores (``Counts.breakdown``): the requested breakdowns
    and confusion matrices, block after block. ``keys``: of :data:`BREAKDOWN_KEYS`;
    ``confusion_keys``: of :data:`CONFUSION_KEYS`."""

    __slots__ = ("groups", "matrices")

    def __init__(self, keys: Sequence[str] = (), confusion_keys: Sequence[str] = ()) -> None:
        for key in keys:
            if key not in BREAKDOWN_KEYS:
                raise ValueError(f"unknown breakdown key {key!r} (one of {', '.join(BREAKDOWN_KEYS)})")
        for key in confusion_keys:
            if key not in CONFUSION_KEYS:
                raise ValueError(f"unknown confusion key {key!r} (one of {', '.join(CONFUSION_KEYS)})")
        self.groups: Dict[str, GroupCounts] = {key: {} for key in dict.fromkeys(keys)}
        self.matrices: Dict[str, Matrix] = {key: {} for key in dict.fromkeys(confusion_keys)}

    def add_block(self, gold: Sequence[Sentence], system: Sequence[Sentence], pairs: Iterable[tuple],
                  separate: bool = False) -> Optional[Dict[str, GroupCounts]]:
        """Add one block's counts; with ``separate``, also return the block's own breakdowns
        (key -> group -> counters: the significance tests resample blocks)."""
        if not separate or not self.groups:
            add_block(self.groups, self.matrices, gold, system, pairs)
            return None
        own: Dict[str, GroupCounts] = {key: {} for key in self.groups}
        add_block(own, self.matrices, gold, system, pairs)
        merge(self.groups, {}, own, {})
        return own

    def breakdowns(self) -> dict:
        """key -> group -> {counter name: count} (groups in :func:`group_order`)."""
        return {key: {group: dict(zip(FIELDS, rows[group])) for group in group_order(key, rows)}
                for key, rows in self.groups.items()}

    def confusions(self) -> dict:
        """key -> gold value -> system value -> words (values in :func:`group_order`, the
        :data:`NONE` row and column last; cells that are 0 left out)."""
        result = {}
        for key, matrix in self.matrices.items():
            columns = {system for row in matrix.values() for system in row}
            gold_order = group_order(key, matrix)
            system_order = group_order(key, columns)
            result[key] = {gold: {system: matrix[gold][system] for system in system_order if system in matrix[gold]}
                           for gold in gold_order}
        return result


def attach(scores, breakdown: Optional[Breakdown]):
    """``scores`` (an ``evaluate`` result) with ``breakdowns`` and ``confusions`` set from
    ``breakdown`` (left as they are when it is None)."""
    if breakdown is not None:
        scores.breakdowns = breakdown.breakdowns()
        scores.confusions = breakdown.confusions()
    return scores


def group_order(key: str, groups: Iterable[str]) -> List[str]:
    """The groups of ``key`` in reading order: bins and numbers ascending, direction left,
    right, root, labels alphabetically; :data:`NONE` last.

    >>> group_order("depth", ["10", "2", "0"])
    ['0', '2', '10']
    >>> group_order("direction", ["root", "(none)", "left"])
    ['left', 'root', '(none)']
    """
    fixed: Optional[Sequence[str]] = {"arc-length": ARC_LENGTH_BINS, "sentence-length": SENTENCE_LENGTH_BINS,
                                      "direction": DIRECTIONS, "projectivity": PROJECTIVITY}.get(key)
    sort_key: Callable[[str], tuple]
    if fixed is not None:
        sort_key = lambda group: (group == NONE, fixed.index(group) if group in fixed else len(fixed), group)  # noqa: E731
    elif key in ("depth", "branching"):
        sort_key = lambda group: (group == NONE, int(group) if group.isdigit() else 0, group)  # noqa: E731
    else:
        sort_key = lambda group: (group == NONE, group)  # noqa: E731
    return sorted(groups, key=sort_key)


def group_scores(counts: dict) -> dict:
    """Precision, recall and F1 of heads (``uas``) and heads with labels (``las``) of one
    group's counters (a dict of :data:`FIELDS`): precision over the group's system words,
    recall over its gold words; None where the denominator is 0.

    >>> group_scores(dict(zip(FIELDS, [4, 5, 1, 0, 3, 3, 2, 2])))["las"]
    {'precision': 0.4, 'recall': 0.5, 'f1': 0.4444444444444445}
    """
    result = {}
    for metric in ("uas", "las"):
        precision = counts[f"{metric}_system"] / counts["system"] if counts["system"] else None
        recall = counts[f"{metric}_gold"] / counts["gold"] if counts["gold"] else None
        if precision is None or recall is None:
            f1 = None
        else:
            f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        result[metric] = {"precision": precision, "recall": recall, "f1": f1}
    return result
