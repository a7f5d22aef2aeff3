"""JP mode of ``jp_cherrant_compare``: ChERRANT's blocks as the stages of the runner's loop
(:func:`jp_shims.stages.run_stages`) pair and score them (the tool is jp_cherrant.tool's).

Both files are streamed block by block (ChERRANT's split, :class:`M2Blocks`), and paired
(:func:`pair_blocks`):

1. While the blocks line up as ChERRANT pairs them (the same line 0; a block whose line 0 is
   an edit line has no text to align on and is paired by position), each pair is one exact
   block, read and scored exactly as ChERRANT does: on lined-up files, the original's bytes.
2. From the first pair that does not line up, reference and hypothesis sentences are aligned
   on their S-line texts (:func:`jp_align.iter_align_sentences`; Chinese characters are the
   tokens), and :func:`score_block` cuts every hypothesis block at the reference sentence
   boundaries or joins it with its neighbours (:func:`jp_cherrant.compare_align.cut_block`):
   each reference sentence is scored as ChERRANT scores it.

Sentences that never re-synchronize are scored on their own, as in jp_errant_compare: a
reference sentence uncorrected (its edits missed), a hypothesis sentence against no reference
edit (its edits spurious). The scores are jp_errant_compare's (:class:`jp_errant.jp.Units`):
its fold, its records' figures and edit marks, its statistics of significance.
"""
from __future__ import annotations

import re
from itertools import chain, zip_longest
from typing import IO, Any, Callable, Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple

from jp_align import EXACT, UNALIGNED, iter_align_sentences
from jp_cherrant.compare_align import CrossingEdit, CutBlock, cut_block
from jp_cherrant.compare_args import LEGACY_PROG
from jp_errant.jp import Plan, Units, edit_marker, scored_units
from jp_errant.m2_blocks import FieldCache, count_blocks, iter_blocks, legacy_block_rows, parse_edit_line
from jp_errant.m2_records import M2Error, RawBlock, Sentence
from jp_errant.m2 import parse_blocks, utf8_error
from jp_errant.marks import edit_marks
from jp_errant.score_options import ScoreOptions, SentencePair
from jp_shims.audit import Summary
from jp_shims.inputs import InputFile
from jp_shims.tool import BlockScore, Parsed

TOOL = "jp_cherrant_compare"
# A line holding only whitespace: the first line, or one after a line break (two patterns, not
# one multi-line "^...$": a pattern that begins with a line break is searched for as a
# literal, four times faster on a block of ChERRANT's M2).
_BLANK_FIRST_LINE = re.compile(r"[^\S\n]*(?:\n|\Z)").match
_BLANK_LATER_LINE = re.compile(r"\n[^\S\n]*(?:\n|\Z)").search
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


# --- reading: ChERRANT's blocks, streamed ----------------------------------------------------

class M2Blocks:
    """The units of one input (:meth:`jp_shims.stages.StagedTool.read_units`): its blocks as
    ChERRANT splits them, read as they are asked for. A byte-order mark is not text (ChERRANT
    would read it as part of line 0)."""

    __slots__ = ("file",)

    def __init__(self, file: InputFile) -> None:
        self.file = file

    def __iter__(self) -> Iterator[RawBlock]:
        with self._open() as handle:
            yield from iter_blocks(handle)

    def count(self) -> int:
        """How many blocks ChERRANT reads (the file is read once more, streamed)."""
        with self._open() as handle:
            return count_blocks(handle)

    def fails_utf8(self) -> bool:
        try:
            with self._open() as handle:
                for _ in iter(lambda: handle.read(1 << 18), ""):
                    pass
        except UnicodeDecodeError:
            return True
        return False

    def _open(self) -> IO[str]:
        return self.file.open_text(encoding="utf-8-sig", errors="strict")


# --- pairing: ChERRANT's pairs while in step, then jp_align's blocks --------------------------

class Pairing(NamedTuple):
    """What every block of one run's pairing shares: the inputs' names (errors and records
    cite them), the reference sentences ``--start/--end`` select (None: all), the annotators
    ``--max_answer_num`` keeps (None: all), and the run's cache of ChERRANT's edit fields."""

    gold: str
    system: str
    wanted: Optional[range]
    coders: Optional[frozenset]
    cache: FieldCache


