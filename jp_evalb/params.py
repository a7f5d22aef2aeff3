"""evalb's parameter file: settings and the one reader of the ``.prm`` format.

A parameter file is applied on top of the settings already in force (several ``-p`` options
accumulate, and command-line options given before a ``-p`` can be overridden by it), so the
reader takes the current :class:`Params` and returns a new one plus the warnings evalb prints
on stderr while reading, in order.
"""
from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Optional

from .variant import EVALB, Variant, cut_label

if TYPE_CHECKING:
    from pathlib import Path

    BUILTIN_DIR: Path  # made on first use by the module's __getattr__ (below)

# C isspace() in the "C" locale; Python's str.isspace() also accepts \x1c-\x1f, \x85, \xa0.
C_SPACE = " \t\n\v\f\r"
# fgets(buff, 500, fd): a line longer than 499 bytes is read as several lines.
PRM_LINE_CHUNK = 499
# The parameter files shipped with jp_evalb (``BUILTIN_DIR``, a pathlib.Path, is made on
# first use: a run reads its parameter file with os.path and never imports pathlib).
_BUILTIN_FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "params")
BUILTIN_NAMES = ("COLLINS", "new", "nk", "jp", "spmrl", "spmrl_hebrew")


# The range of a C int: JP mode refuses numbers outside it instead of wrapping them like atoi.
INT_MIN, INT_MAX = -(2**31), 2**31 - 1
_INTEGER = re.compile(r"[+-]?[0-9]+")


class BadValue(Exception):
    """JP mode: an option or parameter-file value that is not a C int (``where``: the option,
    or FILE:LINE), reported as ``jp_evalb: error: WHERE: message``, exit 2."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


class FatalError(Exception):
    """evalb's Fatal(): message on stderr, exit status 1, nothing more on stdout."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


_FIELDS = ("debug", "max_error", "cutoff_len", "labeled", "delete_labels", "delete_labels_for_length",
           "quote_labels", "eq_labels", "eq_words", "variant")


class Params:
    """evalb's settings (immutable: :meth:`with_` returns a changed copy).

    A plain class rather than a dataclass: this is imported on every run, and generating
    dataclass methods costs more start-up time than the whole class is worth.
    """

    __slots__ = _FIELDS + ("_eq_label_pairs", "_eq_word_pairs", "_deleted_phrase_labels", "_label_class")

    def __init__(
        self,
        debug: int = 0,
        max_error: int = 10,
        cutoff_len: int = 40,
        labeled: int = 1,
        delete_labels: tuple[str, ...] = (),
        delete_labels_for_length: tuple[str, ...] = (),
        quote_labels: tuple[str, ...] = (),
        eq_labels: tuple[tuple[str, str], ...] = (),
        eq_words: tuple[tuple[str, str], ...] = (),
        variant: Variant = EVALB,
    ) -> None:
        self.debug = debug
        self.max_error = max_error
        self.cutoff_len = cutoff_len
        self.labeled = labeled
        self.delete_labels = tuple(delete_labels)
        self.delete_labels_for_length = tuple(delete_labels_for_length)
        self.quote_labels = tuple(quote_labels)
        self.eq_labels = tuple(eq_labels)
        self.eq_words = tuple(eq_words)
        self.variant = variant  # evalb or evalb_spmrl (jp_evalb.variant)
        label_pairs = frozenset(self.eq_labels) | frozenset((b, a) for a, b in self.eq_labels)
        # A phrase label is deleted when it equals a DELETE_LABEL or is EQ_LABEL-equivalent
        # to one (evalb compares with label_comp), so the set is closed over the pairs once.
        # evalb_spmrl cuts the entries too ("-NONE-" becomes the empty label).
        entries = set(self.deleted_entries)
        deleted = set(entries)
        deleted.update(a for a, b in label_pairs if b in entries)
        self._eq_label_pairs = label_pairs
        self._eq_word_pairs = frozenset(self.eq_words) | frozenset((b, a) for a, b in self.eq_words)
        self._deleted_phrase_labels = frozenset(deleted)
        self._label_class = _label_classes(self.eq_labels)

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Params) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return "Params(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS) + ")"

    def with_(self, **changes) -> "Params":
        values = {name: getattr(self, name) for name in _FIELDS}
        values.update(changes)
        return Params(**values)

    @property
    def deleted_entries(self) -> tuple[str, ...]:
        """The DELETE_LABEL entries as bracket labels are compared with them."""
        if self.variant.cut_delete_labels:
            return tuple(cut_label(entry, self.variant.cut_at) for entry in self.delete_labels)
        return self.delete_labels

    def labels_equal(self, a: str, b: str) -> bool:
        return a == b or (a, b) in self._eq_label_pairs

    def words_equal(self, a: str, b: str) -> bool:
        return a == b or (a, b) in self._eq_word_pairs

    def is_deleted_phrase(self, cut_label: str) -> bool:
        return cut_label in self._deleted_phrase_labels

    @property
    def eq_label_pairs(self) -> frozenset:
        return self._eq_label_pairs

    @property
    def label_equality_is_transitive(self) -> bool:
        """Whether EQ_LABEL pairs form cliques, so labels can be compared by class."""
        return self._label_class is not None

    def label_class(self, label: str) -> str:
        """A representative of the label's EQ_LABEL class (only if transitive)."""
        classes = self._label_class
        if classes is None:  # LabelTable asks only when label_equality_is_transitive
            raise ValueError("label_class: the EQ_LABEL pairs do not form classes")
        return classes.get(label, label)


