"""The C originals (evalb, evalb_spmrl) as live oracles, compiled once per test session.

The sources are never part of the project: the folder named by the environment variable
``JP_SHIMS_ORIGINALS`` (``tox -e compat-live`` sets it, by default to
``{toxinidir}/../shared/originals``) holds them with a ``build.sh DIR`` that compiles both
programs into DIR. :func:`original_binary` builds them into a temporary folder the first time
it is asked and returns the path of the program; without the folder, or when the build fails,
the calling test is skipped with the reason.
"""
from __future__ import annotations

import atexit
import functools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

ENV_VAR = "JP_SHIMS_ORIGINALS"
PROGRAMS = ("evalb", "evalb_spmrl")
BUILD_TIMEOUT_SECONDS = 300


def original_binary(name: str) -> Path:
    """Path of the compiled original ``name`` ("evalb" or "evalb_spmrl"); skips the calling
    test (``pytest.skip``) when the originals are unavailable or do not build."""
    if name not in PROGRAMS:
        raise ValueError(f"unknown original {name!r} (one of {', '.join(PROGRAMS)})")
    source = os.environ.get(ENV_VAR)
    if not source:
        pytest.skip(f"{ENV_VAR} is not set: no folder with the C originals and build.sh to compile {name}")
    built, problem = _build(str(Path(source).resolve()))
    if built is None:
        pytest.skip(problem)
    binary = built / name
    if not binary.is_file():
        pytest.skip(f"{ENV_VAR}={source}: build.sh did not produce {name}")
    return binary


@functools.lru_cache(maxsize=None)
def _build(source: str) -> tuple[Path | None, str]:
    """Compile the originals of SOURCE once per process: (folder, "") or (None, reason)."""
    script = Path(source) / "build.sh"
    if not script.is_file():
        return None, f"{ENV_VAR}={source}: no build.sh there"
    if shutil.which("gcc") is None:
        return None, "gcc is not on PATH: cannot compile the C originals"
    target = Path(tempfile.mkdtemp(prefix="jp_shims_originals_"))
    atexit.register(shutil.rmtree, target, True)
    try:
        done = subprocess.run(["bash", str(script), str(target)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=BUILD_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return None, f"{script} did not finish within {BUILD_TIMEOUT_SECONDS} s"
    if done.returncode != 0:
        last = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["(no output)"]
        return None, f"{script} failed (exit {done.returncode}): {last[0]}"
    return target, ""
