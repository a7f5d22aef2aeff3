"""errant_parallel as a Python function (:func:`parallel_to_m2`, JP mode), and what it shares
with the command line ``jp_errant_parallel``: the inputs' checks, the sentence groups (jp_align
when the files are segmented differently) and the report of unaligned stretches.

An input is a path (``str`` or ``os.PathLike``), an open file (text or binary) or an iterable
of lines; the API holds the last two in memory (no temporary file).
"""
from __future__ import annotations

import functools
import os
import sys
import warnings
from typing import IO, Any, Callable, Iterable, Iterator, List, Optional, Sequence, Union

from jp_shims.errors import InputError
from jp_shims.inputs import Format, InputFile, check_format, in_memory
from jp_shims.parallel import RunOptions, annotate_stream

from .alignment import MAX_ALIGNMENT_CELLS
from .backend import Backend
from .batch import AnnotatorRecipe, Context, Outcome, TooLarge, annotate_groups, context_maker, local_context
from .pairing import UNALIGNED_RUN_LIMIT, Group, aligned_groups, zip_groups
from .textio import count_lines, has_text, read_lines

Input = Union[str, "os.PathLike[str]", IO[str], IO[bytes], Iterable[str]]
ALIGN_MODES = ("auto", "always", "never")
# ORIG and COR: any line is a sentence, but a file that is evidently M2, trees, CoNLL-U or
# token columns is not (jp_shims.sniff).
TEXT = Format("plain text, one sentence a line", lambda line: True)


class UnalignedText(UserWarning):
    """ORIG or COR lines that jp_align could not align (the API's form of the command line's
    warning line): their ORIG lines got a ``noop`` for that annotator."""


def parallel_to_m2(orig: Input, cor: Sequence[Input], *, lang: str = "en", tokenize: bool = False,
                   lev: bool = False, merge: str = "rules", labels: str = "ud", align: str = "auto",
                   align_threshold: float = 0.1, backend: Optional[Backend] = None,
                   model_dir: Optional[str] = None, max_cells: Optional[int] = MAX_ALIGNMENT_CELLS,
                   jobs: int = 1) -> List[str]:
    """The M2 blocks ``jp_errant_parallel -orig ORIG -cor COR...`` writes (JP mode), in order:
    ``"".join(blocks)`` is its output file.

    ``cor`` holds one input per annotator (a single path is taken as one). The keywords are
    the command line's options: ``tokenize`` (``-tok``), ``lev`` (``-lev``), ``merge``
    (``-merge``), ``lang``, ``labels`` (``--labels``, default ``"ud"``), ``align`` /
    ``align_threshold`` (``--align``, ``--align-threshold``), ``model_dir``
    (``--model-dir``), ``jobs`` (``-j``); ``backend``: an analyser object replacing stanza
    (anything with ``parse(lines) -> token sequences``), ``max_cells``: the largest token
    alignment accepted (None: any). A stretch of lines jp_align cannot align is annotated
    with ``noop`` edits and reported as an :class:`UnalignedText` warning.

    Bad input raises :class:`jp_shims.errors.InputError` naming the input (its path, the
    name of an open file, or ``<orig>`` / ``<cor1>`` ... for lines) and line; a missing
    stanza raises :class:`jp_shims.errors.MissingDependency`; an unknown ``align``,
    ``merge`` or ``labels`` a ``ValueError``.
    """
    if align not in ALIGN_MODES:
        raise ValueError(f"align must be one of {ALIGN_MODES}, not {align!r}")
    cors = [cor] if isinstance(cor, (str, os.PathLike)) else list(cor)
    orig_file = api_input(orig, "<orig>")
    cor_files = [api_input(value, f"<cor{number}>") for number, value in enumerate(cors, start=1)]
    check_texts([orig_file, *cor_files])
    recipe = AnnotatorRecipe(lang, labels, lev, merge, max_cells)
    context = local_context(recipe, "stanza", lang, tokenize, model_dir, jobs, backend)
    report = UnalignedReport(orig_file.name, [file.name for file in cor_files], _warn)
    blocks = []
    for group, outcome in annotate_files(orig_file, cor_files, recipe, "stanza", tokenize, model_dir,
                                         RunOptions(jobs=1 if context is not None else jobs), context,
                                         align=align, align_threshold=align_threshold, lang=lang):
        report.add(group)
        if isinstance(outcome, TooLarge):
            raise InputError(orig_file.name, group.orig[0][0], outcome.message)
        blocks.append(outcome)
    report.flush()
    return blocks


