"""Hypothesis profiles: ``ci`` (derandomized, so a CI run is reproducible; selected by
``CI=true``) and ``thorough`` (many more examples, for hunting bugs locally:
``python -m pytest --hypothesis-profile thorough tests/test_jp_align.py``)."""
from __future__ import annotations

import os

import pytest
from hypothesis import settings

from tests import toolrun

settings.register_profile("default", max_examples=250, deadline=None)
settings.register_profile("ci", max_examples=250, derandomize=True, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=5000, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") == "true" else "default")


@pytest.fixture
def run_tool():
    """:func:`tests.toolrun.run_tool`: a console script run in-process as its process would
    run (``run_tool("jp_evalb", argv, cwd=..., stdin=..., env=...)`` -> stdout, stderr,
    returncode, files)."""
    return toolrun.run_tool
