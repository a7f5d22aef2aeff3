"""Python 2.7 behaviour that m2scorer's output and argument handling depend on.

m2scorer 3.2 runs under CPython 2.7; its reports show Python 2 ``str()`` of floats, Python 2
``repr()`` of unicode strings, tuples and lists, and annotators in CPython 2.7 ``dict`` order.
This module reproduces those *language* behaviours (documented Python semantics, not the
scorer's code) so the scorer can print the same bytes under Python 3.
"""
from __future__ import annotations

import functools
import math
import re
import unicodedata
from pathlib import Path
from typing import Iterable, Sequence

# Unicode whitespace as Python 2.7 (Unicode 5.2) sees it: str.isspace() of today plus U+180E.
PY2_WHITESPACE = "".join(chr(c) for c in range(0x3001) if chr(c).isspace()) + "\u180e"
_SPLIT = re.compile("[" + re.escape(PY2_WHITESPACE) + "]+")
_ASCII_SPACE = " \t\n\v\f\r"
_PY2_SPACE_SET = frozenset(PY2_WHITESPACE)


class ByteStr(str):
    """A Python 2 byte string (ASCII): an empty string the scorer creates itself, or an edit
    kind; Python 2 prints it as ``''``/``'sub'``, not ``u''``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return repr_bytes(self.encode("latin-1"))


EMPTY = ByteStr("")


def split(text: str) -> list[str]:
    """``unicode.split()`` of Python 2.7: runs of Unicode 5.2 whitespace."""
    return [tok for tok in _SPLIT.split(text) if tok]


def strip_space(text: str) -> str:
    """``unicode.strip()`` of Python 2.7."""
    return text.strip(PY2_WHITESPACE)


def repr_unicode(text: str) -> str:
    """``repr()`` of a Python 2 unicode string (``u'...'``, every non-ASCII char escaped)."""
    if isinstance(text, ByteStr):
        return repr(text)
    quote = '"' if ("'" in text and '"' not in text) else "'"
    out = ["u", quote]
    for ch in text:
        code = ord(ch)
        if ch == quote or ch == "\\":
            out.append("\\" + ch)
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif code < 0x20 or code == 0x7F or 0x80 <= code < 0x100:
            out.append("\\x%02x" % code)
        elif code < 0x7F:
            out.append(ch)
        elif code < 0x10000:
            out.append("\\u%04x" % code)
        else:
            out.append("\\U%08x" % code)
    out.append(quote)
    return "".join(out)


def repr_bytes(data: bytes) -> str:
    """``repr()`` of a Python 2 byte string."""
    quote = '"' if (b"'" in data and b'"' not in data) else "'"
    out = [quote]
    for code in data:
        ch = chr(code)
        if ch == quote or ch == "\\":
            out.append("\\" + ch)
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif code < 0x20 or code >= 0x7F:
            out.append("\\x%02x" % code)
        else:
            out.append(ch)
    out.append(quote)
    return "".join(out)


def repr_value(value: object) -> str:
    """``repr()`` of the values m2scorer prints: ints, floats, strings, tuples, lists."""
    if isinstance(value, str):
        return repr_unicode(value)
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr_float(value)
    if isinstance(value, tuple):
        if len(value) == 1:
            return "(" + repr_value(value[0]) + ",)"
        return "(" + ", ".join(repr_value(v) for v in value) + ")"
    if isinstance(value, list):
        return "[" + ", ".join(repr_value(v) for v in value) + "]"
    if isinstance(value, Py2Dict):
        return value.repr()
    raise TypeError(type(value))


def _float_text(value: float, digits: int | None) -> str:
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    text = repr(value) if digits is None else "%.*g" % (digits, value)
    if "." not in text and "e" not in text:
        text += ".0"
    return text


def str_float(value: float) -> str:
    """Python 2.7 ``str(float)``: 12 significant digits, ``.0`` added to integral values."""
    return _float_text(value, 12)


def repr_float(value: float) -> str:
    """Python 2.7 ``repr(float)``: shortest round-tripping digits (as Python 3)."""
    return _float_text(value, None)


# --- Python 2 number parsing (float() and int() of a byte string from argv) ----------------

_FLOAT_PREFIX = re.compile(
    rb"[+-]?(?:(?:infinity|inf|nan)|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)", re.IGNORECASE
)
_INT_FULL = re.compile(rb"[+-]?\d+")


def py2_float(raw: bytes) -> float:
    """``float(s)`` of Python 2.7 for a byte string; ValueError with Python 2's message."""
    start, end = 0, len(raw)
    while start < end and raw[start:start + 1] in b" \t\n\v\f\r":
        start += 1
    rest = raw[start:]
    while end - 1 > start and raw[end - 1:end] in b" \t\n\v\f\r":
        end -= 1
    body = raw[start:end]
    match = _FLOAT_PREFIX.match(body)
    if match is None:
        raise Py2ValueError(b"could not convert string to float: " + rest[:200])
    if match.end() != len(body):
        raise Py2ValueError(b"invalid literal for float(): " + rest[:200])
    return float(match.group(0).decode("ascii"))


