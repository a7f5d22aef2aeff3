"""errant_compare's command line (and JP mode's options beside it), in one module that both
the command (:mod:`jp_errant.compare_cli`) and JP mode (:mod:`jp_errant.compare`) import --
so that neither imports the other."""
from __future__ import annotations

import argparse

from jp_errant.score_options import ScoreOptions
from jp_shims.cli import JPArgumentParser, help_section, version_line
from jp_shims.significance.cli import help_entries

LEGACY_PROG = "errant_compare"
JP_HELP = [
    "--legacy",
    "--json",
    "--show-alignment",
    "--report FILE.html",
    "--version",
    ("--average macro", "also the macro average over error types (of the -cat level; 3 without -cat) "
                        "after errant's micro figures (--average micro: errant's alone, the default)"),
    *help_entries(),
]


# Options JP mode adds to errant_compare's. argparse would also accept any unambiguous
# prefix of them ("--s", "--j"), which errant_compare rejects as unrecognized arguments; only
# errant's own long options (--beta, --verbose) keep their prefixes, as in errant.
JP_OPTIONS = ("--json", "--show-alignment", "--report", "--version", "--average")


class _JPModeParser(JPArgumentParser):
    """errant_compare's parser, with JP mode's own options matched only in full."""

    def _get_option_tuples(self, option_string: str) -> list:
        # Each tuple names the matched option string second (Python 3.9 to 3.13).
        return [match for match in super()._get_option_tuples(option_string)
                if match[1] not in JP_OPTIONS]


def build_parser(prog: str, jp_mode: bool, original: str = LEGACY_PROG,
                 jp_help: list | None = None) -> argparse.ArgumentParser:
    """errant_compare's option table (same names, types, group and help texts).

    ``original`` and ``jp_help`` name the original and the JP help entries of a variant
    that extends this table (ChERRANT's scorer: :mod:`jp_cherrant.compare_args`)."""
    settings = dict(
        prog=prog,
        description="Calculate F-scores for error detection and/or correction.\n"
        "Flags let you evaluate at different levels of granularity.",
        formatter_class=argparse.RawTextHelpFormatter,
        usage="%(prog)s [options] -hyp HYP -ref REF",
    )
    # JP mode: the original's help text first, then the JP options section (the options
    # themselves are hidden from argparse's part).
    parser = (_JPModeParser(jp_help=help_section(jp_help or JP_HELP, original), **settings) if jp_mode
              else argparse.ArgumentParser(**settings))
    parser.add_argument("-hyp", help="A hypothesis M2 file.", required=True)
    parser.add_argument("-ref", help="A reference M2 file.", required=True)
    parser.add_argument("-b", "--beta", help="Value of beta in F-score. (default: 0.5)",
                        default=0.5, type=float)
    parser.add_argument("-v", "--verbose", help="Print verbose output.", action="store_true")
    eval_type = parser.add_mutually_exclusive_group()
    eval_type.add_argument("-dt", help="Evaluate Detection in terms of Tokens.", action="store_true")
    eval_type.add_argument("-ds", help="Evaluate Detection in terms of Spans.", action="store_true")
    eval_type.add_argument("-cs", help="Evaluate Correction in terms of Spans. (default)",
                           action="store_true")
    eval_type.add_argument("-cse", help="Evaluate Correction in terms of Spans and Error types.",
                           action="store_true")
    parser.add_argument("-single", help="Only evaluate single token edits; i.e. 0:1, 1:0 or 1:1",
                        action="store_true")
    parser.add_argument("-multi", help="Only evaluate multi token edits; i.e. 2+:n or n:2+",
                        action="store_true")
    parser.add_argument("-filt", help="Do not evaluate the specified error types.", nargs="+",
                        default=[])
    parser.add_argument("-cat", help="Show error category scores.\n"
                        "1: Only show operation tier scores; e.g. R.\n"
                        "2: Only show main tier scores; e.g. NOUN.\n"
                        "3: Show all category scores; e.g. R:NOUN.",
                        choices=[1, 2, 3], type=int)
    if jp_mode:
        hidden = argparse.SUPPRESS  # described by the JP options section of the help
        parser.add_argument("--json", action="store_true", help=hidden)
        parser.add_argument("--show-alignment", action="store_true", help=hidden)
        parser.add_argument("--report", metavar="FILE.html", help=hidden)
        parser.add_argument("--version", action="version", version=version_line(prog).rstrip("\n"),
                            help=hidden)
        parser.add_argument("--average", choices=("micro", "macro"), default="micro", help=hidden)
    return parser


def options_from_args(args: argparse.Namespace) -> ScoreOptions:
    mode = "dt" if args.dt else "ds" if args.ds else "cse" if args.cse else "cs"
    # Per-category counts are only printed by -cat, --json and --average macro.
    categories = bool(args.cat) or bool(getattr(args, "json", False)) or getattr(args, "average", "") == "macro"
    return ScoreOptions(beta=args.beta, mode=mode, single=args.single, multi=args.multi,
                        filt=tuple(args.filt), cat=args.cat, verbose=args.verbose,
                        categories=categories)


