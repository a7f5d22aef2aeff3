"""jp_shims: what every jp-shims tool does the same way (the audit layer).

Tools keep their own readers and scorers; this package gives them one shape for everything a
user sees around the figures (see docs/audit.md for how a tool plugs in):

* :mod:`jp_shims.errors` -- the one-line error ``PROG: error: FILE:LINE: message`` (exit 2);
* :mod:`jp_shims.brokenpipe` -- stopping quietly when the reader of stdout goes away;
* :mod:`jp_shims.audit` -- per-block records of what JP mode changed, the summary counting
  blocks by kind, the ``--show-alignment`` listing and the stderr note;
* :mod:`jp_shims.signature` -- the compact string pinning everything a number depends on;
* :mod:`jp_shims.envelope` -- the ``--json`` document shared by all tools;
* :mod:`jp_shims.cli` -- the JP options' help section and ``--version``;
* :mod:`jp_shims.pyapi` -- :class:`JPAlignmentWarning` for the Python APIs.

Standard library only, and cheap to import (tools import it on every run).
"""
from __future__ import annotations

from .audit import (
    KINDS,
    AlignmentAudit,
    BlockRecord,
    Lines,
    Summary,
    WordGroup,
    block_kind,
    format_listing,
    note_line,
)
from .brokenpipe import EXIT_BROKEN_PIPE, guard_broken_pipe, silence_stdout
from .cli import JPArgumentParser, help_section, version_line
from .envelope import ENVELOPE_KEYS, dumps, envelope
from .errors import EXIT_BAD_INPUT, error_line, located, report_error
from .pyapi import JPAlignmentWarning, warn_alignment
from .signature import signature
from .version import package_version

__all__ = [
    "KINDS", "AlignmentAudit", "BlockRecord", "Lines", "Summary", "WordGroup", "block_kind",
    "format_listing", "note_line",
    "EXIT_BROKEN_PIPE", "guard_broken_pipe", "silence_stdout",
    "JPArgumentParser", "help_section", "version_line",
    "ENVELOPE_KEYS", "dumps", "envelope",
    "EXIT_BAD_INPUT", "error_line", "located", "report_error",
    "JPAlignmentWarning", "warn_alignment",
    "signature", "__version__", "package_version",
]


def __getattr__(name: str) -> str:
    # ``jp_shims.__version__``, looked up when asked for (see jp_shims.version).
    if name == "__version__":
        return package_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