def py2_int(raw: bytes) -> int:
    """``int(s)`` of Python 2.7 for a byte string (base 10)."""
    body = raw.strip(b" \t\n\v\f\r")
    if _INT_FULL.fullmatch(body) is None:
        raise Py2ValueError(
            ("invalid literal for int() with base 10: %s" % repr_bytes(raw[:200])).encode("latin-1")
        )
    return int(body)


def py2_int_unicode(text: str) -> int:
    """``int(u)`` of Python 2.7 for a unicode string read from a file.

    Python 2 first turns the text into bytes: Unicode whitespace becomes a space, a decimal
    digit of any script its ASCII digit, any other character below U+0100 (but NUL) its
    Latin-1 byte; anything else is a ``UnicodeEncodeError`` of the 'decimal' codec
    (:class:`Py2EncodeError`). The bytes are then parsed as by ``int(str)``, whose error
    quotes them from the first non-space byte (checked against CPython 2.7.18 on every
    string of up to four characters of a 20-character alphabet: tests/test_m2scorer_py2.py).
    """
    data = bytearray()
    for position, ch in enumerate(text):
        if ch in _PY2_SPACE_SET:
            data.append(0x20)
            continue
        digit = unicodedata.decimal(ch, None)
        if digit is not None:
            data.append(0x30 + digit)
        elif 0 < ord(ch) < 0x100:
            data.append(ord(ch))
        else:
            raise Py2EncodeError(text, position)
    return _int_bytes(bytes(data))


_INT_LITERAL = re.compile(rb"[ \t\n\v\f\r]*[+-]?[ \t\n\v\f\r]*\d+[ \t\n\v\f\r]*")


def _int_bytes(data: bytes) -> int:
    """``int(s)`` of Python 2.7 for the byte string ``s`` (base 10)."""
    if _INT_LITERAL.fullmatch(data) is None:
        shown = data.lstrip(b" \t\n\v\f\r")[:200]
        raise Py2ValueError(("invalid literal for int() with base 10: %s" % repr_bytes(shown)).encode("latin-1"))
    return int(data.replace(b" ", b"").strip(b"\t\n\v\f\r"))


class Py2EncodeError(ValueError):
    """Python 2.7's ``UnicodeEncodeError`` of ``int(u)``: ``raw`` is its last stderr line."""

    def __init__(self, text: str, position: int) -> None:
        end = position + 1
        while end < len(text) and not (text[end] in _PY2_SPACE_SET or unicodedata.decimal(text[end], None) is not None
                                       or 0 < ord(text[end]) < 0x100):
            end += 1
        if end - position == 1:
            code = ord(text[position])
            what = "character u'\\%s' in position %d" % ("u%04x" % code if code < 0x10000 else "U%08x" % code,
                                                          position)
        else:
            what = "characters in position %d-%d" % (position, end - 1)
        self.message = "'decimal' codec can't encode %s: invalid decimal Unicode string" % what
        self.raw = ("UnicodeEncodeError: " + self.message).encode("ascii")
        self.text = text
        super().__init__(self.message)

    def shown(self) -> str:
        """JP mode's message: the text quoted as its bytes read (a UTF-8-encoded surrogate,
        which Python 2 lets through, as the Latin-1 characters of its bytes: never an escape)."""
        from jp_shims.encodings import quoted, readable_bytes

        return (f"not an integer: {quoted(readable_bytes(self.text.encode('utf-8', 'surrogatepass')))} "
                "(Python 2's int() refuses characters beyond Latin-1 that are not digits)")


