"""Every tool through the audit layer (jp_shims): for a case that lines up and a case JP mode
changes, the stderr note (absent / one line), the --show-alignment listing (file:line on both
sides), one schema-valid JSON document with and without --show-alignment, the HTML report,
the help section and --version; the CoNLL-14 case (127 re-tokenized hypothesis sentences)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import jsonschema
import pytest
from referencing import Registry, Resource

from jp_shims import KINDS, __version__
from tests.datafiles import data_path
from tests.toolrun import run_tool

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "docs" / "schema"


def _registry() -> Registry:
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


REGISTRY = _registry()


def validate(document: dict) -> None:
    """Against the tool's own schema (which includes the envelope's)."""
    schema = json.loads((SCHEMAS / f"{document['tool']}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema, registry=REGISTRY).validate(document)


def strict(text: str) -> dict:
    def refuse(name):
        raise AssertionError(f"{name} is not JSON")
    return json.loads(text, parse_constant=refuse)


# --- the cases: (tool main, argv of a lined-up case, argv of a changed case) --------------------

def row(i, form, head, deprel="dep"):
    return f"{i}\t{form}\t_\tX\t_\t_\t{head}\t{deprel}\t_\t_\n"


def _files(tmp_path: Path) -> dict:
    def write(name, text):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    ref = ("S I do n't like cat .\nA 4 5|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0\n\n"
           "S He go home .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n"
           "S She left .\nA 1 2|||R:VERB:TENSE|||leaves|||REQUIRED|||-NONE-|||0\n")
    hyp = ("S I don't like cat .\nA 3 4|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0\n\n"
           "S He go home . She left .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n")
    conllu = (row(1, '"', 2, "punct") + row(2, "Hi", 0, "root") + row(3, '"', 2, "punct") + "\n"
              + row(1, "Bye", 0, "root") + row(2, ".", 1, "punct") + "\n")
    system = (row(1, "``", 2, "punct") + row(2, "Hi", 0, "root") + row(3, "''", 2, "punct") + "\n"
              + row(1, "Bye", 0, "root") + row(2, ".", 1, "punct") + "\n")
    return {
        "ref": write("ref.m2", ref), "hyp": write("hyp.m2", hyp),
        "gold_conllu": write("g.conllu", conllu), "system_conllu": write("s.conllu", system),
        # The first reference splits "boundaries" in two: the second reference and the
        # candidate are re-tokenized relative to it.
        "cand": write("cand.txt", "hello everyone and welcome\nto the show\ntoday we talk about sentence "
                                  "boundaries they are hard to find in speech\n"),
        "ref1": write("ref1.txt", "hello everyone and welcome to the show\ntoday we talk about sentence "
                                  "bound aries\nthey are hard to find in speech\n"),
    }


def _cases(files: dict) -> dict:
    evalb = ["examples/evalb/gold.mrg", "examples/evalb/test.mrg"]
    spmrl = ["examples/evalb_spmrl/gold.tst", "examples/evalb_spmrl/test.tst"]
    prep = ["examples/preprocess/gold.txt", "examples/preprocess/system.txt"]
    wise = ["-r", "examples/wisebe/ref1.txt", "examples/wisebe/ref2.txt", "-c"]
    return {
        "jp_evalb": ("jp_evalb.cli", [evalb[0], evalb[0]], evalb),
        # -L (compact view): no ./status file written into the repository, where these run.
        "jp_evalb_spmrl": ("jp_evalb.spmrl_cli", ["-L", "-p", "spmrl", spmrl[0], spmrl[0]],
                           ["-L", "-p", "spmrl", *spmrl]),
        "jp_errant_compare": ("jp_errant.cli", ["-hyp", files["ref"], "-ref", files["ref"]],
                              ["-hyp", files["hyp"], "-ref", files["ref"]]),
        "jp_conll18_ud_eval": ("jp_conll18.cli", [files["gold_conllu"], files["gold_conllu"]],
                               [files["gold_conllu"], files["system_conllu"]]),
        "jp_udeval": ("jp_conll18.udeval_cli", [files["gold_conllu"], files["gold_conllu"]],
                      [files["gold_conllu"], files["system_conllu"]]),
        "jp_preprocess_eval": ("jp_preprocess.cli", [prep[0], prep[0]], prep),
        "jp_wisebe": ("jp_preprocess.wisebe_cli", wise + ["examples/wisebe/candidate.txt"],
                      ["-r", files["ref1"], "examples/wisebe/ref2.txt", "-c", files["cand"]]),
    }


TOOLS = ["jp_evalb", "jp_evalb_spmrl", "jp_errant_compare", "jp_conll18_ud_eval", "jp_udeval", "jp_preprocess_eval",
         "jp_wisebe"]


PROGRAMS = {"jp_evalb.cli": "jp_evalb", "jp_evalb.spmrl_cli": "jp_evalb_spmrl",
            "jp_errant.cli": "jp_errant_compare",
            "jp_conll18.cli": "jp_conll18_ud_eval", "jp_conll18.udeval_cli": "jp_udeval",
            "jp_preprocess.cli": "jp_preprocess_eval",
            "jp_preprocess.wisebe_cli": "jp_wisebe"}


def run(module: str, argv: list[str]) -> SimpleNamespace:
    """The tool as its console script runs it, in-process from the repository root
    (tests/toolrun.py); stdout and stderr as text."""
    result = run_tool(PROGRAMS[module], argv, cwd=ROOT)
    return SimpleNamespace(returncode=result.returncode, stdout=result.out, stderr=result.err)


@pytest.fixture
def cases(tmp_path):
    return _cases(_files(tmp_path))


@pytest.mark.parametrize("tool", TOOLS)
def test_no_note_when_the_inputs_line_up(cases, tool):
    module, lined_up, _ = cases[tool]
    result = run(module, lined_up)
    assert result.returncode == 0 and result.stderr == ""
    document = strict(run(module, lined_up + ["--json"]).stdout)
    validate(document)
    assert document["alignment"]["summary"]["changed"] == 0


@pytest.mark.parametrize("tool", TOOLS)
def test_a_changed_case_has_the_note_the_listing_and_the_json(cases, tool, tmp_path):
    module, _, changed = cases[tool]
    plain = run(module, changed)
    assert plain.returncode == 0
    note = plain.stderr.splitlines()
    assert len(note) == 1 and note[0].startswith(f"{tool}: note: ") and f"[tool:{tool}|v:{__version__}|" in note[0]
    # stdout is the report alone; the note never reaches it.
    assert ": note: " not in plain.stdout

    listed = run(module, changed + ["--show-alignment"])
    assert listed.stdout.startswith(plain.stdout)  # the report first, unchanged, then the listing
    listing = listed.stdout[len(plain.stdout):].lstrip("\n").splitlines()
    assert listing[0].startswith("Alignment: ")
    heads = [line for line in listing if line.startswith("[")]

    documents = []
    for flags in ([], ["--show-alignment"]):
        result = run(module, changed + ["--json"] + flags)
        document = strict(result.stdout)  # exactly one document: json.loads refuses trailing text
        validate(document)
        assert result.stderr == plain.stderr
        documents.append(document)
    without, with_blocks = documents
    assert "blocks" not in without["alignment"]
    assert without["alignment"]["summary"] == with_blocks["alignment"]["summary"]
    assert without["scores"] == with_blocks["scores"] and without["signature"] in note[0]
    summary, blocks = with_blocks["alignment"]["summary"], with_blocks["alignment"]["blocks"]
    assert summary["changed"] == len(blocks) == len(heads) > 0
    assert sum(summary["kinds"].values()) == summary["blocks"]
    for block, head in zip(blocks, heads):
        assert block["kind"] in KINDS and block["kind"] != "exact"
        assert head.startswith(f"[{block['kind']}] ")
        for side in ("gold", "system"):
            if block[side] is not None:
                lines = block[side]
                place = f"{lines['file']}:{lines['first_line']}"
                if lines["last_line"] != lines["first_line"]:
                    place += f"-{lines['last_line']}"
                assert place in head

    report = tmp_path / "report.html"
    result = run(module, changed + ["--report", str(report)])
    assert result.stdout == plain.stdout and result.stderr == plain.stderr
    html = report.read_text(encoding="utf-8")
    assert html.count('<tr class="block"') == len(blocks)
    assert "http://" not in html and "https://" not in html and "<link" not in html  # self-contained
    assert with_blocks["signature"].replace("<", "&lt;") in html


@pytest.mark.parametrize("tool", TOOLS)
def test_help_has_the_jp_section_and_version(cases, tool):
    module = cases[tool][0]
    result = run(module, ["--help"])
    text = result.stdout + result.stderr
    assert "JP options (jp-shims " in text and "--json" in text and "--show-alignment" in text
    assert "--report FILE.html" in text and "--version" in text
    version = run(module, ["--version"])
    assert version.returncode == 0 and version.stdout == f"{tool} (jp-shims) {__version__}\n"


@pytest.mark.parametrize("tool,original", [("jp_errant_compare", "errant_compare"),
                                           ("jp_conll18_ud_eval", "conll18_ud_eval.py")])
def test_legacy_help_is_the_originals_alone(cases, tool, original):
    module = cases[tool][0]
    legacy = run(module, ["--legacy", "--help"])
    jp = run(module, ["--help"])
    assert legacy.returncode == 0 and legacy.stdout.startswith(f"usage: {original} ")
    assert "JP options" not in legacy.stdout and "--show-alignment" not in legacy.stdout
    # JP mode's help is the same text (under its own program name) followed by the section.
    body = jp.stdout[: jp.stdout.index("\nJP options")]
    assert body.replace(tool, original) == legacy.stdout


# --- a reader that goes away (issue 15, item 1) ------------------------------------------------

@pytest.mark.parametrize("tool", ["jp_conll18_ud_eval", "jp_udeval", "jp_wisebe", "jp_evalb", "jp_errant_compare",
                                  "jp_preprocess_eval"])
def test_closed_pipe_stops_quietly(cases, tool):
    # A process: what is tested is its stdout, a pipe nobody reads, and its exit.
    module, _, changed = cases[tool]
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `| true`: nobody reads stdout
    code = f"import sys; from {module} import main; sys.exit(main())"
    try:
        result = subprocess.run([sys.executable, "-c", code, *changed, "--show-alignment"], cwd=ROOT,
                                stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120,
                                env=dict(os.environ, PYTHONPATH=str(ROOT)))
    finally:
        os.close(write_end)
    assert "Traceback" not in result.stderr and "BrokenPipeError" not in result.stderr, result.stderr
    assert result.returncode == 1


# --- CoNLL-14: the case that started it ---------------------------------------------------------

def test_conll14_gpt41_lists_all_127_retokenized_sentences():
    hyp = str(data_path("gec", "sys.conll14.gpt-4.1.minedit.m2"))
    ref = str(data_path("gec", "conll14.official-2014.combined.m2"))
    text = run("jp_errant.cli", ["--show-alignment", "-hyp", hyp, "-ref", ref])
    assert "1341\t802\t1447\t0.6258\t0.481\t0.5902" in text.stdout
    heads = [line for line in text.stdout.splitlines() if line.startswith("[")]
    assert len(heads) == 127 and all(line.startswith("[retokenized] reference ") for line in heads)
    assert all(re.search(r"\.m2:\d+ \| hypothesis .*\.m2:\d+", line) for line in heads)
    assert text.stderr.startswith("jp_errant_compare: note: 127 of 1312 hypothesis sentences are tokenized "
                                  "differently from the reference; their edits were mapped onto the "
                                  "reference tokens")
    document = strict(run("jp_errant.cli", ["--json", "--show-alignment", "-hyp", hyp, "-ref", ref]).stdout)
    validate(document)
    assert document["alignment"]["summary"]["kinds"]["retokenized"] == 127
    assert len(document["alignment"]["blocks"]) == 127
    assert document["scores"]["tp"] == 1341
    legacy = run("jp_errant.cli", ["--legacy", "-hyp", hyp, "-ref", ref])
    assert "0.5504" in legacy.stdout and legacy.stderr == ""
