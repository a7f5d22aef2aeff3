"""JP mode: put the gold file's characters under the system's annotations, then score.

Used only once the two character streams disagree (``stream.evaluate_streams`` hands over the
rest of both files). Sentences are aligned with ``jp_align.iter_align_sentences`` and the
tokens of each aligned block with ``jp_align.align_words``. Then, on copies of the sentences
(inputs are never modified):

* a word group with as many tokens on each side: system token k takes gold token k's
  characters and offsets (and, for a plain token, its word takes the gold FORM);
* a group of unequal size (an added or dropped morpheme, ``cannot`` vs ``can not``...): the
  words of the group on each side become one multi-word-token region spanning the gold
  group's characters, with FORMs compared after normalization, so the original's LCS inside
  multi-word tokens pairs the words that correspond; the system's tokens there count in the
  Tokens totals but never match;
* sentences that never re-synchronize (an ``unaligned`` block) are scored as unmatched on
  both sides.

The scoring itself is the original's (``scoring.py``), unchanged.
"""
from __future__ import annotations

from itertools import chain
from typing import Callable, List, NamedTuple, Optional

from .model import FORM, Sentence, UDError, UDSpan, UDWord
from .scoring import Counts
from .stream import SideReader, score_block


class Reconciliation(NamedTuple):
    """One place where system characters were reconciled (for ``--show-alignment``)."""

    gold_line: int
    system_line: int
    gold_text: str
    system_text: str
    rule: str


class ReconcileLog:
    """What one evaluation reconciled: counts always, the places themselves only when asked
    for (``keep``), so memory does not grow with the number of differences otherwise."""

    def __init__(self, keep: bool = False):
        self.keep = keep
        self.entries: List[Reconciliation] = []
        self.places = 0
        self.unaligned_gold = 0      # sentences that never re-synchronized, per side
        self.unaligned_system = 0
        self.first_unaligned: Optional[tuple] = None  # (gold line, system line)

    def add(self, entry: Reconciliation) -> None:
        self.places += 1
        if self.keep:
            self.entries.append(entry)

    def add_unaligned(self, entry: Reconciliation, gold_sentences: int, system_sentences: int) -> None:
        self.add(entry)
        self.unaligned_gold += gold_sentences
        self.unaligned_system += system_sentences
        if self.first_unaligned is None:
            self.first_unaligned = (entry.gold_line, entry.system_line)


def clone_sentence(sentence: Sentence, shift: int = 0) -> Sentence:
    """A copy with its own spans, words and links; offsets moved by ``shift``."""
    spans = {}
    tokens = []
    for token in sentence.tokens:
        copy = UDSpan(token.start + shift, token.end + shift)
        spans[id(token)] = copy
        tokens.append(copy)
    copies = {}
    words = []
    for word in sentence.words:
        copy = UDWord(spans[id(word.span)], list(word.columns), word.is_multiword, word.line)
        copies[id(word)] = copy
        words.append(copy)
    for word, copy in zip(sentence.words, words):
        if word.parent is not None:
            copy.parent = copies[id(word.parent)]
        copy.functional_children = [copies[id(child)] for child in word.functional_children]
    span = UDSpan(sentence.span.start + shift, sentence.span.end + shift)
    return Sentence(span, tokens, list(sentence.token_forms), list(sentence.token_lines), words,
                    sentence.first_line)


def _token_words(sentences: List[Sentence]) -> List[List[UDWord]]:
    """Words of every token of the block, in order (a word shares its token's span)."""
    result = []
    for sentence in sentences:
        words = sentence.words
        w = 0
        for token in sentence.tokens:
            own = []
            while w < len(words) and words[w].span is token:
                own.append(words[w])
                w += 1
            result.append(own)
    return result


def _flat(sentences: List[Sentence], attribute: str) -> list:
    return [value for s in sentences for value in getattr(s, attribute)]


