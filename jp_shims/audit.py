"""What JP mode changed, block by block: records, the summary by kind, the listing, the note.

A *block* is one scoring unit of JP mode: one or more gold sentences and one or more system
sentences aligned together. Every block gets exactly one kind (:data:`KINDS`):

* ``exact`` -- one sentence each side, same text, same tokens: scored as the original does;
* ``retokenized`` -- one sentence each side, same text, tokens split differently (edits,
  brackets or words were re-indexed onto the other side's tokens);
* ``normalized`` / ``similar`` / ``mismatch`` -- one sentence each side whose texts differ
  (equal after the exception table / below the distance threshold / paired by position);
* ``merged`` -- m:n sentences aligned together (any text match);
* ``unaligned`` -- sentences that never re-synchronized (or a side left alone at the end).

Only ``exact`` blocks leave the original's figures untouched; every other kind is listed by
``--show-alignment``, counted in the summary and announced by the stderr note.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping, NamedTuple, Optional, Sequence

if TYPE_CHECKING:
    from .records import BlockRecord, Lines

# The kinds of a block, the figure type and the text cutting live in jp_shims.kinds (shared
# with jp_shims.records, which this module imports lazily: no import circle).
from .kinds import (  # noqa: E402
    EXACT, KINDS, MERGED, MISMATCH, RETOKENIZED, TEXT_LIMIT, UNALIGNED, Figure, short,
)

__all__ = ["AlignmentAudit", "Summary", "block_kind", "format_listing", "format_record", "format_summary",
           "iter_kinds", "note_line"]


def block_kind(match: str, gold_sentences: int, system_sentences: int, retokenized: bool = False) -> str:
    """The kind of a block from jp_align's kind of its sentence texts (``match``), its shape,
    and whether the tokens of a 1:1 block differ."""
    if match == UNALIGNED or gold_sentences == 0 or system_sentences == 0:
        return UNALIGNED
    if gold_sentences != 1 or system_sentences != 1:
        return MERGED
    if match != EXACT:
        return match if match in KINDS else MISMATCH
    return RETOKENIZED if retokenized else EXACT


class Summary(NamedTuple):
    """Blocks counted by kind (every kind present, zeros included) and sentences per side.

    (A named tuple, not a dataclass: tools build one on every run, and the dataclasses
    module costs more to import than a short run of a tool.)"""

    blocks: int
    gold_sentences: int
    system_sentences: int
    kinds: Mapping[str, int]

    @property
    def changed(self) -> int:
        """Blocks whose scoring JP mode changed: all but the exact ones."""
        return self.blocks - self.kinds.get(EXACT, 0)

    def describe(self) -> str:
        """``3 of 120 blocks changed (merged 1, retokenized 2)``."""
        counts = ", ".join(f"{kind} {self.kinds[kind]}" for kind in KINDS
                           if kind != EXACT and self.kinds.get(kind))
        return f"{self.changed} of {self.blocks} blocks changed" + (f" ({counts})" if counts else "")

    def as_dict(self) -> dict:
        return {
            "blocks": self.blocks,
            "changed": self.changed,
            "gold_sentences": self.gold_sentences,
            "system_sentences": self.system_sentences,
            "kinds": {kind: self.kinds.get(kind, 0) for kind in KINDS},
        }


class AlignmentAudit:
    """Collects the blocks of one run.

    Every block is counted; records are kept only with ``keep`` (``--show-alignment``,
    ``--json --show-alignment``, ``--report``), and exact blocks never, so memory stays flat
    on lined-up input. A tool that can skip building a record checks :attr:`keep` and calls
    :meth:`count` instead of :meth:`add`.
    """

    def __init__(self, gold_file: str, system_file: str, *, keep: bool = False) -> None:
        self.gold_file = gold_file
        self.system_file = system_file
        self.keep = keep
        self.records: list[BlockRecord] = []
        self._kinds = dict.fromkeys(KINDS, 0)
        self._blocks = 0
        self._gold = 0
        self._system = 0
        # Text that never re-synchronized (blocks of kind ``unaligned``): gold sentences
        # missed, system sentences spurious, and the first such block's places (--strict).
        self.unaligned_gold = 0
        self.unaligned_system = 0
        self.first_unaligned: Optional[tuple] = None  # (gold Lines or None, system Lines or None)

    def count(self, kind: str, gold_sentences: int = 1, system_sentences: int = 1, blocks: int = 1,
              where: Optional[tuple] = None) -> None:
        """Count ``blocks`` blocks of ``kind`` without recording them. ``where``: the block's
        (gold Lines, system Lines), kept for the first unaligned block."""
        if kind not in self._kinds:
            raise ValueError(f"unknown block kind {kind!r}")
        if kind == UNALIGNED:
            self.unaligned_gold += gold_sentences
            self.unaligned_system += system_sentences
            if self.first_unaligned is None:
                self.first_unaligned = where if where is not None else (None, None)
        self._kinds[kind] += blocks
        self._blocks += blocks
        self._gold += gold_sentences
        self._system += system_sentences

    def add(self, record: BlockRecord, gold_sentences: Optional[int] = None,
            system_sentences: Optional[int] = None) -> None:
        """Count a block and keep its record (when keeping and not exact). Sentence counts
        default to the records' line ranges (one sentence a line)."""
        if gold_sentences is None:
            gold_sentences = 0 if record.gold is None else record.gold.last - record.gold.first + 1
        if system_sentences is None:
            system_sentences = 0 if record.system is None else record.system.last - record.system.first + 1
        self.count(record.kind, gold_sentences, system_sentences, where=(record.gold, record.system))
        if self.keep and record.kind != EXACT:
            self.records.append(record)

    def gold_lines(self, first: Optional[int], last: Optional[int] = None) -> Optional[Lines]:
        """A gold-side line range (None when the side has no sentence in the block)."""
        return _lines(self.gold_file, first, last)

    def system_lines(self, first: Optional[int], last: Optional[int] = None) -> Optional[Lines]:
        return _lines(self.system_file, first, last)

    @property
    def summary(self) -> Summary:
        return Summary(self._blocks, self._gold, self._system, dict(self._kinds))

    @property
    def changed(self) -> bool:
        return self.summary.changed > 0

    def describe_unaligned(self, gold_label: str = "gold", system_label: str = "system") -> Optional[str]:
        """``2 gold sentences missed and 1 system sentence spurious (first at g.txt:4 | s.txt:5)``,
        or None when every block aligned."""
        if not (self.unaligned_gold or self.unaligned_system):
            return None
        text = (f"{_plural(self.unaligned_gold, gold_label + ' sentence')} without a counterpart (missed) and "
                f"{_plural(self.unaligned_system, system_label + ' sentence')} without one (spurious)")
        if self.first_unaligned is not None:
            gold, system = self.first_unaligned
            if gold is not None or system is not None:
                text += f", first at {gold if gold is not None else '-'} | {system if system is not None else '-'}"
        return text


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _lines(file: str, first: Optional[int], last: Optional[int]) -> Optional[Lines]:
    if first is None or first < 1:
        return None
    from .records import Lines

    return Lines(file, first, first if last is None or last < first else last)


