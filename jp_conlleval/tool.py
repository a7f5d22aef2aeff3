"""jp_conlleval's two-file JP mode on the shared runner (``jp_conlleval GOLD SYSTEM``).

The tool reads both column files (:mod:`jp_conlleval.tagged`), places the system's chunks on
the gold tokens (:mod:`jp_conlleval.projection`), counts with conlleval's counter and prints
conlleval's report (:mod:`jp_conlleval.jp`); the runner does the rest. The merged file on
standard input (conlleval's own interface) is :func:`jp_conlleval.cli.run_merged`.
"""
from __future__ import annotations

import os
import re
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from jp_shims import encodings
from jp_shims.audit import AlignmentAudit, Summary, block_kind
from jp_shims.cli import take_value
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError, UsageError
from jp_shims import sniff
from jp_shims.inputs import Format, InputFile
from jp_shims.kinds import EXACT, MERGED, NORMALIZED, UNALIGNED
from jp_shims.tool import AdditiveStatistics, Evaluation, Parsed, Run, Tool

from .reader import Options

PROG = "jp_conlleval"
USAGE = "usage: jp_conlleval [-l] [-r] [-d DELIM] [-o OTAG] [--scheme SCHEME] [JP options] GOLD SYSTEM\n"
HELP = USAGE + """
Scores SYSTEM against GOLD as conlleval.pl (2004-01-26) scores a merged file, when the two files
tokenize and split the same text differently. Files: one token a line, the word first and the
tag last (the gold may have more columns), a blank line between sentences. Without GOLD and
SYSTEM, jp_conlleval reads conlleval's merged file on standard input, as conlleval.pl does.

conlleval's options:
  -l          LaTeX table output
  -r          raw tags (no B-/I- prefixes: every tag is a one-token chunk)
  -d DELIM    field delimiter (a Perl regular expression; default: white space)
  -o OTAG     the outside tag (default O)
"""
SCHEME_HELP = ("--scheme SCHEME", "read the tags strictly as IOB1, IOB2, IOE, IOBES or BILOU (conlleval's "
                                  "reading merges adjacent IOBES/BILOU chunks of one type)")
# conlleval's column file. The check refuses only a first line that is plainly of another
# format: a CoNLL-U word line, an M2 edit, a bracketed tree. Whether a line has a word and a
# tag depends on -d, which this check does not know (and a first line longer than the check
# reads, jp_shims.inputs.HEAD_BYTES, is seen cut short): the reader says which line has no
# tag column, under the run's -d.
# (Patterns, compiled by re on first use: a --legacy run checks no format.)
_CONLLU = r"^\d+(?:[-.]\d+)?(?:\t[^\t]*){9}$"
_M2_EDIT = r"^A -?\d+ -?\d+\|\|\|"


def _token_line(line: str) -> bool:
    text = line.strip()
    tree = text.startswith("(") and text.endswith(")") and text.count("(") == text.count(")") > 1
    return not (tree or re.match(_CONLLU, line) or re.match(_M2_EDIT, line))


COLUMNS = Format("one token a line with its tag in the last column", _token_line, kinds=frozenset({sniff.COLUMNS}))
# With -d the fields are not those the sniffer counts (runs of white space): lines of words
# with spaces in them ("New York,B-LOC") may look like plain text to it. The other kinds
# (M2, trees, CoNLL-U) are told apart all the same.
DELIMITED_COLUMNS = Format(COLUMNS.name, _token_line, kinds=frozenset({sniff.COLUMNS, sniff.TEXT}))


def command_line(argv: List[str]) -> Tuple[Dict[str, Any], List[str]]:
    """JP mode's command line, two-file or merged, as settings (the keywords of
    :meth:`Conlleval.configure`) and the files, ``-`` for standard input: conlleval's leading
    options, ``--scheme`` and ``--encoding``. The values of ``-d`` and ``-o`` are values,
    whatever they look like (``-o -``, ``-d --scheme``: :mod:`jp_conlleval.arguments`)."""
    from jp_conlleval.arguments import mark_values
    from jp_conlleval.reader import UsageError as ConllevalUsage
    from jp_conlleval.reader import parse_leading_options

    args = mark_values(argv)
    encoding, missing = take_value(args, encodings.OPTION)
    if missing:
        raise UsageError(f"{encodings.OPTION} needs an encoding")
    scheme, missing = take_value(args, "--scheme")
    if missing:
        raise UsageError(f"--scheme: one of {', '.join(_schemes())}")
    try:
        options, files = parse_leading_options(args, stdin=True)
    except ConllevalUsage as error:
        raise UsageError(str(error).replace("conlleval: ", "", 1)) from None
    settings = {"latex": options.latex, "raw": options.raw, "delimiter": options.delimiter,
                "outside": options.outside, "scheme": scheme, "encoding": encoding}
    return settings, files