def reconcile_block(gold: List[Sentence], system: List[Sentence], normalizer,
                    log: Optional[ReconcileLog] = None, sentence_rule: str = "") -> tuple:
    """Copies of one aligned sentence block, in the gold file's character offsets, ready for
    the original scoring: (gold sentences, system sentences)."""
    from jp_align import EXACT, MISMATCH, align_words

    gold_forms = _flat(gold, "token_forms")
    system_forms = _flat(system, "token_forms")
    if "".join(gold_forms) == "".join(system_forms):
        # Same characters (the usual block once a file has diverged somewhere before):
        # only the offsets move to the gold's.
        shift = gold[0].span.start - system[0].span.start
        return gold, (system if shift == 0 else [clone_sentence(s, shift) for s in system])
    groups = _raw_resynchronized(align_words(gold_forms, system_forms, normalizer=normalizer),
                                 gold_forms, system_forms)
    unequal_cloned = False  # gold is copied only when a region must change its words
    system = [clone_sentence(s) for s in system]
    gold_tokens = _flat(gold, "tokens")
    gold_lines = _flat(gold, "token_lines")
    system_tokens = _flat(system, "tokens")
    system_lines = _flat(system, "token_lines")
    gold_words = _token_words(gold)
    system_words = _token_words(system)
    # Where each system token now sits in gold offsets, for the system sentence spans.
    starts = [0] * len(system_tokens)
    ends = [0] * len(system_tokens)
    new_forms = list(system_forms)
    detached = -1
    for group in groups:
        if group.kind != EXACT and log is not None:
            log.add(Reconciliation(
                gold_lines[group.left[0]], system_lines[group.right[0]],
                " ".join(gold_forms[i] for i in group.left), " ".join(system_forms[j] for j in group.right),
                _rule(group, sentence_rule)))
        if group.kind != MISMATCH:
            # Same characters up to normalization: cut the gold characters where the system
            # cuts its tokens (sizes may differ: the original scores re-tokenization itself).
            cuts = _system_cuts(group, gold_forms, system_forms, gold_tokens, normalizer)
            if cuts is not None:
                text = "".join(gold_forms[i] for i in group.left)
                base = gold_tokens[group.left[0]].start
                for j, (start, end) in zip(group.right, cuts):
                    _place_token(text[start - base:end - base], start, end, system_tokens[j],
                                 system_words[j], [w for i in group.left for w in gold_words[i]], normalizer)
                    new_forms[j] = text[start - base:end - base]
                    starts[j], ends[j] = start, end
                continue
        elif len(group.left) == len(group.right):
            # Characters differ but the token counts agree: token k takes gold token k.
            for i, j in zip(group.left, group.right):
                token = gold_tokens[i]
                _place_token(gold_forms[i], token.start, token.end, system_tokens[j], system_words[j],
                             gold_words[i], normalizer)
                new_forms[j] = gold_forms[i]
                starts[j], ends[j] = token.start, token.end
            continue
        if not unequal_cloned:
            gold = [clone_sentence(s) for s in gold]
            gold_words = _token_words(gold)
            unequal_cloned = True
        region_start = gold_tokens[group.left[0]].start
        region_end = gold_tokens[group.left[-1]].end
        region = UDSpan(region_start, region_end)
        for i in group.left:
            _join_region(gold_words[i], region, normalizer)
        for j in group.right:
            _join_region(system_words[j], region, normalizer)
            # The token keeps counting in the totals, at an offset no gold token has.
            system_tokens[j].start, system_tokens[j].end = detached, detached
            detached -= 1
            starts[j], ends[j] = region_start, region_end
    k = 0
    for sentence in system:
        n = len(sentence.tokens)
        sentence.token_forms = new_forms[k:k + n]
        if n:
            sentence.span = UDSpan(starts[k], ends[k + n - 1])
        k += n
    return gold, system


RAW_LOOKAHEAD = 4  # groups merged at most, to find the same raw characters again


