"""``jp_cherrant_compare``: drop-in for ChERRANT's ``compare_m2_for_evaluation.py``.

``--legacy`` (anywhere in argv) reproduces it byte for byte, failures included (uncaught
exceptions, exit 1; a differing block count prints the two counts on stdout first). The
default JP mode (:mod:`jp_cherrant.tool` on the shared runner) cuts hypothesis blocks at the reference's
sentence boundaries before scoring. Both modes read M2 with :mod:`jp_errant.m2` and score
with :mod:`jp_errant.scorer` (ChERRANT's rules are switches of both).
"""
from __future__ import annotations

import sys


__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """The console script: legacy mode or JP mode, both through the shared runner (as
    jp_errant_compare's, :func:`jp_errant.cli.run_without_cycle_collector`)."""
    from jp_errant.cli import run_without_cycle_collector

    from jp_cherrant.tool import TOOL_INSTANCE

    return run_without_cycle_collector(TOOL_INSTANCE, argv)


if __name__ == "__main__":
    sys.exit(main())
