"""jp_errant_compare on the shared runner (:mod:`jp_shims.runner`).

The tool parses errant_compare's options, aligns reference and hypothesis sentences and
re-indexes edits (:func:`jp_errant.jp.aligned_pairs`), scores them with errant's scorer
(:mod:`jp_errant.scorer`, the one legacy mode runs) and prints errant's report; the runner
does the rest. References are the gold side, hypotheses the system side.
"""
from __future__ import annotations

import argparse
from itertools import repeat
from typing import Any, Callable, Dict, Iterable, Iterator, List, Mapping, Sequence, Tuple

from jp_shims import sniff
from jp_shims.audit import AlignmentAudit, Summary
from jp_shims.cli import take_value
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError, UsageError
from jp_shims.inputs import Format, InputFile
from jp_shims.stages import run_stages
from jp_shims.stages import StagedTool
from jp_shims.tool import BlockScore, ChoiceStatistics, Evaluation, Parsed, Run

from jp_errant.jp import (
    ALIGNMENT, LABELS, TOOL, Plan, check_beta, empty_units, folded_pairs, note_what, options_document, read_sentences,
    score_block, scores_document, settled,
)
from jp_align import EXACT
from jp_errant.m2_blocks import FieldCache
from jp_errant.m2_records import Sentence
from jp_errant.compare_args import LEGACY_PROG, Settings, build_parser, checked_settings, settings_from_args
from jp_errant.report import EMPTY_TYPE_AT_LEVEL_1, format_macro, format_report, mixed_schemes
from jp_errant.score_options import CorpusResult, ScoreOptions
from jp_errant.scorer import score_corpus

# An M2 file: its first line of content is a source sentence (errant writes "S " lines; an
# empty sentence is "S" alone).
M2 = Format("an M2 file (blocks of an 'S' line and 'A' lines)", lambda line: line == "S" or line.startswith("S "),
            kinds=frozenset({sniff.M2, sniff.TEXT}))

AVERAGE_HELP = ("--average macro", "also the macro average over error types (of the -cat level; 3 without "
                                   "-cat) after errant's micro figures (--average micro: errant's alone, the default)")
# The command line's input options (errant's -ref REF -hyp HYP), which are no settings.
INPUT_OPTIONS = ("hyp", "ref")


