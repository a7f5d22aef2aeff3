"""jp_conll18_ud_eval and jp_udeval on the shared runner (:mod:`jp_shims.runner`).

Both drop-ins are one code path: a :class:`Command` says what differs between conll18_ud_eval.py
v1.2 (``cli.CONLL18_COMMAND``) and the current UD scorer (``udeval_cli.UDEVAL_COMMAND``), and
:class:`CoNLLUTool` is the runner's view of either. A run's :class:`Settings` come from
keywords (:meth:`CoNLLUTool.configure`, the Python API) or from a command line, which parses
into the same keywords. The tool reads, aligns and scores one
gold/system pair in one pass (``evaluation.count_files``: the report's counts and, when asked,
the per-block statistics of significance), prints the original's report and counts every
block in the audit; the runner does the rest (options, inputs, errors, JSON, listing, report,
note, ``--compare``, ``--strict``).

Legacy mode is the original's command line exactly (:func:`jp_conll18.legacy.run_legacy`): its
argparse program name, options and messages, stdout, exit codes and tracebacks.
"""
from __future__ import annotations

import argparse
import gc
from contextlib import contextmanager
from dataclasses import dataclass, fields
from typing import Any, Callable, Iterator, List, Optional, Sequence, Tuple

from jp_shims.audit import AlignmentAudit, Summary
from jp_shims.cli import HelpEntry
from jp_shims.config import AlignConfig
from jp_shims.errors import UsageError
from jp_shims import sniff
from jp_shims.inputs import Format, InputFile
from jp_shims.tool import AdditiveStatistics, Evaluation, Parsed, Run, Tool

from . import breakdown_report
from .breakdown import BREAKDOWN_KEYS, CONFUSION_KEYS
from .reader_options import ReaderOptions

# The JP-only options of both drop-ins (the runner owns --json, --show-alignment, --report,
# --lang, --strict, --compare, --metrics...): their --help lines here, and how the JP parser
# takes them in ``_add_own_options``. A new option is one entry in each, nowhere else.
OWN_OPTIONS: List[HelpEntry] = [*breakdown_report.HELP_ENTRIES]


def _add_own_options(parser: argparse.ArgumentParser) -> None:
    """Add :data:`OWN_OPTIONS` to the JP-mode parser (hidden from the original's part of the
    help: the JP options section describes them)."""
    breakdown_report.add_options(parser)


@dataclass(frozen=True)
class Settings:
    """The settings of a run of either drop-in: its options under Python names (the Python
    API's keywords; the command line parses into them). conll18_ud_eval.py takes the first
    four; the current UD scorer (``jp_udeval``) all of them."""

    verbose: bool = False  # -v: every metric
    counts: bool = False  # -c: raw counts instead of precision/recall/F1
    breakdown: Tuple[str, ...] = ()  # --breakdown KEY...: UAS/LAS per group of each key
    confusion: Tuple[str, ...] = ()  # --confusion KEY...: a gold x system matrix of each key
    enhanced: bool = True  # ELAS/EULAS printed (jp_udeval's --no-enhanced: False)
    enhancements: str = "0"  # --enhancements: digits 1-6 of enhancement types left out
    no_empty_nodes: bool = False  # --no-empty-nodes: empty nodes are errors
    multiple_roots_okay: bool = False  # --multiple-roots-okay


CONLL18_SETTINGS = ("verbose", "counts", "breakdown", "confusion")
UDEVAL_SETTINGS = CONLL18_SETTINGS + ("enhanced", "enhancements", "no_empty_nodes", "multiple_roots_okay")
_KEYS = {"breakdown": BREAKDOWN_KEYS, "confusion": CONFUSION_KEYS}


def make_settings(names: Sequence[str], prog: str, **values: Any) -> Settings:
    """:class:`Settings` from keywords, checked: a keyword not in ``names`` is a
    ``TypeError``; a bad value a :class:`UsageError` (a ``ValueError``)."""
    for name in values:
        if name not in names:
            raise TypeError(f"{prog}: unknown setting {name!r} (settings: {', '.join(names)})")
    checked: dict = {}
    for name, value in values.items():
        if name in _KEYS:
            keys = (value,) if isinstance(value, str) else tuple(value)
            for key in keys:
                if key not in _KEYS[name]:
                    raise UsageError(f"{name}: {key!r} is not one of {', '.join(_KEYS[name])}")
            checked[name] = keys
        elif name == "enhancements":
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise UsageError(f"enhancements: digits 1-6 as a string or a number, not {value!r}")
            from .enhanced import enhancement_filters

            # (canonical, as the JSON and the signature name it: "61" and "1,6" are "16")
            checked[name] = "".join(str(n) for n in sorted(enhancement_filters(str(value)))) or "0"
        elif not isinstance(value, bool):
            raise UsageError(f"{name}: True or False, not {value!r}")
        else:
            checked[name] = value
    return Settings(**checked)


