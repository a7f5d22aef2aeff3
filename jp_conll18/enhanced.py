"""The enhanced dependency graph (DEPS column) as the current UD scorer reads and scores it.

UD tools' ``eval.py`` (pip ``udtools``' ``udeval``, the IWPT 2020/2021 scorer) is conll18
v1.2 plus this: every word's DEPS items are parsed when the word is read, resolved to words
of the sentence when the sentence is closed, rewritten by the ``--enhancements`` filters, and
scored as ELAS/EULAS over the same word alignment as LAS. Behaviour follows the spec of the
original (``iwpt_xud_eval.md``), quirks included: they are part of the published numbers.

A resolved edge is ``(head, steps)``: head ``0`` (the root), a ``UDWord``, or ``None`` (the
basic edge of a root word put in by filters 1 and 5, which has no head and never matches);
``steps`` is the label split at ``>`` (a collapsed path through empty nodes).
"""
from __future__ import annotations

from typing import Callable, FrozenSet, Iterable, List, Optional, Tuple, Union

from .model import DEPREL, DEPS, HEAD, UDError, UDWord
from .reader_options import mark

CASE_DEPRELS = frozenset({"obl", "nmod", "conj", "advcl"})
UNIVERSAL_DEPREL_EXTENSIONS = frozenset({"pass", "relcl", "xsubj"})

# ``treebank_type`` keys of the original's API -> number of the --enhancements filter.
FILTER_KEYS = {
    "no_gapping": 1,
    "no_shared_parents_in_coordination": 2,
    "no_shared_dependents_in_coordination": 3,
    "no_control": 4,
    "no_external_arguments_of_relative_clauses": 5,
    "no_case_info": 6,
}

EMPTY_NODE_REFERENCE = "The collapsed CoNLL-U file still contains references to empty nodes at line {}: {}"


def enhancement_filters(spec: str) -> FrozenSet[int]:
    """Filters switched on by an ``--enhancements`` value: every digit 1-6 in it, each
    character on its own (``16``, ``61`` and ``1,6`` all mean 1 and 6; ``0`` none)."""
    return frozenset(int(c) for c in spec if c in "123456")


def filters_of_treebank_type(treebank_type: Optional[dict]) -> FrozenSet[int]:
    """The filters a ``treebank_type`` dict of the original's API switches on."""
    if not treebank_type:
        return frozenset()
    return frozenset(n for key, n in FILTER_KEYS.items() if treebank_type.get(key))


def process_enhanced_deps(deps: str) -> list:
    """DEPS text -> list of ``(head text, steps)``; ``_`` or empty -> no edge.

    An item without ``:`` raises the original's ValueError ("not enough values to unpack").
    """
    if deps == "_" or not deps:
        return []
    edges = []
    for item in deps.split("|"):
        head, label = item.split(":", 1)
        edges.append((head, label.split(">")))
    return edges


def resolve_word_edges(word: UDWord, position: int, words: list, word_at: Callable[[int], UDWord],
                       filters: FrozenSet[int], strict: bool, path: Optional[str], line: Optional[int]) -> None:
    """Replace ``word.columns[DEPS]`` (parsed items) by its resolved, filtered edges.

    ``words`` is the word's sentence; ``word_at(k)`` is the word any other DEPS head ``k``
    names, with the original's list-indexing behaviour (IndexError beyond the sentence,
    negative heads reaching back). Heads of empty nodes (``8.1``) are dropped, or rejected
    when ``strict``.
    """
    items = word.columns[DEPS]
    if not items:
        word.columns[DEPS] = []
        return
    edges: List[Tuple[Union[int, UDWord], list]] = []
    n = len(words)
    for head, steps in items:
        if head == "0":
            edges.append((0, steps))
            continue
        if "." in head:
            if strict:
                raise UDError(EMPTY_NODE_REFERENCE.format(line, ""), path, line)
            continue
        try:
            number = int(head)  # the original's ValueError for a non-integer head
            if 0 < number <= n:
                edges.append((words[number - 1], steps))
            else:
                edges.append((0 if number == 0 else word_at(number), steps))
        except (ValueError, IndexError) as error:  # and its IndexError beyond the sentence
            mark(error, deps_head=head)  # for JP mode's message
            raise
    if filters:
        edges = apply_filters(edges, word, position, filters)
    word.columns[DEPS] = edges


