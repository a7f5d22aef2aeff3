"""One stretch of the two files that ends where both end a sentence block, scored as JP mode
scores: both columns read, the system's chunks placed on the gold tokens, the merged lines
conlleval would read (the whole files are one such stretch; JP mode on files streams many).

The counting is left to the caller, with one :class:`~jp_conlleval.scoring.ChunkCounter`
carried from stretch to stretch: conlleval's state crosses sentence breaks.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain, islice, repeat
from operator import sub
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from jp_shims.config import AlignConfig

from .projection import GoldText, Projection, Unrepresentable, project_chunks
from .reader import Options
from .scoring import BOUNDARY, Line, Statistics
from .tagged import TaggedFile, column_tags, read_chunks
from .tags import OUTSIDE, chunk_ends, split_tag


@dataclass
class Window:
    gold: TaggedFile
    system: TaggedFile
    gold_tags: List[bytes]  # as scored (after -r/--scheme)
    system_tags: List[bytes]
    projection: Projection
    system_chunks: int
    same: bool  # same tokens and sentence breaks: conlleval reads the system's own tags
    loose: Tuple[int, int] = (0, 0)  # --scheme: (gold, system) chunks as conlleval reads them
    _guess: Optional[List[bytes]] = None

    @property
    def placed_tags(self) -> List[bytes]:
        """Per gold token: the placed system chunks in IOB2."""
        if self._guess is None:
            guess = [b"O"] * len(self.gold_tags)
            for chunk, first, last in self.projection.chunks:
                guess[first] = b"B-" + chunk.kind
                if last > first:
                    guess[first + 1:last + 1] = [b"I-" + chunk.kind] * (last - first)
            self._guess = guess
        return self._guess

    @property
    def guess_tags(self) -> List[bytes]:
        """The guess column scored: the system's own tags where the tokens are the same."""
        return self.system_tags if self.same else self.placed_tags

    def lines(self, guess: Optional[List[bytes]] = None) -> Iterator[Line]:
        return merged_lines(self.gold_tags, self.guess_tags if guess is None else guess, self.gold.breaks,
                            self.gold.ends_with_break)

    def sentences(self, guess: Optional[List[bytes]] = None) -> Iterator[List[Line]]:
        """Each gold sentence's lines, its boundary last (none after the last when the gold
        file ends on a token line)."""
        gold_tags, guess = self.gold_tags, self.guess_tags if guess is None else guess
        return sentence_lines(gold_tags, guess, self.gold.breaks, self.gold.ends_with_break)

    def extra(self) -> Dict[int, Statistics]:
        """Per gold sentence: what the unrepresentable chunks add to the placed column. (Where
        the tokens are the same, the system's own tags are scored as conlleval reads them:
        nothing was placed, and nothing is added.)"""
        return unrepresentable_statistics(self.projection.unrepresentable, self.gold_tags, self.placed_tags, self.gold)


def place(gold: TaggedFile, system: TaggedFile, options: Options, scheme: Optional[str], config: AlignConfig,
          blocks: Optional[List] = None, cut: bool = False, same_text: bool = False) -> Optional[Window]:
    """Both columns read and the system's chunks placed (``blocks``: see
    :func:`~jp_conlleval.projection.project_chunks`). With ``cut`` (the files go on after
    this stretch), None where a chunk still open at its end would go on past the sentence
    break (a tag conlleval never closes there, such as ``.-X``): the stretch must grow.
    ``same_text``: the two hold the same characters (known already)."""
    gold_tags = column_tags(gold, options, scheme)
    system_tags = column_tags(system, options, scheme)
    system_chunks = read_chunks(system_tags, system.breaks)
    if cut and _open_past_end(system_chunks, system_tags):
        return None
    loose = (0, 0)
    if scheme is not None:
        gold_loose, system_loose = column_tags(gold, options), column_tags(system, options)
        gold_read, system_read = read_chunks(gold_loose, gold.breaks), read_chunks(system_loose, system.breaks)
        if cut and (_open_past_end(gold_read, gold_loose) or _open_past_end(system_read, system_loose)):
            return None
        loose = (len(gold_read), len(system_read))
    projection = project_chunks(gold, system, system_chunks, one_token=options.raw, config=config, blocks=blocks,
                                 same_text=same_text)
    same = gold.breaks == system.breaks and gold.words == system.words
    return Window(gold, system, gold_tags, system_tags, projection, len(system_chunks), same, loose)


