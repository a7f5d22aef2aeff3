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
"""
from __future__ import annotations

from typing import Iterable, Optional, Union

from jp_shims.runner import Result
from jp_shims.runner import evaluate as run

Input = Union[str, Iterable[str]]


def evaluate(gold: Input, system: Input, *, lang: Optional[str] = None, casefold: bool = False,
             threshold: Optional[float] = None, gold_format: str = "auto",
             system_format: str = "auto") -> Result:
    """Score ``system`` against ``gold`` as ``jp_preprocess_eval`` does (``lang``: the
    exception table, ``en`` by default). Bad input raises :class:`jp_shims.errors.InputError`."""
    from jp_preprocess.tool import TOOL

    options = ["--gold-format", gold_format, "--system-format", system_format]
    if casefold:
        options.append("--casefold")
    if threshold is not None:
        options += ["--threshold", repr(float(threshold))]
    return run(TOOL, gold, system, options, lang=lang)
