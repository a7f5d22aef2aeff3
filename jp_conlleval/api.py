"""The Python API of jp_conlleval (:func:`evaluate`, :class:`Evaluation`): JP mode on a GOLD
and a SYSTEM given whole (paths, open files, lines or ``(token, tag)`` sentences): read each
side, place the system's chunks on the gold tokens, count with conlleval's counter. The
command line streams the same placement over two files (:mod:`jp_conlleval.jp`, whose result
is :class:`Figures`); ``jp_shims.runner.evaluate("jp_conlleval", ...)`` runs that.

Where every system chunk is representable the figures are conlleval's on the merged file made
of the gold lines and the system's chunks re-expressed on the gold tokens (IOB2), so the
report is the one conlleval prints for it. An unrepresentable chunk stays in "found" without
matching (the gold chunk it overlaps stays unmatched); for the accuracy, which is over gold
tokens, it tags the gold tokens it overlaps.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from jp_shims.config import AlignConfig

from .projection import Unrepresentable
from .reader import Options
from .scoring import Scores, Statistics, count_lines, scores, scores_document, sentence_statistics
from .tagged import TaggedFile, read_tagged, tagged_from_pairs, without_gc
from .window import place, sentence_lines
from .writer import report

Side = Union[str, "os.PathLike[str]", Any, Sequence[str], Sequence[Sequence[Tuple[str, str]]]]


@dataclass
class Figures(Mapping):
    """conlleval's figures of a JP-mode run and what its note says (a run over files
    streams them and keeps only these; :class:`Evaluation` adds the columns).

    A read-only mapping of the scores as the ``--json`` document holds them
    (``result["fb1"]``, ``result["types"]["PER"]``, ``dict(result)``), as every jp-shims
    scorer's result is (:class:`jp_shims.result.Result`); the attributes stay."""

    statistics: Statistics
    unrepresentable: List[Unrepresentable]
    options: Options
    scheme: Optional[str]
    gold_sentences: int
    system_sentences: int
    system_chunks: int
    blocks: int
    same_tokens: bool  # same tokens and sentence breaks: the system's own tags were used
    chunks_as_conlleval_reads: Tuple[int, int] = (0, 0)  # (gold, system) without --scheme
    cr_lines: Tuple[int, int] = (0, 0)
    names: Tuple[str, str] = ("gold", "system")
    _scores: Optional[Scores] = field(default=None, repr=False)

    @property
    def scores(self) -> Scores:
        if self._scores is None:
            self._scores = scores(self.statistics)
        return self._scores

    def _document(self) -> dict:
        return scores_document(self.statistics, self.unrepresentable)

    def __getitem__(self, key: str):
        return self._document()[key]

    def __iter__(self):
        return iter(self._document())

    def __len__(self) -> int:
        return len(self._document())

    @property
    def precision(self) -> float:
        """Overall precision, percent."""
        return self.scores.overall.precision

    @property
    def recall(self) -> float:
        return self.scores.overall.recall

    @property
    def f1(self) -> float:
        return self.scores.overall.fb1

    @property
    def accuracy(self) -> float:
        return self.scores.accuracy

    def by_type(self) -> dict:
        """``{type: Score}`` with types as text."""
        return {kind.decode("utf-8", "surrogateescape"): score for kind, score in self.scores.by_type.items()}

    def report(self) -> bytes:
        """conlleval's report (``-l``: its LaTeX table) of these figures."""
        return report(self.statistics, self.options.latex)

    def classification_report(self, digits: int = 2) -> str:
        """A seqeval-style table: per type, then micro, macro and weighted averages
        (fractions; support = gold chunks)."""
        rows = [(name, s.precision / 100, s.recall / 100, s.fb1 / 100, s.found_gold)
                for name, s in self.by_type().items()]
        overall = self.scores.overall
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

    def notes(self) -> List[str]:
        """What JP mode says about this run (one line each)."""
        sentences = f"{self.gold_sentences} gold and {self.system_sentences} system sentences"
        said = [f"aligned {sentences} ({self.blocks} blocks)" if self.blocks
                else f"{sentences} of the same characters"]
        if self.same_tokens:
            said.append("same tokens and sentence breaks: the system's tags scored as they are")
        elif not self.unrepresentable:
            said.append(f"all {self.system_chunks} system chunks lie on gold token boundaries:"
                        " scored on the gold tokens")
        else:
            listed = "; ".join(str(chunk) for chunk in self.unrepresentable)
            said.append(f"{len(self.unrepresentable)} of {self.system_chunks} system chunks cannot be"
                        f" expressed on the gold tokens (counted as found, not correct): {listed}")
        if self.scheme:
            gold_loose, system_loose = self.chunks_as_conlleval_reads
            said.append(f"--scheme {self.scheme}: chunks read strictly: {self.statistics.found_gold} gold and"
                        f" {self.system_chunks} system chunks, where conlleval's reading (which merges"
                        f" adjacent IOBES/BILOU chunks of one type) finds {gold_loose} and {system_loose}")
        for name, lines in zip(self.names, self.cr_lines):
            if lines:
                said.append(f"{name}: {lines} CRLF line ends read as LF")
        return said