def settings_of(args: argparse.Namespace) -> dict:
    """The settings a parsed command line holds (those of the parser's options)."""
    values = {field.name: getattr(args, field.name) for field in fields(Settings) if hasattr(args, field.name)}
    if "no_empty_nodes" in values:  # (the original's option takes a VALUE: any non-empty one switches it on)
        values["no_empty_nodes"] = bool(values["no_empty_nodes"])
    return values


@dataclass(frozen=True)
class Command:
    """What differs between the CoNLL-U drop-ins that share this code: conll18_ud_eval.py
    v1.2 and the current UD scorer. Everything else -- parsing, legacy and JP runs, the
    audit output -- is one code path."""

    prog: str
    legacy_prog: str  # the original's argparse program name (legacy messages and help)
    original: str  # the program the help section and the note name
    counts_help: str  # the original's help text of --counts (legacy -h is byte-exact)
    add_options: Callable[[argparse.ArgumentParser], None]  # the original's options beyond the common ones
    settings: Tuple[str, ...]  # the names of :class:`Settings` the command takes
    reader_options: Callable[[Settings, bool], ReaderOptions]  # (settings, legacy)
    signature_options: Callable[[Settings], List[str]]  # options that change figures
    options_used: Callable[[Settings], dict]  # the JSON envelope's ``options``
    gc_threshold: Optional[int] = None  # youngest-generation threshold while the command runs


def prints_enhanced(command: Command, settings: Settings) -> bool:
    """Whether the report has ELAS/EULAS (the current UD scorer, unless --no-enhanced)."""
    return "enhanced" in command.settings and settings.enhanced


class _JPParser(argparse.ArgumentParser):
    """The original's options under the drop-in's name; a bad command line is the runner's
    usage error (usage line and one error line, exit 2)."""

    def error(self, message: str):  # type: ignore[override]
        raise UsageError(message)

    def _get_option_tuples(self, option_string: str) -> list:
        # JP mode's own options are matched only in full, so that the original's
        # abbreviations (``--co`` for ``--counts``) stay unambiguous. (Each tuple names the
        # matched option string second, Python 3.9 to 3.13.)
        return [match for match in super()._get_option_tuples(option_string)
                if match[1] not in breakdown_report.OPTIONS]


def build_parser(legacy: bool, command: Command, files: bool = True) -> argparse.ArgumentParser:
    """The original's parser (legacy), or the same options plus the tool's own JP options
    (the runner has taken its common options out of argv before). ``files=False``: the
    options alone (the Python API's ``options=``)."""
    parser = argparse.ArgumentParser(prog=command.legacy_prog) if legacy else _JPParser(prog=command.prog)
    if files:
        parser.add_argument("gold_file", type=str, help="Name of the CoNLL-U file with the gold data.")
        parser.add_argument("system_file", type=str, help="Name of the CoNLL-U file with the predicted data.")
    parser.add_argument("--verbose", "-v", default=False, action="store_true", help="Print all metrics.")
    parser.add_argument("--counts", "-c", default=False, action="store_true", help=command.counts_help)
    command.add_options(parser)
    if not legacy:
        _add_own_options(parser)
    return parser


