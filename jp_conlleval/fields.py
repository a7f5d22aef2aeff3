"""Field splitting as conlleval does it: Perl's ``split`` with the ``-d`` value as a regular
expression, on byte strings (spec §2.2).

Perl's ``split /PAT/, LINE`` differs from Python's ``re.split`` in three observable ways, all
kept here: a match must end at least one byte after the end of the previous one (so a pattern
that can match the empty string splits between characters, and never yields an empty first
field by a zero-width match at the start), captured groups become fields (an unmatched group
an empty one), and trailing empty fields are removed.
"""
from __future__ import annotations

import re
from typing import Callable, List, Optional

Splitter = Callable[[bytes], List[bytes]]

# Characters that make a -d value a regular expression rather than a literal byte string.
_REGEX_META = frozenset(b".^$*+?{}[]()|\\")
# Perl escapes Python's re spells differently (byte patterns).
_PERL_TO_PYTHON = (
    (rb"\h", rb"[ \t]"),
    (rb"\z", rb"\Z"),
)


class PerlPatternError(Exception):
    """The -d value is not a valid pattern; ``str()`` is Perl's message without its location
    suffix (``Unmatched ( in regex; marked by <-- HERE in m/( <-- HERE /``)."""


def _perl_message(pattern: bytes, error: re.error) -> str:
    text = pattern.decode("latin-1")
    pos = error.pos if error.pos is not None else len(text)
    kinds = (
        ("missing ), unterminated subpattern", "Unmatched ("),
        ("unterminated character set", "Unmatched ["),
        ("nothing to repeat", "Quantifier follows nothing"),
        ("multiple repeat", "Nested quantifiers"),
        ("unbalanced parenthesis", "Unmatched )"),
    )
    what = next((perl for python, perl in kinds if error.msg.startswith(python)), error.msg)
    # Perl marks the position just after the offending character.
    here = min(pos + 1, len(text))
    return f"{what} in regex; marked by <-- HERE in m/{text[:here]} <-- HERE {text[here:]}/"


def _literal(delimiter: bytes) -> Optional[bytes]:
    """The byte string a -d value stands for when it is a plain literal, else None."""
    if delimiter == rb"\t":
        return b"\t"
    if delimiter and not any(byte in _REGEX_META for byte in delimiter):
        return delimiter
    return None


def compile_splitter(delimiter: bytes) -> Splitter:
    """A function splitting one line (without its newline) into fields the way conlleval's
    ``split(/DELIM/, $line)`` does. Raises :class:`PerlPatternError` for an invalid pattern."""
    literal = _literal(delimiter)
    if literal is not None:
        return _literal_splitter(literal)
    source = delimiter
    for perl, python in _PERL_TO_PYTHON:
        source = source.replace(perl, python)
    source = re.sub(rb"\(\?<(?=[A-Za-z_])", b"(?P<", source)  # named groups
    try:
        pattern = re.compile(source)
    except re.error as error:
        raise PerlPatternError(_perl_message(delimiter, error)) from None
    return _regex_splitter(pattern)


def _literal_splitter(separator: bytes) -> Splitter:
    def split(line: bytes) -> List[bytes]:
        fields = line.split(separator)
        while fields and not fields[-1]:
            fields.pop()
        return fields
    return split


def _regex_splitter(pattern: "re.Pattern[bytes]") -> Splitter:
    groups = pattern.groups

    def split(line: bytes) -> List[bytes]:
        fields: List[bytes] = []
        start = 0  # where the current field begins (end of the previous match)
        end = len(line)
        while start < end:
            match = pattern.search(line, start)
            if match is not None and match.end() == start:
                # Perl's rule: a match must end past the previous one.
                match = pattern.search(line, start + 1)
            if match is None:
                break
            fields.append(line[start:match.start()])
            if groups:
                fields.extend(group if group is not None else b"" for group in match.groups())
            start = match.end()
        if start < end:
            fields.append(line[start:])
        while fields and not fields[-1]:
            fields.pop()
        return fields
    return split
