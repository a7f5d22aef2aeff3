"""jp_m2scorer on the shared runner (:mod:`jp_shims.runner`).

The tool's settings come from keywords (:meth:`M2Scorer.configure`, the Python API) or from
m2scorer's command line (Python 2 getopt, :mod:`jp_m2scorer.options`) parsed into the same
:class:`Settings`. A run reads the gold M2 file and the system's lines
(:mod:`jp_m2scorer.m2io`), puts the system lines back onto the gold sentences
(:mod:`jp_m2scorer.jp`), scores them with release 3.2's scorer (:mod:`jp_m2scorer.scorer`,
the one ``--legacy`` runs) and prints m2scorer's report; the runner does the rest. Note
m2scorer's argument order: SYSTEM first, then SOURCE_GOLD.
"""
from __future__ import annotations

import numbers
import re
from typing import Any, Callable, Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple

from jp_shims import sniff
from jp_shims.audit import AlignmentAudit, Summary
from jp_shims.cli import take_flag, take_value
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError, UsageError
from jp_shims.inputs import Format, InputFile
from jp_shims.kinds import EXACT, UNALIGNED
from jp_shims.stages import StagedTool, run_stages
from jp_shims.tool import BlockScore, ChoiceStatistics, Evaluation, Parsed, Run

from . import m2io, py2
from . import options as opts
from .jp import ALIGN_CHOICES, ALIGNMENT, Segment
from .scorer import (Options, Totals, candidate_counts, candidate_types, choose, headline, offer, per_type,
                     per_type_report, prf, totals_trace)

PROG = "jp_m2scorer"
ORIGINAL = "m2scorer"
USAGE = "usage: jp_m2scorer [OPTIONS] SYSTEM SOURCE_GOLD\n"
PER_TYPE_HELP = ("--per-type", "after the report, P/R/F per error type of the gold (TP/FP/FN per type)")
ALIGN_HELP = ("--align always", "re-align the lines even when there are as many as gold sentences")
NEVER_HELP = ("--align never", "pair line i with gold sentence i as m2scorer does (as many lines as "
                               "sentences, or exit 2)")
# The gold file: M2 blocks (an S line, then A lines). The system file is plain text, one
# corrected sentence a line: any text, but not a file of one of the other tools' formats.
# (m2scorer passes over lines that are neither, so an S line among the first lines will do.)
M2 = Format("an M2 file (blocks of an 'S' line and 'A' lines)", lambda line: line == "S" or line.startswith("S "),
            lines=20, kinds=frozenset({sniff.M2, sniff.TEXT}))
_OTHER_FORMATS = re.compile(
    r"^(?:\(\s*\(?[^\s()]+ \(.*\)\s*"          # a bracketed tree: (S (NP ...) ...)
    r"|\d+(?:[-.]\d+)?(?:\t[^\t]*){9}"          # a CoNLL-U word line
    r"|A -?\d+ -?\d+\|\|\|.*)$")                 # an M2 edit line
PLAIN_TEXT = Format("plain text, one corrected sentence a line",
                    lambda line: not (_OTHER_FORMATS.match(line) and line.count("(") == line.count(")")))


class Settings(NamedTuple):
    """jp_m2scorer's settings: m2scorer's options (the scorer's), ``--per-type`` and
    ``--align``."""

    options: Options
    per_type: bool = False
    align: str = "auto"


# The Python names of the settings (configure's keywords), as the command line spells them.
SETTINGS = {"beta": "--beta", "max_unchanged_words": "--max_unchanged_words",
            "ignore_whitespace_casing": "--ignore_whitespace_casing", "verbose": "--verbose",
            "very_verbose": "--very_verbose", "per_type": "--per-type", "align": "--align"}
_FLAGS = ("ignore_whitespace_casing", "verbose", "very_verbose", "per_type")


