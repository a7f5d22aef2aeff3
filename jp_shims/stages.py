"""The run of a tool that gives its stages: align, score, record, combine -- once, here.

:func:`run_stages` is :meth:`jp_shims.tool.Tool.evaluate` of every tool that does not stream
whole documents: it gives the tool the run's settings (:meth:`~jp_shims.tool.Tool.prepare_run`),
reads both files into units (:meth:`~jp_shims.tool.Tool.read_inputs`, by default
:meth:`~jp_shims.tool.Tool.read_units` of each),
aligns them by the space-free text of their tokens (jp_align, with the run's
:class:`~jp_shims.config.AlignConfig`), scores each block (:meth:`~jp_shims.tool.Tool.score_block`),
counts it in the audit and records it when JP mode changed it, keeps its statistics of
significance when asked, writes its report lines, folds the scores in order
(:meth:`~jp_shims.tool.Tool.combine`; a block is recorded once combine has folded it,
after :meth:`~jp_shims.tool.Tool.settle`), asks the tool for its report
(:meth:`~jp_shims.tool.Tool.report`) and writes it after the blocks' text. Blocks stream
through: memory holds one aligned window.
"""
from __future__ import annotations

from typing import Any, Iterator, List, Optional, Sequence, Tuple

from jp_align import iter_align_sentences

from .audit import AlignmentAudit, block_kind
from .config import AlignConfig
from .inputs import InputFile
from .kinds import EXACT, UNALIGNED
from .tool import BlockScore, Evaluation, Parsed, Run, Tool

__all__ = ["run_stages"]


def run_stages(tool: Tool, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
               audit: AlignmentAudit, run: Run) -> Evaluation:
    """Read, align, score, record and combine one gold/system pair through ``tool``'s stages."""
    options = config.sentence_options()
    parsed = tool.prepare_run(parsed, config, options["normalizer"], audit.keep)
    kept: Optional[List[Tuple[Tuple[int, int], Any]]] = [] if run.statistics else None
    blocks = iter_align_sentences(*tool.read_inputs(parsed, gold, system), tokens=tool.tokens, **options)

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
                if block.kind == EXACT and len(gold_units) == len(system_units) == 1 and not score.retokenized:
                    exact += 1
                else:
                    _record(tool, audit, block, gold_units, system_units, tool.settle(parsed, score))
        finally:
            audit.count(EXACT, exact, exact, blocks=exact)

    totals = tool.combine(parsed, scored(), run)
    evaluation = tool.report(parsed, totals, run)
    if run.report:
        run.write(evaluation.headline)
    if kept is not None:
        evaluation = evaluation._replace(statistics=tool.block_statistics(parsed, kept))
    return evaluation


def _record(tool: Tool, audit: AlignmentAudit, block: Any, gold: Sequence[Any], system: Sequence[Any],
            score: BlockScore) -> None:
    """Count the block, and keep its record when the audit keeps records and JP mode changed
    it (an exact block is counted only: memory stays flat on lined-up input)."""
    kind = block_kind(block.kind, len(gold), len(system), score.retokenized)
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
    audit.add(BlockRecord(kind, gold_lines, system_lines,
                          " | ".join(" ".join(tool.tokens(unit)) for unit in gold),
                          " | ".join(" ".join(tool.tokens(unit)) for unit in system),
                          reason=block.reason, match=block.kind, figures=dict(score.figures),
                          groups=tuple(score.groups), loss=score.loss, details=tuple(score.details),
                          edits=tuple(score.edits)),
              len(gold), len(system))


def _lines(tool: Tool, lines: Any, units: Sequence[Any]) -> Any:
    """The units' line range (``lines``: the audit's ``gold_lines`` or ``system_lines``)."""
    if not units:
        return None
    return lines(tool.unit_lines(units[0])[0], tool.unit_lines(units[-1])[1])
