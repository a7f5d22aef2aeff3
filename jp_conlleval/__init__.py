"""jp_conlleval: conlleval.pl (CoNLL-2000/2003 chunking and NER scorer) as a drop-in.

``--legacy`` is the original byte for byte (:func:`run_legacy`); JP mode reads conlleval's own
merged file (:func:`score_merged`) and also scores a GOLD and a SYSTEM file that tokenize and
sentence-split the same text differently (:func:`evaluate`).
"""
from __future__ import annotations

from .evaluation import Evaluation, evaluate
from .merged import run_legacy, score_merged
from .projection import Unrepresentable
from .reader import InputError, Options
from .scoring import Scores, Statistics, count_lines, scores, sentence_statistics
from .writer import report

__all__ = [
    "evaluate", "Evaluation", "Unrepresentable", "run_legacy", "score_merged", "Options",
    "InputError", "Statistics", "Scores", "count_lines", "sentence_statistics", "scores", "report",
]
