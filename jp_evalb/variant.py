"""The two programs jp_evalb reproduces: evalb and its SPMRL 2013 variant, evalb_spmrl.

evalb_spmrl is evalb with a few behaviours changed (spec: evalb_spmrl.md, a diff against
evalb.md). jp_evalb has one reader, one scorer and one report writer; a :class:`Variant` says
which of the two behaviours each of them follows, and :class:`RunFlags` holds the run options
only evalb_spmrl has (``-K``, ``-L``/``-l``, ``-X``, ``-V``). This module only describes; the
code that acts on it is in the reader (:mod:`.trees`), the scorer (:mod:`.scoring`), the
report (:mod:`.report`, :mod:`.spmrl`) and the option parser (:mod:`.cli`).
"""
from __future__ import annotations

from typing import NamedTuple

EVALB_USAGE_HEAD = (
    " evalb [-dDh][-c n][-e n][-p param_file] gold-file test-file  \n"
    "                                                         \n"
    "    Evaluate bracketing in test-file against gold-file.  \n"
    "    Return recall, precision, F-Measure, tag accuracy.              \n"
    "                                                         \n"
    "  <option>                                               \n"
    "    -d             debug mode                            \n"
    "    -D             debug mode plus bracketing info       \n"
    "    -c n           cut-off length forstatistics (def.=40)\n"
    "    -e n           number of error to kill (default=10)  \n"
    "    -p param_file  parameter file                        \n"
)
USAGE_HELP_LINE = "    -h    help                                           \n"
# evalb_spmrl inserts three lines (with TABs, ending in spaces) before the -h line.
SPMRL_USAGE_LINES = (
    "    -K n\t\t   Evaluate up to  n sentences                         \n"
    "    -X\t\t\t   Count skipped sentences brackets as not parsed  \n"
    "    -L\t\t\t   Compact view (for use in batch mode, all sentences  \n"
)


class Variant(NamedTuple):
    """What differs between evalb and evalb_spmrl, as options of the shared code."""

    prog: str  # our console script, in JP-mode messages
    original: str  # the program reproduced
    cut_at: str  # a label is cut at its first character from this set
    cut_tags: bool  # POS tags are compared (and shown by -d) after cutting
    cut_delete_labels: bool  # DELETE_LABEL entries are cut like the labels they are compared with
    delete_words: bool  # a DELETE_LABEL POS tag removes its word
    lenient_length: bool  # a length mismatch is a status-0 zero line (and 0/1-word gold is scored)
    line_chunk: int  # longest line piece fgets() returns
    flag_letters: str  # option letters that end a cluster and take no value, beyond d and D
    usage: str
    status_file: bool  # the normal view writes ./status
    djam: bool  # "debug djam" line before "More than two elements in a bracket"
    limits: tuple  # words and brackets a sentence, bytes a label: beyond them it is undefined


EVALB = Variant(
    prog="jp_evalb", original="evalb", cut_at="-=", cut_tags=False, cut_delete_labels=False,
    delete_words=True, lenient_length=False, line_chunk=4999, flag_letters="",
    usage=EVALB_USAGE_HEAD + USAGE_HELP_LINE, status_file=False, djam=False, limits=(200, 200, 29),
)

SPMRL = Variant(
    prog="jp_evalb_spmrl", original="evalb_spmrl", cut_at="-=#", cut_tags=True, cut_delete_labels=True,
    delete_words=False, lenient_length=True, line_chunk=49999, flag_letters="LlXV",
    usage=EVALB_USAGE_HEAD + SPMRL_USAGE_LINES + USAGE_HELP_LINE, status_file=True, djam=True,
    limits=(1000, 2000, 299),
)


class RunFlags(NamedTuple):
    """evalb_spmrl's run options (evalb has none of them; the defaults are evalb's behaviour).

    ``limit``: ``-K n``, stop after gold line n (-1: no limit); ``compact``: ``"L"`` (all
    sentences) or ``"l"`` (the len<=N sentences) for the one-line view, ``""`` for the normal
    view; ``count_skipped``: ``-X``; ``name_files``: ``-V``.
    """

    limit: int = -1
    compact: str = ""
    count_skipped: bool = False
    name_files: bool = False


def cut_label(label: str, cut_at: str = "-=") -> str:
    """evalb's modify_label: the label up to its first character from ``cut_at``."""
    for i, ch in enumerate(label):
        if ch in cut_at:
            return label[:i]
    return label
