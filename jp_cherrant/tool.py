"""jp_cherrant_compare on the shared runner: jp_errant_compare's tool with ChERRANT's options.

A variant, not a copy: the options are ChERRANT's additions to errant_compare's
(:mod:`jp_cherrant.compare_args`), the scoring units cut hypothesis blocks at reference
sentence boundaries (:mod:`jp_cherrant.jp`), and everything else -- the parsing, the
scorer, the report, the JSON scores, the significance counts, the runner's options, errors,
notes and report -- is jp_errant's tool (:class:`jp_errant.tool.ErrantCompare`).
"""
from __future__ import annotations

import math
from typing import Any, Dict, List, Optional

from jp_errant.jp import options_document
from jp_errant.score_options import CorpusResult, ScoreOptions
from jp_errant.tool import ErrantCompare
from jp_shims import sniff
from jp_shims.audit import AlignmentAudit, Summary
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError, UsageError
from jp_shims.inputs import Format, InputFile
from jp_shims.tool import Evaluation, Parsed, Run

from jp_cherrant.compare_args import LEGACY_PROG, CherrantSettings, build_parser, kept_coders, sentence_slice
from jp_cherrant.jp import TOOL, note_what, scoring_units

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

    def scoring_units(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                      audit: AlignmentAudit, options: ScoreOptions, totals: CorpusResult,
                      extents: Optional[list]):
        """ChERRANT's pairs while the files line up, then one unit per reference sentence with
        the hypothesis cut to it; the details are the edits that cross a reference boundary."""
        settings = parsed.settings
        crossing: list = []
        units = scoring_units(system, gold, options, kept_coders(settings.max_answer_num),
                              sentence_slice(settings.start, settings.end), audit, crossing, config, totals, extents)
        return units, crossing

    def add_scores(self, scores: dict, details: Any, system: InputFile) -> None:
        from jp_cherrant.jp import crossing_place

        scores["crossing_edits"] = [crossing_place(path, item) for path, item in details]

    def note(self, summary: Summary, evaluation: Evaluation):
        return note_what(summary, evaluation.details or []), None


TOOL_INSTANCE = CherrantCompare()
