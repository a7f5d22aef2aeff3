"""jp_evalb.cli: evalb's command line (both modes), --json, --install-shim."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import jp_evalb

from jp_evalb.report import USAGE
from tests.toolrun import run_tool

USAGE_LINE = b"usage: jp_evalb [-Ddh] [-c n] [-e n] [-p param_file] [JP options] gold-file test-file\n"
TREE_A = "(S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .))\n"
TREE_B = "(S (NP (NNP John)) (VP (VBD left)) (. .))\n"


def run(argv, cwd=None):
    """jp_evalb in-process (tests/toolrun.py); returns (status, stdout bytes, stderr bytes)."""
    result = run_tool("jp_evalb", list(argv), cwd=cwd)
    return result.returncode, result.stdout, result.stderr


@pytest.fixture
def files(tmp_path):
    (tmp_path / "gold.tst").write_text(TREE_A + TREE_B)
    (tmp_path / "test.tst").write_text(TREE_A.replace("(PP", "(ADVP") + TREE_B)
    return tmp_path


def test_help_and_unknown_option_legacy(files):
    mode = ["--legacy"]
    assert run(mode + ["-h", "gold.tst", "test.tst"], files) == (1, b"", USAGE.encode())
    assert run(mode + ["-x", "gold.tst", "test.tst"], files) == (0, b"", USAGE.encode())
    # evalb reads --help and --version as unknown options: its usage, status 0.
    assert run(mode + ["--help"], files) == (0, b"", USAGE.encode())
    assert run(mode + ["--version"], files) == (0, b"", USAGE.encode())


@pytest.mark.parametrize("argv", [["-h", "gold.tst", "test.tst"], ["--help"], ["gold.tst", "-h"]])
def test_help_in_jp_mode_is_evalbs_usage_then_the_jp_options(files, argv):
    # The contract of JP mode: --help and -h print to stdout and exit 0.
    code, out, err = run(argv, files)
    assert (code, err) == (0, b"")
    assert out.startswith(USAGE.encode())
    section = out[len(USAGE):].decode().splitlines()
    assert section[0] == "" and section[1].startswith("JP options (jp-shims ")
    flags = [line.split()[0] for line in section[2:] if line.startswith("  --")]
    assert flags == ["--legacy", "--json", "--show-alignment", "--report", "--lang", "--strict", "--encoding",
                     "--version", "--compare", "--paired-bs", "--paired-bs-n", "--paired-ar", "--paired-ar-n", "--confidence",
                     "--seed", "--per-label", "--install-shim"]


def test_help_names_every_parameter_set_shipped_in_the_package(files):
    shipped = sorted(path.stem for path in (Path(jp_evalb.__file__).parent / "params").glob("*.prm"))
    code, out, _ = run(["--help"], files)
    lines = [line for line in out.decode().splitlines() if line.startswith("  -p NAME ")]
    assert code == 0 and len(lines) == 1
    named = lines[0].split("jp-shims: ", 1)[1].split(" (", 1)[0].split(", ")
    assert sorted(named) == shipped


@pytest.mark.parametrize("argv", [["-x", "gold.tst"], ["--show-aligment", "gold.tst", "test.tst"]])
def test_an_unknown_option_in_jp_mode_is_a_usage_error(files, argv):
    code, out, err = run(argv, files)
    usage, error = err.decode().splitlines()
    assert (code, out) == (2, b"") and usage.startswith("usage: jp_evalb ")
    assert error == f"jp_evalb: error: unrecognized option '{argv[0]}'"


def test_version(files):
    from jp_shims import __version__

    assert run(["--version"], files) == (0, f"jp_evalb (jp-shims) {__version__}\n".encode(), b"")


@pytest.mark.parametrize("mode", [["--legacy"], []])
def test_options_apply_left_to_right(files, mode):
    # -c 5: both sentences (Len 7 and 4) against the cut-off, attached or separate value.
    for args in (["-c", "5"], ["-c5"]):
        _, out, _ = run(mode + args + ["gold.tst", "test.tst"], files)
        assert b"-- len<=5 --\nNumber of sentence        =      1\n" in out
    # -d then -p COLLINS: the file's DEBUG 0 wins; -p COLLINS then -d: debug output.
    _, quiet, _ = run(mode + ["-d", "-p", "COLLINS", "gold.tst", "test.tst"], files)
    _, loud, _ = run(mode + ["-p", "COLLINS", "-d", "gold.tst", "test.tst"], files)
    assert b"-<1>---" not in quiet and b"-<1>---(wn1=  6, bn1=  5)-" in loud


def test_missing_argument_and_files_legacy(files):
    status, out, err = run(["--legacy", "gold.tst", "test.tst", "-e"], files)
    assert status == 0 and err.startswith(b"Missing argument: number of error to kill\n")
    assert run(["--legacy", "nope", "test.tst"], files) == (1, b"", b"Can't open gold file (nope)\n")
    assert run(["--legacy", "gold.tst"], files) == (1, b"", b"Can't open test file ((null))\n")
    assert run(["--legacy", "-p", "nope.prm", "gold.tst", "test.tst"], files) == \
        (1, b"", b"Can't open parameter file (nope.prm)\n")


def test_error_limit_kills_in_legacy_only(tmp_path):
    (tmp_path / "g").write_text("(S (NN cat))\n" * 5)
    (tmp_path / "t").write_text("(S (NN dog))\n" * 5)
    status, out, err = run(["--legacy", "-e", "1", "g", "t"], tmp_path)
    assert status == 1 and err.decode().splitlines()[-1] == "3 : Words unmatch (cat|dog)"
    assert out.count(b"\n") == 3 + 2 and b"Summary" not in out
    status, out, _ = run(["-e", "1", "g", "t"], tmp_path)
    assert status == 0 and b"Summary" in out


def test_legacy_keeps_bytes_that_are_not_utf8(tmp_path):
    (tmp_path / "g").write_bytes(b"(S (NN caf\xe9))\n")
    (tmp_path / "t").write_bytes(b"(S (NN cafe))\n")
    status, _, err = run(["--legacy", "g", "t"], tmp_path)
    assert status == 0 and err == b"1 : Words unmatch (caf\xe9|cafe)\n"


@pytest.mark.parametrize("mode", [[]])
def test_json_has_the_report_figures(files, mode):
    _, text, _ = run(mode + ["-p", "COLLINS", "gold.tst", "test.tst"], files)
    _, data, _ = run(mode + ["--json", "-p", "COLLINS", "gold.tst", "test.tst"], files)
    doc = json.loads(data)
    assert doc["mode"] == ("legacy" if mode else "jp")
    assert doc["tool"] == "jp_evalb" and "|prm:COLLINS.prm#" in doc["signature"]
    scores = doc["scores"]
    assert [s["recall"] for s in scores["sentences"]] == [80.0, 100.0]
    assert scores["sentences"][0]["matched"] == 4 and scores["sentences"][0]["gold"] == 5
    summary = scores["summary"]["all"]
    assert f"Bracketing Recall         = {summary['recall']:6.2f}".encode() in text
    assert f"Bracketing FMeasure       = {summary['fmeasure']:6.2f}".encode() in text
    assert scores["summary"]["len<=40"]["sentences"] == 2
    if not mode:
        assert doc["alignment"]["summary"]["changed"] == 0 and "blocks" not in doc["alignment"]


def test_json_fmeasure_nan_is_null(tmp_path):
    (tmp_path / "e").write_text("")
    _, data, _ = run(["--json", "e", "e"], tmp_path)
    assert json.loads(data)["scores"]["summary"]["all"]["fmeasure"] is None


def test_legacy_mode_refuses_the_options_of_jp_mode(files):
    status, out, err = run(["--legacy", "--json", "gold.tst", "test.tst"], files)
    assert (status, out) == (2, b"")
    assert err.decode().splitlines()[-1].startswith("jp_evalb: error: --json is an option of JP mode")


def test_install_shim_runs_jp_evalb(files, tmp_path):
    status, out, _ = run(["--install-shim", str(tmp_path / "EVALB")])
    shim = tmp_path / "EVALB" / "evalb"
    assert status == 0 and str(shim) in out.decode().splitlines()
    assert os.access(shim, os.X_OK)
    # A process: what is tested is the installed shim script.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    result = subprocess.run([str(shim), "--legacy", "-p", "COLLINS", "gold.tst", "test.tst"],
                            cwd=files, capture_output=True, env=env, timeout=60)
    _, expected, _ = run(["--legacy", "-p", "COLLINS", "gold.tst", "test.tst"], files)
    assert result.returncode == 0 and result.stdout == expected


def test_install_shim_unwritable(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    status, _, err = run(["--install-shim", str(blocker / "sub")])
    assert status == 2 and err.startswith(b"jp_evalb: error: ")


@pytest.mark.parametrize("mode, status", [([], 1), (["--legacy"], 141)])
def test_reader_closing_early_ends_quietly(tmp_path, mode, status):
    # `jp_evalb big big | head -1`: no traceback; legacy mode ends as a shell reports evalb
    # killed by SIGPIPE (128 + 13). The report (about 450 KB) does not fit the pipe. A
    # process: what is tested is its end on a closed pipe and its exit status.
    (tmp_path / "big").write_text(TREE_A * 5000)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.Popen([sys.executable, "-m", "jp_evalb", *mode, "big", "big"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=60) == status
    assert first.startswith(b"  Sent.") and err == b""


RANGE = "is not an integer from -2147483648 to 2147483647"


def test_jp_mode_refuses_numbers_that_are_not_c_ints(files):
    files.joinpath("big.prm").write_text("# evalb would wrap this and turn debugging on\nDEBUG 99999999999999999999\n")
    files.joinpath("word.prm").write_text("FOO 1\nCUTOFF_LEN forty\n")
    for args, message in [
        (["-c", "99999999999999999999999"], f"-c: value '99999999999999999999999' {RANGE}"),
        (["-c", "2147483648"], f"-c: value '2147483648' {RANGE}"),
        (["-e", "abc"], f"-e: value 'abc' {RANGE}"),
        (["-e10x"], f"-e: value '10x' {RANGE}"),
        (["-p", "big.prm"], f"big.prm:2: DEBUG value '99999999999999999999' {RANGE}"),
        # The one line alone, without the file's "Unknown keyword" warning.
        (["-e", "5", "-p", "word.prm"], f"word.prm:2: CUTOFF_LEN value 'forty' {RANGE}"),
    ]:
        status, out, err = run(args + ["gold.tst", "test.tst"], files)
        # A bad value of an option is a usage error (usage line, then the error line); a bad
        # value in a parameter file is bad input (the error line alone).
        usage = b"" if message.endswith(".prm") or ".prm:" in message else USAGE_LINE
        assert (status, out, err) == (2, b"", usage + f"jp_evalb: error: {message}\n".encode()), args
    for option, what in (("-c", "cut-off length for statistices"), ("-e", "number of error to kill"),
                         ("-p", "parameter file")):
        status, out, err = run(["gold.tst", "test.tst", option], files)
        assert (status, out, err) == (2, b"", USAGE_LINE + f"jp_evalb: error: {option}: missing argument ({what})\n".encode())
    # Every C int is taken, attached or not, with a sign.
    for args in (["-c", "2147483647"], ["-c-2147483648"], ["-e", "+3"]):
        assert run(args + ["gold.tst", "test.tst"], files)[0] == 0, args
    _, out, _ = run(["-c", "2147483647", "gold.tst", "test.tst"], files)
    assert b"-- len<=2147483647 --" in out


def test_legacy_mode_keeps_atoi(files):
    files.joinpath("big.prm").write_text("DEBUG 99999999999999999999\n")
    status, out, _ = run(["--legacy", "-c", "99999999999999999999999", "gold.tst", "test.tst"], files)
    assert status == 0 and b"-- len<=-159383553 --" in out
    status, out, _ = run(["--legacy", "-p", "big.prm", "gold.tst", "test.tst"], files)
    assert status == 0 and b"-<1>---" in out
    status, _, err = run(["--legacy", "-e", "abc", "gold.tst", "test.tst"], files)
    assert status == 0 and err == b""
