"""Standard output that cannot be written (``tool ... > /dev/full``): JP mode says so in one
line and exits 1; ``--legacy`` does what the original does (docs/runner.md, "Output").

Processes, one per console script and mode: what is tested is the process's exit status and
its last flush of stdout, which only a process has (an in-process run captures stdout in
memory). The entry points are read from setup.cfg, so every console script is covered.
PYTHONUNBUFFERED is removed from the environment: the originals' behaviour (Python's above
all) depends on stdout's buffering, and the comparison is with their default.
"""
from __future__ import annotations

import configparser
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, Optional

import pytest

from tests.datafiles import data_path

ROOT = Path(__file__).resolve().parents[1]
FULL = "/dev/full"
NO_SPACE = os.strerror(28)  # ENOSPC: what /dev/full answers every write with

pytestmark = pytest.mark.skipif(not os.path.exists(FULL), reason="no /dev/full on this system")


def _console_scripts() -> Dict[str, str]:
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg")
    entries = config["options.entry_points"]["console_scripts"].strip().splitlines()
    return dict(tuple(part.strip() for part in entry.split("=", 1)) for entry in entries)  # type: ignore[misc]


SCRIPTS = _console_scripts()
E = f"{ROOT / 'examples'}/"  # (absolute: the runs start in an empty folder)
# JP mode's argv: inputs that line up (no note), so stderr holds the error line alone. The
# annotators write their M2 to -out; on stdout they print their help (and progress lines).
JP_ARGV: Dict[str, List[str]] = {
    "jp_evalb": [E + "evalb/gold.mrg", E + "evalb/gold.mrg"],
    "jp_evalb_spmrl": [E + "evalb_spmrl/gold.tst", E + "evalb_spmrl/gold.tst"],
    "jp_errant_compare": ["-hyp", E + "errant/ref.m2", "-ref", E + "errant/ref.m2"],
    "jp_errant_parallel": ["--help"],
    "jp_errant_m2": ["--help"],
    "jp_conll18_ud_eval": [E + "udeval/gold.conllu", E + "udeval/gold.conllu"],
    "jp_udeval": [E + "udeval/gold.conllu", E + "udeval/gold.conllu"],
    "jp_preprocess_eval": [E + "preprocess/gold.txt", E + "preprocess/gold.txt"],
    "jp_wisebe": ["-r", E + "wisebe/ref1.txt", E + "wisebe/ref2.txt", "-c", E + "wisebe/candidate.txt"],
    "jp_m2scorer": [E + "m2scorer/system.txt", E + "m2scorer/gold.m2"],
    "jp_cherrant_compare": ["-hyp", E + "cherrant/merge-ref.m2", "-ref", E + "cherrant/merge-ref.m2"],
    "jp_conlleval": [E + "conlleval/gold.txt", E + "conlleval/gold.txt"],
    "jp_cherrant_parallel": ["--help"],
}
PYTHON3_FAILURE = f"OSError: [Errno 28] {NO_SPACE}"
# --legacy: (argv, standard input, exit status, stderr) of the original on /dev/full. For the
# Python 3 originals stderr is the last line only (a traceback or "Exception ignored in:
# <_io.TextIOWrapper name='<stdout>' ...>" comes before it), or "" for an empty stderr.
LEGACY = {
    # evalb's C stdio ignores the failed writes (measured: exit 0, nothing on stderr).
    "jp_evalb": (JP_ARGV["jp_evalb"], None, 0, ""),
    "jp_evalb_spmrl": (JP_ARGV["jp_evalb_spmrl"], None, 0, ""),
    # Perl: "Unable to flush stdout" at exit, status 1 (measured with Perl 5.36).
    "jp_conlleval": ([], E + "conlleval/merged.txt", 1, f"Unable to flush stdout: {NO_SPACE}\n"),
    # Python 2.7: a report within stdio's buffer fails in the file object's destructor, at
    # exit; the status stays 0 (measured with CPython 2.7.18).
    "jp_m2scorer": (JP_ARGV["jp_m2scorer"], None, 0,
                    "close failed in file object destructor:\nsys.excepthook is missing\nlost sys.stderr\n"),
    # Python 3 (CPython 3.11): a report of at most 4096 bytes (the buffer of /dev/full's
    # st_blksize) fails at the interpreter's last flush: exit 120. Measured with errant 3.0.2's
    # errant_compare and udtools 0.2.9's udeval, and their --help (argparse; errant_parallel's
    # and errant_m2's too); ChERRANT's scripts and conll18_ud_eval.py print the same way
    # (inferred: not installable).
    "jp_errant_compare": (JP_ARGV["jp_errant_compare"], None, 120, PYTHON3_FAILURE),
    "jp_cherrant_compare": (JP_ARGV["jp_cherrant_compare"], None, 120, PYTHON3_FAILURE),
    "jp_conll18_ud_eval": (JP_ARGV["jp_conll18_ud_eval"], None, 120, PYTHON3_FAILURE),
    "jp_udeval": (JP_ARGV["jp_udeval"], None, 120, PYTHON3_FAILURE),
    "jp_errant_parallel": (["--help"], None, 120, PYTHON3_FAILURE),
    "jp_errant_m2": (["--help"], None, 120, PYTHON3_FAILURE),
    "jp_cherrant_parallel": (["--help"], None, 120, PYTHON3_FAILURE),
}
PYTHON3 = {script for script, (_, _, _, stderr) in LEGACY.items() if stderr == PYTHON3_FAILURE}
# A longer report (-v over an example repeated N times, in a temp folder): between 4097 and
# 8191 bytes the script's end flushes it into the 4096-byte buffer, the write fails and the
# report is dropped: exit 0, nothing on stderr; from 8192 bytes on it fails at the print that
# fills the text layer's 8192-byte chunk: traceback, exit 1. (script, example, N, report
# bytes, exit status, last stderr line): errant 3.0.2 measured on these very inputs; ChERRANT
# by the same rule (inferred).
PYTHON3_SIZES = [
    ("jp_errant_compare", "errant/ref.m2", 1, 2193, 120, PYTHON3_FAILURE),
    ("jp_errant_compare", "errant/ref.m2", 2, 4249, 0, ""),
    ("jp_errant_compare", "errant/ref.m2", 4, 8387, 1, PYTHON3_FAILURE),
    ("jp_cherrant_compare", "cherrant/merge-ref.m2", 4, 3321, 120, PYTHON3_FAILURE),
    ("jp_cherrant_compare", "cherrant/merge-ref.m2", 6, 4923, 0, ""),
    ("jp_cherrant_compare", "cherrant/merge-ref.m2", 12, 9747, 1, PYTHON3_FAILURE),
]


