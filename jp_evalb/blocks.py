"""JP mode's block scoring: one aligned block of trees scored as one evalb sentence.

A block evalb would not score as it stands (m:n, or 1:1 with different tokens) is one unit:
the trees of each side are concatenated, as if combined under a dummy root ``@S`` that is
never scored. The scored words of the two sides are grouped by :func:`jp_align.align_words`;
every bracket is re-indexed onto the groups of its first and last word, and evalb's scorer
runs unchanged.

Text without a counterpart (a block jp_align could not align, or sentences of one side only)
is scored too: its gold brackets are missed (they stay in recall's denominator), its test
brackets spurious (they stay in precision's), its gold words count with no correct tag.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, NamedTuple, Optional, Sequence

from .brackets import LabelTable, correct_tags, score_brackets, survivors
from .sentences import Sentence
from .totals import STATUS_COUNTED_SKIP, STATUS_ERROR, STATUS_OK, STATUS_SKIP, SentenceScore
from .trees import ReadOptions, Tree, all_brackets

if TYPE_CHECKING:
    from jp_align import Block
    from jp_evalb.params import Params

DUMMY_ROOT = "@S"
UNALIGNED_CONSEQUENCE = "gold brackets counted as missed, test brackets as spurious"


class BlockResult(NamedTuple):
    score: SentenceScore
    groups: list  # jp_align word groups (Block) of an aligned block
    note: Optional[str] = None  # stderr message (unreadable or unaligned text)


def ids(sentences: Sequence[Sentence]) -> str:
    """``4`` or ``4-6``: the line numbers of one side of a block (``-``: none)."""
    if not sentences:
        return "-"
    first, last = sentences[0].number, sentences[-1].number
    return str(first) if first == last else f"{first}-{last}"


def score_block(
    block: Block,
    golds: list[Sentence],
    tests: list[Sentence],
    line_id: int,
    params: Params,
    table: LabelTable,
    normalizer,
    options: ReadOptions,
    count_skipped: bool = False,
    tally=None,
) -> BlockResult:
    """Score one aligned block as one evalb sentence (the aligned feeding).

    ``count_skipped`` (evalb_spmrl ``-X``): a block without test words is a valid status-3
    sentence whose gold brackets all count as missed; ``tally``: a per-label breakdown
    (:class:`jp_evalb.per_label.PerLabel`) to add the block to."""
    length = sum(s.tree.length for s in golds)
    bad = [s for s in golds + tests if s.problem]
    if bad:
        note = f"Unreadable tree at {bad[0].where}: {bad[0].problem}\n"
        return BlockResult(SentenceScore(line_id, length, STATUS_ERROR), [], note)
    if tests and golds and not any(s.tree.words for s in tests):
        # Test lines without words (failed parses) facing gold lines: evalb's skip, whatever
        # the aligner made of the empty text.
        return BlockResult(SentenceScore(line_id, length, STATUS_SKIP), [])
    if not block.aligned or not golds or not tests:
        return score_unaligned(golds, tests, line_id, table, options, tally, block.reason)
    gold_words, gold_tags, gold_spans, gold_owner = combine(golds, table, options)
    test_words, test_tags, test_spans, _ = combine(tests, table, options)
    if not test_words:
        if count_skipped:
            score = SentenceScore(line_id, length, STATUS_COUNTED_SKIP, 0, len(gold_spans), 0, 0, len(gold_words), 0)
            if tally is not None:
                tally.add(score, [s[:3] for s in gold_spans], [], gold_tags, [])
            return BlockResult(score, [])
        return BlockResult(SentenceScore(line_id, length, STATUS_SKIP), [])
    from jp_align import align_words

    groups = align_words(gold_words, test_words, normalizer=normalizer)
    gold_group = _group_of(groups, len(gold_words), "left")
    test_group = _group_of(groups, len(test_words), "right")
    # A test tree covering words of several gold sentences: its root is the line wrapper the
    # system put around them, the counterpart of the gold side's dummy root @S.
    wrappers = _wrapper_roots(test_spans, test_group, groups, gold_owner) if len(golds) > 1 else set()
    gold_group_spans = _reindex(gold_spans, gold_group, set())
    test_group_spans = _reindex(test_spans, test_group, wrappers)
    brackets = score_brackets(gold_group_spans, test_group_spans, params)
    # Tags are compared position by position inside word groups of equal size, by the scorer
    # legacy mode uses; words of groups of unequal size have no correct tag.
    paired = [g for g in groups if len(g.left) == len(g.right)]
    correct = correct_tags([gold_tags[i] for g in paired for i in g.left],
                           [test_tags[j] for g in paired for j in g.right], params)
    score = SentenceScore(
        line_id, length, STATUS_OK, brackets.match, brackets.gold, brackets.test,
        brackets.crossing, len(gold_words), correct,
    )
    if tally is not None:
        tally.add(score, gold_group_spans, test_group_spans, [gold_tags[i] for g in paired for i in g.left],
                  [test_tags[j] for g in paired for j in g.right], unpaired=[gold_tags[i] for g in groups
                                                                           if len(g.left) != len(g.right)
                                                                           for i in g.left])
    return BlockResult(score, groups)


def score_unaligned(golds: list[Sentence], tests: list[Sentence], line_id: int, table: LabelTable,
                    options: ReadOptions, tally=None, reason: str = "") -> BlockResult:
    """Text without a counterpart, as one sentence line of status 0: nothing matched, every
    gold bracket missed, every test bracket spurious, the gold words without a correct tag."""
    gold_words, gold_tags, gold_spans, _ = combine(golds, table, options)
    _, _, test_spans, _ = combine(tests, table, options)
    score = SentenceScore(line_id, sum(s.tree.length for s in golds), STATUS_OK, 0, len(gold_spans),
                          len(test_spans), 0, len(gold_words), 0)
    if tally is not None:
        # (Test positions moved past the gold ones: no bracket of one side can match the other's.)
        shift = len(gold_words)
        tally.add(score, [s[:3] for s in gold_spans], [(a + shift, b + shift, label) for a, b, label, _ in test_spans],
                  [], [], unpaired=gold_tags)
    note = f"Unaligned block (gold {ids(golds)} | test {ids(tests)}): {reason + '; ' if reason else ''}" \
           f"{UNALIGNED_CONSEQUENCE}\n"
    return BlockResult(score, [], note)


def side_counts(sentences: Iterable[Sentence], table: LabelTable, options: ReadOptions) -> tuple[int, int, int]:
    """(scored brackets, scored words, evalb length) of one side's sentences, one tree at a
    time (for text read to the end without aligning)."""
    brackets = words = length = 0
    for sentence in sentences:
        length += sentence.tree.length
        if sentence.problem is None:
            brackets += len(_scored_brackets(sentence.tree, table, options))
            words += len(sentence.tree.words)
    return brackets, words, length


def _scored_brackets(tree: Tree, table: LabelTable, options: ReadOptions) -> list:
    return survivors([b for b in all_brackets(tree, options) if b[2] != DUMMY_ROOT], table)


def combine(sentences: list[Sentence], table: LabelTable, options: ReadOptions):
    """Concatenate the block's trees of one side (under the unscored @S).

    Returns words, tags, the surviving brackets ``(start, end, label, is_root)`` in word
    positions (``is_root``: the outermost scored bracket, covering its whole tree), and the
    sentence (within the block) each word comes from. Brackets labelled ``@S`` are dummy roots
    already and are not scored.
    """
    words: list[str] = []
    tags: list[str] = []
    spans: list[tuple] = []
    owner: list[int] = []
    for k, sentence in enumerate(sentences):
        tree = sentence.tree
        offset, size = len(words), len(tree.words)
        words.extend(tree.words)
        tags.extend(tree.tags)
        owner.extend([k] * size)
        root_seen = False
        for start, end, label in _scored_brackets(tree, table, options):
            is_root = not root_seen and start == 0 and end == size
            root_seen = root_seen or is_root
            spans.append((start + offset, end + offset, label, is_root))
    return words, tags, spans, owner


def _group_of(groups: list, n: int, side: str) -> list[int]:
    index = [0] * n
    for number, group in enumerate(groups):
        for i in getattr(group, side):
            index[i] = number
    return index


def _wrapper_roots(test_spans, test_group, groups, gold_owner) -> set:
    """Test roots covering words of two or more gold sentences of the block."""
    wrappers = set()
    for k, (start, end, _, is_root) in enumerate(test_spans):
        if is_root:
            owners = {gold_owner[i] for g in range(test_group[start], test_group[end - 1] + 1)
                      for i in groups[g].left}
            if len(owners) > 1:
                wrappers.add(k)
    return wrappers


def _reindex(spans: list[tuple], group: list[int], skip: set) -> list[tuple[int, int, str]]:
    """Word spans onto group positions: a bracket spans the groups of its first and last word."""
    return [
        (group[start], group[end - 1] + 1, label)
        for k, (start, end, label, _) in enumerate(spans)
        if k not in skip
    ]
