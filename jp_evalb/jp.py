"""JP mode's run of one gold/test pair: feed evalb's scorer (:mod:`jp_evalb.feed`) and write
evalb's report (or gather the figures of ``--json``), the per-unit statistics of
significance, the per-label table and evalb_spmrl's ``./status``.

The stages, top to bottom: :mod:`jp_evalb.sentences` (input), :mod:`jp_evalb.blocks` (block
scoring), :mod:`jp_evalb.feed` (the feeding loop), this module (the run), and
:mod:`jp_evalb.tool` (the command line, on :mod:`jp_shims.runner`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, BinaryIO, Callable, NamedTuple, Optional, Sequence

from jp_shims.audit import AlignmentAudit
from jp_shims.config import AlignConfig
from jp_shims.encodings import FALLBACK, UTF8, as_written, output_encoding, stream_encoding
from jp_shims.errors import InputError
from jp_shims.inputs import InputFile
from jp_shims.kinds import EXACT
from jp_shims.tool import Run

from .args import Options
from .brackets import tag_view
from .feed import Listener, feed
from .report import HEADER, debug_dump, matching_trace, sentence_line, sentence_record, totals_record
from .totals import STATUS_OK, RunTotals, SentenceScore

if TYPE_CHECKING:
    from .sentences import Sentence

# Sentence texts are compared case-folded (evalb compares words as they are, but a system
# that changed the case of a word still covers the same sentence).
ALIGN_CONFIG = AlignConfig(casefold=True)
FLUSH_EVERY = 256  # report pieces joined before one write
WIDTH = 10  # the statistics of one unit (see score_vector)


class PairResult(NamedTuple):
    """What one run on a gold/test pair gives."""

    scores: dict  # the JSON "scores": sentences, summary (and per_label)
    headline: str  # evalb's summary as printed (with --per-label's table)
    units: Optional[list]  # ((first, stop) gold lines, vector) of every unit, when asked
    encodings: tuple[str, str] = (UTF8, UTF8)  # how the gold and test files were read


def score_vector(score: SentenceScore, cutoff: int) -> list[int]:
    """What evalb's summary adds up of one unit: matched, gold and test brackets, words and
    correct tags, for all sentences and for those of gold length up to the cut-off (zeros for
    error and skip lines, which evalb leaves out of those sums)."""
    if score.status != STATUS_OK:
        return [0] * WIDTH
    counts = [score.match, score.gold, score.test, score.words, score.correct_tags]
    return counts + (counts if score.length <= cutoff else [0] * 5)


class _Report(Listener):
    """evalb's report, written through ``run.write`` as it goes when the run wants it, and
    the figures of the JSON document (``records``)."""

    def __init__(self, options: Options, run: Run, message: Callable[[str], object],
                 records: bool, units: Optional[list], encoding: str = UTF8) -> None:
        params = options.params
        self.params, self.write, self.writes, self._message = params, run.write, run.report, message
        # The report's encoding: the inputs', where the report echoes their text (-d, -D, the
        # per-label table), so that it prints the bytes evalb prints.
        self.encoding = encoding
        self.totals = RunTotals(params.cutoff_len)
        self.records: Optional[list] = None
        if records:
            self.records, self.record = [], sentence_record
        self.units = units
        self.parts: list[str] = []
        self.tags = (lambda t: tag_view(t, params)) if params.variant.cut_tags else None
        if self.writes:
            self.parts.append(HEADER)

    def message(self, text: str) -> None:
        self._message(text)

    def unit(self, first, stop, score, ev, block, golds, tests, groups) -> None:
        self.totals.add(score)
        if self.units is not None:
            self.units.append(((first, stop), score_vector(score, self.params.cutoff_len)))
        if self.records is not None:
            self.records.append(self.record(score))
        if not self.writes:
            return
        parts, debug = self.parts, self.params.debug
        if ev is not None and debug > 1:
            parts.append("\n" + "".join(ev.trace))
            if ev.bracket_score is not None:
                parts.append(matching_trace(ev, golds[0].tree.line, tests[0].tree.line))
        parts.append(sentence_line(score))
        if debug >= 1:
            parts.append(debug_dump(ev, self.params.labels_equal, self.tags, self.encoding) if ev is not None
                         else _block_dump(block, golds, tests, groups or []))
        if len(parts) >= FLUSH_EVERY:
            self.flush()

    def trace(self, text: str) -> None:
        if self.writes:
            self.parts.append(text)

    def flush(self) -> None:
        if self.parts and self.writes:
            self.write(as_written("".join(self.parts), self.encoding))
            self.parts = []


def run_pair(options: Options, gold: InputFile, test: InputFile, config: AlignConfig, audit: AlignmentAudit,
             run: Run, message: Callable[[str], object], per_label: bool = False, records: bool = False,
             fallback: str = FALLBACK) -> PairResult:
    """Score ``test`` against ``gold`` in JP mode, each opened with :meth:`InputFile.open`
    (a file, or an input of the Python API held in memory) and named by its ``name``.

    A file that is not valid UTF-8 is read in ``fallback`` (--encoding; UTF-8: it is an
    error); the result says how each was read.

    ``run``: whether evalb's report is written (``run.report``, through ``run.write``) and
    whether the per-unit vectors of significance are gathered (``run.statistics``);
    ``message``: evalb's per-line messages (stderr); ``records``: gather the sentence
    records of the JSON document. Raises :class:`InputError` for bad input."""
    params, flags = options.params, options.flags
    tally = None
    if per_label:
        from .per_label import PerLabel

        tally = PerLabel(params)
    gold_stream = _open(gold, "gold")
    try:
        test_stream = _open(test, "test")
    except InputError:
        gold_stream.close()
        raise
    with gold_stream, test_stream:
        encodings = (_encoding(gold_stream, gold, fallback), _encoding(test_stream, test, fallback))
        report = _Report(options, run, message, records, [] if run.statistics else None, output_encoding(encodings))
        feed(gold_stream, test_stream, (gold.name, test.name), params, flags, config, audit, report, tally, encodings)
    from .spmrl import STATUS_FILE, ending, write_status

    # evalb's summary, or evalb_spmrl's (-V header, -L/-l line, ./status text).
    totals = report.totals
    end = ending(totals, params, flags, gold.name, test.name)
    per_label_table = "" if tally is None else tally.table()
    if run.report:
        report.parts.append(end.text + per_label_table)
        report.flush()
        if end.status is not None:
            try:
                write_status(end.status)
            except OSError as exc:
                raise InputError(STATUS_FILE, None, f"cannot write the status file ({exc.strerror})") from None
    scores: dict = {"sentences": report.records if report.records is not None else [],
                    "summary": {"all": totals_record(totals.all), f"len<={totals.cutoff}": totals_record(totals.short)}}
    if tally is not None:
        scores["per_label"] = tally.record()
    return PairResult(scores, end.text + per_label_table, report.units, encodings)


def _open(file: InputFile, side: str) -> BinaryIO:
    try:
        return file.open()
    except OSError as exc:
        raise InputError(file.name, None, f"cannot open {side} file ({exc.strerror})") from None


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


def _ids(sentences: Sequence[Sentence]) -> str:
    if not sentences:
        return "-"
    first, last = sentences[0].number, sentences[-1].number
    return str(first) if first == last else f"{first}-{last}"


def _block_dump(block, golds, tests, groups: list) -> str:
    kind = block.kind if block is not None else EXACT
    return (f"-<block>--- gold {_ids(golds)} | test {_ids(tests)} | {kind} | "
            f"{len(groups)} word groups\n========\n")
