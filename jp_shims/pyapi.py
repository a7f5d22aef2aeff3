"""Python APIs: a warning when JP mode left anything unaligned or re-indexed, and one for
each caveat a tool raises about its figures."""
from __future__ import annotations

import warnings
from typing import Optional

from .audit import Summary


class JPAlignmentWarning(UserWarning):
    """JP mode aligned something the original would have scored differently (or refused):
    the result's figures can differ from the original's. The message says how many blocks
    of which kind; the result object carries the full summary (see the tool's docs)."""


class JPFiguresWarning(UserWarning):
    """A caveat about the figures themselves, whatever the alignment did (a tool's
    ``Evaluation.advisories``: e.g. per-type figures over two annotation schemes); the CLI
    prints the same text as a note line."""


def warn_figures(advisories, what: str, stacklevel: int = 2) -> None:
    """Warn with :class:`JPFiguresWarning` once per advisory."""
    for advisory in advisories:
        warnings.warn(f"{what}: {advisory}", JPFiguresWarning, stacklevel=stacklevel + 1)


def warn_alignment(summary: Summary, what: str, stacklevel: int = 2) -> Optional[str]:
    """Warn with :class:`JPAlignmentWarning` when ``summary`` counts a changed block; returns
    the message (None when nothing was changed and nothing was warned).

    ``stacklevel`` counts from the caller of this function, as in :func:`warnings.warn`.
    """
    if summary.changed == 0:
        return None
    message = f"{what}: {summary.describe()}; the figures can differ from the original's"
    warnings.warn(message, JPAlignmentWarning, stacklevel=stacklevel + 1)
    return message
