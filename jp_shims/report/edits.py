"""A block's text in the HTML report: whole sentences, word groups highlighted by kind, and
(GEC tools) every edit marked where it applies.

A text is the block's sentences joined by `` | ``; each sentence is shown whole, tokens as
the file has them. Word groups (:class:`jp_shims.records.WordGroup`) colour the background
of their tokens; an edit (:class:`jp_shims.records.EditMark`) frames the tokens it replaces
(struck through) and shows its correction, in the colour of its status: true positive,
false positive, missed, not scored, another annotator's. Edits of the two sides on the same
tokens with the same correction (a true positive) are drawn once. An edit whose tokens are
not those it names is listed after the text instead of being drawn in the wrong place.
"""
from __future__ import annotations

import html
from typing import Iterable, Optional, Sequence

SENTENCE_LIMIT = 40  # sentences shown per side of a block (a never-resynchronizing block can be long)
STATUS_NAMES = {"tp": "true positive", "fp": "false positive", "fn": "missed", "unscored": "not scored",
                "other": "another annotator's edit"}


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def split_sentences(text: str) -> list[list[str]]:
    """The tokens of each sentence of a block text (sentences joined by `` | ``)."""
    return [sentence.split() for sentence in text.split(" | ")] if text else []


def group_kinds(tokens: Sequence[str], groups: Iterable[tuple[Sequence[str], str]]) -> dict[int, str]:
    """Token index -> kind of the word group covering it. Groups are looked up in order,
    each after the previous one; a group not found is not highlighted."""
    kinds: dict[int, str] = {}
    position = 0
    for group_tokens, kind in groups:
        wanted = [token for token in group_tokens if token]
        if not wanted:
            continue
        found = _find(tokens, wanted, position)
        if found is None:
            continue
        for index in range(found, found + len(wanted)):
            kinds[index] = kind
        position = found + len(wanted)
    return kinds


def _find(tokens: Sequence[str], wanted: list[str], start: int) -> Optional[int]:
    size = len(wanted)
    for i in range(start, len(tokens) - size + 1):
        if list(tokens[i:i + size]) == wanted:
            return i
    return None


def _token(tokens: Sequence[str], index: int, kinds: dict[int, str]) -> str:
    kind = kinds.get(index)
    return _e(tokens[index]) if kind is None else f'<mark class="k-{_e(kind)}">{_e(tokens[index])}</mark>'


def _placed(edits: Sequence, tokens: Sequence[str]) -> tuple[list, list]:
    """(edits whose tokens are those they name, the others)."""
    placed, unplaced = [], []
    for edit in edits:
        fits = 0 <= edit.start <= edit.end <= len(tokens)
        if fits and " ".join(tokens[edit.start:edit.end]).split() == edit.original.split():
            placed.append(edit)
        else:
            unplaced.append(edit)
    return placed, unplaced


def _clusters(edits: list) -> list[tuple[int, int, list]]:
    """Edits grouped where their tokens overlap: (start, end, edits), in text order. An
    insertion joins an edit whose span it lies strictly inside."""
    clusters: list[tuple[int, int, list]] = []
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        if clusters:
            start, end, members = clusters[-1]
            if edit.start < end or (edit.start == start and edit.end == end):
                clusters[-1] = (start, max(end, edit.end), members + [edit])
                continue
        clusters.append((edit.start, edit.end, [edit]))
    return clusters


def _edit_title(edit) -> str:
    who = "system" if edit.side == "system" else f"gold (annotator {edit.annotator})"
    kind = f"|||{edit.type}" if edit.type else ""
    return f"{who} edit, {STATUS_NAMES[edit.status]}: A {edit.start} {edit.end}{kind}|||{edit.correction}"


