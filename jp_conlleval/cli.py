"""``jp_conlleval``: conlleval.pl as a drop-in (``--legacy``) and JP mode (default).

``--legacy`` (anywhere in argv) reads standard input exactly as conlleval.pl does. JP mode
reads the same options; with two files, GOLD and SYSTEM, it runs on the shared runner
(:mod:`jp_conlleval.tool`: JSON, listing, report, significance, the one contract); without
them it scores conlleval's merged file on standard input (or the one file named), as
conlleval.pl does, with JP mode's errors, notes and ``--json``
(:func:`run_merged`).

On the merged file JP mode keeps its contract without the runner, which needs a GOLD and a
SYSTEM: nothing is aligned there (the two columns share their tokens), so ``--json`` is the
only option of JP mode that applies; the others (``--show-alignment``, ``--report``,
``--strict``, ``--lang``, ``--compare`` and the significance options) go to the runner,
which asks for two files. Bad input is one line ``jp_conlleval: error: FILE:LINE: message``,
exit 2 (a bad command line: the usage line and one error line); a reader that goes away ends
quietly. Bytes are read as conlleval reads them: words and types that are not UTF-8 are
scored and printed back unchanged (the vector ``syn_latin1_bytes``), as in the two-file mode.
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
    return run_merged([arg for arg in args if arg not in MERGED_JP_OPTIONS], as_json="--json" in args)


def _two_files(args: List[str]) -> bool:
    from jp_shims.cli import take_value

    from .reader import UsageError, parse_leading_options

    take_value(args, "--scheme")
    try:
        return len(parse_leading_options(args, stdin=True)[1]) == 2
    except UsageError:
        return False


STDIN = "<stdin>"  # the name of standard input read without a file argument


def run_merged(argv: List[str], as_json: bool = False) -> int:
    """JP mode on a merged file: the report (or with ``as_json`` the JSON document) on
    stdout, the note on stderr; exit 0, or 2 for bad input or a bad command line."""
    from jp_shims.errors import EXIT_BAD_INPUT, InputError, UsageError, error_line

    from .tool import USAGE

    try:
        output, notes = _score(argv, as_json)
        sys.stdout.buffer.write(output)
        sys.stdout.buffer.flush()
    except UsageError as error:
        sys.stderr.write(USAGE + error_line(PROG, str(error)))
        return EXIT_BAD_INPUT
    except InputError as error:
        sys.stderr.write(error_line(PROG, error.message, error.file, error.line))
        return EXIT_BAD_INPUT
    except OSError as error:
        from jp_shims.brokenpipe import stdout_write_failed

        status = stdout_write_failed(PROG, error)  # a closed pipe: quietly; a full disk: one line
        if status is None:
            raise
        return status
    if notes:
        sys.stderr.write(f"{PROG}: note: {'; '.join(notes)}\n")
    return 0


def _score(argv: List[str], as_json: bool) -> tuple:
    from jp_shims.errors import InputError, UsageError

    from .merged import score_merged
    from .reader import InputError as MergedInputError
    from .tool import TOOL, command_line

    settings, files = command_line(list(argv))
    parsed = TOOL.configure(**settings)  # (the tool's settings, as for two files)
    if len(files) > 1:
        raise UsageError("expected GOLD SYSTEM (two files), one merged file, or the merged file on standard input")
    name = STDIN if not files else files[0]
    parsed = parsed._replace(gold=name, system=name)
    data = _read(None if name in (STDIN, "-") else name, name)
    _check_format(name, data)
    try:
        merged = score_merged(data, parsed.settings.options, parsed.settings.scheme)
    except MergedInputError as error:
        raise InputError(name, error.line, error.message) from None
    if not as_json:
        return merged.report(), merged.notes()
    return _json(parsed, merged).encode("utf-8", "surrogateescape"), merged.notes()


def _check_format(name: str, data: bytes) -> None:
    """The merged file's start must not be evidently another format (jp_shims.sniff), as the
    runner checks each of two files. (Lines of different numbers of fields are left to the
    merged reader, which names the counts as conlleval does.)"""
    from jp_shims.inputs import check_kind
    from jp_shims.sniff import HEAD_LINES, TEXT

    from .tool import COLUMNS

    head = data[:1 << 16].split(b"\n", HEAD_LINES)[:HEAD_LINES]
    lines = [(number, line.decode("utf-8", "replace").rstrip("\r")) for number, line in enumerate(head, 1)]
    check_kind(name, lines, COLUMNS._replace(kinds=COLUMNS.kinds | {TEXT}))


def _read(path: Optional[str], name: str) -> bytes:
    from jp_shims.errors import InputError

    try:
        if path is None:
            if sys.stdin is None:
                raise InputError(name, None, "cannot read: standard input is closed")
            return sys.stdin.buffer.read()
        with open(path, "rb") as stream:
            return stream.read()
    except OSError as error:
        raise InputError(name, None, f"cannot read: {error.strerror or error}") from None


def _json(parsed, merged) -> str:
    """The document of the two-file mode for this file (nothing aligned: no block)."""
    from jp_shims.envelope import dumps, envelope

    from .scoring import scores_document
    from .tool import TOOL

    return dumps(envelope(PROG, signature=TOOL.signature(parsed, TOOL.config), options=TOOL.json_options(parsed),
                          scores=scores_document(merged.statistics)))


if __name__ == "__main__":
    sys.exit(main())
