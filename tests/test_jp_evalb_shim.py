"""``jp_evalb --install-shim``: the EVALB folders allennlp, benepar and self-attentive-parser
call by path.

Each ``*_evalb`` function below does what that library's documented evaluation does (argv,
parameter file name, how it reads the report), written here from their documentation and
usage: allennlp's ``EvalbBracketingScorer`` (``tools/EVALB``, ``COLLINS.prm``, ``-e 10``,
sums the matched/gold/test bracket columns of the 12-column sentence lines); benepar's
``evaluate.evalb`` (``nk.prm``, or ``evalb_spmrl`` with ``spmrl.prm`` when the folder has no
``evalb``; shell redirection into a file; the first ``Bracketing Recall/Precision/FMeasure``,
``Complete match`` and ``Tagging accuracy`` lines); the self-attentive-parser code of 2018
(the same with ``COLLINS.prm``).
"""
from __future__ import annotations

import math
import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from jp_evalb.shim import MANIFEST, spmrl_available
from tests.toolrun import run_tool

GOLD = [
    "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .)))",
    "(TOP (S (NP (NNP John)) (VP (VBD left) (ADVP (RB early))) (. .)))",
    "(TOP (S (NP (PRP We)) (VP (VBD saw) (NP (DT a) (JJ big) (NN dog))) (. .)))",
]
TEST = [
    "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (ADVP (IN on) (NP (DT the) (NN mat)))) (. .)))",
    "(TOP (S (NP (NNP John)) (VP (VBD left) (ADVP (RB early))) (. .)))",
    "(TOP (S (NP (PRP We)) (VP (VBD saw) (NP (DT a) (JJ big)) (NP (NN dog))) (. .)))",
]
HEADER = ["ID", "Len.", "Stat.", "Recal", "Prec.", "Bracket", "gold", "test", "Bracket", "Words", "Tags", "Accracy"]


def install(argv: list[str]) -> tuple[int, str, str]:
    """``jp_evalb --install-shim ARGV`` in-process (tests/toolrun.py): (status, stdout, stderr)."""
    result = run_tool("jp_evalb", ["--install-shim", *argv])
    return result.returncode, result.out, result.err


@pytest.fixture
def trees(tmp_path: Path) -> tuple[Path, Path]:
    gold, test = tmp_path / "gold.txt", tmp_path / "predicted.txt"
    gold.write_text("".join(tree + "\n" for tree in GOLD))
    test.write_text("".join(tree + "\n" for tree in TEST))
    return gold, test


def allennlp_evalb(evalb_dir: Path, gold: Path, test: Path) -> tuple[float, float, float]:
    """allennlp: ``[EVALB/evalb, -p, EVALB/COLLINS.prm, -e, 10, gold, predicted]``, check=True;
    sums columns 5, 6, 7 of every 12-field line that is not the header."""
    # A process, as allennlp starts it: what is tested is the installed shim script.
    command = [str(evalb_dir / "evalb"), "-p", str(evalb_dir / "COLLINS.prm"), "-e", "10", str(gold), str(test)]
    completed = subprocess.run(command, stdout=subprocess.PIPE, universal_newlines=True, check=True, timeout=120)
    correct = gold_brackets = predicted = 0.0
    for line in completed.stdout.split("\n"):
        fields = line.strip().split()
        if len(fields) == 12 and fields != HEADER:
            numbers = [float(x) for x in fields]
            correct += numbers[5]
            gold_brackets += numbers[6]
            predicted += numbers[7]
    return correct, gold_brackets, predicted


def benepar_evalb(evalb_dir: Path, gold: Path, test: Path, default_prm: str = "nk.prm") -> dict[str, float]:
    """benepar / self-attentive-parser: ``evalb`` with ``nk.prm`` (``COLLINS.prm`` before
    benepar), else ``evalb_spmrl`` with ``spmrl.prm``; ``PROG -p PRM GOLD TEST > OUT`` through a
    shell; reads the first figures of the report."""
    program = evalb_dir / "evalb"
    spmrl_program = evalb_dir / "evalb_spmrl"
    assert program.exists() or spmrl_program.exists()
    if program.exists():
        param = evalb_dir / default_prm
    else:
        program, param = spmrl_program, evalb_dir / "spmrl.prm"
    output = gold.parent / "output.txt"
    # A process through a shell, as benepar starts it: what is tested is the installed shim.
    command = f"{shlex.quote(str(program))} -p {shlex.quote(str(param))} {gold} {test} > {output}"
    subprocess.run(command, shell=True, timeout=120, cwd=gold.parent)
    scores = dict.fromkeys(("recall", "precision", "fscore", "complete_match", "tagging"), math.nan)
    patterns = {"recall": "Bracketing Recall", "precision": "Bracketing Precision",
                "fscore": "Bracketing FMeasure", "complete_match": "Complete match"}
    with open(output) as report:
        for line in report:
            for key, label in patterns.items():
                match = re.match(rf"{label}\s+=\s+(\d+\.\d+)", line)
                if match:
                    scores[key] = float(match.group(1))
            match = re.match(r"Tagging accuracy\s+=\s+(\d+\.\d+)", line)
            if match:
                scores["tagging"] = float(match.group(1))
                break
    return scores


