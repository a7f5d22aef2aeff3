"""The optional C accelerator, ``jp_evalb._fastread`` (setup.py builds it where a C compiler
is available): the tree reader of :mod:`jp_evalb.trees` and the count of crossing brackets of
:mod:`jp_evalb.brackets`, several times faster, with the same results as their Python code.
``JP_SHIMS_PURE_PYTHON=1`` leaves it out (to compare, or to rule it out when debugging)."""
from __future__ import annotations

import os
from typing import Any, Callable, Optional

PURE_PYTHON_VARIABLE = "JP_SHIMS_PURE_PYTHON"

# The reader class and the crossing count, or None where the accelerator is not compiled
# (or was compiled before it had them) or is left out.
Reader: Optional[Callable[..., Any]] = None
crossing: Optional[Callable[[Any, Any], Any]] = None
if os.environ.get(PURE_PYTHON_VARIABLE) != "1":
    try:
        from . import _fastread
    except ImportError:  # not compiled here: the Python code alone gives the same results
        pass
    else:
        Reader = _fastread.Reader
        crossing = getattr(_fastread, "crossing", None)
