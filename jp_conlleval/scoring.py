"""conlleval's counting (spec §4) and its scores (§5.1, §5.4), sacrebleu style: statistics
are counted line by line (per sentence if wanted) and added up; :func:`scores` is the one
function from statistics to numbers.

A line is a pair ``(gold_tag, guess_tag)`` of byte strings, or :data:`BOUNDARY` (an empty or
``-X-`` line): it closes chunks like an ``O O`` line but is not a token. The counter keeps
conlleval's state between lines (the previous tags and a pending match), so feeding a file
sentence by sentence gives the same totals as feeding it at once.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby
from typing import Dict, Final, Iterable, Iterator, List, Optional, Sequence, Tuple

from .tags import Tag, chunk_ends, chunk_starts, split_tag

Line = Optional[Tuple[bytes, bytes]]
BOUNDARY: Final = None  # the Line between two sentences (Final: ``is not BOUNDARY`` narrows a Line)
_QUIET = (False, False)  # (a chunk ends, one starts)


@dataclass
class Statistics:
    """conlleval's counters; additive (``a + b``)."""

    tokens: int = 0
    correct_tags: int = 0
    found_gold: int = 0
    found_guess: int = 0
    correct_chunks: int = 0
    gold_by_type: Dict[bytes, int] = field(default_factory=dict)
    guess_by_type: Dict[bytes, int] = field(default_factory=dict)
    correct_by_type: Dict[bytes, int] = field(default_factory=dict)

    def add(self, other: "Statistics") -> "Statistics":
        """Add ``other`` into this one (in place) and return it."""
        self.tokens += other.tokens
        self.correct_tags += other.correct_tags
        self.found_gold += other.found_gold
        self.found_guess += other.found_guess
        self.correct_chunks += other.correct_chunks
        for mine, theirs in ((self.gold_by_type, other.gold_by_type),
                             (self.guess_by_type, other.guess_by_type),
                             (self.correct_by_type, other.correct_by_type)):
            for kind, count in theirs.items():
                mine[kind] = mine.get(kind, 0) + count
        return self

    def __add__(self, other: "Statistics") -> "Statistics":
        return Statistics().add(self).add(other)


class ChunkCounter:
    """Counts lines into :class:`Statistics` exactly as conlleval does (§4.2)."""

    def __init__(self) -> None:
        self._tags: Dict[bytes, Tag] = {}
        # (previous tag, current tag) -> (a chunk ends before current, one starts at it)
        self._transitions: Dict[Tuple[bytes, bytes], Tuple[bool, bool]] = {}
        self._previous_gold = b"O"
        self._previous_guess = b"O"
        self._pending = False

    @property
    def state(self) -> Tuple[bytes, bytes, bool]:
        """What carries over to the next line: the previous tags and a pending match."""
        return self._previous_gold, self._previous_guess, self._pending

    @state.setter
    def state(self, value: Tuple[bytes, bytes, bool]) -> None:
        self._previous_gold, self._previous_guess, self._pending = value

    def _transition(self, previous: bytes, current: bytes) -> Tuple[bool, bool]:
        a, b = self._tag(previous), self._tag(current)
        result = (chunk_ends(a, b), chunk_starts(a, b))
        self._transitions[previous, current] = result
        return result

    def _tag(self, tag: bytes) -> Tag:
        parsed = self._tags.get(tag)
        if parsed is None:
            parsed = self._tags[tag] = split_tag(tag)
        return parsed

    def count(self, lines: Iterable[Line], stats: Statistics) -> Statistics:
        """Count ``lines`` into ``stats`` (returned); the state carries over to the next call."""
        tags, transitions = self._tags, self._transitions
        gold_by_type, guess_by_type = stats.gold_by_type, stats.guess_by_type
        correct_by_type = stats.correct_by_type
        previous_gold, previous_guess, pending = self._previous_gold, self._previous_guess, self._pending
        tokens = correct_tags = found_gold = found_guess = correct_chunks = 0
        # Runs of equal lines (mostly "O O") are taken at once: after its first line, a run of
        # a tag that neither starts nor ends a chunk after itself only adds tokens.
        for line, run in groupby(lines):
            times = len(list(run))
            if line is None:
                gold = guess = b"O"
            else:
                gold, guess = line
            gold_tag = tags.get(gold) or self._tag(gold)
            guess_tag = tags.get(guess) or self._tag(guess)
            gold_type, guess_type = gold_tag[1], guess_tag[1]
            while True:
                gold_ends, gold_starts = (transitions.get((previous_gold, gold))
                                          or self._transition(previous_gold, gold))
                guess_ends, guess_starts = (transitions.get((previous_guess, guess))
                                            or self._transition(previous_guess, guess))
                if pending:
                    previous_type = tags[previous_gold][1]
                    if gold_ends and guess_ends and previous_type == tags[previous_guess][1]:
                        pending = False
                        correct_chunks += 1
                        correct_by_type[previous_type] = correct_by_type.get(previous_type, 0) + 1
                    elif gold_ends != guess_ends or gold_type != guess_type:
                        pending = False
                if gold_starts:
                    found_gold += 1
                    gold_by_type[gold_type] = gold_by_type.get(gold_type, 0) + 1
                    if guess_starts and gold_type == guess_type:
                        pending = True
                if guess_starts:
                    found_guess += 1
                    guess_by_type[guess_type] = guess_by_type.get(guess_type, 0) + 1
                if line is not None:
                    tokens += 1
                    if gold_tag == guess_tag:
                        correct_tags += 1
                previous_gold, previous_guess = gold, guess
                times -= 1
                if not times:
                    break
                if ((transitions.get((gold, gold)) or self._transition(gold, gold)) == _QUIET
                        and (transitions.get((guess, guess)) or self._transition(guess, guess)) == _QUIET):
                    if line is not None:
                        tokens += times
                        if gold_tag == guess_tag:
                            correct_tags += times
                    break
        self._previous_gold, self._previous_guess, self._pending = previous_gold, previous_guess, pending
        stats.tokens += tokens
        stats.correct_tags += correct_tags
        stats.found_gold += found_gold
        stats.found_guess += found_guess
        stats.correct_chunks += correct_chunks
        return stats

    def finish(self, stats: Statistics) -> Statistics:
        """End of input: a match still pending is confirmed (credited to the last gold type)."""
        if self._pending:
            self._pending = False
            kind = self._tag(self._previous_gold)[1]
            stats.correct_chunks += 1
            stats.correct_by_type[kind] = stats.correct_by_type.get(kind, 0) + 1
        return stats


