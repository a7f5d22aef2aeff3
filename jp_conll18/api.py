"""The Python API of jp_conll18_ud_eval and jp_udeval on the shared runner: gold first, the
shared result type (:class:`jp_shims.result.Result`). The original's own importable API is
:mod:`jp_conll18.conll18_ud_eval` (``load_conllu_file``, ``evaluate``), and the current UD
scorer's :mod:`jp_conll18.udeval`.
"""
from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, Any, Iterable, Optional, Sequence, Union

if TYPE_CHECKING:
    from jp_shims.result import Result

Input = Union[str, "os.PathLike[str]", IO[Any], Iterable[str]]


def evaluate(gold: Input, system: Input, options: Sequence[str] = (), *, udeval: bool = False,
             lang: Optional[str] = None) -> "Result":
    """Score the CoNLL-U ``system`` against ``gold`` as ``jp_conll18_ud_eval OPTIONS GOLD
    SYSTEM`` does (``udeval``: as ``jp_udeval``, ELAS/EULAS included). Each is a path, an
    open file or an iterable of lines; ``options`` the tool's own (``["--breakdown",
    "deprel"]``). Returns a :class:`jp_shims.result.Result` (``result["LAS"]["f1"]``,
    ``to_json()`` the ``--json`` document). Bad input raises
    :class:`jp_shims.errors.InputError` (``UDError`` is one); where JP mode changed
    anything a :class:`jp_shims.JPAlignmentWarning` is issued."""
    from jp_shims.runner import evaluate as run

    return run("jp_udeval" if udeval else "jp_conll18_ud_eval", gold, system, list(options), lang=lang)
