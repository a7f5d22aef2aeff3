"""``jp_m2scorer``: m2scorer release 3.2 as a drop-in (``--legacy``) and JP mode (default).

``--legacy`` (anywhere in argv) reproduces m2scorer: stdout, exit code and the last stderr
line of its failures (:mod:`jp_m2scorer.legacy`). JP mode (:mod:`jp_m2scorer.tool`, on the
shared runner) reads the same options, re-segments system lines that merge or split gold
sentences (:mod:`jp_m2scorer.jp`), scores with the same scorer, and adds the runner's options
and ``--per-type`` and ``--align``.
"""
from __future__ import annotations

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """The console script: legacy mode or JP mode (:mod:`jp_m2scorer.tool`), both through the
    shared runner."""
    from jp_shims.runner import main as run

    from .tool import TOOL

    return run(TOOL, argv)
