"""System chunks re-expressed on the gold tokens (spec §10.2).

Both files hold the same text. Sentences are aligned with :func:`jp_align.align_sentences`
(words with :func:`jp_align.align_words` where a block's texts agree only after
normalization); every system token boundary is thereby placed in the gold text's character
coordinates. A system chunk is *representable* when it starts at the start of a gold token and
ends at the end of a gold token of the same gold sentence (with ``-r``: of the same gold
token); it is then the gold tokens it covers. Any other chunk is listed with its reason.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple

from jp_align.kinds import EXACT, NORMALIZED
from jp_align.normalize import raw_text

from jp_shims.config import AlignConfig
from jp_shims.encodings import quoted, readable

from .tagged import Chunk, FileInputError, TaggedFile


@dataclass(frozen=True)
class Unrepresentable:
    """A system chunk that cannot be expressed on the gold tokens."""

    kind: str
    words: Tuple[str, ...]
    file: str
    line: int        # line of its first token in the system file
    reason: str      # e.g. "ends inside the gold token 'Valdane-owned'"
    gold_tokens: range  # the gold tokens it overlaps

    @property
    def text(self) -> str:
        """``system chunk [ORG Valdane] ends inside the gold token 'Valdane-owned'``"""
        return f"system chunk [{readable(' '.join((self.kind, *self.words)))}] {self.reason}"

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.text}"


class GoldText:
    """The gold tokens in the coordinates of the gold's space-free characters."""

    def __init__(self, gold: TaggedFile) -> None:
        self.words = gold.words
        self.breaks = gold.breaks
        self.starts: List[int] = [0, *accumulate(gold.lengths)]  # offset of each token, then the end

    def token_at_start(self, position: int) -> Optional[int]:
        """The gold token starting at ``position``, or None."""
        index = bisect_left(self.starts, position)
        return index if index < len(self.words) and self.starts[index] == position else None

    def token_at_end(self, position: int) -> Optional[int]:
        """The gold token ending at ``position``, or None."""
        index = bisect_right(self.starts, position) - 1
        return index - 1 if index >= 1 and self.starts[index] == position else None

    def token_containing(self, position: int) -> int:
        return min(max(0, bisect_right(self.starts, position) - 1), len(self.words) - 1)

    def sentence_of(self, token: int) -> int:
        return bisect_right(self.breaks, token) - 1


def divergence(gold: TaggedFile, system: TaggedFile, g_start: int, s_start: int) -> FileInputError:
    """Where the system text stops being the gold text, from the first tokens of a block."""
    g_words, s_words = gold.words[g_start:g_start + 200], system.words[s_start:s_start + 200]
    g_text, s_text = raw_text(g_words), raw_text(s_words)
    common = 0
    limit = min(len(g_text), len(s_text))
    while common < limit and g_text[common] == s_text[common]:
        common += 1

    def token_at(file: TaggedFile, first: int, position: int) -> Optional[int]:
        for index in range(first, len(file.words)):
            position -= file.lengths[index]
            if position < 0:
                return index
        return None

    g, s = token_at(gold, g_start, common), token_at(system, s_start, common)
    where = f"gold {gold.name}:{gold.line_of(g)} {quoted(gold.words[g])}" if g is not None else f"the end of {gold.name}"
    said = quoted(system.words[s]) if s is not None else "the end of the file"
    line = system.line_of(s if s is not None else len(system.words) - 1)
    return FileInputError(system.name, f"the system text stops matching the gold text here: {said} vs {where}",
                          line)


_UNKNOWN = (None, None)  # a system token in text the gold does not share: no position
DEFAULT = AlignConfig()


