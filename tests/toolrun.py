"""Run a console script in this interpreter, as its own process would run it.

Starting a process costs a fresh interpreter and its imports (numpy, rapidfuzz) per test;
most tests are about a tool's output, not about the process. :func:`run_tool` calls the
script's entry point -- found in setup.cfg's ``console_scripts``, so a new tool needs no
change here -- the way the script's wrapper does (``sys.exit(main())`` with ``sys.argv``
set), with what the process would have:

- ``sys.stdout``, ``sys.stderr`` and ``sys.stdin``: text streams over bytes, with the
  encoding, error handlers, newline handling and buffering (``PYTHONUNBUFFERED`` or not) of a
  process under ``LC_ALL=C.UTF-8`` with pipes for its standard streams
  (``tests/test_toolrun.py`` compares the bytes with a real process's); ``sys.stdout.buffer``
  takes bytes, as some tools write them;
- standard input: the bytes (or a file's bytes) given, else empty (``/dev/null``);
- the working directory, the environment variables given, ``sys.argv[0]`` the script's path;
- ``SystemExit`` read as the interpreter does; an uncaught exception printed as a traceback on
  stderr with exit status 1 (its last line is the process's; the outermost frame is ``main``
  instead of the wrapper script's ``<module>``);
- warnings shown on stderr under Python's default filters, each at most once per run, as in a
  fresh process (pytest would otherwise record them).

Everything it changes is restored afterwards. A test that is about the process itself (the
console script is installed, a closed pipe, a signal, a real pipe on standard input, start-up
imports) starts one instead, and says so.
"""
from __future__ import annotations

import configparser
import functools
import importlib
import io
import os
import sys
import traceback
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Optional, Union

ROOT = Path(__file__).resolve().parents[1]

# What the interpreter gives a process whose standard streams are pipes, under LC_ALL=C.UTF-8
# (a C locale: surrogateescape on stdin and stdout; stderr backslashreplace, written through).
ENCODING = "utf-8"
STDIO_ERRORS = "surrogateescape"
STDERR_ERRORS = "backslashreplace"
NEWLINE = "\n"  # POSIX: no newline translation on any of the three

# warnings.filters of a fresh interpreter without -W or PYTHONWARNINGS (release build).
DEFAULT_WARNING_FILTERS = (
    ("default", DeprecationWarning, "__main__"),
    ("ignore", DeprecationWarning, None),
    ("ignore", PendingDeprecationWarning, None),
    ("ignore", ImportWarning, None),
    ("ignore", ResourceWarning, None),
)


@dataclass(frozen=True)
class ToolRun:
    """What one run gave: standard output and error as bytes, the exit status, and the files
    the run created or changed directly in its working directory (name -> bytes)."""

    stdout: bytes
    stderr: bytes
    returncode: int
    files: Mapping[str, bytes] = field(default_factory=dict)

    @property
    def out(self) -> str:
        return self.stdout.decode(ENCODING, STDIO_ERRORS)

    @property
    def err(self) -> str:
        return self.stderr.decode(ENCODING, STDERR_ERRORS)


@functools.lru_cache(maxsize=None)
def console_scripts() -> Mapping[str, str]:
    """``name -> "module:attribute"`` of setup.cfg's console_scripts."""
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg", encoding="utf-8")
    lines = config["options.entry_points"]["console_scripts"].strip().splitlines()
    return dict((part.strip() for part in line.split("=", 1)) for line in lines if line.strip())


def entry_point(script: str) -> Callable[[], object]:
    """The callable behind console script ``script`` (``KeyError`` when setup.cfg has none)."""
    module, _, attribute = console_scripts()[script].partition(":")
    target: object = importlib.import_module(module.strip())
    for name in attribute.strip().split("."):
        target = getattr(target, name)
    return target  # type: ignore[return-value]


def script_path(script: str) -> str:
    """Where the console script is: beside the interpreter (as the root conftest puts it
    first on PATH); its path is the process's ``sys.argv[0]``."""
    return os.path.join(os.path.dirname(sys.executable), script)


class _Capture(io.BytesIO):
    """Bytes written, kept when the tool closes its stream."""

    value = b""

    def close(self) -> None:
        if not self.closed:
            self.value = self.getvalue()
        super().close()

    def result(self) -> bytes:
        return self.value if self.closed else self.getvalue()