def _corrections(members: list) -> list[tuple[str, str, list]]:
    """(status, correction, edits) to show for a cluster: a system and a gold edit with the
    same span, correction and status are one."""
    shown: list[tuple[str, str, list]] = []
    for edit in members:
        for status, correction, same in shown:
            first = same[0]
            if status == edit.status and correction == edit.correction and (first.start, first.end) == (
                    edit.start, edit.end):
                same.append(edit)
                break
        else:
            shown.append((edit.status, edit.correction, [edit]))
    return shown


def _cluster_html(start: int, end: int, members: list, tokens: Sequence[str], kinds: dict[int, str]) -> str:
    shown = _corrections(members)
    statuses = {status for status, _, _ in shown}
    outer = f"e-{shown[0][0]}" if len(statuses) == 1 else "e-mixed"
    removed = " ".join(_token(tokens, index, kinds) for index in range(start, end))
    parts = [f'<del>{removed}</del>'] if removed else []
    for status, correction, same in shown:
        title = "&#10;".join(_e(_edit_title(edit)) for edit in same)
        text = _e(correction) if correction else "&empty;"
        parts.append(f'<ins class="e-{status}" title="{title}">{text}</ins>')
    return f'<span class="edit {outer}" data-status="{" ".join(sorted(statuses))}">{"".join(parts)}</span>'


def _sentence_html(tokens: Sequence[str], kinds: dict[int, str], offset: int, edits: list) -> str:
    """One sentence (its tokens at ``offset`` in the side's token count) with its edits."""
    local = {index - offset: kind for index, kind in kinds.items() if offset <= index < offset + len(tokens)}
    out: list[str] = []
    index = 0
    for start, end, members in _clusters(edits):
        start, end = start - offset, end - offset
        out.extend(_token(tokens, i, local) for i in range(index, start))
        out.append(_cluster_html(start, end, members, tokens, local))
        index = end
    out.extend(_token(tokens, i, local) for i in range(index, len(tokens)))
    return " ".join(out)


def _by_sentence(edits: list, sentences: list[list[str]]) -> tuple[list[list], list]:
    """The edits of each sentence, and those crossing a sentence border. An insertion at a
    border belongs to the sentence before it."""
    bounds, offset = [], 0
    for sentence in sentences:
        bounds.append((offset, offset + len(sentence)))
        offset += len(sentence)
    own: list[list] = [[] for _ in sentences]
    crossing = []
    for edit in edits:
        for number, (first, stop) in enumerate(bounds):
            if first <= edit.start and edit.end <= stop and (edit.start < stop or edit.start == edit.end):
                own[number].append(edit)
                break
        else:
            crossing.append(edit)
    return own, crossing


def marked_text(text: str, groups: Iterable[tuple[Sequence[str], str]], edits: Sequence = (),
                more: str = "") -> str:
    """``text`` as HTML: whole sentences (at most :data:`SENTENCE_LIMIT`, then how many more
    and ``more``, where to find them), word groups highlighted, ``edits`` (placed on this
    text) marked."""
    sentences = split_sentences(text)
    tokens = [token for sentence in sentences for token in sentence]
    kinds = group_kinds(tokens, groups)
    placed, unplaced = _placed(edits, tokens)
    own, crossing = _by_sentence(placed, sentences)
    unplaced += crossing
    out: list[str] = []
    offset = 0
    for number, sentence in enumerate(sentences):
        if number == SENTENCE_LIMIT:
            rest = len(sentences) - number
            out.append(f'<span class="more">{rest} more sentence{"s" if rest != 1 else ""} not shown'
                       f'{(" (" + _e(more) + ")") if more else ""}</span>')
            break
        out.append(f'<span class="sentence">{_sentence_html(sentence, kinds, offset, own[number])}</span>')
        offset += len(sentence)
    html_text = ' <span class="sep">|</span> '.join(out)
    if unplaced:
        listed = "; ".join(f'<ins class="e-{edit.status}">{_e(_edit_title(edit))}</ins>' for edit in unplaced)
        html_text += f'<div class="unplaced">edits not placed in the text: {listed}</div>'
    return html_text
