"""JP mode on two files, streamed: the files are read in parts (:mod:`jp_conlleval.pieces`),
cut into stretches that end where both sides end a sentence block, and each stretch is placed
(:mod:`jp_conlleval.window`) and counted; only running counts stay (and, on request, three
counts per gold sentence for significance).

While the two texts agree character for character, a stretch ends at a sentence end both
sides share: the blocks jp_align would make there (m:n where the sentence breaks differ) are
found from the offsets alone. From the first place they differ on, the rest is aligned by
:func:`jp_align.sentences.iter_align_sentences` and cut between two exact blocks, so that a
chunk in text the two sides spell differently is placed as in the whole files (by the
nearest aligned token before and after it).

conlleval's counter carries its state from one stretch to the next. Where the two files have
the same tokens and sentence breaks conlleval reads the system's own tags, elsewhere its
chunks re-expressed on the gold tokens (IOB2): which one is known at the end only, so both
are counted while every stretch so far has the same tokens (once, where the two columns are
the same).
"""
from __future__ import annotations

from itertools import accumulate
from typing import Callable, Iterator, List, Optional, Tuple

from jp_align.kinds import EXACT, NORMALIZED
from jp_align.normalize import raw_text

from jp_shims.config import AlignConfig

from .figures import Figures
from .pieces import SIZE, join, sentences, split_at
from .projection import divergence
from .reader import Options
from .scoring import ChunkCounter, Statistics
from .tagged import TaggedFile
from .window import Window, place

# Called with every stretch scored: the stretch and its statistics per gold sentence (when
# asked for).
OnWindow = Callable[[Window, Optional[List[Statistics]]], None]


class _Side:
    """One file's parts as they are read; ``pending`` holds the sentences not scored yet."""

    def __init__(self, parts: Iterator[TaggedFile]) -> None:
        self._parts = parts
        self._ahead = next(parts, None)  # (read one part ahead: whether the file goes on is known)
        self.pending: Optional[TaggedFile] = None
        self.text = ""  # the pending sentences' space-free text
        self._ends: Optional[dict] = None
        self.cr_lines = 0

    @property
    def ended(self) -> bool:
        """Nothing left to pull."""
        return self._ahead is None

    def next_part(self) -> Optional[TaggedFile]:
        part = self._ahead
        if part is not None:
            self.cr_lines += part.cr_lines
            self._ahead = next(self._parts, None)
        return part

    def pull(self) -> bool:
        part = self.next_part()
        if part is not None:
            self.pending = part if self.pending is None else join(self.pending, part)
            self.text += raw_text(part.words)
            self._ends = None
        return part is not None

    def ends(self) -> dict:
        """Character offset of each pending sentence end -> the number of sentences up to it."""
        if self._ends is None:
            assert self.pending is not None
            offsets = [0, *accumulate(self.pending.lengths)]
            breaks = self.pending.breaks
            self._ends = dict(zip(map(offsets.__getitem__, breaks[1:]), range(1, len(breaks))))
        return self._ends

    def split(self, sentence: int) -> Tuple[TaggedFile, Optional[TaggedFile]]:
        """The pending sentences before ``sentence``, and the rest (None: nothing)."""
        pending = self.pending
        assert pending is not None
        return (pending, None) if sentence == pending.sentence_count else split_at(pending, sentence)

    def keep(self, rest: Optional[TaggedFile], offset: int) -> None:
        """Only ``rest`` (from character ``offset`` on) stays pending."""
        self.pending = rest
        self.text = self.text[offset:]
        self._ends = None

    def items(self) -> Iterator[Tuple[TaggedFile, int]]:
        """Every sentence not scored yet, as ``(part, index)``, reading on to the end."""
        part, self.pending, self.text, self._ends = self.pending, None, "", None
        while part is not None:
            yield from ((part, k) for k in range(part.sentence_count))
            part = self.next_part()


class _Tally:
    """conlleval's running count of one guess column."""

    def __init__(self, vectors: bool) -> None:
        self.counter = ChunkCounter()
        self.statistics = Statistics()
        self.vectors: Optional[List[List[int]]] = [] if vectors else None  # per gold sentence

    def count(self, window: Window, guess: List[bytes], extra: dict,
              per_sentence: bool) -> Tuple[Statistics, Optional[List[Statistics]]]:
        """Count a stretch with ``guess`` as its guess column: its total, and its statistics
        per gold sentence when asked for (or kept for significance)."""
        counted = None
        if not per_sentence and self.vectors is None:
            total = self.counter.count(window.lines(guess), Statistics())
            for stats in extra.values():
                total.add(stats)
        else:
            counted = [self.counter.count(lines, Statistics()) for lines in window.sentences(guess)]
            for number, stats in extra.items():
                counted[number].add(stats)
            total = Statistics()
            for stats in counted:
                total.add(stats)
        self.add(total, counted, self.counter.state)
        return total, counted

    def add(self, total: Statistics, counted: Optional[List[Statistics]], state: tuple) -> None:
        """Take a stretch counted already (by another tally in the same state)."""
        self.statistics.add(total)
        if self.vectors is not None:
            assert counted is not None
            self.vectors.extend([s.correct_chunks, s.found_guess, s.found_gold] for s in counted)
        self.counter.state = state

    def finish(self) -> None:
        before = self.statistics.correct_chunks
        self.counter.finish(self.statistics)
        if self.vectors and self.statistics.correct_chunks > before:
            self.vectors[-1][0] += 1  # (the match confirmed at the end is the last sentence's)