class Paired(NamedTuple):
    """One block of the pairing (what :func:`score_block` scores and the runner records).

    ``left``: the reference sentences it covers, numbered as ChERRANT numbers its blocks (the
    extent of its statistics of significance). ``lined_up``: a pair of ChERRANT's blocks taken
    by position while the files are in step (its units are :class:`RawBlock`); else a block of
    the sentence alignment (its units are :class:`Item`)."""

    kind: str
    reason: str
    left: range
    lined_up: bool
    pairing: Pairing


class Item(NamedTuple):
    """A sentence of the aligned part: the sentence read strictly, where its edits are (the
    block; or, when ``--max_answer_num`` drops edits, the numbers of the A lines kept), and
    its line 0 without its first character (what ``-v`` echoes)."""

    sentence: Sentence
    where: Any  # RawBlock | tuple of line numbers
    head: str


# (A block, its sentences and the usual block's score are made without the NamedTuples'
# Python-level call, as jp_errant.jp makes its usual block's score: one or more a block.)
_new_tuple = tuple.__new__
_SCORE_DEFAULTS = tuple(BlockScore._field_defaults[name] for name in BlockScore._fields[1:])
_EXACT_DEFAULTS = _SCORE_DEFAULTS[:-2] + (EXACT, None)  # (kind, reason: an exact block)


def pair_blocks(gold: M2Blocks, system: M2Blocks, options: Dict[str, Any], selected: Optional[slice],
                coders: Optional[frozenset], fields: FieldCache) -> Iterator[Tuple[Paired, Sequence[Any], Sequence[Any]]]:
    """The blocks of the reference ``gold`` and the hypothesis ``system``, in order
    (:meth:`jp_shims.stages.StagedTool.pair_units`; ``options``: jp_align's sentence options).

    ``selected`` (``--start/--end``) picks reference blocks by position, the hypothesis being
    aligned in full; where the files line up this is ChERRANT's slice of both. A file that
    is not UTF-8 is bad input on the line of its first bad byte (the hypothesis named when
    both are)."""
    new = _new_tuple
    try:
        wanted = None if selected is None else range(gold.count())[selected]
        pairing = Pairing(gold.file.name, system.file.name, wanted, coders, fields)
        refs, hyps = iter(gold), iter(system)
        number = 0
        hyp = ref = None
        for hyp, ref in zip_longest(hyps, refs):
            if hyp is None or ref is None or not in_step(hyp, ref):
                break
            yield new(Paired, (EXACT, "", range(number, number + 1), True, pairing)), (ref,), (hyp,)
            number += 1
        else:
            return
        ref_rest = chain((ref,) if ref is not None else (), refs)
        hyp_rest = chain((hyp,) if hyp is not None else (), hyps)
        aligned = iter_align_sentences(_items(ref_rest, pairing.gold, coders), _items(hyp_rest, pairing.system, coders),
                                       tokens=_tokens, **options)
        for block, ref_items, hyp_items in aligned:
            left = range(number + block.left.start, number + block.left.stop)
            yield new(Paired, (block.kind, block.reason, left, False, pairing)), ref_items, hyp_items
    except UnicodeDecodeError:
        failed = system.file if system.fails_utf8() else gold.file
        raise utf8_error(failed.name, failed.open) from None


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
    first, later = _BLANK_FIRST_LINE, _BLANK_LATER_LINE
    return (first(hyp.text) is None and later(hyp.text) is None
            and first(ref.text) is None and later(ref.text) is None)


def _head(text: str) -> str:
    return text.partition("\n")[0]


def _tokens(item: Item) -> List[str]:
    return item.sentence.source.split()


def _items(blocks: Iterator[RawBlock], path: str, coders: Optional[frozenset]) -> Iterator[Item]:
    """The sentences of the aligned part, read strictly (JP mode's reading of ChERRANT's M2)."""
    for sentence, block in parse_blocks(blocks, path, cherrant=True):
        where: Any = block
        if coders is not None:
            kept = [(edit, line) for edit, line in zip(sentence.edits, edit_lines(block)) if edit.coder in coders]
            sentence = sentence._replace(edits=tuple(edit for edit, _ in kept))
            where = tuple(line for _, line in kept)
        yield _new_tuple(Item, (sentence, where, _head(block.text)[1:]))


