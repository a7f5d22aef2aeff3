"""spaCy-free errant annotation for jp_errant_parallel and jp_errant_m2.

Python API: :func:`parallel_to_m2` and :func:`m2_to_m2` (``jp_errant_parallel``'s and
``jp_errant_m2``'s JP mode as functions; :mod:`jp_errant.annotate.parallel`,
:mod:`jp_errant.annotate.m2file`), imported on first use.

Pipeline: a backend (``backend``, ``stanza_backend``) analyses lines into UD tokens
(``tokens``); ``pairing`` decides which ORIG and COR lines are annotated together (jp_align
when segmentations differ); ``alignment`` aligns the two token sequences; ``merging`` turns
the alignment into edits; ``classify_en`` / ``classify_generic`` give their types;
``annotator`` ties the three together and ``pipeline`` / ``reannotate`` build M2 sentences
(written with ``jp_errant.m2``); ``batch`` annotates them a batch at a time. stanza is
imported only by ``stanza_backend``.
"""
from __future__ import annotations

from typing import Any

__all__ = ["m2_to_m2", "parallel_to_m2"]


def __getattr__(name: str) -> Any:
    # (imported on first use: the console scripts and the other modules do not need it)
    if name == "parallel_to_m2":
        from .parallel import parallel_to_m2

        return parallel_to_m2
    if name == "m2_to_m2":
        from .m2file import m2_to_m2

        return m2_to_m2
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
