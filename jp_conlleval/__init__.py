"""jp_conlleval: conlleval.pl (CoNLL-2000/2003 chunking and NER scorer) as a drop-in.

``--legacy`` is the original byte for byte (:func:`run_legacy`); JP mode reads conlleval's own
merged file (:func:`score_merged`) and also scores a GOLD and a SYSTEM file that tokenize and
sentence-split the same text differently (:func:`evaluate`).

Names are imported from their modules on first use (PEP 562): a ``--legacy`` run does not load
the alignment.
"""
from __future__ import annotations

import importlib

_SOURCES = {
    "api": ("evaluate", "Evaluation"),
    "legacy": ("run_legacy",),
    "merged": ("score_merged",),
    "projection": ("Unrepresentable",),
    "reader": ("InputError", "Options"),
    "scoring": ("Statistics", "Scores", "count_lines", "sentence_statistics", "scores"),
    "writer": ("report",),
}
_MODULE_OF = {name: module for module, names in _SOURCES.items() for name in names}

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str):
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list:
    return sorted(set(globals()) | set(__all__))
