"""The token alignment's transposition walk: same result as the plain walk, bounded work."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from jp_errant.annotate import alignment
from jp_errant.annotate.alignment import align
from jp_errant.annotate.tokens import Token


def _plain_transposition(cost, o_low, c_low, i, j, *_ignored):
    """The walk as described by Felice et al.: grow the window back along the diagonal while
    its cells are not free matches, compare the sorted windows at every width."""
    k = 1
    while i - k >= 0 and j - k >= 0 and cost[i - k + 1][j - k + 1] != cost[i - k][j - k]:
        if sorted(o_low[i - k:i + 1]) == sorted(c_low[j - k:j + 1]):
            return cost[i - k][j - k] + k, k + 1
        k += 1
    return float("inf"), 0


def tokens(words):
    return [Token(w, w.lower(), "NOUN" if w[0] in "abc" else "VERB") for w in words]


WORDS = st.lists(st.sampled_from(["a", "b", "c", "d", "A", "e", "f"]), max_size=9)


@settings(max_examples=300, deadline=None)
@given(WORDS, WORDS, st.booleans())
def test_pruned_walk_gives_the_plain_walks_alignment(words_o, words_c, lev):
    orig, cor = tokens(words_o), tokens(words_c)
    pruned = align(orig, cor, lev)
    original = alignment._transposition
    alignment._transposition = _plain_transposition
    try:
        plain = align(orig, cor, lev)
    finally:
        alignment._transposition = original
    assert pruned == plain

