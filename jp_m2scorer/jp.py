"""JP mode: put the system's lines back onto the gold sentences before scoring.

m2scorer pairs system line i with gold sentence i. When the system has as many lines as the
gold has sentences, JP mode does the same (the lines line up: re-aligning them would only
move tokens between lines that a system meant as they are), unless the lines are *shifted*
(:func:`_shifted`: a merge compensated by a split, with unrelated pairs in between);
``align="always"`` re-aligns them anyway, and :func:`unrelated_pairs` counts the pairs that
look unrelated, for a note that suggests it; ``align="never"`` pairs them by position in
every case, as m2scorer does.

Otherwise the system lines are aligned with the gold sources by ``jp_align`` (a corrected
sentence is *similar* to its source, hence the similarity threshold), and inside every block
that is not one line per sentence, the block's system tokens are cut at the gold sentence
boundaries. The cut points come from a token-level Levenshtein alignment of the block's
source tokens with its system tokens (the same kind of alignment MaxMatch itself makes), so
corrections near a boundary stay with their sentence. Each gold sentence's hypothesis is then
its token run joined by single spaces, and the unchanged scorer runs on those pairs.

A block whose texts do not correspond (``unaligned``: the aligner found neither equal nor
similar text) is not scored as a correction: its gold sentences count as missed (scored as
left unchanged, so their gold edits stay in recall's denominator) and each of its system
lines counts as one proposed edit that matches nothing (precision's denominator). After the
aligner reports that the texts do not re-synchronize within its look-ahead, the rest of the
input is searched once for the next identical sentence pair (a hash of the texts: linear),
and everything before it is one unaligned block.
"""
from __future__ import annotations

from bisect import bisect_left
from typing import Any, Iterator, Mapping, NamedTuple, Sequence

from rapidfuzz.distance import Levenshtein

from jp_align import EXACT, UNALIGNED, Block, iter_align_sentences, levenshtein_distance
from jp_align.normalize import raw_text
from jp_align.kinds import CAUSE_NO_RESYNC
from jp_align.sentences import POSITIONAL_PAIR_MAX_DISTANCE
from jp_shims.config import AlignConfig

from . import py2
from .m2io import Sentence

# Corrections change a sentence's text; sources and corrections of one sentence stay within
# this normalized character distance in every corpus tried (CoNLL-14, W&I, JFLEG).
ALIGNMENT = AlignConfig(threshold=0.3)
# Cut refinement: how far (tokens) a cut may move from the token alignment's guess, and how
# many tokens on each side are compared.
SLACK = 4
WINDOW = 6
# "never": m2scorer's own pairing, line i with sentence i (the caller checks the counts).
ALIGN_CHOICES = ("auto", "always", "never")


class Segment(NamedTuple):
    """One block of the pairing, in gold order: the gold sentences ``left`` (indices) and
    the system lines ``right`` it covers, and what each gold sentence is scored with.

    ``paired``: a line paired with a sentence as m2scorer pairs them (by position, or one
    line for one sentence where the texts correspond: m2scorer never compares texts, and a
    correction differs from its source anyway), whose ``kind`` is ``EXACT``; otherwise a
    re-segmented block, of the aligner's ``kind`` (``unaligned`` for texts that do not
    correspond; ``exact`` for one sentence on two lines of its own text), with ``reason``
    saying what was done. ``hypotheses``: one per gold sentence (a missed sentence: its own
    text, scored as left unchanged); ``spurious``: the non-empty lines of an unaligned
    block, each one proposed edit that matches nothing.
    """

    left: range
    right: range
    kind: str
    reason: str
    hypotheses: Sequence[str]
    spurious: Sequence[str]
    paired: bool = False


_new_tuple = tuple.__new__


def cut_points(source: Sequence[str], hypothesis: Sequence[str], boundaries: Sequence[int]) -> list[int]:
    """Hypothesis token index for each source token boundary (token-level Levenshtein).

    Tokens inserted exactly at a boundary stay with the sentence before it.
    """
    n = len(source)
    # mapping[i] = hypothesis index aligned with the start of source token i
    mapping = [0] * (n + 1)
    for opcode in Levenshtein.opcodes(list(source), list(hypothesis)):
        tag, i1, i2, j1, j2 = opcode.tag, opcode.src_start, opcode.src_end, opcode.dest_start, opcode.dest_end
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


