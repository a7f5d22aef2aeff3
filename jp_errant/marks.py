"""What errant's scorer made of each edit of one scored pair (for the HTML report).

The scorer counts TP/FP/FN per annotator pair and keeps the pair giving the best corpus F;
it does not say which edit was which. :func:`scored_edits` asks the scorer's own functions
again for one pair, with the running totals it was scored with: the same choice
(:func:`jp_errant.scorer.score_sentence`), the same edit keys of the evaluation mode
(:func:`jp_errant.edit_sets.coder_edit_sets`), so every edit gets the status the counts gave it.
Only blocks the report records come here: the scoring pass itself is not repeated.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from jp_errant.edit_sets import coder_edit_sets
from jp_errant.score_options import CorpusResult, ScoreOptions, SentencePair
from jp_errant.scorer import score_sentence

if TYPE_CHECKING:
    from jp_shims.records import EditMark


def scored_edits(pair: SentencePair, options: ScoreOptions, before: tuple[int, int, int]) -> tuple:
    """``(system statuses, gold statuses)``: one ``(edit, status)`` per edit of ``pair``
    (noops left out), status ``tp``/``fp`` for the system's, ``tp``/``fn`` for the chosen
    annotator's, ``other`` for another annotator's, ``unscored`` for an edit the mode or a
    filter leaves out (or every edit of a sentence ChERRANT does not evaluate). ``before``:
    the corpus (tp, fp, fn) before the pair was scored (the annotator choice depends on
    them). In ``-dt`` mode an edit counts as matched when any of its tokens is."""
    hyp_edits = [edit for edit in pair.hyp_edits if not _is_noop(edit)]
    ref_edits = [edit for edit in pair.ref_edits if not _is_noop(edit)]
    hyp_sets = coder_edit_sets(pair.hyp_edits, options)
    ref_sets = coder_edit_sets(pair.ref_edits, options)
    if options.screens_sentences and not options.evaluates(ref_sets):
        return [(edit, "unscored") for edit in hyp_edits], [(edit, "unscored") for edit in ref_edits]
    totals = CorpusResult(*before)
    chosen = score_sentence(hyp_sets, ref_sets, totals, 0, options)
    hyp_keys = {key for key, types in hyp_sets.get(chosen.hyp_coder, {}).items() if types[0] != "noop"}
    ref_keys = {key for key, types in ref_sets.get(chosen.ref_coder, {}).items() if types[0] != "noop"}
    system = [(edit, _status(edit, chosen.hyp_coder, ref_keys, "fp", options)) for edit in hyp_edits]
    gold = [(edit, _status(edit, chosen.ref_coder, hyp_keys, "fn", options)) for edit in ref_edits]
    return system, gold


def _is_noop(edit) -> bool:
    return edit[0] < 0 or edit[2] == "noop"


def _status(edit, chosen_coder: int, other_keys: set, unmatched: str, options: ScoreOptions) -> str:
    if edit[4] != chosen_coder:
        return "other"
    keys = coder_edit_sets((edit,), options).get(edit[4], {})
    if not keys:
        return "unscored"
    return "tp" if any(key in other_keys for key in keys) else unmatched


def edit_marks(statuses: Sequence, side: str, on: str, tokens: Sequence[str], offset: int = 0) -> list[EditMark]:
    """:class:`EditMark` of ``(edit, status)`` pairs whose offsets index ``tokens`` (the
    text they are placed on), shifted by ``offset`` tokens (earlier sentences of the block)."""
    from jp_shims.records import EditMark  # (dataclasses: for the runs that record blocks only)

    marks = []
    for (start, end, kind, correction, coder, *_), status in statuses:
        marks.append(EditMark(side, on, start + offset, end + offset, " ".join(tokens[start:end]),
                              correction, kind, status, coder))
    return marks
