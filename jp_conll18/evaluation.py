"""Entry points of the evaluation: files (streamed) or loaded representations (the API).

Both run ``stream.evaluate_streams``; legacy mode raises the original's UDError where the
characters of the two files disagree, JP mode reconciles them (``reconcile.py``) and scores on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .model import UDRepresentation
from .reader import Source, iter_sentences_from_file, source_name
from .reader_options import CONLL18, ReaderOptions
from .scoring import Counts
from .stream import evaluate_streams

if TYPE_CHECKING:
    from .breakdown import Breakdown
    from jp_shims.config import AlignConfig

    from .reconcile import ReconcileLog


def evaluate_files(gold_path: str, system_path: str, *, legacy: bool = False, lang: str = "en",
                   log: Optional[ReconcileLog] = None, options: ReaderOptions = CONLL18,
                   breakdown: Optional[Breakdown] = None) -> dict:
    """Scores (metric -> Score) of two CoNLL-U files, read side by side (decoded as the
    original does with ``legacy``, else as JP mode does). ``log`` collects what JP mode
    reconciled. ``options``: conll18 v1.2 (default) or the current UD scorer, see
    ``reader_options.ReaderOptions``. ``breakdown``: filled with the breakdowns and confusion
    matrices it was made for (``breakdown.Breakdown``)."""
    return count_files(gold_path, system_path, legacy=legacy, lang=lang, log=log, options=options,
                       breakdown=breakdown).scores()


def count_files(gold: Source, system: Source, *, legacy: bool = False, lang: str = "en",
                log: Optional[ReconcileLog] = None, blocks: Optional[list] = None,
                options: ReaderOptions = CONLL18, config: Optional[AlignConfig] = None,
                breakdown: Optional[Breakdown] = None) -> Counts:
    """The counts behind :func:`evaluate_files`, of two paths or two inputs of a JP-mode run
    (:class:`jp_shims.inputs.InputFile`: a file, or bytes the Python API holds in memory;
    messages name it by its name); ``blocks``: a list receiving every scored block as
    ``(gold sentences, Counts)`` (with a ``breakdown``: ``(gold sentences, Counts, the
    block's own breakdowns)``); ``config``: JP mode's alignment settings (default:
    jp_align's, with ``lang``)."""
    return evaluate_streams(iter_sentences_from_file(gold, legacy=legacy, options=options),
                            iter_sentences_from_file(system, legacy=legacy, options=options),
                            on_mismatch=None if legacy else _LazyHandler(lang, log, blocks, options.udeval, True,
                                                                          config, breakdown),
                            gold_path=source_name(gold), system_path=source_name(system), blocks=blocks,
                            udeval=options.udeval, free=True, breakdown=breakdown)


def evaluate_representations(gold_ud: UDRepresentation, system_ud: UDRepresentation, *,
                             legacy: bool = False, lang: str = "en",
                             log: Optional[ReconcileLog] = None, udeval: bool = False,
                             breakdown: Optional[Breakdown] = None) -> dict:
    """Scores of two loaded files (the inputs are not modified); ``udeval``: loaded by the
    current UD scorer's rules, scored with ELAS/EULAS; ``breakdown``: as for
    :func:`evaluate_files`."""
    counts = evaluate_streams(iter(gold_ud.sentence_records), iter(system_ud.sentence_records),
                              on_mismatch=None if legacy else _LazyHandler(lang, log, enhanced=udeval,
                                                                           breakdown=breakdown),
                              gold_path=getattr(gold_ud, "path", None),
                              system_path=getattr(system_ud, "path", None), udeval=udeval,
                              breakdown=breakdown)
    return counts.scores()


class _LazyHandler:
    """Builds the JP mismatch handler on first use, so files that line up never import
    jp_align (and the start-up stays fast)."""

    def __init__(self, lang: str, log: Optional[ReconcileLog], blocks: Optional[list] = None,
                 enhanced: bool = False, free: bool = False, config: Optional[AlignConfig] = None,
                 breakdown: Optional[Breakdown] = None):
        self.lang, self.log, self.blocks, self.enhanced, self.free = lang, log, blocks, enhanced, free
        self.config = config
        self.breakdown = breakdown

    def __call__(self, *args):
        from .jp import make_mismatch_handler
        return make_mismatch_handler(lang=self.lang, log=self.log, blocks=self.blocks, enhanced=self.enhanced,
                                     free=self.free, config=self.config, breakdown=self.breakdown)(*args)
