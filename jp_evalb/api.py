"""The Python API of jp_evalb and jp_evalb_spmrl on the shared runner: gold first, the shared
result type (:class:`jp_shims.result.Result`), evalb's settings as keywords
(:meth:`jp_evalb.tool.EvalbTool.configure`)."""
from __future__ import annotations

import os
from typing import IO, Any, Dict, Iterable, Optional, Sequence, Union

from jp_shims.result import Result

Input = Union[str, "os.PathLike[str]", IO[Any], Iterable[str]]


def evaluate(gold: Input, system: Optional[Input] = None, options: Sequence[str] = (), *, lang: Optional[str] = None,
             spmrl: bool = False, param_file: Optional[Union[str, "os.PathLike[str]"]] = None,
             cutoff_len: Optional[int] = None, max_error: Optional[int] = None, debug: Optional[int] = None,
             per_label: bool = False, encoding: Optional[str] = None, limit: Optional[int] = None,
             compact: Optional[str] = None, count_skipped: Optional[bool] = None, name_files: Optional[bool] = None,
             test: Optional[Input] = None) -> Result:
    """Score ``system`` (the test trees) against ``gold`` in JP mode, as ``jp_evalb GOLD
    TEST`` does (``spmrl``: as ``jp_evalb_spmrl``). ``gold`` and ``system`` are paths, open
    files or iterables of lines (one tree a line).

    evalb's settings are keywords: ``param_file`` (``-p``: a path or a shipped set such as
    ``"COLLINS"``), ``cutoff_len`` (``-c``), ``max_error`` (``-e``), ``debug`` (1: ``-d``,
    2: ``-D``), ``per_label``, ``encoding`` (``--encoding``) and, with ``spmrl``, ``limit``
    (``-K``), ``compact`` (``"L"``/``"l"``), ``count_skipped`` (``-X``), ``name_files``
    (``-V``). ``options`` takes evalb's command-line options instead (``["-p", "COLLINS"]``),
    not both. ``test=`` is the former name of ``system`` (deprecated).

    Returns a :class:`jp_shims.result.Result`: the scores (``result["summary"]["all"]
    ["recall"]``), the alignment summary and blocks, the signature, the report text, and
    ``to_json()``, the ``--json`` document. Bad input raises
    :class:`jp_shims.errors.InputError` (a ``ValueError``), a bad setting
    :class:`jp_shims.errors.UsageError`; where JP mode changed anything a
    :class:`jp_shims.pyapi.JPAlignmentWarning` is issued.

    >>> trees = ["(S (NP (PRP It)) (VP (VBD rained)))", "(S (NP (PRP We)) (VP (VBD left)))"]
    >>> result = evaluate(trees, trees, param_file="COLLINS")
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
    given = {"param_file": param_file, "cutoff_len": cutoff_len, "max_error": max_error, "debug": debug,
             "per_label": per_label or None, "encoding": encoding, "limit": limit, "compact": compact,
             "count_skipped": count_skipped, "name_files": name_files}
    settings: Dict[str, Any] = {key: value for key, value in given.items() if value is not None}
    return run(SPMRL_TOOL if spmrl else TOOL, gold, system, list(options), lang=lang, **settings)
