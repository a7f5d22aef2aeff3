"""jp_m2scorer: the CoNLL-2014 MaxMatch (M2) scorer, release 3.2, as a Python 3 drop-in.

Clean-room implementation from the behavioural spec, the method's paper (Dahlmeier & Ng
2012) and the compatibility vectors. ``jp_m2scorer`` (console script) reproduces m2scorer
with ``--legacy``; by default (JP mode) it first re-segments system lines that merge or split
gold sentences. Python API: :func:`score`.
"""
from __future__ import annotations

from .api import Score, score

__all__ = ["Score", "score"]