def _raw_resynchronized(groups: list, gold_forms: List[str], system_forms: List[str]) -> list:
    """Groups whose raw characters agree, merged back where normalization split them apart.

    The exception table maps whole tokens, so one tokenization can be mapped while another of
    the same characters is not (gold ``not`` reads ``n't``, a system's ``no`` + ``t`` does
    not): word alignment then sees a difference where the characters are identical. Where
    the raw texts of a few consecutive groups agree, they are one exact group.
    """
    from jp_align import EXACT, Block

    result = []
    i = 0
    while i < len(groups):
        gold_text = system_text = ""
        merged = None
        for j in range(i, min(i + RAW_LOOKAHEAD, len(groups))):
            gold_text += "".join(gold_forms[k] for k in groups[j].left)
            system_text += "".join(system_forms[k] for k in groups[j].right)
            if gold_text == system_text:
                merged = j
                break
        if merged is None or groups[i].kind == EXACT and merged == i:
            result.append(groups[i])
            i += 1
            continue
        result.append(Block(range(groups[i].left.start, groups[merged].left.stop),
                            range(groups[i].right.start, groups[merged].right.stop), EXACT, ""))
        i = merged + 1
    return result


def _system_cuts(group, gold_forms: List[str], system_forms: List[str], gold_tokens: List[UDSpan],
                 normalizer) -> Optional[List[tuple]]:
    """Gold-offset (start, end) of each system token of a group whose normalized texts are
    equal, or None when a cut cannot be placed inside the gold characters."""
    start = gold_tokens[group.left[0]].start
    if "".join(gold_forms[i] for i in group.left) == "".join(system_forms[j] for j in group.right):
        cuts = []
        for j in group.right:  # same raw characters: the system's own cuts
            cuts.append((start, start + len(system_forms[j])))
            start += len(system_forms[j])
        return cuts
    # Normalized offset -> raw gold offset, exact at gold token boundaries and
    # proportional inside a gold token whose normalization changed its length.
    gold_norm = [normalizer.normalize(gold_forms[i]) for i in group.left]
    bounds = []  # (normalized start, raw start, normalized length, raw length) per gold token
    position = 0
    for i, norm in zip(group.left, gold_norm):
        bounds.append((position, gold_tokens[i].start, len(norm), len(gold_forms[i])))
        position += len(norm)

    def raw_offset(x: int) -> int:
        for norm_start, raw_start, norm_len, raw_len in bounds:
            if x < norm_start + norm_len or norm_len == 0 and x == norm_start:
                inside = x - norm_start
                if inside == 0:
                    return raw_start
                return raw_start + min(raw_len - 1, max(1, round(inside * raw_len / norm_len)))
        last = bounds[-1]
        return last[1] + last[3]

    cuts = []
    position = 0
    previous = raw_offset(0)
    for j in group.right:
        position += len(normalizer.normalize(system_forms[j]))
        end = raw_offset(position)
        if end <= previous:
            return None
        cuts.append((previous, end))
        previous = end
    return cuts


def _place_token(form: str, start: int, end: int, token: UDSpan, words: List[UDWord],
                 gold_words: List[UDWord], normalizer) -> None:
    """Give a system token gold characters (``form``) and offsets.

    Its words take the FORM of a gold word of the group that reads the same once normalized
    (``can`` for ``can`` against the gold words ``can`` ``not`` of ``cannot``; ``(`` for
    ``-LRB-``), because the original's LCS inside multi-word tokens compares word FORMs;
    otherwise a plain word takes the token's new characters and a word of a multi-word token
    keeps its own FORM.
    """
    token.start, token.end = start, end
    for word in words:
        own = normalizer.normalize(word.columns[FORM])
        for gold_word in gold_words:
            if normalizer.normalize(gold_word.columns[FORM]) == own:
                word.columns[FORM] = gold_word.columns[FORM]
                break
        else:
            if not word.is_multiword:
                word.columns[FORM] = form


def _join_region(words: List[UDWord], region: UDSpan, normalizer) -> None:
    for word in words:
        word.span = region
        word.is_multiword = True
        word.columns[FORM] = normalizer.normalize(word.columns[FORM])


def _rule(group, sentence_rule: str) -> str:
    rule = f"{group.kind}: {group.reason}" if group.reason else group.kind
    return f"{rule} (sentences {sentence_rule})" if sentence_rule else rule


