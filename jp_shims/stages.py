"""The run of a tool that gives its stages: align, score, record, combine -- once, here.

:func:`run_stages` is :meth:`jp_shims.tool.Tool.evaluate` of every tool that does not stream
whole documents: it gives the tool the run's settings (:meth:`~jp_shims.tool.Tool.prepare_run`),
reads both files into units (:meth:`~jp_shims.tool.Tool.read_inputs`, by default
:meth:`~jp_shims.tool.Tool.read_units` of each),
aligns them by the space-free text of their tokens (jp_align, with the run's
:class:`~jp_shims.config.AlignConfig`; :meth:`StagedTool.pair_units`: a tool may pair them
itself first), scores each block (:meth:`~jp_shims.tool.Tool.score_block`),
counts it in the audit and records it when JP mode changed it, keeps its statistics of
significance when asked, writes its report lines, folds the scores in order
(:meth:`~jp_shims.tool.Tool.combine`; a block is recorded once combine has folded it,
after :meth:`~jp_shims.tool.Tool.settle`), asks the tool for its report
(:meth:`~jp_shims.tool.Tool.report`) and writes it after the blocks' text. Blocks stream
through: memory holds one aligned window.
"""
from __future__ import annotations

from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from .audit import AlignmentAudit, block_kind
from .config import AlignConfig
from .inputs import InputFile
from .kinds import EXACT, UNALIGNED
from .tool import AdditiveStatistics, BlockScore, Evaluation, Parsed, Run, Statistics, Tool

__all__ = ["StagedTool", "Streamed", "run_stages"]


class Streamed:
    """One side of a block whose units were read to the end and not held (evalb's block
    that gives up aligning: the rest of both files): how many units, their first and last
    line (None: no unit). Recorded without text."""

    __slots__ = ("count", "lines")

    def __init__(self, count: int, lines: Optional[Tuple[int, int]]) -> None:
        self.count, self.lines = count, lines

    def __len__(self) -> int:
        return self.count


class StagedTool(Tool):
    """A tool whose run is the runner's loop (:func:`run_stages`): it gives the stages --
    read a file into units, the tokens of a unit, score one aligned block, combine the
    blocks' scores in order, the original's report from the totals -- and the runner aligns,
    scores, records and combines, the same way for every such tool."""

    def prepare_run(self, parsed: Parsed, config: AlignConfig, normalizer: Any, records: bool) -> Parsed:
        """The settings the stages of one run are given (default: ``parsed`` as it is). A tool
        builds here, once a run, what every block needs -- a table, a normalizer -- and puts
        it into ``settings`` (``parsed._replace(settings=...)``); the JSON options and the
        signature still read the settings :meth:`configure` made. ``normalizer``: the
        sentence alignment's (``config``'s table; it memoizes tokens: a tool that compares
        texts inside a block with the same table shares it). ``records``: whether the blocks
        JP mode changed are recorded (``--show-alignment``, ``--report``, the API's blocks);
        when not, :meth:`score_block` may leave out what only a record shows (figures,
        groups, details, edits)."""
        return parsed

    def read_units(self, parsed: Parsed, file: InputFile) -> Iterable[Any]:
        """The file's units (sentences, trees, M2 entries), in order, as an iterator (the
        runner holds one aligned window of them at a time). Bad input raises
        :class:`InputError` naming ``file.name`` and the line. Open the file with
        ``file.open()`` or ``file.open_text()``, never by ``file.path`` (an input of the
        Python API may be held in memory)."""
        raise NotImplementedError

    def read_inputs(self, parsed: Parsed, gold: InputFile, system: InputFile) -> Tuple[Iterable[Any], Iterable[Any]]:
        """The units of the gold and of the system input (default: :meth:`read_units` of
        each). A tool whose options read the two sides differently (jp_preprocess_eval's
        ``--gold-format`` / ``--system-format``) overrides this."""
        return self.read_units(parsed, gold), self.read_units(parsed, system)

    def pair_units(self, parsed: Parsed, gold: Iterable[Any], system: Iterable[Any],
                   options: Dict[str, Any]) -> Iterable[Tuple[Any, Sequence[Any], Sequence[Any]]]:
        """The blocks of the units, in order, each ``(block, gold units, system units)``
        (default: jp_align's sentence alignment, ``options`` its settings). A tool that pairs
        units itself and aligns only where its own pairing fails (evalb takes a pair of lines
        evalb accepts where it stands) overrides this: its blocks give ``kind``, ``reason``
        and ``left`` (the range of gold positions the statistics of significance name), and a
        side whose units were read to the end and let go is a :class:`Streamed`."""
        from jp_align import iter_align_sentences  # (imported by a run that aligns: not every run does)

        return iter_align_sentences(gold, system, tokens=self.tokens, **options)

    def tokens(self, unit: Any) -> Sequence[str]:
        """The tokens of a unit, whose space-free text the sentence alignment compares."""
        raise NotImplementedError

    def unit_lines(self, unit: Any) -> Tuple[int, int]:
        """The first and last line of a unit in its file (for the block records)."""
        raise NotImplementedError

    def score_block(self, parsed: Parsed, block: Any, gold: Sequence[Any], system: Sequence[Any],
                    config: AlignConfig) -> BlockScore:
        """Score one aligned block (a :class:`jp_align.Block` and its units; an unaligned
        block's gold units are missed and its system units spurious)."""
        raise NotImplementedError

    def combine(self, parsed: Parsed, scores: Iterable[BlockScore], run: Run) -> Any:
        """Fold the blocks' scores, in order, into the totals :meth:`report` reads (default:
        the sum of the statistics vectors). A tool that prints while it combines (errant's
        ``-v``) writes through ``run.write``."""
        from operator import add

        totals: Optional[List[float]] = None
        for score in scores:
            # (map(add): the fastest sum of two short vectors; this runs once per block)
            totals = list(score.statistics) if totals is None else list(map(add, totals, score.statistics))
        return totals

    def settle(self, parsed: Parsed, score: BlockScore) -> BlockScore:
        """The block's score as recorded, once :meth:`combine` has folded it (default: as
        :meth:`score_block` made it). A tool whose block figures depend on the blocks
        before it (errant chooses an annotator with the running totals) completes them
        here from what its ``combine`` noted in the score's statistics."""
        return score

    def report(self, parsed: Parsed, totals: Any, run: Run) -> Evaluation:
        """The scores and the original's report from the totals: the runner writes the
        :class:`Evaluation`'s ``headline`` through ``run.write`` after the blocks' text (when
        ``run.report``) and sets its statistics. Make the headline in every run (the HTML
        report shows it, JSON runs included)."""
        raise NotImplementedError

    def written(self, parsed: Parsed, headline: str) -> str:
        """The headline as the runner writes it (default: as it is). A tool whose report
        echoes input read in another encoding (evalb's per-label table of a Latin-1 file)
        gives it here as :func:`jp_shims.encodings.as_written` makes it; the headline of the
        :class:`Evaluation` (the HTML report's) stays text."""
        return headline

    def block_statistics(self, parsed: Parsed, blocks: Sequence[Tuple[Tuple[int, int], Any]]) -> Statistics:
        """The statistics of significance from each block's ``(gold extent, statistics)``
        (default: count vectors that add up)."""
        width = len(blocks[0][1]) if blocks else 0
        return AdditiveStatistics(blocks, width)

    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        """The runner's loop over the stages above (:func:`run_stages`)."""
        return run_stages(self, parsed, gold, system, config, audit, run)