def edit_lines(where: Any) -> tuple:
    """The file lines of a sentence's edits (its A lines)."""
    if isinstance(where, tuple) and not isinstance(where, RawBlock):
        return where
    return tuple(number for number, line in enumerate(where.text.split("\n"), where.line) if line[:2] == "A ")


# --- scoring: one scored unit per reference sentence -----------------------------------------

class CutUnits(Units):
    """The units of an aligned block (:class:`jp_errant.jp.Units`: one sentence pair per
    reference sentence, each with its own extent), and the hypothesis edits that crossed a
    reference boundary, each with its file (the scores' ``crossing_edits``, the note)."""

    __slots__ = ("crossing",)

    def __init__(self, recorded: bool, crossing: tuple = ()) -> None:
        super().__init__([], recorded)
        self.crossing = crossing


def score_block(parsed: Parsed, block: Paired, refs: Sequence[Any], hyps: Sequence[Any]) -> BlockScore:
    """:meth:`jp_shims.stages.StagedTool.score_block` of jp_cherrant_compare (``parsed.settings``
    is the run's :class:`jp_errant.jp.Plan`): a lined-up pair as ChERRANT reads it; an aligned
    block one sentence pair per reference sentence, the hypothesis cut to each (an unaligned
    block: each sentence on its own). Pairs ``--start/--end`` leave out are not scored (a
    record marks their edits ``unscored``)."""
    plan: Plan = parsed.settings
    wanted = block.pairing.wanted
    if block.lined_up:
        if wanted is not None and block.left.start not in wanted:
            return BlockScore(Units([]))
        pair = _lined_up_pair(block.pairing, refs[0], hyps[0], plan.options.verbose)
        return (scored_units(plan, Units([pair])) if plan.statistics
                else _new_tuple(BlockScore, (pair, *_SCORE_DEFAULTS)))
    numbers = block.left
    if block.kind != UNALIGNED and len(refs) == len(hyps) == 1:
        ref, hyp = refs[0].sentence, hyps[0].sentence
        if ref.source == hyp.source:  # (most blocks: the same sentence, scored as ChERRANT pairs it)
            if wanted is not None and numbers.start not in wanted:
                return BlockScore(Units([]), kind=EXACT)
            pair = _new_tuple(SentencePair, (hyp.edits, ref.edits, hyps[0].head))
            return (scored_units(plan, Units([pair]), kind=EXACT) if plan.statistics
                    else _new_tuple(BlockScore, (pair, *_EXACT_DEFAULTS)))
    ref_sentences = [item.sentence for item in refs]
    if block.kind == UNALIGNED or not refs or not hyps:
        # Text without a counterpart: reference sentences missed, hypothesis ones spurious.
        units = CutUnits(plan.keep)
        pairs = _Pairs(units, plan.keep and wanted is not None)
        for number, ref in zip(numbers, ref_sentences):
            pairs.add(SentencePair((), ref.edits, " " + ref.source), (number, number + 1),
                      wanted is None or number in wanted, "gold", ref.source.split())
        hyps_wanted = wanted is None or (numbers.start - 1) in wanted or numbers.start in wanted
        for item in hyps:
            pairs.add(SentencePair(item.sentence.edits, (), item.head), (numbers.start, numbers.start), hyps_wanted,
                      "system", item.sentence.source.split())
        return scored_units(plan, units)
    hyp_sentences = [item.sentence for item in hyps]
    cut = cut_block(ref_sentences, hyp_sentences, [edit_lines(item.where) for item in hyps],
                    plan.options.mode == "dt")
    system = block.pairing.system
    units = CutUnits(plan.keep, tuple((system, item) for item in cut.crossing))
    pairs = _Pairs(units, plan.keep and wanted is not None)
    # One sentence each side: ChERRANT pairs them by position and echoes the hypothesis's
    # line 0 (e.g. a full-width '：' against ':' in its own demo files).
    one_to_one = hyps[0].head if len(refs) == len(hyps) == 1 else None
    for number, ref, piece in zip(numbers, ref_sentences, cut.pieces):
        pairs.add(SentencePair(piece, ref.edits, " " + ref.source if one_to_one is None else one_to_one),
                  (number, number + 1), wanted is None or number in wanted, "gold", ref.source.split())
    details = _details(block, ref_sentences, cut) if plan.keep else ()
    return scored_units(plan, units, retokenized=True, details=details)