def _schemes() -> Sequence[str]:
    from jp_conlleval.tags import SCHEMES

    return SCHEMES


# Per gold sentence: correct chunks, found (system) chunks, gold chunks.
WIDTH = 3
METRICS = ("FB1", "precision", "recall")


class Settings(NamedTuple):
    """The settings of a run (:meth:`Conlleval.configure`; the command line parses into
    them): conlleval's options, the strict tag scheme and how a file that is not UTF-8 is
    read."""

    options: Options  # -l, -r, -d DELIM, -o OTAG
    scheme: Optional[str] = None  # --scheme (None: conlleval's own reading of the tags)
    fallback: str = encodings.FALLBACK  # --encoding: how a file that is not UTF-8 is read


def _as_bytes(name: str, value: Union[str, bytes]) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return os.fsencode(value)
    raise UsageError(f"{name}: a string, not {value!r}")


def make_settings(latex: bool = False, raw: bool = False, delimiter: Union[str, bytes, None] = None,
                  outside: Union[str, bytes] = "O", scheme: Optional[str] = None,
                  encoding: Optional[str] = None) -> Settings:
    """:class:`Settings` from keywords, checked (a bad value is a :class:`UsageError`)."""
    for name, flag in (("latex", latex), ("raw", raw)):
        if not isinstance(flag, bool):
            raise UsageError(f"{name}: True or False, not {flag!r}")
    if scheme is not None and scheme not in _schemes():
        raise UsageError(f"--scheme: one of {', '.join(_schemes())}")
    options = Options(latex, raw, None if delimiter is None else _as_bytes("delimiter", delimiter),
                      _as_bytes("outside", outside))
    return Settings(options, scheme, encodings.parse_encoding(encoding))


