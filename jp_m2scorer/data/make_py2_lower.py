"""Write ``py2_lower.txt``: the lower-case mapping of Python 2.7's ``unicode.lower()``.

m2scorer's ``--ignore_whitespace_casing`` lower-cases with Python 2.7, whose Unicode
database is version 5.2 and whose ``lower()`` uses the *simple* one-to-one mappings
(``u'\\u0130'.lower()`` is ``u'i'``; Python 3 gives ``'i\\u0307'``, and lower-cases the Georgian
Mtavruli letters added in Unicode 11). The table is made by running the interpreter itself
over every code point, so it is Python 2.7's behaviour, not a reading of the standard:

    python jp_m2scorer/data/make_py2_lower.py /path/to/python2.7

Format: one line per code point that ``lower()`` changes, ``XXXX YYYY`` in hex.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

# Runs under Python 2.7 (a UCS-4 build: sys.maxunicode must be 0x10FFFF).
PY2_PROGRAM = r"""
import sys
assert sys.maxunicode == 0x10FFFF, "a UCS-4 (wide) build of Python 2.7 is needed"
out = []
for code in range(sys.maxunicode + 1):
    lowered = unichr(code).lower()
    assert len(lowered) == 1
    if ord(lowered) != code:
        out.append("%04X %04X\n" % (code, ord(lowered)))
sys.stdout.write("".join(out))
"""


def main(argv: list[str]) -> int:
    python2 = argv[1] if len(argv) > 1 else "python2.7"
    table = subprocess.run([python2, "-c", PY2_PROGRAM], check=True, capture_output=True).stdout
    target = Path(__file__).with_name("py2_lower.txt")
    target.write_bytes(table)
    print("%s: %d mappings" % (target, table.count(b"\n")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
