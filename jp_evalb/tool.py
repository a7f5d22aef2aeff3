"""jp_evalb and jp_evalb_spmrl on the shared runner (:mod:`jp_shims.runner`).

One tool class for both programs: the :class:`~jp_evalb.variant.Variant` says which of evalb
or evalb_spmrl it reproduces. The tool supplies evalb's options (parsed by
:mod:`jp_evalb.args`), the bracketed-tree format, the stages of a run on one pair of files
(evalb's pairing, :mod:`jp_evalb.pairing`; a block's score and the summary, :mod:`jp_evalb.jp`),
the metric of significance (:mod:`jp_evalb.significance`) and legacy mode
(:mod:`jp_evalb.legacy`, unchanged); the runner does the rest.
"""
from __future__ import annotations

import os
import sys
from typing import Any, Callable, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple, TypeVar, Union

from jp_shims.audit import AlignmentAudit
from jp_shims import encodings
from jp_shims.cli import help_section, take_flag, take_value
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError, UsageError
from jp_shims import sniff
from jp_shims.inputs import Format, InputFile
from jp_shims.stages import StagedTool, run_stages
from jp_shims.tool import AdditiveStatistics, BlockScore, Evaluation, Parsed, Run, Statistics

from .args import Options, Usage, parse_evalb_args, split_extra
from .jp import ALIGN_CONFIG
from .params import BUILTIN_NAMES, BadValue, FatalError, Params, c_int, read_parameter_file
from .variant import EVALB, SPMRL, RunFlags, Variant

T = TypeVar("T")
# evalb_spmrl's own settings (-K, -L/-l, -X, -V), keywords of configure beside evalb's.
SPMRL_SETTINGS = ("limit", "compact", "count_skipped", "name_files")

TREES = Format("bracketed trees, one per line (evalb's format)", lambda line: line.lstrip().startswith("("),
               kinds=frozenset({sniff.TREES, sniff.TEXT}))
# -p is evalb's option; the names it also takes are ours (shipped in jp_evalb/params).
PARAMETER_SETS_HELP = ("-p NAME", "besides a parameter file, one of the parameter sets shipped with jp-shims: "
                       + ", ".join(BUILTIN_NAMES) + " (used when no file of that name exists; docs/jp_evalb.md)")
PER_LABEL_HELP = ("--per-label", "after the summary, a table per constituent label and POS tag (also in --json)")
INSTALL_SHIM_HELP = ("--install-shim DIR", "write DIR/evalb and the parameter files beside it, for tools calling "
                     "EVALB/evalb by path (--spmrl: DIR/evalb_spmrl; --force: replace files it did not write)")


class Settings(NamedTuple):
    """What :meth:`EvalbTool.parse` gives ``evaluate``: evalb's options and ours."""

    options: Options
    per_label: bool
    fallback: str = encodings.FALLBACK  # --encoding: how a file that is not UTF-8 is read