class Conlleval(Tool):
    prog = PROG
    original = "conlleval.pl"
    usage = USAGE
    help_text = HELP
    formats = (COLUMNS, COLUMNS)

    def input_formats(self, parsed: Parsed) -> Tuple[Optional[Format], Optional[Format]]:
        if parsed.settings.options.delimiter is None:
            return self.formats
        return DELIMITED_COLUMNS, DELIMITED_COLUMNS
    own_options = (SCHEME_HELP, (f"{encodings.OPTION} ENC", "read the words of an input that is not valid UTF-8 "
                                 "as ENC (default latin-1, one character a byte; tags stay bytes, as conlleval "
                                 "reads them); a note names the file"))
    loss_label = "chunks missed or spurious"

    def legacy(self, argv: List[str]) -> int:
        import sys

        from jp_conlleval.legacy import lost_stdout, run_legacy

        # conlleval.pl itself: standard input in, its bytes and exit status out.
        outcome = run_legacy(argv, sys.stdin.buffer.read())
        try:
            sys.stdout.buffer.write(outcome.stdout)
            sys.stdout.buffer.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            from jp_shims.brokenpipe import silence_stdout

            silence_stdout()
            outcome = lost_stdout(outcome, error)
        sys.stderr.buffer.write(outcome.stderr)
        sys.stderr.buffer.flush()
        return outcome.status

    # --- settings: keywords (the Python API) or a command line, one Settings ---------------
    def configure(self, **settings: Any) -> Parsed:
        """The settings from keywords: ``latex``, ``raw`` (``-l``, ``-r``), ``delimiter``,
        ``outside`` (``-d``, ``-o``: text or bytes), ``scheme`` (``--scheme``) and
        ``encoding`` (``--encoding``) (docs/jp_conlleval.md, "Python API")."""
        try:
            checked = make_settings(**settings)
        except TypeError as error:  # (an unknown keyword)
            raise TypeError(f"{self.prog}: {error}") from None
        return self._parsed("", "", checked)

    def parse(self, argv: List[str]) -> Parsed:
        settings, files = command_line(argv)
        if len(files) != 2:
            raise UsageError("expected GOLD SYSTEM (two files): the options of JP mode's alignment need both; "
                             "the merged file (one file or standard input) takes conlleval's options, --scheme "
                             "and --json")
        return self.configure(**settings)._replace(gold=files[0], system=files[1])

    def parse_options(self, options: Sequence[str]) -> Parsed:
        settings, files = command_line(list(options))
        if files:
            raise UsageError(f"the options alone, without file names: {files[0]!r}")
        return self.configure(**settings)

    def _parsed(self, gold: str, system: str, settings: Settings) -> Parsed:
        """The run as the runner (and the JSON document) describes it: options and signature."""
        options, scheme = settings.options, settings.scheme
        chosen = [flag for flag, on in (("-l", options.latex), ("-r", options.raw)) if on]
        if options.delimiter is not None:
            chosen.append("-d" + options.delimiter.decode("utf-8", "surrogateescape"))
        if options.outside != b"O":
            chosen.append("-o" + options.outside.decode("utf-8", "surrogateescape"))
        if scheme:
            chosen.append(f"--scheme={scheme}")
        chosen += encodings.signature_option(settings.fallback)
        document = {"latex": options.latex, "raw": options.raw, "scheme": scheme,
                    "delimiter": None if options.delimiter is None else options.delimiter.decode("utf-8", "replace"),
                    "outside": options.outside.decode("utf-8", "replace")}
        return Parsed(gold, system, settings, document, chosen)

    # --- the run: the escape hatch ----------------------------------------------------------
    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        """Score one pair: the escape hatch of :class:`jp_shims.tool.Tool`, not the runner's
        stages. Why: conlleval counts chunks over one token stream, and a chunk's state
        carries over sentence breaks (conlleval reads a break as an ``O`` line), so the
        system's chunks are placed on the gold tokens by aligning the two token streams
        (:mod:`jp_conlleval.jp`: both files read in parts of whole sentences, a stretch
        placed and counted once the streams agree again), not one aligned sentence block
        at a time, which the stages assume. A block's records are made from the placed
        stretch (:func:`count_blocks`).

        The :class:`~jp_shims.tool.Run` contract as the stages keep it: the report goes
        through ``run.write``, every block is counted (and, when the audit keeps them,
        recorded) in ``audit``, bad input raises :class:`~jp_shims.errors.InputError`, and
        with ``run.statistics`` the per-sentence statistics of significance are returned."""
        from jp_conlleval.pieces import read_pieces
        from jp_conlleval.jp import evaluate_stream
        from jp_conlleval.tagged import FileInputError, without_gc

        settings = parsed.settings
        delimiter = settings.options.delimiter
        gold_encoding = file_encoding(gold, settings.fallback)
        system_encoding = file_encoding(system, settings.fallback)
        try:
            # (One pause of the cyclic collector for all of it: each pause ends in a pass
            # over everything allocated during it.)
            with without_gc():
                result = evaluate_stream(read_pieces(gold, delimiter, encoding=gold_encoding),
                                         read_pieces(system, delimiter, encoding=system_encoding),
                                         settings.options, settings.scheme, config,
                                         on_window=lambda window, counted: count_blocks(audit, window, counted),
                                         per_sentence=audit.keep, vectors=run.statistics)
        except FileInputError as error:
            raise InputError(error.file, error.line or None, error.message) from None
        text = result.report().decode("utf-8", "surrogateescape")
        if run.report:
            run.write(text)
        blocks = None
        if run.statistics:
            blocks = AdditiveStatistics([((number, number + 1), vector) for number, vector in enumerate(result.vectors or ())],
                                        WIDTH)
        read = {gold.name: gold_encoding, system.name: system_encoding}
        notes = [encodings.fallback_note(name, encoding, self.original)
                 for name, encoding in read.items() if encoding != encodings.UTF8]
        return Evaluation(_scores(result), text, blocks, details=result,
                          notable=bool(result.unrepresentable or result.scheme or any(result.cr_lines)),
                          advisories=notes)

    def metric(self, parsed: Parsed, names: Sequence[str] = ()) -> Tuple[Callable[[Any], Any], Sequence[str]]:
        return chunk_metric, METRICS

    def note(self, summary: Summary, evaluation: Evaluation):
        result = evaluation.details
        # (The first of the result's notes counts sentences; the summary says it per block.)
        said = [summary.describe()] if summary.changed else []
        said += [note for note in result.notes()[1:] if not note.startswith("same tokens")]
        return "; ".join(said) or None, None


