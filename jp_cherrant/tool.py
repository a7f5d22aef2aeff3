"""jp_cherrant_compare on the shared runner: jp_errant_compare's tool with ChERRANT's options.

A variant, not a copy: the options are ChERRANT's additions to errant_compare's
(:mod:`jp_cherrant.compare_args`); of the runner's stages (:mod:`jp_shims.stages`), the
reading, the pairing and the scoring of a block are ChERRANT's (:mod:`jp_cherrant.jp`:
ChERRANT's pairs while the files line up, then one unit per reference sentence, the
hypothesis cut to it); everything else -- the parsing, the scorer's fold, the report, the
JSON scores, the significance counts, the runner's options, errors, notes and report -- is
jp_errant's tool (:class:`jp_errant.tool.ErrantCompare`).
"""
from __future__ import annotations

import math
from typing import Any, Dict, Iterable, List, Sequence, Tuple, cast

from jp_errant.jp import options_document
from jp_errant.tool import ErrantCompare
from jp_shims import sniff
from jp_shims.audit import AlignmentAudit, Summary
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError, UsageError
from jp_shims.inputs import Format, InputFile
from jp_shims.tool import BlockScore, Evaluation, Parsed, Run

from jp_cherrant.compare_args import LEGACY_PROG, CherrantSettings, build_parser, kept_coders, sentence_slice
from jp_cherrant.jp import (
    TOOL, M2Blocks, crossing_edits, crossing_place, note_what, pair_blocks, score_block,
)

# ChERRANT's M2: a block's line 0 is its S line, or an edit line ChERRANT reads as one.
M2 = Format("an M2 file (blocks of an 'S' line and 'A' lines)",
            lambda line: line == "S" or line.startswith(("S ", "A ")), kinds=frozenset({sniff.M2, sniff.TEXT}))
# ChERRANT's options that change figures, in the signature's order.
SIGNATURE_OPTIONS = ("start", "end", "max_answer_num", "reference_num")


class CherrantCompare(ErrantCompare):
    prog = TOOL
    original = LEGACY_PROG
    formats = (M2, M2)
    settings_type = CherrantSettings

    def command_parser(self):
        return build_parser(self.prog, jp_mode=False)

    def check_beta(self, beta: float) -> None:
        """ChERRANT scores any beta whose square is a float, inf and nan included (it prints
        ``Finf``/``Fnan`` and NaN figures): JP mode refuses only a beta whose square
        overflows, on which ChERRANT dies (OverflowError)."""
        try:
            beta ** 2
        except OverflowError:
            raise InputError(None, None, f"-b/--beta {beta}: its square overflows (the original "
                                         "fails with OverflowError)") from None

    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        if not run.report and not math.isfinite(parsed.settings.beta):
            # (--json: a JSON document has no NaN or infinity.)
            raise UsageError(f"-b/--beta {parsed.settings.beta}: the figures are not finite "
                             "numbers, which --json cannot carry")
        return super().evaluate(parsed, gold, system, config, audit, run)

    def options_document(self, settings: Any) -> Dict[str, Any]:
        return dict(options_document(settings.options), max_answer_num=settings.max_answer_num,
                    reference_num=settings.reference_num, start=settings.start, end=settings.end,
                    **({"average": "macro"} if settings.macro else {}))

    def signature_options(self, settings: Any) -> List[str]:
        """jp_errant_compare's options with ChERRANT's that change figures."""
        return super().signature_options(settings) + [
            f"--{name}={getattr(settings, name)}" for name in SIGNATURE_OPTIONS if getattr(settings, name) is not None]

    def run_legacy(self, argv: List[str]) -> int:
        import sys

        from jp_cherrant.legacy import run_legacy

        return run_legacy(argv, sys.stdout)

    # --- the run: jp_errant_compare's stages, with ChERRANT's reading, pairing and cut -------
    def read_units(self, parsed: Parsed, file: InputFile) -> Any:
        """ChERRANT's blocks of the file, streamed (:class:`jp_cherrant.jp.M2Blocks`)."""
        return M2Blocks(file)

    def pair_units(self, parsed: Parsed, gold: Iterable[Any], system: Iterable[Any],
                   options: Dict[str, Any]) -> Iterable[Tuple[Any, Sequence[Any], Sequence[Any]]]:
        """ChERRANT's pairs by position while the files are in step, then jp_align's blocks of
        the sentences (:func:`jp_cherrant.jp.pair_blocks`): no unit is aligned while the
        files line up (a block whose line 0 is an edit line has no text to align on)."""
        plan = parsed.settings
        settings = plan.settings
        # (gold and system are read_units' M2Blocks)
        return pair_blocks(cast(M2Blocks, gold), cast(M2Blocks, system), options,
                           sentence_slice(settings.start, settings.end), kept_coders(settings.max_answer_num),
                           plan.fields)

    def tokens(self, unit: Any) -> List[str]:
        """The tokens of a sentence of the aligned part (a :class:`jp_cherrant.jp.Item`: only
        those are recorded, a lined-up pair being an exact block)."""
        return unit.sentence.source.split()

    def unit_lines(self, unit: Any) -> Tuple[int, int]:
        return unit.sentence.line, unit.sentence.line

    def score_block(self, parsed: Parsed, block: Any, gold: Sequence[Any], system: Sequence[Any],
                    config: AlignConfig) -> BlockScore:
        """One unit per reference sentence, the hypothesis cut to it
        (:func:`jp_cherrant.jp.score_block`); the record's details say what each reference
        sentence gets and which hypothesis edits cross a boundary."""
        return score_block(parsed, block, gold, system)

    def combine(self, parsed: Parsed, scores: Iterable[BlockScore], run: Run) -> Any:
        """jp_errant_compare's fold (its totals, a :class:`jp_errant.score_options.CorpusResult`), and the edits that
        crossed a reference boundary, each with its file."""
        crossing: list = []
        return super().combine(parsed, crossing_edits(scores, crossing), run), crossing

    def report(self, parsed: Parsed, totals: Any, run: Run) -> Evaluation:
        """errant's report of the totals; the scores name the crossing edits (``crossing_edits``),
        and so does the note."""
        result, crossing = totals
        evaluation = super().report(parsed, result, run)
        evaluation.scores["crossing_edits"] = [crossing_place(path, item) for path, item in crossing]
        return evaluation._replace(details=crossing)

    def note(self, summary: Summary, evaluation: Evaluation):
        return note_what(summary, evaluation.details or []), None


TOOL_INSTANCE = CherrantCompare()
