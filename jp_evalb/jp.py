"""JP mode's stages of one gold/test run (:class:`jp_evalb.tool.EvalbTool` on the runner's
loop, :func:`jp_shims.stages.run_stages`): the run's state, the scoring of one block of the
pairing (:mod:`jp_evalb.pairing`) into evalb's sentence line, the totals and evalb's summary (or
the figures of ``--json``), the per-label table and evalb_spmrl's ``./status``.

The stages, top to bottom: :mod:`jp_evalb.sentences` (input), :mod:`jp_evalb.pairing` (the
pairing), :mod:`jp_evalb.blocks` (block scoring), this module (a block's score, the run's
report), and :mod:`jp_evalb.tool` (the tool).
"""
from __future__ import annotations

from functools import partial
from operator import attrgetter
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, List, Optional, Sequence, Tuple

from jp_shims.config import AlignConfig
from jp_shims.encodings import UTF8, as_written, output_encoding, stream_encoding
from jp_shims.errors import InputError
from jp_shims.inputs import InputFile
from jp_shims.kinds import EXACT, UNALIGNED
from jp_shims.tool import BlockScore, Run

from .args import Options
from .blocks import UNALIGNED_CONSEQUENCE, ids, score_block
from .brackets import LabelTable, reader_keys, tag_view
from .pairing import GiveUp, Unit
from .report import HEADER, debug_dump, matching_trace, sentence_line, sentence_record, totals_record
from .scoring import Evaluation as PairEvaluation
from .totals import STATUS_ERROR, STATUS_OK, RunTotals, SentenceScore
from .trees import ReadOptions

if TYPE_CHECKING:
    from .sentences import Sentence

# Sentence texts are compared case-folded (evalb compares words as they are, but a system
# that changed the case of a word still covers the same sentence).
ALIGN_CONFIG = AlignConfig(casefold=True)
WIDTH = 10  # the statistics of one unit (see score_vector)
FLUSH_EVERY = 256  # report pieces joined before one write
# (BlockScore of the usual pair made by tuple's __new__, without the NamedTuple's Python-level
# call, as jp_evalb.sentences makes its Sentence: one a sentence line)
_new_score = tuple.__new__
_NO_FIGURES = BlockScore._field_defaults["figures"]


def score_vector(score: SentenceScore, cutoff: int) -> List[int]:
    """What evalb's summary adds up of one unit: matched, gold and test brackets, words and
    correct tags, for all sentences and for those of gold length up to the cut-off (zeros for
    error and skip lines, which evalb leaves out of those sums)."""
    if score.status != STATUS_OK:
        return [0] * WIDTH
    counts = [score.match, score.gold, score.test, score.words, score.correct_tags]
    return counts + (counts if score.length <= cutoff else [0] * 5)