def test_allennlp_layout(tmp_path, trees):
    evalb_dir = tmp_path / "tools" / "EVALB"
    status, out, _ = install([str(evalb_dir)])
    assert status == 0
    assert str(evalb_dir / "evalb") in out.splitlines() and str(evalb_dir / "COLLINS.prm") in out.splitlines()
    assert os.access(evalb_dir / "evalb", os.X_OK)
    # punctuation and TOP not scored: sentence 1 ADVP for PP (4 of 5 brackets match),
    # 2 all 4, 3 the object NP split in two (3 of 4 gold, 5 test brackets)
    assert allennlp_evalb(evalb_dir, *trees) == (11.0, 13.0, 14.0)


@pytest.mark.parametrize("prm", ["nk.prm", "COLLINS.prm"])
def test_benepar_and_self_attentive_parser_layout(tmp_path, trees, prm):
    evalb_dir = tmp_path / "EVALB"
    assert install([str(evalb_dir)])[0] == 0
    scores = benepar_evalb(evalb_dir, *trees, default_prm=prm)
    assert scores["recall"] == 84.62 and scores["precision"] == 78.57  # 11/13, 11/14
    assert scores["fscore"] == 81.48 and scores["complete_match"] == 33.33
    assert scores["tagging"] == 100.00
    # benepar's success test: a number, not nan
    assert not math.isnan(scores["fscore"])


def test_benepar_spmrl_layout(tmp_path, trees):
    if not spmrl_available():
        pytest.skip("jp_evalb.spmrl_cli is not in this installation: no evalb_spmrl to install")
    evalb_dir = tmp_path / "EVALB_SPMRL"
    status, out, _ = install([str(evalb_dir), "--spmrl"])
    assert status == 0 and not (evalb_dir / "evalb").exists()
    assert (evalb_dir / "evalb_spmrl").exists() and (evalb_dir / "spmrl.prm").exists()
    scores = benepar_evalb(evalb_dir, *trees)
    # spmrl.prm keeps punctuation as words but the brackets are the same as under COLLINS
    assert scores["recall"] == 84.62 and scores["precision"] == 78.57 and scores["fscore"] == 81.48
    assert scores["tagging"] == 100.00


def test_refuses_to_overwrite_a_file_it_did_not_write(tmp_path):
    compiled = tmp_path / "evalb"
    compiled.write_bytes(b"\x7fELF compiled evalb")
    status, out, err = install([str(tmp_path)])
    assert status == 2 and out == ""
    assert err == f"jp_evalb: error: {compiled}: exists and was not written by --install-shim (--force replaces it)\n"
    assert compiled.read_bytes() == b"\x7fELF compiled evalb"
    assert not (tmp_path / "COLLINS.prm").exists()  # nothing written before the refusal
    assert install([str(tmp_path), "--force"])[0] == 0
    assert compiled.read_bytes().startswith(b"#!/bin/sh\n")


def test_reinstalling_replaces_its_own_files_only(tmp_path):
    assert install([str(tmp_path)])[0] == 0
    assert (tmp_path / MANIFEST).is_file()
    assert install([str(tmp_path)])[0] == 0  # its own files: replaced
    (tmp_path / "COLLINS.prm").write_text("DEBUG 0\nMAX_ERROR 10\n")  # edited by the user
    status, _, err = install([str(tmp_path)])
    assert status == 2 and "COLLINS.prm: exists and was not written by --install-shim" in err


@pytest.mark.parametrize("argv, message", [
    ([], "--install-shim: missing directory"),
    (["--force"], "--install-shim: missing directory"),
    (["DIR", "extra"], "--install-shim: unexpected argument 'extra'"),
])
def test_argument_errors(tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    status, out, err = install(argv)
    assert status == 2 and out == ""
    assert err.startswith(f"jp_evalb: error: {message}") and err.count("\n") == 1
    assert not (tmp_path / "DIR").exists()


def test_spmrl_refused_when_absent(tmp_path):
    if spmrl_available():
        pytest.skip("jp_evalb.spmrl_cli is installed: --spmrl works")
    status, _, err = install([str(tmp_path), "--spmrl"])
    assert status == 2 and "this installation has no evalb_spmrl" in err