class SystemPositions:
    """Where each system token starts and ends in the gold's character coordinates (None
    inside a stretch the two sides spell differently): one shift per sentence block, explicit
    offsets only in blocks aligned word by word."""

    def __init__(self, gold: TaggedFile, system: TaggedFile, gold_text: "GoldText",
                 config: AlignConfig = DEFAULT, blocks: Optional[List] = None, same_text: bool = False) -> None:
        self.changed: List = []  # jp_align blocks whose chunks were re-expressed (merged, normalized)
        self.diverged: List = []  # blocks whose texts differ or have one side only
        self._s_offsets = [0, *accumulate(system.lengths)]
        self._block_first: List[int] = []  # first system token of each block
        self._shift: List[Optional[int]] = []  # gold minus system offset; None: see _explicit
        self._explicit: dict = {}  # system token -> (start, end), in word-aligned blocks
        g_breaks, s_breaks, s_offsets = gold.breaks, system.breaks, self._s_offsets
        g_offsets = gold_text.starts
        if same_text or blocks is None and g_offsets[-1] == s_offsets[-1] and "".join(gold.words) == "".join(system.words):
            # The same characters throughout (words hold no whitespace here): the sentence
            # alignment would make every block exact, with the offsets unchanged; its blocks
            # end where both sides end a sentence at the same character.
            self._block_first, self._shift = [0], [0]
            self.changed = _merged_blocks([g_offsets[b] for b in g_breaks], [s_offsets[b] for b in s_breaks])
            self.blocks = 0
            return
        whole = blocks is None  # (given blocks: a part of the files, aligned as they were read)
        if blocks is None:
            from jp_align.sentences import align_sentences  # (its distance functions load rapidfuzz)

            blocks = align_sentences(gold.sentence_words(), system.sentence_words(), **config.sentence_options())
        for block in blocks:
            g_first, s_first = g_breaks[block.left.start], s_breaks[block.right.start]
            g_last, s_last = g_breaks[block.left.stop], s_breaks[block.right.stop]
            g_start, s_start = g_offsets[g_first], s_offsets[s_first]
            if not block.left or not block.right:
                # Text of one side only: gold chunks there stay unmatched (missed), system
                # chunks cannot be placed (spurious).
                self.diverged.append(block)
                if block.right:
                    self._block_first.append(s_first)
                    self._shift.append(None)
                continue
            self._block_first.append(s_first)
            if block.kind == EXACT and g_offsets[g_last] - g_start == s_offsets[s_last] - s_start:
                self._shift.append(g_start - s_start)
                if len(block.left) != 1 or len(block.right) != 1:
                    self.changed.append(block)
            elif block.kind == NORMALIZED:
                self._shift.append(None)
                self.changed.append(block)
                _map_words(gold, system, range(g_first, g_last), range(s_first, s_last), g_start,
                           self._explicit)
            else:
                # Texts that differ (similar, mismatch, unaligned): no system position is known
                # there, so its chunks are not placed; the gold's stay unmatched.
                self._shift.append(None)
                self.diverged.append(block)
        if whole and blocks and len(self.diverged) == len(blocks):
            # Nothing of the system text is the gold text: not a system output for this gold.
            raise divergence(gold, system, 0, 0)
        self.blocks = len(blocks)  # 0: not aligned, the texts are the same throughout

    def _block_shift(self, token: int) -> Optional[int]:
        return self._shift[bisect_right(self._block_first, token) - 1]

    def start(self, token: int) -> Optional[int]:
        shift = self._block_shift(token)
        return self._s_offsets[token] + shift if shift is not None else self._explicit.get(token, _UNKNOWN)[0]

    def end(self, token: int) -> Optional[int]:
        shift = self._block_shift(token)
        return self._s_offsets[token + 1] + shift if shift is not None else self._explicit.get(token, _UNKNOWN)[1]

    def nearest_start(self, token: int) -> int:
        """The start of ``token`` or, when unknown, of the nearest token before it."""
        while token > 0 and self.start(token) is None:
            token -= 1
        return self.start(token) or 0

    def nearest_end(self, token: int) -> int:
        """The end of ``token`` or, when unknown, of the nearest token after it."""
        while token + 1 < len(self._s_offsets) - 1 and self.end(token) is None:
            token += 1
        return self.end(token) or 0


def _merged_blocks(gold_bounds: List[int], system_bounds: List[int]) -> List:
    """The m:n blocks of two segmentations of one text, from the character offsets where
    each side's sentences start (then its end): a block closes where both sides close a
    sentence. One walk over both lists; 1:1 blocks are left out."""
    from jp_align.blocks import Block

    blocks = []
    i = j = 0  # sentence index of each side where the current block starts
    a = b = 1
    while a < len(gold_bounds) and b < len(system_bounds):
        if gold_bounds[a] == system_bounds[b]:
            if a - i != 1 or b - j != 1:
                blocks.append(Block(range(i, a), range(j, b), EXACT))
            i, j = a, b
            a, b = a + 1, b + 1
        elif gold_bounds[a] < system_bounds[b]:
            a += 1
        else:
            b += 1
    return blocks