def _lined_up_pair(pairing: Pairing, ref_block: RawBlock, hyp_block: RawBlock, verbose: bool) -> SentencePair:
    """ChERRANT's reading of a pair of blocks; a line it cannot read is an M2Error."""
    hyp_edits = _block_rows(pairing.system, hyp_block, pairing.cache)
    ref_edits = _block_rows(pairing.gold, ref_block, pairing.cache)
    coders = pairing.coders
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


class _Pairs:
    """Adds an aligned block's sentence pairs to its units, in order: a pair ``--start/--end``
    selects is scored, with its extent, and (``units.recorded``) its edits are marked once the
    fold has scored it (offsets shifted past the earlier sentences of the text they are
    placed on); a pair left out is not scored, its edits are marked ``unscored`` at once, after
    the marks of the pair before it (``follow``: the run selects, so a pair may be left out)."""

    def __init__(self, units: CutUnits, follow: bool) -> None:
        self.units, self.follow = units, follow
        self.extents: List[Tuple[int, int]] = []
        units.extents = self.extents
        self.offsets = {"gold": 0, "system": 0}
        self.tail: List[Any] = units.marks  # where the marks of a pair left out go

    def add(self, pair: SentencePair, extent: Tuple[int, int], wanted: bool, on: str, tokens: List[str]) -> None:
        units = self.units
        offset = self.offsets[on]
        self.offsets[on] = offset + len(tokens)
        if wanted:
            units.pairs.append(pair)
            self.extents.append(extent)
            if units.recorded:
                marker = edit_marker(tokens, on, offset)
                if self.follow:
                    self.tail = []
                    marker = _followed(marker, self.tail)
                units.markers.append(marker)
        elif units.recorded:
            self.tail += _unscored(pair, on, tokens, offset)


def _followed(marker: Callable[[ScoreOptions, tuple], list], tail: list) -> Callable[[ScoreOptions, tuple], list]:
    def marks(options: ScoreOptions, pair: tuple) -> list:
        return marker(options, pair) + tail
    return marks


def _unscored(pair: SentencePair, on: str, tokens: List[str], offset: int) -> list:
    """The marks of a pair left out by ``--start/--end``: its edits, unscored (noops left out)."""
    system = [(edit, "unscored") for edit in pair.hyp_edits if edit[0] >= 0 and edit[2] != "noop"]
    gold = [(edit, "unscored") for edit in pair.ref_edits if edit[0] >= 0 and edit[2] != "noop"]
    return edit_marks(system, "system", on, tokens, offset) + edit_marks(gold, "gold", on, tokens, offset)


def _details(block: Paired, ref_sentences: Sequence[Sentence], cut: CutBlock) -> Tuple[str, ...]:
    """The record's lines of a cut block: the hypothesis edits each reference sentence gets,
    and the edits that cross a reference boundary."""
    first, pairing = block.left.start, block.pairing
    details = []
    for number, piece in enumerate(cut.pieces):
        shown = [f"A {e.start} {e.end}|||{e.type}|||{e.correction}|||{e.coder}" for e in piece
                 if e.start >= 0 or not e.is_noop]
        details.append(f"reference sentence {first + number} ({pairing.gold}:{ref_sentences[number].line}) gets: "
                       + ("; ".join(shown) if shown else "no edit"))
    for item in cut.crossing:
        edit = item.edit
        details.append(f"crossing edit {crossing_place(pairing.system, item)}: A {edit.start} {edit.end}|||"
                       f"{edit.type}|||{edit.correction} spans reference sentences "
                       f"{first + item.first}-{first + item.last}: counted as not matching")
    return tuple(details)


def crossing_edits(scores: Iterable[BlockScore], found: list) -> Iterator[BlockScore]:
    """The blocks' scores as they are folded, the crossing edits of each cut block added to
    ``found`` (:class:`CutUnits`)."""
    for score in scores:
        units = score.statistics
        if type(units) is CutUnits and units.crossing:
            found.extend(units.crossing)
        yield score