@dataclass
class Evaluation(Figures):
    """The result of :func:`evaluate`: the figures, and the columns they were counted from."""

    gold_column: List[bytes] = field(default_factory=list)  # the gold tags as scored (after -r/--scheme)
    guess_column: List[bytes] = field(default_factory=list)  # per gold token: the placed system chunks
    # in IOB2, or the system's own tags when the tokens and sentence breaks are the same
    gold_breaks: List[int] = field(default_factory=list)  # first gold token of each sentence, then the number of tokens
    gold_ends_with_break: bool = True  # the gold file's last line is a break (conlleval reads its boundary)
    extra: Dict[int, Statistics] = field(default_factory=dict)  # per gold sentence: what the unrepresentable chunks add
    changed_blocks: Tuple = ()  # jp_align blocks re-expressed on the gold tokens (merged, normalized)
    diverged_blocks: Tuple = ()  # jp_align blocks whose texts differ or have one side only

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


def _side(value: Side, name: str, delimiter: Optional[bytes]) -> TaggedFile:
    if isinstance(value, (str, bytes, os.PathLike)):
        path = os.fsdecode(value)
        try:
            with open(path, "rb") as stream:
                data = stream.read()
        except OSError as error:
            from .tagged import FileInputError
            raise FileInputError(path, f"cannot read: {error.strerror}", 0) from None
        from jp_shims.encodings import data_encoding

        # (A file that is not UTF-8 has its words read as Latin-1, as the command line reads it.)
        return read_tagged(data, path, delimiter, data_encoding(data))
    if hasattr(value, "read"):  # an open file (text or binary), read as the file itself
        data = value.read()
        shown = getattr(value, "name", None)
        label = shown if isinstance(shown, str) and shown and not shown.startswith("<") else f"<{name}>"
        if isinstance(data, str):
            return read_tagged(data.encode("utf-8", "surrogateescape"), label, delimiter)
        from jp_shims.encodings import data_encoding

        return read_tagged(data, label, delimiter, data_encoding(data))
    items = list(value)
    if items and all(isinstance(item, (str, bytes)) for item in items):  # lines of the file
        lines = [item.encode("utf-8", "surrogateescape") if isinstance(item, str) else item for item in items]
        data = b"".join(line if line.endswith(b"\n") else line + b"\n" for line in lines)
        return read_tagged(data, f"<{name}>", delimiter)
    return tagged_from_pairs(items, name)


def evaluate(gold: Side, system: Side, *, delimiter: Optional[str] = None, raw: bool = False,
             outside: str = "O", latex: bool = False, scheme: Optional[str] = None,
             options: Optional[Options] = None) -> Evaluation:
    """Score ``system`` against ``gold``: file paths, open files, lists of the files' lines, or
    lists of sentences of ``(token, tag)`` pairs; the two sides may tokenize and
    sentence-split the same text differently. Bad input raises
    :class:`jp_shims.errors.InputError` (a ``ValueError``) with ``.path`` and ``.line``.

    >>> gold = [[("Anna", "B-PER"), ("Holm", "I-PER"), ("visited", "O"), ("Oslo-Bergen", "B-LOC")]]
    >>> system = [[("AnnaHolm", "B-PER"), ("visited", "O"), ("Oslo", "B-LOC"), ("-", "O"),
    ...            ("Bergen", "B-LOC")]]
    >>> result = evaluate(gold, system)
    >>> round(result.precision, 2), round(result.recall, 2), round(result.f1, 2)
    (33.33, 50.0, 40.0)
    >>> [str(chunk) for chunk in result.unrepresentable]
    ["system:3: system chunk [LOC Oslo] ends inside the gold token 'Oslo-Bergen'", "system:5: system chunk [LOC Bergen] starts inside the gold token 'Oslo-Bergen'"]
    >>> print(result.report().decode(), end="")
    processed 4 tokens with 2 phrases; found: 3 phrases; correct: 1.
    accuracy: 100.00%; precision:  33.33%; recall:  50.00%; FB1:  40.00
                  LOC: precision:   0.00%; recall:   0.00%; FB1:   0.00  2
                  PER: precision: 100.00%; recall: 100.00%; FB1: 100.00  1
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
    if options is None:
        options = Options(latex, raw, None if delimiter is None else os.fsencode(delimiter),
                          os.fsencode(outside))
    gold_file = _side(gold, "gold", options.delimiter)
    system_file = _side(system, "system", options.delimiter)
    return evaluate_files(gold_file, system_file, options, scheme)


def evaluate_files(gold: TaggedFile, system: TaggedFile, options: Options,
                   scheme: Optional[str] = None, config: Optional[AlignConfig] = None) -> Evaluation:
    """:func:`evaluate` on files already read (``config``: the alignment's settings)."""
    with without_gc():
        return _evaluate_files(gold, system, options, scheme, config or AlignConfig())


def _evaluate_files(gold: TaggedFile, system: TaggedFile, options: Options, scheme: Optional[str],
                    config: AlignConfig) -> Evaluation:
    window = place(gold, system, options, scheme, config)
    assert window is not None  # (only a stretch cut from longer files can be refused)
    statistics = count_lines(window.lines())
    projection = window.projection
    # (Same tokens: the system's own tags are scored, as conlleval reads them; nothing placed.)
    extra = {} if window.same else window.extra()
    for stats in extra.values():
        statistics.add(stats)
    return Evaluation(statistics, [] if window.same else projection.unrepresentable, options, scheme,
                      gold.sentence_count, system.sentence_count, window.system_chunks, projection.blocks,
                      window.same, window.loose, (gold.cr_lines, system.cr_lines), (gold.name, system.name),
                      gold_column=window.gold_tags, guess_column=window.guess_tags, gold_breaks=gold.breaks,
                      gold_ends_with_break=gold.ends_with_break,
                      extra=extra, changed_blocks=projection.changed, diverged_blocks=projection.diverged)
