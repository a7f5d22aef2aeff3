"""``jp_evalb_spmrl``: evalb_spmrl's command line (SPMRL 2013), legacy mode and JP mode.

The same program as ``jp_evalb`` (:mod:`jp_evalb.cli`), run with the evalb_spmrl
:data:`~jp_evalb.variant.SPMRL` variant: its options (``-K n -L -l -X -V``, ``-c`` echoed),
its reading (labels and POS tags cut at ``-`` ``=`` ``#``, no word deleted), its length
mismatch rule, its report (compact view, ``./status``). ``python -m jp_evalb.spmrl_cli``
runs it too.
"""
from __future__ import annotations

import sys
from typing import Optional

from .args import split_extra
from .variant import SPMRL


def main(argv: Optional[list[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    significance = None
    # The significance options all start with "--": without such an argument there is none to
    # take, and jp_shims (a third of a short legacy run to import) is not imported.
    if any(arg.startswith("--") and arg != "--legacy" for arg in argv):
        from jp_shims.significance_cli import SignificanceUsage, take_significance_options

        try:
            significance = take_significance_options(argv, legacy="--legacy" in argv)
        except SignificanceUsage as error:
            from jp_shims.errors import report_error

            return report_error(sys.stderr, SPMRL.prog, str(error))
    extra = split_extra(argv, SPMRL)
    extra.significance = significance
    if extra.version:
        from jp_shims.cli import version_line

        sys.stdout.write(version_line(SPMRL.prog))
        return 0
    if extra.legacy:
        from .legacy import run_legacy

        return run_legacy(extra.rest, extra, sys.stdout, sys.stderr)
    from .jp import run_jp

    return run_jp(extra.rest, extra, sys.stdout, sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