def run_stages(tool: StagedTool, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
               audit: AlignmentAudit, run: Run) -> Evaluation:
    """Read, align, score, record and combine one gold/system pair through ``tool``'s stages."""
    options = config.sentence_options()
    parsed = tool.prepare_run(parsed, config, options["normalizer"], audit.keep)
    kept: Optional[List[Tuple[Tuple[int, int], Any]]] = [] if run.statistics else None
    blocks = tool.pair_units(parsed, *tool.read_inputs(parsed, gold, system), options)

    def scored() -> Iterator[BlockScore]:
        exact = 0  # exact blocks (one sentence each side, the same tokens), counted at the end
        score_block, report = tool.score_block, run.report  # (looked up once: called per block)
        try:
            for block, gold_units, system_units in blocks:
                score = score_block(parsed, block, gold_units, system_units, config)
                if kept is not None:
                    kept.append(((block.left.start, block.left.stop), score.statistics))
                if score.text and report:
                    run.write(score.text)
                yield score
                # (Resumed: combine has folded the block. Its record is made now, with what
                # only the fold knows -- Tool.settle: errant's figures depend on the blocks before.)
                if (block.kind == EXACT and len(gold_units) == len(system_units) == 1 and not score.retokenized
                        and score.kind in (None, EXACT)):
                    exact += 1
                else:
                    _record(tool, audit, block, gold_units, system_units, tool.settle(parsed, score))
        finally:
            audit.count(EXACT, exact, exact, blocks=exact)

    totals = tool.combine(parsed, scored(), run)
    evaluation = tool.report(parsed, totals, run)
    if run.report:
        run.write(tool.written(parsed, evaluation.headline))
    if kept is not None:
        evaluation = evaluation._replace(statistics=tool.block_statistics(parsed, kept))
    return evaluation


def _record(tool: StagedTool, audit: AlignmentAudit, block: Any, gold: Sequence[Any], system: Sequence[Any],
            score: BlockScore) -> None:
    """Count the block, and keep its record when the audit keeps records and JP mode changed
    it (an exact block is counted only: memory stays flat on lined-up input)."""
    kind = score.kind or block_kind(block.kind, len(gold), len(system), score.retokenized)
    if kind == EXACT or not audit.keep:
        where = None
        if kind == UNALIGNED:  # (the first unaligned block's places go into the note)
            where = (_lines(tool, audit.gold_lines, gold), _lines(tool, audit.system_lines, system))
        audit.count(kind, len(gold), len(system), where=where)
        return
    # (Records are made only for blocks JP mode changed, when kept: a run on lined-up input
    # never imports the dataclasses behind them.)
    from .records import BlockRecord

    gold_lines, system_lines = _lines(tool, audit.gold_lines, gold), _lines(tool, audit.system_lines, system)
    audit.add(BlockRecord(kind, gold_lines, system_lines, _text(tool, gold), _text(tool, system),
                          reason=block.reason if score.reason is None else score.reason, match=block.kind,
                          figures=dict(score.figures), groups=tuple(score.groups), loss=score.loss,
                          details=tuple(score.details), edits=tuple(score.edits)),
              len(gold), len(system))


def _lines(tool: StagedTool, lines: Any, units: Sequence[Any]) -> Any:
    """The units' line range (``lines``: the audit's ``gold_lines`` or ``system_lines``)."""
    if isinstance(units, Streamed):
        return None if units.lines is None else lines(*units.lines)
    if not units:
        return None
    return lines(tool.unit_lines(units[0])[0], tool.unit_lines(units[-1])[1])


def _text(tool: StagedTool, units: Sequence[Any]) -> str:
    """The units' text as recorded (none for a side not held)."""
    if isinstance(units, Streamed):
        return ""
    return " | ".join(" ".join(tool.tokens(unit)) for unit in units)
