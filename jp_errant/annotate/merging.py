"""Turning alignment operations into edits (Bryant et al. 2017, rule-based merging).

An alignment says token by token what changed; an edit is what a human annotator would mark.
``rules`` merges adjacent operations by linguistic rules (possessive suffixes, case changes
after punctuation, split/joined words, same-POS or verb-group rewrites, content words) and
splits them at the smallest chunks otherwise. The other strategies are the simple baselines
of errant: ``all-split`` (one edit per operation), ``all-merge`` (one edit per run of
non-matches) and ``all-equal`` (one edit per run of identical operations).
"""
from __future__ import annotations

import re
import string
from itertools import combinations, groupby
from typing import Callable, Sequence

from .alignment import MATCH, AlignOp, char_similarity
from .tokens import Token

STRATEGIES = ("rules", "all-split", "all-merge", "all-equal")

# UPOS tags of words that carry content; a run of operations touching one is merged whole.
CONTENT_POS = frozenset({"ADJ", "AUX", "ADV", "NOUN", "VERB"})
# A multi-token rewrite entirely within a verb group is one edit: [has eaten -> ate].
VERB_GROUP_POS = frozenset({"AUX", "PART", "VERB"})
_JOINERS = re.compile(r"['-]")


def is_possessive(token: Token) -> bool:
    """English possessive suffix: PTB ``POS`` or, in UD terms, a PART attached as ``case``."""
    return token.xpos == "POS" or (token.upos == "PART" and token.relation == "case")


def is_punct(token: Token) -> bool:
    return token.upos == "PUNCT" or token.text in string.punctuation


def merge_ops(seq: Sequence[AlignOp]) -> list[AlignOp]:
    """One ``X`` operation spanning the whole sequence (nothing for an empty one)."""
    if not seq:
        return []
    return [AlignOp("X", seq[0].o_start, seq[-1].o_end, seq[0].c_start, seq[-1].c_end)]


def edit_spans(ops: Sequence[AlignOp], orig: Sequence[Token], cor: Sequence[Token],
               strategy: str = "rules") -> list[AlignOp]:
    """The edits (as spans) that a merging strategy makes of an alignment."""
    if strategy == "rules":
        return _rule_edits(ops, orig, cor)
    if strategy == "all-split":
        return [op for op in ops if op.op != MATCH]
    if strategy == "all-merge":
        return _merge_runs(ops, lambda op: op.op != MATCH)
    if strategy == "all-equal":
        return _merge_runs(ops, lambda op: op.op)
    raise ValueError(f"unknown merging strategy {strategy!r}")


def _merge_runs(ops: Sequence[AlignOp], key: Callable[[AlignOp], object]) -> list[AlignOp]:
    edits: list[AlignOp] = []
    for _, group in groupby(ops, key):
        run = list(group)
        if run[0].op != MATCH:
            edits.extend(merge_ops(run))
    return edits


def _rule_edits(ops: Sequence[AlignOp], orig: Sequence[Token], cor: Sequence[Token]) -> list[AlignOp]:
    # Matches separate edits; transpositions stand alone; the rest is merged by rules.
    def kind(op: AlignOp) -> str:
        return op.op[0] if op.op[0] in ("M", "T") else "other"

    edits: list[AlignOp] = []
    for group_kind, group in groupby(ops, kind):
        run = list(group)
        if group_kind == "M":
            continue
        if group_kind == "T":
            edits.extend(run)
        else:
            edits.extend(_process(run, orig, cor))
    return edits


def _process(seq: list[AlignOp], orig: Sequence[Token], cor: Sequence[Token]) -> list[AlignOp]:
    """Merge or split one run of non-match operations (recursive, largest spans first)."""
    if len(seq) <= 1:
        return list(seq)
    names = [op.op for op in seq]
    # Pure deletions or pure insertions are almost always one edit.
    if set(names) in ({"D"}, {"I"}):
        return merge_ops(seq)
    content = False
    spans = sorted(combinations(range(len(seq)), 2), key=lambda x: x[1] - x[0], reverse=True)
    for start, end in spans:
        if "S" not in names[start:end + 1]:
            continue
        o = orig[seq[start].o_start:seq[end].o_end]
        c = cor[seq[start].c_start:seq[end].c_end]
        # A possessive suffix at the start is an edit of its own.
        if start == 0 and (is_possessive(o[0]) or is_possessive(c[0])):
            return [seq[0]] + _process(seq[1:], orig, cor)
        # A possessive suffix at the end joins its noun: [friends -> friend 's].
        if is_possessive(o[-1]) or is_possessive(c[-1]):
            return (_process(seq[:end - 1], orig, cor) + merge_ops(seq[end - 1:end + 1])
                    + _process(seq[end + 1:], orig, cor))
        if o[-1].lower == c[-1].lower:
            # A capitalised first word that gained/lost words before it: [Cat -> The big cat].
            if start == 0 and ((len(o) == 1 and c[0].text[:1].isupper())
                               or (len(c) == 1 and o[0].text[:1].isupper())):
                return merge_ops(seq[start:end + 1]) + _process(seq[end + 1:], orig, cor)
            # A case change after punctuation goes with it: [, we -> . We].
            if (len(o) > 1 and is_punct(o[-2])) or (len(c) > 1 and is_punct(c[-2])):
                return (_process(seq[:end - 1], orig, cor) + merge_ops(seq[end - 1:end + 1])
                        + _process(seq[end + 1:], orig, cor))
        # Split or joined words: [acat -> a cat], [sub - way -> subway].
        o_join = _JOINERS.sub("", "".join(t.lower for t in o))
        c_join = _JOINERS.sub("", "".join(t.lower for t in c))
        if o_join == c_join:
            return (_process(seq[:start], orig, cor) + merge_ops(seq[start:end + 1])
                    + _process(seq[end + 1:], orig, cor))
        # Same POS throughout, or a verb group rewrite: [to eat -> eating], [watch -> look at].
        pos_set = {t.upos for t in o} | {t.upos for t in c}
        if len(o) != len(c) and (len(pos_set) == 1 or pos_set <= VERB_GROUP_POS):
            return (_process(seq[:start], orig, cor) + merge_ops(seq[start:end + 1])
                    + _process(seq[end + 1:], orig, cor))
        if end - start < 2:
            # Two adjacent substitutions are two edits.
            if len(o) == len(c) == 2:
                return _process(seq[:start + 1], orig, cor) + _process(seq[start + 1:], orig, cor)
            # A near-identical substitution at the boundary is a separate (spelling-like) edit.
            if ((names[start] == "S" and char_similarity(o[0].text, c[0].text) > 0.75)
                    or (names[end] == "S" and char_similarity(o[-1].text, c[-1].text) > 0.75)):
                return _process(seq[:start + 1], orig, cor) + _process(seq[start + 1:], orig, cor)
            # A determiner at the end is its own edit.
            if end == len(seq) - 1 and ((names[-1] in ("D", "S") and o[-1].upos == "DET")
                                        or (names[-1] in ("I", "S") and c[-1].upos == "DET")):
                return _process(seq[:-1], orig, cor) + [seq[-1]]
        if pos_set & CONTENT_POS:
            content = True
    return merge_ops(seq) if content else list(seq)
