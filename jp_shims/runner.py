"""The JP-mode run every drop-in shares, and the Python API behind it.

A tool supplies only what is its own (a :class:`~jp_shims.tool.Tool`; :mod:`jp_shims.tool`
holds every type a tool author needs, and this module re-exports them): the legacy entry, its
options, its input formats, its alignment defaults, an ``evaluate`` that reads, aligns and
scores one gold/system pair (writing the original's report, recording blocks in an audit,
returning its scores and per-unit statistics), its metric over those statistics, and the
wording of its note. The runner owns the rest, the same way for every tool:

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
   line, exit 2; a closed stdout ends quietly, a failed write of it is one line ``PROG:
   error: cannot write standard output: ...`` and exit 1 (``--legacy``: as the original).
   Any other exception is a bug and propagates.

Text that never re-synchronizes is counted by the tool (gold missed, system spurious) and
tallied by the audit; ``--strict`` turns any unaligned block into exit 2 naming both places.
"""
from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, Callable, List, NamedTuple, Optional, Sequence, Tuple, Union

from .audit import AlignmentAudit, note_line
from .cli import take_flag, take_value
from .command import check_writable, run_main
from .config import LANGUAGES, AlignConfig
from .errors import InputError, UsageError
from .inputs import InputFile, Inputs, check_format, check_not_blank, in_memory
from .tool import Evaluation, Parsed, Run, Statistics, Tool

if TYPE_CHECKING:
    from .result import Result  # (imported by the API's calls only: a command line never makes one)

# The run's names (a tool author's are jp_shims.tool's and jp_shims.stages').
__all__ = ["JP_FLAGS", "JP_VALUED", "main", "write_stdout", "without_common_options", "settings", "statistics",
           "compare_systems", "evaluate"]

# Options the runner owns in JP mode (the original has none of them).
JP_FLAGS = ("--json", "--show-alignment", "--strict")
JP_VALUED = ("--report", "--lang")


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
    return run_main(tool.prog, lambda: tool.usage, lambda args: _dispatch(tool, args), argv)


def _dispatch(tool: Tool, args: List[str]) -> int:
    if "--legacy" in args:
        return _legacy(tool, args)
    if "--help" in args or "-h" in args:
        sys.stdout.write(tool.help())
        return 0
    return _run(tool, args)


def write_stdout(text: str) -> None:
    """What ``Tool.evaluate`` gets as ``write`` when the report streams to standard output (a
    tool may keep less then: nothing is asked of it afterwards but the scores). Writes report
    text; a report that holds bytes read with the "surrogateescape" handler (a Latin-1 chunk
    type of jp_conlleval, a report in the encoding of its inputs:
    :func:`jp_shims.encodings.as_written`) is written with them as they were read, whatever
    the locale's handler of standard output."""
    try:
        sys.stdout.write(text)
    except UnicodeEncodeError:
        from .encodings import stdout_bytes

        sys.stdout.flush()
        sys.stdout.buffer.write(stdout_bytes(text))


def _legacy(tool: Tool, args: List[str]) -> int:
    """The original; JP-only options next to ``--legacy`` are refused (one rule, all tools)."""
    rest = [arg for arg in args if arg != "--legacy"]
    jp_only = [arg for arg in rest if arg.split("=", 1)[0] in _jp_only_options(tool)]
    if jp_only:
        raise UsageError(f"{jp_only[0].split('=', 1)[0]} is an option of JP mode; --legacy behaves as "
                         f"{tool.original or 'the original'}, which has no such option", usage=False)
    return tool.legacy(rest)


def _jp_only_options(tool: Tool) -> set:
    from .significance.cli import FLAGS, VALUED

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
        from .significance.cli import SignificanceUsage, take_significance_options

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


def _run(tool: Tool, args: List[str]) -> int:
    common = _take_common(tool, args)
    parsed = tool.parse(args)
    config = tool.config
    if common.lang is not None:
        config = config.with_(lang=common.lang)
    if common.strict:
        config = config.with_(on_diverge="strict")
    config = tool.align_config(parsed, config)
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
        gold_format, system_format = tool.input_formats(parsed)
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
            others.append((system, audit, tool.evaluate(parsed, gold, system, config, audit,
                                                        Run("compared", statistics=True))))
        audit = AlignmentAudit(gold.name, systems[0].name, keep=keep)
        buffered: List[str] = []
        # (Under --strict the report waits for the end of the run: a run that --strict stops
        # prints its one error line alone.)
        streaming = not common.json and not config.strict
        run = (Run("json", statistics=wants_statistics) if common.json else
               Run("text", write_stdout if streaming else buffered.append, streaming, wants_statistics))
        evaluation = tool.evaluate(parsed, gold, systems[0], config, audit, run)
    _check_strict(config, [(systems[0], audit), *[(system, a) for system, a, _ in others]])
    signature = tool.signature(parsed, config)
    comparison = None
    if wants_statistics:
        comparison = _compare(tool, metric, [evaluation, *[e for _, _, e in others]],
                              [systems[0].name, *[s.name for s, _, _ in others]], common.significance)
    table = ""
    if comparison is not None:
        from .significance.cli import format_table

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
        named = f"{system_audit.system_file}: " if others else ""
        for advisory in system_evaluation.advisories:
            sys.stderr.write(f"{tool.prog}: note: {named}{advisory}\n")
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
    from .significance.cli import run_comparison
    from .significance.groups import prepare

    # (A run that also asks for a breakdown adds its per-group rows: significance.groups.)
    counted, function, metric_names, rows = prepare([e.statistics for e in evaluations], *metric)
    comparison = run_comparison(counted, list(names), function, list(metric_names), options)
    return comparison if rows is None else comparison._replace(breakdown=rows)


