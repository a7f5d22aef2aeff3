"""The signature: one compact string pinning everything a JP figure depends on.

Like sacrebleu's (``nrefs:1|case:mixed|tok:13a|version:2.0.0``): ``|``-separated ``key:value``
fields in a fixed order --

``tool:jp_evalb|v:0.1.0|mode:jp|prm:COLLINS.prm#1a2b3c4d5e6f|opt:-c40,-e10|lang:en|sim:levenshtein<0.1``

``prm`` is the parameter file's name and the first 12 hex digits of the SHA-256 of its
content; ``opt`` the options that change figures, in the order the tool gives them (``-``
for none); ``lang`` the exception table; ``sim`` the similarity function and its threshold.
Fields a tool does not have are left out. Same inputs and same signature give the same bytes.
"""
from __future__ import annotations

from typing import Mapping, Optional, Sequence

from .version import package_version

HASH_DIGITS = 12


def _sha256():
    """A new SHA-256 object. CPython's own SHA-256 module loads in a fraction of a millisecond,
    hashlib's OpenSSL in about two -- a tenth of a short run that prints its signature (the
    digest is the same); hashlib where that module is missing."""
    try:
        from _sha2 import sha256  # CPython 3.12 and later
    except ImportError:
        try:
            from _sha256 import sha256  # CPython 3.11 and earlier
        except ImportError:
            from hashlib import sha256
    return sha256()


def content_hash(data: bytes) -> str:
    """The short content hash used in signatures."""
    digest = _sha256()
    digest.update(data)
    return digest.hexdigest()[:HASH_DIGITS]


def file_hash(path: str) -> str:
    """:func:`content_hash` of a file's bytes (read in chunks)."""
    digest = _sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()[:HASH_DIGITS]


def _quote(value: object) -> str:
    """Field values never contain the separators: ``%``, ``|``, ``,`` and spaces are escaped."""
    text = str(value)
    for char, code in (("%", "%25"), ("|", "%7C"), (",", "%2C"), (" ", "%20"), ("\t", "%09"), ("\n", "%0A")):
        text = text.replace(char, code)
    return text


def signature(tool: str, mode: str = "jp", *, version: Optional[str] = None,
              params: Optional[tuple[str, str]] = None, options: Sequence[str] = (),
              lang: Optional[str] = None, similarity: Optional[str] = None,
              threshold: Optional[float] = None, extra: Optional[Mapping[str, object]] = None) -> str:
    """Build the signature.

    ``params``: (file name, :func:`content_hash` of its content); ``options``: the
    figure-changing options as the user wrote them, canonicalized by the tool (``-c40``);
    ``similarity``/``threshold``: the sentence similarity function and its cut-off;
    ``extra``: further tool-specific fields, appended in the given order.
    """
    fields = [f"tool:{_quote(tool)}", f"v:{_quote(package_version() if version is None else version)}", f"mode:{_quote(mode)}"]
    if params is not None:
        name, digest = params
        fields.append(f"prm:{_quote(name)}#{digest}")
    fields.append("opt:" + (",".join(_quote(option) for option in options) if options else "-"))
    if lang is not None:
        fields.append(f"lang:{_quote(lang)}")
    if similarity is not None:
        fields.append(f"sim:{_quote(similarity)}" + ("" if threshold is None else f"<{threshold:g}"))
    for key, value in (extra or {}).items():
        fields.append(f"{_quote(key)}:{_quote(value)}")
    return "|".join(fields)
