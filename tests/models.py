"""Locate the stanza models the real-analysis tests run on (never committed, never downloaded).

``JP_SHIMS_MODELS`` names either a folder holding model folders (``shared/models``, with
``stanza_en_ewt_small/`` in it) or one model folder itself (a folder with ``resources.json``,
laid out as ``stanza.download(model_dir=DIR)`` leaves it). Without it, or without the stanza
extra, the tests that need them skip and say which of the two is missing.
"""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

ENV_VAR = "JP_SHIMS_MODELS"
ENGLISH = "stanza_en_ewt_small"
EXTRA = "the stanza extra is not installed (pip install -e '.[stanza]')"


def stanza_model_dir(name: str = ENGLISH) -> Path:
    """The model folder NAME (or ``JP_SHIMS_MODELS`` itself when it is a model folder);
    skips the calling test when stanza or the model is unavailable."""
    if importlib.util.find_spec("stanza") is None:
        pytest.skip(EXTRA)
    value = os.environ.get(ENV_VAR)
    if not value:
        pytest.skip(f"{ENV_VAR} is not set: it names the folder holding {name}/ (e.g. shared/models)")
    root = Path(value).resolve()
    folder = root if (root / "resources.json").is_file() else root / name
    if not (folder / "resources.json").is_file():
        pytest.skip(f"no stanza model {name} under {ENV_VAR}={root}")
    return folder
