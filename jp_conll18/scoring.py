"""The one scoring implementation: word alignment and metric counts of conll18_ud_eval 1.2.

Legacy and JP mode both call ``align_words`` and ``count_block``; JP mode only changes the
sentences it passes in. Counts are additive, so a file can be scored block by block (see
``stream.py``) and summed, which gives the original's numbers without holding the file.
"""
from __future__ import annotations

from typing import Optional, Sequence

from .enhanced import count_enhanced
from .model import DEPREL, DEPS, ENHANCED_METRICS, FEATS, FORM, LEMMA, METRICS, UPOS, XPOS, Score, UDWord

# Index of each metric's four counters in a ``Counts`` row: correct, gold, system, aligned.
CORRECT, GOLD, SYSTEM, ALIGNED = range(4)


class Counts:
    """Additive counters for every metric (aligned is None for Tokens, Sentences, Words, and
    for ELAS and EULAS).

    ``blocks``: when a list, every scored block is appended to it as ``(gold sentences,
    the block's own Counts)`` (the paired significance tests resample blocks), and
    with a ``breakdown`` of groups as ``(gold sentences, Counts, the block's own breakdowns)``.
    ``enhanced``: count ELAS/EULAS too (words carry resolved DEPS, as the current UD scorer's
    reader leaves them).
    ``breakdown``: a ``breakdown.Breakdown`` that every scored block is added to (shared by
    the Counts of one run, never summed by ``add``).
    """

    __slots__ = ("rows", "blocks", "enhanced", "breakdown")

    def __init__(self, blocks: Optional[list] = None, enhanced: bool = False, breakdown=None) -> None:
        self.rows = {metric: [0, 0, 0, 0] for metric in ENHANCED_METRICS}
        self.blocks = blocks
        self.enhanced = enhanced
        self.breakdown = breakdown

    def add(self, other: "Counts") -> None:
        for metric, row in other.rows.items():
            mine = self.rows[metric]
            for k in range(4):
                mine[k] += row[k]

    def scores(self) -> dict:
        """The original's ``evaluate`` result: metric name -> ``Score`` (the current UD
        scorer's fifteen metrics when ``enhanced``, conll18's thirteen otherwise)."""
        result = {}
        for metric in ENHANCED_METRICS if self.enhanced else METRICS:
            correct, gold, system, aligned = self.rows[metric]
            if metric in ("Tokens", "Sentences", "Words", "ELAS", "EULAS"):
                result[metric] = Score(gold, system, correct)
            else:
                result[metric] = Score(gold, system, correct, aligned)
        return result


def spans_correct(gold_spans: Sequence, system_spans: Sequence) -> int:
    """Number of gold spans matched exactly by a system span (walk by start offset)."""
    correct = gi = si = 0
    n_gold, n_system = len(gold_spans), len(system_spans)
    while gi < n_gold and si < n_system:
        g, s = gold_spans[gi], system_spans[si]
        if s.start < g.start:
            si += 1
        elif g.start < s.start:
            gi += 1
        else:
            correct += g.end == s.end
            gi += 1
            si += 1
    return correct


def _beyond_end(words: Sequence[UDWord], i: int, end: int) -> bool:
    if i >= len(words):
        return True
    word = words[i]
    if word.is_multiword:
        return word.span.start >= end
    return word.span.end > end


def _multiword_span(gold: Sequence[UDWord], system: Sequence[UDWord], gi: int, si: int) -> tuple:
    """The minimal region around a multi-word token: (gs, ss, gi, si) as in the original."""
    if gold[gi].is_multiword:
        end = gold[gi].span.end
        if not system[si].is_multiword and system[si].span.start < gold[gi].span.start:
            si += 1
    else:
        end = system[si].span.end
        if not gold[gi].is_multiword and gold[gi].span.start < system[si].span.start:
            gi += 1
    gs, ss = gi, si
    n_gold, n_system = len(gold), len(system)
    while not _beyond_end(gold, gi, end) or not _beyond_end(system, si, end):
        if gi < n_gold and (si >= n_system or gold[gi].span.start <= system[si].span.start):
            word = gold[gi]
            gi += 1
        else:
            word = system[si]
            si += 1
        if word.is_multiword and word.span.end > end:
            end = word.span.end
    return gs, ss, gi, si


def _align_by_lcs(gold: Sequence[UDWord], system: Sequence[UDWord], pairs: list) -> None:
    """Align words of one multi-word region by LCS of lower-cased FORMs (the original's
    table and backtrace, including its tie-breaking)."""
    g_forms = [w.columns[FORM].lower() for w in gold]
    s_forms = [w.columns[FORM].lower() for w in system]
    n, m = len(g_forms), len(s_forms)
    lcs = [[0] * (m + 1) for _ in range(n + 1)]  # padded: row n and column m stay 0
    for g in range(n - 1, -1, -1):
        row, below = lcs[g], lcs[g + 1]
        form = g_forms[g]
        for s in range(m - 1, -1, -1):
            best = below[s + 1] + 1 if form == s_forms[s] else 0
            if below[s] > best:
                best = below[s]
            if row[s + 1] > best:
                best = row[s + 1]
            row[s] = best
    g = s = 0
    while g < n and s < m:
        if g_forms[g] == s_forms[s]:
            pairs.append((gold[g], system[s]))
            g += 1
            s += 1
        elif lcs[g][s] == lcs[g + 1][s]:
            g += 1
        else:
            s += 1


