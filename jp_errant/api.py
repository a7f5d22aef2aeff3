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

from typing import Iterable, Optional, Sequence, Union

from jp_shims.runner import Result
from jp_shims.runner import evaluate as run

Input = Union[str, Iterable[str]]


def evaluate(reference: Input, hypothesis: Input, *, beta: float = 0.5, mode: str = "cs",
             single: bool = False, multi: bool = False, filt: Sequence[str] = (),
             cat: Optional[int] = None) -> Result:
    """Score ``hypothesis`` against ``reference`` (M2 file paths, or iterables of M2 lines)
    as ``jp_errant_compare`` does; ``mode`` is one of ``dt``, ``ds``, ``cs``, ``cse``. The
    result holds the scores (``result["f"]``, ``result["categories"]``), the alignment
    summary, the changed blocks and the signature. Warns with ``JPAlignmentWarning`` where
    JP mode changed anything, with ``JPFiguresWarning`` where ``cat`` figures mix two
    annotation schemes; bad input raises :class:`jp_shims.errors.InputError`."""
    from jp_errant.tool import TOOL_INSTANCE

    if mode not in ("dt", "ds", "cs", "cse"):
        raise ValueError(f"mode must be one of dt, ds, cs, cse, not {mode!r}")
    options = ["-b", repr(float(beta)), f"-{mode}"]
    options += ["-single"] * single + ["-multi"] * multi
    if filt:
        options += ["-filt", *filt]
    if cat is not None:
        options += ["-cat", str(cat)]
    return run(TOOL_INSTANCE, reference, hypothesis, options)
