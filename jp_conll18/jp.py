"""JP mode past the first character difference: align, reconcile, score.

``stream.evaluate_streams`` hands over the rest of both files when their characters disagree.
Sentences are aligned with ``jp_align.iter_align_sentences``; each aligned block is reconciled
(``reconcile.reconcile_block``) and scored by the original's rules (``scoring.py``), blocks
being merged until the original's word walk ends cleanly, as in legacy streaming. Sentences
that never re-synchronize (an ``unaligned`` block) are scored as unmatched on both sides: gold
words missed (they stay in recall's denominator), system words spurious (in precision's).
"""
from __future__ import annotations

from collections import deque
from itertools import chain
from typing import Callable, Iterable, List, Optional

from jp_shims.config import LANGUAGES, AlignConfig

from .model import Sentence, UDError
from .reconcile import ReconcileLog, Reconciliation, flatten, reconcile_block
from .scoring import Counts
from .stream import SideReader, score_block

# Sentences of each side, from the start of the difference, after which texts of which no
# sentence aligned are taken as unalignable: the rest of both files is one unaligned block
# (instead of aligning the whole stream first).
GIVE_UP_AFTER = 64
# Consecutive unaligned sentences on each side after which the rest of both files is one
# unaligned block: the aligner has then looked 64 sentences ahead at every step of a stretch
# twice that long without finding one identical pair, and stepping on one sentence at a time
# through a long unrelated remainder costs a window search per sentence (50,000 sentences
# took over a minute). A re-synchronizing stretch is at most one look-ahead long.
UNALIGNED_RUN_LIMIT = 128


def make_mismatch_handler(lang: str = "en", log: Optional[ReconcileLog] = None,
                          blocks: Optional[list] = None, enhanced: bool = False,
                          free: bool = False, config: Optional[AlignConfig] = None, breakdown=None) -> Callable:
    """The ``on_mismatch`` callback of ``stream.evaluate_streams`` for JP mode (``blocks``:
    the list ``evaluate_streams`` records scored blocks in, if any; ``enhanced``: ELAS/EULAS
    counted; ``free``: the sentences are released once scored; ``config``: the alignment
    settings, default jp_align's with the exception table of ``lang``; ``breakdown``: the
    ``breakdown.Breakdown`` of ``evaluate_streams``, if any)."""
    if config is None:
        config = AlignConfig(lang=_table_of(lang))

    def handle(gold_buf: List[Sentence], system_buf: List[Sentence], gold: SideReader,
               system: SideReader) -> Counts:
        # "Unalignable from the start" only applies when nothing was scored before the difference.
        from_start = not gold_buf or gold_buf[0].span.start == 0
        return score_reconciled(chain(gold_buf, gold), chain(system_buf, system), config, log,
                                gold_path=gold.path, system_path=system.path, from_start=from_start,
                                blocks=blocks, enhanced=enhanced, free=free, breakdown=breakdown)

    return handle


def _table_of(lang: str) -> str:
    # The API's ``lang`` is any language code (as jp_align's ``normalizer_for`` takes it):
    # English codes get the English table, every other code the language-independent one.
    if lang in LANGUAGES:
        return lang
    return "en" if lang.lower().startswith("en") else "und"


def score_reconciled(gold, system, config: AlignConfig, log: Optional[ReconcileLog] = None, *,
                     gold_path: Optional[str] = None, system_path: Optional[str] = None,
                     from_start: bool = True, give_up_after: int = GIVE_UP_AFTER,
                     blocks: Optional[list] = None, enhanced: bool = False, free: bool = False,
                     breakdown=None) -> Counts:
    """Counts of two sentence streams whose characters disagree somewhere. Sentences that
    never re-synchronize are counted unmatched; with ``from_start`` (nothing scored before),
    when none of the first ``give_up_after`` sentences of each side aligns, the rest of both
    files is one unaligned block at once. One side without any sentence (the other has some)
    is an error (UDError): a failed run upstream, not a score of zero."""
    from jp_align import SIMILAR, UNALIGNED, iter_align_sentences

    from .audit import record_block

    normalizer = config.normalizer()
    counts = Counts(blocks, enhanced=enhanced, breakdown=breakdown)
    pending = _PendingBlocks(free=free)
    aligned_any = False
    gold_total = system_total = 0
    run_gold = run_system = 0  # consecutive unaligned sentences
    gold, system = _Tap(gold), _Tap(system)
    for block, gold_sentences, system_sentences in iter_align_sentences(
            gold, system, tokens=_token_forms, **config.sentence_options()):
        gold.taken(len(gold_sentences))
        system.taken(len(system_sentences))
        gold_total += len(gold_sentences)
        system_total += len(system_sentences)
        if not block.aligned or not gold_sentences or not system_sentences:
            run_gold += len(gold_sentences)
            run_system += len(system_sentences)
            if log is not None:
                log.add_unaligned(Reconciliation(
                    gold_sentences[0].first_line if gold_sentences else 0,
                    system_sentences[0].first_line if system_sentences else 0,
                    " ".join(flatten(gold_sentences, "token_forms"))[:80],
                    " ".join(flatten(system_sentences, "token_forms"))[:80],
                    f"unaligned: {block.reason}"), len(gold_sentences), len(system_sentences))
            pending.flush(counts)
            if log is not None and log.audit is not None:
                record_block(log.audit, UNALIGNED, block.reason, gold_sentences, system_sentences)
            score_block(gold_sentences, [], counts, free=free)
            score_block([], system_sentences, counts, free=free)
            never_aligned = (from_start and not aligned_any
                             and gold_total >= give_up_after and system_total >= give_up_after)
            if never_aligned or (run_gold >= UNALIGNED_RUN_LIMIT and run_system >= UNALIGNED_RUN_LIMIT):
                # Aligning the rest would only take time: count it unmatched at once.
                _unaligned_rest(gold, system, counts, log, free)
                break
            continue
        aligned_any = True
        run_gold = run_system = 0
        sentence_rule = block.reason if block.kind == SIMILAR else ""
        gold_copy, system_copy = reconcile_block(gold_sentences, system_sentences, normalizer,
                                                 log, sentence_rule)
        if log is not None and log.audit is not None:
            record_block(log.audit, block.kind, block.reason, gold_sentences, system_sentences, normalizer,
                         gold_copy, system_copy)
        pending.add(gold_copy, system_copy, counts)
    pending.flush(counts)
    if from_start and (gold_total == 0) != (system_total == 0):
        # One file holds no sentence at all: a failed run upstream, not a score of zero.
        empty, other = (gold_path, system_path) if gold_total == 0 else (system_path, gold_path)
        raise UDError(f"the file holds no sentence, while {other} does", empty, 1)
    return counts


