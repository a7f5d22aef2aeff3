"""What format a file's first lines are in: the one format sniffer of JP mode.

Every input of a JP-mode run is checked twice before a tool reads it
(:func:`jp_shims.inputs.check_format`): its first line of content must be one the tool's
format accepts, and its start must not *look like another format*: an M2 file given as the
system's plain text (m2scorer would score it as sentences and print 0.0000), CoNLL-U given to
a text tool, trees given to a column tool. The second check is this module's; it answers
only on robust evidence, since a plain-text sentence can start with ``(`` or ``S ``:

* **M2**: an ``S`` line whose next line of content is an edit line ``A START END|||...|||``
  (or an edit line first of all: a file cut after its S line);
* **CoNLL-U**: a word line of ten tab-separated columns whose first is a word id (``3``,
  ``3-4``, ``3.1``) and whose seventh (HEAD) is a number or ``_`` (ChERRANT's parallel
  lines, ``id TAB source TAB correction...``, may have ten fields too);
* **bracketed trees**: a line that opens two brackets before its first word (``( (S``,
  ``(TOP (S``, ``(S`` at the end of the line), as PTB, evalb and SPMRL files start;
* **token columns** (conlleval's): at least two consecutive lines of the same number (two or
  more) of space-separated fields whose last is a chunk tag (``O``, ``B-NP``, ``I-PER``, ...).

Plain text is what is left; it is told apart (as ``TEXT``) only where a format needs it,
by lines of different numbers of fields (tab-separated ones counted by tabs): two
consecutive lines of two or more fields and different lengths are not token columns (conlleval's rule: every token line has the same number of fields).
"""
from __future__ import annotations

import re
from typing import List, NamedTuple, Optional, Sequence, Tuple

M2 = "m2"
CONLLU = "conllu"
TREES = "trees"
COLUMNS = "columns"
TEXT = "text"

# How each kind is named in an error line ("this looks like ...").
DESCRIPTIONS = {
    M2: "an M2 file (an 'S' line, then 'A ...|||...' edit lines)",
    CONLLU: "a CoNLL-U file (ten tab-separated columns)",
    TREES: "bracketed trees",
    COLUMNS: "a file of token columns with chunk tags (conlleval's)",
    TEXT: "plain text (consecutive lines of different numbers of fields)",
}

# How many lines of a file's start the sniffer reads (blank lines included).
HEAD_LINES = 40

# (Patterns, compiled by re on first use; each test below looks at a line with one only when
# a plain string test lets it through: a run sniffs its inputs at start-up, where compiling
# patterns it does not need would cost more than the sniffing.)
_S_LINE = r"S(?: |$)"
_A_LINE = r"A -?\d+ -?\d+\|\|\|.*\|\|\|"
_CONLLU_WORD = r"\d+(?:-\d+|\.\d+)?(?:\t[^\t]*){5}\t(?:\d+|_)(?:\t[^\t]*){3}$"
_TREE = r"\s*\(\s*(?:\(|[^\s()]+\s*(?:\(|$))"
_CHUNK_TAG = r"(?:O|[BIESLU]-[^\s]+)$"


class Sniffed(NamedTuple):
    kind: str  # M2, CONLLU, TREES, COLUMNS or TEXT
    line: int  # the line of the evidence (1-based)

    @property
    def description(self) -> str:
        return DESCRIPTIONS[self.kind]


def sniff(lines: Sequence[Tuple[int, str]]) -> Optional[Sniffed]:
    """The format ``lines`` (``(line number, text)`` of a file's start, blank lines
    included, line ends removed) are evidently in, or None (plain text, or too little
    evidence)."""
    content = [(number, text) for number, text in lines if text.strip()]
    for test in (_m2, _conllu, _trees, _columns, _ragged):
        found = test(content)
        if found is not None:
            return found
    return None


def _m2(content: List[Tuple[int, str]]) -> Optional[Sniffed]:
    for index, (number, text) in enumerate(content):
        if text.startswith("A ") and re.match(_A_LINE, text) and (index == 0 or re.match(_S_LINE, content[index - 1][1])):
            return Sniffed(M2, content[index - 1][0] if index else number)
    return None


def _conllu(content: List[Tuple[int, str]]) -> Optional[Sniffed]:
    for number, text in content:
        if text[:1].isdigit() and text.count("\t") >= 9 and re.match(_CONLLU_WORD, text):
            return Sniffed(CONLLU, number)
    return None


def _trees(content: List[Tuple[int, str]]) -> Optional[Sniffed]:
    if content and "(" in content[0][1] and re.match(_TREE, content[0][1]):
        return Sniffed(TREES, content[0][0])
    return None


def _columns(content: List[Tuple[int, str]]) -> Optional[Sniffed]:
    for (number, text), (next_number, following) in zip(content, content[1:]):
        if next_number != number + 1:
            continue
        fields, next_fields = _fields(text), _fields(following)
        if (len(fields) >= 2 and len(fields) == len(next_fields)
                and re.match(_CHUNK_TAG, fields[-1].strip()) and re.match(_CHUNK_TAG, next_fields[-1].strip())):
            return Sniffed(COLUMNS, number)
    return None


def _ragged(content: List[Tuple[int, str]]) -> Optional[Sniffed]:
    # (A line of one field is left to the readers, which name it: "a word without a tag".)
    for (number, text), (next_number, following) in zip(content, content[1:]):
        counts = len(_fields(text)), len(_fields(following))
        if next_number == number + 1 and min(counts) >= 2 and counts[0] != counts[1]:
            return Sniffed(TEXT, next_number)
    return None


def _fields(line: str) -> List[str]:
    # Tab-separated columns may hold spaces (conlleval -d '\t'): tabs first.
    return line.split("\t") if "\t" in line else line.split()
