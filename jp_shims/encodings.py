"""How JP mode reads files that are not UTF-8, and how it shows bytes it could not decode.

Some originals read bytes (evalb, evalb_spmrl, conlleval.pl): they score a Latin-1 treebank as
readily as a UTF-8 one. Their drop-ins read each input as UTF-8 when the whole file is valid
UTF-8, and otherwise in a fallback encoding -- Latin-1 (one byte, one character: nothing is
refused), or the one ``--encoding ENC`` names (``--encoding utf-8``: no fallback, a file that is
not UTF-8 is an error). They say so in a note; where the original echoes bytes back, they write
text read that way back in the same encoding, so that inputs which line up print the original's
bytes.

The other tools' originals read UTF-8, and so do the drop-ins: invalid UTF-8 is their one-line
error. Wherever file content goes into a message, :func:`readable` shows what could not be
decoded as the Latin-1 character of each byte (never as a surrogate escape).
"""
from __future__ import annotations

import codecs
import itertools
import re
from typing import BinaryIO, Iterable, Optional

from .errors import UsageError

UTF8 = "utf-8"
FALLBACK = "latin-1"  # one character per byte, as the byte-reading originals see them
OPTION = "--encoding"
HELP_ENTRY = (f"{OPTION} ENC", "read an input that is not valid UTF-8 as ENC (default latin-1, one character "
                               "a byte; utf-8: such an input is an error); a note names the file")
# Bytes read into text by the "surrogateescape" error handler: U+DC80 to U+DCFF. (Patterns,
# compiled by re on first use: most runs never meet such a character.)
_ESCAPED_BYTE = "[\udc80-\udcff]"
_ESCAPED_RUN = "([\udc80-\udcff]+)"
_SURROGATE = "[\ud800-\udfff]"
_PROBE = b"(\t\n\r )|-=Az09+~\\"  # what an input encoding must read as ASCII does (not UTF-7)
CHUNK = 1 << 20


def parse_encoding(value: Optional[str]) -> str:
    """The codec's canonical name for ``--encoding VALUE`` (None: the default fallback).
    Refuses an unknown encoding, and one that does not read ASCII as ASCII (UTF-16): every
    format here is delimited by ASCII characters."""
    if value is None:
        return FALLBACK
    try:
        name = codecs.lookup(value).name
    except LookupError:
        raise UsageError(f"{OPTION}: unknown encoding {value!r}") from None
    try:
        same = _PROBE.decode(name) == _PROBE.decode("ascii")
    except (UnicodeDecodeError, LookupError, TypeError):
        same = False
    if not same:
        raise UsageError(f"{OPTION}: {value!r} does not read ASCII as ASCII; choose an encoding that does "
                         "(latin-1, cp1252, iso8859-15, ...)")
    return FALLBACK if name == codecs.lookup(FALLBACK).name else name


def signature_option(fallback: str) -> list[str]:
    """``--encoding=ENC`` for the signature's options when it is not the default (how a file
    that is not UTF-8 is read can change which words align)."""
    return [] if fallback == FALLBACK else [f"{OPTION}={fallback}"]


def stream_is_utf8(handle: BinaryIO) -> bool:
    """Whether what is left of the binary stream is valid UTF-8 (read to its end, in binary
    chunks; ASCII ones cost a scan)."""
    decoder = codecs.getincrementaldecoder(UTF8)()
    for chunk in iter(lambda: handle.read(CHUNK), b""):
        if chunk.isascii() and not decoder.getstate()[0]:
            continue
        try:
            decoder.decode(chunk)
        except UnicodeDecodeError:
            return False
    try:
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def stream_encoding(handle: BinaryIO, fallback: str = FALLBACK) -> str:
    """The encoding to read an input in (``handle``: ``InputFile.open()``, read to its end):
    UTF-8 when the whole input is valid UTF-8 (or when ``fallback`` is UTF-8: its reader then
    reports the invalid line), else ``fallback``. Raises OSError."""
    if _reads_utf8(fallback) or stream_is_utf8(handle):
        return UTF8
    return fallback


def data_encoding(data: bytes, fallback: str = FALLBACK) -> str:
    """:func:`stream_encoding` of bytes in memory."""
    if data.isascii() or _reads_utf8(fallback):
        return UTF8
    try:
        data.decode(UTF8)
    except UnicodeDecodeError:
        return fallback
    return UTF8


def _reads_utf8(fallback: str) -> bool:
    # (The default is known not to be UTF-8: looking it up would import its codec module
    # in every run.)
    return fallback != FALLBACK and codecs.lookup(fallback).name == UTF8


def fallback_note(name: str, encoding: str, original: Optional[str]) -> str:
    """The note of a file read in the fallback encoding."""
    reads = f"as {original} reads bytes" if original else "as its bytes"
    return f"{name} is not valid UTF-8: read as {encoding} ({reads}; {OPTION} ENC chooses another)"


def output_encoding(encodings: Iterable[str]) -> str:
    """The encoding the report is written in, where it echoes input text: the inputs' when
    they were all read in the same one, else UTF-8."""
    found = set(encodings)
    return found.pop() if len(found) == 1 else UTF8


def as_written(text: str, encoding: str) -> str:
    """``text`` as a string whose UTF-8 writing with the "surrogateescape" handler (the
    runner's :func:`~jp_shims.runner.write_stdout`) gives its bytes in ``encoding``: the
    original's bytes, when the text was read in that encoding."""
    if encoding == UTF8 or text.isascii():
        return text
    return text.encode(encoding, "surrogateescape").decode(UTF8, "surrogateescape")


def stdout_bytes(text: str) -> bytes:
    """UTF-8 of ``text`` with bytes read by the "surrogateescape" handler written back as they
    were; any other lone surrogate as Python 2 wrote it ("surrogatepass")."""
    try:
        return text.encode(UTF8, "surrogateescape")
    except UnicodeEncodeError:
        # (split: the escaped bytes at odd places, the rest between them)
        parts = re.split(_ESCAPED_RUN, text)
        return b"".join(part.encode(UTF8, "surrogateescape" if odd else "surrogatepass")
                        for odd, part in zip(itertools.cycle((False, True)), parts))


def readable(text: str) -> str:
    """``text`` for a message: a byte that could not be decoded (a "surrogateescape"
    character) shown as its Latin-1 character, any other lone surrogate as ``\\udXXX``."""
    if text.isascii():
        return text
    text = re.sub(_ESCAPED_BYTE, lambda m: chr(ord(m.group()) - 0xDC00), text)
    return re.sub(_SURROGATE, lambda m: f"\\u{ord(m.group()):04x}", text)


def readable_bytes(data: bytes) -> str:
    """Bytes of a file for a message: UTF-8, a byte that is not as its Latin-1 character."""
    return readable(data.decode(UTF8, "surrogateescape"))


def quoted(text: str) -> str:
    """``repr`` of :func:`readable` text: a word of a file quoted in a message."""
    return repr(readable(text))
