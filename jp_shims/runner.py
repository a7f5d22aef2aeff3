"""The JP-mode run every drop-in shares, and the Python API behind it.

A tool supplies only what is its own (a :class:`Tool`): the legacy entry, its options, its
input formats, its alignment defaults, an ``evaluate`` that reads, aligns and scores one
gold/system pair (writing the original's report, recording blocks in an audit, returning
its scores and per-unit statistics), its metric over those statistics, and the wording of its
note. The runner owns the rest, the same way for every tool:

1. ``--legacy`` anywhere: the original, exactly (a JP-only option next to it is a usage
   error, exit 2: the original has no such option); ``--version`` and ``--help``/``-h``
   (stdout, exit 0) in every mode;
2. the common options (``--json``, ``--show-alignment``, ``--report``, ``--lang``,
   ``--strict``, ``--compare`` and the significance options), taken out of argv before the
   tool parses the rest;
3. output destinations checked before any scoring; inputs prepared (``-`` is standard input,
   BOM skipped), checked for blankness and format, the baseline and every compared system
   alike;
4. ``evaluate`` for the baseline and each compared system (the baseline's statistics serve
   significance: no second scoring pass);
5. the report text or one JSON document, the significance table, the listing, the HTML
   report, one note per system that JP mode changed;
6. errors: :class:`~jp_shims.errors.InputError` is one line ``PROG: error: FILE:LINE:
   message`` and exit 2; :class:`~jp_shims.errors.UsageError` the usage line and one error
   line, exit 2; a closed stdout ends quietly. Any other exception is a bug and propagates.

Text that never re-synchronizes is counted by the tool (gold missed, system spurious) and
tallied by the audit; ``--strict`` turns any unaligned block into exit 2 naming both places.
"""
from __future__ import annotations

import os
import sys
from typing import Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from .audit import AlignmentAudit, Summary, note_line
from .cli import HelpEntry, help_section, take_flag, take_value, version_line
from .config import LANGUAGES, AlignConfig
from .errors import EXIT_BAD_INPUT, InputError, UsageError, error_line
from .inputs import Format, InputFile, Inputs, check_format, check_not_blank

Write = Callable[[str], object]

# Options the runner owns in JP mode (the original has none of them).
JP_FLAGS = ("--json", "--show-alignment", "--strict")
JP_VALUED = ("--report", "--lang")


class Parsed(NamedTuple):
    """A tool's own options, parsed: what :meth:`Tool.parse` returns."""

    gold: str  # the gold (reference) input as given ("-": standard input)
    system: str  # the system (hypothesis) input as given
    settings: Any  # whatever the tool's evaluate needs (a namespace, options tuple, ...)
    options: Mapping[str, Any]  # the JSON envelope's "options"
    signature_options: Sequence[str] = ()  # figure-changing options, canonical (-c40)
    outputs: Sequence[str] = ()  # files the run will write besides --report (checked first)
    params: Optional[Tuple[str, str]] = None  # (parameter file name, content hash)


class AdditiveStatistics(NamedTuple):
    """Per-block count vectors that add up (evalb, conll18, preprocess, conlleval): each
    ``(extent, vector)`` with extent the half-open range of gold positions the block covers."""

    blocks: Sequence[Tuple[Tuple[int, int], Sequence[float]]]
    width: int


class ChoiceStatistics(NamedTuple):
    """Per-block candidate counts of tools that choose an annotator per sentence (errant,
    m2scorer): each ``(extent, candidates)``, candidates one count triple per annotator (pair);
    see :class:`jp_shims.significance.ChoiceCounts` for ``rule``."""

    blocks: Sequence[Tuple[Tuple[int, int], Sequence[Sequence[int]]]]
    beta: float
    rule: str


Statistics = Any  # AdditiveStatistics | ChoiceStatistics | None


class Evaluation(NamedTuple):
    """What one ``evaluate`` returns: the scores (JSON), the headline as the original prints
    it (for the HTML report), and the statistics of significance (None unless asked)."""

    scores: Dict[str, Any]
    headline: str
    statistics: Statistics = None
    unaligned_note: Optional[str] = None  # the tool's own wording of its unaligned text
    details: Any = None  # what the tool's note needs besides the summary (Tool.note reads it)
    # The tool read its input differently from the original even where every block is exact
    # (CRLF line ends, a strict tag scheme): the note is printed all the same.
    notable: bool = False


