"""Joint tokenization + sentence-boundary evaluation by alignment (Jo et al., LREC-COLING 2024).

The runner aligns gold and system sentences with jp_align (:mod:`jp_shims.stages`); this
module scores one aligned block. A 1:1 block whose texts match is a true-positive sentence.
Inside every aligned block (1:1 or m:n) the tokens are word-aligned, and every 1:1 word
group whose texts match is a true-positive token; an ``unaligned`` block has no
true-positive token: its gold sentences and tokens are missed (FN), its system ones spurious
(FP), as in every tool of jp-shims. "Texts match" means the space-free texts are identical,
raw or after normalization (jp_preprocess.matching). FP = system count - TP and FN = gold
count - TP, for sentences and tokens alike.
"""
from __future__ import annotations

from typing import List, NamedTuple, Optional, Sequence

from jp_align import EXACT, Block, Normalizer, align_words

from jp_preprocess.matching import block_texts_match
from jp_preprocess.sentence import Sentence

# Per block: sentence TP, gold, system; token TP, gold, system (the statistics the runner
# sums and significance resamples).
WIDTH = 6


class Counts(NamedTuple):
    """True positives and the gold and system totals of one unit (sentences or tokens)."""

    tp: int
    gold: int
    system: int

    @property
    def fp(self) -> int:
        return self.system - self.tp

    @property
    def fn(self) -> int:
        return self.gold - self.tp

    @property
    def precision(self) -> float:
        return self.tp / self.system if self.system else 0.0

    @property
    def recall(self) -> float:
        return self.tp / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        total = self.gold + self.system
        return 2 * self.tp / total if total else 0.0


class AlignedBlock(NamedTuple):
    """One sentence block with its sentences and its word groups, as shown by --show-alignment.
    (Named tuples: one is made per block, several times faster than a frozen dataclass.)"""

    block: Block
    gold: tuple[Sentence, ...]
    system: tuple[Sentence, ...]
    words: tuple[Block, ...]
    gold_tokens: tuple[str, ...]
    system_tokens: tuple[str, ...]
    sentence_match: bool
    word_matches: tuple[bool, ...]  # per word group: is it a true-positive token?
    # Identical tokens at both ends of the block: 1:1 exact groups left out of ``words``
    # (they are matches, never shown) and only counted.
    identical_ends: int = 0

    @property
    def token_matches(self) -> int:
        return sum(self.word_matches) + self.identical_ends

    @property
    def retokenized(self) -> bool:
        """A token that is not a true positive, or a word group that is not 1:1."""
        return not all(self.word_matches) or any(len(g.left) != 1 or len(g.right) != 1 for g in self.words)

    def vector(self) -> List[int]:
        """The block's statistics (:data:`WIDTH` counts)."""
        return [int(self.sentence_match), len(self.gold), len(self.system),
                self.token_matches, len(self.gold_tokens), len(self.system_tokens)]


class Result(NamedTuple):
    sentences: Counts
    tokens: Counts

    @classmethod
    def from_totals(cls, totals: Optional[Sequence[float]]) -> "Result":
        """The counts of the blocks' summed vectors (None: no block)."""
        values = [int(value) for value in totals] if totals is not None else [0] * WIDTH
        return cls(Counts(*values[:3]), Counts(*values[3:]))


def is_match(block: Block, left: Sequence[str], right: Sequence[str], normalizer: Normalizer) -> bool:
    """A 1:1 aligned block whose texts match; LEFT/RIGHT are its tokens."""
    return len(block.left) == 1 and len(block.right) == 1 and block_texts_match(block, left, right, normalizer)


def _flatten(sentences: Sequence[Sentence]) -> tuple[str, ...]:
    return tuple(token for sentence in sentences for token in sentence.tokens)


def align_block(block: Block, gold: Sequence[Sentence], system: Sequence[Sentence], normalizer: Normalizer,
                token_normalizer: Normalizer) -> AlignedBlock:
    """The words of one aligned sentence block, grouped, and what matches.

    NORMALIZER (the alignment's) groups the words and decides whether a 1:1 sentence block's
    texts match; TOKEN_NORMALIZER decides it for a 1:1 word group. They differ when the
    alignment may use rules that only make sense across tokens, such as English contractions
    ("ca n't" ~ "can 't" aligns because "can" reads "ca"), which must not make the single
    tokens "ca" and "can" a match.
    """
    gold_tokens, system_tokens = _flatten(gold), _flatten(system)
    words: tuple[Block, ...] = ()
    same_ends = 0
    # Unaligned sentences do not correspond, so neither do their tokens: no word groups,
    # hence no true-positive token (a final '.' would otherwise pair by position).
    if gold_tokens and system_tokens and block.aligned:
        words, same_ends = word_groups(gold_tokens, system_tokens, normalizer)
    # Most groups are 1:1 exact; test that first, without a call, as this runs per token.
    word_matches = tuple(
        (group.kind == EXACT and len(group.left) == 1 and len(group.right) == 1)
        or is_match(group, gold_tokens[group.left.start:group.left.stop],
                    system_tokens[group.right.start:group.right.stop], token_normalizer)
        for group in words)
    sentence_match = is_match(block, gold_tokens, system_tokens, normalizer)
    return AlignedBlock(block, tuple(gold), tuple(system), words, gold_tokens, system_tokens,
                        sentence_match, word_matches, same_ends)


def word_groups(gold: Sequence[str], system: Sequence[str],
                normalizer: Normalizer) -> tuple[tuple[Block, ...], int]:
    """jp_align's word groups of a block, except those of the identical tokens that start and
    end both sides, which are only counted (each is a 1:1 exact group, a true positive).

    A long block that differs in a few places (one 11 MB line with a changed word) then
    holds a few groups instead of one object per token. The result is exactly what
    ``align_words`` gives for the whole block:

    - its walk goes left to right and makes one exact group per identical pair at the start;
      from there, walking the rest alone is the same walk (its remaining-length rule only
      sees the difference between the sides' remaining lengths), provided both sides of the
      rest hold a token (else one identical token is kept with it);
    - at the end, one identical token is kept: when the walk of the shortened block closes a
      group just before it and gives it a group of its own, the whole walk does the same and
      continues with one exact group per identical pair. Otherwise (the walk pairs the end
      of a difference with that token) the end is not trimmed.
    """
    n, m = len(gold), len(system)
    limit = min(n, m)
    start = 0
    while start < limit and gold[start] == system[start]:
        start += 1
    if start == n == m:
        return (), start
    end = 0
    while end < limit - start and gold[-1 - end] == system[-1 - end]:
        end += 1
    trimmed = max(end - 1, 0)  # identical tokens left out at the end; one stays in the walk
    if not end and (start == n or start == m):
        start -= 1  # the rest of one side would be empty: keep one identical token with it
    groups = align_words(gold[start:n - trimmed], system[start:m - trimmed], normalizer=normalizer)
    last = groups[-1]
    if trimmed and not (last.kind == EXACT and last.left == range(n - trimmed - start - 1, n - trimmed - start)
                        and last.right == range(m - trimmed - start - 1, m - trimmed - start)):
        trimmed = 0
        groups = align_words(gold[start:], system[start:], normalizer=normalizer)
    if start:
        groups = [Block(range(g.left.start + start, g.left.stop + start),
                        range(g.right.start + start, g.right.stop + start), g.kind, g.reason, g.cause)
                  for g in groups]
    return tuple(groups), start + trimmed
