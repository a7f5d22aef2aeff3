# Root conftest: makes the repository root importable so that compat_tests can share
# tests/datafiles.py, whatever way pytest is started.

import os
import sys

# Console scripts live beside the interpreter that runs the tests. A venv's python started
# without activating the venv would otherwise find another installation's scripts on PATH
# (or none): tests that run jp_evalb & co. by name must run this interpreter's.
os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