class _Tap:
    """An input stream that remembers what the aligner pulled and has not given back in a
    block yet (its look-ahead window), so the stream can be taken over at any block."""

    def __init__(self, source: Iterable[Sentence]) -> None:
        self.source = iter(source)
        self.pending: deque = deque()

    def __iter__(self) -> _Tap:
        return self

    def __next__(self) -> Sentence:
        item = next(self.source)
        self.pending.append(item)
        return item

    def taken(self, n: int) -> None:
        for _ in range(n):
            self.pending.popleft()

    def rest(self):
        """Every item not yet given back in a block, then the rest of the source."""
        while self.pending:
            yield self.pending.popleft()
        yield from self.source


def _unaligned_rest(gold: _Tap, system: _Tap, counts: Counts, log: Optional[ReconcileLog],
                    free: bool = False) -> None:
    """Score the rest of both files as one unaligned block, a sentence at a time (reported
    as one block: its first lines, its first words, its sizes)."""
    first: list = [None, None]
    last: list = [None, None]
    sizes = [0, 0]
    words = [0, 0]
    texts: list = [[], []]
    for side, tap in enumerate((gold, system)):
        for sentence in tap.rest():
            if first[side] is None:
                first[side] = sentence.first_line
            last[side] = sentence.first_line
            if len(texts[side]) < 8:
                texts[side].extend(sentence.token_forms[:8])
            sizes[side] += 1
            words[side] += len(sentence.words)
            score_block(*(([sentence], []) if side == 0 else ([], [sentence])), counts, free=free)
    if log is None or not (sizes[0] or sizes[1]):
        return
    reason = f"no re-synchronization in {UNALIGNED_RUN_LIMIT} sentences; the rest of both files"
    log.add_unaligned(Reconciliation(first[0] or 0, first[1] or 0, " ".join(texts[0])[:80],
                                     " ".join(texts[1])[:80], "unaligned: " + reason), sizes[0], sizes[1])
    audit = log.audit
    if audit is None:
        return
    from jp_shims.kinds import UNALIGNED as KIND
    from jp_shims.records import BlockRecord

    gold_lines = audit.gold_lines(first[0], last[0]) if sizes[0] else None
    system_lines = audit.system_lines(first[1], last[1]) if sizes[1] else None
    if not audit.keep:
        audit.count(KIND, sizes[0], sizes[1], where=(gold_lines, system_lines))
        return
    audit.add(BlockRecord(
        KIND, gold_lines, system_lines,
        " ".join(texts[0]) + " ...", " ".join(texts[1]) + " ...", reason=reason, match=KIND,
        figures={"words_gold": words[0], "words_system": words[1], "las_correct": 0},
        loss=float(words[0] + words[1])), sizes[0], sizes[1])


class _PendingBlocks:
    """Reconciled sentence blocks waiting to be scored. As in ``stream.evaluate_streams``,
    a block is scored once the original's word walk ends on both sides together, so the
    result is the one the original gives on the whole restored file; a run of blocks that
    never ends cleanly is scored as one after ``limit`` sentences, to bound memory."""

    def __init__(self, limit: int = 256, free: bool = False):
        self.limit = limit
        self.free = free
        self.gold: List[Sentence] = []
        self.system: List[Sentence] = []

    def add(self, gold: List[Sentence], system: List[Sentence], counts: Counts) -> None:
        self.gold.extend(gold)
        self.system.extend(system)
        whole = len(self.gold) + len(self.system) >= self.limit
        if score_block(self.gold, self.system, counts, whole=whole, free=self.free) is not None:
            self.gold, self.system = [], []

    def flush(self, counts: Counts) -> None:
        if self.gold or self.system:
            score_block(self.gold, self.system, counts, free=self.free)
            self.gold, self.system = [], []


def _token_forms(sentence: Sentence) -> List[str]:
    return sentence.token_forms
