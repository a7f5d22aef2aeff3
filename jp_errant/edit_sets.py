"""errant's edit sets: ``process_edits`` and ``compareEdits``.

Edits become per-annotator dictionaries ``key -> [types]`` (the key depends on the evaluation
mode, after the ``-single``/``-multi``/``-filt`` filters): :func:`coder_edit_sets`. Two such
dictionaries, a hypothesis annotator's and a reference annotator's, give TP, FP and FN and
their per-category counts: :func:`compare_edit_sets`. The scorer (:mod:`jp_errant.scorer`)
runs them for every annotator pair of every sentence, which makes them most of its run time.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from jp_errant.m2_records import Edit
from jp_errant.score_options import CategoryCounts, EditKey, EditSets, ScoreOptions

_IMPLICIT_NOOP = (Edit(-1, -1, "noop", "-NONE-", 0),)


def coder_edit_sets(edits: Sequence[tuple], options: ScoreOptions) -> EditSets:
    """errant's ``process_edits``: per-coder ``key -> [types]`` after the filters.

    A coder is registered before filtering, so a coder whose edits are all filtered out
    still competes with an empty set; a block without edits is one implicit noop (coder 0).
    """
    return _edit_sets(edits, options)[0]


def _edit_sets(edits: Sequence[tuple], options: ScoreOptions) -> tuple[EditSets, dict, bool]:
    """:func:`coder_edit_sets`, plus what the fast count needs: per coder, the keys whose
    first type is ``noop`` (errant skips those), and whether any key holds several types."""
    if not edits:
        edits = _IMPLICIT_NOOP
    mode = options.mode
    correction = mode == "cs"
    detection = mode == "dt" or mode == "ds"
    single, multi, filt = options.single, options.multi, options.filt
    filtered = single or multi or bool(filt)
    if correction and not filtered:
        return _correction_edit_sets(edits)
    sets: EditSets = {}
    noops: dict = {}
    several = False
    for start, end, kind, cor, coder, _ in edits:
        keys = sets.get(coder)
        if keys is None:
            keys = sets[coder] = {}
        if kind == "UNK" and not detection:
            continue
        if filtered:
            if single and (end - start >= 2 or len(cor.split()) >= 2):
                continue
            if multi and end - start < 2 and len(cor.split()) < 2:
                continue
            if filt and kind in filt:
                continue
        if correction:
            edit_keys: Iterable[EditKey] = ((start, end, cor),)
        elif mode == "cse":
            edit_keys = ((start, end, kind, cor),)
        elif mode == "ds":
            edit_keys = ((start, end),)
        else:
            edit_keys = _token_keys(start, end)
        for key in edit_keys:
            types = keys.get(key)
            if types is None:
                keys[key] = [kind]
                if kind == "noop":
                    noops.setdefault(coder, []).append(key)
            else:
                types.append(kind)
                several = True
    return sets, noops, several


def edit_sets_for(options: ScoreOptions) -> Callable[[Sequence[tuple]], tuple]:
    """:func:`_edit_sets` with ``options`` settled once per run (it runs twice a sentence)."""
    if options.mode == "cs" and not (options.single or options.multi or options.filt):
        return _correction_edit_sets
    return lambda edits: _edit_sets(edits, options)


def _correction_edit_sets(edits: Sequence[tuple]) -> tuple[EditSets, dict, bool]:
    """:func:`_edit_sets` for the default (-cs, no filter), spelled out: it is most of the
    run time. Edits of one annotator usually come together: the coder's table is looked up
    again only when the coder changes."""
    if not edits:
        edits = _IMPLICIT_NOOP
    sets: EditSets = {}
    noops: dict = {}
    several = False
    current = None
    keys: Any = None  # (the current coder's table, set by the first edit)
    for start, end, kind, cor, coder, _ in edits:
        if coder != current:
            keys = sets.get(coder)
            if keys is None:
                keys = sets[coder] = {}
            current = coder
        if kind == "UNK":
            continue
        key = (start, end, cor)
        types = keys.get(key)
        if types is None:
            keys[key] = [kind]
            if kind == "noop":
                noops.setdefault(coder, []).append(key)
        else:
            types.append(kind)
            several = True
    return sets, noops, several


def _token_keys(start: int, end: int) -> Iterable[EditKey]:
    """``-dt`` keys: one per token; an insertion counts as touching the token on its right."""
    if start == -1:
        return ((start, start),)
    if start == end and start >= 0:
        return ((start, start + 1),)
    return [(index, index + 1) for index in range(start, end)]


def compare_edit_sets(hyp: dict, ref: dict) -> tuple[int, int, int, CategoryCounts]:
    """errant's ``compareEdits``: TP per *reference* type, FP per hypothesis type."""
    tp = fp = fn = 0
    categories: CategoryCounts = {}
    get = categories.get
    for key, hyp_types in hyp.items():
        if hyp_types[0] == "noop":
            continue
        ref_types = ref.get(key)
        if ref_types is not None:
            tp += len(ref_types)
            for kind in ref_types:
                counts = get(kind)
                if counts is None:
                    categories[kind] = [1, 0, 0]
                else:
                    counts[0] += 1
        else:
            fp += len(hyp_types)
            for kind in hyp_types:
                counts = get(kind)
                if counts is None:
                    categories[kind] = [0, 1, 0]
                else:
                    counts[1] += 1
    for key, ref_types in ref.items():
        if ref_types[0] == "noop" or key in hyp:
            continue
        fn += len(ref_types)
        for kind in ref_types:
            counts = get(kind)
            if counts is None:
                categories[kind] = [0, 0, 1]
            else:
                counts[2] += 1
    return tp, fp, fn, categories