class Streamed(Figures):
    """The figures of a streamed run, and the per-gold-sentence counts (correct, found, gold)
    of significance when asked for. (The ``gold_tokens`` of its unrepresentable chunks count
    from the start of their stretch.)"""

    vectors: Optional[List[List[int]]] = None


class _Run:
    """One streamed run: the two sides, the tallies and what the note needs."""

    def __init__(self, gold: Iterator[TaggedFile], system: Iterator[TaggedFile], options: Options,
                 scheme: Optional[str], config: AlignConfig, on_window: Optional[OnWindow], per_sentence: bool,
                 vectors: bool, size: int) -> None:
        self.gold, self.system = _Side(gold), _Side(system)
        self.options, self.scheme, self.config = options, scheme, config
        self.on_window, self.per_sentence, self.size = on_window, per_sentence, size
        self.placed = _Tally(vectors)
        self.own: Optional[_Tally] = _Tally(vectors)  # the system's own tags, while the tokens are the same
        self.unrepresentable: list = []
        self.gold_sentences = self.system_sentences = self.system_chunks = 0
        self.loose = [0, 0]
        self.aligned = 0  # stretches or blocks whose texts are the same (after normalization)
        self.blocks = 0  # blocks of jp_align's walk (where the texts differ somewhere)
        self.names = ("gold", "system")

    # --- the two texts agree: stretches cut at shared sentence ends --------------------------

    def run(self) -> Streamed:
        if self._agreeing():
            self._aligning()
        tally = self.own if self.own is not None else self.placed
        tally.finish()
        unrepresentable = self.unrepresentable if self.own is None else []
        result = Streamed(tally.statistics, unrepresentable, self.options, self.scheme, self.gold_sentences,
                          self.system_sentences, self.system_chunks, self.blocks, self.own is not None,
                          (self.loose[0], self.loose[1]), (self.gold.cr_lines, self.system.cr_lines), self.names)
        result.vectors = tally.vectors
        return result

    def _agreeing(self) -> bool:
        """Score stretches while the texts agree; True when the rest must be aligned."""
        gold, system = self.gold, self.system
        while True:
            if gold.pending is None:
                gold.pull()
            if system.pending is None:
                system.pull()
            if gold.pending is None or system.pending is None:
                # One side has nothing left: what the other has is aligned (one-sided).
                return gold.pending is not None or system.pending is not None
            g, s = gold.pending, system.pending
            assert g is not None and s is not None
            self.names = (g.name, s.name)
            g_text, s_text = gold.text, system.text
            agree = _agreeing_characters(g_text, s_text)
            ends = _shared_ends(gold.ends(), system.ends(), agree)
            differ = agree < min(len(g_text), len(s_text))
            final = not differ and len(g_text) == len(s_text) and gold.ended and system.ended
            if not final:
                # The last block stays for the next stretch: an exact block before text
                # that differs places what follows it, as in the whole files.
                if len(ends) < 2:
                    side = (gold if len(g_text) < len(s_text) else system) if len(g_text) != len(s_text) \
                        else (system if gold.ended else gold)
                    if differ or not side.pull():
                        return True
                    continue
                ends.pop()
            offset, g_end, s_end = ends[-1]
            last = gold.ended and system.ended and g_end == g.sentence_count and s_end == s.sentence_count
            (g_head, g_rest), (s_head, s_rest) = gold.split(g_end), system.split(s_end)
            window = place(g_head, s_head, self.options, self.scheme, self.config, same_text=True, cut=not last)
            if window is None:  # a chunk stays open past the cut: grow
                if not (gold.pull() | system.pull()):
                    return True
                continue
            gold.keep(g_rest, offset)
            system.keep(s_rest, offset)
            self.aligned += 1
            self._score(window)
            if last:
                return False

    # --- the texts differ: jp_align's walk, cut between exact blocks --------------------------

    def _aligning(self) -> None:
        from jp_align.sentences import iter_align_sentences

        def tokens(item: Tuple[TaggedFile, int]) -> List[str]:
            part, k = item
            return part.words[part.breaks[k]:part.breaks[k + 1]]

        walk = iter_align_sentences(self.gold.items(), self.system.items(), tokens=tokens,
                                    **self.config.sentence_options())
        batch: list = []  # (block, gold items, system items)
        tokens_held = 0
        for block, gold_items, system_items in walk:
            self.blocks += 1
            if block.left and block.right and block.kind in (EXACT, NORMALIZED):
                self.aligned += 1
            if (batch and tokens_held >= self.size and block.kind == EXACT and batch[-1][0].kind == EXACT):
                if self._score_batch(batch, cut=True):
                    batch, tokens_held = [], 0
            batch.append((block, gold_items, system_items))
            tokens_held += sum(len(tokens(item)) for item in gold_items)
        if batch and not self.aligned:
            # Nothing of the system text is the gold text: not a system output for this gold
            # (the batch is then the whole of both files).
            gold, system, _ = self._batch_window(batch)
            raise divergence(gold, system, 0, 0)
        if batch:
            self._score_batch(batch, cut=False)

    def _batch_window(self, batch: list) -> Tuple[TaggedFile, TaggedFile, list]:
        gold_start = batch[0][0].left.start
        system_start = batch[0][0].right.start
        gold = _gather([item for _, items, _ in batch for item in items])
        system = _gather([item for _, _, items in batch for item in items])
        blocks = [block._replace(left=range(block.left.start - gold_start, block.left.stop - gold_start),
                                 right=range(block.right.start - system_start, block.right.stop - system_start))
                  for block, _, _ in batch]
        return gold, system, blocks

    def _score_batch(self, batch: list, cut: bool) -> bool:
        gold, system, blocks = self._batch_window(batch)
        window = place(gold, system, self.options, self.scheme, self.config, blocks=blocks, cut=cut)
        if window is None:
            return False
        self._score(window)
        return True

    # --- counting ------------------------------------------------------------------------------

    def _score(self, window: Window) -> None:
        projection = window.projection
        extra = window.extra()
        own, placed = self.own, self.placed
        if not window.same:
            self.own = own = None
        shared = (own is not None and not extra and window.placed_tags == window.system_tags
                  and own.counter.state == placed.counter.state)
        total, counted = placed.count(window, window.placed_tags, extra, self.per_sentence)
        if own is not None:
            if shared:  # (the two columns are the same: counted once)
                own.add(total, counted, placed.counter.state)
            else:  # (the system's own tags, as conlleval reads them: nothing placed, nothing added)
                own.count(window, window.system_tags, {}, False)
        self.unrepresentable.extend(projection.unrepresentable)
        if self.on_window is not None:
            self.on_window(window, counted)
        self.gold_sentences += window.gold.sentence_count
        self.system_sentences += window.system.sentence_count
        self.system_chunks += window.system_chunks
        self.loose[0] += window.loose[0]
        self.loose[1] += window.loose[1]


