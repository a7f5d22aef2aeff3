"""What JP mode of conll18 changed, for jp_shims' audit: block records and the summary.

The original copes with different sentence and token boundaries as long as the characters
agree, so a block whose characters agree is scored exactly as the original scores it: it is
``exact`` whatever its shape. Blocks whose characters differ (reconciled by JP mode) get the
kind of their sentence texts (``normalized``, ``similar``, ``mismatch``), ``merged`` for m:n,
``unaligned`` when they never re-synchronized (gold sentences missed, system sentences
spurious: the audit keeps both counts and the first place for the note and ``--strict``).
Sentences scored before the first character difference are the original's scoring itself:
they are counted as exact blocks, one per gold sentence (their segmentation into blocks is
the original's business).
"""
from __future__ import annotations

from typing import List, Optional

from jp_shims.audit import AlignmentAudit, Summary, block_kind
from jp_shims.kinds import EXACT, UNALIGNED

from .model import Sentence


class Scores(dict):
    """``evaluate``'s result: the original's dict (metric name -> Score), plus ``alignment``,
    the audit summary of what JP mode changed (a :class:`jp_shims.Summary`; None in legacy
    mode), and ``breakdowns`` / ``confusions``, the breakdowns and confusion matrices asked
    for (``jp_conll18.breakdown``; None when none was). Indexing (``scores["LAS"].f1``) is
    unchanged."""

    alignment: Optional[Summary] = None
    breakdowns: Optional[dict] = None
    confusions: Optional[dict] = None


def _text(sentences: List[Sentence]) -> str:
    return " | ".join(" ".join(s.token_forms) for s in sentences)


def record_block(audit: AlignmentAudit, match: str, reason: str, gold: List[Sentence], system: List[Sentence],
                 normalizer=None, gold_copy: Optional[List[Sentence]] = None,
                 system_copy: Optional[List[Sentence]] = None) -> None:
    """Count one block of the aligned part (and record it when the audit keeps records).
    ``gold_copy``/``system_copy``: the reconciled block as scored (for its own figures)."""
    gold_forms = [f for s in gold for f in s.token_forms]
    system_forms = [f for s in system for f in s.token_forms]
    if match != UNALIGNED and gold and system and "".join(gold_forms) == "".join(system_forms):
        kind = EXACT  # same characters: the original's own scoring
    else:
        kind = block_kind(match, len(gold), len(system), retokenized=True)
    if kind == EXACT or not audit.keep:
        where = None
        if kind == UNALIGNED:  # the first unaligned place is kept for the note and --strict
            where = (audit.gold_lines(gold[0].first_line, gold[-1].first_line) if gold else None,
                     audit.system_lines(system[0].first_line, system[-1].first_line) if system else None)
        audit.count(kind, len(gold), len(system), where=where)
        return
    # (The record classes are dataclasses: imported by the runs that record a block only.)
    from jp_shims.records import BlockRecord, WordGroup

    groups: tuple = ()
    figures: dict = {}
    loss = None
    if kind != UNALIGNED:
        from jp_align import align_words

        groups = tuple(WordGroup(tuple(gold_forms[i] for i in g.left), tuple(system_forms[j] for j in g.right), g.kind)
                       for g in align_words(gold_forms, system_forms, normalizer=normalizer)
                       if not (g.is_one_to_one and g.kind == EXACT))
    if gold_copy is not None and system_copy is not None:
        from .model import DEPS
        from .scoring import Counts
        from .stream import score_block

        # Words read by the current UD scorer's rules carry resolved DEPS: add ELAS.
        enhanced = any(not isinstance(w.columns[DEPS], str) for s in gold_copy for w in s.words[:1])
        counts = Counts(enhanced=enhanced)
        score_block(gold_copy, system_copy, counts)  # counted into ``counts`` (it records no blocks)
        rows = counts.rows
        words, uas, las = rows["Words"], rows["UAS"], rows["LAS"]
        figures = {"words_gold": words[1], "words_system": words[2], "words_aligned": words[0],
                   "uas_correct": uas[0], "las_correct": las[0],
                   "las_f1": 2 * las[0] / (las[1] + las[2]) if las[1] + las[2] else None}
        if enhanced:
            elas = rows["ELAS"]
            figures.update({"edges_gold": elas[1], "edges_system": elas[2], "elas_correct": elas[0],
                            "eulas_correct": rows["EULAS"][0]})
        # Words the LAS misses on either side: the block's cost to LAS F1.
        loss = float(las[1] + las[2] - 2 * las[0])
    elif kind == UNALIGNED:
        words_gold = sum(len(s.words) for s in gold)
        words_system = sum(len(s.words) for s in system)
        figures = {"words_gold": words_gold, "words_system": words_system, "las_correct": 0}
        loss = float(words_gold + words_system)
    audit.add(BlockRecord(
        kind,
        audit.gold_lines(gold[0].first_line, gold[-1].first_line) if gold else None,
        audit.system_lines(system[0].first_line, system[-1].first_line) if system else None,
        _text(gold), _text(system), reason=reason, match=match, figures=figures, groups=groups, loss=loss),
        len(gold), len(system))


def count_lined_up(audit: AlignmentAudit, scores: dict) -> None:
    """Count the sentences JP mode did not align (scored by the original's rules before the
    first character difference, or the whole files when they agree) as exact blocks."""
    summary = audit.summary
    gold = scores["Sentences"].gold_total - summary.gold_sentences
    system = scores["Sentences"].system_total - summary.system_sentences
    if gold > 0 or system > 0:
        audit.count(EXACT, max(gold, 0), max(system, 0), blocks=max(gold, 0))