class EvalbRun:
    """The state of one run, what every stage reads: evalb's settings, the label table and
    the tree reader built from them, the per-label tally, where evalb's per-line messages go,
    the inputs as opened (their names, encodings and streams) and whether the report began."""

    def __init__(self, options: Options, config: AlignConfig, run: Run, message: Callable[[str], object],
                 per_label: bool, fallback: str) -> None:
        params = self.params = options.params
        self.flags, self.config, self.message, self.fallback = options.flags, config, message, fallback
        self.writes = run.report
        self.table = LabelTable(params)
        self.read_options = ReadOptions.from_params(params, trace=params.debug > 1,
                                                    keys=reader_keys(params, self.table))
        self.skipped_gold = None
        if self.flags.count_skipped:
            from .spmrl import scored_gold_counter

            self.skipped_gold = scored_gold_counter(self.table, self.read_options)
        self.tally = None
        if per_label:
            from .per_label import PerLabel

            self.tally = PerLabel(params)
        self.tags = (lambda t: tag_view(t, params)) if params.variant.cut_tags else None
        self.records = False  # block records kept (the figures only a record shows are made)
        self.alignment_options: dict = {}  # jp_align's sentence options (pair_units sets them)
        self.names: Tuple[str, str] = ("", "")
        self.encodings: Tuple[str, str] = (UTF8, UTF8)
        # The report's encoding: the inputs', where the report echoes their text (-d, -D, the
        # per-label table), so that it prints the bytes evalb prints.
        self.encoding = UTF8
        self.streams: List[BinaryIO] = []
        self.parts: List[str] = [HEADER] if self.writes else []  # report text not written yet
        self.score = partial(score_unit, self)  # a block of the pairing scored (EvalbTool.score_block)

    def open(self, gold: InputFile, test: InputFile) -> Tuple[BinaryIO, BinaryIO]:
        """Open both inputs (each with :meth:`InputFile.open`: a file, or an input of the
        Python API held in memory) and find how each is read; :meth:`close` closes them."""
        for file, side in ((gold, "gold"), (test, "test")):
            try:
                self.streams.append(file.open())
            except OSError as exc:
                raise InputError(file.name, None, f"cannot open {side} file ({exc.strerror})") from None
        self.names = (gold.name, test.name)
        self.encodings = (_encoding(self.streams[0], gold, self.fallback),
                          _encoding(self.streams[1], test, self.fallback))
        self.encoding = output_encoding(self.encodings)
        return self.streams[0], self.streams[1]

    def close(self) -> None:
        for stream in self.streams:
            stream.close()

    @property
    def normalizer(self) -> Any:
        return self.alignment_options["normalizer"]

    def text(self, parts: List[str]) -> str:
        """The report text to write after a block's ``parts``: evalb's lines are joined and
        written :data:`FLUSH_EVERY` pieces at a time (one write a line would cost a third of
        a run on lined-up input); :meth:`rest` gives what is left at the end."""
        pending = self.parts
        pending += parts
        if len(pending) < FLUSH_EVERY:
            return ""
        return self.rest()

    def rest(self) -> str:
        text = as_written("".join(self.parts), self.encoding)
        self.parts = []
        return text

def score_unit(state: EvalbRun, unit: Unit, golds: Sequence[Sentence], tests: Sequence[Sentence]) -> BlockScore:
    """One block of the pairing scored as one evalb sentence: its sentence line (and -d/-D
    views), its record's figures, the per-label tally, evalb's per-line message."""
    found = unit.found
    if type(found) is SentenceScore:  # the usual pair, scored already (the run's most frequent block)
        text = ""
        if state.writes:
            parts = state.parts
            parts.append(sentence_line(found))
            if len(parts) >= FLUSH_EVERY:
                text = state.rest()
        return _new_score(BlockScore, (found, _NO_FIGURES, None, False, (), (), (), text, None, None))
    if isinstance(found, GiveUp):
        return _give_up(state, unit, found)
    debug, parts = state.params.debug, []
    if debug > 1:
        parts.append("".join("".join(s.tree.trace) for s in (*golds, *tests)))
    if isinstance(found, PairEvaluation):  # evalb's own evaluation of a pair it accepts
        score = found.score
        if state.tally is not None:
            state.tally.add_evaluation(found)
        if debug > 1:
            parts.append("\n" + "".join(found.trace))
            if found.bracket_score is not None:
                parts.append(matching_trace(found, golds[0].tree.line, tests[0].tree.line))
        parts.append(sentence_line(score))
        if debug >= 1:
            parts.append(debug_dump(found, state.params.labels_equal, state.tags, state.encoding))
        return BlockScore(score, kind=EXACT, text=state.text(parts) if state.writes else "")
    block = unit.block
    assert block is not None  # (a block to score comes from the aligner)
    result = score_block(block, list(golds), list(tests), unit.first, state.params, state.table, state.normalizer,
                         state.read_options, state.flags.count_skipped, state.tally)
    if result.note:
        state.message(f"{unit.first} : {result.note}")
    score = result.score
    if state.writes:
        if debug > 1:
            parts.append("\n")
        parts.append(sentence_line(score))
        if debug >= 1:
            parts.append(_block_dump(unit.kind, golds, tests, result.groups))
    odd = [g for g in result.groups if not (g.is_one_to_one and g.kind == EXACT)]
    kind = None if block.aligned else UNALIGNED
    if not state.records:
        return BlockScore(score, retokenized=bool(odd), kind=kind, text=state.text(parts) if state.writes else "")
    gold_words = [w for s in golds for w in s.tree.words]
    test_words = [w for s in tests for w in s.tree.words]
    from jp_shims.records import WordGroup

    groups = tuple(WordGroup(tuple(gold_words[i] for i in g.left), tuple(test_words[j] for j in g.right), g.kind)
                   for g in odd)
    # Brackets missed plus brackets wrongly proposed; a block left unscored (status 1)
    # loses its whole length.
    loss = (score.gold + score.test - 2 * score.match if score.status == STATUS_OK
            else float(score.length) if score.status == STATUS_ERROR else 0.0)
    reason = unit.reason
    if result.note:
        reason = (reason + "; " if reason and reason not in result.note else "") + result.note.strip()
    return BlockScore(score, _figures(score), loss, bool(odd), groups, kind=kind, reason=reason,
                      text=state.text(parts) if state.writes else "")


