"""JP mode's pairing: the gold and test trees, in order, as the blocks evalb's scorer takes
(:meth:`jp_evalb.tool.EvalbTool.pair_units`, the runner's pairing stage).

* Lines are paired as evalb pairs them as long as evalb accepts the pair (same words, possibly
  after its quote repair; a wordless test line is a skip when the lines after it pair up
  again). Such pairs are scored exactly as in legacy mode, so inputs that already line up
  print the original's bytes.
* From a pair evalb rejects, sentences are aligned on their text
  (:func:`jp_align.iter_align_sentences`; the text is the words evalb scores) until the aligner
  holds no sentence it has not placed, then line-by-line pairing resumes.
* Blocks with sentences of one side only are held back until something two-sided follows or
  the input ends; when no sentence of either side re-synchronizes within the aligner's
  look-ahead, the rest of both files is one block read without aligning (:class:`GiveUp`).

Every block is a :class:`Unit` (its gold lines, kind and reason, and what the pairing already
knows of its score); :mod:`jp_evalb.jp` scores it.
"""
from __future__ import annotations

from collections import deque
from typing import Any, Callable, Generator, Iterator, NamedTuple, Optional, Sequence, TYPE_CHECKING, Tuple, cast

from jp_align.kinds import CAUSE_NO_RESYNC
from jp_shims.kinds import EXACT
from jp_shims.stages import Streamed

from .blocks import side_counts
from .scoring import Evaluation, clean_pair_score, evaluate_pair
from .sentences import Sentence
from .totals import STATUS_COUNTED_SKIP, STATUS_ERROR, STATUS_OK, STATUS_SKIP

if TYPE_CHECKING:
    from typing import Protocol

    from jp_align import Block
    from jp_shims.config import AlignConfig

    from .brackets import LabelTable
    from .params import Params
    from .trees import ReadOptions
    from .variant import RunFlags

    # (For the type checker only: creating a Protocol class costs every run start-up time.)
    class EvalbRun(Protocol):
        """What the pairing reads of a run's state (:class:`jp_evalb.jp.EvalbRun`, which scores
        the blocks the pairing yields: a protocol here, so that the two modules do not import
        each other)."""

        params: "Params"
        flags: "RunFlags"
        config: "AlignConfig"
        table: "LabelTable"
        read_options: "ReadOptions"
        skipped_gold: Any
        tally: Any
        alignment_options: dict


class GiveUp(NamedTuple):
    """The figures of the rest of both files, read without aligning."""

    gold_brackets: int
    test_brackets: int
    gold_words: int
    length: int
    gold_span: Tuple[int, int]  # first and last gold line (0, 0: none)
    test_span: Tuple[int, int]


class Unit(NamedTuple):
    """One block of the pairing, as the runner records it and :mod:`jp_evalb.jp` scores it.

    ``first`` to ``stop``: the gold lines it covers (a block without gold lines is empty where
    it stands; ``first`` is its line ID in evalb's report). ``found``: what the pairing
    already has of its score -- the :class:`SentenceScore` of the usual pair, evalb's
    :class:`Evaluation` of a pair evalb accepts, a :class:`GiveUp`, or None (a block to score).
    """

    first: int
    stop: int
    kind: str
    reason: str
    block: Optional[Block]  # jp_align's block (None: a pair evalb accepted as it stands)
    found: object = None

    @property
    def left(self) -> range:
        """The gold lines it covers: the extent of its statistics of significance."""
        return range(self.first, self.stop)


_new_unit = tuple.__new__  # (Unit's own __new__, without its Python-level call: one a pair)
# A unit and its gold and test sentences (or, for the rest of the files read without aligning,
# Streamed sides: their count and lines).
Paired = Tuple[Unit, Sequence[Sentence], Sequence[Sentence]]


