"""System chunks re-expressed on the gold tokens (spec §10.2).

Both files hold the same text. Sentences are aligned with :func:`jp_align.align_sentences`
(words with :func:`jp_align.align_words` where a block's texts agree only after
normalization); every system token boundary is thereby placed in the gold text's character
coordinates. A system chunk is *representable* when it starts at the start of a gold token and
ends at the end of a gold token of the same gold sentence (with ``-r``: of the same gold
token); it is then the gold tokens it covers. Any other chunk is listed with its reason.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from jp_align import EXACT, NORMALIZED, align_sentences, align_words
from jp_align.normalize import raw_text

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
        return f"system chunk [{' '.join((self.kind, *self.words))}] {self.reason}"

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.text}"


class GoldText:
    """The gold tokens in the coordinates of the gold's space-free characters."""

    def __init__(self, gold: TaggedFile) -> None:
        self.words: List[str] = []
        self.sentence_of: List[int] = []
        self.starts: List[int] = []  # character offset of each token
        position = 0
        for number, sentence in enumerate(gold.sentences):
            for token in sentence:
                self.words.append(token.word)
                self.sentence_of.append(number)
                self.starts.append(position)
                position += len(raw_text([token.word]))
        self.length = position
        self.token_at_start: Dict[int, int] = {}
        self.token_at_end: Dict[int, int] = {}
        ends = self.starts[1:] + [position]
        for index, (start, end) in enumerate(zip(self.starts, ends)):
            self.token_at_start.setdefault(start, index)
            self.token_at_end[end] = index

    def token_containing(self, position: int) -> int:
        return max(0, bisect_right(self.starts, position) - 1)


def _texts(file: TaggedFile) -> List[List[str]]:
    return [[token.word for token in sentence] for sentence in file.sentences]


def _offsets(sentences: Sequence[Sequence[str]]) -> List[List[int]]:
    """Per sentence, the character offset of each token and of the sentence end."""
    out, position = [], 0
    for words in sentences:
        row = []
        for word in words:
            row.append(position)
            position += len(raw_text([word]))
        row.append(position)
        out.append(row)
    return out


def _divergence(gold: TaggedFile, system: TaggedFile, left: range, right: range) -> FileInputError:
    """Where the system text stops being the gold text, inside one block."""
    gold_tokens = [t for i in left for t in gold.sentences[i]]
    system_tokens = [t for j in right for t in system.sentences[j]]
    g_text = "".join(raw_text([t.word]) for t in gold_tokens)
    s_text = "".join(raw_text([t.word]) for t in system_tokens)
    common = 0
    limit = min(len(g_text), len(s_text))
    while common < limit and g_text[common] == s_text[common]:
        common += 1

    def token_at(tokens, position):
        for token in tokens:
            position -= len(raw_text([token.word]))
            if position < 0:
                return token
        return tokens[-1] if tokens else None

    g_token, s_token = token_at(gold_tokens, common), token_at(system_tokens, common)
    where = f"gold {gold.name}:{g_token.line} {g_token.word!r}" if g_token else f"the end of {gold.name}"
    line = s_token.line if s_token else (system_tokens[-1].line if system_tokens else 0)
    said = repr(s_token.word) if s_token else "the end of the sentence"
    return FileInputError(system.name, f"the system text stops matching the gold text here: {said} vs {where}",
                          line)


def system_positions(gold: TaggedFile, system: TaggedFile) -> Tuple[List[Optional[int]], List[Optional[int]], int]:
    """For every system token, the gold character offsets of its start and its end (None
    where it falls inside a stretch the two sides spell differently), and the number of
    sentence blocks. Raises :class:`FileInputError` where the texts stop matching."""
    gold_words, system_words = _texts(gold), _texts(system)
    gold_offsets, system_offsets = _offsets(gold_words), _offsets(system_words)
    starts: List[Optional[int]] = []
    ends: List[Optional[int]] = []
    blocks = align_sentences(gold_words, system_words)
    for block in blocks:
        if not block.left or not block.right:
            raise _divergence(gold, system, block.left, block.right)
        g_start = gold_offsets[block.left.start][0]
        s_start = system_offsets[block.right.start][0]
        g_end = gold_offsets[block.left.stop - 1][-1]
        s_end = system_offsets[block.right.stop - 1][-1]
        if block.kind == EXACT and g_end - g_start == s_end - s_start:
            shift = g_start - s_start
            for j in block.right:
                row = system_offsets[j]
                starts.extend(p + shift for p in row[:-1])
                ends.extend(p + shift for p in row[1:])
        elif block.kind == NORMALIZED:
            _map_words(gold_words, system_words, block.left, block.right, g_start, starts, ends)
        else:
            raise _divergence(gold, system, block.left, block.right)
    return starts, ends, len(blocks)


