"""jp_evalb: a drop-in replacement for evalb (Sekine & Collins) with sentence and word alignment.

``jp_evalb --legacy`` reproduces evalb byte for byte; the default (JP) mode aligns gold and
test trees on their words first, so mismatched sentence boundaries and tokenizations are scored
instead of rejected. See docs/jp_evalb.md.

The Python API is :func:`evaluate`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

if TYPE_CHECKING:
    from jp_shims.result import Result

__all__ = ["evaluate", "main"]


def main(argv=None) -> int:
    from .cli import main as _main

    return _main(argv)


def evaluate(gold: Any, system: Any = None, options: Sequence[str] = (), *, lang: Optional[str] = None,
             spmrl: bool = False, test: Any = None) -> "Result":
    """Score ``system`` (the test trees) against ``gold`` in JP mode, as ``jp_evalb OPTIONS
    GOLD TEST`` does (``spmrl``: as ``jp_evalb_spmrl``). ``gold`` and ``system`` are paths,
    open files or iterables of lines (one tree a line); ``options`` evalb's own (``["-p",
    "COLLINS"]``). ``test=`` is the former name of ``system`` (deprecated).

    Returns a :class:`jp_shims.result.Result`: the scores (``result["summary"]["all"]
    ["recall"]``), the alignment summary and blocks, the signature, the report text, and
    ``to_json()``, the ``--json`` document. Bad input raises
    :class:`jp_shims.errors.InputError` (a ``ValueError``); where JP mode changed anything a
    :class:`jp_shims.pyapi.JPAlignmentWarning` is issued.

    >>> trees = ["(S (NP (PRP It)) (VP (VBD rained)))", "(S (NP (PRP We)) (VP (VBD left)))"]
    >>> result = evaluate(trees, trees, ["-p", "COLLINS"])
    >>> result["summary"]["all"]["recall"], result.summary.changed
    (100.0, 0)
    """
    from jp_shims.runner import evaluate as run

    from .tool import SPMRL_TOOL, TOOL

    if test is not None:
        if system is not None:
            raise TypeError("evaluate() got both system= and its former name test=")
        import warnings

        warnings.warn("jp_evalb.evaluate: test= is deprecated; use system=", DeprecationWarning, stacklevel=2)
        system = test
    if system is None:
        raise TypeError("evaluate() needs gold and system")
    return run(SPMRL_TOOL if spmrl else TOOL, gold, system, list(options), lang=lang)