def _snapshot(folder: Path) -> dict:
    """The regular files directly in ``folder``: name -> (size, mtime in ns, inode)."""
    found = {}
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_file(follow_symlinks=False):
                stat = entry.stat(follow_symlinks=False)
                found[entry.name] = (stat.st_size, stat.st_mtime_ns, stat.st_ino)
    return found


def _standard_streams(stdin: bytes, out: io.BytesIO, err: io.BytesIO) -> tuple:
    """stdin, stdout and stderr as the interpreter makes them for pipes (create_stdio):
    stdout block-buffered and stderr line-buffered, or both written through under
    PYTHONUNBUFFERED (which the process would inherit from this environment)."""
    unbuffered = bool(os.environ.get("PYTHONUNBUFFERED"))
    return (io.TextIOWrapper(io.BytesIO(stdin), encoding=ENCODING, errors=STDIO_ERRORS, newline=NEWLINE,
                             write_through=unbuffered),
            io.TextIOWrapper(out, encoding=ENCODING, errors=STDIO_ERRORS, newline=NEWLINE,
                             write_through=unbuffered),
            io.TextIOWrapper(err, encoding=ENCODING, errors=STDERR_ERRORS, newline=NEWLINE,
                             line_buffering=not unbuffered, write_through=unbuffered))


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """The interpreter's way (on the current ``sys.stderr``), whatever pytest installed."""
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


def _exit_status(code: object, stderr) -> int:
    """The process's exit status for ``sys.exit(code)`` (as Py_Exit / handle_system_exit)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=stderr)
    return 1


def run_tool(
    script: str,
    argv: list,
    *,
    cwd: Union[str, Path, None] = None,
    stdin: Union[bytes, str, Path, None] = None,
    env: Optional[Mapping[str, Optional[str]]] = None,
    main: Optional[Callable[[], object]] = None,
) -> ToolRun:
    """Run console script ``script`` with ``argv`` in this interpreter (module docstring).

    ``stdin``: bytes, or the path of a file whose bytes are read (default: nothing, as
    ``/dev/null``). ``env``: variables to set (``None`` removes one) for the run. ``main``:
    call this instead of the script's entry point, with the same emulation (a test that gives
    ``main`` a test double, e.g. ``functools.partial(main, backend=...)``).
    """
    target = entry_point(script) if main is None else main
    folder = Path(os.getcwd() if cwd is None else cwd)
    if isinstance(stdin, (str, Path)):
        stdin = Path(folder, stdin).read_bytes()
    out, err = _Capture(), _Capture()
    saved_streams = sys.stdin, sys.stdout, sys.stderr, sys.argv
    saved_cwd = os.getcwd()
    saved_env = {name: os.environ.get(name) for name in (env or {})}
    before = None
    try:
        for name, value in (env or {}).items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        os.chdir(folder)
        before = _snapshot(folder)
        sys.stdin, sys.stdout, sys.stderr = _standard_streams(stdin or b"", out, err)
        sys.argv = [script_path(script), *map(str, argv)]
        with warnings.catch_warnings():  # restores filters and showwarning; resets "once" registries
            warnings.resetwarnings()
            for action, category, module in reversed(DEFAULT_WARNING_FILTERS):
                warnings.filterwarnings(action, category=category, module=module or "")
            warnings.showwarning = _show_warning
            try:
                status = _exit_status(target(), sys.stderr)
            except SystemExit as exit_:
                status = _exit_status(exit_.code, sys.stderr)
            except KeyboardInterrupt:
                raise
            except BaseException as error:  # noqa: BLE001 - the interpreter's last resort, as in a process
                # Drop this function's frame: the traceback starts at the tool's main.
                traceback.print_exception(type(error), error, error.__traceback__.tb_next, file=sys.stderr)
                status = 1
        for stream in (sys.stdout, sys.stderr):  # what the tool left buffered (at exit)
            try:
                if not stream.closed:
                    stream.flush()
            except (OSError, ValueError):
                pass
    finally:
        sys.stdin, sys.stdout, sys.stderr, sys.argv = saved_streams
        os.chdir(saved_cwd)
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    after = _snapshot(folder)
    files = {name: (folder / name).read_bytes() for name, stat in after.items() if before.get(name) != stat}
    return ToolRun(out.result(), err.result(), status, files)
