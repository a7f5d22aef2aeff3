"""The package version, as installed (setup.cfg holds the one true value).

Looked up on first use, not at import: most runs never print the version (only
``--version``, ``--help``, ``--json``, signatures and reports do). ``importlib.metadata``
costs about as much as a C evalb run on a PTB section (importing it pulls in the email
package, and its lookup parses all of METADATA), so the lookup first reads the ``Version:``
field of the first ``jp_shims`` ``.dist-info`` (or ``.egg-info``) on ``sys.path`` itself, the
distribution ``importlib.metadata`` would find first, and asks ``importlib.metadata`` only
when that is not simple (none found, several in one folder, an egg, a zip file on the path).
``jp_shims.version.__version__`` still works (a lazy module attribute).
"""
from __future__ import annotations

import os
import re
import sys
from functools import lru_cache
from typing import Optional

DISTRIBUTION = "jp-shims"
_NORMAL = re.compile(r"[-_.]+")  # name normalization (PEP 503, with "_")


@lru_cache(maxsize=None)
def package_version() -> str:
    """The installed jp-shims version (``0+unknown`` in a source tree that is not installed)."""
    found = _dist_info_version()
    if found is not None:
        return found
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "0+unknown"


def _dist_info_version() -> Optional[str]:
    """The version in the first jp_shims ``.dist-info`` or ``.egg-info`` on ``sys.path`` (as
    importlib.metadata would find it), or None where the answer is not that simple
    (importlib.metadata then decides)."""
    for entry in sys.path:
        folder = entry or "."
        try:
            names = os.listdir(folder)
        except NotADirectoryError:
            return None  # a zip file: importlib.metadata looks inside it
        except OSError:
            continue
        matches, eggs = [], False
        for name in names:
            low = name.lower()
            if low.startswith("jp") and _NORMAL.sub("_", low.rpartition(".")[0].partition("-")[0]) == "jp_shims":
                if low.endswith((".dist-info", ".egg-info")):
                    matches.append(name)
                elif low.endswith(".egg"):
                    eggs = True
        if eggs or len(matches) > 1:
            return None
        if matches:
            path = os.path.join(folder, matches[0])
            if matches[0].lower().endswith(".dist-info"):
                path = os.path.join(path, "METADATA")
            elif os.path.isdir(path):
                path = os.path.join(path, "PKG-INFO")
            return _metadata_field(path, "Version")
    return None


def _metadata_field(path: str, field: str) -> Optional[str]:
    """A single-line header field of a METADATA file (None if absent or unreadable)."""
    try:
        with open(path, encoding="utf-8") as stream:
            for line in stream:
                if line in ("\n", "\r\n"):
                    break  # the headers end at the first empty line
                name, colon, value = line.partition(":")
                if colon and name == field:
                    return value.strip() or None
    except (OSError, UnicodeDecodeError):
        return None
    return None


def __getattr__(name: str) -> str:
    if name == "__version__":
        return package_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
