"""The values of conlleval's ``-d`` and ``-o`` are values, whatever they look like.

conlleval takes the argument after ``-d`` or ``-o`` as its value, whatever it is (spec §1:
``-d -l`` is the delimiter ``-l``, ``-o -`` the outside tag ``-``). jp_conlleval's argv is
also read by the runner (``--json``, ``--legacy``, ``--help``, ``-h`` ... anywhere) and by
JP mode (``-`` is standard input): :func:`mark_values` marks each such value first, so that
none of them takes it for an option or a file, and conlleval's option loop
(:func:`jp_conlleval.reader.parse_leading_options`) reads it back with :func:`unmark`.

The mark is a NUL byte in front, which no argument of a real command line can hold.
"""
from __future__ import annotations

from typing import List, Sequence

MARK = "\x00"
VALUED_OPTIONS = ("-d", "-o")  # conlleval's options that take the next argument
SCHEME = "--scheme"  # jp_conlleval's own option with a value


def mark(value: str) -> str:
    return value if value.startswith(MARK) else MARK + value


def unmark(value: str) -> str:
    return value[len(MARK):] if value.startswith(MARK) else value


def mark_values(argv: Sequence[str]) -> List[str]:
    """``argv`` with the value of every ``-d``/``-o`` among the leading options marked.

    The arguments are walked as conlleval's loop walks them (options until the first
    argument that is not one), stepping over the runner's options and their values, which
    may stand anywhere; a value already marked stays as it is (marking twice is marking
    once)."""
    from jp_shims.runner import JP_VALUED
    from jp_shims.significance.cli import LISTS, VALUED

    valued = {*JP_VALUED, *VALUED, SCHEME}
    marked: List[str] = []
    options = True  # still among the leading options
    i = 0
    while i < len(argv):
        arg = argv[i]
        if options and arg in VALUED_OPTIONS and i + 1 < len(argv):
            marked += [arg, mark(argv[i + 1])]
            i += 2
            continue
        marked.append(arg)
        i += 1
        if arg in valued and i < len(argv):
            marked.append(argv[i])
            i += 1
        elif arg.split("=", 1)[0] in LISTS:
            # (as the runner reads them: every argument up to the next one starting with --)
            while i < len(argv) and not argv[i].startswith("--"):
                marked.append(argv[i])
                i += 1
        elif not arg.startswith("-") or arg == "-":
            options = False  # a file (or in legacy mode an argument conlleval refuses)
    return marked
