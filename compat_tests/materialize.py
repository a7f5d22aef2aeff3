"""Rebuild the licensed inputs of a compatibility vector from the corpora at test time.

A case made from a licensed corpus (PTB, NUCLE/CoNLL-14, W&I, JFLEG, GUM, ParTUT, LinES)
cannot ship its input files, so its ``case.json`` carries a recipe instead, one entry per
file under ``"materialize"``::

    "test.tst": {
      "from": ["ptb/23.sys_berkeley_top"],   # corpus files, relative to $JP_SHIMS_DATA
      "lines": [[1407, 1414]],               # 1-based inclusive line range of each
      "splice": ["(@S ", [0, 5, 312], ...],  # the file: literal text or [source, start, end]
      "sha256": "...",                       # of the file the original was run on
      "recipe": "lines 1407-1414 of ... with 12 pieces of our own text between them"
    }

``[i, start, end]`` is the text ``start:end`` (characters, end excluded) of the line range
of source ``i``; literals are what the case changed (merge wrappers, perturbed labels, the
report text around the sentences). Concatenated, the pieces give the file byte for byte,
which the sha256 checks. ``compat_tests/strip_licensed.py`` writes these recipes.
"""
from __future__ import annotations

import hashlib
import shutil
from pathlib import Path


class RecipeError(Exception):
    """The corpus file is missing or is not the one the case was made from."""


def read_lines(path: Path, first: int, last: int) -> str:
    """Lines ``first``..``last`` (1-based, inclusive) of ``path`` with their line ends."""
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as handle:
        return "".join(line for number, line in enumerate(handle, 1) if first <= number <= last)


def build(entry: dict, data_root: Path) -> bytes:
    """The bytes of one file described by a ``materialize`` entry."""
    regions = []
    for name, (first, last) in zip(entry["from"], entry["lines"]):
        path = data_root / name
        if not path.is_file():
            raise RecipeError(f"{path} not found")
        regions.append(read_lines(path, first, last))
    pieces = []
    for piece in entry["splice"]:
        if isinstance(piece, str):
            pieces.append(piece)
        else:
            source, start, end = piece
            pieces.append(regions[source][start:end])
    data = "".join(pieces).encode("utf-8", "surrogateescape")
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        raise RecipeError(f"{', '.join(entry['from'])} differ from the corpus files the case was made from")
    return data


def materialize(folder: Path, spec: dict, data_root: Path, dest: Path) -> Path:
    """A copy of the case ``folder`` in ``dest`` with its recipe files written."""
    shutil.copytree(folder, dest, dirs_exist_ok=True)
    for name, entry in spec["materialize"].items():
        (dest / name).write_bytes(build(entry, data_root))
    return dest
