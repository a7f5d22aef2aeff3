"""The ``--json`` document of every tool: one envelope, strict JSON, one document on stdout.

::

    {"tool": "jp_evalb", "version": "0.1.0", "mode": "jp", "signature": "tool:jp_evalb|...",
     "options": {...}, "scores": {...}, "alignment": {"summary": {...}, "blocks": [...]}}

``scores`` is the tool's own (documented by its schema under docs/schema/); ``alignment``
always holds the summary, and ``blocks`` (the records of every block JP mode changed) only
with ``--show-alignment``. Figures that are not finite numbers (0/0) are written as
``null``: the document is strict JSON (no NaN, no Infinity).
"""
from __future__ import annotations

import math
from typing import Any, Mapping, Optional

from .audit import AlignmentAudit, Summary
from .version import package_version

ENVELOPE_KEYS = ("tool", "version", "mode", "signature", "options", "scores", "alignment")


def finite(value: Any) -> Any:
    """``value`` with every non-finite float (NaN, infinities) replaced by None, recursively
    through dicts, lists and tuples."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(item) for item in value]
    return value


def alignment_section(audit: Optional[AlignmentAudit], blocks: bool,
                      summary: Optional[Summary] = None) -> dict:
    """``{"summary": ..., "blocks": [...]}`` (``blocks`` only when asked for). Without an
    audit (a run that aligned nothing) the summary counts no block."""
    if summary is None:
        summary = audit.summary if audit is not None else Summary(0, 0, 0, {})
    section: dict = {"summary": summary.as_dict()}
    if blocks:
        section["blocks"] = [record.as_dict() for record in (audit.records if audit is not None else ())]
    return section


def envelope(tool: str, *, signature: str, options: Mapping[str, Any], scores: Any,
             audit: Optional[AlignmentAudit] = None, blocks: bool = False, mode: str = "jp",
             version: Optional[str] = None, summary: Optional[Summary] = None,
             significance: Optional[Mapping[str, Any]] = None) -> dict:
    """The whole document as a dict (keys in :data:`ENVELOPE_KEYS` order, then
    ``significance`` when given: the paired tests of ``--compare``/``--confidence``)."""
    document = {
        "tool": tool,
        "version": package_version() if version is None else version,
        "mode": mode,
        "signature": signature,
        "options": dict(options),
        "scores": scores,
        "alignment": alignment_section(audit, blocks, summary),
    }
    if significance is not None:
        document["significance"] = dict(significance)
    return document


def dumps(document: Any) -> str:
    """Strict JSON text of ``document``, newline-terminated (non-finite floats -> null)."""
    return _strict_json(document) + "\n"


def _strict_json(value: Any) -> str:
    import json  # (imported by the runs that write JSON only)

    return json.dumps(finite(value), indent=2, ensure_ascii=False, allow_nan=False)