def pair_units(state: EvalbRun, gold_sentences: Iterator[Sentence],
               test_sentences: Iterator[Sentence]) -> Iterator[Paired]:
    """The blocks of both files, in the order evalb's report shows them."""
    limit = state.flags.limit
    if limit != -1:
        # evalb_spmrl -K n: the first n gold lines (at least one); the test lines left over
        # are not looked at, as the original does not check them.
        from itertools import islice

        gold_sentences = islice(gold_sentences, max(limit, 1))
    golds = Lookahead(gold_sentences)
    tests = Lookahead(test_sentences)
    pairing = Pairing(state)
    # Blocks with sentences on one side only are held back until something two-sided follows
    # or the input ends: then they are scored (text without a counterpart).
    pending: list = []
    clean_lane, params = pairing.clean_lane, state.params
    while True:
        gold, test = golds.first(), tests.first()
        if gold is None and test is None:
            break
        if clean_lane and gold is not None and test is not None and gold.problem is None and test.problem is None:
            score = clean_pair_score(gold.number, gold.tree, test.tree, params)
            if score is not None:  # the usual pair, which evalb accepts as it stands
                if pending:
                    yield from _held(pairing, pending)
                golds.take()
                tests.take()
                number = gold.number
                pairing.next_gold = number + 1
                yield _new_unit(Unit, (number, number + 1, EXACT, "", None, score)), (gold,), (test,)
                continue
        ev = None if gold is None or test is None else pairing.accepted(gold, test, golds, tests)
        if ev is None and gold is not None and test is not None:
            block = pairing.in_step_pair(gold, test, golds, tests)
            if block is not None:
                # The lines around a rejected pair pair up in step: it is a 1:1 block where
                # it stands, as evalb pairs it (not one the aligner might shift past).
                yield from _take_pair(pairing, pending, golds, tests)
                yield pairing.block(block, [gold], [test])
                continue
        if ev is not None and gold is not None and test is not None:  # (ev: both are there)
            yield from _take_pair(pairing, pending, golds, tests)
            yield pairing.pair(gold, test, ev)
            continue
        region = aligned_region(golds, tests, state.alignment_options)
        for block, gold_items, test_items in region:
            if block.cause == CAUSE_NO_RESYNC and _unplaced_known(golds, block.left) \
                    and _unplaced_known(tests, block.right):
                region.close()
                yield from _held(pairing, pending)
                yield pairing.give_up(block, _rest(golds, gold_items, block.left), _rest(tests, test_items, block.right))
                break
            if not gold_items or not test_items:
                pending.append((block, gold_items, test_items))
                continue
            yield from _held(pairing, pending)
            yield pairing.block(block, gold_items, test_items)
    if pending and limit != -1 and not pending[0][1]:
        pending = []  # -K: test lines after the last gold line read are not looked at
    yield from _held(pairing, pending)  # surplus lines at the end of one file


def _held(pairing: "Pairing", pending: list) -> Iterator[Paired]:
    """The blocks held back (sentences on one side only), given now."""
    for held in pending:
        yield pairing.block(*held)
    pending.clear()


def _take_pair(pairing: "Pairing", pending: list, golds: "Lookahead", tests: "Lookahead") -> Iterator[Paired]:
    """Before a pair is given where it stands: the blocks held back first, then the pair
    leaves both streams."""
    yield from _held(pairing, pending)
    golds.take()
    tests.take()


def _unplaced_known(side: "Lookahead", placed: range) -> bool:
    """Whether the sentences the aligner has taken and not placed yet (after ``placed``) are
    all among those ``side`` remembers."""
    return side.lent - placed.stop <= len(side.recent)


def _rest(side: "Lookahead", block_items: list[Sentence], placed: range) -> Iterator[Sentence]:
    """The block's sentences, those the aligner had taken beyond it, then the rest of the file."""
    yield from block_items
    unplaced = side.lent - placed.stop
    if unplaced:
        yield from list(side.recent)[-unplaced:]
    while side.peek(0) is not None:
        yield side.take()


