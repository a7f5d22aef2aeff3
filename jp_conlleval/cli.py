"""``jp_conlleval``: conlleval.pl as a drop-in (``--legacy``) and JP mode (default).

``--legacy`` (anywhere in argv) reads standard input exactly as conlleval.pl does. JP mode
reads the same options; with two files, GOLD and SYSTEM, it runs on the shared runner
(:mod:`jp_conlleval.tool`: JSON, listing, report, significance, the one contract); without
them it scores conlleval's merged file on standard input (or the one file named), as
conlleval.pl does, with JP mode's errors, notes and ``--json``
(:func:`jp_conlleval.merged_cli.run_merged`).
"""
from __future__ import annotations

import sys
from typing import List, Optional


PROG = "jp_conlleval"
# The runner's options that a merged file takes too (the others align, and need two files).
MERGED_JP_OPTIONS = ("--json",)


def main(argv: Optional[List[str]] = None) -> int:
    from jp_shims.runner import main as run
    from jp_shims.runner import without_common_options

    from .arguments import mark_values
    from .tool import TOOL

    # (Before anything reads argv: -o --json is the outside tag "--json", not an option.)
    args = mark_values(sys.argv[1:] if argv is None else argv)
    # conlleval's own options are single-dash and --scheme is read in both forms: any other
    # long option (or -h) is the runner's to read or refuse, and so are two files.
    runner_options = [arg for arg in args if (arg.startswith("--") and not arg.startswith("--scheme")) or arg == "-h"]
    if _two_files(without_common_options(TOOL, args)) or any(arg not in MERGED_JP_OPTIONS for arg in runner_options):
        return run(TOOL, args)
    from .merged_cli import run_merged

    return run_merged([arg for arg in args if arg not in MERGED_JP_OPTIONS], as_json="--json" in args)


def _two_files(args: List[str]) -> bool:
    from jp_shims.cli import take_value

    from .reader import UsageError, parse_leading_options

    take_value(args, "--scheme")
    try:
        return len(parse_leading_options(args, stdin=True)[1]) == 2
    except UsageError:
        return False


if __name__ == "__main__":
    sys.exit(main())
