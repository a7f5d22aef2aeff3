"""The one format sniffer (jp_shims.sniff): every tool refuses every input of the wrong format
in JP mode with one line naming the format it expected (exit 2); --legacy gains no check.

The samples are our own text, one of each format; the real case (CoNLL-14's GPT-4.1 system
M2 given to jp_m2scorer as its text) is read from JP_SHIMS_DATA at test time.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Callable, Dict, List, NamedTuple, Tuple

import pytest

from jp_shims import sniff
from tests.contract_samples import COMMAND_SAMPLES
from tests.datafiles import data_path
from tests.toolrun import entry_point

SAMPLES = {
    "m2": "S The cat sat on the mat .\nA 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n\n"
          "S A dog ran away .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n",
    "trees": "(S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .))\n"
             "(S (NP (DT A) (NN dog)) (VP (VBD ran) (ADVP (RB away))) (. .))\n",
    "conllu": "# sent_id = 1\n# text = The cat sat.\n"
              "1\tThe\tthe\tDET\tDT\t_\t2\tdet\t_\t_\n2\tcat\tcat\tNOUN\tNN\t_\t3\tnsubj\t_\t_\n"
              "3\tsat\tsit\tVERB\tVBD\t_\t0\troot\t_\tSpaceAfter=No\n4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_\n\n",
    "columns": "The O\ncat B-NP\nsat O\n\nA B-NP\ndog I-NP\nran O\n\n",
    "text": "The cat sat on the mat .\nA dog ran away .\n",
}

# Each tool: how its argv names (gold, system), and the sample formats each position takes.
TOOLS: Dict[str, Tuple[object, Tuple[str, ...]]] = {
    "jp_evalb": (lambda gold, system: [gold, system], ("trees",)),
    "jp_evalb_spmrl": (lambda gold, system: [gold, system], ("trees",)),
    "jp_errant_compare": (lambda gold, system: ["-hyp", system, "-ref", gold], ("m2",)),
    "jp_cherrant_compare": (lambda gold, system: ["-hyp", system, "-ref", gold], ("m2",)),
    "jp_conll18_ud_eval": (lambda gold, system: [gold, system], ("conllu",)),
    "jp_udeval": (lambda gold, system: [gold, system], ("conllu",)),
    "jp_conlleval": (lambda gold, system: [gold, system], ("columns",)),
    "jp_preprocess_eval": (lambda gold, system: [gold, system], ("text", "conllu")),
}
# jp_m2scorer: SYSTEM (plain text) then SOURCE_GOLD (M2).
M2SCORER_TAKES = {"gold": ("m2",), "system": ("text",)}

def _cases() -> List[tuple]:
    cases = []
    for tool, (_, takes) in TOOLS.items():
        for side in ("gold", "system"):
            cases += [(tool, side, wrong, takes[0]) for wrong in SAMPLES if wrong not in takes]
    for side, takes in M2SCORER_TAKES.items():
        cases += [("jp_m2scorer", side, wrong, None) for wrong in SAMPLES if wrong not in takes]
    return cases


def _argv(tool: str, side: str, wrong: Path, files: Dict[str, Path], right: str) -> List[str]:
    if tool == "jp_m2scorer":
        return [str(wrong if side == "system" else files["text"]), str(wrong if side == "gold" else files["m2"])]
    build, _ = TOOLS[tool]
    gold, system = (wrong, files[right]) if side == "gold" else (files[right], wrong)
    return build(str(gold), str(system))  # type: ignore[operator]


@pytest.fixture
def files(tmp_path) -> Dict[str, Path]:
    paths = {}
    for kind, text in SAMPLES.items():
        paths[kind] = tmp_path / f"sample.{kind}"
        paths[kind].write_bytes(text.encode("utf-8"))
    return paths


@pytest.mark.parametrize("tool,side,wrong,right", _cases())
def test_a_wrong_format_is_one_line_naming_the_format_expected(run_tool, files, tool, side, wrong, right):
    result = run_tool(tool, _argv(tool, side, files[wrong], files, right))
    stderr = result.stderr.decode("utf-8")
    assert result.returncode == 2 and result.stdout == b"", stderr
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{tool}: error: {files[wrong]}:"), stderr
    assert "expected " in lines[0], stderr
    assert "this looks like" in lines[0] or "this line is not one" in lines[0], stderr


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_every_right_format_is_accepted(run_tool, files, tmp_path, tool):
    build, takes = TOOLS[tool]
    for kind in takes:
        # (in tmp_path: evalb_spmrl writes its ./status file)
        result = run_tool(tool, build(str(files[kind]), str(files[kind])), cwd=tmp_path)  # type: ignore[operator]
        assert result.returncode == 0 and result.stderr == b"", (kind, result.stderr)


@pytest.mark.parametrize("wrong", ["m2", "trees", "conllu", "text"])
def test_conllevals_merged_file_is_checked_too(run_tool, wrong):
    # (conlleval's own interface: one file on standard input, not on the runner; its reader
    # names lines of different field counts itself, as conlleval does)
    result = run_tool("jp_conlleval", [], stdin=SAMPLES[wrong].encode("utf-8"))
    line, = result.stderr.decode("utf-8").splitlines()
    assert result.returncode == 2 and line.startswith("jp_conlleval: error: <stdin>:"), line
    assert "this looks like" in line if wrong != "text" else "fields where the first line" in line, line


def test_conllevals_merged_file_is_accepted(run_tool):
    merged = "The O O\ncat B-NP B-NP\nsat O O\n\nA B-NP B-NP\ndog I-NP I-NP\n"
    result = run_tool("jp_conlleval", [], stdin=merged.encode("utf-8"))
    assert result.returncode == 0 and result.stderr == b"", result.stderr


def test_m2scorer_takes_its_two_formats(run_tool, files):
    result = run_tool("jp_m2scorer", [str(files["text"]), str(files["m2"])])
    assert result.returncode == 0 and result.stderr == b"", result.stderr


def test_legacy_mode_gains_no_check(run_tool, files):
    # m2scorer reads an M2 file as 5 system lines against 2 gold sentences: its AssertionError.
    result = run_tool("jp_m2scorer", ["--legacy", str(files["m2"]), str(files["m2"])])
    assert result.returncode == 1 and result.stderr.splitlines()[-1] == b"AssertionError"
    # evalb reads M2 as trees that do not parse: its own messages, never ours.
    result = run_tool("jp_evalb", ["--legacy", str(files["m2"]), str(files["trees"])])
    assert b"looks like" not in result.stderr and b"expected" not in result.stderr


# --- the commands that are not on the runner: the annotators and jp_wisebe ------------------

# ChERRANT's parallel file (our own text): id TAB source TAB correction...
PARALLEL = "1\t我去学校。\t我要去学校。\n2\t他来了。\t他去了。\n"


class Command(NamedTuple):
    argv: Callable[[List[str], str], List[str]]  # the inputs' paths, the output file
    right: Tuple[str, ...]  # the sample each input position gets when it is not the wrong one
    takes: Tuple[str, ...]  # the sample formats every position takes


COMMANDS: Dict[str, Command] = {
    "jp_wisebe": Command(lambda paths, out: ["-r", paths[0], paths[1], "-c", paths[2]],
                         ("text", "text", "text"), ("text", "conllu")),
    "jp_errant_parallel": Command(lambda paths, out: ["-orig", paths[0], "-cor", paths[1], "-out", out],
                                 ("text", "text"), ("text",)),
    "jp_errant_m2": Command(lambda paths, out: ["-gold", paths[0], "-out", out], ("m2",), ("m2",)),
    # (plain text there is lines without TAB: named by the check of every line, test_jp_cherrant_parallel)
    # (--no_simplified: the conversion needs OpenCC, of the cherrant extra)
    "jp_cherrant_parallel": Command(lambda paths, out: ["-f", paths[0], "-o", out, "--no_simplified"], ("parallel",),
                                    ("parallel", "text")),
}


def _command_cases() -> List[tuple]:
    return [(command, position, wrong) for command, spec in COMMANDS.items()
            for position in range(len(spec.right)) for wrong in SAMPLES if wrong not in spec.takes]


def _run_command(run_tool, command: str, argv: List[str]):
    # The annotators' analyser is the contract test's stand-in: no stanza model is needed.
    backend = COMMAND_SAMPLES[command].backend
    main = None if backend is None else functools.partial(entry_point(command), backend=backend())
    return run_tool(command, argv, main=main)


@pytest.fixture
def command_files(files, tmp_path) -> Dict[str, Path]:
    files = dict(files)
    files["parallel"] = tmp_path / "sample.parallel"
    files["parallel"].write_bytes(PARALLEL.encode("utf-8"))
    return files


@pytest.mark.parametrize("command,position,wrong", _command_cases())
def test_a_command_refuses_a_wrong_format_before_any_work(run_tool, command_files, tmp_path, command, position,
                                                          wrong):
    spec = COMMANDS[command]
    paths = [str(command_files[wrong if at == position else kind]) for at, kind in enumerate(spec.right)]
    out = tmp_path / "out.m2"
    result = _run_command(run_tool, command, spec.argv(paths, str(out)))
    stderr = result.stderr.decode("utf-8")
    assert result.returncode == 2 and result.stdout == b"" and not out.exists(), stderr
    line, = stderr.splitlines()
    assert line.startswith(f"{command}: error: {paths[position]}:") and "expected " in line, line
    # (an M2 file's first line must be an S line, as the scorers' M2 inputs: jp_errant.tool.M2)
    assert ("this line is not one" if command == "jp_errant_m2" else "this looks like") in line, line


@pytest.mark.parametrize("command,kind", [("jp_wisebe", "text"), ("jp_wisebe", "conllu"),
                                          ("jp_errant_parallel", "text"), ("jp_errant_m2", "m2"),
                                          ("jp_cherrant_parallel", "parallel")])
def test_a_command_takes_its_formats(run_tool, command_files, tmp_path, monkeypatch, command, kind):
    for variable, value in COMMAND_SAMPLES[command].environment().items():
        monkeypatch.setenv(variable, value)
    spec = COMMANDS[command]
    out = tmp_path / "out.m2"
    result = _run_command(run_tool, command, spec.argv([str(command_files[kind])] * len(spec.right), str(out)))
    assert result.returncode == 0 and b"error" not in result.stderr, result.stderr


def test_a_ten_field_parallel_line_is_not_conllu():
    # id TAB source TAB eight corrections: ten fields, a numeric first one (MuCGEC has lines
    # of up to seven corrections); no HEAD column holds a number or '_'.
    line = "7\t" + "\t".join(["我去学校。"] * 9)
    assert sniff.sniff([(1, line)]) is None


def test_the_annotators_legacy_mode_gains_no_check(run_tool, files, tmp_path):
    out = tmp_path / "out.m2"
    result = _run_command(run_tool, "jp_errant_parallel",
                          ["--legacy", "-orig", str(files["m2"]), "-cor", str(files["m2"]), "-out", str(out)])
    assert result.returncode == 0 and b"looks like" not in result.stderr and out.exists(), result.stderr


# --- the sniffer itself: evidence, and sentences that only look like formats ----------------

def _lines(text: str) -> List[tuple]:
    return list(enumerate(text.split("\n"), 1))


@pytest.mark.parametrize("kind", ["m2", "trees", "conllu", "columns", "text"])
def test_each_sample_is_recognized(kind):
    found = sniff.sniff(_lines(SAMPLES[kind]))
    assert found is not None and found.kind == kind


@pytest.mark.parametrize("text", [
    SAMPLES["text"],
    "(Laughs) Well , yes .\nS and P 500 fell .\n",          # a bracket, an 'S ' start
    "S is a letter .\nA is another one .\n",                 # S and A lines without edits
    "( see the figure )\nIt shows O\n",                      # one tag-like last word
    "Anna went home O\nshe slept well .\n",                  # two lines, one tag-like
    "1 2 3 4 5 6 7 8 9 10\n",                                 # numbers, no tabs
])
def test_plain_text_is_not_taken_for_a_format(text):
    found = sniff.sniff(_lines(text))
    assert found is None or found.kind == sniff.TEXT


def test_token_columns_split_by_tabs_are_counted_by_tabs():
    assert sniff.sniff(_lines("New York\tB-LOC\nis\tO\n")).kind == sniff.COLUMNS  # type: ignore[union-attr]


def test_ptb_trees_spread_over_lines_are_trees():
    assert sniff.sniff(_lines("( (S \n    (NP-SBJ (NNP Pierre) )\n")).kind == "trees"  # type: ignore[union-attr]
    assert sniff.sniff(_lines("(TOP (S (NP (NN x))))\n")).kind == "trees"  # type: ignore[union-attr]


def test_conll14_system_m2_given_as_text_is_refused(run_tool):
    system = data_path("gec", "sys.conll14.gpt-4.1.minedit.m2")
    gold = data_path("gec", "conll14.official-2014.combined.m2")
    result = run_tool("jp_m2scorer", [str(system), str(gold)])
    assert result.returncode == 2 and result.stdout == b""
    line, = result.stderr.decode("utf-8").splitlines()
    assert line.startswith(f"jp_m2scorer: error: {system}:") and "looks like an M2 file" in line
