"""jp_m2scorer: the CoNLL-2014 MaxMatch (M2) scorer, release 3.2, as a Python 3 drop-in.

Clean-room implementation from the behavioural spec, the method's paper (Dahlmeier & Ng
2012) and the compatibility vectors. ``jp_m2scorer`` (console script) reproduces m2scorer
with ``--legacy``; by default (JP mode) it first re-segments system lines that merge or split
gold sentences. Python API: :func:`evaluate` (gold first, the shared
:class:`jp_shims.result.Result`); :func:`score` is the older one (system first, :class:`Score`).
"""
from __future__ import annotations

__all__ = ["Score", "evaluate", "score"]


def __getattr__(name: str):
    # the API (and its dataclass) is imported on first use: the console script does not need it
    if name in __all__:
        from . import api
        return getattr(api, name)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))
