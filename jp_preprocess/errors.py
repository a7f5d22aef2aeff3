"""Bad input of jp_preprocess's readers: the one input error of jp_shims."""
from __future__ import annotations

from jp_shims.errors import InputError

__all__ = ["InputError"]
