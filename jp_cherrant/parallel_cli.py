"""``jp_cherrant_parallel``: ChERRANT's ``parallel_to_m2.py -g char`` without LTP and torch.

Reads ``id<TAB>source<TAB>correction…`` lines and writes the M2 file ``-o`` byte for byte as
the original does. ``--legacy`` (anywhere in argv) also reproduces its failures: the lines
before a bad one stay in the output file, the exit status is 1 and stderr ends with the
Python exception the original dies of. JP mode (default) writes the same file, checks the
whole input first (bad input: one ``jp_cherrant_parallel: error: FILE:LINE: message`` line,
exit 2, no output file) and warns about lines that get no M2 block. Word level (``-g
word``, LTP) is out of scope in both modes: one error line, exit 2.
"""
from __future__ import annotations

import argparse
import sys
from typing import List, Optional, Tuple

from jp_errant.annotate.alignment import MAX_ALIGNMENT_CELLS
from jp_shims.cli import CommandParser, help_section, take_flag, take_value
from jp_shims.command import check_writable, refuse_input_as_output, run_main
from jp_shims.errors import InputError, MissingDependency, UsageError
from jp_shims.inputs import Format, InputFile, Inputs, check_format
from jp_shims.parallel import RunOptions, add_shard_option, annotate_stream, hide_run_options

from .annotator.alignment import AlignmentTooLarge
from .annotator.block import STRATEGIES, LineError, split_line
from .annotator.resources import RESOURCE_ENV, ResourceError
from .parallel import annotator

PROG = "jp_cherrant_parallel"
ORIGINAL = "parallel_to_m2.py"
# The input: any line will do here (a line without TAB is named by the check of every line,
# as the original's IndexError); what is refused is a start that is evidently another
# format (jp_shims.sniff): an M2 file, trees, CoNLL-U, token columns.
PARALLEL = Format("ChERRANT's parallel file (id TAB source TAB correction... a line)", lambda line: True)
WORD_LEVEL = ("-g word (word level) needs LTP's neural segmenter and is out of scope of "
              f"{PROG}: only -g char is implemented")


class Failure(Exception):
    """The original's death by an uncaught exception: ``last_line`` is its last stderr line."""

    def __init__(self, last_line: str) -> None:
        super().__init__(last_line)
        self.last_line = last_line


def build_parser(prog: str, parser_class: type = argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The original's options (same names, defaults, choices and argparse messages);
    ``parser_class``: JP mode's :class:`jp_shims.cli.CommandParser` (usage errors as the
    contract prints them), argparse's own in legacy mode."""
    parser = parser_class(prog=prog, description="Choose input file to annotate")
    parser.add_argument("-f", "--file", type=str, required=True,
                        help="input: id<TAB>source<TAB>correction... per line ('-': standard input, JP mode)")
    parser.add_argument("-o", "--output", type=str, required=True,
                        help="the M2 file to write (JP mode: checked before any work)")
    parser.add_argument("-b", "--batch_size", type=int, default=128, help="no effect on the output (default: 128)")
    parser.add_argument("-d", "--device", type=int, default=0, help="no effect")
    parser.add_argument("-w", "--worker_num", type=int, default=16, help="no effect")
    parser.add_argument("-g", "--granularity", type=str, default="char",
                        help="char (default); word level (LTP) is out of scope here")
    parser.add_argument("-m", "--merge", action="store_true", help="no effect")
    parser.add_argument("-s", "--multi_cheapest_strategy", type=str, choices=list(STRATEGIES), default="all",
                        help="write every distinct cheapest alignment (all, default) or the first")
    parser.add_argument("--segmented", action="store_true", help="tokens are the text's space-separated words")
    parser.add_argument("--no_simplified", action="store_true",
                        help="do not convert corrections to simplified characters")
    parser.add_argument("--bpe", action="store_true", help="BERT WordPiece tokens (ignored with --segmented)")
    return parser


SHARD_HELP = ("--shard I/N", "annotate only the I-th of N consecutive parts of the input (I = 1..N); "
              "the N outputs concatenated are the whole output byte for byte")


RESOURCES_HELP = ("--resources DIR", f"ChERRANT's data/ folder (cilin.txt, confusion_dict.txt; "
                  f"chinese_vocab.txt for --bpe); default: ${RESOURCE_ENV}. Not shipped with jp-shims")
SCOPE_HELP = ("\nWord level (-g word, LTP) is out of scope: it exits 2 with one error line. Converting\n"
              "corrections to simplified characters (default) needs OpenCC: pip install 'jp-shims[cherrant]'.\n")


def main(argv: Optional[List[str]] = None) -> int:
    """The console script (jp_shims' command contract: :func:`jp_shims.command.run_main`)."""
    return run_main(PROG, lambda: build_parser(PROG).format_usage(), _main, argv)


def _main(args: List[str]) -> int:
    legacy = take_flag(args, "--legacy")
    resources, missing = take_value(args, "--resources")
    if missing:
        raise UsageError("argument --resources: expected one argument")
    if legacy:
        parser = build_parser(ORIGINAL)  # the original's argparse, its messages
    else:
        if "-h" in args or "--help" in args:
            sys.stdout.write(build_parser(PROG).format_help()
                             + help_section(["--legacy", RESOURCES_HELP, SHARD_HELP, "--version"], ORIGINAL) + SCOPE_HELP)
            return 0
        parser = build_parser(PROG, CommandParser)
    add_shard_option(parser)
    if legacy:
        hide_run_options(parser)  # (the original's help has no --shard)
    options = parser.parse_args(args)
    try:
        return run(options, legacy, resources)
    except MissingDependency as error:  # (OpenCC, pypinyin: one line naming the extra)
        raise InputError(None, None, str(error)) from None
    except Failure as failure:
        sys.stderr.write(f'Traceback (most recent call last):\n  File "{ORIGINAL}", line 1, in <module>\n'
                         f"{failure.last_line}\n")
        return 1


