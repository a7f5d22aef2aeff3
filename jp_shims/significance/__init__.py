"""Paired significance tests and bootstrap intervals over units of gold text (docs/significance.md).

The package's modules, read in this order:

* :mod:`jp_shims.significance.resampling` -- units, resampled totals and the tests
  (:func:`compare`); the only module that imports numpy;
* :mod:`jp_shims.significance.groups` -- breakdowns: per-group figures beside the headline
  ones, and the tools' statistics turned into the counts :func:`compare` resamples;
* :mod:`jp_shims.significance.cli` -- the options every tool shares (``--compare``,
  ``--paired-bs``, ...) and how a comparison is shown (text table, JSON section).

The public names of the tests are importable from here (``from jp_shims.significance import
compare``). They are looked up on first use: a console script imports the options and the
breakdowns at start-up, and numpy only when a test or interval is asked for
(tests/test_startup_imports.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .resampling import (
        CONFIDENCE, DEFAULT_AR_N, DEFAULT_BS_N, DEFAULT_SEED, AdditiveCounts, ChoiceCounts, Comparison, Extent,
        Interval, Metric, MetricResult, SystemResult, additive_systems, compare, errant_prf, f_ratio, gather,
        unit_index, units_of,
    )

__all__ = ["CONFIDENCE", "DEFAULT_AR_N", "DEFAULT_BS_N", "DEFAULT_SEED", "AdditiveCounts", "ChoiceCounts",
           "Comparison", "Extent", "Interval", "Metric", "MetricResult", "SystemResult", "additive_systems",
           "compare", "errant_prf", "f_ratio", "gather", "unit_index", "units_of"]


def __getattr__(name: str) -> object:
    # numpy is loaded with the first name used, not with the package (see the docstring).
    if name in __all__:
        from . import resampling

        return getattr(resampling, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list:
    return sorted(set(globals()) | set(__all__))