class EvalbTool(StagedTool):
    """evalb (``EVALB``) or evalb_spmrl (``SPMRL``), as the runner sees it."""

    labels = ("gold", "test")
    formats = (TREES, TREES)
    config = ALIGN_CONFIG
    own_options = (encodings.HELP_ENTRY,)
    loss_label = "brackets lost"
    # The report's score box: evalb's summary begins with the unlabelled total row of its
    # per-sentence table (whose column header the summary does not repeat).
    report_caption = ("<b>Scores</b> &mdash; the summary as evalb prints it. The unlabelled row of numbers under "
                      "the first rule totals evalb's per-sentence table: bracket recall, bracket precision, "
                      "matched brackets, gold brackets, test brackets, crossing brackets, words, correct tags, "
                      "tagging accuracy. Below it: all sentences, then those up to the length cut-off (-c).")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.prog = variant.prog
        self.original = variant.original
        letters = "".join(sorted(set("dDh" + variant.flag_letters)))
        spmrl = " [-K n]" if variant.flag_letters else ""
        self.usage = (f"usage: {variant.prog} [-{letters}] [-c n] [-e n]{spmrl} [-p param_file] [JP options] "
                      "gold-file test-file")
        self.help_text = variant.usage

    def help(self) -> str:
        # --per-label is no option of JP mode alone (legacy mode takes it too): it is shown
        # here, not listed among the tool's JP-only options.
        text = super().help()
        extra = [PARAMETER_SETS_HELP, PER_LABEL_HELP] + ([] if self.variant.status_file else [INSTALL_SHIM_HELP])
        return text + help_section(extra).split("\n", 2)[-1]

    def legacy(self, argv: List[str]) -> int:
        from .legacy import run_legacy

        extra = split_extra(["--legacy", *argv], self.variant)
        return run_legacy(extra.rest, extra, sys.stdout, sys.stderr)

    # --- settings: keywords (the Python API) and argv (the command line) give one Parsed ---------
    def configure(self, *, param_file: Optional[Union[str, "os.PathLike[str]"]] = None,
                  cutoff_len: Optional[int] = None, max_error: Optional[int] = None, debug: Optional[int] = None,
                  per_label: bool = False, encoding: Optional[str] = None, **spmrl: Any) -> Parsed:
        """evalb's settings from keywords (docs/jp_evalb.md, "Python API"): ``param_file``
        (``-p``: a path or a shipped set such as ``"COLLINS"``; read first, so that the
        keywords below override its values), ``cutoff_len`` (``-c``), ``max_error`` (``-e``),
        ``debug`` (0: none; 1: ``-d``; 2: ``-D``), ``per_label``, ``encoding`` (``--encoding``);
        evalb_spmrl also takes ``limit`` (``-K``, -1: all lines), ``compact`` (``"L"``,
        ``"l"`` or ``""``), ``count_skipped`` (``-X``) and ``name_files`` (``-V``)."""
        unknown = sorted(set(spmrl) - set(SPMRL_SETTINGS if self.variant.flag_letters else ()))
        if unknown:
            raise TypeError(f"{self.prog}: unknown setting {unknown[0]!r}")
        fallback = encodings.parse_encoding(_text("encoding", encoding))
        params = Params(variant=self.variant)
        warnings: List[str] = []
        name = None
        if param_file is not None:
            if not isinstance(param_file, (str, os.PathLike)):
                raise UsageError(f"param_file: a path or a parameter set's name, not {type(param_file).__name__}")
            name = os.fspath(param_file)
            params = self._evalb_options(lambda: _parameter_file(params, name, fallback, warnings))
        if debug is not None and (debug not in (0, 1, 2) or isinstance(debug, bool)):
            raise UsageError(f"debug: 0, 1 (-d) or 2 (-D), not {debug!r}")
        changes = {"cutoff_len": _integer("cutoff_len", cutoff_len), "max_error": _integer("max_error", max_error),
                   "debug": debug}
        params = params.with_(**{key: value for key, value in changes.items() if value is not None})
        flags = RunFlags()
        if spmrl:
            compact = spmrl.get("compact", "")
            if compact not in ("", "L", "l"):
                raise UsageError(f"compact: \"L\" (all sentences), \"l\" (len<=N) or \"\", not {compact!r}")
            limit = _integer("limit", spmrl.get("limit", -1))
            flags = RunFlags(-1 if limit is None else limit, compact, _flag("count_skipped", spmrl),
                             _flag("name_files", spmrl))
        if not isinstance(per_label, bool):
            raise UsageError(f"per_label: True or False, not {per_label!r}")
        return self._parsed(Options(params, None, None, name, flags), per_label, fallback, warnings)

    def parse(self, argv: List[str]) -> Parsed:
        return self._read(argv, files=True)

    def parse_options(self, options: Sequence[str]) -> Parsed:
        return self._read(list(options), files=False)

    def _read(self, argv: List[str], files: bool) -> Parsed:
        """The settings of a command line (``files``: with the gold and test files)."""
        argv = list(argv)
        per_label = take_flag(argv, "--per-label")
        encoding, missing = take_value(argv, encodings.OPTION)
        if missing:
            raise UsageError(f"{encodings.OPTION} needs an encoding")
        fallback = encodings.parse_encoding(encoding)
        # evalb's warnings while reading the options are printed once they have all been
        # read: a bad value ends the run with its one error line alone.
        warnings: List[str] = []
        options = self._evalb_options(lambda: parse_evalb_args(argv, warnings.append, "utf-8", strict=True,
                                                               variant=self.variant, fallback=fallback))
        if files and (options.gold is None or options.test is None):
            raise UsageError(f"missing {'gold' if options.gold is None else 'test'} file argument")
        if not files and options.gold is not None:
            raise UsageError(f"{options.gold}: the options alone, without the input files, are expected here")
        return self._parsed(options, per_label, fallback, warnings)

    def _evalb_options(self, read: Callable[[], T]) -> T:
        """``read()``, evalb's errors as the runner's: a usage error, or a parameter file's
        bad input."""
        try:
            return read()
        except Usage as usage:
            if usage.status == 1:
                raise UsageError(f"{usage.argument}: -h asks for the help: {self.prog} -h") from None
            raise UsageError(f"unrecognized option '{usage.argument}'") from None
        except BadValue as bad:
            if bad.where.startswith("-"):  # an option's value
                raise UsageError(f"{bad.where}: {bad.message}") from None
            name, _, line = bad.where.rpartition(":")
            raise InputError(name, int(line) if line.isdigit() else None, bad.message) from None
        except FatalError as fatal:
            name = fatal.message.split("(", 1)[-1].rsplit(")", 1)[0]
            raise InputError(name, None, "cannot open parameter file") from None

    def _parsed(self, options: Options, per_label: bool, fallback: str, warnings: List[str]) -> Parsed:
        """The one :class:`Parsed` of both ways in."""
        sys.stderr.write("".join(warnings))
        from .signature import figure_options, options_document, parameter_file

        status_file = self.variant.status_file and not options.flags.compact
        # (The files are the Parsed's, as given; the run reads the InputFiles it is handed.)
        settings = Settings(options._replace(gold=None, test=None), per_label, fallback)
        return Parsed(options.gold or "", options.test or "", settings,
                      options_document(options), figure_options(options) + encodings.signature_option(fallback),
                      outputs=["status"] if status_file else [], params=parameter_file(options))

    def json_options(self, parsed: Parsed) -> Mapping[str, Any]:
        # (evalb's document names the input files, as the run names them)
        return {**parsed.options, "gold": parsed.gold, "test": parsed.system}

    # --- the run: the runner's stages (jp_shims.stages.run_stages) -------------------------------
    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        """The runner's loop (:func:`jp_shims.stages.run_stages`) over evalb's stages, with
        evalb's per-line messages on stderr: under --strict they wait for the end of the run,
        and a run that --strict stops prints its one error line alone."""
        held: List[str] = []
        evaluation = self.staged(parsed, gold, system, config, audit, run,
                                 held.append if config.strict else sys.stderr.write)
        if held and not (audit.unaligned_gold or audit.unaligned_system):
            sys.stderr.write("".join(held))
        return evaluation

    def staged(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
               audit: AlignmentAudit, run: Run, message: Callable[[str], object]) -> Evaluation:
        """One run of the stages, evalb's per-line messages given to ``message``. The run's
        state (:class:`jp_evalb.jp.EvalbRun`: evalb's tables, the per-label tally, the open
        inputs) is made here rather than in :meth:`prepare_run`, so that the inputs it opens
        are closed however the run ends."""
        from .jp import EvalbRun

        settings: Settings = parsed.settings
        state = EvalbRun(settings.options, config, run, message, settings.per_label, settings.fallback)
        try:
            return run_stages(self, parsed._replace(settings=state), gold, system, config, audit, run)
        finally:
            state.close()

    def prepare_run(self, parsed: Parsed, config: AlignConfig, normalizer: Any, records: bool) -> Parsed:
        parsed.settings.records = records
        return parsed

    def read_inputs(self, parsed: Parsed, gold: InputFile, system: InputFile) -> Tuple[Iterable[Any], Iterable[Any]]:
        from .sentences import read_sentences

        state = parsed.settings
        streams = state.open(gold, system)
        (gold_name, test_name), (gold_encoding, test_encoding) = state.names, state.encodings
        return (read_sentences(streams[0], gold_name, state.read_options, gold_encoding),
                read_sentences(streams[1], test_name, state.read_options, test_encoding))

    def pair_units(self, parsed: Parsed, gold: Iterable[Any], system: Iterable[Any],
                   options: Dict[str, Any]) -> Iterable[Tuple[Any, Sequence[Any], Sequence[Any]]]:
        """evalb's pairing (:mod:`jp_evalb.pairing`): a pair of lines evalb accepts is scored
        where it stands, exactly as evalb scores it -- its skip lines (a test line without
        words), its Error sentences, the sentences counted toward the ``-e`` error limit,
        ``-K`` -- so that lined-up input prints evalb's bytes; the trees are aligned only from
        a pair evalb rejects."""
        from .pairing import pair_units

        state = parsed.settings
        eq_words = state.params.eq_words
        if eq_words:  # (the exception table extended by the parameter file's EQ_WORD pairs)
            options = dict(options, normalizer=options["normalizer"].extended(token_map={b: a for a, b in eq_words}))
        state.alignment_options = options
        return pair_units(state, iter(gold), iter(system))

    def tokens(self, unit: Any) -> Sequence[str]:
        return unit.text

    def unit_lines(self, unit: Any) -> Tuple[int, int]:
        return unit.number, unit.number

    def score_block(self, parsed: Parsed, block: Any, gold: Sequence[Any], system: Sequence[Any],
                    config: AlignConfig) -> BlockScore:
        return parsed.settings.score(block, gold, system)

    def combine(self, parsed: Parsed, scores: Iterable[BlockScore], run: Run) -> Any:
        from .jp import combine

        return combine(parsed.settings, scores, run)

    def report(self, parsed: Parsed, totals: Any, run: Run) -> Evaluation:
        from .jp import report

        state = parsed.settings
        run_totals, records = totals
        scores, headline = report(state, run_totals, records, run)
        read = dict(zip(state.names, state.encodings))
        notes = [encodings.fallback_note(name, encoding, self.original)
                 for name, encoding in read.items() if encoding != encodings.UTF8]
        return Evaluation(scores, headline, advisories=notes)

    def written(self, parsed: Parsed, headline: str) -> str:
        # (evalb's summary and per-label table in the encoding of the inputs it echoes)
        return encodings.as_written(headline, parsed.settings.encoding)

    def block_statistics(self, parsed: Parsed, blocks: Sequence[Tuple[Tuple[int, int], Any]]) -> Statistics:
        from .jp import WIDTH, score_vector

        cutoff = parsed.settings.params.cutoff_len
        return AdditiveStatistics([(extent, score_vector(score, cutoff)) for extent, score in blocks], WIDTH)

    def metric(self, parsed: Parsed, names: Sequence[str] = ()) -> Tuple[Callable[[Any], Any], Sequence[str]]:
        from .significance import METRICS, metric_function

        return metric_function, METRICS