def _open_past_end(chunks: Sequence, tags: Sequence[bytes]) -> bool:
    # A chunk ending on the last token was closed by the end of input; a sentence break
    # would have closed it too unless conlleval's rules keep it open there.
    return bool(chunks) and chunks[-1].last == len(tags) - 1 and not chunk_ends(split_tag(tags[-1]), OUTSIDE)


def merged_lines(gold_tags: List[bytes], guess_tags: List[bytes], breaks: List[int],
                 ends_with_break: bool = True) -> Iterator[Line]:
    """The merged file conlleval would read: the two columns, an empty line after each
    sentence (after the last only with ``ends_with_break``: the gold file's last line is a
    break); counted, the same statistics. (An empty line after an ``O O`` line changes
    nothing, as another ``O O`` line would not, and it is no token: it is left out, so that
    the counter takes the ``O O`` lines around it as one run.)"""
    outside = b"O"
    boundaries = [() if gold_tags[end - 1] == outside and guess_tags[end - 1] == outside else (BOUNDARY,)
                  for end in islice(breaks, 1, None)]
    if boundaries and not ends_with_break:
        boundaries[-1] = ()
    # (Built of iterators only: no Python step per sentence.)
    tag_pairs = zip(gold_tags, guess_tags)
    sentences = map(islice, repeat(tag_pairs), map(sub, islice(breaks, 1, None), breaks))
    return chain.from_iterable(chain.from_iterable(zip(sentences, boundaries)))


def sentence_lines(gold_tags: List[bytes], guess_tags: List[bytes], breaks: List[int],
                   ends_with_break: bool = True) -> Iterator[List[Line]]:
    """:func:`merged_lines` per gold sentence, each with its boundary (all of them kept)."""
    last = len(breaks) - 2
    return ([*zip(gold_tags[a:b], guess_tags[a:b]), *((BOUNDARY,) if ends_with_break or k < last else ())]
            for k, (a, b) in enumerate(zip(breaks, breaks[1:])))


def unrepresentable_statistics(chunks: Sequence[Unrepresentable], gold_tags: List[bytes],
                               guess_tags: List[bytes], gold: TaggedFile) -> Dict[int, Statistics]:
    """Per gold sentence (where it starts), each chunk is one more found chunk that matches
    nothing; the gold tokens it overlaps that no placed chunk covers take its tag for the
    accuracy (which is over gold tokens)."""
    extra: Dict[int, Statistics] = {}
    if not chunks:
        return extra
    sentence_of = GoldText(gold).sentence_of
    accuracy_tags = {}
    for chunk in chunks:
        kind = chunk.kind.encode("utf-8", "surrogateescape")
        stats = extra.setdefault(sentence_of(chunk.gold_tokens.start), Statistics())
        stats.found_guess += 1
        stats.guess_by_type[kind] = stats.guess_by_type.get(kind, 0) + 1
        for token in chunk.gold_tokens:
            if guess_tags[token] == b"O" and token not in accuracy_tags:
                accuracy_tags[token] = (b"B-" if token == chunk.gold_tokens.start else b"I-") + kind
    for token, tag in accuracy_tags.items():
        change = (split_tag(gold_tags[token]) == split_tag(tag)) - (split_tag(gold_tags[token]) == split_tag(b"O"))
        if change:
            stats = extra.setdefault(sentence_of(token), Statistics())
            stats.correct_tags += change
    return extra
