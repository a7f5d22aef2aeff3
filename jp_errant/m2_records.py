"""M2's values, and writing them back in errant's layout.

:class:`Edit` is one ``A`` line, :class:`Sentence` one block (its ``S`` line and edits),
:class:`RawBlock` a block's text as errant splits it; :class:`M2Error` is every problem JP mode
finds in an M2 file. :func:`format_edit` and :func:`format_sentence` write
them back (``S`` line, ``A`` lines, one empty line after every block). The readers are
:mod:`jp_errant.m2_blocks` (errant's own reading) and :mod:`jp_errant.m2` (JP mode's).
"""
from __future__ import annotations

from typing import NamedTuple

from jp_shims.errors import InputError

NOOP_TYPE = "noop"
NOOP_CORRECTION = "-NONE-"
DEFAULT_MIDDLE = ("REQUIRED", "-NONE-")
FIELD_SEPARATOR = "|||"


class M2Error(InputError, ValueError):
    """Malformed M2 input (jp_shims' one input error); ``str()`` is ``FILE:LINE: message``."""

    def __init__(self, path: str, line: int, message: str) -> None:
        InputError.__init__(self, path, line, message)


class Edit(NamedTuple):
    """One ``A`` line. ``middle`` holds the fields between correction and coder.

    A named tuple (not a dataclass): corpora hold hundreds of thousands of edits and tuple
    creation is several times cheaper. Use ``edit._replace(...)`` to derive a changed edit.
    """

    start: int
    end: int
    type: str
    correction: str
    coder: int = 0
    middle: tuple = DEFAULT_MIDDLE

    @property
    def is_noop(self) -> bool:
        return self.start == -1 and self.type == NOOP_TYPE

    def shifted(self, offset: int) -> Edit:
        """The same edit ``offset`` tokens further right (noop edits stay ``-1 -1``)."""
        if self.start < 0 or offset == 0:
            return self
        return self._replace(start=self.start + offset, end=self.end + offset)


def noop_edit(coder: int = 0) -> Edit:
    """errant's "no edit" line for one annotator: ``A -1 -1|||noop|||-NONE-|||...|||coder``."""
    return Edit(-1, -1, NOOP_TYPE, NOOP_CORRECTION, coder)


class Sentence(NamedTuple):
    """One block: ``source`` is the S-line text without the ``S `` prefix."""

    source: str
    edits: tuple = ()
    line: int = 0  # 1-based line of the S line in its file; 0 when built in memory

    @property
    def tokens(self) -> tuple:
        return tuple(self.source.split())

    def coders(self) -> list[int]:
        """Annotator ids in first-seen order (errant's order of registration)."""
        return list(dict.fromkeys(edit.coder for edit in self.edits))

    def edits_of(self, coder: int) -> list[Edit]:
        return [edit for edit in self.edits if edit.coder == coder]


class RawBlock(NamedTuple):
    """One block's text as errant splits it, and the 1-based line where it starts."""

    text: str
    line: int


def format_edit(edit: Edit) -> str:
    """One ``A`` line (without newline)."""
    fields = [f"{edit.start} {edit.end}", edit.type, edit.correction, *edit.middle, str(edit.coder)]
    return "A " + FIELD_SEPARATOR.join(fields)


def format_sentence(sentence: Sentence) -> str:
    """One block followed by its blank line: ``S ...\\nA ...\\n\\n``."""
    lines = ["S " + sentence.source]
    lines.extend(format_edit(edit) for edit in sentence.edits)
    return "\n".join(lines) + "\n\n"