class Py2ValueError(ValueError):
    """A ValueError whose message is the raw bytes Python 2 would print."""

    def __init__(self, message: bytes) -> None:
        super().__init__(message)
        self.raw = message


# --- CPython 2.7 dict iteration order for small int keys -----------------------------------

def dict_order(keys: Iterable[int]) -> list[int]:
    """Iteration order of a CPython 2.7 dict into which ``keys`` were inserted in order.

    Open addressing with ``hash(n) == n`` (``hash(-1) == -2``), perturbed probing
    ``i = 5*i + 1 + perturb; perturb >>= 5`` and resize to 4 x used when 2/3 full.
    """
    mask = 7
    table: list[int | None] = [None] * 8
    used = fill = 0
    seen: set[int] = set()
    for key in keys:
        if key in seen:
            continue
        seen.add(key)
        _insert(table, mask, key)
        used += 1
        fill += 1
        if fill * 3 >= (mask + 1) * 2:
            newsize = 8
            minused = used * (2 if used > 50000 else 4)
            while newsize <= minused:
                newsize <<= 1
            old = [k for k in table if k is not None]
            mask = newsize - 1
            table = [None] * newsize
            for k in old:
                _insert(table, mask, k)
            fill = used
    return [k for k in table if k is not None]


def _insert(table: list, mask: int, key: int) -> None:
    h = -2 if key == -1 else key
    perturb = h % (1 << 64)
    i = perturb & mask
    while table[i & mask] is not None:
        i = ((i << 2) + i + perturb + 1) % (1 << 64)
        perturb >>= 5
    table[i & mask] = key


def join_tokens(tokens: Sequence[str]) -> str:
    """``' '.join(tokens)`` of Python 2: a byte-string ``''`` when there are no tokens."""
    return " ".join(tokens) if tokens else EMPTY


# --- CPython 2.7 dict iteration order for tuple keys (--very_verbose prints such dicts) ------

_M64 = 1 << 64


def _signed64(value: int) -> int:
    value %= _M64
    return value - _M64 if value >= 1 << 63 else value


def py2_hash(obj: object) -> int:
    """``hash()`` of CPython 2.7 (64-bit) for ints and (nested) tuples of ints."""
    if isinstance(obj, int):
        return -2 if obj == -1 else obj
    if isinstance(obj, tuple):
        x, mult, remaining = 0x345678, 1000003, len(obj)
        for item in obj:
            remaining -= 1
            x = _signed64((x ^ py2_hash(item)) * mult)
            mult = _signed64(mult + 82520 + remaining + remaining)
        x = _signed64(x + 97531)
        return -2 if x == -1 else x
    raise TypeError(type(obj))


_DUMMY = object()


class Py2Dict:
    """Slot layout of a CPython 2.7 dict: insertions (with resizing), deletions (dummy
    slots); iteration yields the keys in slot order, as Python 2 prints a dict."""

    def __init__(self) -> None:
        self._mask = 7
        self._table: list = [None] * 8
        self._used = 0
        self._fill = 0
        self._values: dict = {}

    def _slot(self, key: object) -> tuple[int, bool]:
        perturb = py2_hash(key) % _M64
        i = perturb & self._mask
        free = None
        while True:
            entry = self._table[i & self._mask]
            if entry is None:
                return (free if free is not None else i & self._mask), False
            if entry is _DUMMY:
                if free is None:
                    free = i & self._mask
            elif entry == key:
                return i & self._mask, True
            i = (i << 2) + i + perturb + 1
            perturb >>= 5

    def __setitem__(self, key: object, value: object) -> None:
        slot, found = self._slot(key)
        self._values[key] = value
        if found:
            return
        if self._table[slot] is None:
            self._fill += 1
        self._table[slot] = key
        self._used += 1
        if self._fill * 3 >= (self._mask + 1) * 2:
            self._resize(self._used * (2 if self._used > 50000 else 4))

    def __delitem__(self, key: object) -> None:
        slot, found = self._slot(key)
        if not found:
            raise KeyError(key)
        self._table[slot] = _DUMMY
        self._used -= 1
        del self._values[key]

    def __getitem__(self, key: object) -> object:
        return self._values[key]

    def __contains__(self, key: object) -> bool:
        return key in self._values

    def _resize(self, minused: int) -> None:
        size = 8
        while size <= minused:
            size <<= 1
        keys = list(self)
        self._mask = size - 1
        self._table = [None] * size
        self._fill = self._used = 0
        for key in keys:
            slot, _ = self._slot(key)
            self._table[slot] = key
            self._fill += 1
            self._used += 1

    def __iter__(self):
        return (entry for entry in self._table if entry is not None and entry is not _DUMMY)

    def repr(self) -> str:
        return "{" + ", ".join("%s: %s" % (repr_value(k), repr_value(self._values[k])) for k in self) + "}"


