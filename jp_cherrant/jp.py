"""JP mode of ``jp_cherrant_compare``: the scoring units (the run is jp_cherrant.tool's, on
the shared runner).

Both files are streamed block by block (ChERRANT's split):

1. While the blocks line up as ChERRANT pairs them (the same line 0; a block whose line 0 is
   an edit line has no text to align on and is paired by position), each pair is read and
   scored exactly as ChERRANT does: on lined-up files, the original's bytes.
2. From the first pair that does not line up, reference and hypothesis sentences are aligned
   on their S-line texts (:func:`jp_align.iter_align_sentences`; Chinese characters are the
   tokens), every hypothesis block is cut at the reference sentence boundaries or joined with
   its neighbours (:func:`jp_cherrant.compare_align.cut_block`), and each reference sentence
   is scored as ChERRANT scores it.

Sentences that never re-synchronize are scored on their own, as in jp_errant_compare: a
reference sentence uncorrected (its edits missed), a hypothesis sentence against no reference
edit (its edits spurious).
"""
from __future__ import annotations

import re
from dataclasses import replace
from itertools import chain, zip_longest
from typing import IO, Iterator

from jp_align import EXACT, UNALIGNED, iter_align_sentences
from jp_cherrant.compare_align import CrossingEdit, cut_block
from jp_cherrant.compare_args import LEGACY_PROG
from jp_errant.jp import ALIGNMENT
from jp_errant.m2_blocks import FieldCache, count_blocks, iter_blocks, legacy_block_rows, parse_edit_line
from jp_errant.m2_records import M2Error, RawBlock, Sentence
from jp_errant.m2 import parse_blocks, utf8_error
from jp_errant.marks import edit_marks, scored_edits
from jp_errant.score_options import CorpusResult, ScoreOptions, SentencePair
from jp_shims.audit import AlignmentAudit, Summary, block_kind
from jp_shims.config import AlignConfig
from jp_shims.inputs import InputFile

TOOL = "jp_cherrant_compare"
_BLANK_LINE = re.compile(r"^[^\S\n]*$", re.MULTILINE)
LABELS = ("reference", "hypothesis")
# Crossing edits named in the stderr note (all of them in --show-alignment).
NOTE_PLACES = 5


def crossing_place(path: str, item: CrossingEdit) -> str:
    """``FILE:LINE`` of a crossing edit's A line (its text when the line is unknown)."""
    edit = item.edit
    return f"{path}:{item.line}" if item.line else f"{path}: A {edit.start} {edit.end}|||{edit.type}"


def note_what(summary: Summary, crossing: list) -> str:
    """What JP mode did that ChERRANT does not, for the stderr note."""
    parts = [f"{summary.changed} of {summary.blocks} blocks were aligned beyond one sentence each "
             f"side or with differing texts; the hypothesis was cut at the reference sentence "
             f"boundaries and each reference sentence scored as {LEGACY_PROG} scores it"]
    if crossing:
        places = ", ".join(crossing_place(path, item) for path, item in crossing[:NOTE_PLACES])
        more = f" and {len(crossing) - NOTE_PLACES} more" if len(crossing) > NOTE_PLACES else ""
        parts.append(f"{len(crossing)} hypothesis edits cross a reference sentence boundary and "
                     f"cannot be cut: they count as not matching ({places}{more})")
    return "; ".join(parts)


def scoring_units(hyp: InputFile, ref: InputFile, options: ScoreOptions, coders: frozenset | None,
                  selected: slice | None, audit: AlignmentAudit,
                  crossing: list, config: AlignConfig = ALIGNMENT,
                  totals: CorpusResult | None = None, extents: list | None = None) -> Iterator[SentencePair]:
    """The sentences to score of the hypothesis M2 ``hyp`` against the reference M2 ``ref``
    (files, or lines held in memory), streamed: ChERRANT's own pairs while the files line up, and
    from the first pair that does not, one unit per reference sentence with the hypothesis
    cut to it (``crossing`` collects the edits that crossed a boundary, with their file).

    ``selected`` (``--start/--end``) picks reference blocks by position, the hypothesis being
    aligned in full; where the files line up this is ChERRANT's slice of both. ``totals``: the
    scorer's running totals; with them a recorded block carries its edits with what the
    scorer made of each (:mod:`jp_errant.marks`). ``extents`` receives, per unit yielded,
    the reference sentences ``(first, stop)`` it covers (the units of significance).
    """
    wanted = None
    if selected is not None:
        with _open(ref) as handle:
            wanted = range(count_blocks(handle))[selected]
    with _open(hyp) as hyp_file, _open(ref) as ref_file:
        try:
            yield from _units(hyp.name, ref.name, iter_blocks(hyp_file), iter_blocks(ref_file),
                              options, coders, wanted, audit, crossing, config, totals, extents)
        except UnicodeDecodeError:
            failed = hyp if _fails_utf8(hyp) else ref
            raise utf8_error(failed.name, failed.open) from None