# BlockScore's fields after its statistics, as it defaults them (the score of a paired block,
# one a sentence of lined-up input, is built through tuple.__new__).
_DEFAULTS = tuple(BlockScore._field_defaults[name] for name in BlockScore._fields[1:])
_new_tuple = tuple.__new__


class Plan:
    """One run's state: the settings, the scorer's options, whether the blocks JP mode changed are recorded, and
    what the pairing found for the note (the gold sentences, the unrelated line pairs of
    lined-up input), and what the report writes after the headline (``--per-type``)."""

    __slots__ = ("settings", "options", "records", "sentences", "unrelated", "after")

    def __init__(self, settings: Settings, options: Options, records: bool) -> None:
        self.settings = settings
        self.options = options  # the scorer's, as this run traces it
        self.records = records
        self.sentences = 0
        self.unrelated = 0
        self.after = ""


class Scored:
    """One segment as scored: each gold sentence's :class:`~jp_m2scorer.scorer.Offer` (then
    each spurious line's), until :meth:`M2Scorer.combine` chooses among them; what the
    choice leaves for the record (``results``, when ``texts``: the gold sentences' texts
    of a recorded block; ``marked``: its edits are placed on them) and for significance
    (``candidates``, ``payloads``)."""

    __slots__ = ("offers", "sentences", "texts", "marked", "results", "candidates", "payloads")

    def __init__(self, offers: list, sentences: int, texts: Optional[List[str]], marked: bool) -> None:
        self.offers = offers
        self.sentences = sentences  # gold sentences (the offers after them: spurious lines)
        self.texts = texts
        self.marked = marked
        self.results: list = []
        self.candidates: list = []
        self.payloads: list = []


