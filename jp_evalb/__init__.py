"""jp_evalb: a drop-in replacement for evalb (Sekine & Collins) with sentence and word alignment.

``jp_evalb --legacy`` reproduces evalb byte for byte; the default (JP) mode aligns gold and
test trees on their words first, so mismatched sentence boundaries and tokenizations are scored
instead of rejected. See docs/jp_evalb.md.

The Python API is :func:`evaluate` (:mod:`jp_evalb.api`).
"""
from __future__ import annotations

__all__ = ["evaluate", "main"]


def main(argv=None) -> int:
    from .cli import main as _main

    return _main(argv)


def __getattr__(name: str):
    # (the Python API is imported on first use: the console scripts do not need it)
    if name == "evaluate":
        from .api import evaluate

        return evaluate
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
