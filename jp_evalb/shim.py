"""``jp_evalb --install-shim DIR [--spmrl] [--force]``: an EVALB folder that runs jp-shims.

Tools that call evalb by path expect a folder holding the program and its parameter files:
allennlp runs ``EVALB/evalb -p EVALB/COLLINS.prm -e 10 GOLD TEST``; benepar runs
``EVALB/evalb -p EVALB/nk.prm GOLD TEST`` and, when a folder has no ``evalb`` but an
``evalb_spmrl``, ``EVALB_SPMRL/evalb_spmrl -p EVALB_SPMRL/spmrl.prm GOLD TEST``; the
self-attentive-parser code before benepar used ``EVALB/COLLINS.prm``. ``--install-shim DIR``
writes ``DIR/evalb`` (running ``jp_evalb`` on this Python) and the parameter files shipped in
``jp_evalb/params`` beside it; with ``--spmrl`` it writes ``DIR/evalb_spmrl`` (running
``jp_evalb.spmrl_cli``) and the SPMRL parameter files instead, and no ``evalb`` — benepar
picks ``evalb`` over ``evalb_spmrl`` when both are in one folder.

A file already in DIR is replaced only when this command wrote it (its digest is in
``DIR/.jp_evalb_shim``, the list of what was written) or with ``--force``: a compiled evalb
or a parameter file of someone else's is never overwritten silently.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shlex
import stat
import sys
from pathlib import Path
from typing import TextIO

from .params import BUILTIN_DIR

MANIFEST = ".jp_evalb_shim"
SPMRL_MODULE = "jp_evalb.spmrl_cli"
SPMRL_PARAMS = ("spmrl.prm", "spmrl_hebrew.prm")


class ShimError(Exception):
    """One line for ``PROG: error: ...``."""


def shim_text(python: str, program: str) -> str:
    """The shell script ``DIR/<program>``: runs ``jp_<program>`` with the same arguments."""
    if program == "evalb":
        command = f"exec {shlex.quote(python)} -m jp_evalb \"$@\""
    else:
        # -c rather than -m: the module's main() runs whether or not it has a __main__ guard
        runner = f"import sys; from {SPMRL_MODULE} import main; sys.exit(main())"
        command = f"exec {shlex.quote(python)} -c {shlex.quote(runner)} \"$@\""
    return (
        "#!/bin/sh\n"
        f"# {program} shim written by `jp_evalb --install-shim`: runs jp-shims' {program}\n"
        "# (JP mode by default; add --legacy for the original's exact behaviour).\n"
        f"{command}\n"
    )


def spmrl_available() -> bool:
    try:
        return importlib.util.find_spec(SPMRL_MODULE) is not None
    except ModuleNotFoundError:
        return False


def planned_files(spmrl: bool, python: str) -> dict[str, bytes]:
    """File name in DIR -> content."""
    params = sorted(path for path in BUILTIN_DIR.glob("*.prm"))
    if spmrl:
        files = {"evalb_spmrl": shim_text(python, "evalb_spmrl").encode("utf-8")}
        params = [path for path in params if path.name in SPMRL_PARAMS]
    else:
        files = {"evalb": shim_text(python, "evalb").encode("utf-8")}
        params = [path for path in params if path.name not in SPMRL_PARAMS]
    for path in params:
        files[path.name] = path.read_bytes()
    return files


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def parse_arguments(directory: str, rest: list[str]) -> tuple[Path, bool, bool]:
    if not directory or directory.startswith("-"):
        raise ShimError("--install-shim: missing directory (usage: --install-shim DIR [--spmrl] [--force])")
    spmrl = force = False
    for arg in rest:
        if arg == "--spmrl":
            spmrl = True
        elif arg == "--force":
            force = True
        else:
            raise ShimError(f"--install-shim: unexpected argument {arg!r} "
                            "(usage: --install-shim DIR [--spmrl] [--force])")
    if spmrl and not spmrl_available():
        raise ShimError(f"--spmrl: this installation has no evalb_spmrl ({SPMRL_MODULE} is missing)")
    return Path(directory), spmrl, force


def install(folder: Path, spmrl: bool, force: bool, python: str) -> list[Path]:
    """Write the shim and its parameter files; the paths written."""
    files = planned_files(spmrl, python)
    manifest_path = folder / MANIFEST
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = json.loads(manifest_path.read_text(encoding="utf-8")) if manifest_path.is_file() else {}
    except (OSError, ValueError) as exc:
        raise ShimError(f"{folder}: cannot prepare the folder ({getattr(exc, 'strerror', None) or exc})") from None
    if not force:
        for name in files:
            target = folder / name
            if target.exists() and (not target.is_file() or written.get(name) != _digest(target.read_bytes())):
                raise ShimError(f"{target}: exists and was not written by --install-shim "
                                "(--force replaces it)")
    paths = []
    for name, data in files.items():
        target = folder / name
        try:
            if target.is_symlink():
                target.unlink()  # replace the link itself, never the file it points to
            target.write_bytes(data)
            if name in ("evalb", "evalb_spmrl"):
                target.chmod(target.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        except OSError as exc:
            raise ShimError(f"{target}: cannot write the shim ({exc.strerror})") from None
        written[name] = _digest(data)
        paths.append(target)
    try:
        manifest_path.write_text(json.dumps(written, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    except OSError as exc:
        raise ShimError(f"{manifest_path}: cannot write ({exc.strerror})") from None
    return paths


def install_shim(directory: str, rest: list[str], stdout: TextIO, stderr: TextIO, prog: str) -> int:
    """``--install-shim DIR [--spmrl] [--force]``: prints each file written, exit 0; one
    error line and exit 2 otherwise."""
    try:
        folder, spmrl, force = parse_arguments(directory, rest)
        paths = install(folder, spmrl, force, sys.executable)
    except ShimError as error:
        stderr.write(f"{prog}: error: {error}\n")
        return 2
    for path in paths:
        stdout.write(f"{os.fspath(path)}\n")
    return 0
