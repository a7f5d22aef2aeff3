"""Replace the licensed text in compatibility vectors by recipes (``materialize.py``).

Usage: ``JP_SHIMS_DATA=... python -m compat_tests.strip_licensed [CASE_FOLDER ...]``
(default: every case under ``compat_tests/vectors``). For each file of a case in which an
excerpt of a licensed corpus is found (``tests/licensed_text.py``), the script locates the
corpus lines it came from, expresses the file as spans of those lines plus the text the case
changed, checks that the recipe rebuilds the file byte for byte and that its literal pieces
hold no excerpt, then deletes the file and records the recipe in ``case.json``.
"""
from __future__ import annotations

import difflib
import hashlib
import json
import re
import sys
from pathlib import Path

from compat_tests.materialize import build, read_lines
from tests.datafiles import data_root
from tests.licensed_text import NeedleIndex, licensed_files, needles, normalize

VECTORS = Path(__file__).parent / "vectors"
CONTEXT = 60  # lines around the excerpts, stopping at a blank line (M2 and CoNLL-U blocks)
WINDOW = 40  # corpus lines on each side of a changed stretch where its tokens are sought
TOKEN = re.compile(r"\s+|[^\s()|]+|[()|]")


def line_keys(line: str) -> list[str]:
    """The needles a single corpus line can give, to find where an excerpt came from."""
    text = normalize(line)
    keys = [text]
    for prefix in ("S ", "# text ="):
        if text.startswith(prefix):
            keys.append(text[len(prefix):].strip())
    return keys


class Source:
    """One corpus file, its lines and where each line's needles are."""

    def __init__(self, path: Path) -> None:
        with open(path, encoding="utf-8", errors="surrogateescape", newline="") as handle:
            self.lines = handle.read().splitlines()
        self.path = path
        self.normalized = [normalize(line) for line in self.lines]
        self.where: dict[str, list[int]] = {}
        for number, line in enumerate(self.lines, 1):
            for key in line_keys(line):
                self.where.setdefault(key, []).append(number)

    def locate(self, found: set[str]) -> tuple[int, int] | None:
        """The line range holding the needles ``found``, widened to whole blank-separated
        blocks (M2, CoNLL-U) when the file has them nearby."""
        hits = [n for needle in found for n in self.where.get(needle, ())]
        inside = [needle for needle in found if needle not in self.where and needle.startswith("(")]
        if inside:  # a tree inside a line
            hits += [n for n, line in enumerate(self.normalized, 1)
                     if line.startswith("(") and any(needle in line for needle in inside)]
        if not hits:
            return None
        first, last = min(hits), max(hits)
        lines = self.lines
        window = lines[max(0, first - CONTEXT):last + CONTEXT]
        if any(not line.strip() for line in window):
            while first > 1 and lines[first - 2].strip():
                first -= 1
            while last < len(lines) and lines[last - 1].strip():
                last += 1
        return first, last


def splice(target: str, regions: list[str], whole: bool = False) -> list:
    """``target`` as literals and [region, start, end] spans of ``regions``: lines that are
    equal are matched first, then the tokens of the other lines against the corpus lines
    around them."""
    source_lines: list[tuple[int, int, str]] = []  # (region, char offset, line)
    for index, region in enumerate(regions):
        offset = 0
        for line in region.splitlines(keepends=True):
            source_lines.append((index, offset, line))
            offset += len(line)
        source_lines.append((index, offset, "\0"))  # no span crosses two regions
    target_lines = target.splitlines(keepends=True)
    if whole:  # tokens against all the corpus lines (slower; for reports quoting sentences)
        return _merge(_token_splice(target, source_lines, regions))
    matcher = difflib.SequenceMatcher(None, target_lines, [line for _, _, line in source_lines], autojunk=False)
    result: list = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            region, start, _ = source_lines[j1]
            last_region, last_start, last_line = source_lines[j2 - 1]
            result.append([region, start, last_start + len(last_line)])
        elif tag in ("replace", "delete"):  # target lines the corpus lines do not equal
            window = source_lines[max(0, j1 - WINDOW):j2 + WINDOW]
            result.extend(_token_splice("".join(target_lines[i1:i2]), window, regions))
    return _merge(result)


def _merge(result: list) -> list:
    merged: list = []
    for piece in result:
        if isinstance(piece, str) and merged and isinstance(merged[-1], str):
            merged[-1] += piece
        elif (isinstance(piece, list) and merged and isinstance(merged[-1], list)
              and merged[-1][0] == piece[0] and merged[-1][2] == piece[1]):
            merged[-1][2] = piece[2]
        else:
            merged.append(piece)
    return merged


