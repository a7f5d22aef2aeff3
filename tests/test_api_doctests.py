"""The doctested examples of every tool's Python API (run from the repository root, where
their example files are)."""
from __future__ import annotations

import doctest
import importlib
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# (jp_cherrant.parallel's example needs ChERRANT's unshipped resource lists: its test,
# tests/test_jp_cherrant_parallel.py, points it at them.)
MODULES = ["jp_errant.api", "jp_preprocess.api", "jp_evalb.api", "jp_conlleval.api", "jp_cherrant.api",
           "jp_conll18.breakdown"]


@pytest.mark.parametrize("name", MODULES)
def test_api_examples(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 0, f"{name} has no example"
    assert failures == 0
    assert os.getcwd() == str(ROOT)