def run(options: argparse.Namespace, legacy: bool, resources: Optional[str]) -> int:
    granularity = options.granularity
    if granularity == "word":
        raise ResourceError(WORD_LEVEL)
    if granularity != "char":
        if legacy:
            raise Failure("NotImplementedError")
        raise UsageError(f"argument -g/--granularity: {granularity!r}: only 'char' is implemented "
                         "(the original raises NotImplementedError)")
    if not legacy and options.batch_size < 1:
        raise UsageError(f"argument -b/--batch_size: {options.batch_size}: must be at least 1 "
                         "(the original fails with ZeroDivisionError)")
    if legacy:
        return _run_legacy(options, resources)
    check_writable(options.output)
    refuse_input_as_output(options.output, [options.file])
    with Inputs() as inputs:
        file = inputs.prepare(options.file)
        check_format(file, PARALLEL)
        text = _read(file)
    lines, first_number = _lines(text)
    writer = _annotator(options, resources, legacy=False)
    problem = _check(lines, first_number, writer, options)
    if problem:
        raise InputError(options.file, problem[0], problem[1])
    try:
        out = open(options.output, "w", encoding="utf-8", newline="")
    except OSError as error:
        raise InputError(options.output, None, f"cannot write the output: {_reason(error)}") from None
    try:
        with out:
            for _, block in annotate_stream(lines, _blocks, lambda: writer, RunOptions(shard=options.shard),
                                            count=lambda: len(lines), context=writer, prog=PROG):
                if isinstance(block, LineError):  # (not reached: _check has read every line)
                    raise InputError(options.file, None, str(block))
                out.write(block)
    except OSError as error:  # a full disk, /dev/full: the file is named (ChERRANT: a traceback)
        raise InputError(options.output, None, f"cannot write the output: {_reason(error)}") from None
    return 0


def _read(file: InputFile) -> str:
    """The whole input as the original reads it (UTF-8, universal newlines); JP mode: bytes
    that are not UTF-8 are one error line naming their line."""
    try:
        with file.open() as handle:
            data = handle.read()
    except OSError as error:
        raise InputError(file.name, None, _reason(error)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(file.name, data.count(b"\n", 0, error.start) + 1, _reason(error)) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _annotator(options: argparse.Namespace, resources: Optional[str], legacy: bool):
    # JP mode bounds the alignment's table (one error line for a larger one, before anything
    # is written); the original has no bound.
    return annotator(resources, options.multi_cheapest_strategy, options.segmented, options.bpe,
                     not options.no_simplified, max_cells=None if legacy else MAX_ALIGNMENT_CELLS)


def _run_legacy(options: argparse.Namespace, resources: Optional[str]) -> int:
    """The original: the lines before a bad one stay in the output file, then it dies."""
    writer = _annotator(options, resources, legacy=True)
    try:
        with open(options.file, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise Failure(_exception_line(error)) from None
    lines, _ = _lines(text)
    try:
        out = open(options.output, "w", encoding="utf-8", newline="")
    except OSError as error:
        raise Failure(_exception_line(error)) from None
    with out:
        if options.batch_size == 0:
            raise Failure("ZeroDivisionError: integer modulo by zero")
        for _, block in annotate_stream(lines, _blocks, lambda: writer, RunOptions(shard=options.shard),
                                        count=lambda: len(lines), context=writer, prog=PROG):
            if isinstance(block, LineError):
                raise Failure(_original_error(block))
            out.write(block)
    return 0


def _blocks(writer, lines: List[str]) -> list:
    """The M2 block of each line of a batch, up to a line the original dies on (its error)."""
    blocks: list = []
    for line in lines:
        try:
            source, corrections = split_line(line)
            blocks.append(writer.block(source, corrections))
        except LineError as error:
            blocks.append(error)
            break
    return blocks


def _lines(text: str) -> Tuple[List[str], int]:
    """The original's lines (the text ``strip()``ped as a whole, split on newlines) and the
    file's line number of the first one."""
    stripped = text.strip()
    leading = text[:len(text) - len(text.lstrip())]
    return stripped.split("\n"), leading.count("\n") + 1


def _check(lines: List[str], first_number: int, writer, options: argparse.Namespace) -> Optional[Tuple[int, str]]:
    """JP mode: the first bad line (line number, message) before anything is written; warns
    about lines that get no block (a source without corrections)."""
    for number, line in enumerate(lines, start=first_number):
        try:
            source, corrections = split_line(line)
            if not corrections:
                print(f"{PROG}: warning: {options.file}:{number}: a source without corrections: "
                      "written as an empty line, as the original does (no M2 block: the M2 file "
                      "has fewer blocks than the input has lines)", file=sys.stderr)
                continue
            source, targets = writer.check(source, corrections)
            for text in (source, *targets):
                writer.tokens(text)
            writer.check_size(source, targets)
        except (LineError, AlignmentTooLarge) as error:
            return number, str(error)
    return None


def _original_error(error: LineError) -> str:
    return "IndexError: list index out of range" if error.kind == "IndexError" else error.kind


def _exception_line(error: BaseException) -> str:
    """The last line of a Python traceback for ``error`` (``Type: message``)."""
    detail = str(error)
    return f"{type(error).__name__}: {detail}" if detail else type(error).__name__


def _reason(error: BaseException) -> str:
    if isinstance(error, UnicodeDecodeError):
        return f"not UTF-8 text ({error.reason} at byte {error.start})"
    return getattr(error, "strerror", None) or str(error)


if __name__ == "__main__":
    raise SystemExit(main())