class M2Scorer(StagedTool):
    prog = PROG
    original = ORIGINAL
    usage = USAGE
    help_text = opts.USAGE
    formats = (M2, PLAIN_TEXT)
    config = ALIGNMENT  # jp_m2scorer.jp's: corrections stay within 0.3 of their sources
    own_options = (PER_TYPE_HELP, ALIGN_HELP, NEVER_HELP)
    loss_label = "FP+FN"
    significance_digits = 4

    def legacy(self, argv: List[str]) -> int:
        from .legacy import run_legacy

        return run_legacy(argv)

    # --- settings ---------------------------------------------------------------------------
    def configure(self, **settings: Any) -> Parsed:
        """The settings from keywords (defaults as m2scorer's): ``beta=0.5``,
        ``max_unchanged_words=2``, ``ignore_whitespace_casing=False``, ``verbose=False``,
        ``very_verbose=False`` (their output goes into the report text), ``per_type=False``,
        ``align="auto"`` (``"always"``, ``"never"``). An unknown keyword is a ``TypeError``,
        a bad value a :class:`UsageError`."""
        unknown = sorted(set(settings) - set(SETTINGS))
        if unknown:
            raise TypeError("%s: unknown setting %r (settings: %s)" % (PROG, unknown[0], ", ".join(SETTINGS)))
        for name in _FLAGS:
            if not isinstance(settings.get(name, False), bool):
                raise UsageError("%s: True or False, not %r" % (name, settings[name]))
        beta = settings.get("beta", 0.5)
        if isinstance(beta, bool) or not isinstance(beta, numbers.Real):
            raise UsageError("beta: a number, not %r" % (beta,))
        words = settings.get("max_unchanged_words", 2)
        if isinstance(words, bool) or not isinstance(words, numbers.Integral):
            raise UsageError("max_unchanged_words: a whole number, not %r" % (words,))
        options = Options(beta=float(beta), max_unchanged_words=int(words),
                          **{name: settings.get(name, False) for name in _FLAGS if name != "per_type"})
        return _parsed("", "", Settings(options, settings.get("per_type", False),
                                        _align(settings.get("align", "auto"), "align")))

    def parse(self, argv: List[str]) -> Parsed:
        settings, files = _from_command_line(argv)
        if len(files) != 2:
            raise UsageError("expected SYSTEM and SOURCE_GOLD")
        system_path, gold_path = files
        return _parsed(gold_path, system_path, settings)

    def parse_options(self, options: Sequence[str]) -> Parsed:
        settings, files = _from_command_line(list(options))
        if files:
            raise UsageError("options only, not the input files (%s)" % files[0])
        return _parsed("", "", settings)

    # --- the run: the runner's stages (jp_shims.stages.run_stages) ------------------------
    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        """The runner's stages (:func:`jp_shims.stages.run_stages`) with the run's
        :class:`Plan`: -v and --very_verbose trace the scoring only where the report is
        written (their tables cost more than the scoring itself)."""
        settings: Settings = parsed.settings
        options = settings.options
        scoring = options if run.report else options._replace(verbose=False, very_verbose=False)
        return run_stages(self, parsed._replace(settings=Plan(settings, scoring, audit.keep)), gold, system,
                          config, audit, run)

    def read_inputs(self, parsed: Parsed, gold: InputFile, system: InputFile) -> Tuple[list, list]:
        """The gold M2 sentences and the system lines (:mod:`jp_m2scorer.m2io`); with
        ``--align never``, lines that are not as many as the sentences are bad input."""
        plan: Plan = parsed.settings
        gold_sentences = m2io.read_gold(gold)
        system_lines = m2io.read_system(system)
        if plan.settings.align == "never" and len(system_lines) != len(gold_sentences):
            raise InputError(system.name, None, "%d system lines for %d gold sentences (--align never pairs "
                                                "them by position, as m2scorer does)" % (len(system_lines), len(gold_sentences)))
        return gold_sentences, system_lines

    def pair_units(self, parsed: Parsed, gold: Any, system: Any,
                   options: Dict[str, Any]) -> Iterator[Tuple[Segment, list, list]]:
        """jp_m2scorer's pairing (:func:`jp_m2scorer.jp.segments`, a decision over the whole
        files): lines that are as many as the gold sentences are paired by position, as
        m2scorer pairs them, unless the alignment of the *whole* file shows a shift; where
        the aligner reports that the texts do not re-synchronize, the rest is searched for
        the next identical sentence pair (:func:`jp_m2scorer.jp.align_linear`); a block's
        system tokens are cut at the gold sentence boundaries, one hypothesis per gold
        sentence, so that -v prints m2scorer's per-sentence trace in gold order. Lined-up
        input that was not re-segmented is checked for unrelated pairs (the note's)."""
        from .jp import segments, unrelated_pairs

        plan: Plan = parsed.settings
        align = plan.settings.align
        plan.sentences = len(gold)
        changed = False
        for segment in segments(gold, system, align, options):
            changed = changed or not segment.paired
            yield segment, gold[segment.left.start:segment.left.stop], system[segment.right.start:segment.right.stop]
        if not changed and align == "auto" and len(system) == len(gold) and gold:
            plan.unrelated = unrelated_pairs(gold, system)

    def tokens(self, unit: Any) -> Sequence[str]:
        return unit.tokens if isinstance(unit, m2io.Sentence) else py2.split(unit[0])

    def unit_lines(self, unit: Any) -> Tuple[int, int]:
        line = unit.line if isinstance(unit, m2io.Sentence) else unit[1]
        return line, line

    def score_block(self, parsed: Parsed, block: Segment, gold: Sequence[Any], system: Sequence[Any],
                    config: AlignConfig) -> BlockScore:
        """Every gold sentence of the segment scored with its hypothesis for every annotator
        (:func:`jp_m2scorer.scorer.offer`; the choice is :meth:`combine`'s), then each
        spurious line."""
        plan: Plan = parsed.settings
        options = plan.options
        if block.paired:  # (most blocks: one sentence, one line, not recorded)
            return _new_tuple(BlockScore, (Scored([offer(gold[0], block.hypotheses[0], options)], 1, None, False),
                                           *_DEFAULTS))
        offers = [offer(sentence, hypothesis, options) for sentence, hypothesis in zip(gold, block.hypotheses)]
        offers += [offer(None, text, options) for text in block.spurious]
        recorded = plan.records
        return BlockScore(Scored(offers, len(gold), [s.text for s in gold] if recorded else None,
                                 recorded and block.kind != UNALIGNED))

    def combine(self, parsed: Parsed, scores: Iterable[BlockScore], run: Run) -> Totals:
        """m2scorer's choice of each gold sentence's annotator with the running totals, in
        gold order; ``-v`` and ``--very_verbose`` print through ``run.write`` as they choose.
        A recorded block keeps its sentences' results (:meth:`settle`), a run with the
        statistics of significance every sentence's candidates."""
        plan: Plan = parsed.settings
        settings = plan.settings
        options = plan.options
        write = run.write
        statistics, by_type = run.statistics, run.statistics and settings.per_type
        keep = settings.per_type  # (every sentence's result, for the per-type table)
        totals = Totals()
        for score in scores:
            scored: Scored = score.statistics
            if scored.texts is None:
                for offered in scored.offers:
                    choose(offered, totals, options, write, keep)
            else:
                scored.results = [choose(offered, totals, options, write, keep) for offered in scored.offers]
            if statistics:
                scored.candidates = [candidate_counts(offered) for offered in scored.offers]
                if by_type:
                    scored.payloads = [candidate_types(offered) for offered in scored.offers]
            scored.offers = []  # (paths and traces: what significance keeps is the candidates alone)
        if options.verbose:
            write(totals_trace(totals, options))
        return totals

    def settle(self, parsed: Parsed, score: BlockScore) -> BlockScore:
        """A recorded block's figures, loss and edits from the sentences' chosen results."""
        scored: Scored = score.statistics
        if scored.texts is None:
            return score
        sentences = scored.results[:scored.sentences]
        figures = {"correct": sum(result.correct for result in sentences),
                   "proposed": sum(result.proposed for result in sentences) + len(scored.results) - len(sentences),
                   "gold": sum(result.gold for result in sentences)}
        edits: tuple = ()
        if scored.marked:
            from .marks import block_marks

            edits = block_marks(sentences, scored.texts)
        return score._replace(figures=figures, loss=figures["proposed"] + figures["gold"] - 2 * figures["correct"],
                              edits=edits)

    def report(self, parsed: Parsed, totals: Totals, run: Run) -> Evaluation:
        """m2scorer's report of the totals (and ``--per-type``'s table), the JSON scores, and
        what the note needs (the unrelated pairs of lined-up input)."""
        plan: Plan = parsed.settings
        settings = plan.settings
        beta = settings.options.beta
        if settings.per_type:
            plan.after = per_type_report(per_type(totals.sentences), beta)
        sentences = plan.sentences
        return Evaluation(_scores(totals, settings.options, settings.per_type), headline(totals, beta),
                          details=(plan.unrelated, sentences),
                          notable=plan.unrelated * 10 >= max(sentences, 1) and plan.unrelated >= 2)

    def written(self, parsed: Parsed, headline: str) -> str:
        """The headline, then ``--per-type``'s table (the HTML report shows m2scorer's
        three lines alone)."""
        return headline + parsed.settings.after

    def block_statistics(self, parsed: Parsed, blocks: Sequence[Tuple[Tuple[int, int], Any]]) -> Any:
        """Each gold sentence's annotator candidates (a spurious system line goes with the
        gold text just before it, the end of its block); with ``--per-type``, every
        annotator's gold edits by type too."""
        plan: Plan = parsed.settings
        settings = plan.settings
        extents = []
        for (start, stop), scored in blocks:
            for index, counts in enumerate(scored.candidates):
                extents.append(((start + index, start + index + 1) if index < scored.sentences else (stop, stop), counts))
        choice: Any = ChoiceStatistics(extents, settings.options.beta, "m2scorer")
        if not settings.per_type:
            return choice
        from jp_shims.significance.groups import GroupedStatistics

        from .significance import TypeScoring

        return GroupedStatistics(choice, [[{("type", kind): counts for kind, counts in offered.items()}
                                           for offered in sentence]
                                          for _, scored in blocks for sentence in scored.payloads], TypeScoring())

    def metric(self, parsed: Parsed, names: Sequence[str] = ()) -> Tuple[Callable[[Any], Any], Sequence[str]]:
        from .significance import metric_function

        beta = parsed.settings.options.beta
        return metric_function(beta), ["F_%.1f" % beta, "P", "R"]

    def note(self, summary: Summary, evaluation: Evaluation):
        if summary.changed:
            kinds = ", ".join("%s %d" % (kind, count) for kind, count in summary.kinds.items()
                              if kind != EXACT and count)
            return ("%d of %d blocks re-segmented onto the gold sentences (%s)" % (summary.changed, summary.blocks, kinds),
                    "m2scorer would stop or pair unrelated lines there")
        unrelated, sentences = evaluation.details
        return ("%d of %d line pairs look unrelated to their gold sentence; the lines were paired one to one "
                "as m2scorer pairs them (--align always re-aligns them)" % (unrelated, sentences),
                "the figures are m2scorer's")


