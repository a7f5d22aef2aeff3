"""Command-line robustness of the jp_errant tools: malformed integers, unusable betas,
--json that is always valid JSON, a reader that goes away (``| head``), error lines without a
line number when there is none, and reading ORIG once."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from jp_errant import m2_cli, parallel_cli
from jp_errant.annotate import pairing
from jp_errant.cli import main
from jp_errant.m2_records import M2Error, RawBlock
from jp_errant.m2 import parse_block
from tests.contract_samples import WordsOnly
from tests.toolrun import run_tool

REF = "S This are a sentence .\nA 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0\n"
NOOP = "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0"
ROOT = Path(__file__).resolve().parent.parent


def run(tmp_path: Path, hyp: str, ref: str, *flags: str) -> tuple[int, str, str]:
    """jp_errant_compare in-process (tests/toolrun.py) on ``hyp`` and ``ref``: (status, stdout, stderr)."""
    (tmp_path / "hyp.m2").write_text(hyp, encoding="utf-8")
    (tmp_path / "ref.m2").write_text(ref, encoding="utf-8")
    result = run_tool("jp_errant_compare", ["-hyp", str(tmp_path / "hyp.m2"), "-ref", str(tmp_path / "ref.m2"), *flags])
    return result.returncode, result.out, result.err


def one_error_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


# -- 1. integers with a doubled sign ------------------------------------------------------

DOUBLED_SIGNS = [
    ("A --1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0", "offsets are not two integers"),
    ("A -1 +-1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0", "offsets are not two integers"),
    ("A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||+-0", "annotator id is not an integer"),
    ("A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||--0", "annotator id is not an integer"),
]


@pytest.mark.parametrize("line, message", DOUBLED_SIGNS)
def test_doubled_sign_is_a_one_line_error_in_jp_mode(tmp_path, line, message) -> None:
    code, out, err = run(tmp_path, f"S This are a sentence .\n{line}\n", REF)
    assert code == 2 and out == ""
    assert f": error: {tmp_path / 'hyp.m2'}:2: " in one_error_line(err)
    assert message in err


@pytest.mark.parametrize("line, message", DOUBLED_SIGNS)
def test_doubled_sign_is_an_m2_error(line, message) -> None:
    with pytest.raises(M2Error, match=message) as caught:
        parse_block(RawBlock(f"S This are a sentence .\n{line}", 7), "x.m2")
    assert caught.value.line == 8


@pytest.mark.parametrize("line", ["A +1 +2|||R|||is|||REQUIRED|||-NONE-|||+0",
                                  "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||-0"])
def test_one_sign_is_still_read_like_errant(line) -> None:
    edit, = parse_block(RawBlock(f"S This are a sentence .\n{line}", 1), "x.m2").edits
    assert (edit.start, edit.end, edit.coder) == ((1, 2, 0) if "+1" in line else (-1, -1, 0))


@pytest.mark.parametrize("line, _", DOUBLED_SIGNS)
def test_doubled_sign_keeps_errants_value_error_in_legacy(tmp_path, line, _) -> None:
    (tmp_path / "hyp.m2").write_text(f"S This are a sentence .\n{line}\n", encoding="utf-8")
    (tmp_path / "ref.m2").write_text(REF, encoding="utf-8")
    with pytest.raises(ValueError, match="invalid literal for int"):
        main(["--legacy", "-hyp", str(tmp_path / "hyp.m2"), "-ref", str(tmp_path / "ref.m2")])


# -- 2. beta ------------------------------------------------------------------------------

@pytest.mark.parametrize("beta", ["1e200", "nan", "inf", "-inf", "-1e155"])
@pytest.mark.parametrize("flags", [[], ["--json"], ["-v"], ["-cat", "3"]])
def test_unusable_beta_is_a_one_line_error_in_jp_mode(tmp_path, beta, flags) -> None:
    code, out, err = run(tmp_path, REF, REF, f"--beta={beta}", *flags)
    assert code == 2 and out == ""
    assert ": error: " in one_error_line(err) and "beta" in err


def strict_json(text: str) -> dict:
    def refuse(constant: str) -> None:
        raise AssertionError(f"{constant} is not JSON")
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("beta", ["1e154", "1e-200", "-2", "0.5"])
def test_json_is_strict_for_every_accepted_beta(tmp_path, beta) -> None:
    hyp = "S This are a sentence .\nA 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0\n"
    code, out, _ = run(tmp_path, hyp, REF, "-b", beta, "--json")
    assert code == 0
    document = strict_json(out)["scores"]
    assert document["tp"] == 1 and document["f"] == 1.0


def test_legacy_keeps_errants_overflow(tmp_path) -> None:
    (tmp_path / "a.m2").write_text(REF, encoding="utf-8")
    path = str(tmp_path / "a.m2")
    with pytest.raises(OverflowError):
        main(["--legacy", "-hyp", path, "-ref", path, "-b", "1e200"])


def test_legacy_keeps_errants_nan_report(capsys, tmp_path) -> None:
    (tmp_path / "a.m2").write_text(REF, encoding="utf-8")
    path = str(tmp_path / "a.m2")
    assert main(["--legacy", "-hyp", path, "-ref", path, "-b", "nan"]) == 0
    assert "Fnan" in capsys.readouterr().out


# -- 3. the reader goes away --------------------------------------------------------------

def run_with_closed_stdout(*argv: str) -> subprocess.CompletedProcess:
    """Run a console script whose stdout is a pipe nobody reads (``| head`` that exited): a
    process, since what is tested is the process's end on a closed pipe."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    env.pop("PYTHONUNBUFFERED", None)  # stdout block-buffered, as on a pipe by default
    try:
        return subprocess.run([sys.executable, "-c", *argv], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("flags", [["-v"], [], ["--json"], ["--show-alignment"], ["-cat", "3"]])
def test_compare_stops_quietly_when_stdout_closes(tmp_path, flags) -> None:
    big = tmp_path / "big.m2"
    big.write_text(("S This are a sentence .\n" + REF.split("\n", 1)[1] + "\n") * 2000,
                   encoding="utf-8")
    result = run_with_closed_stdout(
        "import sys; from jp_errant.cli import main; sys.exit(main())",
        "-hyp", str(big), "-ref", str(big), *flags)
    assert result.stderr == ""
    assert result.returncode == 1


def test_compare_still_reports_errors_when_stdout_closes(tmp_path) -> None:
    result = run_with_closed_stdout(
        "import sys; from jp_errant.cli import main; sys.exit(main())",
        "-hyp", str(tmp_path / "nope.m2"), "-ref", str(tmp_path / "nope.m2"))
    assert result.returncode == 2
    assert result.stderr.endswith(f": error: {tmp_path / 'nope.m2'}: "
                                  f"No such file or directory\n")
    assert one_error_line(result.stderr)


def test_compare_reports_an_error_after_stdout_closed(tmp_path) -> None:
    # The -v lines of the first sentences are still buffered when the bad line is met: the
    # failed flush must not hide the error line.
    block = "S This are a sentence .\n" + REF.split("\n", 1)[1] + "\n"
    hyp = tmp_path / "hyp.m2"
    hyp.write_text(block * 2 + "S This are a sentence .\nA 1 x|||R|||is|||REQUIRED|||-NONE-|||0\n",
                   encoding="utf-8")
    ref = tmp_path / "ref.m2"
    ref.write_text(block * 3, encoding="utf-8")
    result = run_with_closed_stdout(
        "import sys; from jp_errant.cli import main; sys.exit(main())",
        "-hyp", str(hyp), "-ref", str(ref), "-v")
    assert result.returncode == 2
    assert f": error: {hyp}:8: A line offsets are not two integers" in one_error_line(result.stderr)


class NoBackend:
    def parse(self, lines):
        raise AssertionError("not reached")


@contextmanager
def closed_stdout():
    """sys.stdout writing into a pipe whose reader is gone (in-process; set in the test body,
    since pytest re-installs its own capture between fixture set-up and the test)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    stream = os.fdopen(write_end, "w")
    saved, sys.stdout = sys.stdout, stream
    try:
        yield stream
    finally:
        sys.stdout = saved
        stream.close()


@pytest.mark.parametrize("legacy", [[], ["--legacy"]])
def test_parallel_and_m2_stop_quietly_when_stdout_closes(tmp_path, capsys, legacy) -> None:
    text = tmp_path / "t.txt"
    text.write_text("a b .\n", encoding="utf-8")
    with closed_stdout():
        code = parallel_cli.main(["-orig", str(text), "-cor", str(text), "-out", str(tmp_path / "o.m2"),
                                  *legacy], backend=WordsOnly())
    assert code == 1
    assert (tmp_path / "o.m2").read_text(encoding="utf-8").startswith("S a b .\n")
    (tmp_path / "g.m2").write_text("S a b .\n" + NOOP + "\n", encoding="utf-8")
    with closed_stdout():
        code = m2_cli.main([str(tmp_path / "g.m2"), "-gold", "-out", str(tmp_path / "o2.m2"), *legacy],
                           backend=WordsOnly())
    assert code == 1
    assert capsys.readouterr().err == ""


# -- 4. no line 0 in error lines ----------------------------------------------------------

def test_m2_directory_input_has_no_line_number(tmp_path, capsys) -> None:
    code = m2_cli.main([str(tmp_path), "-gold", "-out", str(tmp_path / "o.m2")], backend=NoBackend())
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"jp_errant_m2: error: {tmp_path}: is a directory")
    assert ":0:" not in err and err.count("\n") == 1


def test_parallel_missing_input_has_no_line_number(tmp_path, capsys) -> None:
    missing = tmp_path / "none.txt"
    code = parallel_cli.main(["-orig", str(missing), "-cor", str(missing), "-out", str(tmp_path / "o.m2")],
                             backend=NoBackend())
    assert code == 2
    assert capsys.readouterr().err == \
        f"jp_errant_parallel: error: {missing}: No such file or directory\n"


@pytest.mark.parametrize("cli, inputs", [(parallel_cli, ["-orig", "{p}", "-cor", "{p}"]),
                                         (m2_cli, ["{p}", "-gold"])])
def test_output_equal_to_input_has_no_line_number(tmp_path, capsys, cli, inputs) -> None:
    path = tmp_path / "in.txt"
    path.write_text("S a .\n", encoding="utf-8")
    argv = [arg.format(p=path) for arg in inputs] + ["-out", str(path)]
    assert cli.main(argv, backend=NoBackend()) == 2
    err = capsys.readouterr().err
    assert f"error: {path}: the output file is also an input" in err and ":0:" not in err


# -- 5. ORIG is read once -----------------------------------------------------------------

def test_aligned_groups_read_orig_once(tmp_path) -> None:
    orig = [(1, "a b ."), (2, "c d ."), (3, "e f .")]
    cors = [[(1, "a b . c d ."), (2, "e f .")], [(1, "a b ."), (2, "c d ."), (3, "e f .")]]
    opened = []

    def open_orig():
        opened.append(1)
        return iter(orig)

    groups = list(pairing.aligned_groups(open_orig, [iter(cor) for cor in cors]))
    assert len(opened) == 1
    assert [group.orig for group in groups] == [tuple(orig[:2]), tuple(orig[2:])]
    assert [group.cors for group in groups] == [((cors[0][0],), tuple(cors[1][:2])),
                                                ((cors[0][1],), (cors[1][2],))]
