"""What a drop-in gives the shared runner, and what the runner and the Python API give back.

A tool author needs this module and :mod:`jp_shims.stages`, no other part of the run. A tool
gives what is its own:

* its settings, from keyword arguments (:meth:`Tool.configure`, the Python API) or from a
  command line (:meth:`Tool.parse`, which parses argv into the same settings and nothing
  else): a :class:`Parsed`;
* its run: the stages the runner drives -- a subclass of
  :class:`jp_shims.stages.StagedTool` reads a file into units, gives a unit's tokens, scores
  one aligned block (a :class:`BlockScore`), combines the blocks' statistics in order and
  makes the original's report from the totals (an :class:`Evaluation`) -- or, for a tool
  whose reading must stream whole documents (conlleval, conll18: the escape hatch),
  :meth:`Tool.evaluate` itself, on the same :class:`Run` contract;
* its metric over the statistics of significance (:class:`AdditiveStatistics`, count vectors
  that add up, or :class:`ChoiceStatistics`, per-annotator candidates), the wording of its
  note, the options that change its alignment (:meth:`Tool.align_config`) and its fields of
  the signature (:meth:`Tool.signature_extra`).

The run itself -- options, errors, JSON, report, note, signature -- is
:mod:`jp_shims.runner`'s; the Python API returns a :class:`jp_shims.result.Result`.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from .audit import AlignmentAudit, Summary
from .cli import HelpEntry, help_section
from .config import LANGUAGES, AlignConfig
from .errors import UsageError
from .inputs import Format, InputFile

__all__ = ["Write", "Run", "Parsed", "AdditiveStatistics", "ChoiceStatistics", "Statistics", "Evaluation",
           "BlockScore", "Tool"]

Write = Callable[[str], object]  # where a run writes the original's report (stdout, a buffer)


def _discard(text: str) -> None:
    return None


class Run(NamedTuple):
    """What one run asks of a tool, instead of a ``write`` that may be None.

    ``output`` says what the run produces: ``"text"`` (the original's report on standard
    output), ``"json"`` (one JSON document: no report text), ``"api"`` (a
    :class:`Result`, whose ``.text`` is the report) or ``"compared"`` (a system of
    ``--compare``: only its scores and statistics). ``write`` takes the report text as it is
    made (it discards it when no report is wanted). ``streaming``: ``write`` goes straight to
    standard output, so the tool keeps nothing the report does not need (memory stays flat).
    ``statistics``: the per-unit statistics of significance are asked for.
    """

    output: str = "api"
    write: Write = _discard
    streaming: bool = False
    statistics: bool = False

    @property
    def report(self) -> bool:
        """Whether the original's report text is wanted (text and API runs)."""
        return self.output in ("text", "api")


class Parsed(NamedTuple):
    """A tool's settings: what :meth:`Tool.configure` (keywords) and :meth:`Tool.parse`
    (argv) return. ``gold`` and ``system`` are the input files a command line names (empty
    in the Python API, which is given its inputs beside the settings)."""

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


class BlockScore(NamedTuple):
    """What :meth:`Tool.score_block` makes of one aligned block.

    ``statistics``: the block's statistics (a count vector for tools whose blocks add up; a
    candidate count triple per annotator for tools that choose an annotator per sentence),
    what :meth:`Tool.combine` folds and significance resamples. ``figures``, ``loss``,
    ``groups``, ``details``, ``edits``: the block's record as the listing, the JSON and the
    report show it (:class:`jp_shims.records.BlockRecord`; the runner builds it, and only
    for blocks JP mode changed). ``retokenized``: a 1:1 block whose tokens differ.
    ``text``: the original's report lines of this block (evalb's line per sentence), written
    in order as the blocks are scored. ``kind`` and ``reason``: the block's kind and reason as
    recorded, where the tool's scoring decides them (None: the alignment's; evalb records a
    1:1 block it scored as it stands as exact, and adds its scoring note to the reason).
    """

    statistics: Any
    figures: Mapping[str, Any] = {}
    loss: Optional[float] = None
    retokenized: bool = False
    groups: Sequence[Any] = ()
    details: Sequence[str] = ()
    edits: Sequence[Any] = ()
    text: str = ""
    kind: Optional[str] = None
    reason: Optional[str] = None


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
    # Caveats about the figures themselves, whatever the alignment did (each printed as a
    # note line of its own): e.g. per-type figures over two annotation schemes.
    advisories: Sequence[str] = ()


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

    def input_formats(self, parsed: "Parsed") -> Tuple[Optional[Format], Optional[Format]]:
        """The formats the run's inputs are checked against (gold, system): :attr:`formats`,
        unless the options change what a line of the format looks like (conlleval's -d)."""
        return self.formats

    def legacy(self, argv: List[str]) -> int:
        raise UsageError(f"--legacy: there is no original of {self.prog} to reproduce; JP mode is the only mode")

    # --- settings ---------------------------------------------------------------------------
    def configure(self, **settings: Any) -> Parsed:
        """The tool's settings from keyword arguments (the Python API): the same object
        :meth:`parse` makes of a command line. A keyword the tool does not know is a
        ``TypeError``; a bad value a :class:`UsageError` (a ``ValueError``)."""
        raise NotImplementedError

    def parse(self, argv: List[str]) -> Parsed:
        """The tool's settings and its input files from a command line (JP mode): the
        command line parsed into the settings :meth:`configure` makes, and nothing else."""
        raise NotImplementedError

    def parse_options(self, options: Sequence[str]) -> Parsed:
        """The settings from the tool's command-line options alone (no input files): the
        Python API's ``options=``, for users who have the options of a script at hand."""
        raise NotImplementedError

    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        """Read, align and score one pair. A tool on the runner's stages subclasses
        :class:`jp_shims.stages.StagedTool`, whose ``evaluate`` is the runner's loop; a tool
        whose reading must stream whole documents (the escape hatch) implements this: it
        writes the report through ``run.write`` (when ``run.report``), counts every block in
        ``audit``, raises :class:`InputError` for bad input and, with ``run.statistics``,
        returns the per-unit statistics of significance."""
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

    def json_options(self, parsed: Parsed) -> Mapping[str, Any]:
        """The JSON document's ``options`` (default: :attr:`Parsed.options`; evalb's also
        names the input files, ``parsed.gold`` and ``parsed.system``)."""
        return parsed.options

    def align_config(self, parsed: Parsed, config: AlignConfig) -> AlignConfig:
        """``config`` as the tool's own options change it (jp_preprocess_eval's ``--casefold``
        and ``--threshold``); the runner applies it before the run and the signature."""
        return config

    def signature_extra(self, parsed: Parsed) -> Mapping[str, object]:
        """The tool's own fields of the signature, after the common ones (none by default)."""
        return {}

    def signature(self, parsed: Parsed, config: AlignConfig) -> str:
        """The signature of a run: built here only, from ``config`` (as
        :meth:`align_config` left it), the options that change figures and the tool's extra
        fields."""
        from .signature import signature

        return signature(self.prog, params=parsed.params, options=list(parsed.signature_options),
                         **config.signature_fields(), extra=dict(self.signature_extra(parsed)) or None)

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
            from .significance.cli import help_entries

            entries += help_entries(metrics=self.metrics_option, default_metrics=self.default_metrics())
        return self.help_text + help_section(entries, self.original)
