"""One input line -> one M2 block (spec cherrant.md 9.3, 9.5, 9.7 classification, 9.8).

An input line is ``id<TAB>source<TAB>correction…``; the k-th correction is annotator k. The
block is ``S`` + the source tokens, then per correction either a ``noop`` (no change, or the
correction ``没有错误``), an ``NA`` (``无法标注``), or one ``T{k}-A{a}`` line and its edits
per distinct cheapest alignment (all of them with ``-s all``, the first with ``-s first``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence, Tuple

from jp_errant.annotate.alignment import AlignOp
from jp_shims.errors import InputError

from .alignment import align_table, check_band, paths
from .costs import SubstitutionCost
from .merging import edits_of_path
from .resources import Resources
from .tokens import bpe_tokens, char_tokens, normalise, segmented_tokens

NO_ERROR = "没有错误"
UNANNOTATABLE = "无法标注"
STRATEGIES = ("first", "all")
__all__ = ["BlockWriter", "LineError", "Options", "STRATEGIES", "split_line"]
EDIT_TAIL = "|||REQUIRED|||-NONE-|||"


class LineError(InputError):
    """An input line the original fails on: bad input (:class:`jp_shims.errors.InputError`;
    ``path`` and ``line`` name it when the caller knows them); ``kind`` is the original's
    exception (``IndexError`` for a line without TAB, ``Exception`` for an empty text)."""

    def __init__(self, kind: str, message: str, file: Optional[str] = None, line: Optional[int] = None) -> None:
        super().__init__(file, line, message)
        self.kind = kind

    def at(self, file: Optional[str], line: Optional[int]) -> "LineError":
        """The same error, naming the file and line it was found on."""
        return LineError(self.kind, self.message, file, line)

    def __reduce__(self):
        # (rebuilt from its own arguments when it crosses a process boundary)
        return type(self), (self.kind, self.message, self.file, self.line)


@dataclass(frozen=True)
class Options:
    """The annotator's choices: ``-s``, ``--segmented``, ``--bpe``, ``--no_simplified``."""

    strategy: str = "all"
    segmented: bool = False
    bpe: bool = False
    simplified: bool = True
    # JP mode: the largest alignment band (table cells) a correction may need; None: any.
    max_cells: Optional[int] = None


def split_line(line: str) -> Tuple[str, List[str]]:
    """(source, corrections) of ``id<TAB>source<TAB>correction…``; the id is not used."""
    fields = line.split("\t")
    if len(fields) < 2:
        raise LineError("IndexError", "no TAB: a line must be id<TAB>source[<TAB>correction…]")
    return fields[1], fields[2:]


class BlockWriter:
    """Annotates lines with one set of resources and options (costs are cached across lines)."""

    def __init__(self, resources: Resources, options: Options = Options(),
                 convert: Optional[Callable[[str], str]] = None) -> None:
        if options.strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {STRATEGIES}, not {options.strategy!r}")
        self.resources = resources
        self.options = options
        self.convert = convert if options.simplified else None
        self.cost = SubstitutionCost(resources)

    def tokens(self, text: str) -> List[str]:
        if self.options.segmented:
            tokens = segmented_tokens(text)
            if "" in tokens:
                # The original computes every token's readings as it tokenises, and pypinyin
                # gives an empty string none: it dies with IndexError (inferred; no vector).
                raise LineError("IndexError", "an empty token (two spaces in a row) with --segmented")
            return tokens
        if self.options.bpe:
            assert self.resources.vocab is not None, "--bpe needs the vocabulary (Resources.load(bpe=True))"
            return bpe_tokens(text, self.resources.vocab)
        return char_tokens(text)

    def block(self, source: str, corrections: Sequence[str]) -> str:
        """The M2 text of one line, blank line included; ``"\\n"`` for a line without
        corrections (the original writes no block for it). Raises :class:`LineError` before
        anything is produced when the source or a correction is empty after normalisation."""
        if not corrections:
            return "\n"
        source, targets = self.check(source, corrections)
        source_tokens = self.tokens(source)
        lines = ["S " + " ".join(source_tokens)]
        for annotator, target in enumerate(targets):
            lines.extend(self.correction_lines(source_tokens, target, annotator))
        return "\n".join(lines) + "\n\n"

    def check(self, source: str, corrections: Sequence[str]) -> Tuple[str, List[str]]:
        """The normalised source and corrections; :class:`LineError` when one is empty."""
        source = normalise(source, self.options.segmented)
        targets = [normalise(text, self.options.segmented, self.convert) for text in corrections]
        if not source or not all(targets):
            which = "the source" if not source else f"correction {targets.index('') + 1}"
            raise LineError("Exception", f"{which} is empty once whitespace is removed")
        return source, targets

    def check_size(self, source: str, targets: Sequence[str]) -> None:
        """Raise :class:`~.alignment.AlignmentTooLarge` when aligning a normalised source and
        correction would fill more than ``Options.max_cells`` cells (checked before writing)."""
        if self.options.max_cells is None:
            return
        source_tokens = self.tokens(source)
        for target in targets:
            target_tokens = self.tokens(target)
            if target in (NO_ERROR, UNANNOTATABLE) or "".join(source_tokens) == "".join(target_tokens):
                continue
            check_band(source_tokens, target_tokens, self.cost, self.options.max_cells)

    def correction_lines(self, source_tokens: List[str], target: str, annotator: int) -> List[str]:
        target_tokens = self.tokens(target)
        if target == NO_ERROR or "".join(source_tokens) == "".join(target_tokens):
            return [f"T{annotator} {NO_ERROR}", f"A -1 -1|||noop|||-NONE-{EDIT_TAIL}{annotator}"]
        if target == UNANNOTATABLE:
            return [f"T{annotator} {UNANNOTATABLE}", f"A -1 -1|||NA|||-NONE-{EDIT_TAIL}{annotator}"]
        lines: List[str] = []
        corrected = " ".join(target_tokens)
        for number, edits in enumerate(self.alignments(source_tokens, target_tokens)):
            lines.append(f"T{annotator}-A{number} {corrected}")
            lines.extend(edit_line(edit, target_tokens, annotator) for edit in edits)
        return lines

    def alignments(self, source_tokens: List[str], target_tokens: List[str]) -> List[List[AlignOp]]:
        """The distinct edit lists of the cheapest alignments, in the order of their paths."""
        table = align_table(source_tokens, target_tokens, self.cost, self.options.max_cells)
        distinct: List[List[AlignOp]] = []
        seen = set()
        for path in paths(table, first_only=self.options.strategy == "first"):
            edits = edits_of_path(path, source_tokens, target_tokens)
            key = tuple(edits)
            if key not in seen:
                seen.add(key)
                distinct.append(edits)
        return distinct


def edit_line(edit: AlignOp, target_tokens: Sequence[str], annotator: int) -> str:
    """``A start end|||TYPE|||correction|||REQUIRED|||-NONE-|||k`` (char-level types)."""
    kind = edit.op[0]
    if kind == "D":
        label, correction = "R", "-NONE-"
    else:
        label = {"T": "W", "I": "M", "S": "S"}[kind]
        correction = " ".join(target_tokens[edit.c_start:edit.c_end])
    return f"A {edit.o_start} {edit.o_end}|||{label}|||{correction}{EDIT_TAIL}{annotator}"