# --- Python 2.7's UTF-8 decoder -------------------------------------------------------------
# Python 2.7 accepts UTF-8-encoded surrogates (ED A0 80 -> u'\ud800') and names the bytes of
# an invalid sequence by its own rule (checked against CPython 2.7.18 on every sequence of up
# to four bytes drawn from 27 representative byte values: tests/test_m2scorer_py2.py).

def _sequence_length(lead: int) -> int:
    """Bytes of the sequence a lead byte opens (0: not a lead byte)."""
    if lead < 0x80:
        return 1
    if lead < 0xC2:
        return 0
    if lead < 0xE0:
        return 2
    if lead < 0xF0:
        return 3
    if lead < 0xF5:
        return 4
    return 0


def _continues(byte: int) -> bool:
    return byte & 0xC0 == 0x80


class Py2DecodeError(ValueError):
    """Python 2.7's UnicodeDecodeError: ``message`` is its text after the class name."""

    def __init__(self, data: bytes, start: int, end: int, reason: str) -> None:
        if end - start == 1:
            what = "byte 0x%02x in position %d" % (data[start], start)
        else:
            what = "bytes in position %d-%d" % (start, end - 1)
        self.start, self.end, self.reason = start, end, reason
        self.message = "'utf8' codec can't decode %s: %s" % (what, reason)
        super().__init__(self.message)


def _py2_error(data: bytes, start: int) -> Py2DecodeError:
    """The error Python 2.7 reports for the invalid sequence at ``start``."""
    lead = data[start]
    length = _sequence_length(lead)
    if length == 0:
        return Py2DecodeError(data, start, start + 1, "invalid start byte")
    if start + length > len(data):
        end = start + 1
        while end < len(data) and _continues(data[end]):
            end += 1
        return Py2DecodeError(data, start, end, "unexpected end of data")
    # the sequence's last byte is never part of the named range
    tail = data[start + 1:start + length - 1]
    end = start + 1
    for byte in tail:
        if not _continues(byte):
            break
        end += 1
    return Py2DecodeError(data, start, end, "invalid continuation byte")


def decode_utf8(data: bytes) -> str:
    """``data.decode('utf-8')`` of Python 2.7 (UCS-4 build): lone surrogates pass; an error
    is a :class:`Py2DecodeError` with Python 2's byte range."""
    try:
        return data.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError as error:
        raise _py2_error(data, error.start) from None


# --- unicode.lower() of Python 2.7 ----------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _lower_table() -> dict[int, int]:
    """Python 2.7's simple lower-case mappings (Unicode 5.2), made by running Python 2.7
    itself (``data/make_py2_lower.py``)."""
    table = {}
    with open(Path(__file__).with_name("data") / "py2_lower.txt", encoding="ascii") as lines:
        for line in lines:
            code, lowered = line.split()
            table[int(code, 16)] = int(lowered, 16)
    return table


def lower(text: str) -> str:
    """``unicode.lower()`` of Python 2.7: one character for one (``u'\\u0130'`` -> ``u'i'``),
    Unicode 5.2 (Georgian Mtavruli stays upper-case)."""
    return text.translate(_lower_table())
