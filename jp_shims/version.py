"""The package version, as installed (setup.cfg holds the one true value).

Looked up on first use, not at import: ``importlib.metadata`` costs tens of milliseconds to
import, a large part of a short run, and most runs never print the version (only
``--version``, ``--help``, ``--json``, signatures and reports do).
``jp_shims.version.__version__`` still works (a lazy module attribute).
"""
from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=None)
def package_version() -> str:
    """The installed jp-shims version (``0+unknown`` in a source tree that is not installed)."""
    from importlib import metadata

    try:
        return metadata.version("jp-shims")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return package_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
