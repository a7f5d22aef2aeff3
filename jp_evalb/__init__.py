"""jp_evalb: a drop-in replacement for evalb (Sekine & Collins) with sentence and word alignment.

``jp_evalb --legacy`` reproduces evalb byte for byte; the default (JP) mode aligns gold and
test trees on their words first, so mismatched sentence boundaries and tokenizations are scored
instead of rejected. See docs/jp_evalb.md.
"""
from __future__ import annotations

__all__ = ["main"]


def main(argv=None) -> int:
    from .cli import main as _main

    return _main(argv)
