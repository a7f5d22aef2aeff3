"""errant_m2 as a Python function (:func:`m2_to_m2`, JP mode), and what it shares with the
command line ``jp_errant_m2``: reading the M2 input (strictly, or as errant does) and
re-annotating its sentences a batch at a time.
"""
from __future__ import annotations

import functools
from typing import Iterator, List, Optional

from jp_shims.errors import InputError
from jp_shims.inputs import InputFile, check_format
from jp_shims.parallel import RunOptions, annotate_stream

from jp_errant.m2_records import Sentence
from jp_errant.m2_blocks import iter_blocks, legacy_block_edits
from jp_errant.m2 import read_m2
from .alignment import MAX_ALIGNMENT_CELLS
from .backend import Backend
from .batch import AnnotatorRecipe, Context, Outcome, TooLarge, context_maker, local_context, reannotate_sentences
from .parallel import Input, api_input
from .reannotate import Reannotation


def m2_to_m2(m2: Input, *, auto: bool, no_min: bool = False, old_cats: bool = False, lev: bool = False,
             merge: str = "rules", lang: str = "en", labels: str = "ud", backend: Optional[Backend] = None,
             model_dir: Optional[str] = None, max_cells: Optional[int] = MAX_ALIGNMENT_CELLS,
             jobs: int = 1) -> List[str]:
    """The M2 blocks ``jp_errant_m2 (-auto | -gold) M2 -out OUT`` writes (JP mode), in order:
    ``"".join(blocks)`` is its output file.

    ``m2`` is a path, an open file or an iterable of lines. ``auto``: True is ``-auto``
    (edits extracted anew from each correction), False ``-gold`` (the gold spans kept and
    classified); ``no_min``, ``old_cats``, ``lev``, ``merge``, ``lang``, ``labels``,
    ``model_dir`` and ``jobs`` are ``-no_min``, ``-old_cats``, ``-lev``, ``-merge``,
    ``--lang``, ``--labels``, ``--model-dir`` and ``-j``; ``backend``: an analyser object
    replacing stanza; ``max_cells``: the largest token alignment accepted (None: any).

    Bad input (not M2, invalid UTF-8, a malformed block, a sentence pair above
    ``max_cells``) raises :class:`jp_shims.errors.InputError` naming the input (its path,
    an open file's name or ``<m2>``) and line; a missing stanza
    :class:`jp_shims.errors.MissingDependency`; an unknown ``merge`` or ``labels`` a
    ``ValueError``.
    """
    file = api_input(m2, "<m2>")
    check_m2(file)
    recipe = AnnotatorRecipe(lang, labels, lev, merge, max_cells)
    context = local_context(recipe, "stanza", lang, False, model_dir, jobs, backend)
    reannotation = Reannotation(auto=auto, minimise=not no_min, old_types=old_cats, legacy=False)
    blocks = []
    for sentence, outcome in reannotate_file(file, recipe, reannotation, "stanza", model_dir,
                                             RunOptions(jobs=1 if context is not None else jobs), context):
        if isinstance(outcome, TooLarge):
            raise InputError(file.name, sentence.line, outcome.message)
        blocks.append(outcome)
    return blocks


def check_m2(file: InputFile) -> None:
    """JP mode's checks before the model loads: M2 (not plain text, trees, CoNLL-U), read
    strictly once (reading is cheap beside the analysis, and bad input then stops the run
    before anything is written)."""
    from ..tool import M2  # (jp_errant_compare's format: jp_shims.sniff)

    check_format(file, M2)
    for _ in m2_sentences(file, legacy=False):
        pass


def m2_sentences(file: InputFile, legacy: bool) -> Iterator[Sentence]:
    """The sentences of an M2 input: strictly parsed (JP mode) or read as errant does."""
    with file.open_text(encoding="utf-8") as stream:
        if not legacy:
            yield from read_m2(file.name, stream)
            return
        for block in iter_blocks(stream):
            head = block.text.split("\n")[0]
            yield Sentence(head[2:], tuple(legacy_block_edits(block.text)), block.line)


def reannotate_file(file: InputFile, recipe: AnnotatorRecipe, reannotation: Reannotation, backend: str,
                    model_dir: Optional[str], options: RunOptions, context: Optional[Context],
                    prog: str = "") -> Iterator[tuple[Sentence, Outcome]]:
    """``(sentence, its M2 text or TooLarge)`` for every sentence, in input order
    (``options``: the worker processes, the shard; ``context``: the in-process analyser)."""
    make_context = context_maker(recipe, backend, recipe.lang, False, model_dir)
    work = functools.partial(reannotate_sentences, options=reannotation)
    legacy = reannotation.legacy
    return annotate_stream(m2_sentences(file, legacy), work, make_context, options,
                           count=lambda: sum(1 for _ in m2_sentences(file, legacy)), context=context, prog=prog)
