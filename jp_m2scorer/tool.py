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
from typing import Any, Callable, List, NamedTuple, Optional, Sequence, Tuple

from jp_shims import sniff
from jp_shims.audit import AlignmentAudit, Summary
from jp_shims.cli import take_flag, take_value
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError, UsageError
from jp_shims.inputs import Format, InputFile
from jp_shims.kinds import EXACT
from jp_shims.tool import ChoiceStatistics, Evaluation, Parsed, Run, Tool

from . import m2io
from . import options as opts
from .jp import ALIGN_CHOICES, ALIGNMENT
from .scorer import Options, Totals, per_type, per_type_report, prf, report, score_sentences

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


class M2Scorer(Tool):
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

    # --- the run ----------------------------------------------------------------------------
    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        """The escape hatch (not :mod:`jp_shims.stages`): jp_m2scorer's alignment is not the
        runner's sentence alignment. Lines that are as many as the gold sentences are paired
        by position, as m2scorer pairs them, unless the alignment of the *whole* file shows a
        shift (a decision over every block before any sentence is scored); where the aligner
        reports that the texts do not re-synchronize, the rest is searched for the next
        identical sentence pair (:func:`jp_m2scorer.jp.align_linear`); and a block's system
        tokens are cut at the gold sentence boundaries, one hypothesis per gold sentence,
        so that -v prints m2scorer's per-sentence trace in gold order."""
        from . import jp

        settings: Settings = parsed.settings
        options = settings.options
        gold_sentences = m2io.read_gold(gold)
        system_lines = m2io.read_system(system)
        if settings.align == "never" and len(system_lines) != len(gold_sentences):
            raise InputError(system.name, None, "%d system lines for %d gold sentences (--align never pairs "
                                                "them by position, as m2scorer does)" % (len(system_lines), len(gold_sentences)))
        pairs, blocks, plain = jp.resegment(gold_sentences, system_lines, settings.align, config)
        # -v and --very_verbose print while scoring: only into the report itself.
        scoring = options if run.report else Options(
            options.beta, options.max_unchanged_words, options.ignore_whitespace_casing)
        candidates: Optional[list] = [] if run.statistics else None
        # --per-type with --compare: every annotator's gold edits by type are tested too
        payloads: Optional[list] = [] if run.statistics and settings.per_type else None
        if run.statistics:
            pairs = list(pairs)
        totals = score_sentences(pairs, scoring, run.write, keep=settings.per_type or bool(blocks),
                                 candidates=candidates, payloads=payloads)
        _count_blocks(audit, blocks, plain, totals)
        if run.report:
            run.write(report(totals, options))
            if settings.per_type:
                run.write(per_type_report(per_type(totals.sentences), options.beta))
        unrelated = 0
        if not blocks and settings.align == "auto" and len(system_lines) == len(gold_sentences) and gold_sentences:
            unrelated = jp.unrelated_pairs(gold_sentences, system_lines)
        choice: Any = None
        if candidates is not None:
            choice = ChoiceStatistics(_extents(pairs, candidates), options.beta, "m2scorer")
            if payloads is not None:
                from jp_shims.significance.groups import GroupedStatistics

                from .significance import TypeScoring

                choice = GroupedStatistics(choice, [[{("type", kind): counts for kind, counts in offered.items()}
                                                     for offered in sentence] for sentence in payloads],
                                           TypeScoring())
        return Evaluation(_scores(totals, options, settings.per_type), report(totals, Options(beta=options.beta)),
                          choice, details=(unrelated, len(gold_sentences)),
                          notable=unrelated * 10 >= max(len(gold_sentences), 1) and unrelated >= 2)

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


def _extents(pairs: list, candidates: list) -> list:
    """Each scored pair's candidates with the gold sentence it belongs to (a system line of
    an unaligned block goes with the gold text just before it)."""
    blocks = []
    index = 0
    for (sentence, _), counts in zip(pairs, candidates):
        if sentence is None:
            blocks.append(((index, index), counts))
        else:
            blocks.append(((index, index + 1), counts))
            index += 1
    return blocks


def _count_blocks(audit: AlignmentAudit, blocks: list, plain: int, totals: Totals) -> None:
    """Blocks as the audit counts them. A pair of one line and one sentence is what m2scorer
    itself scores (it never compares texts, and a correction differs from its source anyway),
    so those count as exact; the re-segmented blocks are recorded."""
    from jp_shims.audit import block_kind

    if plain:
        audit.count(EXACT, plain, plain, plain)
    if blocks:
        from jp_shims.records import BlockRecord   # dataclasses: only for runs with blocks to record
    for block in blocks:
        figures = {"correct": 0, "proposed": 0, "gold": 0}
        for index in block.gold_indices:
            result = totals.sentences[index]
            figures["correct"] += result.correct
            figures["proposed"] += result.proposed
            figures["gold"] += result.gold
        figures["proposed"] += block.spurious
        loss = figures["proposed"] + figures["gold"] - 2 * figures["correct"]
        kind = block_kind(block.kind, len(block.gold_lines), len(block.system_lines))
        system_lines = audit.system_lines(block.system_lines[0], block.system_lines[-1]) \
            if block.system_lines else None
        gold_lines = audit.gold_lines(block.gold_lines[0], block.gold_lines[-1]) \
            if block.gold_lines else None
        audit.add(BlockRecord(
            kind, gold_lines, system_lines,
            " | ".join(block.gold_texts), " | ".join(block.system_texts),
            reason=block.reason + ("; scored as: " + " | ".join(block.hypotheses) if block.hypotheses
                                   else "; gold sentences missed, each system line one unmatched edit"),
            match=block.kind, figures=figures, loss=loss, edits=_marks(block, totals)),
            gold_sentences=len(block.gold_lines), system_sentences=len(block.system_lines))


def _marks(block, totals: Totals) -> tuple:
    """The block's edits as scored (the HTML report marks them in the gold sentences)."""
    from .marks import block_marks

    results = [totals.sentences[index] if index < len(totals.sentences) else None for index in block.gold_indices]
    return block_marks(results, block.gold_texts) if block.hypotheses else ()


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
