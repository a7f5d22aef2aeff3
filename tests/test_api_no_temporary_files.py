"""The Python API of every registered scorer writes no temporary file (issue 29): inputs given
as lines or open files are held in memory, a file that starts with a byte order mark is read
past it in place; the command line alone spools standard input."""
from __future__ import annotations

import tempfile
import warnings

import pytest

from jp_shims import registry
from jp_shims.runner import evaluate
from tests.contract_samples import SAMPLES

BOM = b"\xef\xbb\xbf"


@pytest.fixture(params=registry.names())
def name(request) -> str:
    return request.param


@pytest.fixture(autouse=True)
def _no_temporary_file(tmp_path, monkeypatch):
    def refused(*args, **kwargs):
        raise AssertionError("the Python API wrote a temporary file")

    for function in ("mkstemp", "mkdtemp", "NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile"):
        monkeypatch.setattr(tempfile, function, refused)
    monkeypatch.chdir(tmp_path)  # (evalb_spmrl writes ./status, as its original does)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_lines_open_files_and_a_bom_file_need_no_temporary_file(name, tmp_path):
    sample = SAMPLES[name]
    gold, system = tmp_path / "gold.txt", tmp_path / "system.txt"
    gold.write_text(sample.gold, encoding="utf-8")
    system.write_text(sample.dropped, encoding="utf-8")
    by_path = evaluate(name, gold, system, sample.options)
    by_lines = evaluate(name, sample.gold.splitlines(), sample.dropped.splitlines(), sample.options)
    with open(gold, "rb") as gold_file:
        by_file = evaluate(name, gold_file, system, sample.options)
    marked = tmp_path / "bom.txt"
    marked.write_bytes(BOM + system.read_bytes())
    by_bom = evaluate(name, gold, marked, sample.options)
    assert dict(by_lines) == dict(by_path) == dict(by_file) == dict(by_bom)
    assert by_bom.summary == by_path.summary and by_bom.text == by_path.text.replace(str(system), str(marked))
