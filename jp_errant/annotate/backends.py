"""The backends by name: builds one, importing its analyser only then.

(Apart from :mod:`.backend`, which the stanza backend imports: the factory imports the
backends, the backends import the interface, and nothing imports back.)
"""
from __future__ import annotations

from .backend import Backend, BackendError

BACKENDS = ("stanza",)


def make_backend(name: str, lang: str, tokenize: bool, model_dir: str | None = None) -> Backend:
    """Build a named backend (imports its analyser only now); ``model_dir``: its model folder."""
    if name == "stanza":
        from .stanza_backend import StanzaBackend
        return StanzaBackend(lang, tokenize, model_dir=model_dir)
    raise BackendError(f"unknown backend {name!r} (available: {', '.join(BACKENDS)})")


def check_backend(name: str, lang: str, model_dir: str | None = None) -> None:
    """Fail early, in this process, when a named backend could not be built (before worker
    processes that would each build their own); loads nothing."""
    if name == "stanza":
        from .stanza_backend import check_model
        check_model(lang, model_dir)
        return
    raise BackendError(f"unknown backend {name!r} (available: {', '.join(BACKENDS)})")
