"""jp_errant: errant_compare (``jp_errant_compare``) and errant's annotation commands on stanza
(``jp_errant_parallel``, ``jp_errant_m2``). Python API: :func:`evaluate` (jp_errant.api),
imported on first use (the console scripts do not need it)."""
from __future__ import annotations

__all__ = ["evaluate"]


def __getattr__(name: str):
    if name == "evaluate":
        from jp_errant.api import evaluate

        return evaluate
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