def _token_splice(target: str, window: list[tuple[int, int, str]], regions: list[str]) -> list:
    tokens: list[str] = []
    owners: list[tuple[int, int]] = []  # (region, char offset) of each token
    for region, offset, line in window:
        if line == "\0":
            tokens.append(line)
            owners.append((region, offset))
            continue
        for token in TOKEN.findall(line):
            tokens.append(token)
            owners.append((region, offset))
            offset += len(token)
    target_tokens = TOKEN.findall(target)
    matcher = difflib.SequenceMatcher(None, target_tokens, tokens, autojunk=False)
    result: list = []
    position = 0
    for block in matcher.get_matching_blocks():
        if block.size == 0:
            continue
        if position < block.a:
            result.append("".join(target_tokens[position:block.a]))
        region, start = owners[block.b]
        end = start + sum(len(t) for t in tokens[block.b:block.b + block.size])
        if block.size < 3 and end - start < 12:
            result.append(regions[region][start:end])  # a few characters: keep them inline
        else:
            result.append([region, start, end])
        position = block.a + block.size
    if position < len(target_tokens):
        result.append("".join(target_tokens[position:]))
    return result


def choose_sources(text: str, found: dict[str, set[str]], sources: dict[str, Source]):
    """The corpus files an excerpt came from: the one sharing most lines (then most
    needles) with it first, then any other that adds lines or needles."""
    wanted = {line for line in text.splitlines() if line.strip()}
    candidates = []
    for origin, needles_found in found.items():
        located = sources[origin].locate(needles_found)
        if located is None:
            continue
        first, last = located
        shared = wanted & set(sources[origin].lines[first - 1:last])
        candidates.append((len(shared), len(needles_found), origin, located, shared))
    candidates.sort(key=lambda c: (-c[0], -c[1], c[2]))
    names, ranges, regions = [], [], []
    covered: set[str] = set()
    for _, _, origin, located, shared in candidates:
        adds = (shared | found[origin]) - covered
        if names and not adds:
            continue
        covered |= shared | found[origin]
        names.append(origin)
        ranges.append(list(located))
        regions.append(read_lines(sources[origin].path, *located))
    return names, ranges, regions


def describe(entry: dict) -> str:
    ranges = "; ".join(f"lines {a}-{b} of {name}" for name, (a, b) in zip(entry["from"], entry["lines"]))
    spans = sum(1 for piece in entry["splice"] if not isinstance(piece, str))
    literals = [piece for piece in entry["splice"] if isinstance(piece, str)]
    return (f"{ranges}: {spans} spans of the corpus with {len(literals)} pieces of the case's "
            f"own text ({sum(map(len, literals))} characters) between them")


def strip_case(folder: Path, root: Path, index: NeedleIndex, sources: dict[str, Source]) -> list[str]:
    spec_path = folder / "case.json"
    spec = json.loads(spec_path.read_text(encoding="utf-8"))
    done = []
    for path in sorted(folder.iterdir()):
        if path.name == "case.json" or not path.is_file():
            continue
        data = path.read_bytes()
        text = data.decode("utf-8", "surrogateescape")
        found: dict[str, set[str]] = {}
        for needle, origin in index.find(text):
            found.setdefault(origin, set()).add(needle)
        if not found:
            continue
        names, ranges, regions = choose_sources(text, found, sources)
        for whole in (False, True):
            entry = {"from": names, "lines": ranges, "splice": splice(text, regions, whole),
                     "sha256": hashlib.sha256(data).hexdigest()}
            entry["recipe"] = describe(entry)
            if build(entry, root) != data:
                raise SystemExit(f"{path}: recipe does not rebuild the file")
            literals = "\n".join(piece for piece in entry["splice"] if isinstance(piece, str))
            leaked = [needle for needle, _ in index.find(literals)]
            if not leaked:
                break
        if leaked:
            raise SystemExit(f"{path}: literal pieces still hold corpus text: {leaked[:2]}")
        spec.setdefault("materialize", {})[path.name] = entry
        done.append(f"{path.name} <- {entry['recipe']}")
    for name in spec.get("materialize", {}):
        if (folder / name).exists():
            (folder / name).unlink()
    if done:
        spec_path.write_text(json.dumps(spec, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return done


def main(argv: list[str]) -> int:
    root = data_root()
    if root is None:
        print("strip_licensed: set JP_SHIMS_DATA to the corpus folder", file=sys.stderr)
        return 2
    paths = {str(path.relative_to(root)): path for path in licensed_files(root)}
    index = NeedleIndex((needle, name) for name, path in paths.items() for needle in needles(path))
    sources = {name: Source(path) for name, path in paths.items()}
    folders = [Path(arg) for arg in argv] or sorted(p.parent for p in VECTORS.glob("*/*/case.json"))
    for folder in folders:
        for line in strip_case(folder, root, index, sources):
            print(f"{folder.relative_to(VECTORS) if folder.is_relative_to(VECTORS) else folder}: {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
