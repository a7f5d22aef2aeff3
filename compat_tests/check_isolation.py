"""A one-off check of tests/toolrun.py on every compatibility vector (not part of the suite).

    JP_SHIMS_DATA=../shared/data python -m compat_tests.check_isolation [--process] [TOOL ...]

Runs every case in both modes in-process twice in one interpreter -- first in name order,
legacy before JP, then in reverse order, JP before legacy -- and reports any run whose
stdout, stderr, exit status or written files differ between the two passes: state left
behind by one run (a cache, a handler, a warnings registry, a changed descriptor) would show
as a difference. With ``--process`` every run is also compared with the installed console
script run as a process: the same bytes, status and files; stderr the same bytes, or, when
it holds a traceback, the same last line.
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import pytest

from compat_tests import test_vectors as vectors

MODES = {"legacy": ["--legacy"], "jp": []}


def run(case: vectors.Case, mode: str, in_process: bool):
    """The case's run (a ToolRun), or the reason it is skipped."""
    vectors.PROCESS_CASES = set() if in_process else {c.id for c in vectors.CASES}
    with tempfile.TemporaryDirectory(prefix="jp-isolation-") as scratch:
        try:
            return vectors.run_tool(vectors.prepared(case, Path(scratch)), MODES[mode])
        except pytest.skip.Exception as skipped:
            return f"skipped: {skipped}"


def same_stderr(a: bytes, b: bytes) -> bool:
    if b"Traceback (most recent call last)" in a or b"Traceback (most recent call last)" in b:
        return vectors.last_line(a) == vectors.last_line(b)
    return a == b


def differences(a, b, stderr_rule) -> list[str]:
    if isinstance(a, str) or isinstance(b, str):
        return [] if a == b else [f"{a!r} vs {b!r}"]
    found = [name for name in ("stdout", "returncode", "files") if getattr(a, name) != getattr(b, name)]
    if not stderr_rule(a.stderr, b.stderr):
        found.append(f"stderr {a.stderr[-300:]!r} vs {b.stderr[-300:]!r}")
    return found


def main(argv: list[str]) -> int:
    with_process = "--process" in argv
    tools = [arg for arg in argv if not arg.startswith("--")]
    cases = [c for c in vectors.CASES if not tools or c.tool in tools]
    runs = [(case, mode) for case in cases for mode in MODES]
    started = time.perf_counter()
    first = {(case.id, mode): run(case, mode, True) for case, mode in runs}
    second = {(case.id, mode): run(case, mode, True) for case, mode in reversed(runs)}
    print(f"{len(runs)} runs in-process twice: {time.perf_counter() - started:.1f} s")
    failures = 0
    for key in first:
        for what in differences(first[key], second[key], bytes.__eq__):
            failures += 1
            print(f"{key[0]} {key[1]}: second pass differs: {what}")
    if with_process:
        started = time.perf_counter()
        for case, mode in runs:
            process = run(case, mode, False)
            for what in differences(first[(case.id, mode)], process, same_stderr):
                failures += 1
                print(f"{case.id} {mode}: in-process differs from the process: {what}")
        print(f"{len(runs)} runs as processes: {time.perf_counter() - started:.1f} s")
    skipped = sum(isinstance(result, str) for result in first.values())
    print(f"{len(runs)} runs ({skipped} skipped), {failures} differences")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