def _agreeing_characters(a: str, b: str) -> int:
    """How many characters the two texts share from their start."""
    shorter = min(len(a), len(b))
    if (a.startswith(b) if len(b) == shorter else b.startswith(a)):
        return shorter
    low, high = 0, shorter  # a[:low] == b[:low], a[:high] != b[:high]
    while high - low > 1:
        middle = (low + high) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle
    return low


def _shared_ends(gold_ends: dict, system_ends: dict, limit: int) -> List[Tuple[int, int, int]]:
    """``(offset, gold sentences, system sentences)`` at each character offset at most
    ``limit`` where both sides end a sentence, in order."""
    return [(offset, gold_ends[offset], system_ends[offset])
            for offset in sorted(gold_ends.keys() & system_ends.keys()) if offset <= limit]


def _gather(items: List[Tuple[TaggedFile, int]]) -> TaggedFile:
    """Consecutive sentences, given as ``(part, index)``, as one part."""
    gathered: Optional[TaggedFile] = None
    start = 0
    for position, (part, k) in enumerate(items):
        ends_run = position + 1 == len(items) or items[position + 1][0] is not part
        if ends_run:
            piece = sentences(part, items[start][1], k + 1)
            gathered = piece if gathered is None else join(gathered, piece)
            start = position + 1
    assert gathered is not None
    return gathered


def evaluate_stream(gold: Iterator[TaggedFile], system: Iterator[TaggedFile], options: Options,
                    scheme: Optional[str] = None, config: Optional[AlignConfig] = None, *,
                    on_window: Optional[OnWindow] = None, per_sentence: bool = False, vectors: bool = False,
                    size: int = SIZE) -> Streamed:
    """Score two files given as their parts (:func:`~jp_conlleval.pieces.read_pieces`)."""
    return _Run(gold, system, options, scheme, config or AlignConfig(), on_window, per_sentence, vectors,
                size // 8).run()
