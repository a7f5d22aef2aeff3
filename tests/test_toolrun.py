"""tests/toolrun.py runs a console script in-process as its process would: the same bytes on
stdout and stderr from the same standard input, the same exit status, and nothing left behind."""
from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from tests.toolrun import ROOT, console_scripts, entry_point, run_tool

STDIN = b"caf\xc3\xa9 \xff\r\nsecond\rthird\n"


def probe() -> int:
    """Writes what a process's standard streams do with text, bytes, undecodable input, a
    repeated warning, then fails with an uncaught exception."""
    text = sys.stdin.read()
    sys.stdout.write(f"argv0={os.path.basename(sys.argv[0])} argv={sys.argv[1:]} cwd={os.path.basename(os.getcwd())}\n")
    sys.stdout.write(f"stdin={text!r} lines={text.splitlines(keepends=True)!r}\n")
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        sys.stdout.write(f"{stream.encoding} {stream.errors} {stream.line_buffering} {stream.write_through} "
                         f"{stream.isatty()}\n")
    sys.stdout.write("text then\r\n")
    sys.stdout.buffer.write(b"bytes\n")  # before the text unless written through (buffering)
    sys.stdout.write(text)  # the undecodable byte goes back out as it came in
    sys.stderr.write("stderr \udcff \u00e9\n")
    for _ in range(2):
        warnings.warn("shown once per place", UserWarning, stacklevel=1)
    warnings.warn("ignored by default", DeprecationWarning, stacklevel=1)
    raise KeyError("the last line")


@pytest.mark.parametrize("unbuffered", ["1", None], ids=["PYTHONUNBUFFERED", "buffered"])
def test_streams_exit_and_traceback_are_the_processes(tmp_path, unbuffered):
    # A process on purpose: it is the reference the in-process run is compared with.
    code = "import sys; from tests.test_toolrun import probe; sys.argv[0] = 'probe'; sys.exit(probe())"
    env = {"LC_ALL": "C.UTF-8", "PYTHONUNBUFFERED": unbuffered}
    process_env = {**os.environ, **env, "PYTHONPATH": str(ROOT)}
    if unbuffered is None:
        del process_env["PYTHONUNBUFFERED"]
    process = subprocess.run([sys.executable, "-c", code, "a", "b"], cwd=tmp_path, input=STDIN, capture_output=True,
                             env=process_env, timeout=60)
    inside = run_tool("probe", ["a", "b"], cwd=tmp_path, stdin=STDIN, env=env, main=probe)
    assert inside.stdout == process.stdout
    assert inside.returncode == process.returncode == 1
    # stderr: the same text up to the traceback, and the same last line; the traceback's
    # outermost frame is the wrapper's in a process (here `-c`), main's in-process.
    before, _, _ = process.stderr.partition(b"Traceback (most recent call last):\n")
    assert inside.stderr.startswith(before + b"Traceback (most recent call last):\n")
    assert inside.stderr.splitlines()[-1] == process.stderr.splitlines()[-1] == b"KeyError: 'the last line'"
    assert before.count(b"UserWarning: shown once per place") == 1 and b"ignored by default" not in before


def raising(value):
    def main():
        raise SystemExit(value)
    return main


@pytest.mark.parametrize("value, status, stderr", [
    (None, 0, b""), (0, 0, b""), (3, 3, b""), (256 + 2, 2, b""), (-1, 255, b""), (True, 1, b""),
    ("usage: a message", 1, b"usage: a message\n"),
])
def test_system_exit_is_read_as_the_interpreter_does(value, status, stderr, tmp_path):
    result = run_tool("x", [], cwd=tmp_path, main=raising(value))
    assert (result.returncode, result.stderr) == (status, stderr)
    assert run_tool("x", [], cwd=tmp_path, main=lambda: value).returncode == status  # sys.exit(main())


def test_everything_changed_is_restored_and_files_written_are_returned(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLRUN_KEPT", "before")
    monkeypatch.delenv("TOOLRUN_NEW", raising=False)
    (tmp_path / "old.txt").write_text("unchanged")
    streams, cwd, argv = (sys.stdin, sys.stdout, sys.stderr), os.getcwd(), list(sys.argv)

    def main():
        assert os.environ["TOOLRUN_KEPT"] == "during" and os.environ["TOOLRUN_NEW"] == "new"
        Path("status").write_text("written")
        sys.stdout.close()  # what was written before survives
        raise ValueError("after closing stdout")

    result = run_tool("x", [], cwd=tmp_path, env={"TOOLRUN_KEPT": "during", "TOOLRUN_NEW": "new"}, main=main)
    assert result.returncode == 1 and result.stderr.endswith(b"ValueError: after closing stdout\n")
    assert result.files == {"status": b"written"}
    assert (sys.stdin, sys.stdout, sys.stderr) == streams and os.getcwd() == cwd and sys.argv == argv
    assert os.environ["TOOLRUN_KEPT"] == "before" and "TOOLRUN_NEW" not in os.environ


def test_every_console_script_has_an_entry_point():
    assert console_scripts()  # setup.cfg's, so that a new tool needs no change in tests/toolrun.py
    for script in console_scripts():
        assert callable(entry_point(script)), script
