"""``jp_conlleval``: conlleval.pl as a drop-in (``--legacy``) and JP mode (default).

``--legacy`` (anywhere in argv) reads standard input exactly as conlleval.pl does. JP mode
reads the same options; with two files, GOLD and SYSTEM, it runs on the shared runner
(:mod:`jp_conlleval.tool`: JSON, listing, report, significance, the one contract); without
file arguments it scores conlleval's merged file on standard input (one argument: that file),
as conlleval.pl does, with JP mode's errors and notes (:func:`run_merged`).
"""
from __future__ import annotations

import sys
from typing import List, Optional


PROG = "jp_conlleval"


def main(argv: Optional[List[str]] = None) -> int:
    from jp_shims.runner import main as run
    from jp_shims.runner import without_common_options

    from .tool import TOOL

    args = list(sys.argv[1:] if argv is None else argv)
    # conlleval's own options are single-dash and --scheme is read in both forms: any other
    # long option (or -h) is the runner's to read or refuse, and so are two files.
    runner_options = [arg for arg in args if (arg.startswith("--") and not arg.startswith("--scheme")) or arg == "-h"]
    if runner_options or _two_files(without_common_options(TOOL, args)):
        return run(TOOL, args)
    return run_merged(args)


def _two_files(args: List[str]) -> bool:
    from .reader import UsageError, parse_leading_options

    _take_scheme(args)
    try:
        return len(parse_leading_options(["_" if arg == "-" else arg for arg in args])[1]) == 2
    except UsageError:
        return False


def _take_scheme(argv: List[str]) -> Optional[str]:
    """Remove ``--scheme NAME`` (or ``--scheme=NAME``) from ``argv``; the name, or None."""
    for index, arg in enumerate(argv):
        if arg == "--scheme" and index + 1 < len(argv):
            del argv[index]
            return argv.pop(index)
        if arg.startswith("--scheme="):
            del argv[index]
            return arg.split("=", 1)[1]
    return None


def run_merged(argv: List[str]) -> int:
    """JP mode on conlleval's merged file (standard input, or one file): the report on
    stdout, one note line on stderr, bad input as ``jp_conlleval: error: FILE:LINE: message``,
    exit 2. (The JP options of the runner need GOLD and SYSTEM.)"""
    from .evaluation import evaluate
    from .merged import score_merged
    from .reader import InputError, UsageError, parse_leading_options
    from .tagged import FileInputError
    from .tags import SCHEMES

    def fail(message: str, file: Optional[str] = None, line: Optional[int] = None) -> int:
        from jp_shims.errors import EXIT_BAD_INPUT, error_line

        sys.stderr.write(error_line(PROG, message, file, line))
        return EXIT_BAD_INPUT

    args = list(argv)
    scheme = _take_scheme(args)
    if scheme is not None and scheme not in SCHEMES:
        return fail(f"--scheme {scheme}: one of {', '.join(SCHEMES)}")
    try:
        options, files = parse_leading_options(args)
    except UsageError as error:
        return fail(str(error).replace("conlleval: ", "", 1))
    try:
        if len(files) == 2:
            result = evaluate(files[0], files[1], options=options, scheme=scheme)
            output, notes = result.report(), result.notes()
        elif len(files) <= 1:
            name = files[0] if files else "<stdin>"
            data = _read(files[0]) if files else sys.stdin.buffer.read()
            try:
                merged = score_merged(data, options, scheme)
            except InputError as error:
                return fail(error.message, name, error.line)
            output, notes = merged.report(), merged.notes()
        else:
            return fail("expected GOLD SYSTEM (two files), one merged file, or the merged file on"
                        " standard input")
    except FileInputError as error:
        return fail(error.message, error.file, error.line)
    sys.stdout.buffer.write(output)
    sys.stdout.buffer.flush()
    if notes:
        sys.stderr.write(f"{PROG}: note: {'; '.join(notes)}\n")
    return 0


def _read(path: str) -> bytes:
    from .tagged import FileInputError

    try:
        with open(path, "rb") as stream:
            return stream.read()
    except OSError as error:
        raise FileInputError(path, f"cannot read: {error.strerror}", 0) from None


if __name__ == "__main__":
    sys.exit(main())