def _map_words(gold: TaggedFile, system: TaggedFile, left: range, right: range, g_start: int,
               explicit: dict) -> None:
    """A block whose texts agree after normalization: word groups share their edges; inside
    a group the offsets carry over only where its raw characters are the same."""
    from jp_align.words import align_words

    g_tokens, s_tokens = gold.words[left.start:left.stop], system.words[right.start:right.stop]
    g_lengths = gold.lengths[left.start:left.stop]
    s_lengths = system.lengths[right.start:right.stop]
    g_pos = g_start
    for group in align_words(g_tokens, s_tokens):
        g_len = sum(g_lengths[i] for i in group.left)
        same = raw_text(g_tokens[i] for i in group.left) == raw_text(s_tokens[j] for j in group.right)
        position = g_pos
        last = group.right.stop - 1
        for j in group.right:
            start = position if same or j == group.right.start else None
            position += s_lengths[j]
            end = position if same else (g_pos + g_len if j == last else None)
            explicit[right.start + j] = (start, end)
        g_pos += g_len


@dataclass(frozen=True)
class Projection:
    """The system's chunks on the gold tokens."""

    chunks: List[Tuple[Chunk, int, int]]  # (chunk, first gold token, last gold token)
    unrepresentable: List[Unrepresentable]
    blocks: int
    changed: Tuple = ()  # jp_align blocks re-expressed (merged or normalized)
    diverged: Tuple = ()  # jp_align blocks whose texts differ or have one side only


def project_chunks(gold: TaggedFile, system: TaggedFile, chunks: Sequence[Chunk], *,
                   one_token: bool = False, config: AlignConfig = DEFAULT,
                   blocks: Optional[List] = None, same_text: bool = False) -> Projection:
    """Place ``chunks`` (read from ``system``) on the gold tokens; ``one_token``: ``-r``,
    where a chunk must be exactly one gold token. ``blocks``: the sentence blocks of the two
    (None: aligned here, and a system none of whose text is the gold text is an error);
    ``same_text``: the two hold the same characters (known already)."""
    text = GoldText(gold)
    positions = SystemPositions(gold, system, text, config, blocks, same_text)
    placed: List[Tuple[Chunk, int, int]] = []
    rejected: List[Unrepresentable] = []
    for chunk in chunks:
        start, end = positions.start(chunk.first), positions.end(chunk.last)
        first = text.token_at_start(start) if start is not None else None
        last = text.token_at_end(end) if end is not None else None
        reason = _reason(text, start, end, first, last, one_token)
        if reason is None:
            if TYPE_CHECKING:  # _reason names a chunk end without its token: no check at run time
                assert first is not None and last is not None
            placed.append((chunk, first, last))
            continue
        lo = text.token_containing(start if start is not None else positions.nearest_start(chunk.first))
        hi = text.token_containing(max(0, (end if end is not None else positions.nearest_end(chunk.last)) - 1))
        rejected.append(Unrepresentable(
            chunk.kind.decode("utf-8", "surrogateescape"), tuple(system.words[chunk.first:chunk.last + 1]),
            system.name, system.line_of(chunk.first), reason, range(lo, max(lo, hi) + 1)))
    return Projection(placed, rejected, positions.blocks, tuple(positions.changed), tuple(positions.diverged))


def _reason(text: GoldText, start: Optional[int], end: Optional[int], first: Optional[int],
            last: Optional[int], one_token: bool) -> Optional[str]:
    def inside(position: Optional[int], at_end: bool) -> str:
        if position is None:
            return "where the two texts differ"
        token = text.token_containing(position - 1 if at_end else position)
        return f"inside the gold token {quoted(text.words[token])}"

    if first is None and last is None:
        where_start, where_end = inside(start, False), inside(end, True)
        if where_start == where_end:
            return f"starts and ends {where_start}"
        return f"starts {where_start} and ends {where_end}"
    if first is None:
        return f"starts {inside(start, False)}"
    if last is None:
        return f"ends {inside(end, True)}"
    if text.sentence_of(first) != text.sentence_of(last):
        return "crosses a gold sentence boundary"
    if one_token and last != first:
        return f"covers {last - first + 1} gold tokens (-r: one-token chunks only)"
    return None
