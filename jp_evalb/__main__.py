"""``python -m jp_evalb``: the same as the ``jp_evalb`` console script."""
from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
