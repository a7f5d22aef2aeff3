"""JP mode of ``jp_cherrant_compare``: a hypothesis re-expressed in the reference's sentences.

Pure functions, no I/O (spec ``cherrant.md`` section 11). ChERRANT chooses the reference
annotator of each sentence from the running corpus totals, and skips sentences by their own
reference (``NA``, ``--reference_num``), so the reference sentences are never merged: the
hypothesis sentences of an aligned block are concatenated (offsets shifted), mapped onto the
reference tokens where the tokens differ, and cut at the reference sentence boundaries
(offsets shifted back). Each reference sentence is then scored exactly as ChERRANT scores it.

An edit that crosses a reference boundary cannot be cut: under span keys it stays in the
sentence where it starts, with its end beyond that sentence, where no reference edit can
match it (it counts as a false positive); under token keys (``-dt``) each token is its own
key, so its tokens are split between the sentences exactly. An insertion on a boundary
(equally the end of one sentence and the start of the next) goes to the side whose
reference holds the same insertion, else to the end of the earlier sentence.
"""
from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple, Sequence

from jp_align import Normalizer
from jp_errant.compare_align import map_edits_to_reference
from jp_errant.m2_records import Edit, Sentence, noop_edit


class CrossingEdit(NamedTuple):
    """A hypothesis edit spanning reference sentences ``first`` .. ``last`` of its block."""

    edit: Edit  # in the block's reference token offsets
    line: int  # its A line in the hypothesis file (0: unknown)
    first: int
    last: int


class CutBlock(NamedTuple):
    """The hypothesis edits of one aligned block, one tuple per reference sentence (in that
    sentence's token offsets), and the edits that crossed a reference boundary."""

    pieces: tuple[tuple[Edit, ...], ...]
    crossing: tuple[CrossingEdit, ...]


def concatenate(sentences: Sequence[Sentence], edit_lines: Sequence[Sequence[int]] = ()
                ) -> tuple[list[str], list[Edit], list[int]]:
    """Tokens and edits of consecutive sentences as one sentence (offsets shifted by the
    tokens before; ``-1 -1`` edits stay as they are), with each edit's A line (0 unknown)."""
    tokens: list[str] = []
    edits: list[Edit] = []
    lines: list[int] = []
    for number, sentence in enumerate(sentences):
        offset = len(tokens)
        edits.extend(Edit(*edit).shifted(offset) for edit in sentence.edits)
        known = edit_lines[number] if number < len(edit_lines) else ()
        lines.extend(known[i] if i < len(known) else 0 for i in range(len(sentence.edits)))
        tokens.extend(sentence.source.split())
    return tokens, edits, lines


def cut_block(ref_sentences: Sequence[Sentence], hyp_sentences: Sequence[Sentence],
              hyp_edit_lines: Sequence[Sequence[int]] = (), token_keys: bool = False,
              normalizer: Normalizer | None = None) -> CutBlock:
    """The hypothesis of an aligned block cut at the reference sentence boundaries.

    ``hyp_edit_lines``: per hypothesis sentence, the file line of each edit (for the listing
    of crossing edits). ``token_keys``: the scoring keys are tokens (``-dt``).

    >>> from jp_errant.m2_records import Sentence, Edit
    >>> refs = [Sentence("我 去 学 校 。"), Sentence("他 来 了 。")]
    >>> hyp = Sentence("我 去 学 校 。 他 来 了 。", (Edit(1, 1, "M", "要"), Edit(6, 7, "S", "去")))
    >>> cut = cut_block(refs, [hyp])
    >>> [[(e.start, e.end, e.correction) for e in piece] for piece in cut.pieces]
    [[(1, 1, '要')], [(1, 2, '去')]]
    """
    ref_tokens: list[str] = []
    starts: list[int] = []
    for sentence in ref_sentences:
        starts.append(len(ref_tokens))
        ref_tokens.extend(sentence.source.split())
    hyp_tokens, edits, lines = concatenate(hyp_sentences, hyp_edit_lines)
    if hyp_tokens != ref_tokens:
        edits = list(map_edits_to_reference(hyp_tokens, ref_tokens, edits, normalizer))
    ends = starts[1:] + [len(ref_tokens)]
    coders = list(dict.fromkeys(edit.coder for edit in edits)) or [0]
    placed: list[list[Edit]] = [[] for _ in ref_sentences]
    crossing = []
    for edit, line in zip(edits, lines):
        start, end = edit.start, edit.end
        if start < 0:
            if not edit.is_noop:  # e.g. a hypothesis NA: said of the whole text
                for piece in placed:
                    piece.append(edit)
            continue
        index = max(bisect_right(starts, start) - 1, 0)
        if start == end and index > 0 and start == starts[index]:
            index = _insertion_side(ref_sentences, index, edit, starts)
        if end <= ends[index] or start == end:
            placed[index].append(edit.shifted(-starts[index]))
            continue
        last = min(bisect_right(starts, end - 1) - 1, len(starts) - 1)
        crossing.append(CrossingEdit(edit, line, index, last))
        if token_keys:
            for number in range(index, last + 1):
                part = edit._replace(start=max(start, starts[number]), end=min(end, ends[number]))
                placed[number].append(part.shifted(-starts[number]))
        else:
            placed[index].append(edit.shifted(-starts[index]))
    pieces = tuple(_with_noops(piece, coders) for piece in placed)
    return CutBlock(pieces, tuple(crossing))


def _insertion_side(ref_sentences: Sequence[Sentence], index: int, edit: Edit,
                    starts: Sequence[int]) -> int:
    """Where an insertion on the boundary before sentence ``index`` belongs: the sentence
    whose reference inserts the same text there, else the end of the earlier one."""
    before = starts[index] - starts[index - 1]
    if not any(e[0] == e[1] == before and e[3] == edit.correction for e in ref_sentences[index - 1].edits) \
            and any(e[0] == e[1] == 0 and e[3] == edit.correction for e in ref_sentences[index].edits):
        return index
    return index - 1


def _with_noops(edits: list[Edit], coders: list[int]) -> tuple[Edit, ...]:
    """A piece's edits grouped by annotator (the block's first-seen order); an annotator
    without an edit in the piece gets one noop, as in a merged M2 block."""
    grouped: list[Edit] = []
    for coder in coders:
        own = [edit for edit in edits if edit.coder == coder]
        grouped.extend(own or (noop_edit(coder),))
    return tuple(grouped)
