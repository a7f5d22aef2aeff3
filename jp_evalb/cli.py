"""``jp_evalb``: evalb's command line, legacy mode and JP mode.

``--legacy`` (anywhere) selects evalb's behaviour byte for byte; without it, sentences and
words are aligned first (:mod:`jp_evalb.jp`; legacy mode is :mod:`jp_evalb.legacy`). The
options are parsed by :mod:`jp_evalb.args`.
"""
from __future__ import annotations

import sys
from typing import Optional

# Re-exported: the names other modules imported from here before jp_evalb.args existed.
from .args import PROG, Extra, Options, Usage, parse_evalb_args, split_extra
from .variant import EVALB, Variant

__all__ = ["PROG", "Extra", "Options", "Usage", "main", "parse_evalb_args", "run_program", "split_extra"]


def main(argv: Optional[list[str]] = None) -> int:
    return run_program(EVALB, argv)


def run_program(variant: Variant, argv: Optional[list[str]] = None) -> int:
    """Run ``variant`` (evalb, or evalb_spmrl for ``jp_evalb_spmrl``) on ``argv`` (default:
    ``sys.argv[1:]``); returns the exit status."""
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

            return report_error(sys.stderr, variant.prog, str(error))
    extra = split_extra(argv, variant)
    extra.significance = significance
    if extra.version:
        from jp_shims.cli import version_line

        sys.stdout.write(version_line(variant.prog))
        return 0
    if variant is EVALB and extra.install_shim is not None:  # evalb_spmrl's shim: --install-shim --spmrl
        from .shim import install_shim

        return install_shim(extra.install_shim, extra.rest, sys.stdout, sys.stderr, PROG)
    if extra.legacy:
        from .legacy import run_legacy

        return run_legacy(extra.rest, extra, sys.stdout, sys.stderr)
    from .jp import run_jp  # imports jp_align (and rapidfuzz) only when needed

    return run_jp(extra.rest, extra, sys.stdout, sys.stderr)