def count_lines(lines: Iterable[Line]) -> Statistics:
    """conlleval's statistics of a whole input."""
    counter = ChunkCounter()
    return counter.finish(counter.count(lines, Statistics()))


def sentence_statistics(sentences: Iterable[Sequence[Line]]) -> Iterator[Statistics]:
    """Statistics of each sentence (its lines, boundaries included), counted with the state
    of the lines before it; the end-of-input confirmation goes to the last sentence. Their
    sum is :func:`count_lines` of all lines."""
    counter = ChunkCounter()
    held: Optional[Statistics] = None
    for lines in sentences:
        if held is not None:
            yield held
        held = counter.count(lines, Statistics())
    yield counter.finish(held if held is not None else Statistics())


# --- from statistics to scores ---------------------------------------------------------------

@dataclass(frozen=True)
class Score:
    """Precision, recall and F (percentages, unrounded) of one type or overall."""

    precision: float
    recall: float
    fb1: float
    found_guess: int
    found_gold: int
    correct: int


@dataclass(frozen=True)
class Scores:
    tokens: int
    accuracy: float  # 0.0 when there is no token (conlleval then prints no accuracy line)
    overall: Score
    by_type: Dict[bytes, Score]


def _score(correct: int, guessed: int, gold: int) -> Score:
    # (100*a)/b and 2PR/(P+R) as conlleval computes them; every ratio guarded against zero.
    precision = 100 * correct / guessed if guessed else 0.0
    recall = 100 * correct / gold if gold else 0.0
    fb1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return Score(precision, recall, fb1, guessed, gold, correct)


def scores(stats: Statistics) -> Scores:
    """The numbers conlleval prints for ``stats``."""
    accuracy = 100 * stats.correct_tags / stats.tokens if stats.tokens else 0.0
    kinds = set(stats.gold_by_type) | set(stats.guess_by_type)
    by_type = {kind: _score(stats.correct_by_type.get(kind, 0), stats.guess_by_type.get(kind, 0),
                            stats.gold_by_type.get(kind, 0)) for kind in sorted(kinds)}
    overall = _score(stats.correct_chunks, stats.found_guess, stats.found_gold)
    return Scores(stats.tokens, accuracy, overall, by_type)


def listed_types(stats: Statistics) -> List[bytes]:
    """The types of the report in conlleval's order: byte order, each once, except the empty
    type, listed twice when chunks of it were found in both columns (§5.2)."""
    names = sorted(list(stats.gold_by_type) + list(stats.guess_by_type))
    listed: List[bytes] = []
    previous = b""
    for name in names:
        if not previous or name != previous:  # an empty previous name counts as none
            listed.append(name)
        previous = name
    return listed


def scores_document(statistics, unrepresentable: Sequence = ()) -> dict:
    """The ``scores`` of the JSON document: conlleval's figures (and the chunks JP mode could
    not place on the gold tokens)."""
    from jp_shims import encodings

    result = scores(statistics)
    overall = result.overall
    return {
        "tokens": statistics.tokens, "accuracy": result.accuracy,
        "found_gold": statistics.found_gold, "found_guess": statistics.found_guess,
        "correct": statistics.correct_chunks,
        "precision": overall.precision, "recall": overall.recall, "fb1": overall.fb1,
        "types": {encodings.readable_bytes(kind): {
            "precision": s.precision, "recall": s.recall, "fb1": s.fb1, "found_guess": s.found_guess,
            "found_gold": s.found_gold} for kind, s in result.by_type.items()},
        "unrepresentable": [str(chunk) for chunk in unrepresentable],
    }
