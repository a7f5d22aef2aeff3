"""``jp_evalb_spmrl``: evalb_spmrl's command line (SPMRL 2013), legacy mode and JP mode.

The same program as ``jp_evalb`` (:mod:`jp_evalb.cli`), run with the evalb_spmrl
:data:`~jp_evalb.variant.SPMRL` variant: its options (``-K n -L -l -X -V``, ``-c`` echoed),
its reading (labels and POS tags cut at ``-`` ``=`` ``#``, no word deleted), its length
mismatch rule, its report (compact view, ``./status``). ``python -m jp_evalb.spmrl_cli``
runs it too.
"""
from __future__ import annotations

from typing import Optional

from .cli import run_program
from .variant import SPMRL


def main(argv: Optional[list[str]] = None) -> int:
    return run_program(SPMRL, argv)


if __name__ == "__main__":
    raise SystemExit(main())
