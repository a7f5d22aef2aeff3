"""JP mode past the first character difference: align, reconcile, score.

``stream.evaluate_streams`` hands over the rest of both files when their characters disagree.
Sentences are aligned with ``jp_align.iter_align_sentences``; each aligned block is reconciled
(``reconcile.reconcile_block``) and scored by the original's rules (``scoring.py``), blocks
being merged until the original's word walk ends cleanly, as in legacy streaming. Sentences
that never re-synchronize (an ``unaligned`` block) are scored as unmatched on both sides.
"""
from __future__ import annotations

from itertools import chain
from typing import Callable, List, Optional

from .model import Sentence, UDError
from .reconcile import ReconcileLog, Reconciliation, flatten, reconcile_block
from .scoring import Counts
from .stream import SideReader, score_block

# Sentences of each side, from the start of the difference, after which texts of which no
# sentence aligned are declared unalignable (instead of aligning the whole stream first).
GIVE_UP_AFTER = 64


def make_mismatch_handler(lang: str = "en", log: Optional[ReconcileLog] = None,
                          blocks: Optional[list] = None) -> Callable:
    """The ``on_mismatch`` callback of ``stream.evaluate_streams`` for JP mode (``blocks``:
    the list ``evaluate_streams`` records scored blocks in, if any)."""
    from jp_align import normalizer_for

    normalizer = normalizer_for(lang)

    def handle(gold_buf: List[Sentence], system_buf: List[Sentence], gold: SideReader,
               system: SideReader) -> Counts:
        # "Cannot be aligned at all" only applies when nothing was scored before the difference.
        from_start = not gold_buf or gold_buf[0].span.start == 0
        return score_reconciled(chain(gold_buf, gold), chain(system_buf, system), normalizer, log,
                                gold_path=gold.path, system_path=system.path, require_alignment=from_start,
                                blocks=blocks)

    return handle


def score_reconciled(gold, system, normalizer, log: Optional[ReconcileLog] = None, *,
                     gold_path: Optional[str] = None, system_path: Optional[str] = None,
                     require_alignment: bool = True, give_up_after: int = GIVE_UP_AFTER,
                     blocks: Optional[list] = None) -> Counts:
    """Counts of two sentence streams whose characters disagree somewhere. With
    ``require_alignment``, texts that cannot be aligned are an error (UDError): no sentence
    aligns, or none among the first ``give_up_after`` sentences of each side."""
    from jp_align import SIMILAR, UNALIGNED, iter_align_sentences

    from .audit import record_block

    counts = Counts(blocks)
    pending = _PendingBlocks()
    aligned_any = False
    first_unaligned = None
    gold_total = system_total = 0
    for block, gold_sentences, system_sentences in iter_align_sentences(
            gold, system, tokens=_token_forms, normalizer=normalizer):
        gold_total += len(gold_sentences)
        system_total += len(system_sentences)
        if not block.aligned or not gold_sentences or not system_sentences:
            if first_unaligned is None and gold_sentences and system_sentences:
                first_unaligned = (gold_sentences[0].first_line, system_sentences[0].first_line)
            if log is not None:
                log.add_unaligned(Reconciliation(
                    gold_sentences[0].first_line if gold_sentences else 0,
                    system_sentences[0].first_line if system_sentences else 0,
                    " ".join(flatten(gold_sentences, "token_forms"))[:80],
                    " ".join(flatten(system_sentences, "token_forms"))[:80],
                    f"unaligned: {block.reason}"), len(gold_sentences), len(system_sentences))
            if (require_alignment and not aligned_any and first_unaligned is not None
                    and gold_total >= give_up_after and system_total >= give_up_after):
                break  # reported below: aligning the rest would only take time
            pending.flush(counts)
            score_block(gold_sentences, [], counts)
            score_block([], system_sentences, counts)
            if log is not None and log.audit is not None:
                record_block(log.audit, UNALIGNED, block.reason, gold_sentences, system_sentences)
            continue
        aligned_any = True
        sentence_rule = block.reason if block.kind == SIMILAR else ""
        gold_copy, system_copy = reconcile_block(gold_sentences, system_sentences, normalizer,
                                                 log, sentence_rule)
        if log is not None and log.audit is not None:
            record_block(log.audit, block.kind, block.reason, gold_sentences, system_sentences, normalizer,
                         gold_copy, system_copy)
        pending.add(gold_copy, system_copy, counts)
    pending.flush(counts)
    if require_alignment and (gold_total == 0) != (system_total == 0):
        # One file holds no sentence at all: a failed run upstream, not a score of zero.
        empty, other = (gold_path, system_path) if gold_total == 0 else (system_path, gold_path)
        raise UDError(f"the file holds no sentence, while {other} does", empty, 1)
    if require_alignment and not aligned_any and first_unaligned is not None:
        raise UDError("the gold and system texts cannot be aligned: they diverge at gold line {} and "
                      "system line {}{}".format(first_unaligned[0], first_unaligned[1],
                                                 f" of {system_path}" if system_path else ""),
                      gold_path, first_unaligned[0])
    return counts


class _PendingBlocks:
    """Reconciled sentence blocks waiting to be scored. As in ``stream.evaluate_streams``,
    a block is scored once the original's word walk ends on both sides together, so the
    result is the one the original gives on the whole restored file; a run of blocks that
    never ends cleanly is scored as one after ``limit`` sentences, to bound memory."""

    def __init__(self, limit: int = 256):
        self.limit = limit
        self.gold: List[Sentence] = []
        self.system: List[Sentence] = []

    def add(self, gold: List[Sentence], system: List[Sentence], counts: Counts) -> None:
        self.gold.extend(gold)
        self.system.extend(system)
        whole = len(self.gold) + len(self.system) >= self.limit
        if score_block(self.gold, self.system, counts, whole=whole) is not None:
            self.gold, self.system = [], []

    def flush(self, counts: Counts) -> None:
        if self.gold or self.system:
            score_block(self.gold, self.system, counts)
            self.gold, self.system = [], []


def _token_forms(sentence: Sentence) -> List[str]:
    return sentence.token_forms
