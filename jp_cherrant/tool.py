"""jp_cherrant_compare on the shared runner: jp_errant_compare's tool with ChERRANT's options.

A variant, not a copy: the options are ChERRANT's additions to errant_compare's
(:mod:`jp_cherrant.compare_args`), the scoring units cut hypothesis blocks at reference
sentence boundaries (:mod:`jp_cherrant.jp`), and everything else -- the parsing, the
scorer, the report, the JSON scores, the significance counts, the runner's options, errors,
notes and report -- is jp_errant's tool (:class:`jp_errant.tool.ErrantCompare`).
"""
from __future__ import annotations

import math
from typing import Any, Dict, Iterator, List, Optional

from jp_errant.jp import options_document
from jp_errant.jp import Plan
from jp_errant.score_options import CorpusResult, ScoreOptions, SentencePair
from jp_errant.scorer import score_corpus
from jp_errant.tool import ErrantCompare, choice_statistics
from jp_shims import sniff
from jp_shims.audit import AlignmentAudit, Summary
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError, UsageError
from jp_shims.inputs import Format, InputFile
from jp_shims.tool import Evaluation, Parsed, Run

from jp_cherrant.compare_args import LEGACY_PROG, CherrantSettings, build_parser, kept_coders, sentence_slice
from jp_cherrant.jp import TOOL, crossing_place, note_what, scoring_units

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

    def run_plan(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        """The escape hatch of the runner's stages (:meth:`jp_shims.tool.Tool.evaluate`):
        ChERRANT's pairs are taken by position while the files line up -- no alignment of
        units -- and past that point each reference sentence is a unit with the hypothesis
        cut to it (:func:`jp_cherrant.jp.scoring_units`, which counts and records the
        blocks). Scored by errant's scorer, reported by errant's :meth:`report`; the details
        are the edits that cross a reference boundary."""
        plan: Plan = parsed.settings
        settings, options = plan.settings, plan.options
        totals = CorpusResult()
        extents: list = []
        crossing: list = []
        pairs = scoring_units(system, gold, options, kept_coders(settings.max_answer_num),
                              sentence_slice(settings.start, settings.end), audit, crossing, config, totals,
                              extents if plan.statistics else None)
        blocks: list = []
        payloads: list = []
        if plan.statistics:
            pairs = _counting(pairs, extents, blocks, options, plan.level, payloads)
        score_corpus(pairs, options, run.write, totals=totals)
        evaluation = self.report(parsed, totals, run)
        if run.report:  # (its own loop: it writes what jp_shims.stages writes for errant)
            run.write(evaluation.headline)
        evaluation.scores["crossing_edits"] = [crossing_place(path, item) for path, item in crossing]
        return evaluation._replace(details=crossing, statistics=choice_statistics(blocks, payloads, plan)
                                   if plan.statistics else None)

    def note(self, summary: Summary, evaluation: Evaluation):
        return note_what(summary, evaluation.details or []), None


def _counting(pairs: Iterator[SentencePair], extents: list, blocks: list, options: ScoreOptions,
              level: int = 0, payloads: Optional[list] = None) -> Iterator[SentencePair]:
    """The pairs as they are scored, each one's annotator-pair counts kept with its unit's
    reference sentences (the statistics of significance, from the one scoring pass); with a
    category ``level``, each annotator pair's categories go to ``payloads``."""
    from jp_errant.significance import candidates

    for pair in pairs:
        found = candidates(pair, options, level)
        if level and payloads is not None:
            payloads.append([candidate[3] for candidate in found])
            found = [candidate[:3] for candidate in found]
        blocks.append((extents[-1], found))
        yield pair


TOOL_INSTANCE = CherrantCompare()
