"""``jp_conlleval``: conlleval.pl as a drop-in (``--legacy``) and JP mode (default).

``--legacy`` (anywhere in argv) reads standard input exactly as conlleval.pl does. JP mode
reads the same options; without file arguments it scores the merged file on standard input
(one argument: that file), with two, GOLD and SYSTEM (:mod:`jp_conlleval.twofile`).
"""
from __future__ import annotations

import sys
from typing import List, Optional

from .merged import run_legacy

PROG = "jp_conlleval"


def main(argv: Optional[List[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--legacy" in args:
        args.remove("--legacy")
        outcome = run_legacy(args, sys.stdin.buffer.read())
        sys.stdout.buffer.write(outcome.stdout)
        sys.stdout.buffer.flush()
        sys.stderr.buffer.write(outcome.stderr)
        sys.stderr.buffer.flush()
        return outcome.status
    return run_jp(args)


def run_jp(argv: List[str]) -> int:
    raise NotImplementedError


if __name__ == "__main__":
    sys.exit(main())
