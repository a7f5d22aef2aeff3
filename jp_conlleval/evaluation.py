"""JP mode on a GOLD and a SYSTEM file: read each side, place the system's chunks on the gold
tokens, count with conlleval's counter, and the Python API (:func:`evaluate`).

Where every system chunk is representable the figures are conlleval's on the merged file made
of the gold lines and the system's chunks re-expressed on the gold tokens (IOB2), so the
report is the one conlleval prints for it. An unrepresentable chunk stays in "found" without
matching (the gold chunk it overlaps stays unmatched); for the accuracy, which is over gold
tokens, it tags the gold tokens it overlaps.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Iterable, List, Optional, Sequence, Tuple, Union

from .projection import Unrepresentable, project_chunks
from .reader import Options
from .scoring import BOUNDARY, ChunkCounter, Scores, Statistics, scores
from .tagged import TaggedFile, column_tags, read_chunks, read_tagged, tagged_from_pairs
from .tags import split_tag
from .writer import report

Side = Union[str, "os.PathLike[str]", Sequence[Sequence[Tuple[str, str]]]]


@dataclass
class Evaluation:
    """The result of :func:`evaluate`."""

    statistics: Statistics
    sentence_statistics: List[Statistics]  # per gold sentence; they add up to ``statistics``
    unrepresentable: List[Unrepresentable]
    options: Options
    scheme: Optional[str]
    gold_sentences: int
    system_sentences: int
    system_chunks: int
    blocks: int
    same_tokens: bool  # same tokens and sentence breaks: the system's own tags were used
    system_on_gold: List[List[bytes]] = field(default_factory=list)  # the guess column per gold
    # sentence, as scored: the placed system chunks in IOB2 (after -r/--scheme), or the
    # system's own tags when the tokens are the same
    cr_lines: Tuple[int, int] = (0, 0)
    names: Tuple[str, str] = ("gold", "system")
    _scores: Optional[Scores] = field(default=None, repr=False)

    @property
    def scores(self) -> Scores:
        if self._scores is None:
            self._scores = scores(self.statistics)
        return self._scores

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
        gold_name, system_name = self.names
        said = [f"aligned {self.gold_sentences} gold and {self.system_sentences} system sentences"
                f" ({self.blocks} blocks)"]
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
            said.append(f"--scheme {self.scheme}: chunks read strictly (conlleval merges"
                        " adjacent IOBES/BILOU chunks of one type)")
        for name, lines in zip(self.names, self.cr_lines):
            if lines:
                said.append(f"{name}: {lines} CRLF line ends read as LF")
        return said


def _side(value: Side, name: str, delimiter: Optional[bytes]) -> TaggedFile:
    if isinstance(value, (str, bytes, os.PathLike)):
        path = os.fsdecode(value)
        try:
            with open(path, "rb") as stream:
                data = stream.read()
        except OSError as error:
            from .tagged import FileInputError
            raise FileInputError(path, f"cannot read: {error.strerror}", 0) from None
        return read_tagged(data, path, delimiter)
    return tagged_from_pairs(value, name)


def evaluate(gold: Side, system: Side, *, delimiter: Optional[str] = None, raw: bool = False,
             outside: str = "O", latex: bool = False, scheme: Optional[str] = None,
             options: Optional[Options] = None) -> Evaluation:
    """Score ``system`` against ``gold``: file paths, or lists of sentences of ``(token, tag)``
    pairs; the two sides may tokenize and sentence-split the same text differently.

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


def _same_tokens(gold: TaggedFile, system: TaggedFile) -> bool:
    return len(gold.sentences) == len(system.sentences) and all(
        len(g) == len(s) and all(a.word == b.word for a, b in zip(g, s))
        for g, s in zip(gold.sentences, system.sentences))


def evaluate_files(gold: TaggedFile, system: TaggedFile, options: Options,
                   scheme: Optional[str] = None) -> Evaluation:
    """:func:`evaluate` on files already read."""
    gold_tags = column_tags(gold, options, scheme)
    system_tags = column_tags(system, options, scheme)
    system_chunks = read_chunks(system_tags)
    projection = project_chunks(gold, system, system_chunks, one_token=options.raw)
    same = _same_tokens(gold, system)
    if same:
        guess_tags = system_tags
    else:
        guess_tags = [[b"O"] * len(sentence) for sentence in gold_tags]
    where = [(number, index) for number, sentence in enumerate(gold_tags) for index in range(len(sentence))]
    if not same:
        for chunk, first, last in projection.chunks:
            number, index = where[first]
            guess_tags[number][index] = b"B-" + chunk.kind
            for token in range(first + 1, last + 1):
                number, index = where[token]
                guess_tags[number][index] = b"I-" + chunk.kind
    counter = ChunkCounter()
    per_sentence = [counter.count([*zip(g, s), BOUNDARY], Statistics()) for g, s in zip(gold_tags, guess_tags)]
    counter.finish(per_sentence[-1])
    if projection.unrepresentable:
        _count_unrepresentable(projection.unrepresentable, gold_tags, guess_tags, where, per_sentence)
    total = Statistics()
    for stats in per_sentence:
        total.add(stats)
    return Evaluation(total, per_sentence, projection.unrepresentable, options, scheme,
                      len(gold.sentences), len(system.sentences), len(system_chunks), projection.blocks,
                      same, guess_tags, (gold.cr_lines, system.cr_lines), (gold.name, system.name))


def _count_unrepresentable(chunks: Iterable[Unrepresentable], gold_tags, guess_tags, where,
                           per_sentence: List[Statistics]) -> None:
    """Each chunk is one more found chunk (of the sentence it starts in) that matches
    nothing; the gold tokens it overlaps and no placed chunk covers take its tag for the
    accuracy."""
    accuracy_tags = [list(sentence) for sentence in guess_tags]
    for chunk in chunks:
        kind = chunk.kind.encode("utf-8", "surrogateescape")
        stats = per_sentence[where[chunk.gold_tokens.start][0]]
        stats.found_guess += 1
        stats.guess_by_type[kind] = stats.guess_by_type.get(kind, 0) + 1
        for token in chunk.gold_tokens:
            number, index = where[token]
            if accuracy_tags[number][index] == b"O":
                prefix = b"B-" if token == chunk.gold_tokens.start else b"I-"
                accuracy_tags[number][index] = prefix + kind
    for number, (gold, old, new) in enumerate(zip(gold_tags, guess_tags, accuracy_tags)):
        if old != new:
            before = sum(split_tag(g) == split_tag(s) for g, s in zip(gold, old))
            after = sum(split_tag(g) == split_tag(s) for g, s in zip(gold, new))
            per_sentence[number].correct_tags += after - before
