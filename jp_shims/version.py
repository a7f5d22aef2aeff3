"""The package version, as installed (setup.cfg holds the one true value)."""
from __future__ import annotations

from importlib import metadata

try:
    __version__ = metadata.version("jp-shims")
except metadata.PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0+unknown"
