"""JP mode: put the system's lines back onto the gold sentences before scoring.

m2scorer pairs system line i with gold sentence i. A system that joins or splits sentences
breaks that pairing. Here the system lines are aligned with the gold sources by
``jp_align.align_sentences`` (a corrected sentence is *similar* to its source, hence the
similarity threshold), and inside every block that is not one line per sentence, the block's
system tokens are cut at the gold sentence boundaries. The cut points come from a token-level
Levenshtein alignment of the block's source tokens with its system tokens (the same kind of
alignment MaxMatch itself makes), so corrections near a boundary stay with their sentence.
Each gold sentence's hypothesis is then its token run joined by single spaces, and the
unchanged scorer runs on those pairs.
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

from rapidfuzz.distance import Levenshtein

from jp_align import align_sentences

from . import py2
from .m2io import Sentence

# Corrections change a sentence's text; sources and corrections of one sentence stay within
# this normalized character distance in every corpus tried (CoNLL-14, W&I, JFLEG).
SIMILARITY_THRESHOLD = 0.3
# Cut refinement: how far (tokens) a cut may move from the token alignment's guess, and how
# many tokens on each side are compared.
SLACK = 4
WINDOW = 6


class BlockRecord(NamedTuple):
    """One aligned block that is not a plain one-line-per-sentence pair."""

    kind: str                 # jp_align kind: similar, mismatch, unaligned, ...
    gold_indices: list[int]   # indices of the gold sentences (scoring order)
    gold_lines: list[int]     # gold file line numbers of the S lines
    system_lines: list[int]   # system file line numbers
    gold_texts: list[str]
    system_texts: list[str]
    hypotheses: list[str]     # what each gold sentence was scored with
    reason: str


def cut_points(source: Sequence[str], hypothesis: Sequence[str], boundaries: Sequence[int]) -> list[int]:
    """Hypothesis token index for each source token boundary (token-level Levenshtein).

    Tokens inserted exactly at a boundary stay with the sentence before it.
    """
    n = len(source)
    # mapping[i] = hypothesis index aligned with the start of source token i
    mapping = [0] * (n + 1)
    for tag, i1, i2, j1, j2 in Levenshtein.opcodes(list(source), list(hypothesis)):
        if tag in ("equal", "replace") and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                mapping[i1 + k] = j1 + k
        else:
            span_i, span_j = i2 - i1, j2 - j1
            for k in range(span_i):
                mapping[i1 + k] = j1 + (k * span_j) // span_i if span_i else j1
        mapping[i2] = j2
    result = []
    for b in boundaries:
        if b >= n:
            result.append(len(hypothesis))
        else:
            result.append(_best_cut(source, hypothesis, b, mapping[b]))
    return _monotone(result, len(hypothesis))


def _best_cut(source: Sequence[str], hypothesis: Sequence[str], boundary: int, guess: int) -> int:
    """The cut near ``guess`` whose two sides best match the source on each side of the
    boundary, compared on characters (token alignment ties at a boundary are common:
    ``All-in-all`` -> ``All in all`` is one substitution and two insertions either way).
    Each side's window is compared with the best-matching run of hypothesis tokens next to
    the cut, so that corrections inside the window do not shift the comparison."""
    before_tokens = source[max(0, boundary - WINDOW):boundary]
    after_tokens = source[boundary:boundary + WINDOW]
    before, after = " ".join(before_tokens), " ".join(after_tokens)
    best, best_cost = guess, None
    for cut in range(max(0, guess - SLACK), min(len(hypothesis), guess + SLACK) + 1):
        cost_before = min(
            Levenshtein.distance(before, " ".join(hypothesis[start:cut]))
            for start in _spans_back(hypothesis, cut, len(before_tokens)))
        cost_after = min(
            Levenshtein.distance(after, " ".join(hypothesis[cut:stop]))
            for stop in _spans_forward(hypothesis, cut, len(after_tokens)))
        # ties: prefer a next sentence that does not open with punctuation the system
        # appended to the previous one (sources often lack their final full stop), then a cut
        # whose edge tokens are the source's own, then the guess
        edges = ((cut == 0 or boundary == 0 or hypothesis[cut - 1] != source[boundary - 1])
                 + (cut >= len(hypothesis) or hypothesis[cut] != source[boundary]))
        opens_with_punct = cut < len(hypothesis) and not any(ch.isalnum() for ch in hypothesis[cut])
        cost = (cost_before + cost_after, opens_with_punct, edges, abs(cut - guess))
        if best_cost is None or cost < best_cost:
            best, best_cost = cut, cost
    return best


def _spans_back(tokens: Sequence[str], end: int, count: int) -> range:
    """Start indices of the token runs ending at ``end`` that a window of ``count`` source
    tokens may align with (corrections insert or delete a few tokens)."""
    return range(max(0, end - count - SLACK), end + 1)


def _spans_forward(tokens: Sequence[str], begin: int, count: int) -> range:
    return range(begin, min(len(tokens), begin + count + SLACK) + 1)


def _monotone(points: list[int], limit: int) -> list[int]:
    out, low = [], 0
    for p in points:
        p = min(max(p, low), limit)
        out.append(p)
        low = p
    return out


def resegment(gold: list[Sentence], system: list[tuple[str, int]]) -> tuple[list, list[BlockRecord], int]:
    """(gold sentence, hypothesis text) pairs in gold order, the blocks that changed, and
    the number of blocks left one line per sentence (scored as m2scorer pairs them)."""
    gold_tokens = [s.tokens for s in gold]
    system_tokens = [py2.split(text) for text, _ in system]
    blocks = align_sentences(gold_tokens, system_tokens, threshold=SIMILARITY_THRESHOLD)
    pairs: list[tuple[Sentence, str]] = []
    records: list[BlockRecord] = []
    plain = 0
    for block in blocks:
        left, right = list(block.left), list(block.right)
        if len(left) == 1 and len(right) == 1:
            pairs.append((gold[left[0]], system[right[0]][0]))
            plain += 1
            continue
        sentences = [gold[i] for i in left]
        lines = [system[j] for j in right]
        if not left:
            # system lines without a gold sentence: nothing to score them against
            hypotheses = []
        elif not right:
            # no system line for these sentences: scored as left unchanged (no edit proposed)
            hypotheses = [s.text for s in sentences]
        else:
            hypotheses = _split_block(sentences, [system_tokens[j] for j in right])
        if len(left) == len(right) and _cost(sentences, [py2.split(t) for t, _ in lines]) <= _cost(
                sentences, [h.split(" ") if h else [] for h in hypotheses]):
            # the lines pair with the sentences at least as well one by one (a block of
            # heavily corrected sentences, not a merge or a split): keep them as written
            hypotheses = [text for text, _ in lines]
            pairs.extend(zip(sentences, hypotheses))
            plain += len(left)
            continue
        pairs.extend(zip(sentences, hypotheses))
        records.append(BlockRecord(
            block.kind, left, [s.line for s in sentences], [number for _, number in lines],
            [s.text for s in sentences], [text for text, _ in lines], hypotheses,
            block.reason or _describe(len(left), len(right))))
    return pairs, records, plain


def _cost(sentences: list[Sentence], runs: list[list[str]]) -> int:
    return sum(Levenshtein.distance(" ".join(s.tokens), " ".join(run)) for s, run in zip(sentences, runs))


def _split_block(sentences: list[Sentence], lines: list[list[str]]) -> list[str]:
    source = [tok for s in sentences for tok in s.tokens]
    hypothesis = [tok for line in lines for tok in line]
    boundaries = []
    total = 0
    for s in sentences[:-1]:
        total += len(s.tokens)
        boundaries.append(total)
    cuts = [0] + cut_points(source, hypothesis, boundaries) + [len(hypothesis)]
    return [" ".join(hypothesis[a:b]) for a, b in zip(cuts, cuts[1:])]


def _describe(gold_count: int, system_count: int) -> str:
    if system_count == 0:
        return "no system line for these gold sentences"
    if gold_count == 0:
        return "system line(s) without a gold sentence (not scored)"
    if system_count == 1:
        return "%d gold sentences on one system line" % gold_count
    if gold_count == 1:
        return "one gold sentence split over %d system lines" % system_count
    return "%d gold sentences on %d system lines" % (gold_count, system_count)
