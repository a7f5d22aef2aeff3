"""Locate licensed corpora outside the repository.

The corpora (PTB, Sejong, W&I, JFLEG, UD sets) are never committed. Tests read them from the
folder named by the environment variable ``JP_SHIMS_DATA`` (laid out like ``shared/data``) and
skip, with the reason, when it is unset or a file is missing.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ENV_VAR = "JP_SHIMS_DATA"


def data_root() -> Path | None:
    """The corpus folder, or None when ``JP_SHIMS_DATA`` is unset."""
    value = os.environ.get(ENV_VAR)
    return Path(value).resolve() if value else None


def data_path(*parts: str) -> Path:
    """Path of a corpus file under ``JP_SHIMS_DATA``; skips the calling test when absent."""
    root = data_root()
    if root is None:
        pytest.skip(f"{ENV_VAR} is not set: corpus file {'/'.join(parts)} unavailable")
    path = root.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"corpus file {path} not found under {ENV_VAR}")
    return path
