"""The English word list used to recognise spelling errors.

``data/en_words.txt.gz`` holds the alphabetic entries of the SCOWL size-35 British and
American word lists (Debian packages ``wbritish-small`` and ``wamerican-small``, version
2020.12.07); SCOWL's permissive licence and notice are in ``data/SOURCES.md``.
"""
from __future__ import annotations

import gzip
from pathlib import Path

WORD_LIST_PATH = Path(__file__).resolve().parent / "data" / "en_words.txt.gz"


def load_word_list(path: Path | str = WORD_LIST_PATH) -> frozenset[str]:
    """All words of a (gzip-compressed when the name ends in .gz) one-word-per-line list."""
    path = Path(path)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return frozenset(line.strip() for line in handle if line.strip())
