"""``jp_evalb``: evalb's command line, legacy mode and JP mode.

``--legacy`` (anywhere) selects evalb's behaviour byte for byte (:mod:`jp_evalb.legacy`);
without it, sentences and words are aligned first, on the shared runner
(:mod:`jp_evalb.tool`, :mod:`jp_shims.runner`). ``--install-shim DIR`` writes an EVALB
folder (:mod:`jp_evalb.shim`).
"""
from __future__ import annotations

import sys
from typing import Optional

from .args import PROG, split_extra
from .variant import EVALB, Variant

__all__ = ["main", "run_program"]


# Long options legacy mode takes: ours that work in both modes, and those evalb itself reads.
LEGACY_LONG_OPTIONS = ("--legacy", "--per-label", "--help", "--version")


def main(argv: Optional[list[str]] = None) -> int:
    return run_program(EVALB, argv)


def run_program(variant: Variant, argv: Optional[list[str]] = None) -> int:
    """Run ``variant`` (evalb, or evalb_spmrl for ``jp_evalb_spmrl``) on ``argv`` (default:
    ``sys.argv[1:]``); returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if variant is EVALB and any(arg == "--install-shim" or arg.startswith("--install-shim=") for arg in argv):
        # (evalb_spmrl's shim: jp_evalb --install-shim DIR --spmrl)
        from .shim import install_shim

        extra = split_extra(argv, variant)
        return install_shim(extra.install_shim or "", extra.rest, sys.stdout, sys.stderr, PROG)
    if "--legacy" in argv and not any(arg.startswith("--") and arg not in LEGACY_LONG_OPTIONS for arg in argv):
        # Legacy mode without JP options: the original, without importing the runner (a
        # short legacy run would spend a good part of its time on that import). evalb reads
        # --help and --version as unknown options (its usage, status 0): legacy mode too.
        from .legacy import run_legacy

        extra = split_extra(argv, variant)
        return run_legacy(extra.rest, extra, sys.stdout, sys.stderr)
    from jp_shims.runner import main as run

    from .tool import SPMRL_TOOL, TOOL

    return run(TOOL if variant is EVALB else SPMRL_TOOL, argv)