def _write_json(tool: Tool, parsed: Parsed, common: _Common, signature: str, evaluation: Evaluation,
                audit: AlignmentAudit, others, comparison) -> None:
    from .envelope import alignment_section, dumps, envelope
    from .significance.cli import as_json

    document = envelope(tool.prog, signature=signature, options=tool.json_options(parsed),
                        scores=evaluation.scores,
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

def settings(tool: Tool, options: Sequence[str] = (), **keywords: Any) -> Parsed:
    """``tool``'s settings from keywords (:meth:`Tool.configure`) or, for users who hold a
    script's options, from the tool's command-line options (:meth:`Tool.parse_options`);
    not both."""
    if isinstance(options, str):
        raise TypeError("options: a sequence of command-line options, not one string")
    if options and keywords:
        raise TypeError("give the settings as keywords or as command-line options, not both")
    return tool.parse_options(list(options)) if options else tool.configure(**keywords)


def statistics(tool: Tool, gold: Any, system: Any, options: Sequence[str] = (), **keywords: Any) -> Statistics:
    """The per-block statistics of significance of one system, as ``--compare`` gets them."""
    tool = _tool(tool)
    parsed = settings(tool, options, **keywords)
    config = tool.align_config(parsed, tool.config)
    with Inputs() as inputs:
        gold_file, system_file = _api_input(inputs, gold, "<gold>"), _api_input(inputs, system, "<system>")
        audit = AlignmentAudit(gold_file.name, system_file.name)
        return tool.evaluate(parsed, gold_file, system_file, config, audit, Run("compared", statistics=True)).statistics


def compare_systems(tool: Tool, gold: Any, systems: Sequence[Any], significance, options: Sequence[str] = (),
                    **keywords: Any):
    """The paired tests and intervals ``significance`` (a
    :class:`jp_shims.significance.cli.SignificanceOptions`) asks for, ``systems[0]`` the
    baseline: what ``--compare`` prints, as a :class:`jp_shims.significance.Comparison`."""
    tool = _tool(tool)
    parsed = settings(tool, options, **keywords)
    metric = _metric(tool, parsed, significance)
    evaluations = [Evaluation({}, "", statistics(tool, gold, system, options, **keywords)) for system in systems]
    return _compare(tool, metric, evaluations, [str(system) for system in systems], significance)


def evaluate(tool: Union[str, Tool], gold: Any, system: Any, options: Sequence[str] = (), *,
             lang: Optional[str] = None, keep_blocks: bool = True, **keywords: Any) -> Result:
    """Run ``tool`` (a registered name such as ``"jp_evalb"``, or a :class:`Tool`) in JP mode
    on ``gold`` and ``system``; returns a :class:`jp_shims.result.Result`, whose
    ``to_json()`` is the ``--json`` document.

    The tool's settings are keyword arguments (see the tool's ``configure``), or, for users
    who hold a script's options, ``options``: the tool's own command-line options (not the
    file names). ``gold`` and ``system`` are each a path (``str`` or ``os.PathLike``), an
    open file (text or binary) or an iterable of lines (a line without its newline gets one);
    what is not a path is read into memory (no temporary file). Bad input raises
    :class:`InputError` (a ``ValueError``) naming the file as given (``<gold>``,
    ``<system>`` for lines and unnamed files) and the line; where JP mode changed anything a
    :class:`JPAlignmentWarning` is issued."""
    import io

    tool = _tool(tool)
    parsed = settings(tool, options, **keywords)
    config = tool.config if lang is None else tool.config.with_(lang=lang)
    config = tool.align_config(parsed, config)
    with Inputs() as inputs:
        gold_file = _api_input(inputs, gold, "<gold>")
        system_file = _api_input(inputs, system, "<system>")
        check_not_blank([gold_file, system_file])
        for file, fmt in zip((gold_file, system_file), tool.input_formats(parsed)):
            if fmt is not None:
                check_format(file, fmt)
        parsed = parsed._replace(gold=gold_file.name, system=system_file.name)
        audit = AlignmentAudit(gold_file.name, system_file.name, keep=keep_blocks)
        text = io.StringIO()
        evaluation = tool.evaluate(parsed, gold_file, system_file, config, audit, Run("api", text.write))
    from .pyapi import warn_alignment, warn_figures
    from .result import Result

    warn_alignment(audit.summary, tool.prog, stacklevel=3)
    warn_figures(evaluation.advisories, tool.prog, stacklevel=3)
    return Result(evaluation.scores, audit.summary, list(audit.records), tool.signature(parsed, config),
                  text.getvalue(), tool=tool.prog, options=tool.json_options(parsed))


def _tool(tool: Union[str, Tool]) -> Tool:
    if isinstance(tool, str):
        from .registry import load

        return load(tool)
    if not isinstance(tool, Tool):
        raise TypeError(f"tool: a registered name or a jp_shims.tool.Tool, not {type(tool).__name__}")
    return tool


def _api_input(inputs: Inputs, value: Any, label: str) -> InputFile:
    """An API input as the tool opens it: a path as it is (BOM skipped), anything else (an
    open file, lines) read into memory and named ``label`` in messages (or the open file's
    own name)."""
    if isinstance(value, (str, os.PathLike)):
        name = os.fspath(value)
        if name == "-":  # (a file named "-" in the API, not standard input)
            name = os.path.join(".", name)
        return inputs.prepare(name, spool=False)
    if isinstance(value, (bytes, bytearray)):
        raise TypeError(f"{label[1:-1]}: a path, an open file or an iterable of lines, not bytes")
    name = getattr(value, "name", None)
    if not isinstance(name, str) or not name or name.startswith("<"):
        name = label
    return in_memory(value, name)