class ErrantCompare(StagedTool):
    prog = TOOL
    original = LEGACY_PROG
    labels = LABELS
    formats = (M2, M2)
    config = ALIGNMENT
    lang_option = False  # S lines of one text are compared without an exception table
    loss_label = "FP+FN"
    significance_digits = 4
    own_options = (AVERAGE_HELP,)
    settings_type: type = Settings  # the settings' type (a variant's has more fields)

    # What a variant of errant_compare (jp_cherrant_compare) changes: its parser and settings,
    # its legacy run, its JSON options and signature options, and the stages that read, pair
    # and score its units. Everything else is shared.
    def command_parser(self) -> argparse.ArgumentParser:
        return build_parser(self.prog, jp_mode=False)

    def options_document(self, settings: Any) -> Dict[str, Any]:
        """The JSON document's ``options``: everything the figures depend on."""
        document = options_document(settings.options)
        if settings.macro:
            document["average"] = "macro"
        return document

    def signature_options(self, settings: Any) -> List[str]:
        """The options of the signature: those errant_compare's figures depend on."""
        options = settings.options
        flags = [f"-{options.mode}", f"-b{options.beta:g}"]
        flags += ["-single"] * options.single + ["-multi"] * options.multi
        if options.filt:
            flags.append("-filt=" + "+".join(options.filt))
        if options.cat:
            flags.append(f"-cat{options.cat}")
        return flags

    def run_legacy(self, argv: List[str]) -> int:
        import sys

        from jp_errant.legacy import run_legacy

        return run_legacy(argv, sys.stdout)

    @property
    def usage(self) -> str:  # type: ignore[override]
        return self.command_parser().format_usage()

    @property
    def help_text(self) -> str:  # type: ignore[override]
        return self.command_parser().format_help()

    def legacy(self, argv: List[str]) -> int:
        return self.run_legacy(argv)

    def check_beta(self, beta: float) -> None:
        """JP mode's refusal of a beta its figures cannot use (a variant may accept more)."""
        check_beta(beta)

    # --- settings: keywords (the API) or a command line, one object either way ---------------
    def configure(self, **settings: Any) -> Parsed:
        """Settings under Python names (see :attr:`settings_type`): ``beta``, ``mode``
        (``dt ds cs cse``), ``single``, ``multi``, ``filt``, ``cat``, ``verbose``,
        ``average`` (and a variant's own)."""
        try:
            return self._parsed(checked_settings(self.settings_type, settings))
        except TypeError as error:
            raise TypeError(f"{self.prog}: {error}") from None

    def parse(self, argv: List[str]) -> Parsed:
        args, average = self._parse_command_line(argv, files=True)
        return self._parsed(settings_from_args(self.settings_type, args, average=average), args.ref, args.hyp)

    def parse_options(self, options: Sequence[str]) -> Parsed:
        args, average = self._parse_command_line(list(options), files=False)
        return self._parsed(settings_from_args(self.settings_type, args, average=average))

    def _parse_command_line(self, argv: List[str], files: bool) -> Tuple[argparse.Namespace, str]:
        """errant_compare's parser on ``argv`` (JP mode's ``--average`` taken out first);
        without ``files``, the options alone (``-ref``/``-hyp`` refused)."""
        argv = list(argv)
        average, missing = take_value(argv, "--average")
        if missing or average not in (None, "micro", "macro"):
            raise UsageError(f"--average: choose micro or macro, not {average!r}" if not missing
                             else "--average needs a value (micro or macro)")
        parser = self.command_parser()
        parser.error = _raise_usage  # type: ignore[method-assign]
        for action in parser._actions:
            if action.dest in INPUT_OPTIONS:
                action.required = files
        args = parser.parse_args(argv)
        if not files and (args.ref is not None or args.hyp is not None):
            raise UsageError("-ref and -hyp name the input files: give them as gold and system")
        return args, average or "micro"

    def _parsed(self, settings: Any, gold: str = "", system: str = "") -> Parsed:
        self.check_beta(settings.beta)
        return Parsed(gold, system, settings, self.options_document(settings),
                      signature_options=self.signature_options(settings))

    def signature_extra(self, parsed: Parsed) -> Mapping[str, object]:
        return {"norm": "nfc"}  # (S lines are compared after Unicode NFC: AlignConfig lang "none")

    # --- the run: the runner's stages (jp_shims.stages) ---------------------------------------
    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        """The run's plan (what the run asks of the scorer), then the runner's stages with it
        (:meth:`run_plan`); an F that is undefined (beta 0) is bad input."""
        settings = parsed.settings
        options: ScoreOptions = settings.options
        if options.verbose and not run.report:
            raise UsageError("-v/--verbose prints while it scores: it cannot be combined with --json or --compare")
        if run.statistics and not options.beta_is_safe:
            raise UsageError(f"-b/--beta {options.beta}: the significance tests need a beta above 0")
        # Per-category counts cost a tenth of a run: kept where they are shown (the -cat and
        # macro tables, the JSON and API scores, the records of the listing and report).
        options = options._replace(categories=bool(options.cat) or settings.macro or run.output != "text"
                                   or audit.keep)
        # -cat / --average macro with --compare: the chosen pairs' categories are tested too.
        level = (options.cat or 3) if run.statistics and (options.cat or settings.macro) else 0
        plan = Plan(settings, options, level, run.statistics, audit.keep, config.normalizer(), FieldCache())
        try:
            return self.run_plan(parsed._replace(settings=plan), gold, system, config, audit, run)
        except ZeroDivisionError:
            raise InputError(None, None, f"{options.f_label} is undefined: beta is 0 and recall is 0 while "
                                         f"precision is not") from None

    def run_plan(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        """The run (``parsed.settings`` is its :class:`jp_errant.jp.Plan`): the runner's stages.
        Two files without a sentence are one block of no sentences (errant scores one empty
        sentence each: :data:`jp_errant.jp.EMPTY_PAIR`)."""
        evaluation = run_stages(self, parsed, gold, system, config, audit, run)
        if not audit.summary.blocks:
            audit.count(EXACT, 0, 0)
        return evaluation

    def read_units(self, parsed: Parsed, file: InputFile) -> Iterator[Sentence]:
        return read_sentences(file, parsed.settings.fields)

    def tokens(self, unit: Sentence) -> List[str]:
        return unit.source.split()

    def unit_lines(self, unit: Sentence) -> Tuple[int, int]:
        return unit.line, unit.line  # (a block's places are the S lines of its first and last sentence)

    def score_block(self, parsed: Parsed, block: Any, gold: Sequence[Any], system: Sequence[Any],
                    config: AlignConfig) -> BlockScore:
        return score_block(parsed, block, gold, system)

    def combine(self, parsed: Parsed, scores: Iterable[BlockScore], run: Run) -> CorpusResult:
        """errant's scorer over the blocks' pairs, in order: the annotator choice of each
        sentence reads the running totals (``-v`` prints it through ``run.write``)."""
        options = parsed.settings.options
        totals = CorpusResult()
        return score_corpus(folded_pairs(scores, options, totals), options, run.write, totals=totals)

    def settle(self, parsed: Parsed, score: BlockScore) -> BlockScore:
        return settled(score)

    def report(self, parsed: Parsed, totals: CorpusResult, run: Run) -> Evaluation:
        """errant's report (and JP mode's macro table) of the totals, and the JSON scores (the
        runner writes the report: jp_shims.stages)."""
        plan: Plan = parsed.settings
        options, macro = plan.options, plan.settings.macro
        if options.cat == 1 and "" in totals.categories:
            # (Only a variant that reads empty types gets here: errant's original fails
            # with IndexError, taking the first character of every type counted.)
            raise InputError(None, None, EMPTY_TYPE_AT_LEVEL_1)
        text = format_report(totals, options)
        if macro:
            text += format_macro(totals, options, options.cat or 3)
        caveat = mixed_schemes(totals) if options.cat or macro else None
        return Evaluation(scores_document(totals, options, macro), text, advisories=(caveat,) if caveat else ())

    def block_statistics(self, parsed: Parsed, blocks: Sequence[Tuple[Tuple[int, int], Any]]) -> Any:
        """Each sentence pair's annotator candidates with its block's reference sentences (or
        its own, where the units say: :attr:`jp_errant.jp.Units.extents`)."""
        plan: Plan = parsed.settings
        if not blocks:  # two files without a sentence: errant's one empty sentence each
            blocks = [((0, 1), empty_units(plan))]
        return choice_statistics([(own, found) for extent, units in blocks
                                  for own, found in zip(units.extents or repeat(extent), units.candidates)],
                                 [payload for _, units in blocks for payload in units.payloads], plan)

    def metric(self, parsed: Parsed, names: Sequence[str] = ()) -> Tuple[Callable[[Any], Any], Sequence[str]]:
        from jp_errant.significance import metric_function

        beta = parsed.settings.options.beta
        return metric_function(beta), [f"F{beta}", "P", "R"]

    def note(self, summary: Summary, evaluation: Evaluation):
        return note_what(summary) or None, None


def _raise_usage(message: str) -> Any:
    raise UsageError(message)


def choice_statistics(blocks: list, payloads: list, plan: Plan) -> Any:
    """The statistics of significance: the annotator pairs' counts, and with a category
    level their categories (``jp_shims.significance.groups``)."""
    options = plan.options
    statistics = ChoiceStatistics(blocks, options.beta, "errant")
    if not plan.level:
        return statistics
    from jp_errant.significance import CategoryScoring
    from jp_shims.significance.groups import GroupedStatistics

    return GroupedStatistics(statistics, [[{("type", kind): counts for kind, counts in categories.items()}
                                           for categories in block] for block in payloads],
                             CategoryScoring(options.beta, plan.level, bool(options.cat), plan.settings.macro))


TOOL_INSTANCE = ErrantCompare()