class Lookahead:
    """A stream of sentences that the line-by-line pairing can peek into and that can be lent
    to the aligner (``lend``), which then takes sentences one at a time."""

    # Sentences lent to the aligner that are remembered (its window holds fewer: its
    # look-ahead is 64 sentences, plus the few the check after a similar block reads).
    RECENT = 256

    def __init__(self, items: Iterator[Sentence]) -> None:
        self._items = items
        self._buffer: deque = deque()
        # The first sentence, taken out (deque's own popleft: one call a line of each file).
        self.take: Callable[[], Sentence] = self._buffer.popleft
        self.lent = 0  # sentences the aligner has taken since the last lend()
        self.recent: deque = deque(maxlen=self.RECENT)  # the last sentences lent

    def first(self) -> Optional[Sentence]:
        """``peek(0)``, the pairing's question before every pair, answered in fewer steps."""
        buffer = self._buffer
        if buffer:
            return buffer[0]
        item = next(self._items, None)
        if item is not None:
            buffer.append(item)
        return item

    def peek(self, k: int) -> Optional[Sentence]:
        buffer = self._buffer
        if k < len(buffer):
            return buffer[k]
        while len(buffer) <= k:
            item = next(self._items, None)
            if item is None:
                return None
            buffer.append(item)
        return buffer[k]

    def lend(self) -> Iterator[Sentence]:
        self.lent = 0
        return self._lent()

    def _lent(self) -> Iterator[Sentence]:
        while self.peek(0) is not None:
            self.lent += 1
            item = self._buffer.popleft()
            self.recent.append(item)
            yield item


Aligned = Tuple["Block", list, list]  # a block of jp_align and its gold and test sentences


def aligned_region(golds: Lookahead, tests: Lookahead, options: dict) -> Generator[Aligned, None, None]:
    """Blocks of jp_align from where line-by-line pairing failed, until the aligner holds no
    sentence it has not placed in a block: then pairing line by line resumes (restarting the
    aligner there later gives the same blocks, since it keeps no other state)."""
    aligner = _aligner(golds.lend(), tests.lend(), options)
    for block, gold_items, test_items in aligner:
        yield block, gold_items, test_items
        if golds.lent == block.left.stop and tests.lent == block.right.stop:
            aligner.close()
            return


def _aligner(golds: Iterator[Sentence], tests: Iterator[Sentence], options: dict) -> Generator[Aligned, None, None]:
    """jp_align's sentence aligner over the sentences' text: a generator (typed there as an
    iterator), closed where the feeding stops using it."""
    from jp_align import iter_align_sentences

    return cast(Generator[Aligned, None, None], iter_align_sentences(golds, tests, tokens=_text, **options))


def _text(sentence: Sentence) -> list[str]:
    return sentence.text