def _map_words(gold_words, system_words, left: range, right: range, g_start: int,
               starts: List[Optional[int]], ends: List[Optional[int]]) -> None:
    """A block whose texts agree after normalization: word groups share their edges; inside
    a group the offsets carry over only where its raw characters are the same."""
    g_tokens = [w for i in left for w in gold_words[i]]
    s_tokens = [w for j in right for w in system_words[j]]
    g_pos = g_start
    g_lengths = [len(raw_text([w])) for w in g_tokens]
    s_lengths = [len(raw_text([w])) for w in s_tokens]
    for group in align_words(g_tokens, s_tokens):
        g_len = sum(g_lengths[i] for i in group.left)
        same = raw_text(g_tokens[i] for i in group.left) == raw_text(s_tokens[j] for j in group.right)
        position = g_pos
        last = group.right.stop - 1
        for j in group.right:
            first_in_group, last_in_group = j == group.right.start, j == last
            starts.append(position if same or first_in_group else None)
            position += s_lengths[j]
            ends.append(position if same else (g_pos + g_len if last_in_group else None))
        g_pos += g_len


@dataclass(frozen=True)
class Projection:
    """The system's chunks on the gold tokens."""

    chunks: List[Tuple[Chunk, int, int]]  # (chunk, first gold token, last gold token)
    unrepresentable: List[Unrepresentable]
    blocks: int


def project_chunks(gold: TaggedFile, system: TaggedFile, chunks: Sequence[Chunk], *,
                   one_token: bool = False) -> Projection:
    """Place ``chunks`` (read from ``system``) on the gold tokens; ``one_token``: ``-r``,
    where a chunk must be exactly one gold token."""
    text = GoldText(gold)
    starts, ends, blocks = system_positions(gold, system)
    system_tokens = [token for sentence in system.sentences for token in sentence]
    placed: List[Tuple[Chunk, int, int]] = []
    rejected: List[Unrepresentable] = []
    for chunk in chunks:
        start, end = starts[chunk.first], ends[chunk.last]
        first = text.token_at_start.get(start) if start is not None else None
        last = text.token_at_end.get(end) if end is not None else None
        reason = _reason(text, start, end, first, last, one_token)
        if reason is None:
            placed.append((chunk, first, last))
            continue
        lo = text.token_containing(start if start is not None else _nearest(starts, chunk.first))
        hi = text.token_containing(max(0, (end if end is not None else _nearest(ends, chunk.last, True)) - 1))
        tokens = system_tokens[chunk.first:chunk.last + 1]
        rejected.append(Unrepresentable(
            chunk.kind.decode("utf-8", "surrogateescape"), tuple(t.word for t in tokens),
            system.name, tokens[0].line, reason, range(lo, max(lo, hi) + 1)))
    return Projection(placed, rejected, blocks)


def _nearest(positions: Sequence[Optional[int]], index: int, forward: bool = False) -> int:
    """The nearest known offset around an unknown one (for the gold tokens a chunk overlaps)."""
    step = 1 if forward else -1
    while 0 <= index < len(positions) and positions[index] is None:
        index += step
    return positions[index] if 0 <= index < len(positions) else 0


def _reason(text: GoldText, start: Optional[int], end: Optional[int], first: Optional[int],
            last: Optional[int], one_token: bool) -> Optional[str]:
    def inside(position: Optional[int], at_end: bool) -> str:
        if position is None:
            return "where the two texts are spelled differently"
        token = text.token_containing(position - 1 if at_end else position)
        return f"inside the gold token {text.words[token]!r}"

    if first is None and last is None:
        where_start, where_end = inside(start, False), inside(end, True)
        if where_start == where_end:
            return f"starts and ends {where_start}"
        return f"starts {where_start} and ends {where_end}"
    if first is None:
        return f"starts {inside(start, False)}"
    if last is None:
        return f"ends {inside(end, True)}"
    if text.sentence_of[first] != text.sentence_of[last]:
        return "crosses a gold sentence boundary"
    if one_token and last != first:
        return f"covers {last - first + 1} gold tokens (-r: one-token chunks only)"
    return None