def format_summary(summary: Summary, labels: Sequence[str] = ("gold", "system")) -> str:
    """The listing's first line: blocks, sentences per side, blocks by kind."""
    kinds = ", ".join(f"{kind} {summary.kinds.get(kind, 0)}" for kind in KINDS)
    return (f"Alignment: {summary.blocks} blocks ({summary.gold_sentences} {labels[0]}, "
            f"{summary.system_sentences} {labels[1]} sentences): {kinds}\n")


def format_record(record: BlockRecord, labels: Sequence[str] = ("gold", "system")) -> str:
    """One block of the listing: a head line with both places, then texts, word groups,
    figures (indented)."""
    gold = "-" if record.gold is None else str(record.gold)
    system = "-" if record.system is None else str(record.system)
    head = f"[{record.kind}] {labels[0]} {gold} | {labels[1]} {system}"
    if record.match and record.match != record.kind:
        head += f" | texts {record.match}"
    if record.reason:
        head += f" | {record.reason}"
    width = max(len(labels[0]), len(labels[1]))
    lines = [head,
             f"    {labels[0]:<{width}}: {short(record.gold_text)}",
             f"    {labels[1]:<{width}}: {short(record.system_text)}"]
    if record.groups:
        lines.append("    words: " + short(" ".join(str(group) for group in record.groups), 2 * TEXT_LIMIT))
    if record.figures:
        lines.append("    figures: " + " ".join(f"{key}={_figure(value)}" for key, value in record.figures.items()))
    lines.extend(f"    {detail}" for detail in record.details)
    return "\n".join(lines) + "\n"


def _figure(value: Figure) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def format_listing(audit: AlignmentAudit, labels: Sequence[str] = ("gold", "system")) -> str:
    """The ``--show-alignment`` text: the summary line, then every recorded block."""
    return format_summary(audit.summary, labels) + "".join(format_record(r, labels) for r in audit.records)


def note_line(prog: str, summary: Summary, *, original: Optional[str], what: Optional[str] = None,
              always: bool = False,
              consequence: Optional[str] = None, signature: Optional[str] = None) -> Optional[str]:
    """The stderr note announcing that JP figures can differ from the original's, or None
    when every block is exact (then nothing is printed: inputs lined up).

    ``what`` says what happened (default: the summary's block counts), ``consequence`` what
    it means for the figures (default: they can differ from ``original``'s).
    """
    if summary.changed == 0 and not always:
        return None
    what = what or summary.describe()
    if consequence is None:
        consequence = (f"the figures can differ from {original}'s" if original
                       else "the figures count these blocks as aligned")
    hints = []
    if original:
        hints.append(f"--legacy behaves as {original}")
    hints.append("--show-alignment lists them")
    text = f"{prog}: note: {what}; {consequence} ({'; '.join(hints)})"
    if signature:
        text += f" [{signature}]"
    return " ".join(text.split("\n")) + "\n"


def iter_kinds(records: Iterable[BlockRecord]) -> dict:
    """Records counted by kind (every kind present): for summaries of a subset."""
    counts = dict.fromkeys(KINDS, 0)
    for record in records:
        counts[record.kind] += 1
    return counts
