"""Token alignment of an original and a corrected sentence (Felice et al. 2016).

A Damerau-Levenshtein alignment whose substitution cost is linguistic: lemma, part of speech
and characters each contribute, so that ``eat -> ate`` (same lemma) is cheaper than
``eat -> table``. Transpositions cover a whole reordered window (``T3`` swaps three tokens).
With ``lev=True`` substitutions cost 1, i.e. plain (Damerau-)Levenshtein.

This is the token-level alignment *inside* one sentence pair; it is a different problem from
jp_align's sentence/word alignment of two tokenizations of the same text.
"""
from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple, Sequence

from rapidfuzz.distance import Indel

from jp_shims.errors import InputError

from .tokens import Token

# Open-class UPOS tags: a substitution between two of them is half as costly as across
# classes (content words are often replaced by other content words).
OPEN_POS = frozenset({"ADJ", "ADV", "NOUN", "VERB"})

MATCH, SUBSTITUTE, INSERT, DELETE = "M", "S", "I", "D"
INFINITY = float("inf")
# The alignment holds two (n+1) x (m+1) tables: about 65 MiB for 1,000 x 1,000 tokens and
# growing with the product. JP mode refuses a sentence pair above this many cells (one line,
# exit 2) rather than exhaust memory on a runaway line (docs/jp_errant_parallel.md).
MAX_ALIGNMENT_CELLS = 1_000_000


class AlignmentTooLarge(InputError):
    """A sentence pair whose token alignment would need more than ``limit`` table cells: bad
    input (:class:`jp_shims.errors.InputError`; the caller knows the file and line)."""

    def __init__(self, orig_tokens: int, cor_tokens: int, limit: int) -> None:
        super().__init__(None, None,
                         f"sentence of {orig_tokens} tokens against a correction of {cor_tokens} tokens: "
                         f"aligning them needs {(orig_tokens + 1) * (cor_tokens + 1):,} cells, more than the "
                         f"limit of {limit:,} (memory grows with the product of the lengths)")
        self.orig_tokens = orig_tokens
        self.cor_tokens = cor_tokens
        self.limit = limit

    def __reduce__(self):
        # (rebuilt from its own arguments when it crosses a process boundary)
        return type(self), (self.orig_tokens, self.cor_tokens, self.limit)


def check_alignment_size(orig_tokens: int, cor_tokens: int, limit: int | None) -> None:
    """Raise :class:`AlignmentTooLarge` when the pair exceeds ``limit`` cells (None: no limit)."""
    if limit is not None and (orig_tokens + 1) * (cor_tokens + 1) > limit:
        raise AlignmentTooLarge(orig_tokens, cor_tokens, limit)


class AlignOp(NamedTuple):
    """One alignment operation over ``orig[o_start:o_end]`` and ``cor[c_start:c_end]``.

    ``op`` is M, S, I, D, ``T<n>`` (transposition of n tokens) or X (merged ops).
    """

    op: str
    o_start: int
    o_end: int
    c_start: int
    c_end: int


def char_similarity(a: str, b: str) -> float:
    """Indel-based similarity in [0, 1] (1 = identical): 2*LCS / total length."""
    return Indel.normalized_similarity(a, b)


def substitution_cost(o: Token, c: Token) -> float:
    """Linguistic substitution cost in (0, 2): lemma + POS + character difference."""
    lemma_cost = 0.0 if o.lemma == c.lemma else 0.499
    if o.upos == c.upos:
        pos_cost = 0.0
    elif o.upos in OPEN_POS and c.upos in OPEN_POS:
        pos_cost = 0.25
    else:
        pos_cost = 0.5
    return lemma_cost + pos_cost + (1.0 - char_similarity(o.text, c.text))