def _label_classes(pairs: tuple[tuple[str, str], ...]) -> Optional[dict]:
    """label -> class representative when every connected group of EQ_LABEL pairs is a clique
    (then "equal or EQ_LABEL pair" is an equivalence); None otherwise."""
    neighbours: dict[str, set] = {}
    for a, b in pairs:
        neighbours.setdefault(a, {a}).add(b)
        neighbours.setdefault(b, {b}).add(a)
    classes = {}
    for label, group in neighbours.items():
        for other in group:
            if neighbours[other] != group:
                return None
        classes[label] = min(group)
    return classes


def atoi(text: str) -> int:
    """C atoi: optional leading whitespace and sign, then leading digits; garbage gives 0."""
    i, n = 0, len(text)
    while i < n and text[i] in C_SPACE:
        i += 1
    sign = 1
    if i < n and text[i] in "+-":
        sign = -1 if text[i] == "-" else 1
        i += 1
    start = i
    while i < n and "0" <= text[i] <= "9":
        i += 1
    if i == start:
        return 0
    value = sign * int(text[start:i])
    # atoi is strtol cast to int: out-of-range values wrap like a 32-bit int on glibc x86-64.
    return (value + 2**31) % 2**32 - 2**31


def c_int(text: str) -> int:
    """JP mode's reading of a value evalb reads with atoi: the whole value (surrounding
    whitespace aside) must be a decimal integer that fits a C int; else ValueError."""
    stripped = text.strip(C_SPACE)
    if _INTEGER.fullmatch(stripped) is not None:
        value = int(stripped)
        if INT_MIN <= value <= INT_MAX:
            return value
    raise ValueError(f"{text!r} is not an integer from {INT_MIN} to {INT_MAX}")


def _count_fields(value: str) -> int:
    count, in_field = 0, False
    for ch in value:
        if ch in C_SPACE:
            in_field = False
        elif not in_field:
            count, in_field = count + 1, True
    return count


def _fields(value: str) -> list[str]:
    out: list[str] = []
    current: list[str] = []
    for ch in value:
        if ch in C_SPACE:
            if current:
                out.append("".join(current))
                current = []
        else:
            current.append(ch)
    if current:
        out.append("".join(current))
    return out


def _keyword_is(line: str, keyword: str) -> bool:
    """evalb's STRNCMP: the line starts with the keyword followed by end or whitespace."""
    n = len(keyword)
    return line.startswith(keyword) and (len(line) == n or line[n] in C_SPACE)