def make_mismatch_handler(lang: str = "en", log: Optional[ReconcileLog] = None) -> Callable:
    """The ``on_mismatch`` callback of ``stream.evaluate_streams`` for JP mode."""
    from jp_align import normalizer_for

    normalizer = normalizer_for(lang)

    def handle(gold_buf: List[Sentence], system_buf: List[Sentence], gold: SideReader,
               system: SideReader) -> Counts:
        # "Cannot be aligned at all" only applies when nothing was scored before the difference.
        from_start = not gold_buf or gold_buf[0].span.start == 0
        return score_reconciled(chain(gold_buf, gold), chain(system_buf, system), normalizer, log,
                                gold_path=gold.path, system_path=system.path, require_alignment=from_start)

    return handle


def score_reconciled(gold, system, normalizer, log: Optional[ReconcileLog] = None, *,
                     gold_path: Optional[str] = None, system_path: Optional[str] = None,
                     require_alignment: bool = True) -> Counts:
    """Counts of two sentence streams whose characters disagree somewhere. With
    ``require_alignment``, texts of which no sentence aligns are an error (UDError)."""
    from jp_align import SIMILAR, iter_align_sentences

    counts = Counts()
    pending = _PendingBlocks()
    aligned_any = False
    first_unaligned = None
    for block, gold_sentences, system_sentences in iter_align_sentences(
            gold, system, tokens=_token_forms, normalizer=normalizer):
        if not block.aligned or not gold_sentences or not system_sentences:
            if first_unaligned is None and gold_sentences and system_sentences:
                first_unaligned = (gold_sentences[0].first_line, system_sentences[0].first_line)
            if log is not None:
                log.add_unaligned(Reconciliation(
                    gold_sentences[0].first_line if gold_sentences else 0,
                    system_sentences[0].first_line if system_sentences else 0,
                    " ".join(_flat(gold_sentences, "token_forms"))[:80],
                    " ".join(_flat(system_sentences, "token_forms"))[:80],
                    f"unaligned: {block.reason}"), len(gold_sentences), len(system_sentences))
            pending.flush(counts)
            score_block(gold_sentences, [], counts)
            score_block([], system_sentences, counts)
            continue
        aligned_any = True
        sentence_rule = block.reason if block.kind == SIMILAR else ""
        gold_copy, system_copy = reconcile_block(gold_sentences, system_sentences, normalizer,
                                                 log, sentence_rule)
        pending.add(gold_copy, system_copy, counts)
    pending.flush(counts)
    if require_alignment and not aligned_any and first_unaligned is not None:
        raise UDError("the gold and system texts cannot be aligned: they diverge at gold line {} and "
                      "system line {}{}".format(first_unaligned[0], first_unaligned[1],
                                                 f" of {system_path}" if system_path else ""),
                      gold_path, first_unaligned[0])
    return counts


class _PendingBlocks:
    """Reconciled sentence blocks waiting to be scored. As in ``stream.evaluate_streams``,
    a block is scored once the original's word walk ends on both sides together, so the
    result is the one the original gives on the whole restored file; a run of blocks that
    never ends cleanly is scored as one after ``limit`` sentences, to bound memory."""

    def __init__(self, limit: int = 256):
        self.limit = limit
        self.gold: List[Sentence] = []
        self.system: List[Sentence] = []

    def add(self, gold: List[Sentence], system: List[Sentence], counts: Counts) -> None:
        self.gold.extend(gold)
        self.system.extend(system)
        whole = len(self.gold) + len(self.system) >= self.limit
        if score_block(self.gold, self.system, counts, whole=whole) is not None:
            self.gold, self.system = [], []

    def flush(self, counts: Counts) -> None:
        if self.gold or self.system:
            score_block(self.gold, self.system, counts)
            self.gold, self.system = [], []


def _token_forms(sentence: Sentence) -> List[str]:
    return sentence.token_forms


def format_reconciliations(entries: List[Reconciliation], gold_path: str, system_path: str) -> str:
    """One tab-separated line per reconciliation: gold place, system place, the two texts,
    the rule that matched."""
    lines = [f"{gold_path}:{r.gold_line}\t{system_path}:{r.system_line}\t{r.gold_text}\t{r.system_text}\t{r.rule}\n"
             for r in entries]
    return "".join(lines)
