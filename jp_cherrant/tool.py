"""jp_cherrant_compare on the shared runner: jp_errant_compare's tool with ChERRANT's options.

A variant, not a copy: the options are ChERRANT's additions to errant_compare's
(:mod:`jp_cherrant.compare_args`), the scoring units cut hypothesis blocks at reference
sentence boundaries (:mod:`jp_cherrant.compare_jp`), and everything else -- the parsing, the
scorer, the report, the JSON scores, the significance counts, the runner's options, errors,
notes and report -- is jp_errant's tool (:class:`jp_errant.tool.ErrantCompare`).
"""
from __future__ import annotations

import math
from typing import Any, List, Optional

from jp_errant.compare import options_document
from jp_errant.scorer import CorpusResult, ScoreOptions
from jp_errant.tool import ErrantCompare
from jp_shims.audit import AlignmentAudit, Summary
from jp_shims.config import AlignConfig
from jp_shims import sniff
from jp_shims.errors import InputError, UsageError
from jp_shims.inputs import Format, InputFile
from jp_shims.runner import Evaluation, Parsed, Run

from jp_cherrant.compare_args import LEGACY_PROG, build_parser, kept_coders, options_from_args, sentence_slice
from jp_cherrant.compare_jp import TOOL, crossing_place, note_what, run_signature, scoring_units

# ChERRANT's M2: a block's line 0 is its S line, or an edit line ChERRANT reads as one.
M2 = Format("an M2 file (blocks of an 'S' line and 'A' lines)",
            lambda line: line == "S" or line.startswith(("S ", "A ")), kinds=frozenset({sniff.M2, sniff.TEXT}))


class CherrantCompare(ErrantCompare):
    prog = TOOL
    original = LEGACY_PROG
    formats = (M2, M2)

    def command_parser(self):
        return build_parser(self.prog, jp_mode=False)

    def scoring_options(self, args) -> ScoreOptions:
        return options_from_args(args)

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
        # (transitional: the report's writer as before; None where no report is wanted)
        write = run.write if run.report else None
        if write is None and not math.isfinite(parsed.settings.options.beta):
            # (--json: a JSON document has no NaN or infinity.)
            raise UsageError(f"-b/--beta {parsed.settings.options.beta}: the figures are not finite "
                             "numbers, which --json cannot carry")
        return super().evaluate(parsed, gold, system, config, audit, run)

    def options_document(self, options: ScoreOptions, args) -> dict:
        return dict(options_document(options), max_answer_num=args.max_answer_num,
                    reference_num=args.reference_num, start=args.start, end=args.end)

    def run_legacy(self, argv: List[str]) -> int:
        import sys

        from jp_cherrant.compare_legacy import run_legacy

        return run_legacy(argv, sys.stdout)

    def scoring_units(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                      audit: AlignmentAudit, options: ScoreOptions, totals: CorpusResult,
                      extents: Optional[list]):
        """ChERRANT's pairs while the files line up, then one unit per reference sentence with
        the hypothesis cut to it; the details are the edits that cross a reference boundary."""
        args = parsed.settings.args
        crossing: list = []
        units = scoring_units(system.path, gold.path, options, kept_coders(args.max_answer_num),
                              sentence_slice(args), audit, crossing, config, totals, extents)
        return units, crossing

    def add_scores(self, scores: dict, details: Any, system: InputFile) -> None:
        # (The crossing edits were collected under the path read, which may be a spooled copy.)
        details[:] = [(system.name, item) for _, item in details]
        scores["crossing_edits"] = [crossing_place(system.name, item) for _, item in details]

    def note(self, summary: Summary, evaluation: Evaluation):
        return note_what(summary, evaluation.details or []), None

    def signature(self, parsed: Parsed, config: AlignConfig) -> str:
        return run_signature(parsed.settings.options, parsed.settings.args, config)


TOOL_INSTANCE = CherrantCompare()
