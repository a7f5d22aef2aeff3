"""Instruction counts of jp_evalb and jp_evalb_spmrl against the compiled originals (valgrind).

    JP_SHIMS_DATA=/work/shared/data python benchmarks/evalb_instructions.py [--evalb PATH] [--original PATH]

Wall and CPU times on a loaded machine vary by a factor of two from run to run; the number of
instructions a run executes (``valgrind --tool=callgrind``) does not depend on the load, so
the ratios this prints are reproducible (they are not time ratios: Python executes its
instructions at a lower rate per cycle than a small C program, so the time ratio of the same
runs is higher). Inputs: PTB section 23, gold vs Berkeley output; ``jp_evalb -p COLLINS.prm``
against ``evalb`` and ``jp_evalb_spmrl -p spmrl.prm`` against ``evalb_spmrl``, both modes, run
as ``python -m`` with the bytecode cache written first (like an installed package). The
start-up of the interpreter (``python -c pass``) is printed for reference.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Optional

from jp_evalb.params import BUILTIN_DIR

TARGET_RATIO = 5.0


def instructions(command: list[str], cwd: Path, env: dict) -> int:
    """Instructions executed by ``command`` and its children (callgrind's "Collected")."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                          cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count for {' '.join(command)}: {done.stderr[-300:]}")
    return int(found.group(1))


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=os.environ.get("JP_SHIMS_DATA"),
                        help="corpus folder laid out like shared/data (default: $JP_SHIMS_DATA)")
    parser.add_argument("--evalb", default=os.environ.get("JP_SHIMS_EVALB") or shutil.which("evalb"))
    parser.add_argument("--original", default=shutil.which("evalb_spmrl"), help="a compiled evalb_spmrl")
    args = parser.parse_args(argv)
    if not args.data:
        parser.error("set JP_SHIMS_DATA or pass --data")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed")
    ptb = Path(args.data) / "ptb"
    files = [str(ptb / "23.gold"), str(ptb / "23.sys_berkeley_top")]
    tools = [("jp_evalb", "jp_evalb", args.evalb, ["-p", str(ptb / "COLLINS.prm"), *files]),
             ("jp_evalb_spmrl", "jp_evalb.spmrl_cli", args.original, ["-p", str(BUILTIN_DIR / "spmrl.prm"), *files])]
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        cwd = Path(tmp) / "run"  # evalb_spmrl writes ./status
        cwd.mkdir()
        subprocess.run([sys.executable, "-c", "pass"], cwd=cwd, env=env)  # start-up's bytecode cache
        start = instructions([sys.executable, "-c", "pass"], cwd, env)
        print(f"{'tool':15} {'mode':7} {'ours Mi':>8} {'original Mi':>12} {'ratio':>6}  verdict")
        for tool, module, original, options in tools:
            reference = instructions([original, *options], cwd, env) if original else None
            for mode, flag in (("legacy", ["--legacy"]), ("jp", [])):
                command = [sys.executable, "-m", module, *flag, *options]
                subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                ours = instructions(command, cwd, env)
                if reference:
                    ratio = ours / reference
                    verdict = "ok" if ratio <= TARGET_RATIO else f"over {TARGET_RATIO:g}x"
                    print(f"{tool:15} {mode:7} {ours / 1e6:8.0f} {reference / 1e6:12.0f} {ratio:6.1f}  {verdict}")
                else:
                    print(f"{tool:15} {mode:7} {ours / 1e6:8.0f} {'-':>12} {'-':>6}  (no original to compare with)")
        print(f"python -c pass: {start / 1e6:.0f} Mi (interpreter start-up, in every run above)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