class Pairing:
    """The state of one pairing: where it is in the gold file, the last pair evalb rejected."""

    def __init__(self, state: EvalbRun) -> None:
        self.state, self.params, self.lookahead = state, state.params, state.config.lookahead
        # Pairs scored without an evaluation (clean_pair_score) when nothing else is needed of them.
        self.clean_lane = self.params.debug == 0 and state.tally is None
        self.next_gold = 1
        self.rejected: Optional[tuple[Sentence, Sentence]] = None  # the last pair evalb rejected

    def _evaluate(self, gold: Sentence, test: Sentence) -> Optional[Evaluation]:
        """evalb's own result for a pair of lines, unless evalb rejects it (status 1)."""
        if gold.problem or test.problem:
            return None
        state = self.state
        # (evalb_spmrl's length-mismatch rule is not applied: such a pair is aligned.)
        ev = evaluate_pair(gold.number, gold.tree, test.tree, self.params, state.table,
                           read_error=False, debug=self.params.debug, skipped_gold=state.skipped_gold)
        return None if ev.score.status == STATUS_ERROR else ev

    def accepted(self, gold: Sentence, test: Sentence, golds: Lookahead,
                 tests: Lookahead) -> Optional[Evaluation]:
        """The next two lines (``gold``, ``test``: the first of ``golds``, ``tests``) as evalb
        pairs them, when evalb accepts the pair as it stands.

        A test line without words (a failed parse, a blank line) is evalb's skip (status 2),
        unless the gold line's words come on the next test line with words and that line does
        not pair with its own gold line: then the wordless line is an extra one (e.g. a blank
        line a parser printed between trees) and is left to the aligner. (When the two pair
        in step too -- the same sentence several times -- evalb's skip keeps continuity.)
        """
        ev = self._evaluate(gold, test)
        if ev is None:
            self.rejected = (gold, test)  # the aligner's block for it need not ask evalb again
            return None
        if ev.score.status not in (STATUS_SKIP, STATUS_COUNTED_SKIP) or not gold.tree.words:
            return ev
        for k in range(1, self.lookahead + 1):
            test_next = tests.peek(k)
            if test_next is None:
                return ev
            if test_next.tree.words or test_next.problem:
                later = self._evaluate(gold, test_next)
                if later is None or later.score.status != STATUS_OK:
                    return ev
                gold_next = golds.peek(k)
                in_step = None if gold_next is None else self._evaluate(gold_next, test_next)
                return ev if in_step is not None and in_step.score.status == STATUS_OK else None
        return ev

    def in_step_pair(self, gold: Sentence, test: Sentence, golds: Lookahead,
                     tests: Lookahead) -> Optional[Block]:
        """The block of a pair evalb rejects (the first of ``golds`` and ``tests``) when the
        lines after it pair up in step: the next pair with test words is accepted by evalb
        (pairs with a wordless test line, evalb's skips, in between), or both files end
        together. The pair's kind and reason are jp_align's for that pair alone. None when
        they do not, or when jp_align would not keep the pair together."""
        for k in range(1, self.lookahead + 1):
            gold_next, test_next = golds.peek(k), tests.peek(k)
            if gold_next is None or test_next is None:
                if gold_next is not None or test_next is not None:
                    return None
                break
            if not test_next.tree.words and not test_next.problem:
                continue
            ev = self._evaluate(gold_next, test_next)
            if ev is None or ev.score.status != STATUS_OK:
                return None
            break
        else:
            return None
        blocks = _aligner(iter([gold]), iter([test]), self.state.alignment_options)
        block = next(blocks)[0]
        blocks.close()
        return block if block.is_one_to_one else None

    def pair(self, gold: Sentence, test: Sentence, found: Evaluation) -> Paired:
        """A pair evalb accepts where it stands, with evalb's evaluation (the usual pair,
        scored by :func:`jp_evalb.scoring.clean_pair_score`, is given by the loop itself)."""
        number = gold.number
        self.next_gold = number + 1
        return Unit(number, number + 1, EXACT, "", None, found), (gold,), (test,)

    def block(self, block: Block, gold_items: list[Sentence], test_items: list[Sentence]) -> Paired:
        """An aligned block; one evalb scores as it stands carries evalb's evaluation."""
        line_id = gold_items[0].number if gold_items else self.next_gold
        ev = None
        if block.is_one_to_one and block.aligned:
            # What evalb itself would score is scored exactly as evalb does (a pair accepted()
            # has just seen evalb reject would be rejected again).
            rejected = self.rejected
            if rejected is None or rejected[0] is not gold_items[0] or rejected[1] is not test_items[0]:
                ev = self._evaluate(gold_items[0], test_items[0])
        stop = gold_items[-1].number + 1 if gold_items else line_id
        self.next_gold = stop
        return Unit(line_id, stop, block.kind, block.reason, block, ev), gold_items, test_items

    def give_up(self, block: Block, golds: Iterator[Sentence], tests: Iterator[Sentence]) -> Paired:
        """The rest of both files as one block without a counterpart, read without aligning:
        from this block on, no sentence of either side re-synchronized within the aligner's
        look-ahead, so the files are taken to be unrelated from here. Streamed: only the
        figures of the block are kept."""
        gold_span, test_span = [0, 0], [0, 0]

        def spanned(items: Iterator[Sentence], span: list[int]) -> Iterator[Sentence]:
            for sentence in items:
                span[0] = span[0] or sentence.number
                span[1] = sentence.number
                yield sentence

        state = self.state
        gold_brackets, gold_words, length = side_counts(spanned(golds, gold_span), state.table, state.read_options)
        test_brackets, _, _ = side_counts(spanned(tests, test_span), state.table, state.read_options)
        line_id = gold_span[0] or self.next_gold
        stop = gold_span[1] + 1 if gold_span[0] else line_id
        self.next_gold = stop
        found = GiveUp(gold_brackets, test_brackets, gold_words, length, (gold_span[0], gold_span[1]),
                       (test_span[0], test_span[1]))
        return (Unit(line_id, stop, block.kind, block.reason, block, found),
                _streamed(gold_span), _streamed(test_span))  # type: ignore[return-value]  # (Streamed: len only)


def _streamed(span: list[int]) -> Streamed:
    first, last = span
    return Streamed(last - first + 1 if first else 0, (first, last) if first else None)