def apply_line(params: Params, line: str, line_number: int, strict: bool = False) -> tuple[Params, list[str]]:
    """Apply one raw line (newline included) of a parameter file; returns warnings.

    ``strict`` (JP mode): a numeric value must be a C int (:func:`c_int`, ValueError
    otherwise); evalb reads it with atoi, which takes garbage for 0 and wraps overflows.
    """
    trimmed = line
    # Trailing whitespace is removed, but never the first character.
    end = len(trimmed)
    while end > 1 and trimmed[end - 1] in C_SPACE:
        end -= 1
    trimmed = trimmed[:end]
    if trimmed.startswith("#") or len(trimmed) < 3:
        return params, []
    i = 0
    while i < len(trimmed) and trimmed[i] not in C_SPACE:
        i += 1
    while i < len(trimmed) and trimmed[i] in C_SPACE:
        i += 1
    warnings = []
    if i >= len(trimmed):
        warnings.append(f"Empty value in parameter file ({line_number})\n")
    value = trimmed[i:]
    for keyword, attr in (("DEBUG", "debug"), ("MAX_ERROR", "max_error"), ("CUTOFF_LEN", "cutoff_len"),
                          ("LABELED", "labeled")):
        if _keyword_is(trimmed, keyword):
            # (A keyword without a value: evalb warns and applies the empty value, 0; JP mode too.)
            return params.with_(**{attr: c_int(value) if strict and value else atoi(value)}), warnings
    if _keyword_is(trimmed, "DELETE_LABEL"):
        return params.with_(delete_labels=params.delete_labels + (value,)), warnings
    if _keyword_is(trimmed, "DELETE_LABEL_FOR_LENGTH"):
        return params.with_(delete_labels_for_length=params.delete_labels_for_length + (value,)), warnings
    if _keyword_is(trimmed, "QUOTE_LABEL"):
        return params.with_(quote_labels=params.quote_labels + (value,)), warnings
    for keyword, attr in (("EQ_LABEL", "eq_labels"), ("EQ_WORD", "eq_words")):
        if _keyword_is(trimmed, keyword):
            if _count_fields(value) != 2:
                return params, warnings + [f"{keyword} requires two values\n"]
            pair = tuple(_fields(value))
            return params.with_(**{attr: getattr(params, attr) + (pair,)}), warnings
    return params, warnings + [f"Unknown keyword ({trimmed}) in parameter file\n"]


def parse_parameter_text(params: Params, text: str, *, strict: bool = False,
                         source: str = "<parameter file>") -> tuple[Params, list[str]]:
    """Apply a whole parameter file's text (decoded one byte per character).

    ``strict`` (JP mode): a numeric value that is not a C int raises :class:`BadValue` naming
    ``source`` and the line of the file (not evalb's count of 499-byte pieces).
    """
    warnings: list[str] = []
    number = 0
    file_line = 1
    # Not str.splitlines(): that also splits on \r, \v, \f, \x1c.. and \x85; fgets only on \n.
    for piece in _fgets_lines(text, PRM_LINE_CHUNK):
        number += 1
        try:
            params, more = apply_line(params, piece, number, strict)
        except ValueError as exc:
            keyword = piece.split(None, 1)[0]
            raise BadValue(f"{source}:{file_line}", f"{keyword} value {exc}") from None
        warnings.extend(more)
        if piece.endswith("\n"):
            file_line += 1
    return params, warnings


def _fgets_lines(text: str, chunk: int):
    start, n = 0, len(text)
    while start < n:
        newline = text.find("\n", start)
        stop = n if newline < 0 else newline + 1
        while stop - start > chunk:
            yield text[start:start + chunk]
            start += chunk
        yield text[start:stop]
        start = stop


def resolve_parameter_file(name: str) -> Optional[Path]:
    """The file ``-p NAME`` reads: the named file, else a parameter set shipped here."""
    found = _parameter_file(name)
    if found is None:
        return None
    from pathlib import Path

    return Path(found)


def _parameter_file(name: str) -> Optional[str]:
    """:func:`resolve_parameter_file` as a string path."""
    if name and os.path.isfile(name):
        return name
    stem = name[:-4] if name.endswith(".prm") else name
    if stem in BUILTIN_NAMES:
        return os.path.join(_BUILTIN_FOLDER, f"{stem}.prm")
    return None


def read_parameter_file(params: Params, name: str, encoding: str = "latin-1",
                        strict: bool = False, fallback: Optional[str] = None) -> tuple[Params, list[str]]:
    """Read ``-p NAME``; raises :class:`FatalError` like evalb when it cannot be opened, and
    (``strict``, JP mode) :class:`BadValue` for a numeric value that is not a C int.
    ``fallback`` (JP mode): the encoding of a file that is not valid UTF-8 (its labels are
    then those of trees read in it)."""
    path = _parameter_file(name)
    try:
        if path is None:
            raise OSError(name)
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError:
        raise FatalError(f"Can't open parameter file ({name})\n") from None
    if fallback is not None:
        from jp_shims.encodings import data_encoding

        encoding = data_encoding(data, fallback)
    # fgets stops at NUL only in the sense that strlen() then ends the line there.
    text = data.decode(encoding, errors="surrogateescape" if encoding != "latin-1" else "strict")
    text = "\n".join(part.split("\0", 1)[0] for part in text.split("\n")) if "\0" in text else text
    return parse_parameter_text(params, text, strict=strict, source=name)


def __getattr__(name: str) -> object:
    if name == "BUILTIN_DIR":
        from pathlib import Path

        return Path(_BUILTIN_FOLDER)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
