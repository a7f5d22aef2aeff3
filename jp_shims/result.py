"""The one result type of every scorer's Python API.

A :class:`Result` is what ``jp_shims.runner.evaluate`` and each tool's typed wrapper return:
a frozen, read-only mapping of the tool's scores (the ``scores`` object of its ``--json``
document: ``result["f"]``, ``"f" in result``, ``result.get("f")``, ``dict(result)``), with
the alignment summary, the blocks JP mode changed, the signature, the report text as the
original prints it, and the scores of compared systems. :meth:`Result.to_dict` and
:meth:`Result.to_json` give the ``--json`` document of the same run (``show_alignment=True``:
that of ``--json --show-alignment``).
"""
from __future__ import annotations

from typing import Any, Iterator, Mapping, Optional, Sequence

from .audit import Summary

__all__ = ["Result"]

_NO_SUMMARY = Summary(0, 0, 0, {})


class Result(Mapping[str, Any]):
    """The scores of one run (a read-only mapping) and everything around them.

    Attributes: ``scores`` (the mapping's content, as the JSON document's ``scores``),
    ``summary`` (:class:`jp_shims.audit.Summary`), ``blocks`` (the
    :class:`jp_shims.records.BlockRecord` of every block JP mode changed, when kept),
    ``signature``, ``text`` (the original's report), ``compared`` (one ``{"system",
    "scores", "alignment"}`` entry per compared system, as the JSON's ``compared``),
    ``tool``, ``options`` (the JSON's ``options``), ``version``.

    Scores that are not a JSON object (a list) are reachable by ``result.scores`` alone; the
    mapping is then empty.
    """

    __slots__ = ("scores", "summary", "blocks", "signature", "text", "compared", "tool", "options", "version")

    scores: Any
    summary: Summary
    blocks: list
    signature: str
    text: str
    compared: tuple
    tool: str
    options: Mapping[str, Any]
    version: Optional[str]

    def __init__(self, scores: Any, summary: Optional[Summary] = None, blocks: Sequence[Any] = (),
                 signature: str = "", text: str = "", *, compared: Sequence[Mapping[str, Any]] = (),
                 tool: str = "", options: Optional[Mapping[str, Any]] = None,
                 version: Optional[str] = None) -> None:
        values = {"scores": scores, "summary": _NO_SUMMARY if summary is None else summary,
                  "blocks": list(blocks), "signature": signature, "text": text,
                  "compared": tuple(compared), "tool": tool, "options": dict(options or {}),
                  "version": version}
        for name, value in values.items():
            object.__setattr__(self, name, value)

    # --- frozen -------------------------------------------------------------------------
    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only (cannot delete {name!r})")

    # --- the mapping of the scores --------------------------------------------------------
    def _mapping(self) -> Mapping[str, Any]:
        return self.scores if isinstance(self.scores, Mapping) else {}

    def __getitem__(self, key: str) -> Any:
        return self._mapping()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._mapping())

    def __len__(self) -> int:
        return len(self._mapping())

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(tool={self.tool!r}, scores={self.scores!r}, "
                f"changed={self.summary.changed}, signature={self.signature!r})")

    # Two results are equal when their JSON documents are (blocks included).
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Result):
            return self.to_dict(show_alignment=True) == other.to_dict(show_alignment=True)
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]

    # --- the --json document --------------------------------------------------------------
    def to_dict(self, show_alignment: bool = False) -> dict:
        """The ``--json`` document of this run (``show_alignment``: with the blocks, as
        ``--json --show-alignment``); non-finite figures are left as they are (see
        :meth:`to_json`)."""
        from .envelope import alignment_section, envelope

        document = envelope(self.tool, signature=self.signature, options=self.options, scores=self.scores,
                            summary=self.summary, version=self.version)
        if show_alignment:
            document["alignment"] = {**alignment_section(None, False, self.summary),
                                     "blocks": [record.as_dict() for record in self.blocks]}
        if self.compared:
            document["compared"] = [dict(entry) for entry in self.compared]
        return document

    def to_json(self, show_alignment: bool = False) -> str:
        """The ``--json`` document as the tool prints it (strict JSON: NaN is ``null``),
        newline-terminated: byte for byte the stdout of ``--json`` on the same inputs."""
        from .envelope import dumps

        return dumps(self.to_dict(show_alignment))
