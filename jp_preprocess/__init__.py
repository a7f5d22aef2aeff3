"""Evaluation of preprocessing (tokenization and sentence segmentation).

- ``jp_preprocess_eval`` (cli.py): joint tokenization + sentence-boundary evaluation by
  alignment (Jo et al., LREC-COLING 2024) -- readers: plaintext.py, conllu.py (via jp_conll18),
  formats.py; counting: joint.py, matching.py; output: report.py.
- ``jp_wisebe`` (wisebe_cli.py): WiSeBE multi-reference segmentation scoring
  (González-Gallardo & Torres-Moreno 2018) -- segmentation.py, projection.py (re-tokenized
  files, with jp_align's normalization), wisebe.py (statistics and scores), wisebe_report.py.
"""
from __future__ import annotations


def evaluate(*args, **kwargs):
    """jp_preprocess_eval's figures as a result (:func:`jp_preprocess.api.evaluate`)."""
    from jp_preprocess.api import evaluate as run

    return run(*args, **kwargs)


def wisebe(*args, **kwargs):
    """jp_wisebe's figures (:func:`jp_preprocess.api.wisebe`)."""
    from jp_preprocess.api import wisebe as run

    return run(*args, **kwargs)
