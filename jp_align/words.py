"""Word alignment inside one aligned sentence block.

Tokens are grouped so that each group covers the same characters on both sides. A group
starts with one token on each side; it closes as soon as the accumulated normalized texts are
equal, or when both sides have the same number of characters left to consume (the papers'
remaining-length rule: the characters in between differ, e.g. an added morpheme or a typo,
and the rest of the pair still lines up). Until then the side with more unconsumed characters
takes its next token. Lengths alone drive the walk, so it is linear in the block size.
"""
from __future__ import annotations

from typing import List, Optional, Sequence

from .blocks import Block
from .kinds import CAUSE_REMAINING_LENGTH, CAUSE_RULE, EXACT, MISMATCH, NORMALIZED
from .normalize import Normalizer, normalizer_for, raw_text


def align_words(
    left: Sequence[str],
    right: Sequence[str],
    *,
    normalizer: Optional[Normalizer] = None,
) -> List[Block]:
    """Group the tokens of one aligned block; the groups cover both sides once, in order."""
    norm = normalizer if normalizer is not None else normalizer_for("en")
    # Raw characters when both sides have the same ones (whole-token exception rules depend
    # on tokenization and would only get in the way), normalized characters otherwise.
    texts_l = [raw_text([token]) for token in left]
    texts_r = [raw_text([token]) for token in right]
    joined_l, joined_r = "".join(texts_l), "".join(texts_r)
    if joined_l != joined_r:
        texts_l = [norm.normalize(token) for token in left]
        texts_r = [norm.normalize(token) for token in right]
        joined_l, joined_r = "".join(texts_l), "".join(texts_r)
    n, m = len(left), len(right)
    if n == 0 or m == 0:
        if n == 0 and m == 0:
            return []
        return [Block(range(n), range(m), MISMATCH, "one side has no tokens")]

    groups: List[Block] = []
    i = j = 0      # next token on each side
    pos_l = pos_r = 0  # characters consumed by closed groups
    total_l, total_r = len(joined_l), len(joined_r)
    while i < n or j < m:
        if i < n and j < m and texts_l[i] == texts_r[j]:
            # The common case, one word on each side with the same text.
            if left[i] == right[j]:
                groups.append(Block(range(i, i + 1), range(j, j + 1), EXACT, ""))
            else:
                groups.append(Block(range(i, i + 1), range(j, j + 1), NORMALIZED,
                                    norm.rule([left[i]], [right[j]])))
            pos_l += len(texts_l[i])
            pos_r += len(texts_r[j])
            i += 1
            j += 1
            continue
        start_i, start_j = i, j
        acc_l = acc_r = 0
        if i < n:
            acc_l += len(texts_l[i])
            i += 1
        if j < m:
            acc_r += len(texts_r[j])
            j += 1
        while True:
            if acc_l == acc_r and joined_l[pos_l:pos_l + acc_l] == joined_r[pos_r:pos_r + acc_r]:
                kind = EXACT
                break
            rem_l, rem_r = total_l - pos_l - acc_l, total_r - pos_r - acc_r
            if (rem_l == rem_r and i > start_i and j > start_j) or (i >= n and j >= m):
                kind = MISMATCH
                break
            if j >= m or (i < n and rem_l > rem_r):
                acc_l += len(texts_l[i])
                i += 1
            else:
                acc_r += len(texts_r[j])
                j += 1
        # A group must hold a token of each side; one that starts after a side ended
        # belongs to the previous group.
        if (i == start_i or j == start_j) and groups:
            prev = groups.pop()
            start_i, start_j = prev.left.start, prev.right.start
            kind = MISMATCH
        span_l, span_r = range(start_i, i), range(start_j, j)
        # Raw characters decide first: a group the normalized walk could not match
        # ("not" | "no" "t": the table rewrites one tokenization only) is still exact.
        raw_equal = raw_text(left[k] for k in span_l) == raw_text(right[k] for k in span_r)
        if raw_equal:
            kind = EXACT
        elif kind == EXACT:
            kind = NORMALIZED
        if kind == EXACT:
            reason, cause = "", ""
        elif kind == NORMALIZED:
            reason, cause = norm.rule([left[k] for k in span_l], [right[k] for k in span_r]), CAUSE_RULE
        else:
            reason, cause = "remaining-length rule", CAUSE_REMAINING_LENGTH
        groups.append(Block(span_l, span_r, kind, reason, cause))
        pos_l += acc_l
        pos_r += acc_r
    return groups
