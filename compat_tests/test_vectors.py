"""Run every compatibility vector through the console scripts' entry points.

A case is ``vectors/<tool>/<case>/case.json`` plus its inputs and the original's stdout
(layout: ``vectors/README.md``; an optional ``"stdin"`` names the case's file fed on standard
input). Each case runs in this interpreter as its process would (tests/toolrun.py), except
one case per tool run through the installed console script (:func:`process_cases`). Each
case gives two tests: ``legacy`` (``--legacy`` before the case's argv: stdout bytes, exit code
and last stderr line of the original) and ``jp`` (the default mode: the original's bytes when
the inputs line up, else the case's JP expectation). Inputs under ``../../../data/`` are
licensed corpora read from ``$JP_SHIMS_DATA``; cases needing them are skipped when it is absent. Cases made from
licensed text keep a recipe instead of their files (``materialize.py``): they run from a
copy of the case folder where the recipe's files are rebuilt from ``$JP_SHIMS_DATA``.
"""
from __future__ import annotations

import dataclasses
import difflib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from compat_tests.materialize import RecipeError, materialize
from tests.datafiles import ENV_VAR, data_root
from tests.extras import needs
from tests.toolrun import ToolRun, console_scripts
from tests.toolrun import run_tool as run_in_process

VECTORS = Path(__file__).parent / "vectors"
DATA_PREFIX = "../../../data/"

# tool name in case.json -> (console script, module that implements it)
TOOLS = {
    "evalb": ("jp_evalb", "jp_evalb.cli"),
    "errant_compare": ("jp_errant_compare", "jp_errant.cli"),
    "conll18_ud_eval": ("jp_conll18_ud_eval", "jp_conll18.cli"),
    "evalb_spmrl": ("jp_evalb_spmrl", "jp_evalb.spmrl_cli"),
    "m2scorer": ("jp_m2scorer", "jp_m2scorer.cli"),
    "iwpt_xud_eval": ("jp_udeval", "jp_conll18.udeval_cli"),
    "cherrant_compare": ("jp_cherrant_compare", "jp_cherrant.cli"),
    "conlleval": ("jp_conlleval", "jp_conlleval.cli"),
    "cherrant_parallel": ("jp_cherrant_parallel", "jp_cherrant.parallel_cli"),
}

# Tools whose cases need an optional extra of setup.cfg: tool -> (extra, modules it brings).
# jp_cherrant_parallel converts corrections to simplified characters with OpenCC, as ChERRANT
# does by default, and reads pinyin with pypinyin for --segmented input.
TOOL_EXTRAS = {
    "cherrant_parallel": ("cherrant", "opencc", "pypinyin"),
}

# Resources a tool reads that jp-shims may not ship (licence not stated): tool -> {environment
# variable: folder under $JP_SHIMS_DATA it is pointed at}; the tool's cases skip without it.
TOOL_RESOURCES = {
    "cherrant_parallel": {"JP_CHERRANT_RESOURCES": "zh_gec/annotator_resources"},
}

# A sentence line of an evalb report: ID, Len., Stat., then nine more columns.
EVALB_SENTENCE = re.compile(rb"^\s*\d+\s+\d+\s+(\d)\s+\S+\s+\S+(\s+\S+){7}\s*$")


@dataclass(frozen=True)
class Case:
    folder: Path
    spec: dict

    @property
    def tool(self) -> str:
        return self.spec["tool"]

    @property
    def id(self) -> str:
        return f"{self.tool}/{self.folder.name}"


def discover() -> list[Case]:
    cases = []
    for path in sorted(VECTORS.glob("*/*/case.json")):
        cases.append(Case(path.parent, json.loads(path.read_text(encoding="utf-8"))))
    return cases


CASES = discover()


def _known_differences(path: Path) -> dict:
    """``tool/case: reason`` lines: documented differences from the original, run as strict
    xfails (a fixed case then fails until its line is removed)."""
    if not path.exists():
        return {}
    entries = (line.split(":", 1) for line in path.read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.startswith("#"))
    return {case.strip(): reason.strip() for case, reason in entries}


KNOWN = _known_differences(VECTORS / "known_differences.txt")


def _params(mode: str) -> list:
    """The cases as parameters of one test; a known difference applies to both modes
    (``tool/case``) or to one (``tool/case (jp)``, ``tool/case (legacy)``). A tool that needs
    an optional extra (:data:`TOOL_EXTRAS`) has its cases marked, and skipped without it."""
    def marks(case: Case) -> list:
        reasons = [KNOWN[key] for key in (case.id, f"{case.id} ({mode})") if key in KNOWN]
        needed = needs(*TOOL_EXTRAS[case.tool]) if case.tool in TOOL_EXTRAS else []
        return needed + ([pytest.mark.xfail(reason=reasons[0], strict=True)] if reasons else [])
    return [pytest.param(c, id=c.id, marks=marks(c)) for c in CASES]