def _basic_edge(word: UDWord) -> tuple:
    # The word's basic relation as an enhanced edge: for a root word the head is None (the
    # original's basic parent of a root), which no edge matches.
    return (word.parent, [word.columns[DEPREL]])


def _cut_case(label: str) -> str:
    parts = label.split(":")
    if len(parts) == 2 and parts[0] in CASE_DEPRELS and parts[1] not in UNIVERSAL_DEPREL_EXTENSIONS:
        return parts[0]
    return label


def apply_filters(edges: list, word: UDWord, position: int, filters: FrozenSet[int]) -> list:
    """The ``--enhancements`` filters 1..6, in order, on one word's resolved edges."""
    if 1 in filters:  # no gapping: path edges become the basic edge
        kept: list = []
        for head, steps in edges:
            if len(steps) > 1:
                kept.append(_basic_edge(word))
            elif not any(h is head and s == steps for h, s in kept):
                kept.append((head, steps))
        edges = kept
    if 2 in filters:  # no shared parents in coordination: the last conj edge only
        conj = [e for e in edges if len(e[1]) == 1 and e[1][0].startswith("conj")]
        if conj:
            edges = [conj[-1]]
    # 3 (no shared dependents in coordination) has no effect in the original.
    if 4 in filters:  # no control
        edges = [(head, steps) for head, steps in edges
                 if not (isinstance(head, UDWord) and head.columns[DEPREL] == "xcomp"
                         and any(step.startswith("nsubj") for step in steps))]
    if 5 in filters:  # no external arguments of relative clauses
        kept = []
        for head, steps in edges:
            if steps[0] == "ref":
                kept.append(_basic_edge(word))
            elif (isinstance(head, UDWord) and head.columns[DEPREL].startswith("acl")
                  and _head_number(head) == position):
                continue  # the original compares with the 0-based position
            else:
                kept.append((head, steps))
        edges = kept
    if 6 in filters:  # no case information
        edges = [(head, [_cut_case(step) for step in steps]) for head, steps in edges]
    return edges


def _head_number(word: UDWord) -> Optional[int]:
    try:
        return int(word.columns[HEAD])
    except ValueError:
        return None


def _universal(steps: List[str]) -> list:
    return [step.split(":", 1)[0] for step in steps]


def count_enhanced(pairs: Iterable[tuple], mapped: Callable) -> tuple:
    """(ELAS correct, EULAS correct) over aligned (gold word, system word) pairs.

    Every (gold edge, system edge) pair that matches counts, duplicates included, as in the
    original. Heads match when both are the root, or the gold head is the gold word aligned
    to the system head (``mapped``); a head of None never matches.
    """
    elas = eulas = 0
    for g, s in pairs:
        gold_edges = g.columns[DEPS]
        system_edges = s.columns[DEPS]
        if not gold_edges or not system_edges:
            continue
        for s_head, s_steps in system_edges:
            if s_head is None:
                continue
            to_root = type(s_head) is int  # 0, the root
            target = None if to_root else mapped(s_head)
            s_universal = None
            for g_head, g_steps in gold_edges:
                if not (type(g_head) is int if to_root else g_head is target):
                    continue
                if g_steps == s_steps:
                    elas += 1
                    eulas += 1
                elif len(g_steps) == len(s_steps):
                    if s_universal is None:
                        s_universal = _universal(s_steps)
                    eulas += _universal(g_steps) == s_universal
    return elas, eulas