def align(orig: Sequence[Token], cor: Sequence[Token], lev: bool = False) -> list[AlignOp]:
    """Cheapest alignment of ``orig`` to ``cor`` as a list of operations, left to right.

    Ties are broken in the order transposition, substitution, insertion, deletion, which
    decides which of several equally cheap alignments is reported.
    """
    n, m = len(orig), len(cor)
    o_low = [t.lower for t in orig]
    c_low = [t.lower for t in cor]
    o_where, c_where = _positions(o_low), _positions(c_low)
    cost = [[0.0] * (m + 1) for _ in range(n + 1)]
    ops = [["O"] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        cost[i][0] = float(i)
        ops[i][0] = DELETE
    for j in range(1, m + 1):
        cost[0][j] = float(j)
        ops[0][j] = INSERT
    for i in range(n):
        for j in range(m):
            if orig[i].text == cor[j].text:
                cost[i + 1][j + 1] = cost[i][j]
                ops[i + 1][j + 1] = MATCH
                continue
            deletion = cost[i][j + 1] + 1
            insertion = cost[i + 1][j] + 1
            if lev:
                substitution = cost[i][j] + 1
            else:
                substitution = cost[i][j] + substitution_cost(orig[i], cor[j])
            transposition, width = _transposition(cost, o_low, c_low, i, j, o_where, c_where)
            candidates = (transposition, substitution, insertion, deletion)
            best = min(candidates)
            choice = candidates.index(best)
            cost[i + 1][j + 1] = best
            ops[i + 1][j + 1] = ("T" + str(width), SUBSTITUTE, INSERT, DELETE)[choice]
    return _backtrace(ops)


def _transposition(cost: list[list[float]], o_low: list[str], c_low: list[str],
                   i: int, j: int, o_where: dict | None = None,
                   c_where: dict | None = None) -> tuple[float, int]:
    """Cost and width of the smallest reordering window ending at (i, j), else infinity.

    The window grows back along the diagonal while the cells there are not free matches:
    a reordering is only considered over tokens that are not already aligned. A window is
    a reordering when both sides hold the same tokens (as multisets).

    The multisets are kept as running counts (one step per token instead of sorting the
    window again), and the walk stops as soon as no wider window can balance: a token that
    is in the ORIG window more often than in all of ``c_low[:j + 1]`` (or the reverse)
    stays unmatched however far the window grows. On unrelated sentences this ends the walk
    at once instead of at the sentence start (errant's walk is cubic there). ``o_where`` /
    ``c_where`` map a token to its sorted positions (built by :func:`align`).
    """
    if o_where is None or c_where is None:
        o_where, c_where = _positions(o_low), _positions(c_low)
    o_counts: dict = {}
    c_counts: dict = {}
    balance: dict = {}
    unbalanced = 0

    def add(token: str, counts: dict, other_where: dict, other_end: int, step: int) -> bool:
        """Add one token to a side of the window; False when no window can balance now."""
        nonlocal unbalanced
        count = counts.get(token, 0) + 1
        counts[token] = count
        before = balance.get(token, 0)
        after = before + step
        balance[token] = after
        unbalanced += (after != 0) - (before != 0)
        return count <= bisect_right(other_where.get(token, ()), other_end)

    if not (add(o_low[i], o_counts, c_where, j, 1) and add(c_low[j], c_counts, o_where, i, -1)):
        return INFINITY, 0
    k = 1
    while i - k >= 0 and j - k >= 0 and cost[i - k + 1][j - k + 1] != cost[i - k][j - k]:
        possible = (add(o_low[i - k], o_counts, c_where, j, 1)
                    and add(c_low[j - k], c_counts, o_where, i, -1))
        if not unbalanced:
            return cost[i - k][j - k] + k, k + 1
        if not possible:
            break
        k += 1
    return INFINITY, 0


def _positions(tokens: Sequence[str]) -> dict:
    """Token -> its positions in ``tokens``, ascending."""
    where: dict = {}
    for position, token in enumerate(tokens):
        where.setdefault(token, []).append(position)
    return where


def _backtrace(ops: list[list[str]]) -> list[AlignOp]:
    i, j = len(ops) - 1, len(ops[0]) - 1
    sequence: list[AlignOp] = []
    while i + j != 0:
        op = ops[i][j]
        if op in (MATCH, SUBSTITUTE):
            sequence.append(AlignOp(op, i - 1, i, j - 1, j))
            i, j = i - 1, j - 1
        elif op == DELETE:
            sequence.append(AlignOp(op, i - 1, i, j, j))
            i -= 1
        elif op == INSERT:
            sequence.append(AlignOp(op, i, i, j - 1, j))
            j -= 1
        else:
            width = int(op[1:])
            sequence.append(AlignOp(op, i - width, i, j - width, j))
            i, j = i - width, j - width
    sequence.reverse()
    return sequence
