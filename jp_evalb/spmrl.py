"""evalb_spmrl's own pieces of the report and the run (spec: evalb_spmrl.md).

The reader, the scorer and evalb's report format are shared with jp_evalb; this module holds
what only evalb_spmrl does around them: the end of the report (``-V`` header, the one-line
compact view of ``-L``/``-l``, the ``./status`` file), the gold bracket count of a ``-X``
sentence, and the ``debug djam`` line of its reader.
"""
from __future__ import annotations

import os
from typing import Callable, Optional

from .params import Params
from .report import summary
from .totals import RunTotals, Totals
from .trees import _TOKEN, ReadOptions, Tree, all_brackets
from .variant import RunFlags, cut_label

STATUS_FILE = "status"  # written into the working directory, as the original does


def _f2(value: Optional[float]) -> str:
    # glibc prints the 0/0 NaN of x86 as "-nan".
    return "-nan" if value is None else "%.2f" % value


def status_text(totals: Totals) -> str:
    """The six lines evalb_spmrl writes to ./status (the All figures)."""
    f = totals.fmeasure
    return (
        "---\n"
        f"F1: {_f2(f)}\n"
        f"LP: {_f2(totals.precision)}\n"
        f"LR: {_f2(totals.recall)}\n"
        f"POS: {_f2(totals.tag_accuracy)}\n"
        f"errorRate: {_f2(None if f is None else 100.0 - f)}\n"
    )


def compact_line(totals: Totals, test_name: str) -> str:
    """The ``-L``/``-l`` view. The original prints recall under ``Prec:`` and precision under
    ``Rec:``: so do we, byte for byte."""
    f = totals.fmeasure
    return "F1: %s %%\tPrec: %6.2f %%\tRec: %6.2f %%\tPOS: %6.2f %%\tEX: %6.2f %%\tUnparsed: %6d\tSent: %6d\tfile: %s\n" % (
        "  -nan" if f is None else "%6.2f" % f, totals.recall, totals.precision, totals.tag_accuracy,
        totals.complete_match, totals.errors + totals.skips, totals.sentences, test_name,
    )


class Ending:
    """The end of a run's report: text for stdout, and the ./status text (None: no file)."""

    __slots__ = ("text", "status")

    def __init__(self, text: str, status: Optional[str]) -> None:
        self.text = text
        self.status = status


def ending(totals: RunTotals, params: Params, flags: RunFlags, gold_name: Optional[str],
           test_name: Optional[str]) -> Ending:
    """evalb's summary, or evalb_spmrl's variants of it (``-V``, ``-L``, ``-l``, ./status)."""
    variant = params.variant
    if flags.compact:
        chosen = totals.all if flags.compact == "L" else totals.short
        return Ending(compact_line(chosen, str(test_name)), None)
    title = "=== Summary ===\n"
    if flags.name_files:
        title = f"=== Summary: {gold_name}\tvs\t{test_name} ===\n"
    text = summary(totals.all, totals.short, params.cutoff_len, title)
    return Ending(text, status_text(totals.all) if variant.status_file else None)


def write_status(text: str, directory: str = ".") -> None:
    """(Re)create ./status; raises OSError when it cannot (the original then crashes)."""
    with open(os.path.join(directory, STATUS_FILE), "w", encoding="ascii", newline="") as handle:
        handle.write(text)


def skipped_gold_counter(params: Params, options: ReadOptions) -> Callable[[Tree], int]:
    """evalb_spmrl ``-X``: the gold bracket count of a sentence whose test line has no word.

    As the original counts it: every gold bracket enclosing at least one word (or left
    unclosed by a read error) adds 1 plus the number of DELETE_LABEL entries whose cut value
    differs from its cut label (under spmrl.prm: 5 for a wrapper, 6 for any other bracket).
    The figure has no meaning of its own; legacy mode reproduces it, JP mode does not.
    """
    cut_at = params.variant.cut_at
    entries = [cut_label(entry, cut_at) for entry in params.delete_labels]

    def count(gold: Tree) -> int:
        total = 0
        for bracket in all_brackets(gold, options):
            if bracket[0] != bracket[1]:
                label = cut_label(bracket[2], cut_at)
                total += 1 + sum(1 for entry in entries if entry != label)
        return total

    return count


def scored_gold_counter(table, options: ReadOptions) -> Callable[[Tree], int]:
    """JP mode's ``-X``: a sentence without a parse counts the gold brackets scoring keeps
    (recall drops by exactly what was not parsed)."""
    from .brackets import survivors

    return lambda gold: len(survivors(all_brackets(gold, options), table))


def djam_line(line: str) -> str:
    """The stderr line evalb_spmrl prints just before ``More than two elements in a
    bracket``: ``debug djam: q= `` and the rest of the input line from the character after the
    first word of the offending bracket, then a newline."""
    for m in _TOKEN.finditer(line):
        label, space, word, close, before_open = m.group(1, 2, 3, 4, 5)
        if label is not None and space is not None and close is None and before_open is None:
            return "debug djam: q= " + line[m.end(3):] + "\n"
    return "debug djam: q= \n"
