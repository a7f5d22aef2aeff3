"""jp_cherrant: ChERRANT, the Chinese GEC scorer and annotator of MuCGEC, without LTP or torch.

``jp_cherrant_compare`` (console script) is ChERRANT's ``compare_m2_for_evaluation.py``:
``--legacy`` reproduces it byte for byte; the default JP mode first cuts hypothesis blocks
at the reference's sentence boundaries. ``jp_cherrant_parallel`` is its char-level annotator
``parallel_to_m2.py -g char``. Python API: :func:`evaluate` (gold first, the shared result type), the older
:func:`compare` (hypothesis first) and :func:`annotate`.
"""
from __future__ import annotations

__all__ = ["evaluate", "compare", "CompareResult", "annotate"]


def __getattr__(name: str):
    # The API is imported on first use: the console scripts do not need it.
    if name in ("evaluate", "compare", "CompareResult"):
        from . import api
        return getattr(api, name)
    if name == "annotate":
        from .parallel import annotate
        return annotate
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
