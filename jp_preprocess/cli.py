"""jp_preprocess_eval: joint tokenization + sentence-boundary evaluation of GOLD vs SYSTEM.

The console script is a thin client of the shared runner (:mod:`jp_shims.runner`); the tool
itself is :mod:`jp_preprocess.tool`.
"""
from __future__ import annotations

from typing import Optional, Sequence

from jp_shims.runner import main as run

from jp_preprocess.tool import TOOL

__all__ = ["main"]


def main(argv: Optional[Sequence[str]] = None) -> int:
    return run(TOOL, argv)