class Tool:
    """A drop-in as the runner sees it. Subclass it; an instance holds no state of a run."""

    prog: str = ""
    original: Optional[str] = None  # the original program (None: the tool has none)
    usage: str = ""  # the usage line(s), as printed before a usage error
    help_text: str = ""  # the original's help, printed by --help before the JP section
    formats: Tuple[Optional[Format], Optional[Format]] = (None, None)  # gold, system
    labels: Tuple[str, str] = ("gold", "system")
    config: AlignConfig = AlignConfig()
    own_options: Sequence[HelpEntry] = ()  # the tool's JP-only options, for --help
    loss_label: str = "loss"
    report_caption: str = ""  # HTML: what the report's score box holds (default: the tool's printed scores)
    significance: bool = True  # offers --compare and the significance options
    metrics_option: bool = False  # offers --metrics
    significance_digits: int = 2  # decimals of the significance table (the report's own)
    lang_option: bool = True  # takes --lang (a tool whose texts are compared without a table: no)

    def argv(self, gold: str, system: str, options: Sequence[str] = ()) -> List[str]:
        """A command line of the tool naming ``gold`` and ``system`` (the Python API and the
        tests build runs with it)."""
        return [*options, gold, system]

    def legacy(self, argv: List[str]) -> int:
        raise UsageError(f"--legacy: there is no original of {self.prog} to reproduce; JP mode is the only mode")

    def parse(self, argv: List[str]) -> Parsed:
        raise NotImplementedError

    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, write: Optional[Write], statistics: bool) -> Evaluation:
        """Read, align and score one pair. Write the original's report through ``write``
        (None: JSON or API run, write nothing), count every block in ``audit``, raise
        :class:`InputError` for bad input. With ``statistics``, return the per-unit
        statistics of significance."""
        raise NotImplementedError

    def metric(self, parsed: Parsed, names: Sequence[str] = ()) -> Tuple[Callable[[Any], Any], Sequence[str]]:
        """The metric over summed statistics (numpy totals -> metrics) and its names, the one
        definition significance uses. ``names``: what ``--metrics`` asked for (tools with
        :attr:`metrics_option`; empty: the default); a name the tool does not know is a
        :class:`UsageError`. The runner asks before any scoring."""
        raise NotImplementedError

    def note(self, summary: Summary, evaluation: Evaluation) -> Tuple[Optional[str], Optional[str]]:
        """(what happened, what it means) for the stderr note; None: the runner's wording."""
        return None, None

    def signature(self, parsed: Parsed, config: AlignConfig) -> str:
        from .signature import signature

        return signature(self.prog, params=parsed.params, options=list(parsed.signature_options),
                         **config.signature_fields())

    def default_metrics(self) -> Sequence[str]:
        """The metrics of the significance table without ``--metrics`` (for ``--help``)."""
        return ()

    def help(self) -> str:
        """``--help`` in JP mode: the original's help, then the JP options section."""
        entries: List[HelpEntry] = []
        if self.original:
            entries.append("--legacy")
        entries += ["--json", "--show-alignment", "--report FILE.html"]
        if self.lang_option:
            entries.append(("--lang LANG", "exception table for aligning texts: " + "; ".join(
                f"{code} = {meaning}" for code, meaning in LANGUAGES.items()) + f" (default {self.config.lang})"))
        entries.append(("--strict", "any text that does not align (missed or spurious) is an error: exit 2 "
                                    "naming both places"))
        entries += list(self.own_options)
        entries.append("--version")
        if self.significance:
            from .significance_cli import help_entries

            entries += help_entries(metrics=self.metrics_option, default_metrics=self.default_metrics())
        return self.help_text + help_section(entries, self.original)