def _from_command_line(argv: List[str]) -> Tuple[Settings, List[str]]:
    """The settings from m2scorer's options and JP mode's own (``--per-type``, ``--align``),
    and the arguments after the options (the input files)."""
    by_type = take_flag(argv, "--per-type")
    align, missing = take_value(argv, "--align")
    if missing:
        raise UsageError("--align needs one of: %s" % ", ".join(ALIGN_CHOICES))
    try:
        options, files = opts.parse_options(argv)
    except opts.OptionFailure as failure:
        raise UsageError(failure.message) from None
    return Settings(options, by_type, _align("auto" if align is None else align, "--align")), files


def _align(value: object, name: str) -> str:
    if value not in ALIGN_CHOICES:
        raise UsageError("%s needs one of: %s" % (name, ", ".join(ALIGN_CHOICES)))
    return str(value)


def _parsed(gold: str, system: str, settings: Settings) -> Parsed:
    """The :class:`Parsed` of ``settings``: the JSON's options and the options of the
    signature (those that change the figures)."""
    options = settings.options
    chosen = ["--beta=%r" % options.beta, "--max_unchanged_words=%d" % options.max_unchanged_words]
    if options.ignore_whitespace_casing:
        chosen.append("--ignore_whitespace_casing")
    if settings.align != "auto":
        chosen.append("--align=" + settings.align)
    document = {"beta": options.beta, "max_unchanged_words": options.max_unchanged_words,
                "ignore_whitespace_casing": options.ignore_whitespace_casing, "align": settings.align}
    return Parsed(gold, system, settings, document, chosen)


def _scores(totals: Totals, options: Options, by_type: bool) -> dict:
    p, r, f = prf(totals.correct, totals.proposed, totals.gold, options.beta)
    scores: dict[str, Any] = {"f_label": "F_%.1f" % options.beta, "correct": totals.correct,
              "proposed": totals.proposed, "gold": totals.gold,
              "precision": p, "recall": r, "f": f}
    if by_type:
        scores["per_type"] = {}
        for kind, (tp, fp, fn) in sorted(per_type(totals.sentences).items()):
            tp_p, tp_r, tp_f = prf(tp, tp + fp, tp + fn, options.beta)
            scores["per_type"][kind] = {"tp": tp, "fp": fp, "fn": fn,
                                        "precision": tp_p, "recall": tp_r, "f": tp_f}
    return scores


TOOL = M2Scorer()
