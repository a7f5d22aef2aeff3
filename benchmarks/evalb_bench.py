"""Benchmark of jp_evalb: PTB section 23 (gold vs Berkeley output), x1 and x20, both modes.

    JP_SHIMS_DATA=/work/shared/data python benchmarks/evalb_bench.py [--repeat 3] [--evalb PATH] [--large]

For each size (the files as they are, and both files concatenated 20 times) and each mode
(``--legacy`` and JP mode) it runs ``python -m jp_evalb -p COLLINS.prm -e 100000 gold test`` in a fresh
process and reports the wall time (best of ``--repeat`` runs), the CPU time of that run and the
peak resident memory of the process. When the compiled evalb is given (``--evalb PATH``, or the
environment variable ``JP_SHIMS_EVALB``, or an ``evalb`` on PATH), it runs on the same files in
the same run and the ratios of wall and of CPU time are printed; in legacy mode the two stdouts
must be identical. The commands of one size take turns (legacy, JP, evalb, and on x1 the bare
interpreter start-up ``python -c pass``, printed for reference), so that a change of machine
load affects all of them. It prints which tree reader the runs used: the C accelerator
(jp_evalb._fastread), or pure Python where it is not compiled or ``JP_SHIMS_PURE_PYTHON=1``
is set (``JP_SHIMS_PURE_PYTHON=1 python benchmarks/evalb_bench.py`` measures the latter).
Targets: x1 <= 0.25 s wall per mode, x20 <= 21 times x1, peak memory not growing with the
input (issue 3); jp_evalb within 5 times evalb's wall time on x1, both modes (issue 16).

``--large`` adds the large synthetic inputs of issue 15 (items 5 and 6), written into a
temporary folder from a fixed seed: 50,000 unrelated sentences on each side, the same after 100
shared sentences, and 1,000,000 one-word sentences (the same file on both sides).

Like an installed package, the measured runs use compiled bytecode: they run with
``PYTHONPYCACHEPREFIX`` pointing into a temporary folder (the source tree is not touched) after
one warm-up run, even when the environment sets ``PYTHONDONTWRITEBYTECODE``. With
``--cold`` the environment is used as it is (every run then compiles every module it imports).
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

try:  # run as a script (python benchmarks/NAME.py) or imported as benchmarks.NAME
    from .childrun import run_measured as measure
except ImportError:
    from childrun import run_measured as measure  # type: ignore[no-redef]

TARGET_X1_SECONDS = 0.25
TARGET_X20_RATIO = 21.0
TARGET_EVALB_RATIO = 5.0  # issue 16: within 5 times evalb's wall time on x1, both modes

def best_of(command: list[str], repeat: int, env: dict) -> dict:
    return best_of_each({"run": command}, repeat, env)["run"]


def best_of_each(commands: dict[str, list[str]], repeat: int, env: dict) -> dict[str, dict]:
    """Best wall time of each command over ``repeat`` rounds, the commands taking turns within
    a round: a change of machine load then affects every command, not one of them."""
    runs: dict[str, list[dict]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, command in commands.items():
            run = measure(command, env)
            if run["code"] != 0:
                raise SystemExit(f"{' '.join(command)} failed ({run['code']}): {run['stderr']}")
            runs[name].append(run)
    best = {}
    for name, done in runs.items():
        best[name] = min(done, key=lambda r: r["wall"])
        best[name]["peak_kib"] = max(r["peak_kib"] for r in done)
    return best


def reader_in_use(env: dict) -> str:
    """Which tree reader the measured runs used: jp_evalb's C accelerator, or the pure-Python
    reader (not compiled, or JP_SHIMS_PURE_PYTHON=1)."""
    import subprocess

    probe = "import jp_evalb.trees as t; print(t.AcceleratedReader is not None)"
    compiled = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True).stdout.strip()
    if compiled == "True":
        return "C accelerator (jp_evalb._fastread)"
    return "pure Python (jp_evalb._fastread not compiled, or JP_SHIMS_PURE_PYTHON=1)"


def concatenate(source: Path, times: int, target: Path) -> Path:
    data = source.read_bytes()
    if not data.endswith(b"\n"):
        data += b"\n"
    with open(target, "wb") as out:
        for _ in range(times):
            out.write(data)
    return target


def _versus(result: dict, reference: dict | None) -> str:
    if not reference:
        return f"{'-':>8} {'-':>7} {'-':>6} {'-':>5}"
    cpu = result["cpu"] / reference["cpu"] if reference["cpu"] > 0 else float("inf")
    return (f"{reference['wall']:8.3f} {reference['cpu']:7.3f} {result['wall'] / reference['wall']:6.1f} "
            f"{cpu:5.1f}")


def _synthetic(folder: Path) -> dict[str, tuple[Path, Path]]:
    """The large inputs of issue 15 (our own synthetic text, fixed seed)."""
    import random

    rng = random.Random(15)

    def tree() -> str:
        return "(S " + " ".join(f"(NN w{rng.randrange(100000)})" for _ in range(rng.randint(5, 15))) + ")\n"

    files = {}
    for name, shared in (("50k unrelated", 0), ("50k after 100", 100)):
        common = [tree() for _ in range(shared)]
        pair = []
        for side in ("gold", "test"):
            path = folder / f"{name.replace(' ', '_')}.{side}"
            with open(path, "w") as out:
                out.writelines(common)
                out.writelines(tree() for _ in range(50000))
            pair.append(path)
        files[name] = (pair[0], pair[1])
    tiny = folder / "1M_tiny.mrg"
    with open(tiny, "w") as out:
        out.writelines(f"(S (NN a{i % 7}))\n" for i in range(1000000))
    files["1M tiny"] = (tiny, tiny)
    return files


def _large_rows(folder: Path, evalb: str | None, env: dict) -> list[tuple]:
    rows = []
    for name, (gold, test) in _synthetic(folder).items():
        options = ["-e", "100000000", str(gold), str(test)]
        reference = measure([evalb, *options], env) if evalb else None
        for mode, flag in (("legacy", ["--legacy"]), ("jp", [])):
            result = measure([sys.executable, "-m", "jp_evalb", *flag, *options], env)
            rows.append((mode, name, result, reference))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=os.environ.get("JP_SHIMS_DATA"),
                        help="corpus folder laid out like shared/data (default: $JP_SHIMS_DATA)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--evalb", default=os.environ.get("JP_SHIMS_EVALB") or shutil.which("evalb"),
                        help="the compiled evalb to compare with (default: $JP_SHIMS_EVALB, else evalb on PATH)")
    parser.add_argument("--large", action="store_true", help="also the large synthetic inputs of issue 15")
    parser.add_argument("--cold", action="store_true", help="no bytecode cache: the environment as it is")
    args = parser.parse_args(argv)
    if not args.data:
        parser.error("set JP_SHIMS_DATA or pass --data")
    ptb = Path(args.data) / "ptb"
    gold, test, prm = ptb / "23.gold", ptb / "23.sys_berkeley_top", ptb / "COLLINS.prm"
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        if not args.cold:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        inputs = {1: (gold, test), 20: (concatenate(gold, 20, Path(tmp) / "gold20"),
                                        concatenate(test, 20, Path(tmp) / "test20"))}
        rows = []
        results = {}
        for size, (g, t) in inputs.items():
            # -e after -p: the x20 input has 20 errors, more than COLLINS.prm's MAX_ERROR 10.
            options = ["-p", str(prm), "-e", "100000", str(g), str(t)]
            commands = {mode: [sys.executable, "-m", "jp_evalb", *flag, *options]
                        for mode, flag in (("legacy", ["--legacy"]), ("jp", []))}
            if not args.cold and size == 1:
                for command in commands.values():
                    measure(command, env)  # warm-up: writes the bytecode cache
            if args.evalb:
                commands["evalb"] = [args.evalb, *options]
            if size == 1:
                commands["start-up"] = [sys.executable, "-c", "pass"]
            best = best_of_each(commands, args.repeat if size == 1 else 1, env)
            reference = best.get("evalb")
            if reference is not None and reference["stdout"] != best["legacy"]["stdout"]:
                raise SystemExit(f"legacy output differs from {args.evalb} on x{size}")
            for mode in ("legacy", "jp"):
                results[mode, size] = best[mode]
                rows.append((mode, size, best[mode], reference))
            if size == 1:
                startup, reference_x1 = best["start-up"], reference
        rows.sort(key=lambda row: (row[0] != "legacy", row[1]))
        reader = reader_in_use(env)
        large = _large_rows(Path(tmp), args.evalb, env) if args.large else []
    print(f"{'mode':7} {'input':6} {'wall s':>8} {'cpu s':>7} {'peak MiB':>9} {'x20/x1':>7} {'evalb s':>8} "
          f"{'cpu s':>7} {'ratio':>6} {'cpu':>5}")
    for mode, size, result, reference in rows:
        scale = result["wall"] / results[mode, 1]["wall"] if size == 20 else 1.0
        print(f"{mode:7} {'x' + str(size):6} {result['wall']:8.3f} {result['cpu']:7.3f} "
              f"{result['peak_kib'] / 1024:9.1f} {scale:7.2f} {_versus(result, reference)}")
    if large:
        print(f"\n{'mode':7} {'large input':18} {'wall s':>8} {'cpu s':>7} {'peak MiB':>9} {'evalb s':>8} "
              f"{'cpu s':>7} {'ratio':>6} {'cpu':>5}")
        for mode, name, result, reference in large:
            print(f"{mode:7} {name:18} {result['wall']:8.3f} {result['cpu']:7.3f} {result['peak_kib'] / 1024:9.1f} "
                  f"{_versus(result, reference)}")
    print(f"tree reader: {reader}")
    line = f"interpreter start-up (python -c pass): {startup['wall']:.3f} s"
    if reference_x1 is not None:
        line += f", {startup['wall'] / reference_x1['wall']:.1f} x evalb's x1 run, in every run of ours"
    print(line)
    for mode in ("legacy", "jp"):
        x1, x20 = results[mode, 1], results[mode, 20]
        verdict = []
        verdict.append("x1 " + ("ok" if x1["wall"] <= TARGET_X1_SECONDS else f"over {TARGET_X1_SECONDS} s"))
        if reference_x1 is not None:
            ratio = x1["wall"] / reference_x1["wall"]
            verdict.append(f"x1 {ratio:.1f} x evalb " + ("ok" if ratio <= TARGET_EVALB_RATIO
                                                         else f"over {TARGET_EVALB_RATIO:g} x"))
        ratio = x20["wall"] / x1["wall"]
        verdict.append("x20 " + ("ok" if ratio <= TARGET_X20_RATIO else f"{ratio:.1f} x x1"))
        growth = x20["peak_kib"] / x1["peak_kib"]
        verdict.append(f"memory x20/x1 {growth:.2f}")
        print(f"{mode}: " + ", ".join(verdict))
    return 0


if __name__ == "__main__":
    sys.exit(main())
