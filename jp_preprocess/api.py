"""The Python API of jp_preprocess_eval: joint tokenization and sentence-boundary scores.

Gold and system are paths, or iterables of lines (one sentence a line, tokens separated by
spaces; or CoNLL-U). Run from the repository root:

>>> import warnings; warnings.simplefilter("ignore")
>>> from jp_preprocess import evaluate
>>> result = evaluate(["Click here To view it ."], ["Click here", "To view it ."])
>>> result["sentences"]["tp"], result["sentences"]["fp"], result["sentences"]["fn"]
(0, 2, 1)
>>> result["tokens"]["tp"], result["tokens"]["f1"]
(6, 1.0)
>>> result.summary.describe()
'1 of 1 blocks changed (merged 1)'

WiSeBE (``jp_wisebe``) scores one candidate segmentation against several references:

>>> scores = wisebe(["examples/wisebe/ref1.txt", "examples/wisebe/ref2.txt", "examples/wisebe/ref3.txt"],
...                 "examples/wisebe/candidate.txt")
>>> round(scores.stats.agreement_ratio, 4), round(scores.candidate.windows.f1, 4), round(scores.candidate.wisebe, 4)
(0.3889, 0.5714, 0.2222)
"""
from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, Any, Iterable, Optional, Sequence, Union

from jp_shims.result import Result
from jp_shims.runner import evaluate as run

if TYPE_CHECKING:
    from jp_preprocess.wisebe_cli import Evaluation as WiSeBEEvaluation

Input = Union[str, "os.PathLike[str]", IO[Any], Iterable[str]]


def evaluate(gold: Input, system: Input, *, lang: Optional[str] = None, casefold: bool = False,
             threshold: Optional[float] = None, gold_format: str = "auto",
             system_format: str = "auto") -> Result:
    """Score ``system`` against ``gold`` as ``jp_preprocess_eval`` does (``lang``: the
    exception table, ``en`` by default; the other keywords: the tool's settings,
    :meth:`jp_preprocess.tool.PreprocessEval.configure`); each is a path, an open file or an
    iterable of lines. Returns a :class:`jp_shims.result.Result` (``to_json()``: the
    ``--json`` document). Bad input raises :class:`jp_shims.errors.InputError` (a
    ``ValueError``); a bad setting
    :class:`jp_shims.errors.UsageError`."""
    from jp_preprocess.tool import TOOL

    return run(TOOL, gold, system, lang=lang, casefold=casefold, threshold=threshold, gold_format=gold_format,
               system_format=system_format)


def wisebe(references: Sequence[str], candidate: Optional[str] = None, *, min_window: int = 3) -> WiSeBEEvaluation:
    """``jp_wisebe``'s figures: the references' agreement and, with ``candidate``, its scores
    against each reference, against the windows, and WiSeBE (F1 x AR). Files whose tokens
    differ from the first reference's are regrouped onto its words first. Bad input raises
    :class:`jp_shims.errors.InputError`."""
    from jp_preprocess.wisebe_cli import evaluate as run_wisebe

    if min_window < 0:
        raise ValueError("min_window must not be negative")
    return run_wisebe(list(references), candidate, min_window)
