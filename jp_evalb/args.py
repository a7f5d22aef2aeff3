"""evalb's command line and ours beside it: parsed here, in one module that the command
(:mod:`jp_evalb.cli`), legacy mode (:mod:`jp_evalb.legacy`) and JP mode (:mod:`jp_evalb.jp`)
import -- so that none of them imports another.

Our options (``--legacy``, ``--per-label``, ``--show-alignment``, ``--report FILE``, ``--lang``,
``--install-shim DIR``, ``--version``) are removed before evalb's option parsing (``--json``
is JP mode's, read by the runner: with ``--legacy`` it is a usage error).
"""
from __future__ import annotations

from typing import Callable, NamedTuple, Optional

from .params import BadValue, Params, atoi, c_int, read_parameter_file
from .variant import EVALB, RunFlags, Variant

PROG = "jp_evalb"


class Options(NamedTuple):
    """evalb's options after parsing: the settings and the two file names (None if absent)."""

    params: Params
    gold: Optional[str]
    test: Optional[str]
    param_file: Optional[str] = None  # the last -p value read (for the signature)
    flags: RunFlags = RunFlags()  # evalb_spmrl's -K -L -l -X -V


class Usage(Exception):
    """evalb prints its usage text: exit status 1 for -h, 0 for an unknown option
    (``argument``: the argument that holds it)."""

    def __init__(self, status: int, argument: str = "") -> None:
        super().__init__(status)
        self.status = status
        self.argument = argument


class Extra:
    """Our options that legacy mode and ``--install-shim`` read (``per_label``,
    ``install_shim``); ``rest`` is the argument list left for evalb's parser."""

    __slots__ = ("install_shim", "per_label", "variant", "rest")

    def __init__(self, variant: Variant = EVALB) -> None:
        self.variant = variant  # which program is reproduced (evalb, evalb_spmrl)
        self.per_label = False
        self.install_shim: Optional[str] = None
        self.rest: list[str] = []


# Options of ours taken out of the argument list, with a value or without (JP mode's are read
# by the runner; legacy mode never sees them but through --install-shim's argument list).
_FLAGS = ("--legacy", "--show-alignment")
_VALUES = ("--lang",)


def split_extra(argv: list[str], variant: Variant = EVALB) -> Extra:
    """Our options out of ``argv``; ``rest`` is left for evalb's parser. ``--report`` and
    ``--version`` are JP mode's: with ``--legacy`` they are left to evalb's parser, which
    treats them as evalb does (its usage text)."""
    extra = Extra(variant)
    legacy = "--legacy" in argv
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in _FLAGS or (arg == "--version" and not legacy):
            pass
        elif arg == "--per-label":
            extra.per_label = True
        elif arg == "--install-shim":
            i += 1
            extra.install_shim = argv[i] if i < len(argv) else ""  # "": missing, an error
        elif arg.startswith("--install-shim="):
            extra.install_shim = arg.split("=", 1)[1]
        elif (arg in _VALUES or (arg == "--report" and not legacy)) and i + 1 < len(argv):
            i += 1  # (and its value)
        elif arg.startswith("--lang=") or (arg.startswith("--report=") and not legacy):
            pass
        else:
            extra.rest.append(arg)
        i += 1
    return extra


_MISSING = {"c": "cut-off length for statistices", "e": "number of error to kill", "p": "parameter file",
            "K": "Max nb of  sentences to read"}


def parse_evalb_args(args: list[str], err: Callable[[str], None], encoding: str,
                     strict: bool = False, variant: Variant = EVALB, fallback: Optional[str] = None) -> Options:
    """evalb's option loop: clusters left to right, values attached or in the next argument.

    Raises :class:`Usage` for ``-h`` (status 1) and unknown options (status 0), and
    :class:`FatalError` when a parameter file cannot be opened. ``strict`` (JP mode): a
    missing value, or a number (``-c``, ``-e``, numeric parameter-file values) that is not a C
    int, raises :class:`BadValue` instead of evalb's atoi reading. ``variant``: evalb_spmrl
    also takes ``-K n`` and the flags ``-L -l -X -V``, and echoes ``-c``. ``fallback`` (JP
    mode): how a parameter file that is not UTF-8 is read (as the trees are: --encoding).
    """
    params = Params(variant=variant)
    flags = RunFlags()
    values = "cep" + ("K" if variant.flag_letters else "")
    gold = test = param_file = None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg.startswith("-") and not (strict and arg == "-"):  # (JP mode: "-" is standard input)
            k = 1
            while k < len(arg):
                ch = arg[k]
                if ch == "h":
                    raise Usage(1, arg)
                if ch == "d" or ch == "D":
                    params = params.with_(debug=1 if ch == "d" else 2)
                    break
                if ch in variant.flag_letters:
                    flags = _flag(flags, ch)
                    break
                if ch in values:
                    if k + 1 < len(arg):
                        value = arg[k + 1:]
                    elif i + 1 < len(args):
                        i += 1
                        value = args[i]
                    elif strict and ch != "K":
                        # (evalb_spmrl's -K without a value evaluates one sentence, which a
                        # vector shows lined up: JP mode keeps that reading.)
                        raise BadValue(f"-{ch}", f"missing argument ({_MISSING[ch]})")
                    else:
                        err(f"Missing argument: {_MISSING[ch]}\n")
                        value = ""
                    if ch == "p":
                        params, warnings = read_parameter_file(params, value, encoding, strict, fallback)
                        param_file = value
                        for warning in warnings:
                            err(warning)
                    elif ch == "c":
                        params = params.with_(cutoff_len=_number(ch, value, strict))
                        if variant.flag_letters:  # evalb_spmrl says what it read
                            err(f"cutoff {params.cutoff_len}\n")
                    elif ch == "K":
                        flags = flags._replace(limit=_number(ch, value, strict and value != ""))
                    else:
                        params = params.with_(max_error=_number(ch, value, strict))
                    break
                raise Usage(0, arg)
        elif gold is None:
            gold = arg
        elif test is None:
            test = arg
        i += 1
    return Options(params, gold, test, param_file, flags)


def _flag(flags: RunFlags, letter: str) -> RunFlags:
    if letter == "X":
        return flags._replace(count_skipped=True)
    if letter == "V":
        return flags._replace(name_files=True)
    if letter == "L" and flags.compact == "l":
        return flags  # -l (the len<=N totals) wins over -L whatever their order
    return flags._replace(compact=letter)


def _number(option: str, value: str, strict: bool) -> int:
    if not strict:
        return atoi(value)
    try:
        return c_int(value)
    except ValueError as exc:
        raise BadValue(f"-{option}", f"value {exc}") from None