def _run_on_full(script: str, argv: List[str], stdin: Optional[str] = None,
                 unbuffered: bool = False) -> subprocess.CompletedProcess:
    module, function = SCRIPTS[script].split(":")
    code = f"import sys; from {module} import {function}; sys.exit({function}())"
    env = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONPATH"] = str(ROOT)
    # An empty working folder: evalb_spmrl writes ./status there, as the original does, and
    # the checkout stays clean.
    with open(FULL, "w") as out, open(stdin or os.devnull, "rb") as source, \
            tempfile.TemporaryDirectory(prefix="jp-full-") as cwd:
        return subprocess.run([sys.executable, "-c", code, *argv], cwd=cwd, stdin=source, stdout=out,
                              stderr=subprocess.PIPE, text=True, timeout=120, env=env)


def test_every_console_script_is_covered():
    assert set(JP_ARGV) == set(SCRIPTS)
    assert set(LEGACY) == set(SCRIPTS) - {"jp_preprocess_eval", "jp_wisebe"}  # no original, no --legacy


@pytest.mark.parametrize("script", sorted(JP_ARGV))
def test_jp_mode_says_stdout_cannot_be_written(script):
    result = _run_on_full(script, JP_ARGV[script])
    assert result.stderr == f"{script}: error: cannot write standard output: {NO_SPACE}\n"
    assert result.returncode == 1


@pytest.mark.parametrize("script", sorted(LEGACY))
def test_legacy_mode_does_as_the_original(script):
    argv, stdin, status, stderr = LEGACY[script]
    result = _run_on_full(script, ["--legacy", *argv], stdin)
    if script in PYTHON3:  # the interpreter's own failure: its last line
        assert (result.returncode, result.stderr.splitlines()[-1:]) == (status, [stderr]), result.stderr
    else:
        assert (result.returncode, result.stderr) == (status, stderr)


@pytest.mark.parametrize("script, example, copies, size, status, last_line", PYTHON3_SIZES)
def test_legacy_python3_report_size_decides_as_the_original(tmp_path, run_tool, script, example, copies,
                                                             size, status, last_line):
    blocks = (ROOT / "examples" / example).read_text().rstrip("\n") + "\n\n"
    m2 = tmp_path / "copies.m2"
    m2.write_text(blocks * copies)
    argv = ["--legacy", "-hyp", str(m2), "-ref", str(m2), "-v"]
    assert len(run_tool(script, argv).stdout) == size  # the band the case is in (in-process)
    result = _run_on_full(script, argv)
    assert (result.returncode, result.stderr.splitlines()[-1:]) == (status, [last_line] if last_line else []), \
        result.stderr


