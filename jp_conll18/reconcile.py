"""Reconciliation of one aligned sentence block: the gold file's characters under the
system's annotations.

Used by JP mode (``jp.py``) once the two character streams disagree. The tokens of the
block are grouped with ``jp_align.align_words``; groups whose raw characters agree are merged
back (see ``_raw_resynchronized``). Then, on copies of the sentences (inputs are never
modified):

* a group whose texts agree up to normalization (any token counts): the gold characters are
  cut where the system cuts its tokens, so each system token gets gold characters and offsets
  (re-tokenization is left to the original's scoring);
* a group whose characters differ, with as many tokens on each side: system token k takes
  gold token k's characters and offsets;
* a group whose characters differ with unequal token counts (an added or dropped morpheme,
  ``au`` vs ``a le``): the words of the group on each side become one multi-word-token region
  spanning the gold group's characters, with FORMs normalized, so the original's LCS inside
  multi-word tokens pairs the words that correspond; the system's tokens there count in the
  Tokens totals but never match.
"""
from __future__ import annotations

from typing import List, NamedTuple, Optional

from .model import DEPS, FORM, Sentence, UDSpan, UDWord


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

    def __init__(self, keep: bool = False, audit=None):
        self.keep = keep
        self.audit = audit  # a jp_shims.AlignmentAudit counting (recording) every aligned block
        self.entries: List[Reconciliation] = []
        self.unaligned_gold = 0      # sentences that never re-synchronized, per side
        self.unaligned_system = 0

    def add(self, entry: Reconciliation) -> None:
        if self.keep:
            self.entries.append(entry)

    def add_unaligned(self, entry: Reconciliation, gold_sentences: int, system_sentences: int) -> None:
        self.add(entry)
        self.unaligned_gold += gold_sentences
        self.unaligned_system += system_sentences


def clone_sentence(sentence: Sentence, shift: int = 0) -> Sentence:
    """A copy with its own spans, words and links; offsets moved by ``shift``."""
    spans = {}
    tokens = []
    for token in sentence.tokens:
        token_copy = UDSpan(token.start + shift, token.end + shift)
        spans[id(token)] = token_copy
        tokens.append(token_copy)
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
        edges = word.columns[DEPS]
        if edges and not isinstance(edges, str):
            # Resolved enhanced edges (the current UD scorer): heads follow the copy, so the
            # scoring maps them through the alignment like basic heads. A head outside the
            # sentence (a negative DEPS head) or without a word (0, None) stays as it is.
            copy.columns[DEPS] = [(copies.get(id(head), head), steps) for head, steps in edges]
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


def flatten(sentences: List[Sentence], attribute: str) -> list:
    """One attribute list of every sentence, concatenated (tokens, forms, lines...)."""
    return [value for s in sentences for value in getattr(s, attribute)]


def reconcile_block(gold: List[Sentence], system: List[Sentence], normalizer,
                    log: Optional[ReconcileLog] = None, sentence_rule: str = "") -> tuple:
    """Copies of one aligned sentence block, in the gold file's character offsets, ready for
    the original scoring: (gold sentences, system sentences)."""
    from jp_align import EXACT, MISMATCH, align_words

    gold_forms = flatten(gold, "token_forms")
    system_forms = flatten(system, "token_forms")
    if "".join(gold_forms) == "".join(system_forms):
        # Same characters (the usual block once a file has diverged somewhere before):
        # only the offsets move to the gold's.
        shift = gold[0].span.start - system[0].span.start
        return gold, (system if shift == 0 else [clone_sentence(s, shift) for s in system])
    groups = _raw_resynchronized(align_words(gold_forms, system_forms, normalizer=normalizer),
                                 gold_forms, system_forms)
    unequal_cloned = False  # gold is copied only when a region must change its words
    system = [clone_sentence(s) for s in system]
    gold_tokens = flatten(gold, "tokens")
    gold_lines = flatten(gold, "token_lines")
    system_tokens = flatten(system, "tokens")
    system_lines = flatten(system, "token_lines")
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
