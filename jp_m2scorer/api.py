"""Python API: ``jp_m2scorer.evaluate(gold, system, beta=0.5, ...)``, the registry's result
type (:class:`jp_shims.result.Result`) as every scorer returns it; and the older
``jp_m2scorer.score(system_lines, gold_m2, ...)`` (system first, its own :class:`Score`)."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Union

from . import m2io, py2
from .scorer import Options, per_type, prf, score_sentences

if TYPE_CHECKING:
    from jp_shims.result import Result

GoldInput = Union[str, "os.PathLike[str]"]


def evaluate(gold: Any, system: Any, *, beta: float = 0.5, max_unchanged_words: int = 2,
             ignore_whitespace_casing: bool = False, per_type: bool = False, align: str = "auto",
             lang: "str | None" = None) -> "Result":
    """Score ``system`` (sentences, one a line) against the M2 ``gold`` as ``jp_m2scorer``
    does in JP mode. Each is a path (``str``/``os.PathLike``), an open file or an iterable of
    lines. Returns a :class:`jp_shims.result.Result` (``result["f"]``, ``result.to_json()``
    the ``--json`` document; ``per_type``: ``result["per_type"]``). Bad input raises
    :class:`jp_shims.errors.InputError` (a ``ValueError``) with ``.path`` and ``.line``;
    where lines were re-segmented a :class:`jp_shims.JPAlignmentWarning` is issued."""
    from jp_shims.runner import evaluate as run

    from .tool import TOOL

    options = ["--beta=%r" % float(beta), "--max_unchanged_words=%d" % max_unchanged_words]
    options += ["--ignore_whitespace_casing"] * bool(ignore_whitespace_casing) + ["--per-type"] * bool(per_type)
    options += ["--align", align]
    return run(TOOL, gold, system, options, lang=lang)


@dataclass(frozen=True)
class Score:
    """Corpus counts and P/R/F as m2scorer computes them."""

    correct: int
    proposed: int
    gold: int
    precision: float
    recall: float
    f: float
    beta: float
    resegmented_blocks: int = 0
    per_type: dict = field(default_factory=dict)   # error type -> {"tp", "fp", "fn"}

    def as_dict(self) -> dict:
        return {"correct": self.correct, "proposed": self.proposed, "gold": self.gold,
                "precision": self.precision, "recall": self.recall, "f": self.f, "beta": self.beta,
                "resegmented_blocks": self.resegmented_blocks,
                "per_type": {k: dict(v) for k, v in self.per_type.items()}}


def score(system_lines: Iterable[str], gold_m2: GoldInput, beta: float = 0.5, *,
          max_unchanged_words: int = 2, ignore_whitespace_casing: bool = False,
          jp: bool = True, align: str = "auto") -> Score:
    """Score system sentences (one string per line) against an M2 gold.

    ``gold_m2``: a path (``os.PathLike``) to an M2 file, or the M2 text itself (``str``).
    ``jp``: re-segment system lines onto the gold sentences when they are merged or split
    (a :class:`jp_shims.JPAlignmentWarning` says so); ``jp=False`` pairs line i with
    sentence i as m2scorer does and raises ``ValueError`` when the counts differ.
    ``align``: ``"auto"`` keeps lines that are as many as the gold sentences paired one to
    one unless they are shifted; ``"always"`` re-aligns them anyway.
    Input errors raise :class:`jp_shims.errors.InputError` (a ``ValueError``) naming the file
    and, where there is one, the line. Prefer :func:`evaluate` (gold first, any input kind,
    the shared result type).
    """
    from jp_shims.errors import InputError

    try:
        if isinstance(gold_m2, str):
            gold = m2io.parse_gold(gold_m2)
        else:
            gold = m2io.read_gold(os.fspath(gold_m2))
    except m2io.InputFailure as failure:
        raise InputError(failure.path or None, failure.line or None, failure.message) from None
    if isinstance(system_lines, os.PathLike):  # a path of system sentences
        try:
            system_lines = [text for text, _ in m2io.read_system(os.fspath(system_lines))]
        except m2io.InputFailure as failure:
            raise InputError(failure.path or None, failure.line or None, failure.message) from None
    system = [(py2.strip_space(line), number) for number, line in enumerate(system_lines, 1)]
    options = Options(beta=beta, max_unchanged_words=max_unchanged_words,
                      ignore_whitespace_casing=ignore_whitespace_casing)
    records = []
    if jp:
        from . import jp as jp_mode
        pairs, records, _ = jp_mode.resegment(gold, system, align)
        if records:
            from jp_shims import JPAlignmentWarning
            import warnings
            warnings.warn(JPAlignmentWarning(
                "%d block(s) of system lines re-segmented onto the gold sentences" % len(records)),
                stacklevel=2)
    else:
        if len(system) != len(gold):
            raise ValueError("%d system lines for %d gold sentences" % (len(system), len(gold)))
        pairs = [(sentence, text) for sentence, (text, _) in zip(gold, system)]
    totals = score_sentences(pairs, options)
    p, r, f = prf(totals.correct, totals.proposed, totals.gold, beta)
    types = {kind: {"tp": tp, "fp": fp, "fn": fn}
             for kind, (tp, fp, fn) in sorted(per_type(totals.sentences).items())}
    return Score(totals.correct, totals.proposed, totals.gold, p, r, f, beta, len(records), types)
