"""The one-line error of JP mode: ``PROG: error: FILE:LINE: message`` on stderr, exit 2."""
from __future__ import annotations

from typing import Optional, TextIO

# Exit status of bad input or a bad command line in JP mode (argparse uses 2 as well).
EXIT_BAD_INPUT = 2


def located(file: Optional[str], line: Optional[int] = None) -> str:
    """``FILE:LINE``, or ``FILE`` when no line is known. Line numbers are 1-based: a line
    number below 1 means "no line" and is never printed (no message may cite line 0)."""
    if not file:
        return ""
    return f"{file}:{line}" if line is not None and line >= 1 else file


def error_line(prog: str, message: str, file: Optional[str] = None, line: Optional[int] = None) -> str:
    """The error text, newline included; the message is made one line (every line break
    Python knows -- newline, carriage return, form feed, U+2028 ... -- becomes a space, since a
    message may quote the input) so that the error is always exactly one line."""
    message = " ".join(str(message).splitlines()).rstrip()
    where = located(file, line)
    return f"{prog}: error: {where}: {message}\n" if where else f"{prog}: error: {message}\n"


def report_error(stderr: TextIO, prog: str, message: str, file: Optional[str] = None,
                 line: Optional[int] = None) -> int:
    """Write the error line on ``stderr`` and return :data:`EXIT_BAD_INPUT`."""
    stderr.write(error_line(prog, message, file, line))
    stderr.flush()
    return EXIT_BAD_INPUT


class InputError(ValueError):
    """Bad input: what every reader and every Python API of every tool raises, and the runner
    prints as one line ``PROG: error: FILE:LINE: message`` with exit status 2.

    ``path`` (also ``file``) names the input as the user gave it, ``line`` is 1-based (None:
    no line, as for a file that does not exist), ``message`` says what is wrong; ``str()`` is
    ``FILE:LINE: message`` or ``FILE: message``. A ``ValueError``, so that callers catching
    bad values catch bad input too. The tools' own classes (jp_conll18's ``UDError``,
    jp_errant's ``M2Error``, ...) are subclasses that keep the originals' messages.

    Anything else a run raises is a bug of jp-shims, never dressed as bad input.
    """

    def __init__(self, file: Optional[str], line: Optional[int], message: str) -> None:
        super().__init__(message)
        self.file = None if file is None else str(file)
        self.line = line
        self.message = message

    @property
    def path(self) -> Optional[str]:  # (the name jp_preprocess's readers used)
        return self.file

    def location(self) -> str:
        return located(self.file, self.line)

    def __str__(self) -> str:
        where = self.location()
        return f"{where}: {self.message}" if where else self.message


class MissingDependency(ImportError):
    """An optional dependency of a feature is not installed: ``module`` names it, ``extra``
    the extra of jp-shims that installs it (``pip install 'jp-shims[EXTRA]'``); the message
    says both unless the tool words it itself."""

    def __init__(self, module: str, extra: str, message: Optional[str] = None) -> None:
        super().__init__(message or f"{module} is not installed: pip install 'jp-shims[{extra}]'", name=module)
        self.module = module
        self.extra = extra


class UsageError(ValueError):
    """A bad command line, or a bad setting of a Python API (``Tool.configure``): the runner
    prints the tool's usage line and one error line, exit 2 (``usage=False``: the error line
    alone, for a command line whose options are all known). A ``ValueError``, as bad input
    is: one ``except ValueError`` catches every bad value given to the package."""

    def __init__(self, message: str, usage: bool = True) -> None:
        super().__init__(message)
        self.usage = usage