def annotate_files(orig: InputFile, cors: List[InputFile], recipe: AnnotatorRecipe, backend: str,
                   tokenize: bool, model_dir: Optional[str], options: RunOptions, context: Optional[Context],
                   align: str, align_threshold: float, lang: str, legacy: bool = False,
                   prog: str = "") -> Iterator[tuple[Group, Outcome]]:
    """``(group, its M2 text or TooLarge)`` for every sentence group, in input order
    (``options``: the worker processes, the shard; ``context``: the in-process analyser)."""
    make_context = context_maker(recipe, backend, lang, tokenize, model_dir)
    work = functools.partial(annotate_groups, legacy=legacy, tokenize=tokenize)

    def groups() -> Iterator[Group]:
        return sentence_groups(orig, cors, "never" if legacy else align, lang, align_threshold, strict=not legacy)

    return annotate_stream(groups(), work, make_context, options, count=lambda: sum(1 for _ in groups()),
                           context=context, label="groups", prog=prog)


def api_input(value: Input, label: str) -> InputFile:
    """An API input as the annotator reads it: a path as it is, an open file or lines held in
    memory (named by the file's own name, else ``label``)."""
    if isinstance(value, (str, os.PathLike)):
        name = os.fspath(value)
        return InputFile(name, name)
    if isinstance(value, (bytes, bytearray)):
        raise TypeError(f"{label[1:-1]}: a path, an open file or an iterable of lines, not bytes")
    own = getattr(value, "name", None)
    name = own if isinstance(own, str) and own and not own.startswith("<") else label
    return in_memory(value, name)


def check_texts(files: List[InputFile]) -> None:
    """JP mode's checks before the model loads: no input empty while another is not, none
    evidently of another format, every line valid UTF-8 without NUL (reading is cheap
    beside the analysis, and bad input then stops the run before anything is written)."""
    empty = [not has_text(file) for file in files]
    if any(empty) and not all(empty):
        # A failed run upstream: an empty COR would delete every ORIG token, an empty ORIG
        # leave every COR line out.
        raise InputError(files[empty.index(True)].name, None,
                         f"the file holds no sentence, while {files[empty.index(False)].name} does")
    for file in files:
        check_format(file, TEXT)
        for _ in read_lines(file, reject_nul=True, skip_bom=True):
            pass


def sentence_groups(orig: InputFile, cors: List[InputFile], align: str, lang: str, threshold: float,
                    strict: bool) -> Iterator[Group]:
    """The groups of ORIG and COR lines annotated together: line by line (``never``, or
    ``auto`` with equal line counts) or as jp_align aligns the sentences; ``strict``: JP
    mode's reading (NUL refused, BOM skipped)."""
    if align == "auto":
        counts = {count_lines(file) for file in [orig, *cors]}
        align = "never" if len(counts) == 1 else "always"

    def lines(file: InputFile) -> Iterator[tuple[int, str]]:
        return read_lines(file, reject_nul=strict, skip_bom=strict)

    if align == "never":
        return zip_groups(lines(orig), [lines(file) for file in cors])
    return aligned_groups(lambda: lines(orig), [lines(file) for file in cors], lang, threshold)


def _warn(message: str) -> None:
    warnings.warn(message, UnalignedText, stacklevel=5)


