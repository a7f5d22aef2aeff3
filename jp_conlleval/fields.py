"""Field splitting as conlleval does it: Perl's ``split`` with the ``-d`` value as a regular
expression, on byte strings (spec §2.2). The pattern is Perl's, translated by
:mod:`jp_conlleval.perl_regex` (which also has Perl's ``split`` rules); a plain literal
(the default space, ``\t``, ``,``) is split by ``bytes.split``, with the same result.
"""
from __future__ import annotations

from typing import Callable, List, Optional, cast

__all__ = ["Splitter", "UNDEFINED", "compile_splitter"]

Splitter = Callable[[bytes], List[bytes]]

# Characters that make a -d value a regular expression rather than a literal byte string.
_REGEX_META = frozenset(b".^$*+?{}[]()|\\")


class Undefined(bytes):
    """Perl's undef as a field: a capture group of the pattern that took no part in the match.
    It reads as the empty string, as undef does in Perl; conlleval dies where it would assign to
    one (under ``-r``), which is why it is told apart."""


UNDEFINED = Undefined()


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
    from .perl_regex import compile_perl  # (loaded for a pattern only: the literals need none)

    regex = compile_perl(delimiter)  # raises PerlPatternError
    if not regex.groups:  # no capture group, no undef
        return cast(Splitter, regex.split)
    split = regex.split

    def split_fields(line: bytes) -> List[bytes]:
        return [UNDEFINED if value is None else value for value in split(line)]
    return split_fields


def _literal_splitter(separator: bytes) -> Splitter:
    def split(line: bytes) -> List[bytes]:
        fields = line.split(separator)
        while fields and not fields[-1]:
            fields.pop()
        return fields
    return split