def prepared(case: Case, scratch: Path) -> Case:
    """The case itself, or, when it keeps a recipe for licensed files, a copy in ``scratch``
    with those files rebuilt from ``$JP_SHIMS_DATA`` (skipped, with the reason, without)."""
    if "materialize" not in case.spec:
        return case
    root = data_root()
    names = ", ".join(sorted(case.spec["materialize"]))
    if root is None:
        pytest.skip(f"{ENV_VAR} is not set: {names} of this case are rebuilt from licensed corpora")
    try:
        return Case(materialize(case.folder, case.spec, root, scratch / case.folder.name), case.spec)
    except RecipeError as error:
        pytest.skip(f"{names} cannot be rebuilt: {error}")


def resolve_args(case: Case) -> list[str]:
    """The case's argv, with shared-data paths pointed at ``$JP_SHIMS_DATA``."""
    args = []
    for arg in case.spec["args"]:
        if arg.startswith(DATA_PREFIX):
            root = data_root()
            if root is None:
                pytest.skip(f"{ENV_VAR} is not set: {arg} unavailable")
            target = root / arg[len(DATA_PREFIX):]
            if not target.exists():
                pytest.skip(f"{target} not found under {ENV_VAR}")
            arg = str(target)
        args.append(arg)
    return args


def process_cases() -> set:
    """The cases run through the installed console script rather than in-process: for each
    tool, its first case (in name order) that needs no licensed corpus and is not a known
    difference. They keep every console script covered, standard input included (a real
    file on the process's stdin); the other cases call the script's entry point in this
    interpreter (tests/toolrun.py), which is what they test: the tool's bytes, status and files."""
    chosen = {}
    for case in CASES:
        if "materialize" not in case.spec and case.id not in KNOWN and not any(
                arg.startswith(DATA_PREFIX) for arg in case.spec["args"]):
            chosen.setdefault(case.tool, case.id)
    return set(chosen.values())


PROCESS_CASES = process_cases()


def run_tool(case: Case, extra: list[str]) -> ToolRun:
    """Run the case's command in a temporary copy of its folder (a tool may write files there,
    e.g. evalb_spmrl's ``status``: the vectors stay untouched), with the case's ``stdin`` file
    (if any) on standard input; the files the case's ``files_written`` names (and ``status``)
    are read back afterwards. In-process, except for :data:`PROCESS_CASES`."""
    script, module = TOOLS[case.tool]
    if importlib.util.find_spec(module.rsplit(".", 1)[0]) is None or _missing(module):
        pytest.skip(f"{case.tool}: {module} is not implemented yet")
    in_process = case.id not in PROCESS_CASES
    exe = shutil.which(script)
    if in_process and script not in console_scripts():
        pytest.skip(f"{script} is not a console script of setup.cfg")
    if not in_process and exe is None:
        pytest.skip(f"console script {script} is neither beside {sys.executable} nor on PATH (pip install -e .)")
    env = {"LC_ALL": "C.UTF-8"}
    for variable, folder in TOOL_RESOURCES.get(case.tool, {}).items():
        root = data_root()
        if root is None or not (root / folder).is_dir():
            pytest.skip(f"{case.tool} reads its resources from {ENV_VAR}/{folder}: unavailable")
        env[variable] = str(root / folder)
    resolve_args(case)  # (skips the case when a corpus it needs is absent)
    with tempfile.TemporaryDirectory(prefix="jp-vector-") as scratch:
        # The copy sits three levels below the scratch folder, whose "data" points at
        # $JP_SHIMS_DATA: the case's argv runs as given (the original printed file names as
        # given, e.g. in evalb_spmrl's -L line).
        cwd = Path(scratch) / "vectors" / case.tool / case.folder.name
        shutil.copytree(case.folder, cwd)
        root = data_root()
        if root is not None:
            (Path(scratch) / "data").symlink_to(root.resolve(), target_is_directory=True)
        args = [*extra, *case.spec["args"]]
        for name in case.spec.get("files_written", {}):
            (cwd / name).unlink(missing_ok=True)
        # "stdin": the file the original read on standard input (relative to the case folder).
        stdin = cwd / case.spec["stdin"] if "stdin" in case.spec else None
        if stdin is not None and not stdin.exists():
            pytest.skip(f"{case.spec['stdin']} not found (under {ENV_VAR}?)")
        if in_process:
            result = run_in_process(script, args, cwd=cwd, env=env, stdin=stdin)
        else:
            with open(stdin if stdin is not None else os.devnull, "rb") as source:
                process = subprocess.run([exe, *args], cwd=cwd, env=dict(os.environ, **env), stdin=source,
                                         capture_output=True, timeout=600)
            result = ToolRun(process.stdout, process.stderr, process.returncode)
        files = {name: (cwd / name).read_bytes() if (cwd / name).is_file() else None
                 for name in (*case.spec.get("files_written", {}), "status")}
    return dataclasses.replace(result, files=files)