class Result(NamedTuple):
    """What the Python API returns for one run (the CLI prints the same)."""

    scores: Dict[str, Any]
    summary: Summary
    blocks: List[Any]  # BlockRecord of every block JP mode changed
    signature: str
    text: str  # the report as the original prints it

    def __getitem__(self, key):  # type: ignore[override]
        # Dict-like access to the scores (``result["F"]``); integers index the tuple.
        if isinstance(key, str):
            return self.scores[key]
        return tuple.__getitem__(self, key)


# --- the command line ----------------------------------------------------------------------

class _Common(NamedTuple):
    json: bool
    show: bool
    strict: bool
    report: Optional[str]
    lang: Optional[str]
    significance: Any


def main(tool: Tool, argv: Optional[Sequence[str]] = None) -> int:
    """A console script's ``main``: run ``tool`` on ``argv`` (default ``sys.argv[1:]``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if "--version" in args:
            sys.stdout.write(version_line(tool.prog))
            return 0
        if "--legacy" in args:
            return _legacy(tool, args)
        if "--help" in args or "-h" in args:
            sys.stdout.write(tool.help())
            return 0
        status = _run(tool, args)
        sys.stdout.flush()
        return status
    except UsageError as error:
        _flush_stdout()
        usage = tool.usage if tool.usage.endswith("\n") or not tool.usage else tool.usage + "\n"
        sys.stderr.write((usage if error.usage else "") + error_line(tool.prog, str(error)))
        return EXIT_BAD_INPUT
    except InputError as error:
        _flush_stdout()
        sys.stderr.write(error_line(tool.prog, error.message, error.file, error.line))
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        from .brokenpipe import silence_stdout

        return silence_stdout()


def write_stdout(text: str) -> None:
    """What ``Tool.evaluate`` gets as ``write`` when the report streams to standard output (a
    tool may keep less then: nothing is asked of it afterwards but the scores). Writes report
    text; a report that holds lone surrogates (jp_m2scorer reads its input
    as Python 2 did, which lets UTF-8-encoded surrogates through) is written with them
    encoded as the original wrote them."""
    try:
        sys.stdout.write(text)
    except UnicodeEncodeError:
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8", "surrogatepass"))


def _flush_stdout() -> None:
    """Flush what stdout holds before an error line; a reader that went away (``| head``)
    must not hide the error line, nor make the interpreter's last flush fail."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        from .brokenpipe import silence_stdout

        silence_stdout()


def _legacy(tool: Tool, args: List[str]) -> int:
    """The original; JP-only options next to ``--legacy`` are refused (one rule, all tools)."""
    rest = [arg for arg in args if arg != "--legacy"]
    jp_only = [arg for arg in rest if arg.split("=", 1)[0] in _jp_only_options(tool)]
    if jp_only:
        raise UsageError(f"{jp_only[0].split('=', 1)[0]} is an option of JP mode; --legacy behaves as "
                         f"{tool.original or 'the original'}, which has no such option", usage=False)
    return tool.legacy(rest)


def _jp_only_options(tool: Tool) -> set:
    from .significance_cli import FLAGS, VALUED

    options = set(JP_FLAGS) | set(JP_VALUED) - (set() if tool.lang_option else {"--lang"})
    if tool.significance:
        options |= set(FLAGS) | set(VALUED) | {"--compare"}
        if tool.metrics_option:
            options.add("--metrics")
    options |= {entry[0].split()[0] if isinstance(entry, tuple) else entry.split()[0]
                for entry in tool.own_options}
    return options - {"--legacy", "--version"}


def _take_common(tool: Tool, args: List[str]) -> _Common:
    as_json = take_flag(args, "--json")
    show = take_flag(args, "--show-alignment")
    strict = take_flag(args, "--strict")
    report, missing = take_value(args, "--report")
    if missing or report == "":
        raise UsageError("--report needs a file name")
    lang = None
    if tool.lang_option:
        lang, missing = take_value(args, "--lang")
        if missing:
            raise UsageError("--lang needs a value")
        if lang is not None and lang not in LANGUAGES:
            raise UsageError(f"--lang: unknown language {lang!r} (choose from {', '.join(LANGUAGES)})")
    significance = None
    if tool.significance:
        from .significance_cli import SignificanceUsage, take_significance_options

        try:
            significance = take_significance_options(args, metrics=tool.metrics_option)
        except SignificanceUsage as error:
            raise UsageError(str(error)) from None
    return _Common(as_json, show, strict, report, lang, significance)


