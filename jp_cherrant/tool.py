"""jp_cherrant_compare on the shared runner: jp_errant_compare's tool with ChERRANT's options.

A variant, not a copy: the options are ChERRANT's additions to errant_compare's
(:mod:`jp_cherrant.compare_args`), the scoring units cut hypothesis blocks at reference
sentence boundaries (:mod:`jp_cherrant.compare_jp`), and everything else -- the scorer, the
report, the JSON scores, the runner's options, errors, notes and report -- is jp_errant's.
"""
from __future__ import annotations

from typing import List

from jp_errant.compare import options_document, scores_document
from jp_errant.scorer import CorpusResult, ScoreOptions, format_macro, format_report, score_corpus
from jp_errant.tool import AVERAGE_HELP, ErrantCompare, _counting, _raise_usage
from jp_shims.audit import AlignmentAudit, Summary
from jp_shims.cli import take_value
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError, UsageError
from jp_shims.inputs import Format, InputFile
from jp_shims.runner import ChoiceStatistics, Evaluation, Parsed

from jp_cherrant.compare_args import LEGACY_PROG, build_parser, kept_coders, options_from_args, sentence_slice
from jp_cherrant.compare_jp import TOOL, crossing_place, note_what, run_signature, scoring_units

# ChERRANT's M2: a block's line 0 is its S line, or an edit line ChERRANT reads as one.
M2 = Format("an M2 file (blocks of an 'S' line and 'A' lines)",
            lambda line: line == "S" or line.startswith(("S ", "A ")))


class _Settings:
    def __init__(self, args, options: ScoreOptions, macro: bool) -> None:
        self.args = args
        self.options = options
        self.macro = macro


class CherrantCompare(ErrantCompare):
    prog = TOOL
    original = LEGACY_PROG
    formats = (M2, M2)
    own_options = (AVERAGE_HELP,)

    @property
    def usage(self) -> str:  # type: ignore[override]
        return build_parser(self.prog, jp_mode=False).format_usage()

    @property
    def help_text(self) -> str:  # type: ignore[override]
        return build_parser(self.prog, jp_mode=False).format_help()

    def legacy(self, argv: List[str]) -> int:
        import sys

        from jp_cherrant.compare_legacy import run_legacy

        return run_legacy(argv, sys.stdout)

    def parse(self, argv: List[str]) -> Parsed:
        average, missing = take_value(argv, "--average")
        if missing or average not in (None, "micro", "macro"):
            raise UsageError("--average needs a value (micro or macro)" if missing
                             else f"--average: choose micro or macro, not {average!r}")
        parser = build_parser(self.prog, jp_mode=False)
        parser.error = _raise_usage  # type: ignore[method-assign]
        args = parser.parse_args(argv)
        options = options_from_args(args)
        from jp_errant.compare import check_beta

        check_beta(options.beta)
        document = dict(options_document(options), max_answer_num=args.max_answer_num,
                        reference_num=args.reference_num, start=args.start, end=args.end)
        if average == "macro":
            document["average"] = "macro"
        return Parsed(args.ref, args.hyp, _Settings(args, options, average == "macro"), document)

    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, write, statistics: bool) -> Evaluation:
        settings = parsed.settings
        options: ScoreOptions = settings.options
        if options.verbose and write is None:
            raise UsageError("-v/--verbose prints while it scores: it cannot be combined with --json or --compare")
        if statistics and not options.beta_is_safe:
            raise UsageError(f"-b/--beta {options.beta}: the significance tests need a beta above 0")
        # Per-category counts cost a tenth of a run: kept where they are shown (the -cat and
        # macro tables, the JSON and API scores, the records of the listing and report).
        options = options._replace(categories=bool(options.cat) or settings.macro or write is None or audit.keep)
        crossing: list = []
        totals = CorpusResult()
        extents: list = []
        blocks: list = []
        units = scoring_units(system.path, gold.path, options, kept_coders(settings.args.max_answer_num),
                              sentence_slice(settings.args), audit, crossing, config, totals,
                              extents if statistics else None)
        if statistics:
            units = _counting(units, extents, blocks, options)
        try:
            result = score_corpus(units, options, write, totals=totals)
            text = format_report(result, options)
            if settings.macro:
                text += format_macro(result, options, options.cat or 3)
        except ZeroDivisionError:
            raise InputError(None, None, f"{options.f_label} is undefined: beta is 0 and recall is 0 while "
                                         f"precision is not") from None
        if write is not None:
            write(text)
        scores = scores_document(result, options, settings.macro)
        scores["crossing_edits"] = [crossing_place(system.name, item) for _, item in crossing]
        return Evaluation(scores, text, ChoiceStatistics(blocks, options.beta, "errant") if statistics else None,
                          details=[(system.name, item) for _, item in crossing])

    def note(self, summary: Summary, evaluation: Evaluation):
        return note_what(summary, evaluation.details or []), None

    def signature(self, parsed: Parsed, config: AlignConfig) -> str:
        return run_signature(parsed.settings.options, parsed.settings.args, config)


TOOL_INSTANCE = CherrantCompare()
