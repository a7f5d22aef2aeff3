"""``jp_cherrant_compare``: drop-in for ChERRANT's ``compare_m2_for_evaluation.py``.

``--legacy`` (anywhere in argv) reproduces it byte for byte, failures included (uncaught
exceptions, exit 1; a differing block count prints the two counts on stdout first). The
default JP mode (:mod:`jp_cherrant.tool` on the shared runner) cuts hypothesis blocks at the reference's
sentence boundaries before scoring. Both modes read M2 with :mod:`jp_errant.m2` and score
with :mod:`jp_errant.scorer` (ChERRANT's rules are switches of both).
"""
from __future__ import annotations

import gc
import sys

from jp_cherrant.compare_legacy import run_legacy

__all__ = ["main", "run_legacy"]


def main(argv: list[str] | None = None) -> int:
    """The console script: legacy mode or JP mode, both through the shared runner."""
    from jp_shims.runner import main as run

    from jp_cherrant.tool import TOOL_INSTANCE

    # Scoring allocates many short-lived tuples and no cycles (see jp_errant.compare_cli).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return run(TOOL_INSTANCE, argv)
    finally:
        if collecting:
            gc.enable()


if __name__ == "__main__":
    sys.exit(main())