def assert_files_written(case: Case, run: ToolRun, what: str) -> None:
    """Files the original wrote (``files_written``: name -> expected bytes) are written with the
    same bytes; a case without the entry wrote none, so neither may we (evalb_spmrl's
    ``status`` is the only such file so far)."""
    written = case.spec.get("files_written", {})
    for name, expected_name in written.items():
        actual = run.files.get(name)
        assert actual is not None, f"{what}: {name} was not written"
        assert_same_bytes(actual, (case.folder / expected_name).read_bytes(), f"{what}: {name}")
    if case.tool == "evalb_spmrl" and "status" not in written:
        assert run.files.get("status") is None, f"{what}: status written, the original wrote none"


def _missing(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is None
    except ModuleNotFoundError:
        return True


def expected_bytes(case: Case, key: str) -> bytes:
    return (case.folder / case.spec[key]).read_bytes()


def assert_same_bytes(actual: bytes, expected: bytes, what: str) -> None:
    if actual == expected:
        return
    diff = difflib.unified_diff(
        expected.decode("utf-8", "replace").splitlines(keepends=True),
        actual.decode("utf-8", "replace").splitlines(keepends=True),
        "expected", "actual", n=1,
    )
    shown = "".join(list(diff)[:40])
    pytest.fail(f"{what}: differs ({len(actual)} vs {len(expected)} bytes)\n{shown}")


def last_line(data: bytes) -> str:
    lines = [line for line in data.decode("utf-8", "replace").splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _m2_sentences(path: Path) -> list:
    with open(path, encoding="utf-8", errors="replace", newline="") as lines:
        return [line.split()[1:] for line in lines if line.startswith("S ")]


def lines_up(case: Case) -> bool:
    """Whether the original exited 0 on inputs that already line up.

    evalb: every sentence line has status 0. errant_compare: it also exits 0 when the
    sentence counts agree but the hypothesis S lines are segmented or tokenized differently,
    so the S lines must be the same. conll18_ud_eval and iwpt_xud_eval: exit 0 means the
    characters agree.
    """
    if case.spec["exit_code"] != 0:
        return False
    if "lines_up" in case.spec:  # tools whose vectors state it (vectors/README.md)
        return bool(case.spec["lines_up"])
    if case.tool == "evalb":
        statuses = [m.group(1) for m in map(EVALB_SENTENCE.match, expected_bytes(case, "stdout").splitlines()) if m]
        return all(status == b"0" for status in statuses)
    if case.tool == "errant_compare":
        args = resolve_args(case)
        hyp, ref = args[args.index("-hyp") + 1], args[args.index("-ref") + 1]
        return _m2_sentences(case.folder / hyp) == _m2_sentences(case.folder / ref)
    return True


@pytest.mark.compat
@pytest.mark.parametrize("case", _params("legacy"))
def test_legacy(case: Case, tmp_path: Path) -> None:
    case = prepared(case, tmp_path)
    result = run_tool(case, ["--legacy"])
    assert_same_bytes(result.stdout, expected_bytes(case, "stdout"), f"{case.id} --legacy")
    assert result.returncode == case.spec["exit_code"], result.stderr.decode("utf-8", "replace")[-2000:]
    if "stderr_last_line" in case.spec:
        assert last_line(result.stderr) == case.spec["stderr_last_line"]
    assert_files_written(case, result, f"{case.id} --legacy")


@pytest.mark.compat
@pytest.mark.parametrize("case", _params("jp"))
def test_jp(case: Case, tmp_path: Path) -> None:
    case = prepared(case, tmp_path)
    result = run_tool(case, [])
    stderr = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr, stderr[-2000:]
    spec = case.spec
    if "jp_expect_stdout" in spec:
        assert_same_bytes(result.stdout, expected_bytes(case, "jp_expect_stdout"), f"{case.id} JP")
        assert result.returncode == spec.get("jp_expect_exit_code", 0), stderr[-2000:]
    elif "jp_expect_lines" in spec:
        output = result.stdout.decode("utf-8", "replace").splitlines()
        missing = [line for line in spec["jp_expect_lines"] if line not in output]
        assert not missing, f"lines missing from JP output: {missing}"
        assert result.returncode == spec.get("jp_expect_exit_code", 0), stderr[-2000:]
    elif lines_up(case):
        assert_same_bytes(result.stdout, expected_bytes(case, "stdout"), f"{case.id} JP (lined up)")
        assert result.returncode == 0, stderr[-2000:]
        # Same figures, so the same files (evalb_spmrl's ./status).
        assert_files_written(case, result, f"{case.id} JP (lined up)")
    if "status" in spec.get("files_written", {}) and result.returncode == 0:
        # evalb_spmrl's ./status: JP mode writes it whenever the original does, with its own
        # figures (six lines, as the original's).
        status = result.files.get("status")
        assert status is not None, f"{case.id} JP: status was not written"
        assert [line.split(b":")[0] for line in status.splitlines()] == [
            b"---", b"F1", b"LP", b"LR", b"POS", b"errorRate"], status
    if not ("jp_expect_stdout" in spec or "jp_expect_lines" in spec or lines_up(case)):
        # The original failed or the inputs do not line up, and the case states no JP
        # expectation: JP mode must still end cleanly (report, or a one-line error, exit 2).
        assert result.returncode in (0, 1, 2), stderr[-2000:]
