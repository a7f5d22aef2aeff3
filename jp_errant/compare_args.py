"""errant_compare's command line (and JP mode's options beside it) and the settings it parses
into, in one module that both the command (:mod:`jp_errant.cli`) and JP mode
(:mod:`jp_errant.tool`, :mod:`jp_errant.jp`) import -- so that neither imports the other.

:class:`Settings` are the tool's settings under Python names: the Python API's keywords
(:func:`checked_settings`) and what a command line parses into (:func:`settings_from_args`),
one object either way.
"""
from __future__ import annotations

import argparse
from typing import Any, Callable, Dict, Mapping, NamedTuple, Optional, Tuple, Type, TypeVar

from jp_errant.score_options import MODES, ScoreOptions
from jp_shims.errors import UsageError
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
    description = ("Calculate F-scores for error detection and/or correction.\n"
                   "Flags let you evaluate at different levels of granularity.")
    usage = "%(prog)s [options] -hyp HYP -ref REF"
    # JP mode: the original's help text first, then the JP options section (the options
    # themselves are hidden from argparse's part).
    parser = (_JPModeParser(jp_help=help_section(jp_help or JP_HELP, original), prog=prog, description=description,
                            formatter_class=argparse.RawTextHelpFormatter, usage=usage) if jp_mode
              else argparse.ArgumentParser(prog=prog, description=description,
                                           formatter_class=argparse.RawTextHelpFormatter, usage=usage))
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


class Settings(NamedTuple):
    """errant_compare's settings: ``-b`` (``beta``), ``-dt/-ds/-cs/-cse`` (``mode``),
    ``-single``, ``-multi``, ``-filt`` (a tuple of error types), ``-cat`` (1-3 or None),
    ``-v`` (``verbose``) and JP mode's ``--average`` (``micro`` or ``macro``)."""

    beta: float = 0.5
    mode: str = "cs"
    single: bool = False
    multi: bool = False
    filt: Tuple[str, ...] = ()
    cat: Optional[int] = None
    verbose: bool = False
    average: str = "micro"

    @property
    def macro(self) -> bool:
        return self.average == "macro"

    @property
    def options(self) -> ScoreOptions:
        return score_options(self)


def score_options(settings: Any) -> ScoreOptions:
    """The scorer's options of errant_compare's settings (per-category counts kept where
    they are printed: -cat and --average macro; JP mode adds its own reasons)."""
    return ScoreOptions(beta=settings.beta, mode=settings.mode, single=settings.single, multi=settings.multi,
                        filt=tuple(settings.filt), cat=settings.cat, verbose=settings.verbose,
                        categories=bool(settings.cat) or settings.average == "macro")


def options_from_args(args: argparse.Namespace) -> ScoreOptions:
    """The scorer's options of a parsed command line (legacy mode)."""
    return settings_from_args(Settings, args).options


S = TypeVar("S", bound=tuple)


def settings_from_args(kind: Type[S], args: argparse.Namespace, **more: Any) -> S:
    """``kind`` (:class:`Settings` or a variant's) of a parsed command line (``more``: what
    the parser does not hold, e.g. ``average``), through :func:`checked_settings`."""
    values: Dict[str, Any] = {name: getattr(args, name) for name in kind._fields  # type: ignore[attr-defined]
                              if name != "mode" and getattr(args, name, None) is not None}
    values["mode"] = "dt" if args.dt else "ds" if args.ds else "cse" if args.cse else "cs"
    values.update(more)
    return checked_settings(kind, values)


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise UsageError(f"{name}: True or False, not {value!r}")
    return value


def _optional_int(name: str, value: Any, choices: Optional[Tuple[int, ...]] = None) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or (choices and value not in choices):
        raise UsageError(f"{name}: " + (f"one of {', '.join(map(str, choices))}" if choices else "an integer")
                         + f" (or None), not {value!r}")
    return value


def _beta(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise UsageError(f"{name}: a number, not {value!r}")
    return float(value)


def _choice(choices: Tuple[str, ...]) -> Callable[[str, Any], str]:
    def check(name: str, value: Any) -> str:
        if value not in choices:
            raise UsageError(f"{name}: one of {', '.join(choices)}, not {value!r}")
        return value
    return check


def _types(name: str, value: Any) -> Tuple[str, ...]:
    if isinstance(value, str) or not all(isinstance(kind, str) for kind in value):
        raise UsageError(f"{name}: a sequence of error types, not {value!r}")
    return tuple(value)


# How each setting's value is checked (and made canonical); a variant's settings add theirs.
CHECKS: Mapping[str, Callable[[str, Any], Any]] = {
    "beta": _beta, "mode": _choice(MODES), "single": _flag, "multi": _flag, "filt": _types,
    "cat": lambda name, value: _optional_int(name, value, (1, 2, 3)), "verbose": _flag,
    "average": _choice(("micro", "macro")),
    # ChERRANT's (jp_cherrant.compare_args.CherrantSettings)
    "start": _optional_int, "end": _optional_int, "max_answer_num": _optional_int, "reference_num": _optional_int,
}


def checked_settings(kind: Type[S], values: Mapping[str, Any]) -> S:
    """``kind`` of keyword ``values``: a name ``kind`` does not have is a ``TypeError``, a bad
    value a :class:`UsageError` (a ``ValueError``)."""
    fields = kind._fields  # type: ignore[attr-defined]
    unknown = sorted(set(values) - set(fields))
    if unknown:
        raise TypeError(f"unknown setting {unknown[0]!r} (known: {', '.join(fields)})")
    return kind(**{name: CHECKS[name](name, value) for name, value in values.items()})


