"""The Python API of jp_errant_compare: errant_compare's figures as a dict-like result.

errant's own compare has no function that returns its scores (errant issue #25 asks for
one); :func:`evaluate` is that function, with JP mode's alignment. Run from the repository
root, with the files of ``examples/errant``:

>>> import warnings; warnings.simplefilter("ignore")
>>> from jp_errant import evaluate
>>> result = evaluate("examples/errant/ref.m2", "examples/errant/hyp.m2")
>>> result["tp"], result["fp"], result["fn"], round(result["f"], 4)
(3, 1, 1, 0.75)
>>> result.summary.describe()
'2 of 3 blocks changed (merged 1, retokenized 1)'
>>> sorted(evaluate("examples/errant/ref.m2", "examples/errant/hyp.m2", cat=1)["categories"])
['R']
"""
from __future__ import annotations

import os
import warnings
from typing import IO, Any, Iterable, Optional, Sequence, Union

from jp_shims.result import Result
from jp_shims.runner import evaluate as run

Input = Union[str, "os.PathLike[str]", IO[Any], Iterable[str]]


def evaluate(gold: Optional[Input] = None, system: Optional[Input] = None, *, beta: float = 0.5,
             mode: str = "cs", single: bool = False, multi: bool = False, filt: Sequence[str] = (),
             cat: Optional[int] = None, verbose: bool = False, average: str = "micro",
             lang: Optional[str] = None, reference: Optional[Input] = None,
             hypothesis: Optional[Input] = None) -> Result:
    """Score ``system`` (the hypothesis M2) against ``gold`` (the reference M2) as
    ``jp_errant_compare`` does; each is a path, an open file or an iterable of M2 lines.
    The settings are the command line's options under their Python names
    (:class:`jp_errant.compare_args.Settings`): ``mode`` is one of ``dt``, ``ds``, ``cs``,
    ``cse``; ``verbose`` puts errant's ``-v`` trace in ``result.text``; ``average="macro"``
    adds the macro average. ``lang`` names an exception table for aligning the S lines
    (default ``none``: compared as they are, after Unicode NFC). The result
    (:class:`jp_shims.result.Result`) holds the scores (``result["f"]``,
    ``result["categories"]``), the alignment summary, the changed blocks and the signature;
    ``result.to_json()`` is the ``--json`` document. Warns with ``JPAlignmentWarning``
    where JP mode changed anything, with ``JPFiguresWarning`` where ``cat`` figures mix two
    annotation schemes; a bad setting raises :class:`jp_shims.errors.UsageError`, bad input
    :class:`jp_shims.errors.InputError` (both ``ValueError``). ``reference=`` and
    ``hypothesis=`` are the former names of ``gold`` and ``system`` (deprecated)."""
    from jp_errant.tool import TOOL_INSTANCE

    gold, system = _renamed(gold, system, reference, hypothesis)
    return run(TOOL_INSTANCE, gold, system, lang=lang, beta=beta, mode=mode, single=single, multi=multi,
               filt=tuple(filt) if not isinstance(filt, str) else filt, cat=cat, verbose=verbose,
               average=average)


def _renamed(gold: Any, system: Any, reference: Any, hypothesis: Any) -> tuple:
    """``gold`` and ``system``, taking the deprecated keyword names (with a warning)."""
    for old, new, value in (("reference", "gold", reference), ("hypothesis", "system", hypothesis)):
        if value is None:
            continue
        if (gold if new == "gold" else system) is not None:
            raise TypeError(f"evaluate() got both {new}= and its former name {old}=")
        warnings.warn(f"jp_errant.evaluate: {old}= is deprecated; use {new}=", DeprecationWarning, stacklevel=3)
        if new == "gold":
            gold = value
        else:
            system = value
    if gold is None or system is None:
        raise TypeError("evaluate() needs gold (the reference) and system (the hypothesis)")
    return gold, system