def _open(file: InputFile) -> IO[str]:
    # A byte-order mark is not text (ChERRANT would read it as part of line 0).
    return file.open_text(encoding="utf-8-sig", errors="strict")


def _fails_utf8(file: InputFile) -> bool:
    try:
        with _open(file) as handle:
            for _ in iter(lambda: handle.read(1 << 18), ""):
                pass
    except UnicodeDecodeError:
        return True
    return False


def _units(hyp_path: str, ref_path: str, hyp_blocks: Iterator[RawBlock], ref_blocks: Iterator[RawBlock],
           options: ScoreOptions, coders: frozenset | None, wanted: range | None,
           audit: AlignmentAudit, crossing: list, config: AlignConfig,
           totals: CorpusResult | None = None, extents: list | None = None) -> Iterator[SentencePair]:
    cache = FieldCache()
    verbose = options.verbose
    number = 0
    hyp_block = ref_block = None
    for hyp_block, ref_block in zip_longest(hyp_blocks, ref_blocks):
        if hyp_block is None or ref_block is None or not in_step(hyp_block, ref_block):
            break
        audit.count(EXACT, 1, 1)
        if wanted is None or number in wanted:
            if extents is not None:
                extents.append((number, number + 1))
            yield _lined_up_pair(hyp_path, ref_path, hyp_block, ref_block, cache, coders, verbose)
        number += 1
    else:
        return
    hyp_rest = chain((hyp_block,) if hyp_block is not None else (), hyp_blocks)
    ref_rest = chain((ref_block,) if ref_block is not None else (), ref_blocks)
    yield from aligned_units(hyp_path, ref_path, hyp_rest, ref_rest, number, options, coders, wanted,
                             audit, crossing, config, totals, extents)


def in_step(hyp: RawBlock, ref: RawBlock) -> bool:
    """Whether two blocks line up as ChERRANT pairs them: the same line 0, or a line 0 that
    is an edit line (ChERRANT reads it as one; without its S line the block has no text to
    align on, so it is paired by position)."""
    hyp_head, ref_head = _head(hyp.text), _head(ref.text)
    if hyp_head != ref_head and hyp_head[:2] != "A " and ref_head[:2] != "A ":
        return False
    if hyp.text == ref.text == "":
        return True  # an empty block on both sides (four newlines): noop against noop
    # A line holding only whitespace separates blocks in JP mode (ChERRANT fuses them).
    return _BLANK_LINE.search(hyp.text) is None and _BLANK_LINE.search(ref.text) is None


def _head(text: str) -> str:
    return text.split("\n", 1)[0]


def _lined_up_pair(hyp_path: str, ref_path: str, hyp_block: RawBlock, ref_block: RawBlock,
                   cache: FieldCache, coders: frozenset | None, verbose: bool) -> SentencePair:
    """ChERRANT's reading of a pair of blocks; a line it cannot read is an M2Error."""
    hyp_edits = _block_rows(hyp_path, hyp_block, cache)
    ref_edits = _block_rows(ref_path, ref_block, cache)
    if coders is not None:
        hyp_edits = [edit for edit in hyp_edits if edit[4] in coders]
        ref_edits = [edit for edit in ref_edits if edit[4] in coders]
    return SentencePair(hyp_edits, ref_edits, _head(hyp_block.text)[1:] if verbose else "")


def _block_rows(path: str, block: RawBlock, cache: FieldCache) -> list:
    """ChERRANT's reading of a block; a line it fails on is an M2Error naming the line. (An
    empty error type is read, as ChERRANT reads it; only ``-cat 1`` fails on it.)"""
    try:
        return legacy_block_rows(block.text, cache, cherrant=True)
    except (ValueError, IndexError):
        pass
    for number, line in enumerate(block.text.split("\n"), block.line):
        if line[:2] == "A ":
            try:
                parse_edit_line(line)
            except (ValueError, IndexError) as error:
                raise M2Error(path, number, f"malformed A line ({type(error).__name__}: {error}): "
                                            f"{line[:60]!r}") from None
    raise AssertionError("unreachable: a block that failed has a failing A line")