def unrelated_pairs(gold: list[Sentence], system: list[tuple[str, int]]) -> int:
    """How many line pairs of lined-up input look unrelated: their space-free texts are
    further apart than a single sentence pair between agreeing text may be (the aligner's
    ``POSITIONAL_PAIR_MAX_DISTANCE``). A few are normal (a heavily rewritten sentence);
    many suggest lines that are shifted against the gold (``--align always``)."""
    return sum(1 for sentence, (text, _) in zip(gold, system) if not _related(sentence.tokens, py2.split(text)))


def segments(gold: list[Sentence], system: list[tuple[str, int]], align: str = "auto",
             options: Mapping[str, Any] | None = None) -> Iterator[Segment]:
    """The :class:`Segment` s of the gold sentences and the system lines, in gold order (a
    decision over the whole files: lines as many as the sentences are paired by position
    unless the alignment shows them shifted; ``align="never"``: by position always, the
    caller checks the counts). ``options``: the sentence alignment's
    (:meth:`jp_shims.config.AlignConfig.sentence_options`; default :data:`ALIGNMENT`'s)."""
    if align not in ALIGN_CHOICES:
        raise ValueError("align must be one of %s" % ", ".join(ALIGN_CHOICES))
    if align == "never":
        both = range(min(len(gold), len(system)))
        yield from _by_position(gold, system, both, both)
        return
    system = without_trailing_blank_lines(gold, system)
    gold_tokens = [s.tokens for s in gold]
    system_tokens = [py2.split(text) for text, _ in system]
    blocks = list(align_linear(gold_tokens, system_tokens, options))
    if align == "auto" and len(system) == len(gold) and not _shifted(blocks, gold_tokens, system_tokens):
        yield from _by_position(gold, system, range(len(gold)), range(len(system)))
        return
    for block in blocks:
        left, right = block.left, block.right
        if len(left) == 1 and len(right) == 1 and block.kind != UNALIGNED:
            yield from _by_position(gold, system, left, right)
            continue
        sentences = [gold[i] for i in left]
        lines = [system[j] for j in right]
        if block.kind == UNALIGNED or not left or not right:
            if len(left) == len(right) and all(_related(gold_tokens[i], system_tokens[j]) for i, j in zip(left, right)):
                # as many lines as sentences, each resembling its sentence (the aligner's
                # rule for a pair between agreeing text): they correspond by position
                yield from _by_position(gold, system, left, right)
                continue
            # texts that do not correspond: the gold sentences are missed (scored as left
            # unchanged), the system lines are spurious (one unmatched edit each; an empty
            # line proposes nothing)
            yield Segment(left, right, UNALIGNED, (block.reason or _describe(len(left), len(right)))
                          + "; gold sentences missed, each system line one unmatched edit",
                          [sentence.text for sentence in sentences], [text for text, _ in lines if text])
            continue
        hypotheses = _split_block(sentences, [system_tokens[j] for j in right])
        if len(left) == len(right) and _cost(sentences, [py2.split(t) for t, _ in lines]) <= _cost(
                sentences, [h.split(" ") if h else [] for h in hypotheses]):
            # the lines pair with the sentences at least as well one by one (a block of
            # heavily corrected sentences, not a merge or a split): keep them as written
            yield from _by_position(gold, system, left, right)
            continue
        yield Segment(left, right, block.kind, (block.reason or _describe(len(left), len(right)))
                      + "; scored as: " + " | ".join(hypotheses), hypotheses, [])


def _by_position(gold: list[Sentence], system: list[tuple[str, int]], left: range,
                 right: range) -> Iterator[Segment]:
    """Line j paired with sentence i as m2scorer pairs them, one segment a pair (made
    through tuple.__new__: one a sentence of lined-up input)."""
    for i, j in zip(left, right):
        yield _new_tuple(Segment, (range(i, i + 1), range(j, j + 1), EXACT, "", (system[j][0],), (), True))


