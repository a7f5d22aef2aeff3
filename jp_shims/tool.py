"""What a drop-in gives the shared runner, and what the runner and the Python API give back.

A tool author needs this module and no other part of the run: subclass :class:`Tool` (the
legacy entry, the tool's options, its input formats, its alignment defaults, an ``evaluate``
that reads, aligns and scores one gold/system pair, its metric over the statistics, the
wording of its note); ``Tool.parse`` returns a :class:`Parsed`, ``Tool.evaluate`` an
:class:`Evaluation`, whose statistics of significance are :class:`AdditiveStatistics` (count
vectors that add up) or :class:`ChoiceStatistics` (per-annotator candidates); the Python API
returns a :class:`Result`. The run itself -- options, errors, JSON, report, note -- is
:mod:`jp_shims.runner`'s, and every name here can be imported from there too.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from .audit import AlignmentAudit, Summary
from .cli import HelpEntry, help_section
from .config import LANGUAGES, AlignConfig
from .errors import UsageError
from .inputs import Format, InputFile
from .result import Result  # (the Python API's result; defined in jp_shims.result)

__all__ = ["Write", "Parsed", "AdditiveStatistics", "ChoiceStatistics", "Statistics", "Evaluation", "Tool",
           "Result"]

Write = Callable[[str], object]  # where evaluate writes the original's report (stdout, a buffer)


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
