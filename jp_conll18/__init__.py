"""jp_conll18: drop-in replacement of the CoNLL 2018 UD evaluation script (conll18_ud_eval.py).

* ``jp_conll18_ud_eval`` console script (``jp_conll18.cli:main``);
* ``jp_conll18.conll18_ud_eval``: the original's importable API;
* ``jp_udeval`` console script (``jp_conll18.udeval_cli:main``) and ``jp_conll18.udeval``: the
  current UD scorer (UD tools ``eval.py`` / pip ``udtools``' ``udeval``, ELAS/EULAS), the same
  reader and scoring with ``reader_options.ReaderOptions(udeval=True)``;
* ``evaluate(gold, system, *, udeval=False, **settings)``: either scorer in JP mode on the
  shared runner (:mod:`jp_conll18.api`), returning :class:`jp_shims.result.Result`;
* ``read_token_sentences(path)``: token FORMs of each sentence of a CoNLL-U file (streamed),
  the reader other jp-shims tools use: it owns decoding and line splitting of CoNLL-U, and
  ``reader.describe_error`` words its errors for every tool.
"""
from __future__ import annotations

from .api import evaluate
from .model import UDError
from .reader import iter_sentences_from_file, read_token_sentences
from .sentences import iter_sentences

__all__ = ["UDError", "evaluate", "iter_sentences", "iter_sentences_from_file", "read_token_sentences"]
