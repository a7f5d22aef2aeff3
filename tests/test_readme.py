"""The README's examples run: every ```python block is a doctest, every ```console block
that starts with ``$ `` is a command whose output is checked."""
from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)
CONSOLE_BLOCKS = re.findall(r"```console\n(.*?)```", README, flags=re.S)


@pytest.mark.parametrize("number", range(len(PYTHON_BLOCKS)))
def test_python_examples(number):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(PYTHON_BLOCKS[number], {}, f"README block {number}", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"README python block {number} failed"


def _console_cases():
    for block in CONSOLE_BLOCKS:
        command, output = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    yield command, "\n".join(output)
                command, output = line[2:], []
            elif command is not None:
                output.append(line)
        if command is not None:
            yield command, "\n".join(output)


CONSOLE_CASES = list(_console_cases())


@pytest.mark.parametrize("command,expected", CONSOLE_CASES, ids=[c for c, _ in CONSOLE_CASES])
def test_console_examples(command, expected):
    if "$JP_SHIMS_DATA" in command and not os.environ.get("JP_SHIMS_DATA"):
        pytest.skip("JP_SHIMS_DATA is not set: the example reads a licensed corpus")
    # Commands naming an environment variable run through bash, which expands it.
    argv = ["bash", "-c", command] if "$" in command else shlex.split(command)
    result = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True,
                            env=dict(os.environ, LC_ALL="C.UTF-8"), timeout=120)
    # Expected output is stdout then stderr (JP mode's note is on stderr).
    shown = [line.rstrip() for line in (result.stdout + result.stderr).splitlines()]
    for line in expected.splitlines():
        if line.strip() and line.strip() != "...":
            assert line.rstrip() in shown, f"{line!r} not in output of {command}"
