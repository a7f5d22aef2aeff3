"""The compiled C originals (evalb, evalb_spmrl) as oracles for the live differential tests.

``original_binary(name)`` compiles both programs once per test session with ``build.sh`` from
the folder named by the environment variable ``JP_SHIMS_ORIGINALS`` (tox's ``compat-live``
sets it to ``{toxinidir}/../shared/originals`` by default) into a temporary cache, and returns
the path of the one asked for. It skips the calling test, with the reason, when the variable is
unset or the build fails. The C sources are oracles only: nothing of them enters the project.
"""
from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

ENV_VAR = "JP_SHIMS_ORIGINALS"
NAMES = ("evalb", "evalb_spmrl")


class _Cache:
    """Where the binaries were built in this session (or why they could not be)."""

    folder: "Path | None" = None
    failure: "str | None" = None


def _build() -> None:
    source = os.environ.get(ENV_VAR)
    if not source:
        _Cache.failure = f"{ENV_VAR} is not set (the folder holding build.sh and the C sources of the originals)"
        return
    script = Path(source) / "build.sh"
    if not script.is_file():
        _Cache.failure = f"{script} not found ({ENV_VAR}={source})"
        return
    folder = Path(tempfile.mkdtemp(prefix="jp-originals-"))
    atexit.register(shutil.rmtree, folder, True)
    try:
        subprocess.run(["bash", str(script), str(folder)], check=True, capture_output=True, timeout=300)
    except (OSError, subprocess.SubprocessError) as exc:
        stderr = getattr(exc, "stderr", b"") or b""
        _Cache.failure = f"building the originals with {script} failed: {exc} {stderr.decode(errors='replace')[-500:]}"
        return
    _Cache.folder = folder


def original_binary(name: str) -> Path:
    """The compiled original ``name`` ("evalb" or "evalb_spmrl"); skips the test if unavailable."""
    if name not in NAMES:
        raise ValueError(f"unknown original {name!r} (one of {', '.join(NAMES)})")
    if _Cache.folder is None and _Cache.failure is None:
        _build()
    if _Cache.folder is None:
        pytest.skip(_Cache.failure)
    path = _Cache.folder / name
    if not path.is_file():
        pytest.skip(f"{path} was not built")
    return path
