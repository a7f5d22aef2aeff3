"""Rebuild ``data/readings.tsv.gz``: the toneless readings of every CJK Unified Ideograph.

ChERRANT gives each token the readings of its first character, as pypinyin returns them
(``pinyin(token, style=NORMAL, heteronym=True)[0]``). At character level a token is one
character, so a table of single characters gives the same lists without importing pypinyin
(MIT licence, see ``data/NOTICE.md``). Only characters of U+4E00..U+9FFF are needed: the
character cost reads readings only when every character of both tokens is in that block.
A character pypinyin does not know is left out (its "reading" is the character itself).

Run with pypinyin installed: ``python -m jp_cherrant.annotator.make_readings``.
"""
from __future__ import annotations

import gzip
from pathlib import Path

TABLE = Path(__file__).parent / "data" / "readings.tsv.gz"
FIRST, LAST = 0x4E00, 0x9FFF


def build() -> str:
    """The table's text: ``character<TAB>reading,reading…`` per line, in code point order."""
    import pypinyin

    lines = [f"# pypinyin {pypinyin.__version__}: pinyin(c, style=NORMAL, heteronym=True)[0]"]
    for code in range(FIRST, LAST + 1):
        char = chr(code)
        readings = pypinyin.pinyin(char, style=pypinyin.Style.NORMAL, heteronym=True)[0]
        if readings != [char]:
            lines.append(char + "\t" + ",".join(readings))
    return "\n".join(lines) + "\n"


def main() -> None:
    # mtime=0: the same table gives the same bytes.
    with open(TABLE, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(build().encode("utf-8"))


if __name__ == "__main__":
    main()