def count_blocks(audit: AlignmentAudit, window, per_sentence: Optional[list]) -> None:
    """Every sentence block of one stretch as the audit counts it: blocks re-expressed and
    blocks whose texts differ are recorded with their places (``per_sentence``: conlleval's
    counts per gold sentence of the stretch, for the records' losses), the rest counted as
    exact. Without records (no --show-alignment) blocks of one kind are counted together, and
    a place is only looked up for an unaligned block (the audit keeps the first one's)."""
    gold_file, system_file = window.gold, window.system
    projection = window.projection
    totals: dict = {}  # kind -> [blocks, gold sentences, system sentences], counted at once
    exact = gold_file.sentence_count
    for block, diverged in [*((b, False) for b in projection.changed), *((b, True) for b in projection.diverged)]:
        exact -= len(block.left)
        kind = UNALIGNED if diverged else block_kind(
            NORMALIZED if block.kind == NORMALIZED else EXACT, len(block.left), len(block.right))
        if diverged and block.left and block.right and block.kind != UNALIGNED:
            kind = block_kind(block.kind, len(block.left), len(block.right))
        if kind == EXACT:
            kind = MERGED
        if audit.keep:
            from jp_shims.records import BlockRecord

            assert per_sentence is not None
            figures = _block_figures(per_sentence, block.left)
            audit.add(BlockRecord(kind, _lines(audit.gold_lines, gold_file, block.left),
                                  _lines(audit.system_lines, system_file, block.right),
                                  _text(gold_file, block.left), _text(system_file, block.right),
                                  reason=block.reason, match=block.kind, figures=figures,
                                  loss=figures["found_gold"] + figures["found_guess"] - 2 * figures["correct"]),
                      len(block.left), len(block.right))
        elif kind == UNALIGNED:
            audit.count(kind, len(block.left), len(block.right),
                        where=(_lines(audit.gold_lines, gold_file, block.left),
                               _lines(audit.system_lines, system_file, block.right)))
        else:
            total = totals.setdefault(kind, [0, 0, 0])
            total[0] += 1
            total[1] += len(block.left)
            total[2] += len(block.right)
    for kind, (blocks, gold_sentences, system_sentences) in totals.items():
        audit.count(kind, gold_sentences, system_sentences, blocks=blocks)
    if exact > 0:
        audit.count(EXACT, exact, exact, blocks=exact)


def _block_figures(per_sentence: list, sentences: range) -> dict:
    """A block's chunk counts: those of its gold sentences (conlleval's counter; a system
    chunk without gold text counts with the gold sentence it is placed in). Its loss, the
    chunks missed or spurious, is found_gold + found_guess - 2 * correct."""
    figures = {"correct": 0, "found_gold": 0, "found_guess": 0}
    for number in sentences:
        counts = per_sentence[number]
        figures["correct"] += counts.correct_chunks
        figures["found_gold"] += counts.found_gold
        figures["found_guess"] += counts.found_guess
    return figures


def _lines(make, file, sentences: range):
    if not sentences:
        return None
    first = file.line_of(file.breaks[sentences.start])
    last = file.line_of(max(file.breaks[sentences.stop] - 1, file.breaks[sentences.start]))
    return make(first, last)


def _text(file, sentences: range) -> str:
    return " | ".join(" ".join(file.words[a:b]) for a, b in
                      zip(file.breaks[sentences.start:sentences.stop], file.breaks[sentences.start + 1:sentences.stop + 1]))


def file_encoding(file: InputFile, fallback: str) -> str:
    """How the words of ``file`` are read: UTF-8, or ``fallback`` for a file that is not."""
    try:
        with file.open() as handle:
            return encodings.stream_encoding(handle, fallback)
    except OSError as error:
        raise InputError(file.name, None, f"cannot read: {error.strerror}") from None


def _scores(result) -> dict:
    from .scoring import scores_document

    return scores_document(result.statistics, result.unrepresentable)


def chunk_metric(totals):
    """Totals (..., 3) of correct, found, gold chunks -> FB1, precision, recall in percent, as
    conlleval computes them (0 where there is nothing to divide)."""
    import numpy as np

    from jp_shims.significance import f_ratio

    correct, found, gold = totals[..., 0], totals[..., 1], totals[..., 2]
    return np.stack((f_ratio(2 * correct, found + gold), f_ratio(correct, found), f_ratio(correct, gold)), axis=-1)


TOOL = Conlleval()
