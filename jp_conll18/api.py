"""The Python API of jp_conll18_ud_eval and jp_udeval on the shared runner: gold first, the
shared result type (:class:`jp_shims.result.Result`). The original's own importable API is
:mod:`jp_conll18.conll18_ud_eval` (``load_conllu_file``, ``evaluate``), and the current UD
scorer's :mod:`jp_conll18.udeval`.
"""
from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, Any, Dict, Iterable, Optional, Sequence, Union

if TYPE_CHECKING:
    from jp_shims.result import Result

Input = Union[str, "os.PathLike[str]", IO[Any], Iterable[str]]


def evaluate(gold: Input, system: Input, options: Sequence[str] = (), *, udeval: bool = False,
             lang: Optional[str] = None, verbose: Optional[bool] = None, counts: Optional[bool] = None,
             breakdown: Optional[Sequence[str]] = None, confusion: Optional[Sequence[str]] = None,
             enhanced: Optional[bool] = None, enhancements: Optional[str] = None,
             no_empty_nodes: Optional[bool] = None, multiple_roots_okay: Optional[bool] = None) -> Result:
    """Score the CoNLL-U ``system`` against ``gold`` as ``jp_conll18_ud_eval GOLD SYSTEM``
    does (``udeval``: as ``jp_udeval``, ELAS/EULAS included). Each is a path, an open file
    or an iterable of lines (held in memory: no temporary file).

    The settings are keywords (None: the tool's default): ``verbose``, ``counts`` (the
    report's layout), ``breakdown`` and ``confusion`` (keys of
    ``jp_conll18.breakdown.BREAKDOWN_KEYS`` / ``CONFUSION_KEYS``); with ``udeval`` also
    ``enhanced``, ``enhancements`` (digits 1-6), ``no_empty_nodes``, ``multiple_roots_okay``
    (a setting of jp_udeval given without ``udeval`` is a ``TypeError``). Or ``options``:
    the tool's command-line options (``["--breakdown", "deprel"]``), not both.

    Returns a :class:`jp_shims.result.Result` (``result["LAS"]["f1"]``, ``to_json()`` the
    ``--json`` document). Bad input raises :class:`jp_shims.errors.InputError` (``UDError``
    is one); where JP mode changed anything a :class:`jp_shims.JPAlignmentWarning` is
    issued."""
    from jp_shims.runner import evaluate as run

    given: Dict[str, Any] = {"verbose": verbose, "counts": counts, "breakdown": breakdown, "confusion": confusion,
             "enhanced": enhanced, "enhancements": enhancements, "no_empty_nodes": no_empty_nodes,
             "multiple_roots_okay": multiple_roots_okay}
    settings = {name: value for name, value in given.items() if value is not None}
    return run(_tool(udeval), gold, system, list(options), lang=lang, **settings)


def _tool(udeval: bool):
    if udeval:
        from .udeval_cli import TOOL as UDEVAL

        return UDEVAL
    from .cli import TOOL

    return TOOL
