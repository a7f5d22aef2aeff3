# Root conftest: makes the repository root importable so that compat_tests can share
# tests/datafiles.py, whatever way pytest is started.
from __future__ import annotations

import os
import sys
from pathlib import Path

# Console scripts live beside the interpreter that runs the tests. A venv's python started
# without activating the venv would otherwise find another installation's scripts on PATH
# (or none): tests that run jp_evalb & co. by name must run this interpreter's.
os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")


def pytest_configure(config) -> None:
    """Pin a relative ``JP_SHIMS_DATA`` (CI passes ``../shared/data``) to the folder pytest
    was started from: tests that run a tool inside a case folder must still find the corpora."""
    value = os.environ.get("JP_SHIMS_DATA")
    if value and not os.path.isabs(value):
        os.environ["JP_SHIMS_DATA"] = str(Path(value).resolve())
