"""From one alignment path to ChERRANT's character-level edits (spec cherrant.md 9.7).

1. runs: matches merge, each transposition stays alone, and a run of S/I/D steps becomes one
   item (or separate D and I items when it has no substitution);
2. transpositions across a match: ``S M S`` and ``D M I`` / ``I M D`` patterns whose texts
   are (nearly) swapped become one T item over the three;
3. clean-up: items whose texts are equal go, a substitution loses a common prefix and suffix.
"""
from __future__ import annotations

from typing import List, Sequence

from rapidfuzz.distance import Levenshtein

from jp_errant.annotate.alignment import AlignOp

# Punctuation that stops a D/I pair from being a transposition (note: no 〰〾〿﹏, and a
# final '.').
PUNCTUATION_MERGE = ("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~" + "！？｡＂＃＄％＆＇（）＊＋，－／：；＜＝＞＠［＼］＾＿｀｛｜｝～"
                     "｟｠｢｣､、〃》「」『』【】〔〕〖〗〘〙〚〛〜〝〞〟–—‘'‛“”„‟…‧.")


def edits_of_path(path: Sequence[AlignOp], source: Sequence[str], target: Sequence[str]) -> List[AlignOp]:
    """The edits (tag, source span, target span) of one path, before classification."""
    items = merge_runs(path)
    items = merge_transpositions(items, source, target)
    return clean_up(items, source, target)


def merge_runs(path: Sequence[AlignOp]) -> List[AlignOp]:
    items: List[AlignOp] = []
    run: List[AlignOp] = []
    for step in path:
        kind = step.op[0]
        if kind == "T":
            items.extend(_merge_other(run))
            run = []
            items.append(step)
        elif kind == "M":
            items.extend(_merge_other(run))
            run = []
            if items and items[-1].op == "M" and _last_was_match(items, step):
                items[-1] = _span("M", items[-1], step)
            else:
                items.append(step)
        else:
            run.append(step)
    items.extend(_merge_other(run))
    return items


def _last_was_match(items: List[AlignOp], step: AlignOp) -> bool:
    # The previous item is the M run this step continues (no other item in between).
    return items[-1].o_end == step.o_start and items[-1].c_end == step.c_start


def _merge_other(run: List[AlignOp]) -> List[AlignOp]:
    """A maximal run of S, I and D steps as ChERRANT merges it."""
    if len(run) <= 1:
        return list(run)
    kinds = {step.op for step in run}
    if kinds == {"D"} or kinds == {"I"} or kinds == {"S"}:
        return [_span(run[0].op, run[0], run[-1])]
    if "S" in kinds:
        return [_span("S", run[0], run[-1])]
    return list(run)  # D and I without S: left apart


def _span(tag: str, first: AlignOp, last: AlignOp) -> AlignOp:
    return AlignOp(tag, first.o_start, last.o_end, first.c_start, last.c_end)


def merge_transpositions(items: List[AlignOp], source: Sequence[str], target: Sequence[str]) -> List[AlignOp]:
    """Step 2: three-item windows that swap text around a match become one T item; M items go."""
    kept: List[AlignOp] = []
    p = 0
    while p + 2 < len(items):
        a, b, c = items[p], items[p + 1], items[p + 2]
        if _is_transposition(a, b, c, source, target):
            kept.append(AlignOp("T" + str(c.o_end - a.o_start), a.o_start, c.o_end, a.c_start, c.c_end))
            p += 3
            continue
        if a.op[0] != "M":
            kept.append(a)
        p += 1
    kept.extend(item for item in items[p:] if item.op[0] != "M")
    return kept


def _is_transposition(a: AlignOp, b: AlignOp, c: AlignOp, source: Sequence[str], target: Sequence[str]) -> bool:
    kinds = (a.op[0], b.op[0], c.op[0])
    if kinds == ("S", "M", "S"):
        w1, w2 = _text(source, a.o_start, a.o_end), _text(target, a.c_start, a.c_end)
        w3, w4 = _text(source, c.o_start, c.o_end), _text(target, c.c_start, c.c_end)
        if min(len(w1), len(w2), len(w3), len(w4)) == 1:
            return w1 == w4 and w2 == w3
        return Levenshtein.distance(w1, w4) <= 1 and Levenshtein.distance(w2, w3) <= 1
    if kinds[1] in ("M", "T") and (kinds[0], kinds[2]) in (("D", "I"), ("I", "D")):
        deleted, inserted = (a, c) if kinds[0] == "D" else (c, a)
        x = _text(source, deleted.o_start, deleted.o_end)
        y = _text(target, inserted.c_start, inserted.c_end)
        longer, shorter = (x, y) if len(x) >= len(y) else (y, x)
        if longer in PUNCTUATION_MERGE or shorter in PUNCTUATION_MERGE or len(longer) - len(shorter) > 1:
            return False
        if len(shorter) == 1:
            return longer == shorter
        return (Levenshtein.distance(longer, shorter) <= 1
                or (len(longer) == len(shorter) and shorter in longer + longer))
    return False


def clean_up(items: List[AlignOp], source: Sequence[str], target: Sequence[str]) -> List[AlignOp]:
    """Step 3: drop items that change nothing; trim a substitution's common prefix/suffix."""
    cleaned: List[AlignOp] = []
    for item in items:
        if _text(source, item.o_start, item.o_end) == _text(target, item.c_start, item.c_end):
            continue
        cleaned.append(_trim(item, source, target) if item.op == "S" else item)
    return cleaned


def _trim(item: AlignOp, source: Sequence[str], target: Sequence[str]) -> AlignOp:
    o_start, o_end, c_start, c_end = item.o_start, item.o_end, item.c_start, item.c_end
    # Common prefix, at token boundaries on both sides.
    target_text = _text(target, c_start, c_end)
    taken, s = "", o_start
    while s < o_end and target_text.startswith(taken + source[s]):
        taken += source[s]
        s += 1
    if taken:
        got, t = "", c_start
        while t < c_end:
            got += target[t]
            t += 1
            if got == taken:
                o_start, c_start = s, t
                break
            if len(got) > len(taken):
                break
    # Common suffix, down to the (possibly moved) starts.
    target_text = _text(target, c_start, c_end)
    taken, s = "", o_end
    while s > o_start and target_text.endswith(source[s - 1] + taken):
        taken = source[s - 1] + taken
        s -= 1
    if taken:
        got, t = "", c_end
        while t > c_start:
            got = target[t - 1] + got
            t -= 1
            if got == taken:
                o_end, c_end = s, t
                break
            if len(got) > len(taken):
                break
    if (o_start, o_end, c_start, c_end) == (item.o_start, item.o_end, item.c_start, item.c_end):
        return item
    tag = "I" if o_start == o_end else "D" if c_start == c_end else "S"
    return AlignOp(tag, o_start, o_end, c_start, c_end)


def _text(tokens: Sequence[str], start: int, end: int) -> str:
    return "".join(tokens[start:end])
