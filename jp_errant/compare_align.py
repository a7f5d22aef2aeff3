"""Re-indexing M2 edits onto aligned blocks (JP mode of ``jp_errant_compare``).

Pure functions, no I/O. A block from :func:`jp_align.iter_align_sentences` holds one or more
sentences on each side; the sentences of a side are merged into one (tokens concatenated,
edit offsets shifted by the token count of the sentences before them), and when the merged
hypothesis is tokenized differently from the merged reference, hypothesis edit spans are
mapped onto reference token offsets through :func:`jp_align.align_words`.
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

from jp_align import Block, Normalizer, align_words
from jp_errant.m2_records import Edit, Sentence, noop_edit


class MergedSentence(NamedTuple):
    """One side of an aligned block as a single sentence."""

    tokens: tuple[str, ...]
    edits: tuple[Edit, ...]
    source: str


def merge_sentences(sentences: Sequence[Sentence]) -> MergedSentence:
    """Concatenate sentences, shifting edits; noop rules per annotator.

    A single sentence is returned untouched (lined-up input must score exactly like errant).
    In a merged block, an annotator's noops are dropped when it has real edits in the block,
    and one noop is kept when it has none. A sentence without edit lines counts as a noop
    of annotator 0, as errant reads it.
    """
    if len(sentences) == 1:
        only = sentences[0]
        return MergedSentence(only.tokens, only.edits, only.source)
    tokens: list[str] = []
    shifted: list[Edit] = []
    for sentence in sentences:
        offset = len(tokens)
        shifted.extend(edit.shifted(offset) for edit in (sentence.edits or (noop_edit(0),)))
        tokens.extend(sentence.tokens)
    with_real_edits = {edit.coder for edit in shifted if not edit.is_noop}
    kept: list[Edit] = []
    noop_kept: set[int] = set()
    for edit in shifted:
        if edit.is_noop:
            if edit.coder in with_real_edits or edit.coder in noop_kept:
                continue
            noop_kept.add(edit.coder)
        kept.append(edit)
    return MergedSentence(tuple(tokens), tuple(kept),
                          " ".join(sentence.source for sentence in sentences))


def map_edits_to_reference(
    hyp_tokens: Sequence[str],
    ref_tokens: Sequence[str],
    edits: Sequence[Edit],
    normalizer: Normalizer | None = None,
) -> tuple[Edit, ...]:
    """Hypothesis edits re-expressed in reference token offsets.

    Tokens are grouped by :func:`jp_align.align_words` (a group covers the same characters
    on both sides). An edit boundary that falls on a group boundary maps exactly; one inside
    a group widens the edit to the whole group, and the hypothesis tokens of the group that
    the edit did not touch are added around its correction so the widened edit still
    describes the same change.

    ``edits`` may also be plain 6-tuples in :class:`Edit` field order; mapped edits come
    back as :class:`Edit` values.
    """
    if tuple(hyp_tokens) == tuple(ref_tokens):
        return tuple(edits)
    groups = align_words(list(ref_tokens), list(hyp_tokens), normalizer=normalizer)
    group_of = [0] * len(hyp_tokens)
    for number, group in enumerate(groups):
        for index in group.right:
            group_of[index] = number
    return tuple(_map_edit(edit, groups, group_of, hyp_tokens, len(ref_tokens)) for edit in edits)


def _map_edit(edit: tuple, groups: list[Block], group_of: list[int],
              hyp_tokens: Sequence[str], ref_length: int) -> Edit:
    # Read by position and rebuilt as a tuple: ``edit`` may be a plain tuple in Edit field
    # order (what read_m2(named_edits=False) gives), and _replace is several times slower.
    start, end, kind, correction, coder, middle = edit
    if start < 0 or not groups:
        return _edit(edit) if start < 0 else _edit((0, 0, kind, correction, coder, middle))
    if start >= len(hyp_tokens):
        return _edit((ref_length, ref_length, kind, correction, coder, middle))
    first = groups[group_of[start]]
    if start == end:
        if start == first.right.start:
            return _edit((first.left.start, first.left.start, kind, correction, coder, middle))
        last = first
    else:
        last = groups[group_of[min(end, len(hyp_tokens)) - 1]]
    prefix = list(hyp_tokens[first.right.start:start])
    suffix = list(hyp_tokens[end:last.right.stop])
    if prefix or suffix:
        correction = " ".join(prefix + correction.split() + suffix)
    return _edit((first.left.start, last.left.stop, kind, correction, coder, middle))


def _edit(fields: tuple) -> Edit:
    """An :class:`Edit` of six fields (built through tuple.__new__: no Python-level call)."""
    return fields if type(fields) is Edit else tuple.__new__(Edit, fields)