@contextmanager
def collecting(command: Command) -> Iterator[None]:
    """The command's garbage-collection threshold while it runs (see ``udeval_cli``)."""
    thresholds = gc.get_threshold()
    if command.gc_threshold is not None:
        gc.set_threshold(max(thresholds[0], command.gc_threshold), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


# --- JP mode: the tool on the runner ---------------------------------------------------------

def _is_conllu_line(line: str) -> bool:
    # A CoNLL-U line has tab-separated columns (the reader checks that there are ten and
    # words the error as the original does); trees, M2 and plain text have no tab.
    return "\t" in line


CONLLU = Format("CoNLL-U (tab-separated columns)", _is_conllu_line, comment="#", kinds=frozenset({sniff.CONLLU, sniff.TEXT}))


class CoNLLUTool(Tool):
    """A CoNLL-U drop-in (``command``) as the runner sees it."""

    formats = (CONLLU, CONLLU)
    own_options = OWN_OPTIONS
    metrics_option = True
    loss_label = "LAS words lost"

    def __init__(self, command: Command, run_legacy: Callable[[Command, List[str]], int]) -> None:
        # (``run_legacy``: jp_conll18.legacy's, given by the console modules that build the
        # tool, so that this module and the legacy one do not import each other.)
        self.command = command
        self._run_legacy = run_legacy
        self.prog = command.prog
        self.original = command.original

    # Tool declares ``usage``/``help_text`` as plain attributes; the runner only reads them,
    # so a read-only property built from the parser is a valid override.
    @property
    def usage(self) -> str:  # type: ignore[override]  # read-only: see above
        # One line (argparse wraps it): a usage error is the usage line and the error line.
        return " ".join(build_parser(False, self.command).format_usage().split()) + "\n"

    def default_metrics(self) -> Sequence[str]:
        from .significance import check_metrics

        return check_metrics((), self.command.reader_options(Settings(), False))

    @property
    def help_text(self) -> str:  # type: ignore[override]  # read-only: see usage
        return build_parser(False, self.command).format_help()

    def legacy(self, argv: List[str]) -> int:
        return self._run_legacy(self.command, argv)

    # --- settings: keywords (the Python API) or a command line, one Settings ---------------
    def configure(self, **settings: Any) -> Parsed:
        """The settings from keywords: ``verbose``, ``counts``, ``breakdown``, ``confusion``
        (keys, or one key), and for ``jp_udeval`` also ``enhanced``, ``enhancements``,
        ``no_empty_nodes``, ``multiple_roots_okay`` (docs/jp_conll18.md, "Python API")."""
        return self._parsed("", "", make_settings(self.command.settings, self.prog, **settings))

    def parse(self, argv: List[str]) -> Parsed:
        args = build_parser(False, self.command).parse_args(argv)
        return self.configure(**settings_of(args))._replace(gold=args.gold_file, system=args.system_file)

    def parse_options(self, options: Sequence[str]) -> Parsed:
        return self.configure(**settings_of(build_parser(False, self.command, files=False).parse_args(list(options))))

    def _parsed(self, gold: str, system: str, settings: Settings) -> Parsed:
        return Parsed(gold, system, settings, self.command.options_used(settings),
                      self.command.signature_options(settings))

    # --- the run: the escape hatch ----------------------------------------------------------
    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        """Score one pair: the escape hatch of :class:`jp_shims.tool.Tool`, not the runner's
        stages. Why: the original aligns the words of the whole documents (one character
        stream per file, multi-word tokens and sentences crossing nothing), so the files are
        read side by side as two streams and scored in blocks the word walk closes, exactly
        where the characters agree; only past the first difference are sentences aligned
        (:mod:`jp_conll18.jp`), and a reconciled block may grow until the walk ends cleanly.
        That is not one aligned sentence block at a time, which the stages assume.

        The :class:`~jp_shims.tool.Run` contract as the stages keep it: the report goes
        through ``run.write``, every block is counted (and, when the audit keeps them,
        recorded) in ``audit``, bad input raises :class:`~jp_shims.errors.InputError`
        (``UDError`` is one), and with ``run.statistics`` the per-block statistics of
        significance are returned."""
        from .audit import count_lined_up
        from .evaluation import count_files
        from .reconcile import ReconcileLog
        from .report import format_scores, scores_as_dict
        from .significance import block_vectors, metric_names

        settings = parsed.settings
        reader = self.command.reader_options(settings, False)
        blocks: Optional[list] = [] if run.statistics else None
        breakdown = breakdown_report.requested(settings)
        with collecting(self.command):
            counts = count_files(gold, system, lang=config.lang, log=ReconcileLog(audit=audit),
                                 blocks=blocks, options=reader, config=config, breakdown=breakdown)
        scores = counts.scores()
        count_lined_up(audit, scores)
        text = format_scores(scores, settings.verbose, settings.counts, prints_enhanced(self.command, settings))
        text += breakdown_report.format_tables(breakdown)
        if run.report:
            run.write(text)
        vectors: Any = None
        if blocks is not None:
            vectors = AdditiveStatistics(block_vectors(blocks, reader), 4 * len(metric_names(reader)))
            if breakdown is not None and breakdown.groups:
                # --breakdown with --compare: the per-group figures are tested too
                from jp_shims.significance.groups import GroupedStatistics

                from .significance import BreakdownScoring, block_groups

                vectors = GroupedStatistics(vectors, block_groups(blocks), BreakdownScoring(list(breakdown.groups)))
        return Evaluation({**scores_as_dict(scores), **breakdown_report.as_json(breakdown)}, text, vectors)

    def metric(self, parsed: Parsed, names: Sequence[str] = ()) -> Tuple[Callable[[Any], Any], Sequence[str]]:
        from .significance import check_metrics, metric_function, metric_names

        reader = self.command.reader_options(parsed.settings, False)
        try:
            chosen = check_metrics(names, reader)
        except ValueError as error:
            raise UsageError(f"--metrics: {error}") from None
        return metric_function(chosen, metric_names(reader)), chosen

    def note(self, summary: Summary, evaluation: Evaluation) -> Tuple[Optional[str], Optional[str]]:
        return (summary.describe() + " (characters differ from the gold file's; the system's were reconciled)",
                f"{self.original} stops with UDError on these files")
