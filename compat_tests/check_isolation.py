"""A one-off check of tests/toolrun.py on every compatibility vector (not part of the suite).

    JP_SHIMS_DATA=../shared/data python -m compat_tests.check_isolation [--process] [TOOL ...]

Runs every case in both modes in-process twice in one interpreter -- first in name order,
legacy before JP, then in reverse order, JP before legacy -- and reports any run whose
stdout, stderr, exit status or written files differ between the two passes: state left
behind by one run (a cache, a handler, a warnings registry, a changed descriptor) would show
as a difference. The interpreter's own state (signal handlers, open descriptors and what 0-2
point at, warnings filters, logging, environment, cwd, argv, streams) must be the same after
both passes as before. With ``--process`` every run is also compared with the installed console
script run as a process: the same bytes, status and files; stderr the same bytes, or, when
it holds a traceback, the same last line.
"""
from __future__ import annotations

import gc
import logging
import os
import signal
import sys
import tempfile
import time
import warnings
from pathlib import Path

import pytest

from compat_tests import test_vectors as vectors

# As the root conftest.py does for the suite: the console scripts beside this interpreter
# come first (not another installation's on PATH).
os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")

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


def process_state() -> dict:
    """What a run could leave behind in the interpreter besides its output."""
    return {
        "signal handlers": {number: signal.getsignal(number) for number in signal.valid_signals()
                            if number not in (signal.SIGKILL, signal.SIGSTOP)},
        "open descriptors": sorted(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None,
        "descriptors 0-2": [os.path.realpath(f"/proc/self/fd/{fd}") for fd in range(3)]
        if os.path.isdir("/proc/self/fd") else None,
        "warnings filters": list(warnings.filters),
        "logging handlers": list(logging.getLogger().handlers), "logging level": logging.getLogger().level,
        "environment": dict(os.environ), "cwd": os.getcwd(), "argv": list(sys.argv),
        "streams": (sys.stdin, sys.stdout, sys.stderr), "recursion limit": sys.getrecursionlimit(),
        "excepthook": sys.excepthook,
    }


def main(argv: list[str]) -> int:
    with_process = "--process" in argv
    tools = [arg for arg in argv if not arg.startswith("--")]
    cases = [c for c in vectors.CASES if not tools or c.tool in tools]
    runs = [(case, mode) for case in cases for mode in MODES]
    state = process_state()
    started = time.perf_counter()
    first = {(case.id, mode): run(case, mode, True) for case, mode in runs}
    second = {(case.id, mode): run(case, mode, True) for case, mode in reversed(runs)}
    print(f"{len(runs)} runs in-process twice: {time.perf_counter() - started:.1f} s")
    failures = 0
    gc.collect()  # files a failed run left open (frames held by its traceback) are closed then
    after = process_state()
    for name, value in state.items():
        if after[name] != value:
            failures += 1
            print(f"interpreter state changed: {name}: {value!r} -> {after[name]!r}")
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