def _strict_sentences(blocks: Iterator[RawBlock], path: str, coders: frozenset | None
                      ) -> Iterator[tuple[Sentence, RawBlock | tuple, str]]:
    """(sentence, where its edits are, line 0 without its first character). Where: the
    block (A-line numbers are found only for a block that is cut), or, when ``--max_answer_num``
    drops edits, the numbers of the A lines kept."""
    for sentence, block in parse_blocks(blocks, path, cherrant=True):
        where: RawBlock | tuple = block
        if coders is not None:
            kept = [(edit, line) for edit, line in zip(sentence.edits, edit_lines(block)) if edit.coder in coders]
            sentence = sentence._replace(edits=tuple(edit for edit, _ in kept))
            where = tuple(line for _, line in kept)
        yield sentence, where, _head(block.text)[1:]


def edit_lines(where: RawBlock | tuple) -> tuple:
    """The file lines of a sentence's edits (its A lines)."""
    if isinstance(where, tuple) and not isinstance(where, RawBlock):
        return where
    return tuple(number for number, line in enumerate(where.text.split("\n"), where.line) if line[:2] == "A ")


def aligned_units(hyp_path: str, ref_path: str, hyp_blocks: Iterator[RawBlock],
                  ref_blocks: Iterator[RawBlock], first_number: int, options: ScoreOptions,
                  coders: frozenset | None, wanted: range | None, audit: AlignmentAudit,
                  crossing: list, config: AlignConfig = ALIGNMENT,
                  totals: CorpusResult | None = None, extents: list | None = None) -> Iterator[SentencePair]:
    """One scoring unit per reference sentence (numbered from ``first_number``; those in
    ``wanted`` only), the hypothesis aligned on the S-line texts and cut to each. A block is
    recorded (``audit.keep``) once its units are scored, with its edits marked when
    ``totals`` (the scorer's running totals) are given. ``extents`` receives, per unit
    yielded, the reference sentences it covers ``(first, stop)`` (significance tests)."""
    def covers(first: int, stop: int, wanted_here: bool) -> None:
        if extents is not None and wanted_here:
            extents.append((first, stop))

    refs = _strict_sentences(ref_blocks, ref_path, coders)
    hyps = _strict_sentences(hyp_blocks, hyp_path, coders)
    blocks = iter_align_sentences(refs, hyps, tokens=lambda item: item[0].source.split(),
                                  **config.sentence_options())
    token_keys = options.mode == "dt"
    for block, ref_items, hyp_items in blocks:
        ref_sentences = [item[0] for item in ref_items]
        hyp_sentences = [item[0] for item in hyp_items]
        numbers = range(first_number + block.left.start, first_number + block.left.stop)
        if block.kind == UNALIGNED or not ref_items or not hyp_items:
            # Text without a counterpart: reference sentences missed, hypothesis ones spurious.
            where = (audit.gold_lines(ref_sentences[0].line, ref_sentences[-1].line) if ref_sentences else None,
                     audit.system_lines(hyp_sentences[0].line, hyp_sentences[-1].line) if hyp_sentences else None)
            if not audit.keep:
                audit.count(UNALIGNED, len(ref_items), len(hyp_items), where=where)
            marks = _Marks(options, totals if audit.keep else None)
            for number, ref in zip(numbers, ref_sentences):
                pair = SentencePair((), ref.edits, " " + ref.source)
                covers(number, number + 1, wanted is None or number in wanted)
                yield from marks.scored(pair, "gold", ref.source.split(), wanted is None or number in wanted)
            hyps_wanted = wanted is None or (numbers.start - 1) in wanted or numbers.start in wanted
            for hyp, _, head in hyp_items:
                covers(numbers.start, numbers.start, hyps_wanted)
                yield from marks.scored(SentencePair(hyp.edits, (), head), "system", hyp.source.split(), hyps_wanted)
            if audit.keep:
                from jp_shims.records import BlockRecord

                audit.add(BlockRecord(UNALIGNED, *where, " | ".join(s.source for s in ref_sentences),
                                      " | ".join(s.source for s in hyp_sentences), reason=block.reason,
                                      match=block.kind, edits=tuple(marks.marks), figures=dict(marks.figures),
                                      loss=marks.loss), len(ref_items), len(hyp_items))
            continue
        if len(ref_items) == len(hyp_items) == 1 and ref_sentences[0].source == hyp_sentences[0].source:
            audit.count(EXACT, 1, 1)
            if wanted is None or numbers.start in wanted:
                covers(numbers.start, numbers.stop, True)
                yield SentencePair(hyp_sentences[0].edits, ref_sentences[0].edits, hyp_items[0][2])
            continue
        cut = cut_block(ref_sentences, hyp_sentences, [edit_lines(item[1]) for item in hyp_items], token_keys)
        crossing.extend((hyp_path, item) for item in cut.crossing)
        kind = block_kind(block.kind, len(ref_items), len(hyp_items), True)
        if not audit.keep:
            audit.count(kind, len(ref_items), len(hyp_items))
        marks = _Marks(options, totals if audit.keep else None)
        # One sentence each side: ChERRANT pairs them by position and echoes the hypothesis's
        # line 0 (e.g. a full-width '：' against ':' in its own demo files).
        one_to_one = hyp_items[0][2] if len(ref_items) == len(hyp_items) == 1 else None
        for number, ref, piece in zip(numbers, ref_sentences, cut.pieces):
            pair = SentencePair(piece, ref.edits, one_to_one if one_to_one is not None else " " + ref.source)
            covers(number, number + 1, wanted is None or number in wanted)
            yield from marks.scored(pair, "gold", ref.source.split(), wanted is None or number in wanted)
        if audit.keep:
            record = _record(kind, block, numbers.start, audit, ref_sentences, hyp_sentences, cut, hyp_path)
            audit.add(replace(record, edits=tuple(marks.marks), figures=dict(marks.figures), loss=marks.loss),
                      len(ref_items), len(hyp_items))


