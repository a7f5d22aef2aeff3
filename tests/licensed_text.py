"""Find text of licensed corpora in files of the repository.

The corpora under ``JP_SHIMS_DATA`` carry a ``SOURCES.md`` per folder that states where each
file comes from and under which terms. :func:`licensed_files` reads those statements and
returns the files whose text the project may not redistribute (PTB, Sejong, NUCLE/CoNLL-14,
W&I, JFLEG and the non-commercial UD treebanks GUM, ParTUT, LinES). :func:`needles` turns one
such file into the strings that would show an excerpt of it: every line of 40 or more
characters, every tree, every sentence (S lines of M2 files, ``# text`` and the word sequence
of CoNLL-U sentences; CoNLL-U token lines are left out because a token line such as
``1 The the DET DT ...`` is shared by every English treebank, the free ones included).
:class:`NeedleIndex` finds them in other texts. Whitespace runs count as one space.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

MIN_LINE = 40  # a line this long is an excerpt, whatever it holds
MIN_UNIT = 25  # a tree or a sentence this long is an excerpt (shorter ones are generic)

# Words of a SOURCES.md statement that name a corpus the project may not redistribute, and
# words that name terms allowing it. A statement naming both is about a licensed file.
LICENSED_MARKERS = (
    "Penn Treebank", "LDC", "Sejong", "CoNLL-2014", "NUCLE", "Write & Improve", "W&I",
    "JFLEG", "BY-NC", "NonCommercial", "GUM", "ParTUT", "LinES",
)
FREE_MARKERS = ("CC BY-SA", "Unlicense", "MIT", "public domain", "self-attentive-parser")
# Configuration, not corpus text: parameter files hold option lines of the scorers.
NOT_TEXT_SUFFIXES = (".prm",)


def _statements(sources: str) -> list[str]:
    """Table rows, list items (with their continuation lines) and paragraphs."""
    statements: list[str] = []
    current: list[str] = []
    for line in sources.splitlines():
        starts_new = line.startswith(("|", "- ", "* ", "#")) or not line.strip()
        if starts_new and current:
            statements.append(" ".join(current))
            current = []
        if line.strip():
            current.append(line.strip())
        if line.startswith(("|", "#")):
            statements.append(" ".join(current))
            current = []
    if current:
        statements.append(" ".join(current))
    return statements


def _mentions(statement: str, name: str) -> bool:
    return re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", statement) is not None


def _verdict(statement: str) -> bool | None:
    if any(marker in statement for marker in LICENSED_MARKERS):
        return True
    if any(marker in statement for marker in FREE_MARKERS):
        return False
    return None


def _classify_folder(folder: Path) -> dict[Path, bool]:
    sources = (folder / "SOURCES.md").read_text(encoding="utf-8")
    statements = _statements(sources)
    folder_default = any(marker in sources for marker in LICENSED_MARKERS)
    files = [
        path for path in sorted(folder.rglob("*"))
        if path.is_file() and path.name not in ("SOURCES.md", "README.md")
        and not path.name.startswith(".")
    ]
    names = {path.name for path in files} | {
        part for path in files for part in path.relative_to(folder).parts[:-1]
    }

    def direct(name: str) -> bool | None:
        verdicts = [_verdict(s) for s in statements if _mentions(s, name)]
        if True in verdicts:
            return True
        if False in verdicts:
            return False
        return None

    decided: dict[Path, bool] = {}
    for path in files:
        parents = list(path.relative_to(folder).parts[:-1])
        verdict = direct(path.name)
        for parent in reversed(parents):
            if verdict is None:
                verdict = direct(parent)
        if verdict is None:
            # A statement naming this file may name the file or folder it was made from.
            for statement in (s for s in statements if _mentions(s, path.name)):
                for other in names - {path.name}:
                    if _mentions(statement, other):
                        inherited = direct(other)
                        if inherited is not None:
                            verdict = inherited if verdict is None else verdict or inherited
        decided[path] = folder_default if verdict is None else verdict
    return decided


def licensed_files(root: Path) -> list[Path]:
    """Files under ``root`` whose SOURCES.md says they hold text of a licensed corpus."""
    found = []
    for sources in sorted(root.rglob("SOURCES.md")):
        for path, licensed in _classify_folder(sources.parent).items():
            if licensed and not path.name.endswith(NOT_TEXT_SUFFIXES):
                found.append(path)
    return sorted(set(found))


def normalize(text: str) -> str:
    return " ".join(text.split())


def _trees(line: str) -> Iterator[str]:
    """The line itself and, when it is one bracketed tree, its children (a wrapper such as
    ``(TOP ...)`` or ``( ...)`` may be dropped or renamed in an excerpt)."""
    depth = 0
    start = None
    for index, char in enumerate(line):
        if char == "(":
            depth += 1
            if depth == 2:
                start = index
        elif char == ")":
            if depth == 2 and start is not None:
                yield line[start:index + 1]
            depth -= 1


def _tree_words(line: str) -> str:
    return " ".join(re.findall(r"\(\S+ ([^()\s]+)\)", line))


def needles(path: Path) -> set[str]:
    """The strings whose presence elsewhere shows an excerpt of ``path``."""
    text = path.read_text(encoding="utf-8", errors="replace")
    found: set[str] = set()
    is_conllu = path.name.endswith(".conllu")
    words: list[str] = []
    for raw in text.splitlines():
        line = normalize(raw)
        if is_conllu:
            if line.startswith("# text ="):
                found.add(line[len("# text ="):].strip())
            elif line and line[0].isdigit() and "\t" in raw:
                columns = raw.split("\t")
                if re.fullmatch(r"\d+", columns[0]) and len(columns) > 1:
                    words.append(columns[1])
            elif not line and words:
                found.add(" ".join(words))
                words = []
            continue
        if line.startswith("S "):
            found.add(line[2:])
            continue
        if line.startswith("A ") and "|||" in line:
            continue  # edit lines of M2 files are short and shared between corpora
        if len(line) >= MIN_LINE:
            found.add(line)
        if line.startswith("("):
            found.update(normalize(tree) for tree in _trees(line))
            found.add(_tree_words(line))
    if words:
        found.add(" ".join(words))
    return {needle for needle in found if len(needle) >= MIN_UNIT}


class NeedleIndex:
    """Finds any of many needles in a text, looking only where a needle can start."""

    def __init__(self, needles: Iterable[tuple[str, str]]) -> None:
        self._by_key: dict[str, list[tuple[str, str]]] = {}
        for needle, origin in needles:
            self._by_key.setdefault(needle[:MIN_UNIT], []).append((needle, origin))

    def __len__(self) -> int:
        return sum(len(found) for found in self._by_key.values())

    def find(self, text: str) -> Iterator[tuple[str, str]]:
        """(needle, origin) for each needle found in ``text`` (whitespace normalized)."""
        text = normalize(text)
        keys = self._by_key
        seen: set[tuple[str, str]] = set()
        for match in re.finditer(r"(?:^|(?<=[\s(]))\S", text):
            start = match.start()
            candidates = keys.get(text[start:start + MIN_UNIT])
            if not candidates:
                continue
            for needle, origin in candidates:
                if (needle, origin) not in seen and text.startswith(needle, start):
                    seen.add((needle, origin))
                    yield needle, origin