def without_common_options(tool: Tool, argv: Sequence[str]) -> List[str]:
    """``argv`` without the runner's own options (a tool that has another command line
    besides GOLD SYSTEM tells them apart with it); a bad common option is left for the run to
    report."""
    args = list(argv)
    try:
        _take_common(tool, args)
    except UsageError:
        return list(argv)
    return args


def check_writable(path: str) -> None:
    """Refuse an output file that cannot be written, before anything is scored."""
    folder = os.path.dirname(os.path.abspath(path)) or "."
    if os.path.isdir(path):
        raise InputError(path, None, "cannot write: is a directory")
    if not os.path.isdir(folder):
        raise InputError(path, None, "cannot write: no such directory")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise InputError(path, None, "cannot write: permission denied")


def _run(tool: Tool, args: List[str]) -> int:
    common = _take_common(tool, args)
    parsed = tool.parse(args)
    config = tool.config
    if common.lang is not None:
        config = config.with_(lang=common.lang)
    if common.strict:
        config = config.with_(on_diverge="strict")
    for path in [*([common.report] if common.report else []), *parsed.outputs]:
        check_writable(path)
    compared = tuple(common.significance.compare) if common.significance is not None else ()
    wants_statistics = common.significance is not None and common.significance.requested
    # The metric (and --metrics) is settled before anything is read or printed.
    metric = _metric(tool, parsed, common.significance) if wants_statistics else None
    keep = common.show or common.report is not None
    with Inputs() as inputs:
        gold = inputs.prepare(parsed.gold)
        systems = [inputs.prepare(name) for name in (parsed.system, *compared)]
        gold_format, system_format = tool.formats
        for system in systems:
            check_not_blank([gold, system])
        if gold_format is not None:
            check_format(gold, gold_format)
        if system_format is not None:
            for system in systems:
                check_format(system, system_format)
        # Compared systems first: a bad one stops the run before the report starts.
        others = []
        for system in systems[1:]:
            audit = AlignmentAudit(gold.name, system.name, keep=keep)
            others.append((system, audit, tool.evaluate(parsed, gold, system, config, audit, None, True)))
        audit = AlignmentAudit(gold.name, systems[0].name, keep=keep)
        buffered: List[str] = []
        streaming = not common.json and not config.strict
        write: Optional[Write] = write_stdout if streaming else (buffered.append if not common.json else None)
        evaluation = tool.evaluate(parsed, gold, systems[0], config, audit, write, wants_statistics)
    _check_strict(config, [(systems[0], audit), *[(system, a) for system, a, _ in others]])
    signature = tool.signature(parsed, config)
    comparison = None
    if wants_statistics:
        comparison = _compare(tool, metric, [evaluation, *[e for _, _, e in others]],
                              [systems[0].name, *[s.name for s, _, _ in others]], common.significance)
    table = ""
    if comparison is not None:
        from .significance_cli import format_table

        table = format_table(comparison, digits=tool.significance_digits)
    if common.json:
        _write_json(tool, parsed, common, signature, evaluation, audit, others, comparison)
    else:
        out = write_stdout
        if buffered:
            out("".join(buffered))
        out(table)
        if common.show:
            from .audit import format_listing

            out(format_listing(audit, tool.labels))
            for system, other_audit, _ in others:
                out(f"Compared system {system.name}:\n" + format_listing(other_audit, tool.labels))
    sys.stdout.flush()
    if common.report is not None:
        _write_report(tool, common.report, signature, evaluation, audit, others, comparison)
    for _system, system_audit, system_evaluation in [(systems[0], audit, evaluation), *others]:
        note = _note(tool, system_audit, system_evaluation, signature, name_system=bool(others))
        if note:
            sys.stderr.write(note)
    return 0


