"""jp_errant: errant_compare (``jp_errant_compare``) and errant's annotation commands on stanza
(``jp_errant_parallel``, ``jp_errant_m2``). Python API: :func:`evaluate` (jp_errant.api)."""
from __future__ import annotations


def evaluate(*args, **kwargs):
    """jp_errant_compare's figures as a result (:func:`jp_errant.api.evaluate`)."""
    from jp_errant.api import evaluate as run

    return run(*args, **kwargs)