def _give_up(state: EvalbRun, unit: Unit, found: GiveUp) -> BlockScore:
    """The rest of both files, read without aligning: gold brackets missed, test brackets
    spurious."""
    reason = f"{unit.reason}; the rest of the files is not aligned"
    state.message(f"{unit.first} : Unaligned block (gold {_span_ids(found.gold_span)} | test "
                  f"{_span_ids(found.test_span)}): {reason}; {UNALIGNED_CONSEQUENCE}\n")
    score = SentenceScore(unit.first, found.length, STATUS_OK, 0, found.gold_brackets, found.test_brackets, 0,
                          found.gold_words, 0)
    parts = [sentence_line(score)]
    if state.params.debug >= 1:
        parts.append(_block_dump(unit.kind, (), (), []))
    return BlockScore(score, _figures(score), float(found.gold_brackets + found.test_brackets), kind=UNALIGNED,
                      reason=reason, text=state.text(parts) if state.writes else "")


def combine(state: EvalbRun, scores: Any, run: Run) -> Tuple[RunTotals, Optional[list]]:
    """evalb's totals of the blocks' sentence lines, and the sentence records of the JSON
    document (gathered unless the report streams to stdout: memory stays flat)."""
    totals = RunTotals(state.params.cutoff_len)
    if run.streaming:
        totals.add_all(map(attrgetter("statistics"), scores))
        return totals, None
    add = totals.add
    records = []
    for score in scores:
        add(score.statistics)
        records.append(sentence_record(score.statistics))
    return totals, records


def report(state: EvalbRun, totals: RunTotals, records: Optional[list], run: Run) -> Tuple[dict, str]:
    """The JSON scores and evalb's summary as printed (evalb's or evalb_spmrl's: -V header,
    -L/-l line; with --per-label's table); writes the sentence lines not written yet and
    ./status."""
    from .spmrl import STATUS_FILE, ending, write_status

    end = ending(totals, state.params, state.flags, *state.names)
    per_label_table = "" if state.tally is None else state.tally.table()
    if run.report:
        if state.parts:
            run.write(state.rest())  # (the runner writes the summary next)
        if end.status is not None:
            try:
                write_status(end.status)
            except OSError as exc:
                raise InputError(STATUS_FILE, None, f"cannot write the status file ({exc.strerror})") from None
    scores: dict = {"sentences": records or [],
                    "summary": {"all": totals_record(totals.all), f"len<={totals.cutoff}": totals_record(totals.short)}}
    if state.tally is not None:
        scores["per_label"] = state.tally.record()
    return scores, end.text + per_label_table


def _encoding(stream: BinaryIO, file: InputFile, fallback: str) -> str:
    """How ``stream`` (``file``, just opened) is read; the stream is left where its text starts
    (past a byte order mark)."""
    try:
        start = stream.tell()
        encoding = stream_encoding(stream, fallback)
        stream.seek(start)
    except OSError as exc:
        raise InputError(file.name, None, f"cannot read ({exc.strerror})") from None
    return encoding


def _figures(score: SentenceScore) -> dict:
    return {"status": score.status, "matched": score.match, "gold": score.gold, "test": score.test,
            "crossing": score.crossing, "words": score.words, "correct_tags": score.correct_tags}


def _span_ids(span: Tuple[int, int]) -> str:
    first, last = span
    return "-" if not first else str(first) if first == last else f"{first}-{last}"


def _block_dump(kind: str, golds: Sequence[Sentence], tests: Sequence[Sentence], groups: list) -> str:
    return (f"-<block>--- gold {ids(golds)} | test {ids(tests)} | {kind} | "
            f"{len(groups)} word groups\n========\n")
