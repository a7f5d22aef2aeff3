"""Evaluation of preprocessing (tokenization and sentence segmentation).

- ``jp_preprocess_eval`` (cli.py; the Tool: tool.py, whose stages jp_shims' runner drives):
  joint tokenization + sentence-boundary evaluation by alignment (Jo et al., LREC-COLING
  2024) -- readers: plaintext.py, conllu.py (via jp_conll18), formats.py; one aligned block
  scored: jp.py, matching.py; output: report.py; the Python API: api.py.
- ``jp_wisebe`` (wisebe_cli.py): WiSeBE multi-reference segmentation scoring
  (González-Gallardo & Torres-Moreno 2018) -- segmentation.py, projection.py (re-tokenized
  files, with jp_align's normalization), wisebe.py (statistics and scores), wisebe_report.py.
"""
from __future__ import annotations


__all__ = ["evaluate", "wisebe"]


def __getattr__(name: str):
    # The API (jp_preprocess.api) is imported on first use: the console scripts do not need it.
    if name in __all__:
        from jp_preprocess import api

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