def _text(name: str, value: Any) -> Optional[str]:
    if value is not None and not isinstance(value, str):
        raise UsageError(f"{name}: a string, not {type(value).__name__}")
    return value


def _integer(name: str, value: Any) -> Optional[int]:
    """A setting evalb reads as a C int (None: not given)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(f"{name}: an integer, not {value!r}")
    try:
        return c_int(str(value))
    except ValueError as exc:
        raise UsageError(f"{name}: value {exc}") from None


def _flag(name: str, settings: Mapping[str, Any]) -> bool:
    value = settings.get(name, False)
    if not isinstance(value, bool):
        raise UsageError(f"{name}: True or False, not {value!r}")
    return value


def _parameter_file(params: Params, name: str, fallback: str, warnings: List[str]) -> Params:
    """``params`` after the parameter file ``name`` (as ``-p NAME`` reads it)."""
    params, found = read_parameter_file(params, name, "utf-8", strict=True, fallback=fallback)
    warnings.extend(found)
    return params


TOOL = EvalbTool(EVALB)
SPMRL_TOOL = EvalbTool(SPMRL)


def scored_blocks(gold: str, test: str, params: Params, lang: str = "en") -> list:
    """Every line or block JP mode scores for ``gold``/``test`` with ``params``, as
    ``((first, stop) gold line numbers, vector)``: the statistics ``evaluate`` gives the
    runner, for callers outside a run. Raises :class:`jp_shims.errors.InputError` for bad
    input; evalb's per-line messages are not printed."""
    from jp_shims.audit import AlignmentAudit
    from jp_shims.inputs import InputFile
    from jp_shims.tool import Parsed, Run

    from .jp import ALIGN_CONFIG

    tool = TOOL if params.variant is TOOL.variant else SPMRL_TOOL
    parsed = Parsed(gold, test, Settings(Options(params, None, None), False), {})
    evaluation = tool.staged(parsed, InputFile(gold, gold), InputFile(test, test), ALIGN_CONFIG.with_(lang=lang),
                             AlignmentAudit(gold, test), Run("compared", statistics=True), _ignore)
    return list(evaluation.statistics.blocks)


def _ignore(_text: str) -> None:
    pass


__all__ = ["SPMRL_TOOL", "TOOL", "EvalbTool", "scored_blocks"]
