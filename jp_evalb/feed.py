"""JP mode's feeding loop: pairs and aligned blocks of trees, in order, to evalb's scorer.

* Lines are paired as evalb pairs them as long as evalb accepts the pair (same words, possibly
  after its quote repair; a wordless test line is a skip when the lines after it pair up
  again). Such pairs are scored exactly as in legacy mode, so inputs that already line up
  print the original's bytes.
* From a pair evalb rejects, sentences are aligned on their text
  (:func:`jp_align.iter_align_sentences`; the text is the words evalb scores) until the aligner
  holds no sentence it has not placed, then line-by-line pairing resumes.
* A 1:1 block evalb scores is scored as in legacy mode; any other block by
  :func:`jp_evalb.blocks.score_block` (text without a counterpart included: missed and
  spurious brackets).

Every scored unit goes to a :class:`Listener` (the report writer, the statistics of
significance) with the gold lines it covers; every block is counted in the audit.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, BinaryIO, Generator, Iterator, Optional, Sequence, Tuple, cast

from jp_shims.audit import AlignmentAudit, block_kind
from jp_shims.kinds import EXACT, UNALIGNED

from .blocks import BlockResult, score_block, side_counts
from .brackets import LabelTable, reader_keys
from .scoring import Evaluation, clean_pair_score, evaluate_pair
from .sentences import Sentence, read_sentences
from .totals import STATUS_COUNTED_SKIP, STATUS_ERROR, STATUS_OK, STATUS_SKIP, SentenceScore
from .trees import ReadOptions
from .variant import RunFlags

if TYPE_CHECKING:
    from jp_align import Block, Normalizer
    from jp_shims.config import AlignConfig
    from jp_shims.records import BlockRecord

    from .params import Params

CAUSE_NO_RESYNC = "no_resync"  # jp_align.blocks.CAUSE_NO_RESYNC (jp_align is imported on first use)


class Listener:
    """What the feeding loop tells: override what you need (the default does nothing)."""

    def unit(self, first: int, stop: int, score: SentenceScore, ev: Optional[Evaluation],
             block: Optional[Block], golds: Sequence[Sentence], tests: Sequence[Sentence],
             groups: Optional[list]) -> None:
        """One scored unit (sentence line): gold lines ``first`` to ``stop`` (exclusive), its
        score, evalb's evaluation (a pair evalb scored) or the block and its word groups."""

    def trace(self, text: str) -> None:
        """evalb's -D trace of lines as they are read."""

    def message(self, text: str) -> None:
        """A per-line message (``ID : ...``) of evalb's kind, for stderr."""


def feed(gold_stream: BinaryIO, test_stream: BinaryIO, names: tuple[str, str], params: Params,
         flags: RunFlags, config: AlignConfig, audit: AlignmentAudit, listener: Listener,
         tally=None, encodings: tuple[str, str] = ("utf-8", "utf-8")) -> None:
    """Read both files, pair and align them, score every unit and tell ``listener``; count
    every block in ``audit``. ``names``: the files as messages show them; ``tally``: a
    per-label breakdown to add to; ``encodings``: the files'. Raises
    :class:`jp_shims.errors.InputError` for bad input."""
    feeder = Feeder(params, flags, config, audit, listener, tally)
    read_options = feeder.read_options
    gold_sentences = read_sentences(gold_stream, names[0], read_options, encodings[0])
    limit = flags.limit
    if limit != -1:
        # evalb_spmrl -K n: the first n gold lines (at least one); the test lines left over
        # are not looked at, as the original does not check them.
        from itertools import islice

        gold_sentences = islice(gold_sentences, max(limit, 1))
    golds = Lookahead(gold_sentences)
    tests = Lookahead(read_sentences(test_stream, names[1], read_options, encodings[1]))
    # Blocks with sentences on one side only are held back until something two-sided follows
    # or the input ends: then they are scored (text without a counterpart).
    pending: list[tuple] = []
    clean_lane = feeder.clean_lane
    while True:
        gold, test = golds.peek(0), tests.peek(0)
        if gold is None and test is None:
            break
        if clean_lane and gold is not None and test is not None and gold.problem is None and test.problem is None:
            score = clean_pair_score(gold.number, gold.tree, test.tree, params)
            if score is not None:  # the usual pair, which evalb accepts as it stands
                _take_pair(feeder, pending, golds, tests)
                feeder.clean_pair(gold, test, score)
                continue
        ev = None if gold is None or test is None else feeder.accepted(gold, test, golds, tests)
        if ev is None and gold is not None and test is not None:
            block = feeder.in_step_pair(gold, test, golds, tests)
            if block is not None:
                # The lines around a rejected pair pair up in step: it is a 1:1 block where
                # it stands, as evalb pairs it (not one the aligner might shift past).
                _take_pair(feeder, pending, golds, tests)
                feeder.block(block, [gold], [test])
                continue
        if ev is not None and gold is not None and test is not None:  # (ev: both are there)
            _take_pair(feeder, pending, golds, tests)
            feeder.pair(gold, test, ev)
            continue
        region = aligned_region(golds, tests, feeder.alignment_options)
        for block, gold_items, test_items in region:
            if block.cause == CAUSE_NO_RESYNC and _unplaced_known(golds, block.left) \
                    and _unplaced_known(tests, block.right):
                region.close()
                _score_held(feeder, pending)
                feeder.give_up(block, _rest(golds, gold_items, block.left), _rest(tests, test_items, block.right))
                break
            if not gold_items or not test_items:
                pending.append((block, gold_items, test_items))
                continue
            _score_held(feeder, pending)
            feeder.block(block, gold_items, test_items)
    if pending and limit != -1 and not pending[0][1]:
        pending = []  # -K: test lines after the last gold line read are not looked at
    _score_held(feeder, pending)  # surplus lines at the end of one file
    feeder.finish()


