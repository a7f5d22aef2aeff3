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


# The suite leaves no file behind in the checkout (a test that runs a tool runs it in a
# temporary folder: evalb_spmrl writes ./status, the annotators their -out files). Checked by
# the controlling process (not xdist's workers) against the files git does not know of.
ROOT = Path(__file__).resolve().parent


def _untracked() -> set | None:
    import subprocess

    try:
        listed = subprocess.run(["git", "ls-files", "--others", "--exclude-standard", "-z"], cwd=ROOT,
                                capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return set(listed.stdout.split(b"\0")) - {b""} if listed.returncode == 0 else None


def pytest_sessionstart(session) -> None:
    if not hasattr(session.config, "workerinput"):
        session.config._jp_untracked = _untracked()


def pytest_sessionfinish(session, exitstatus) -> None:
    before = getattr(session.config, "_jp_untracked", None)
    after = _untracked() if before is not None else None
    left = sorted(after - before) if after is not None and before is not None else []
    if left:
        names = ", ".join(name.decode("utf-8", "replace") for name in left)
        print(f"\nERROR: the tests left files in the checkout: {names}", file=sys.stderr)
        session.exitstatus = 1
