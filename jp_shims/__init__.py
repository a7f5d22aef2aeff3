"""jp_shims: what every jp-shims tool does the same way (the audit layer).

Tools keep their own readers and scorers; this package gives them one shape for everything a
user sees around the figures (see docs/audit.md for how a tool plugs in):

* :mod:`jp_shims.errors` -- the one-line error ``PROG: error: FILE:LINE: message`` (exit 2);
* :mod:`jp_shims.brokenpipe` -- stopping quietly when the reader of stdout goes away, and
  with one error line when stdout cannot be written;
* :mod:`jp_shims.audit` -- per-block records of what JP mode changed, the summary counting
  blocks by kind, the ``--show-alignment`` listing and the stderr note;
* :mod:`jp_shims.signature` -- the compact string pinning everything a number depends on;
* :mod:`jp_shims.envelope` -- the ``--json`` document shared by all tools;
* :mod:`jp_shims.cli` -- the JP options' help section and ``--version``;
* :mod:`jp_shims.pyapi` -- :class:`JPAlignmentWarning` and :class:`JPFiguresWarning` for the Python APIs;
* :mod:`jp_shims.result` -- :class:`Result`, what every scorer's Python API returns;
* :mod:`jp_shims.errors` also holds :class:`InputError` (a ``ValueError``: every bad input of
  every tool and API) and :class:`MissingDependency` (an ``ImportError`` naming the extra).

Standard library only, and cheap to import (tools import it on every run): each name is
imported from its submodule on first use.
"""
from __future__ import annotations

# ``envelope`` and ``signature`` are both submodules and functions: bound here, so that the
# package attributes are always the functions (importing a submodule binds its name in the
# package the first time only). Both modules are cheap to import: they import json and
# hashlib on first use.
from .envelope import ENVELOPE_KEYS, dumps, envelope
from .signature import signature

# Where the other public names live. Their submodules are imported when a name is first used
# (PEP 562): a tool importing ``jp_shims.audit`` or ``jp_shims.errors`` pays for that module
# only, not for argparse, json and dataclasses behind the others.
_SOURCES = {
    "audit": ("KINDS", "AlignmentAudit", "Summary", "block_kind", "format_listing", "note_line"),
    "records": ("BlockRecord", "EditMark", "Lines", "WordGroup"),
    "brokenpipe": ("EXIT_BROKEN_PIPE", "EXIT_WRITE_ERROR", "guard_broken_pipe", "guard_output", "silence_stdout",
                   "stdout_write_failed"),
    "cli": ("JPArgumentParser", "help_section", "version_line"),
    "errors": ("EXIT_BAD_INPUT", "InputError", "MissingDependency", "error_line", "located", "report_error"),
    "result": ("Result",),
    "pyapi": ("JPAlignmentWarning", "JPFiguresWarning", "warn_alignment", "warn_figures"),
    "version": ("package_version",),
}
_MODULE_OF = {name: module for module, names in _SOURCES.items() for name in names}

__all__ = [
    "KINDS", "AlignmentAudit", "BlockRecord", "EditMark", "Lines", "Summary", "WordGroup", "block_kind",
    "format_listing", "note_line",
    "EXIT_BROKEN_PIPE", "EXIT_WRITE_ERROR", "guard_broken_pipe", "guard_output", "silence_stdout",
    "stdout_write_failed",
    "JPArgumentParser", "help_section", "version_line",
    "ENVELOPE_KEYS", "dumps", "envelope",
    "EXIT_BAD_INPUT", "InputError", "MissingDependency", "error_line", "located", "report_error", "Result",
    "JPAlignmentWarning", "JPFiguresWarning", "warn_alignment", "warn_figures",
    "signature", "__version__", "package_version",
]


def __getattr__(name: str) -> object:
    if name == "__version__":  # looked up when asked for (see jp_shims.version)
        from .version import package_version

        return package_version()
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