def _record(kind: str, block, first: int, audit: AlignmentAudit, ref_sentences, hyp_sentences, cut,
            hyp_path: str):
    from jp_shims.records import BlockRecord

    details = []
    for number, piece in enumerate(cut.pieces):
        shown = [f"A {e.start} {e.end}|||{e.type}|||{e.correction}|||{e.coder}" for e in piece
                 if e.start >= 0 or not e.is_noop]
        details.append(f"reference sentence {first + number} "
                       f"({audit.gold_file}:{ref_sentences[number].line}) gets: "
                       + ("; ".join(shown) if shown else "no edit"))
    for item in cut.crossing:
        edit = item.edit
        details.append(f"crossing edit {crossing_place(hyp_path, item)}: A {edit.start} {edit.end}|||"
                       f"{edit.type}|||{edit.correction} spans reference sentences "
                       f"{first + item.first}-{first + item.last}: counted as not matching")
    return BlockRecord(
        kind, audit.gold_lines(ref_sentences[0].line, ref_sentences[-1].line),
        audit.system_lines(hyp_sentences[0].line, hyp_sentences[-1].line),
        " | ".join(s.source for s in ref_sentences), " | ".join(s.source for s in hyp_sentences),
        reason=block.reason, match=block.kind, details=tuple(details))



class _Marks:
    """The edits of one block's units, each with what the scorer made of it, placed on the
    block's texts (offsets shifted past the earlier sentences of the side they are on), and
    the block's own TP/FP/FN as scored (``figures``; its ``loss`` is FP + FN, as
    jp_errant_compare's blocks)."""

    def __init__(self, options: ScoreOptions, totals: CorpusResult | None) -> None:
        self.options = options
        self.totals = totals
        self.marks: list = []
        self.offsets = {"gold": 0, "system": 0}
        self.figures = {"tp": 0, "fp": 0, "fn": 0}

    @property
    def loss(self) -> int:
        return self.figures["fp"] + self.figures["fn"]

    def scored(self, pair: SentencePair, on: str, tokens: list, wanted: bool) -> Iterator[SentencePair]:
        """Yield ``pair`` when it is ``wanted`` (scored), then mark its edits: ``on`` is the
        text its offsets index (a reference sentence, or a hypothesis sentence without one)."""
        totals = self.totals
        before = (totals.tp, totals.fp, totals.fn) if totals is not None else (0, 0, 0)
        if wanted:
            yield pair
        if totals is None:
            return
        if wanted:
            # (The scorer has counted the pair when the generator is resumed.)
            for name, start, now in zip(("tp", "fp", "fn"), before, (totals.tp, totals.fp, totals.fn)):
                self.figures[name] += now - start
            system, gold = scored_edits(pair, self.options, before)
        else:  # left out by --start/--end
            system = [(edit, "unscored") for edit in pair.hyp_edits if edit[0] >= 0 and edit[2] != "noop"]
            gold = [(edit, "unscored") for edit in pair.ref_edits if edit[0] >= 0 and edit[2] != "noop"]
        offset = self.offsets[on]
        self.marks += edit_marks(system, "system", on, tokens, offset) + edit_marks(gold, "gold", on, tokens, offset)
        self.offsets[on] = offset + len(tokens)
