"""Python API: ``jp_m2scorer.evaluate(gold, system, beta=0.5, ...)``, the registry's result
type (:class:`jp_shims.result.Result`) as every scorer returns it; and the older
``jp_m2scorer.score(system_lines, gold_m2, ...)`` (system first, its own :class:`Score`)."""
from __future__ import annotations

import os
from typing import Any, Iterable, Union

from jp_shims.result import Result

from . import m2io, py2
from .scorer import Options, score_sentences

GoldInput = Union[str, "os.PathLike[str]"]


def evaluate(gold: Any, system: Any, *, beta: float = 0.5, max_unchanged_words: int = 2,
             ignore_whitespace_casing: bool = False, per_type: bool = False, align: str = "auto",
             lang: "str | None" = None) -> Result:
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


class Score(Result):
    """What :func:`score` returns: the shared :class:`jp_shims.result.Result` (a read-only
    mapping of jp_m2scorer's JSON scores, with ``per_type``; ``to_json()`` the ``--json
    --per-type`` document of the run), keeping the attribute names of earlier releases as
    aliases: ``correct``, ``proposed``, ``gold``, ``precision``, ``recall``, ``f``, ``beta``,
    ``resegmented_blocks`` (blocks re-segmented), ``per_type`` (type -> ``{"tp", "fp",
    "fn"}``) and :meth:`as_dict`."""

    __slots__ = ()

    correct = property(lambda self: self.scores["correct"])
    proposed = property(lambda self: self.scores["proposed"])
    gold = property(lambda self: self.scores["gold"])
    precision = property(lambda self: self.scores["precision"])
    recall = property(lambda self: self.scores["recall"])
    f = property(lambda self: self.scores["f"])
    beta = property(lambda self: self.options["beta"])
    resegmented_blocks = property(lambda self: self.summary.changed)

    @property
    def per_type(self) -> dict:
        return {kind: {key: counts[key] for key in ("tp", "fp", "fn")}
                for kind, counts in self.scores.get("per_type", {}).items()}

    def as_dict(self) -> dict:
        """The figures under the names of earlier releases."""
        return {"correct": self.correct, "proposed": self.proposed, "gold": self.gold,
                "precision": self.precision, "recall": self.recall, "f": self.f, "beta": self.beta,
                "resegmented_blocks": self.resegmented_blocks, "per_type": self.per_type}


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
    # (m2io's InputFailure is jp-shims' InputError: FILE, LINE or None, message.)
    gold_name = "<gold>" if isinstance(gold_m2, str) else os.fspath(gold_m2)
    gold = m2io.parse_gold(gold_m2) if isinstance(gold_m2, str) else m2io.read_gold(gold_name)
    if isinstance(system_lines, os.PathLike):  # a path of system sentences
        system_lines = [text for text, _ in m2io.read_system(os.fspath(system_lines))]
    system = [(py2.strip_space(line), number) for number, line in enumerate(system_lines, 1)]
    options = Options(beta=beta, max_unchanged_words=max_unchanged_words,
                      ignore_whitespace_casing=ignore_whitespace_casing)
    records: list = []
    plain = len(system)
    if jp:
        from . import jp as jp_mode
        pairs, records, plain = jp_mode.resegment(gold, system, align)
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
    return _result(pairs, records, plain, options, align, gold_name)


def _result(pairs: list, records: list, plain: int, options: Options, align: str, gold_name: str) -> Score:
    """The :class:`Score` of scored ``pairs``: the figures, the blocks counted and recorded
    as jp_m2scorer's run counts them, its signature and report (``--per-type``)."""
    from jp_shims.audit import AlignmentAudit

    from .scorer import report
    from .tool import TOOL, _count_blocks, _scores

    totals = score_sentences(pairs, options)
    audit = AlignmentAudit(gold_name, "<system>", keep=True)
    _count_blocks(audit, records, plain, totals)
    argv = ["--beta=%r" % options.beta, "--max_unchanged_words=%d" % options.max_unchanged_words]
    argv += ["--ignore_whitespace_casing"] * options.ignore_whitespace_casing + ["--align", align]
    parsed = TOOL.parse(TOOL.argv(gold_name, "<system>", argv))
    return Score(_scores(totals, options, True), audit.summary, list(audit.records), TOOL.signature(parsed, TOOL.config),
                 report(totals, options), tool=TOOL.prog, options=parsed.options)