def _check_strict(config: AlignConfig, audits: Sequence[Tuple[InputFile, AlignmentAudit]]) -> None:
    if not config.strict:
        return
    for system, audit in audits:
        if audit.unaligned_gold or audit.unaligned_system:
            gold_lines, system_lines = audit.first_unaligned or (None, None)
            raise InputError(str(system_lines) if system_lines is not None else system.name, None,
                             f"text does not align with {gold_lines if gold_lines is not None else audit.gold_file} "
                             f"(--strict; {audit.describe_unaligned()})")


def _note(tool: Tool, audit: AlignmentAudit, evaluation: Evaluation, signature: str,
          name_system: bool = False) -> Optional[str]:
    """The stderr note of one system (None when its blocks are all exact); with several
    systems (``--compare``) each note names its system file."""
    summary = audit.summary
    what, consequence = tool.note(summary, evaluation)
    unaligned = evaluation.unaligned_note or audit.describe_unaligned(*tool.labels)
    if unaligned:
        what = (what or summary.describe()) + "; " + unaligned
    if tool.original is None and consequence is None:
        consequence = "a line-by-line comparison of the files would score them differently"
    text = note_line(tool.prog, summary, original=tool.original, what=what, consequence=consequence,
                     signature=signature)
    if text is None and what and evaluation.notable:
        text = note_line(tool.prog, summary, original=tool.original, what=what, consequence=consequence,
                         signature=signature, always=True)
    if text and name_system:
        text = text.replace(f"{tool.prog}: note: ", f"{tool.prog}: note: {audit.system_file}: ", 1)
    return text


def _metric(tool: Tool, parsed: Parsed, options) -> Tuple[Callable[[Any], Any], Sequence[str]]:
    return tool.metric(parsed, tuple(getattr(options, "metrics", ()) or ()))


def _compare(tool: Tool, metric, evaluations: Sequence[Evaluation], names: Sequence[str], options):
    from .significance_cli import run_comparison
    from .significance_groups import prepare

    # (A run that also asks for a breakdown adds its per-group rows: significance_groups.)
    counted, function, metric_names, rows = prepare([e.statistics for e in evaluations], *metric)
    comparison = run_comparison(counted, list(names), function, list(metric_names), options)
    return comparison if rows is None else comparison._replace(breakdown=rows)


def system_counts(statistics: Sequence[Statistics]) -> list:
    """The counts :func:`jp_shims.significance.compare` resamples, one per system, over the
    units of gold text no system's block crosses (per-group counters left out: see
    :func:`jp_shims.significance_groups.prepare`)."""
    from .significance import additive_systems
    from .significance_groups import GroupedStatistics

    statistics = [s.statistics if isinstance(s, GroupedStatistics) else s for s in statistics]
    if statistics and all(isinstance(s, AdditiveStatistics) for s in statistics):
        return additive_systems([s.blocks for s in statistics], statistics[0].width)
    if statistics and all(isinstance(s, ChoiceStatistics) for s in statistics):
        return _choice_systems(statistics)
    raise TypeError("evaluate returned no statistics of one kind for significance")


def _choice_systems(statistics: Sequence[ChoiceStatistics]) -> list:
    """``ChoiceCounts`` of every system over their common units (the gold sentences no
    system's block crosses); a unit's blocks stay in file order."""
    from .significance import ChoiceCounts, unit_index, units_of

    starts = units_of([[extent for extent, _ in s.blocks] for s in statistics])
    counted = []
    for s in statistics:
        units: List[list] = [[] for _ in starts]
        for extent, candidates in s.blocks:
            units[unit_index(starts, extent)].append(candidates)
        counted.append(ChoiceCounts(units, s.beta, rule=s.rule))
    return counted


def _write_json(tool: Tool, parsed: Parsed, common: _Common, signature: str, evaluation: Evaluation,
                audit: AlignmentAudit, others, comparison) -> None:
    from .envelope import alignment_section, dumps, envelope
    from .significance_cli import as_json

    document = envelope(tool.prog, signature=signature, options=parsed.options, scores=evaluation.scores,
                        audit=audit, blocks=common.show,
                        significance=None if comparison is None else as_json(comparison))
    if others:
        document["compared"] = [{"system": system.name, "scores": other.scores,
                                 "alignment": alignment_section(other_audit, common.show)}
                                for system, other_audit, other in others]
    write_stdout(dumps(document))


