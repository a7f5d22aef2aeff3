"""``jp_errant_compare``: drop-in for errant 3.0.2's ``errant_compare``.

``--legacy`` (anywhere in argv) reproduces errant_compare byte-for-byte, failures included
(uncaught exceptions, exit 1). The default JP mode aligns hypothesis and reference sentences
first (:mod:`jp_errant.jp`) and reports bad input as one ``PROG: error: FILE:LINE: msg``
line with exit 2. Both modes score with :mod:`jp_errant.scorer`.
"""
from __future__ import annotations

import gc
import sys


__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """The console script: legacy mode or JP mode, both through the shared runner."""
    from jp_errant.tool import TOOL_INSTANCE

    return run_without_cycle_collector(TOOL_INSTANCE, argv)


def run_without_cycle_collector(tool, argv: list[str] | None) -> int:
    """Run ``tool`` on the shared runner with the cyclic garbage collector off: scoring
    allocates millions of short-lived tuples and no reference cycles, which the collector
    would only re-scan (about a third of the run time on large corpora). Restored on return,
    for callers that run main() in-process (tests). jp_cherrant_compare runs this too."""
    from jp_shims.runner import main as run

    collecting = gc.isenabled()
    gc.disable()
    try:
        return run(tool, argv)
    finally:
        if collecting:
            gc.enable()


if __name__ == "__main__":
    sys.exit(main())
