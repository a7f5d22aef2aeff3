"""One measured run of a command, shared by the benchmarks that time console scripts.

Each measurement runs in its own child process, which runs the command: RUSAGE_CHILDREN of
that child is then the command's own CPU time and peak memory, not the sum of earlier runs.
"""
from __future__ import annotations

import json
import subprocess
import sys
from typing import Optional

MEASURE = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak_kib": usage.ru_maxrss,
                  "code": done.returncode, "stdout": done.stdout.decode("latin-1"),
                  "stderr": done.stderr.decode("latin-1")[-500:]}))
"""


def run_measured(command: list[str], env: Optional[dict] = None) -> dict:
    """Wall and CPU seconds, peak memory (KiB), exit code, stdout (bytes as latin-1, so that
    two outputs compare byte for byte) and the end of stderr of one run of ``command``."""
    result = subprocess.run([sys.executable, "-c", MEASURE, *command], stdout=subprocess.PIPE, check=True, env=env)
    return json.loads(result.stdout)


def measure(command: list[str], env: Optional[dict] = None) -> dict:
    """:func:`run_measured`, stopping the benchmark when the command fails."""
    data = run_measured(command, env)
    if data["code"] != 0:
        raise SystemExit(f"{' '.join(command)} failed ({data['code']}): {data['stderr']}")
    return data