def _write_report(tool: Tool, path: str, signature: str, evaluation: Evaluation, audit: AlignmentAudit, others,
                  comparison=None) -> None:
    from .report import render_report, write_report

    compared = [(system.name, other.headline, other_audit) for system, other_audit, other in others]
    try:
        write_report(path, render_report(tool=tool.prog, signature=signature, headline=evaluation.headline,
                                         audit=audit, labels=tool.labels, loss_label=tool.loss_label,
                                         compared=compared, comparison=comparison, scores=evaluation.scores,
                                         caption=_caption(tool), digits=tool.significance_digits))
    except OSError as error:
        raise InputError(path, None, f"cannot write the report ({error.strerror or error})") from None


def _caption(tool: Tool) -> str:
    """What the report's score box holds (HTML)."""
    if tool.report_caption:
        return tool.report_caption
    if tool.original:
        return f"<b>Scores</b> &mdash; the report {tool.prog} prints, in the format of {tool.original}"
    return f"<b>Scores</b> &mdash; the report {tool.prog} prints"


# --- the Python API --------------------------------------------------------------------------

def statistics(tool: Tool, gold: str, system: str, options: Sequence[str] = ()) -> Statistics:
    """The per-block statistics of significance of one system, as ``--compare`` gets them."""
    parsed = tool.parse(tool.argv(gold, system, options))
    with Inputs() as inputs:
        gold_file, system_file = inputs.prepare(gold), inputs.prepare(system)
        audit = AlignmentAudit(gold_file.name, system_file.name)
        return tool.evaluate(parsed, gold_file, system_file, tool.config, audit, None, True).statistics


def compare_systems(tool: Tool, gold: str, systems: Sequence[str], significance, options: Sequence[str] = ()):
    """The paired tests and intervals ``significance`` (a
    :class:`jp_shims.significance_cli.SignificanceOptions`) asks for, ``systems[0]`` the
    baseline: what ``--compare`` prints, as a :class:`jp_shims.significance.Comparison`."""
    parsed = tool.parse(tool.argv(gold, systems[0], options))
    metric = _metric(tool, parsed, significance)
    evaluations = [Evaluation({}, "", statistics(tool, gold, system, options)) for system in systems]
    return _compare(tool, metric, evaluations, list(systems), significance)


def evaluate(tool: Tool, gold: Any, system: Any, options: Sequence[str] = (), *, lang: Optional[str] = None,
             keep_blocks: bool = True) -> Result:
    """Run ``tool`` in JP mode on ``gold`` and ``system`` (paths, or iterables of lines) with
    the tool's own command-line ``options``; returns a :class:`Result`. Bad input raises
    :class:`InputError`; where JP mode changed anything a :class:`JPAlignmentWarning` is
    issued."""
    import io
    import tempfile

    temporary: List[str] = []

    def as_path(value: Any) -> str:
        if isinstance(value, (str, os.PathLike)):
            return os.fspath(value)
        handle, path = tempfile.mkstemp(prefix="jp-shims-api-")
        temporary.append(path)
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            for line in value:
                out.write(line if line.endswith("\n") else line + "\n")
        return path

    try:
        gold_path, system_path = as_path(gold), as_path(system)
        parsed = tool.parse(tool.argv(gold_path, system_path, options))
        config = tool.config if lang is None else tool.config.with_(lang=lang)
        with Inputs() as inputs:
            gold_file, system_file = inputs.prepare(parsed.gold), inputs.prepare(parsed.system)
            check_not_blank([gold_file, system_file])
            for file, fmt in zip((gold_file, system_file), tool.formats):
                if fmt is not None:
                    check_format(file, fmt)
            audit = AlignmentAudit(gold_file.name, system_file.name, keep=keep_blocks)
            text = io.StringIO()
            evaluation = tool.evaluate(parsed, gold_file, system_file, config, audit, text.write, False)
    finally:
        for path in temporary:
            os.unlink(path)
    from .pyapi import warn_alignment

    warn_alignment(audit.summary, tool.prog, stacklevel=3)
    return Result(evaluation.scores, audit.summary, list(audit.records), tool.signature(parsed, config),
                  text.getvalue())