def align_words(gold: Sequence[UDWord], system: Sequence[UDWord]) -> tuple:
    """Word alignment of the original: returns (pairs, gi, si) where ``pairs`` lists
    (gold word, system word) and gi/si are where the walk stopped (both at the ends when the
    last words of both sides were consumed together)."""
    pairs: list = []
    gi = si = 0
    n_gold, n_system = len(gold), len(system)
    while gi < n_gold and si < n_system:
        g, s = gold[gi], system[si]
        if g.is_multiword or s.is_multiword:
            gs, ss, gi, si = _multiword_span(gold, system, gi, si)
            if si > ss and gi > gs:
                _align_by_lcs(gold[gs:gi], system[ss:si], pairs)
        else:
            gspan, sspan = g.span, s.span
            if gspan.start == sspan.start and gspan.end == sspan.end:
                pairs.append((g, s))
                gi += 1
                si += 1
            elif gspan.start <= sspan.start:
                gi += 1
            else:
                si += 1
    return pairs, gi, si


_NOT_ALIGNED = object()


def count_alignment(gold: Sequence[UDWord], system: Sequence[UDWord], pairs: list,
                    counts: Optional[Counts] = None) -> Counts:
    """Add the word-level metrics of one alignment to ``counts`` (all eleven keys of the
    original in one pass over the aligned pairs)."""
    counts = counts or Counts()
    rows = counts.rows
    n_gold, n_system = len(gold), len(system)
    gold_content = sum(1 for w in gold if w.is_content_deprel)
    system_content = sum(1 for w in system if w.is_content_deprel)
    to_gold = {id(s): g for g, s in pairs}
    get = to_gold.get

    def mapped(word: Optional[UDWord]):
        # The gold word aligned to a system word; None for the root, a sentinel when unaligned.
        return None if word is None else get(id(word), _NOT_ALIGNED)

    upos = xpos = feats = alltags = lemmas = uas = las = 0
    content = clas = mlas = blex = 0
    for g, s in pairs:
        gc, sc = g.columns, s.columns
        same_upos = gc[UPOS] == sc[UPOS]
        same_xpos = gc[XPOS] == sc[XPOS]
        same_feats = gc[FEATS] == sc[FEATS]
        upos += same_upos
        xpos += same_xpos
        feats += same_feats
        alltags += same_upos and same_xpos and same_feats
        same_lemma = gc[LEMMA] == "_" or gc[LEMMA] == sc[LEMMA]
        lemmas += same_lemma
        attached = g.parent is mapped(s.parent)
        uas += attached
        labelled = attached and gc[DEPREL] == sc[DEPREL]
        las += labelled
        if g.is_content_deprel:
            content += 1
            clas += labelled
            blex += labelled and same_lemma
            if labelled and same_upos and same_feats:
                mlas += _same_functional_children(g, s, mapped)
    for metric, correct in (("UPOS", upos), ("XPOS", xpos), ("UFeats", feats), ("AllTags", alltags),
                            ("Lemmas", lemmas), ("UAS", uas), ("LAS", las)):
        row = rows[metric]
        row[CORRECT] += correct
        row[GOLD] += n_gold
        row[SYSTEM] += n_system
        row[ALIGNED] += len(pairs)
    row = rows["Words"]
    row[CORRECT] += len(pairs)
    row[GOLD] += n_gold
    row[SYSTEM] += n_system
    for metric, correct in (("CLAS", clas), ("MLAS", mlas), ("BLEX", blex)):
        row = rows[metric]
        row[CORRECT] += correct
        row[GOLD] += gold_content
        row[SYSTEM] += system_content
        row[ALIGNED] += content
    if counts.enhanced:
        elas, eulas = count_enhanced(pairs, mapped)
        gold_edges = sum(len(w.columns[DEPS]) for w in gold)
        system_edges = sum(len(w.columns[DEPS]) for w in system)
        for metric, correct in (("ELAS", elas), ("EULAS", eulas)):
            row = rows[metric]
            row[CORRECT] += correct
            row[GOLD] += gold_edges
            row[SYSTEM] += system_edges
    return counts


def _same_functional_children(g: UDWord, s: UDWord, mapped) -> bool:
    gold_children, system_children = g.functional_children, s.functional_children
    if len(gold_children) != len(system_children):
        return False
    for gc, sc in zip(gold_children, system_children):
        if gc is not mapped(sc):
            return False
        a, b = gc.columns, sc.columns
        if a[DEPREL] != b[DEPREL] or a[UPOS] != b[UPOS] or a[FEATS] != b[FEATS]:
            return False
    return True


def count_spans(metric: str, gold_spans: Sequence, system_spans: Sequence, counts: Counts) -> None:
    row = counts.rows[metric]
    row[CORRECT] += spans_correct(gold_spans, system_spans)
    row[GOLD] += len(gold_spans)
    row[SYSTEM] += len(system_spans)
