"""Python API: ``jp_m2scorer.evaluate(gold, system, beta=0.5, ...)``, the registry's result
type (:class:`jp_shims.result.Result`) as every scorer returns it; and the older
``jp_m2scorer.score(system, gold, ...)`` (system first: its documented order), whose
:class:`Score` is the same result with the attribute names of earlier releases.

Both run JP mode through :func:`jp_shims.runner.evaluate` with the tool's settings as
keywords (:meth:`jp_m2scorer.tool.M2Scorer.configure`): no command line is built and no
temporary file written.
"""
from __future__ import annotations

import io
from typing import Any, Optional

from jp_shims.result import Result


def evaluate(gold: Any, system: Any, *, beta: float = 0.5, max_unchanged_words: int = 2,
             ignore_whitespace_casing: bool = False, per_type: bool = False, align: str = "auto",
             verbose: bool = False, very_verbose: bool = False, lang: Optional[str] = None) -> Result:
    """Score ``system`` (sentences, one a line) against the M2 ``gold`` as ``jp_m2scorer``
    does in JP mode. Each is a path (``str``/``os.PathLike``), an open file or an iterable of
    lines. Returns a :class:`jp_shims.result.Result` (``result["f"]``, ``result.to_json()``
    the ``--json`` document; ``per_type``: ``result["per_type"]``; ``verbose`` and
    ``very_verbose``: their trace in ``result.text``). ``align``: ``"auto"``, ``"always"``
    or ``"never"`` (as ``--align``). Bad input raises :class:`jp_shims.errors.InputError` (a
    ``ValueError``) with ``.path`` and ``.line``; where lines were re-segmented a
    :class:`jp_shims.JPAlignmentWarning` is issued."""
    from jp_shims.runner import evaluate as run

    from .tool import TOOL

    return run(TOOL, gold, system, lang=lang, beta=beta, max_unchanged_words=max_unchanged_words,
               ignore_whitespace_casing=ignore_whitespace_casing, per_type=per_type, align=align,
               verbose=verbose, very_verbose=very_verbose)


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


def score(system: Any, gold: Any, beta: float = 0.5, *, max_unchanged_words: int = 2,
          ignore_whitespace_casing: bool = False, jp: bool = True, align: str = "auto") -> Score:
    """Score system sentences against an M2 gold: :func:`evaluate` with ``per_type=True``,
    in the order of earlier releases (system first).

    ``system`` and ``gold``: each a path (``str``/``os.PathLike``), an open file or an
    iterable of lines; a ``str`` holding a line break is the M2 text itself (as earlier
    releases took the gold). ``jp``: re-segment system lines onto the gold sentences when
    they are merged or split (a :class:`jp_shims.JPAlignmentWarning` says so); ``jp=False``
    pairs line i with sentence i as m2scorer does (``align="never"``) and raises
    :class:`jp_shims.errors.InputError` (a ``ValueError``) when the counts differ.
    ``align``: ``"auto"`` keeps lines that are as many as the gold sentences paired one to
    one unless they are shifted; ``"always"`` re-aligns them anyway. Input errors raise
    :class:`jp_shims.errors.InputError` naming the file and, where there is one, the line.
    Prefer :func:`evaluate` (gold first).
    """
    from jp_shims.runner import evaluate as run

    from .tool import TOOL

    if isinstance(gold, str) and "\n" in gold:
        gold = io.StringIO(gold)  # (split on "\n" only, as a file is read)
    result = run(TOOL, gold, system, beta=beta, max_unchanged_words=max_unchanged_words,
                 ignore_whitespace_casing=ignore_whitespace_casing, per_type=True,
                 align=align if jp else "never")
    return Score(result.scores, result.summary, result.blocks, result.signature, result.text,
                 compared=result.compared, tool=result.tool, options=result.options, version=result.version)
