"""``jp_evalb --install-shim DIR``: an executable ``DIR/evalb`` that runs jp_evalb.

Tools that call ``EVALB/evalb`` by path (benepar, allennlp, parser repositories) then run
jp_evalb with the same arguments. The shim runs this Python interpreter on this package, so
it works without the console script on PATH.
"""
from __future__ import annotations

import os
import shlex
import stat
import sys
from pathlib import Path
from typing import TextIO


def shim_text(python: str) -> str:
    return (
        "#!/bin/sh\n"
        "# evalb shim written by `jp_evalb --install-shim`: runs jp_evalb (JP mode by default;\n"
        "# add --legacy for evalb's exact behaviour) with the same arguments.\n"
        f"exec {shlex.quote(python)} -m jp_evalb \"$@\"\n"
    )


def install_shim(directory: str, stdout: TextIO, stderr: TextIO, prog: str) -> int:
    target = Path(directory) / "evalb"
    try:
        Path(directory).mkdir(parents=True, exist_ok=True)
        target.write_text(shim_text(sys.executable), encoding="utf-8")
        mode = target.stat().st_mode
        target.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    except OSError as exc:
        stderr.write(f"{prog}: error: {target}: cannot write the shim ({exc.strerror})\n")
        return 2
    stdout.write(f"{os.fspath(target)}\n")
    return 0