def test_legacy_m2scorer_unbuffered_fails_at_its_first_print():
    # Python 2.7.18 with PYTHONUNBUFFERED set (measured): the first print raises, exit 1.
    result = _run_on_full("jp_m2scorer", ["--legacy", *JP_ARGV["jp_m2scorer"]], unbuffered=True)
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == f"IOError: [Errno 28] {NO_SPACE}"


def test_legacy_errant_parallel_run_ends_as_errant(tmp_path):
    # errant 3.0.2's errant_parallel (measured, spaCy's English model): its two progress lines
    # on /dev/full fail at the interpreter's last flush, after the M2 file is written: exit
    # 120. A process with the tests' analyser (no model needed) in place of stanza.
    pytest.importorskip("stanza")
    code = ("import sys; from pathlib import Path; from jp_errant import parallel_cli; "
            "from tests.test_jp_errant_parallel_cli import GOLD, ORDER, ORIGINAL, KnownSentences, text, write; "
            "orig = write(Path('orig.txt'), [text(ORIGINAL[name]) for name in ORDER]); "
            "cor = write(Path('cor.txt'), [text(GOLD[name]) for name in ORDER]); "
            "sys.exit(parallel_cli.main(['--legacy', '-orig', str(orig), '-cor', str(cor), '-out', 'out.m2'], "
            "backend=KnownSentences()))")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    env["PYTHONPATH"] = str(ROOT)
    with open(FULL, "w") as out:
        result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.PIPE, text=True, timeout=120, env=env)
    assert (result.returncode, result.stderr.splitlines()[-1:]) == (120, [PYTHON3_FAILURE]), result.stderr
    assert (tmp_path / "out.m2").read_text().startswith("S ")


# --- which failures are standard output's (in-process: the decision, not the process) ---------

def test_only_a_failing_stdout_is_reported_as_one(monkeypatch, capsys, tmp_path):
    from jp_shims.brokenpipe import stdout_write_failed

    full = OSError(28, NO_SPACE)
    with open(tmp_path / "out.txt", "w") as regular:
        monkeypatch.setattr(sys, "stdout", regular)
        assert stdout_write_failed("jp_x", full) is None  # stdout is fine: another file's error
        named = OSError(28, NO_SPACE, str(tmp_path / "report.html"))
        assert stdout_write_failed("jp_x", named) is None  # an error that names its file
    with open(FULL, "w") as failing:
        monkeypatch.setattr(sys, "stdout", failing)
        assert stdout_write_failed("jp_x", ValueError("x")) is None
        assert stdout_write_failed("jp_x", full) == 1
    assert capsys.readouterr().err == f"jp_x: error: cannot write standard output: {NO_SPACE}\n"


# --- an output file on /dev/full (the annotators' -out / -o), in-process -----------------------

def test_errant_annotators_name_an_output_file_that_cannot_be_written(tmp_path, capsys):
    pytest.importorskip("stanza")
    from jp_errant import parallel_cli
    from tests.test_jp_errant_parallel_cli import GOLD, ORDER, ORIGINAL, KnownSentences, text, write

    orig = write(tmp_path / "orig.txt", [text(ORIGINAL[name]) for name in ORDER])
    cor = write(tmp_path / "cor.txt", [text(GOLD[name]) for name in ORDER])
    assert parallel_cli.main(["-orig", orig, "-cor", cor, "-out", FULL], backend=KnownSentences()) == 2
    assert capsys.readouterr().err == f"jp_errant_parallel: error: {FULL}: cannot write: {NO_SPACE}\n"
    with pytest.raises(OSError):  # --legacy: errant's traceback
        parallel_cli.main(["-orig", orig, "-cor", cor, "-out", FULL, "--legacy"], backend=KnownSentences())


def test_cherrant_parallel_names_an_output_file_that_cannot_be_written(run_tool):
    resources = data_path("zh_gec", "annotator_resources")
    para = data_path("zh_gec", "cherrant_samples", "demo.hyp.para")
    # (--no_simplified: no OpenCC needed, which the cherrant extra brings)
    result = run_tool("jp_cherrant_parallel", ["--resources", str(resources), "-f", str(para), "-o", FULL,
                                               "--no_simplified"])
    assert (result.returncode, result.stderr.decode()) == (
        2, f"jp_cherrant_parallel: error: {FULL}: cannot write the output: {NO_SPACE}\n")
    legacy = run_tool("jp_cherrant_parallel", ["--legacy", "--resources", str(resources), "-f", str(para), "-o", FULL,
                                               "--no_simplified"])
    assert legacy.returncode == 1 and legacy.stderr.decode().splitlines()[-1] == PYTHON3_FAILURE