class UnalignedReport:
    """One warning per stretch of lines that jp_align could not align (per COR file): their
    ORIG lines get a ``noop`` for that annotator and the COR lines are not used.
    Consecutive unaligned groups are reported together; ``warn`` says it (the command line:
    a warning line on stderr)."""

    def __init__(self, orig_name: str, cor_names: List[str],
                 warn: Callable[[str], None] = lambda text: print(text, file=sys.stderr)) -> None:
        self.orig_name = orig_name
        self.cor_names = cor_names
        self.warn = warn
        self.runs: List[Any] = [None] * len(cor_names)  # per COR file: [ORIG lines, COR lines, gave up]

    def add(self, group: Group) -> None:
        for cor in range(len(group.cors)):
            orig_lines = () if group.is_aligned(cor) else group.orig
            cor_lines = (() if group.is_aligned(cor) else group.cors[cor]) + group.extra_lines(cor)
            gave_up = group.gave_up_at(cor)
            if not orig_lines and not cor_lines:
                self._flush(cor)
                continue
            run = self.runs[cor] or [[], [], None]
            # Only the first and last line numbers of a stretch are kept.
            run[0][:] = _ends(run[0] + [line[0] for line in orig_lines[:1] + orig_lines[-1:]])
            run[1][:] = _ends(run[1] + [line[0] for line in cor_lines[:1] + cor_lines[-1:]]
                              + ([gave_up[1], gave_up[2]] if gave_up else []))
            if gave_up:
                run[2] = gave_up
            self.runs[cor] = run
            if group.is_aligned(cor):
                self._flush(cor)  # extra COR lines after an aligned block end the stretch

    def flush(self) -> None:
        for cor in range(len(self.runs)):
            self._flush(cor)

    def _flush(self, cor: int) -> None:
        run, self.runs[cor] = self.runs[cor], None
        if run is None:
            return
        orig_lines, cor_lines, gave_up = run
        cor_name = f"COR{cor + 1} ({self.cor_names[cor]})"
        if gave_up:
            self.warn(f"ORIG {_span(orig_lines)} ({self.orig_name}) and {cor_name} "
                      f"{_span(cor_lines)} could not be aligned, and alignment was given up from ORIG "
                      f"line {gave_up[0]} and {cor_name.split()[0]} line {gave_up[1]} on (no "
                      f"re-synchronization after {UNALIGNED_RUN_LIMIT} unaligned lines on each side): "
                      f"these ORIG lines are written with a noop for annotator {cor}")
        elif orig_lines and not cor_lines:
            self.warn(f"ORIG {_span(orig_lines)} ({self.orig_name}) have no "
                      f"counterpart in {cor_name}: these ORIG lines are written with a noop for "
                      f"annotator {cor}")
        elif orig_lines:
            self.warn(f"ORIG {_span(orig_lines)} ({self.orig_name}) and {cor_name} "
                      f"{_span(cor_lines)} could not be aligned: these ORIG lines are written with a "
                      f"noop for annotator {cor}")
        else:
            self.warn(f"{cor_name} {_span(cor_lines)} has no counterpart in ORIG "
                      f"({self.orig_name}): not annotated")


def _ends(numbers: List[int]) -> List[int]:
    return [min(numbers), max(numbers)] if numbers else []


def _span(numbers: List[int]) -> str:
    if not numbers:
        return "-"
    first, last = min(numbers), max(numbers)
    return f"line {first}" if first == last else f"lines {first}-{last}"


def describe_group(group: Group) -> str:
    """``ORIG 3-4 <-> COR1 3-5 (similar+similar)`` for each COR file (1-based line numbers)."""
    parts = [f"ORIG {_line_span(group.orig)}"]
    for number, (lines, kind) in enumerate(zip(group.cors, group.kinds), start=1):
        parts.append(f"COR{number} {_line_span(lines)} ({kind})")
    return " <-> ".join(parts)


def _line_span(lines: tuple) -> str:
    if not lines:
        return "-"
    first, last = lines[0][0], lines[-1][0]
    return str(first) if first == last else f"{first}-{last}"
