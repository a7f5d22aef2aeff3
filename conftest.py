# Root conftest: makes the repository root importable so that compat_tests can share
# tests/datafiles.py, whatever way pytest is started.
from __future__ import annotations

import os
from pathlib import Path


def pytest_configure(config) -> None:
    """Pin a relative ``JP_SHIMS_DATA`` (CI passes ``../shared/data``) to the folder pytest
    was started from: tests that run a tool inside a case folder must still find the corpora."""
    value = os.environ.get("JP_SHIMS_DATA")
    if value and not os.path.isabs(value):
        os.environ["JP_SHIMS_DATA"] = str(Path(value).resolve())