def _score_held(feeder: "Feeder", pending: list) -> None:
    """The blocks held back (sentences on one side only), scored now."""
    for held in pending:
        feeder.block(*held)
    pending.clear()


def _take_pair(feeder: "Feeder", pending: list, golds: "Lookahead", tests: "Lookahead") -> None:
    """Before a pair is scored where it stands: the blocks held back first, then the pair
    leaves both streams."""
    _score_held(feeder, pending)
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
        self.lent = 0  # sentences the aligner has taken since the last lend()
        self.recent: deque = deque(maxlen=self.RECENT)  # the last sentences lent

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

    def take(self) -> Sentence:
        return self._buffer.popleft()

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


class Feeder:
    """The state of one feeding: evalb's settings, the alignment, the audit, where it is."""

    def __init__(self, params: Params, flags: RunFlags, config: AlignConfig, audit: AlignmentAudit,
                 listener: Listener, tally=None) -> None:
        self.params, self.flags, self.config, self.audit = params, flags, config, audit
        self.listener, self.tally = listener, tally
        self._alignment_options: Optional[dict] = None
        self.table = LabelTable(params)
        self.read_options = ReadOptions.from_params(params, trace=params.debug > 1,
                                                    keys=reader_keys(params, self.table))
        self.skipped_gold = None
        if flags.count_skipped:
            from .spmrl import scored_gold_counter

            self.skipped_gold = scored_gold_counter(self.table, self.read_options)
        # Pairs scored without an evaluation (clean_pair) when nothing else is needed of them.
        self.clean_lane = params.debug == 0 and tally is None
        self.clean_pairs = 0  # (exact blocks, counted in the audit by finish())
        self.next_gold = 1
        self.rejected: Optional[tuple[Sentence, Sentence]] = None  # the last pair evalb rejected

    @property
    def normalizer(self) -> Normalizer:
        return self.alignment_options["normalizer"]

    @property
    def alignment_options(self) -> dict:
        """jp_align's sentence options from the configuration, the exception table extended
        by the parameter file's EQ_WORD pairs (built on first use)."""
        if self._alignment_options is None:
            options = self.config.sentence_options()
            if self.params.eq_words:
                options["normalizer"] = options["normalizer"].extended(
                    token_map={b: a for a, b in self.params.eq_words})
            self._alignment_options = options
        return self._alignment_options

    def _evaluate(self, gold: Sentence, test: Sentence) -> Optional[Evaluation]:
        """evalb's own result for a pair of lines, unless evalb rejects it (status 1)."""
        if gold.problem or test.problem:
            return None
        # (evalb_spmrl's length-mismatch rule is not applied: such a pair is aligned.)
        ev = evaluate_pair(gold.number, gold.tree, test.tree, self.params, self.table,
                           read_error=False, debug=self.params.debug, skipped_gold=self.skipped_gold)
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
        for k in range(1, self.config.lookahead + 1):
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
        for k in range(1, self.config.lookahead + 1):
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
        blocks = _aligner(iter([gold]), iter([test]), self.alignment_options)
        block = next(blocks)[0]
        blocks.close()
        return block if block.is_one_to_one else None

    def clean_pair(self, gold: Sentence, test: Sentence, score: SentenceScore) -> None:
        """The usual pair (scored by :func:`jp_evalb.scoring.clean_pair_score`), which
        :meth:`accepted` would accept as it stands; its exact block is counted at the end."""
        number = gold.number
        self.next_gold = number + 1
        self.clean_pairs += 1
        self.listener.unit(number, number + 1, score, None, None, (gold,), (test,), None)

    def pair(self, gold: Sentence, test: Sentence, ev: Evaluation) -> None:
        """A pair evalb accepts: exactly evalb's."""
        self.next_gold = gold.number + 1
        if self.params.debug > 1:
            self.listener.trace("".join(gold.tree.trace) + "".join(test.tree.trace))
        self.audit.count(EXACT)
        self._unit(None, (gold,), (test,), ev, None, None)

    def block(self, block: Block, gold_items: list[Sentence], test_items: list[Sentence]) -> None:
        params, debug = self.params, self.params.debug
        line_id = gold_items[0].number if gold_items else self.next_gold
        if debug > 1:
            self.listener.trace("".join("".join(s.tree.trace) for s in gold_items + test_items))
        ev = None
        if block.is_one_to_one and block.aligned:
            # What evalb itself would score is scored exactly as evalb does (a pair accepted()
            # has just seen evalb reject would be rejected again).
            rejected = self.rejected
            if rejected is None or rejected[0] is not gold_items[0] or rejected[1] is not test_items[0]:
                ev = self._evaluate(gold_items[0], test_items[0])
        if ev is not None:
            self.next_gold = gold_items[0].number + 1
            self.audit.count(EXACT)
            self._unit(block, gold_items, test_items, ev, None, None)
            return
        result = score_block(block, gold_items, test_items, line_id, params, self.table, self.normalizer,
                             self.read_options, self.flags.count_skipped, self.tally)
        if result.note:
            self.listener.message(f"{line_id} : {result.note}")
        if debug > 1:
            self.listener.trace("\n")
        self._audit(block, gold_items, test_items, result)
        self._unit(block, gold_items, test_items, None, result.score, result.groups)
        if gold_items:
            self.next_gold = gold_items[-1].number + 1

    def give_up(self, block: Block, golds: Iterator[Sentence], tests: Iterator[Sentence]) -> None:
        """The rest of both files as one block without a counterpart, read without aligning:
        from this block on, no sentence of either side re-synchronized within the aligner's
        look-ahead, so the files are taken to be unrelated from here. Streamed: only the
        figures of the block are kept; gold brackets missed, test brackets spurious."""
        gold_span, test_span = [0, 0], [0, 0]

        def spanned(items: Iterator[Sentence], span: list[int]) -> Iterator[Sentence]:
            for sentence in items:
                span[0] = span[0] or sentence.number
                span[1] = sentence.number
                yield sentence

        gold_brackets, gold_words, length = side_counts(spanned(golds, gold_span), self.table, self.read_options)
        test_brackets, _, _ = side_counts(spanned(tests, test_span), self.table, self.read_options)
        gold_count = gold_span[1] - gold_span[0] + 1 if gold_span[0] else 0
        test_count = test_span[1] - test_span[0] + 1 if test_span[0] else 0
        line_id = gold_span[0] or self.next_gold
        from .blocks import UNALIGNED_CONSEQUENCE

        reason = f"{block.reason}; the rest of the files is not aligned"
        self.listener.message(f"{line_id} : Unaligned block (gold {_span_ids(gold_span)} | test "
                              f"{_span_ids(test_span)}): {reason}; {UNALIGNED_CONSEQUENCE}\n")
        score = SentenceScore(line_id, length, STATUS_OK, 0, gold_brackets, test_brackets, 0, gold_words, 0)
        first, stop = line_id, (gold_span[1] + 1 if gold_span[0] else line_id)
        self.listener.unit(first, stop, score, None, block, (), (), [])
        if gold_span[0]:
            self.next_gold = gold_span[1] + 1
        audit = self.audit
        where = (audit.gold_lines(gold_span[0], gold_span[1]) if gold_span[0] else None,
                 audit.system_lines(test_span[0], test_span[1]) if test_span[0] else None)
        if not audit.keep:
            audit.count(UNALIGNED, gold_count, test_count, where=where)
            return
        from jp_shims.records import BlockRecord

        audit.add(BlockRecord(UNALIGNED, where[0], where[1], "", "", reason=reason, match=block.kind,
                              figures=_figures(score), groups=(), loss=float(gold_brackets + test_brackets)),
                  gold_count, test_count)

    def _audit(self, block: Block, gold_items: list[Sentence], test_items: list[Sentence],
               result: BlockResult) -> None:
        """Count (and with records kept, record) a block scored by the aligned feeding."""
        odd = [g for g in result.groups if not (g.is_one_to_one and g.kind == EXACT)]
        kind = block_kind(block.kind, len(gold_items), len(test_items), retokenized=bool(odd))
        if not block.aligned:
            kind = UNALIGNED
        audit = self.audit
        if kind == EXACT or not audit.keep:
            where = None
            if kind == UNALIGNED:
                where = (audit.gold_lines(gold_items[0].number, gold_items[-1].number) if gold_items else None,
                         audit.system_lines(test_items[0].number, test_items[-1].number) if test_items else None)
            audit.count(kind, len(gold_items), len(test_items), where=where)
            return
        score = result.score
        gold_words = [w for s in gold_items for w in s.tree.words]
        test_words = [w for s in test_items for w in s.tree.words]
        from jp_shims.records import WordGroup

        groups = tuple(WordGroup(tuple(gold_words[i] for i in g.left), tuple(test_words[j] for j in g.right), g.kind)
                       for g in odd)
        # Brackets missed plus brackets wrongly proposed; a block left unscored (status 1)
        # loses its whole length.
        loss = (score.gold + score.test - 2 * score.match if score.status == STATUS_OK
                else float(score.length) if score.status == STATUS_ERROR else 0.0)
        reason = block.reason
        if result.note:
            reason = (reason + "; " if reason and reason not in result.note else "") + result.note.strip()
        audit.add(self._record(kind, block, gold_items, test_items, groups, _figures(score), loss, reason),
                  len(gold_items), len(test_items))

    def _record(self, kind: str, block: Block, gold_items: list[Sentence], test_items: list[Sentence],
                groups: tuple, figures: dict, loss: Optional[float], reason: str) -> BlockRecord:
        from jp_shims.records import BlockRecord

        audit = self.audit
        return BlockRecord(
            kind,
            audit.gold_lines(gold_items[0].number, gold_items[-1].number) if gold_items else None,
            audit.system_lines(test_items[0].number, test_items[-1].number) if test_items else None,
            " | ".join(" ".join(s.text) for s in gold_items),
            " | ".join(" ".join(s.text) for s in test_items),
            reason=reason, match=block.kind, figures=figures, groups=groups, loss=loss)

    def _unit(self, block: Optional[Block], gold_items: Sequence[Sentence], test_items: Sequence[Sentence],
              ev: Optional[Evaluation], score: Optional[SentenceScore], groups: Optional[list]) -> None:
        if ev is not None:
            score = ev.score
            if self.tally is not None:
                self.tally.add_evaluation(ev)
        assert score is not None  # (a unit has evalb's evaluation or the block's score)
        first = gold_items[0].number if gold_items else self.next_gold
        stop = gold_items[-1].number + 1 if gold_items else self.next_gold
        self.listener.unit(first, stop, score, ev, block, gold_items, test_items, groups)

    def finish(self) -> None:
        """The exact blocks of the clean lane, counted at once."""
        if self.clean_pairs:
            self.audit.count(EXACT, self.clean_pairs, self.clean_pairs, self.clean_pairs)
            self.clean_pairs = 0


def _figures(score: SentenceScore) -> dict:
    return {"status": score.status, "matched": score.match, "gold": score.gold, "test": score.test,
            "crossing": score.crossing, "words": score.words, "correct_tags": score.correct_tags}


def _span_ids(span: list[int]) -> str:
    first, last = span
    return "-" if not first else str(first) if first == last else f"{first}-{last}"