def without_trailing_blank_lines(gold: list[Sentence], system: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The system lines without the whitespace-only lines at the end that have no gold
    sentence left to pair with (a file ending in "\\n " or "\\n\\n", like errant's demo
    ``orig.txt``). m2scorer counts them as lines and stops on the count (AssertionError);
    they hold no sentence, so JP mode neither aligns them nor counts them as spurious: the
    rest lines up and is scored as m2scorer scores it without them. A whitespace-only line
    that has a gold sentence to pair with stays (m2scorer scores it as an empty hypothesis:
    every source token deleted)."""
    end = len(system)
    while end > len(gold) and not system[end - 1][0]:
        end -= 1
    return system if end == len(system) else system[:end]


def _shifted(blocks: list[Block], left: Sequence[Sequence[str]], right: Sequence[Sequence[str]]) -> bool:
    """Whether lines that are as many as the gold sentences are shifted against them: some
    block whose texts correspond (equal or similar, not unaligned) is not one line for one
    sentence, and a line it covers, paired by position, is unrelated to its sentence (both
    non-empty, further apart than ``POSITIONAL_PAIR_MAX_DISTANCE``). A merge compensated by a
    split later is such a case (m2scorer scores unrelated pairs in between); tokens that a
    correction moved across lined-up lines are not (each line still resembles its sentence).
    """
    for block in blocks:
        if block.kind == UNALIGNED or block.left == block.right:
            continue
        for index in sorted(set(block.left) | set(block.right)):
            if index >= len(left) or index >= len(right):
                continue
            if left[index] and right[index] and not _related(left[index], right[index]):
                return True
    return False


def _related(source: Sequence[str], hypothesis: Sequence[str]) -> bool:
    """Whether a sentence and a line paired by position resemble each other (space-free
    texts closer than ``POSITIONAL_PAIR_MAX_DISTANCE``; two empty texts do)."""
    a, b = raw_text(source), raw_text(hypothesis)
    if not a and not b:
        return True
    return levenshtein_distance(a, b, score_cutoff=POSITIONAL_PAIR_MAX_DISTANCE) < POSITIONAL_PAIR_MAX_DISTANCE


def align_linear(left: Sequence[Sequence[str]], right: Sequence[Sequence[str]],
                 options: Mapping[str, Any] | None = None) -> Iterator[Block]:
    """``jp_align``'s sentence blocks, in linear time also where the texts never
    re-synchronize.

    The aligner looks ahead a fixed number of sentences at every sentence that does not
    correspond (about a hundred distance computations each). Once it reports that the texts
    do not re-synchronize within its look-ahead, the rest of both sides is searched once
    for the nearest pair of identical (space-free, non-empty) sentences; what lies before
    it is one unaligned block, and the aligner starts afresh at the pair. ``options``: the
    sentence alignment's (default :data:`ALIGNMENT`'s).
    """
    if options is None:
        options = ALIGNMENT.sentence_options()
    start_l = start_r = 0
    while start_l < len(left) or start_r < len(right):
        restart = None
        for block, _, _ in iter_align_sentences(left[start_l:], right[start_r:], **options):
            shifted = Block(range(block.left.start + start_l, block.left.stop + start_l),
                            range(block.right.start + start_r, block.right.stop + start_r),
                            block.kind, block.reason, block.cause)
            if block.cause == CAUSE_NO_RESYNC:
                restart = (shifted.left.start, shifted.right.start)
                break
            yield shifted
        if restart is None:
            return
        at_l, at_r = restart
        found = _next_identical_pair(left, right, at_l, at_r)
        stop_l, stop_r = found if found is not None else (len(left), len(right))
        yield Block(range(at_l, stop_l), range(at_r, stop_r), UNALIGNED,
                    "texts differ and do not re-synchronize before %s" % (
                        "the next identical sentence pair" if found is not None else "the end"), CAUSE_NO_RESYNC)
        start_l, start_r = stop_l, stop_r


def _next_identical_pair(left: Sequence[Sequence[str]], right: Sequence[Sequence[str]],
                         at_l: int, at_r: int) -> tuple[int, int] | None:
    """The identical non-empty pair (p, q), p >= at_l, q >= at_r, after the fewest
    sentences on the busier side (then the most balanced), other than (at_l, at_r) itself
    (the aligner has just found that pair to differ); one pass over each side."""
    positions: dict = {}
    for q in range(at_r, len(right)):
        text = raw_text(right[q])
        if text:
            positions.setdefault(text, []).append(q)
    best = None
    for p in range(at_l, len(left)):
        if best is not None and p - at_l > best[0][0]:
            break
        found = positions.get(raw_text(left[p]))
        if not found:
            continue
        if found[-1] < at_r:
            continue
        q = found[bisect_left(found, at_r)]
        if (p, q) == (at_l, at_r):
            continue
        key = (max(p - at_l, q - at_r), abs((p - at_l) - (q - at_r)))
        if best is None or key < best[0]:
            best = (key, (p, q))
    return None if best is None else best[1]


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
