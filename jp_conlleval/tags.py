"""Tags as conlleval reads them (spec §3): prefix and type, and where chunks start and end.

Tags are byte strings. A tag splits at its first hyphen into prefix and type; the type ``0``
is the empty type (Perl's false ``"0"``). Chunk boundaries come from the prefixes of two
consecutive tags and a change of type; every tag scheme (IOB1, IOB2, IOE1/2, IOBES, BILOU,
brackets) is read by these same rules, which is why IOBES ``E-X B-X`` and ``S-X S-X`` are one
chunk in conlleval. :func:`to_iob2` gives the strict reading of a scheme (``--scheme``).
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

Tag = Tuple[bytes, bytes]  # (prefix, type)

OUTSIDE: Tag = (b"O", b"")  # before the first line, and every boundary

_START_PAIRS = frozenset({(b"B", b"B"), (b"I", b"B"), (b"O", b"B"), (b"O", b"I"),
                          (b"E", b"E"), (b"E", b"I"), (b"O", b"E")})
_END_PAIRS = frozenset({(b"B", b"B"), (b"B", b"O"), (b"I", b"B"), (b"I", b"O"),
                        (b"E", b"E"), (b"E", b"I"), (b"E", b"O")})
_NO_TYPE_RULE = (b"O", b".")  # prefixes exempt from the type-change rules
_BRACKETS = (b"[", b"]")


def split_tag(tag: bytes) -> Tag:
    """``b"B-PER"`` -> ``(b"B", b"PER")``; no hyphen: the whole tag is the prefix.

    >>> split_tag(b"I-creative-work"), split_tag(b"O"), split_tag(b"B-0")
    ((b'I', b'creative-work'), (b'O', b''), (b'B', b''))
    """
    prefix, _, kind = tag.partition(b"-")
    if kind == b"0":
        kind = b""
    return prefix, kind


def chunk_starts(previous: Tag, current: Tag) -> bool:
    """Whether a chunk starts at ``current`` (after ``previous``), conlleval's rules."""
    (p, t), (c, u) = previous, current
    return ((p, c) in _START_PAIRS or c in _BRACKETS
            or (c not in _NO_TYPE_RULE and t != u))


def chunk_ends(previous: Tag, current: Tag) -> bool:
    """Whether a chunk ends after ``previous`` (before ``current``), conlleval's rules."""
    (p, t), (c, u) = previous, current
    return ((p, c) in _END_PAIRS or p in _BRACKETS
            or (p not in _NO_TYPE_RULE and t != u))


# --- strict readings of the schemes (an extension: --scheme) --------------------------------

SCHEMES = ("IOB1", "IOB2", "IOE", "IOBES", "BILOU")
# Per scheme: prefixes that begin a chunk, that end it (after the token), that continue it.
_STRICT: Dict[str, Tuple[frozenset, frozenset]] = {
    "IOB1": (frozenset(), frozenset()),
    "IOB2": (frozenset({b"B"}), frozenset()),
    "IOE": (frozenset(), frozenset({b"E"})),
    "IOBES": (frozenset({b"B", b"S"}), frozenset({b"E", b"S"})),
    "BILOU": (frozenset({b"B", b"U"}), frozenset({b"L", b"U"})),
}


def to_iob2(tags: Sequence[bytes], scheme: str) -> List[bytes]:
    """One sentence's tags read strictly in ``scheme``, re-written in IOB2 (which conlleval
    reads exactly): a chunk begins at a begin/single prefix, after an end/single prefix, or
    where the type changes; IOB1's ``B-`` begins a chunk only after a chunk of its type. A
    continuation (``I-``, ``E-``, ``L-``) with no open chunk of its type begins one, as in
    conlleval (seqeval's strict mode drops such chunks instead).

    >>> to_iob2([b"B-PER", b"E-PER", b"B-PER", b"E-PER"], "IOBES")
    [b'B-PER', b'I-PER', b'B-PER', b'I-PER']
    >>> to_iob2([b"U-LOC", b"U-LOC", b"O"], "BILOU")
    [b'B-LOC', b'B-LOC', b'O']
    >>> to_iob2([b"I-LOC", b"B-LOC", b"I-PER"], "IOB1")
    [b'B-LOC', b'B-LOC', b'B-PER']
    """
    if scheme not in _STRICT:
        raise ValueError(f"unknown scheme {scheme!r}: one of {', '.join(SCHEMES)}")
    begins, finals = _STRICT[scheme]
    out: List[bytes] = []
    open_type: Optional[bytes] = None  # type of the chunk still open after the previous token
    for tag in tags:
        prefix, kind = split_tag(tag)
        if prefix == b"O":
            out.append(b"O")
            open_type = None
            continue
        begin = open_type != kind or prefix in begins or (scheme == "IOB1" and prefix == b"B")
        out.append((b"B-" if begin else b"I-") + kind)
        open_type = None if prefix in finals else kind
    return out


def raw_tag(tag: bytes, outside: bytes = b"O") -> bytes:
    """conlleval's ``-r`` reading: the outside tag (and ``O``) is ``O``, any other tag a
    one-token chunk whose type is the whole tag.

    >>> raw_tag(b"PER"), raw_tag(b"NONE", b"NONE"), raw_tag(b"B-PER")
    (b'B-PER', b'O', b'B-B-PER')
    """
    return b"O" if tag == outside or tag == b"O" else b"B-" + tag
