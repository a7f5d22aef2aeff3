"""The Python API of jp_conlleval: :func:`evaluate` runs JP mode on a GOLD and a SYSTEM (paths,
open files, lines or ``(token, tag)`` sentences) through the shared runner
(:func:`jp_shims.runner.evaluate`), and returns its :class:`jp_shims.result.Result` as
:class:`Evaluation`, which keeps the attributes of earlier releases (``precision``,
``report()``, ``system_on_gold``, ...) as aliases.

The run streams the two files (:mod:`jp_conlleval.jp`, whose figures are
:class:`jp_conlleval.figures.Figures`).
The guess column placed on the gold tokens and the statistics per gold sentence are the
whole-file placement (:func:`evaluate_files`, :class:`Placed`), made on first use from the
same inputs: the stream places as the whole files do (tests/test_jp_conlleval_stream.py).

Where every system chunk is representable the figures are conlleval's on the merged file made
of the gold lines and the system's chunks re-expressed on the gold tokens (IOB2), so the
report is the one conlleval prints for it. An unrepresentable chunk stays in "found" without
matching (the gold chunk it overlaps stays unmatched); for the accuracy, which is over gold
tokens, it tags the gold tokens it overlaps.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from jp_shims.audit import AlignmentAudit
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError
from jp_shims.inputs import InputFile
from jp_shims.result import Result
from jp_shims.tool import Evaluation as ToolEvaluation
from jp_shims.tool import Parsed, Run

from .reader import Options
from .scoring import Statistics, count_lines, sentence_statistics
from .tagged import TaggedFile, read_tagged, without_gc
from .figures import Figures
from .tool import Conlleval, Settings, file_encoding
from .window import place, sentence_lines

__all__ = ["Evaluation", "evaluate"]


@dataclass
class Placed(Figures):
    """The figures of the whole-file placement (:func:`evaluate_files`), and the columns they
    were counted from."""

    gold_column: List[bytes] = field(default_factory=list)  # the gold tags as scored (after -r/--scheme)
    guess_column: List[bytes] = field(default_factory=list)  # per gold token: the placed system chunks
    # in IOB2, or the system's own tags when the tokens and sentence breaks are the same
    gold_breaks: List[int] = field(default_factory=list)  # first gold token of each sentence, then the number of tokens
    gold_ends_with_break: bool = True  # the gold file's last line is a break (conlleval reads its boundary)
    extra: Dict[int, Statistics] = field(default_factory=dict)  # per gold sentence: what the unrepresentable chunks add

    @property
    def system_on_gold(self) -> List[List[bytes]]:
        """The guess column, per gold sentence."""
        column = self.guess_column
        return [column[a:b] for a, b in zip(self.gold_breaks, self.gold_breaks[1:])]

    def sentence_statistics(self) -> List[Statistics]:
        """Statistics per gold sentence (conlleval's counter, state carried over); their sum
        is :attr:`statistics`."""
        per_sentence = list(sentence_statistics(sentence_lines(self.gold_column, self.guess_column, self.gold_breaks,
                                                               self.gold_ends_with_break)))
        for number, stats in self.extra.items():
            per_sentence[number].add(stats)
        return per_sentence


class Evaluation(Result):
    """What :func:`evaluate` returns: the shared :class:`jp_shims.result.Result` of the run
    (a read-only mapping of the ``--json`` scores, ``.summary``, ``.blocks``, ``.signature``,
    ``.text``, ``.to_json()``: all as ``jp_shims.runner.evaluate("jp_conlleval", ...)`` gives
    them), keeping the attributes of earlier releases as aliases: ``precision``, ``recall``,
    ``f1``, ``accuracy`` (percent, unrounded), :meth:`by_type`, ``statistics`` (conlleval's
    counters), ``unrepresentable``, :meth:`report` (conlleval's bytes),
    :meth:`classification_report`, :meth:`notes`, ``system_on_gold`` and
    :meth:`sentence_statistics`; ``figures`` is the run's :class:`Figures` (``same_tokens``,
    ``system_chunks``, ``cr_lines``, ...)."""

    __slots__ = ("figures", "_placement", "_placed")

    figures: Figures
    _placement: Callable[[], Placed]
    _placed: Optional[Placed]

    def __init__(self, result: Result, figures: Figures, placement: Callable[[], Placed]) -> None:
        super().__init__(result.scores, result.summary, result.blocks, result.signature, result.text,
                         compared=result.compared, tool=result.tool, options=result.options, version=result.version)
        object.__setattr__(self, "figures", figures)
        object.__setattr__(self, "_placement", placement)
        object.__setattr__(self, "_placed", None)

    statistics = property(lambda self: self.figures.statistics)
    unrepresentable = property(lambda self: self.figures.unrepresentable)
    precision = property(lambda self: self.figures.scores.overall.precision)
    recall = property(lambda self: self.figures.scores.overall.recall)
    f1 = property(lambda self: self.figures.scores.overall.fb1)
    accuracy = property(lambda self: self.figures.scores.accuracy)

    def report(self) -> bytes:
        """conlleval's report (``-l``: its LaTeX table), as bytes (``.text`` is it decoded)."""
        return self.figures.report()

    def notes(self) -> List[str]:
        """What JP mode says about this run (one line each)."""
        return self.figures.notes()

    def by_type(self) -> dict:
        """``{type: Score}`` with types as text."""
        return {kind.decode("utf-8", "surrogateescape"): score
                for kind, score in self.figures.scores.by_type.items()}

    def classification_report(self, digits: int = 2) -> str:
        """A seqeval-style table: per type, then micro, macro and weighted averages
        (fractions; support = gold chunks)."""
        rows = [(name, s.precision / 100, s.recall / 100, s.fb1 / 100, s.found_gold)
                for name, s in self.by_type().items()]
        overall = self.figures.scores.overall
        support = sum(row[4] for row in rows)
        count = len(rows) or 1
        macro = tuple(sum(row[k] for row in rows) / count for k in (1, 2, 3))
        weighted = tuple(sum(row[k] * row[4] for row in rows) / support if support else 0.0 for k in (1, 2, 3))
        averages = [("micro avg", overall.precision / 100, overall.recall / 100, overall.fb1 / 100, support),
                    ("macro avg", *macro, support), ("weighted avg", *weighted, support)]
        width = max([len(name) for name, *_ in rows + averages] + [digits])
        head = f"{'':>{width}}  {'precision':>9} {'recall':>9} {'f1-score':>9} {'support':>9}\n\n"
        line = f"{{:>{width}}}  {{:>9.{digits}f}} {{:>9.{digits}f}} {{:>9.{digits}f}} {{:>9}}\n"
        body = "".join(line.format(*row) for row in rows)
        return head + body + "\n" + "".join(line.format(*row) for row in averages)

    def _whole(self) -> Placed:
        # (Placed on first use: a run that asks for no column reads its inputs once.)
        if self._placed is None:
            object.__setattr__(self, "_placed", self._placement())
        assert self._placed is not None
        return self._placed

    @property
    def system_on_gold(self) -> List[List[bytes]]:
        """The system's chunks on the gold tokens (IOB2; the system's own tags where the
        tokens and sentence breaks are the same), per gold sentence."""
        return self._whole().system_on_gold

    def sentence_statistics(self) -> List[Statistics]:
        """Statistics per gold sentence (conlleval's counter, state carried over); their sum
        is :attr:`statistics`."""
        return self._whole().sentence_statistics()


Side = Any  # a path, an open file, lines, or sentences of (token, tag) pairs


class _Kept(Conlleval):
    """The tool, keeping what its one run read and counted (an instance a call): the
    runner's result holds the scores, :class:`Evaluation` the figures and the inputs too."""

    kept: Optional[Tuple[Figures, Settings, InputFile, InputFile, AlignConfig]] = None

    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> ToolEvaluation:
        evaluation = super().evaluate(parsed, gold, system, config, audit, run)
        self.kept = (evaluation.details, parsed.settings, gold, system, config)
        return evaluation


def evaluate(gold: Side, system: Side, *, delimiter: Union[str, bytes, None] = None, raw: bool = False,
             outside: Union[str, bytes] = "O", latex: bool = False, scheme: Optional[str] = None,
             encoding: Optional[str] = None, lang: Optional[str] = None) -> Evaluation:
    """Score ``system`` against ``gold`` in JP mode, as ``jp_conlleval GOLD SYSTEM`` does:
    each a path (``str``/``os.PathLike``), an open file, an iterable of the file's lines, or a
    list of sentences of ``(token, tag)`` pairs (held in memory as lines: the token, a space
    -- with ``delimiter``, a separator it splits on --, the tag; a blank line after each
    sentence); the two sides may tokenize and sentence-split the same text differently. The
    settings are ``jp_conlleval``'s options (``-d``, ``-r``, ``-o``, ``-l``, ``--scheme``,
    ``--encoding``; ``lang``: the alignment's language). Returns an :class:`Evaluation`, the
    result of :func:`jp_shims.runner.evaluate` on the same inputs. Bad input raises
    :class:`jp_shims.errors.InputError` (a ``ValueError``) with ``.path`` and ``.line``;
    where JP mode changed anything a :class:`jp_shims.JPAlignmentWarning` is issued.

    >>> gold = [[("Anna", "B-PER"), ("Holm", "I-PER"), ("visited", "O"), ("Oslo-Bergen", "B-LOC")]]
    >>> system = [[("AnnaHolm", "B-PER"), ("visited", "O"), ("Oslo", "B-LOC"), ("-", "O"),
    ...            ("Bergen", "B-LOC")]]
    >>> result = evaluate(gold, system)
    >>> round(result.precision, 2), round(result.recall, 2), round(result.f1, 2)
    (33.33, 50.0, 40.0)
    >>> result["fb1"] == result.f1, result.text == result.report().decode()
    (True, True)
    >>> [str(chunk) for chunk in result.unrepresentable]
    ["<system>:3: system chunk [LOC Oslo] ends inside the gold token 'Oslo-Bergen'", "<system>:5: system chunk [LOC Bergen] starts inside the gold token 'Oslo-Bergen'"]
    >>> print(result.report().decode(), end="")
    processed 4 tokens with 2 phrases; found: 3 phrases; correct: 1.
    accuracy: 100.00%; precision:  33.33%; recall:  50.00%; FB1:  40.00
                  LOC: precision:   0.00%; recall:   0.00%; FB1:   0.00  2
                  PER: precision: 100.00%; recall: 100.00%; FB1: 100.00  1
    >>> result.system_on_gold
    [[b'B-PER', b'I-PER', b'O', b'O']]
    >>> print(result.classification_report())
                  precision    recall  f1-score   support
    <BLANKLINE>
             LOC       0.00      0.00      0.00         1
             PER       1.00      1.00      1.00         1
    <BLANKLINE>
       micro avg       0.33      0.50      0.40         2
       macro avg       0.50      0.50      0.50         2
    weighted avg       0.50      0.50      0.50         2
    <BLANKLINE>
    """
    from jp_shims.runner import evaluate as run

    tool = _Kept()
    separator = _separator(delimiter)
    result = run(tool, _as_lines(gold, "<gold>", separator), _as_lines(system, "<system>", separator), lang=lang,
                 delimiter=delimiter, raw=raw, outside=outside, latex=latex, scheme=scheme, encoding=encoding)
    assert tool.kept is not None
    figures, settings, gold_file, system_file, config = tool.kept
    return Evaluation(result, figures, lambda: _placed(gold_file, system_file, settings, config))


def _separator(delimiter: Union[str, bytes, None]) -> Callable[[str, str], Optional[str]]:
    """How a ``(token, tag)`` pair is written as a line that reads back as that pair under
    ``delimiter`` (None: it cannot be)."""
    if delimiter is None:
        def plain(token: str, tag: str) -> Optional[str]:
            line = f"{token} {tag}"
            return line if line.split() == [token, tag] else None
        return plain
    from .fields import compile_splitter
    from .pattern_errors import PerlPatternError

    raw = delimiter if isinstance(delimiter, bytes) else os.fsencode(delimiter)
    try:
        split = compile_splitter(raw)
    except PerlPatternError:
        return lambda token, tag: None  # (the run says what is wrong with the pattern)
    text = os.fsdecode(raw)
    separators = [sep for sep in (text, "\t", " ", "|", ",") if split(f"a{sep}b".encode()) == [b"a", b"b"]]

    def delimited(token: str, tag: str) -> Optional[str]:
        for sep in separators:
            line = f"{token}{sep}{tag}"
            if split(line.encode("utf-8", "surrogateescape")) == [token.encode("utf-8", "surrogateescape"),
                                                                  tag.encode("utf-8", "surrogateescape")]:
                return line
        return None
    return delimited


def _as_lines(value: Side, label: str, separator: Callable[[str, str], Optional[str]]) -> Side:
    """``value`` as the runner takes it: sentences of ``(token, tag)`` pairs as lines in
    memory, anything else as it is."""
    if isinstance(value, (str, bytes, os.PathLike)) or hasattr(value, "read"):
        return value
    items = list(value)
    if not items or all(isinstance(item, (str, bytes)) for item in items):
        return items  # (lines of the file)
    lines: List[str] = []
    for sentence in items:
        for token, tag in sentence:
            line = separator(token, tag)
            if line is None:
                raise InputError(label, len(lines) + 1, f"the pair ({token!r}, {tag!r}) cannot be written as a"
                                 " line of conlleval's columns (its token or tag holds the field delimiter)")
            lines.append(line)
        lines.append("")
    return lines


def _placed(gold: InputFile, system: InputFile, settings: Settings, config: AlignConfig) -> Placed:
    """The whole-file placement of a run's inputs (read again: a path from its file)."""
    def read(file: InputFile) -> TaggedFile:
        with file.open() as stream:
            data = stream.read()
        return read_tagged(data, file.name, settings.options.delimiter, file_encoding(file, settings.fallback))
    return evaluate_files(read(gold), read(system), settings.options, settings.scheme, config)


def evaluate_files(gold: TaggedFile, system: TaggedFile, options: Options,
                   scheme: Optional[str] = None, config: Optional[AlignConfig] = None) -> Placed:
    """Place and count two files already read, whole (``config``: the alignment's settings)."""
    with without_gc():
        return _evaluate_files(gold, system, options, scheme, config or AlignConfig())


def _evaluate_files(gold: TaggedFile, system: TaggedFile, options: Options, scheme: Optional[str],
                    config: AlignConfig) -> Placed:
    window = place(gold, system, options, scheme, config)
    assert window is not None  # (only a stretch cut from longer files can be refused)
    statistics = count_lines(window.lines())
    projection = window.projection
    # (Same tokens: the system's own tags are scored, as conlleval reads them; nothing placed.)
    extra = {} if window.same else window.extra()
    for stats in extra.values():
        statistics.add(stats)
    return Placed(statistics, [] if window.same else projection.unrepresentable, options, scheme,
                  gold.sentence_count, system.sentence_count, window.system_chunks, projection.blocks,
                  window.same, window.loose, (gold.cr_lines, system.cr_lines), (gold.name, system.name),
                  gold_column=window.gold_tags, guess_column=window.guess_tags, gold_breaks=gold.breaks,
                  gold_ends_with_break=gold.ends_with_break, extra=extra)
