"""Differential test: the compiled evalb_spmrl against ``jp_evalb_spmrl --legacy``.

The original is compiled from ``$JP_SHIMS_ORIGINALS`` (:mod:`tests.live.originals`; skipped
with the reason when that is not available). A seeded generator writes pairs of tree files in
SPMRL style -- morphology in labels (``NP##case=nom##``, ``NN-HLN``, ``NP=2``), wrappers
``ROOT``/``VROOT``/``TOP``/``S1``/``( ...)``, ``-NONE-`` traces, ``-LRB-``-like tags --
all well formed (malformed lines are left to the evalb differential), with the system side
perturbed: relabelled and regrouped brackets, retagged words (also tags equal after cutting),
dropped and added words (length mismatches, one-word gold lines), changed words, unparsed
lines, missing or extra lines at the end. Each case runs with a random option set (``-X``,
``-K n``, ``-L``, ``-l``, ``-V``, ``-c n``, ``-e n``, ``-d``, ``-D``, clusters, the shipped
spmrl/spmrl_hebrew/COLLINS/new parameter files or two of our own), both
programs in their own empty working directory. Stdout, stderr, the exit code and the
``status`` file they leave behind must be identical, byte for byte.

Where the inputs line up for the original (exit 0, nothing on stderr but ``cutoff N``, one
status-0 line per sentence numbered 1, 2, 3, ...), JP mode must give the same stdout and the
same ``status`` file too (continuity). A second test runs the evalb differential's generator
of malformed lines (:mod:`tests.live.evalb_fuzz`) through both programs.
"""
from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path


from jp_evalb.params import BUILTIN_DIR

from .originals import original_binary

CASES = 400
SEED = 20261123

PHRASES = ["S", "NP", "VP", "PP", "AP", "SENT", "NP-SBJ", "NP-OBJ", "VP-PRD", "NP##case=nom|num=sg##",
           "PP##x##", "NP=2", "SBAR", "ADVP-TMP", "VN", "PREDP", "-X-", "#Q#", "FRAG", "SYN_NN"]
TAGS = ["NN", "NNP", "VB", "VBD", "DT", "IN", "JJ", "NN##gen=M|num=S##", "NN-HLN", "NN=1", "VV", "NNG", "JKS",
        "-LRB-", "-RRB-", "#", "PUNCT", "-NONE-", "''", "POS", ",", "yyDOT", "H", "P", "DET", "NC"]
WORDS = ["le", "garçon", "mange", "une", "pomme", "Oslo", "whistled", "to", "paint", "비", "가", "학교", "에",
         "ה", "שוק", "הלכה", "Haus", "das", "ist", "groß", ".", ",", "-LRB-", "*-1", "#", "'", '"', "/"]
WRAPPERS = ["ROOT", "VROOT", "TOP", "S1", "", None, None]
OUR_PRM = (
    "MAX_ERROR 10000\nCUTOFF_LEN 6\nLABELED 1\nDELETE_LABEL NP-SB\nDELETE_LABEL VP##x##\n"
    "DELETE_LABEL ROOT\nDELETE_LABEL -NONE-\nDELETE_LABEL_FOR_LENGTH -NONE-\nDELETE_LABEL_FOR_LENGTH PUNCT\n"
    "EQ_LABEL AP ADVP\nEQ_LABEL NN NNP\n"
)
UNLABELED_PRM = "LABELED 0\nDELETE_LABEL TOP\nDELETE_LABEL -NONE-\nEQ_WORD Haus haus\n"


def random_node(rng: random.Random, words: int) -> tuple:
    """A tree over ``words`` terminals: (label, children) or (tag, word)."""
    if words == 1 and rng.random() < 0.7:
        return ("T", rng.choice(TAGS), rng.choice(WORDS))
    parts = []
    left = words
    while left > 0:
        size = rng.randint(1, left)
        parts.append(random_node(rng, size))
        left -= size
    return ("P", rng.choice(PHRASES), parts)


def render(node: tuple) -> str:
    if node[0] == "T":
        return f"({node[1]} {node[2]})"
    return f"({node[1]} " + " ".join(render(child) for child in node[2]) + ")"


def terminals(node: tuple) -> list:
    if node[0] == "T":
        return [node]
    return [t for child in node[2] for t in terminals(child)]


def perturb(rng: random.Random, node: tuple) -> tuple:
    """The system's version of a tree: labels, tags and grouping changed here and there."""
    if node[0] == "T":
        tag = node[1]
        if rng.random() < 0.15:
            tag = rng.choice(TAGS)
        elif rng.random() < 0.1:
            tag = tag + rng.choice(["##a=b##", "-X", "=3"])
        return ("T", tag, node[2])
    children = [perturb(rng, child) for child in node[2]]
    label = node[1] if rng.random() > 0.15 else rng.choice(PHRASES)
    if len(children) > 2 and rng.random() < 0.2:  # regroup two children
        i = rng.randrange(len(children) - 1)
        children[i:i + 2] = [("P", rng.choice(PHRASES), children[i:i + 2])]
    if len(children) == 1 and children[0][0] == "P" and rng.random() < 0.2:  # flatten
        children = children[0][2]
    return ("P", label, children)


def edit_words(rng: random.Random, node: tuple, how: str) -> tuple:
    """Drop, add or change one terminal (length or words mismatch)."""
    terms = terminals(node)
    target = rng.choice(terms)

    def walk(n: tuple) -> list:
        if n[0] == "T":
            if n is not target:
                return [n]
            if how == "drop":
                return []
            if how == "add":
                return [n, ("T", rng.choice(TAGS), rng.choice(WORDS))]
            return [("T", n[1], n[2] + "x")]
        kids = [k for child in n[2] for k in walk(child)]
        return [("P", n[1], kids)] if kids else []

    out = walk(node)
    return out[0] if out else ("P", "S", [("T", "NN", "x")])


def wrap(node: tuple, wrapper) -> str:
    text = render(node)
    if wrapper is None:
        return text
    return f"({wrapper} {text})" if wrapper else f"( {text})"


def random_files(rng: random.Random) -> tuple[str, str]:
    gold_lines, test_lines = [], []
    for _ in range(rng.randint(0, 7)):
        size = rng.choice([1, 1, 2, 3, 5, 8, 12])
        gold = random_node(rng, size)
        wrapper = rng.choice(WRAPPERS)
        test = perturb(rng, gold)
        roll = rng.random()
        if roll < 0.12:
            test = edit_words(rng, test, "drop")
        elif roll < 0.24:
            test = edit_words(rng, test, "add")
        elif roll < 0.30:
            test = edit_words(rng, test, "change")
        gold_text = wrap(gold, wrapper)
        test_text = wrap(test, wrapper if rng.random() < 0.9 else rng.choice(WRAPPERS))
        roll = rng.random()
        if roll < 0.1:
            test_text = rng.choice(["", "(())", "()", "(TOP)", "   "])
        elif roll < 0.09:
            gold_text = ""
        gold_lines.append(gold_text)
        test_lines.append(test_text)
    roll = rng.random()
    if roll < 0.1 and test_lines:
        test_lines.pop()
    elif roll < 0.2:
        test_lines.append(render(random_node(rng, 3)))
    end = "" if rng.random() < 0.1 else "\n"
    return "\n".join(gold_lines) + (end if gold_lines else ""), "\n".join(test_lines) + (end if test_lines else "")


def random_args(rng: random.Random) -> list[str]:
    args: list[str] = []
    prm = rng.choice(["spmrl", "spmrl", "spmrl_hebrew", "COLLINS", "new", "ours", "unlabeled", None, None])
    if prm in ("spmrl", "spmrl_hebrew", "COLLINS", "new"):
        args += ["-p", str(BUILTIN_DIR / f"{prm}.prm")]
    elif prm == "ours":
        args += ["-p", "ours.prm"]
    elif prm == "unlabeled":
        args += ["-p", "unlabeled.prm"]
    options = [["-X"], ["-L"], ["-l"], ["-V"], ["-K", str(rng.randint(-1, 5))], [f"-K{rng.randint(0, 4)}"],
               ["-c", str(rng.randint(0, 10))], ["-e", str(rng.randint(0, 3))], ["-d"], ["-D"], ["-XL"], ["-LX"],
               ["-VX"], ["-Xd"], ["-X", "-d"], ["-X", "-D"]]
    for _ in range(rng.randint(0, 3)):
        option = rng.choice(options)
        if option in (["-d"], ["-D"]) and rng.random() < 0.5:
            continue
        position = rng.randint(0, len(args))
        args[position:position] = option
    return args + ["gold.tst", "test.tst"]


def run_in(folder: Path, command: list[str]) -> tuple:
    done = subprocess.run(command, cwd=folder, capture_output=True, timeout=120)
    status = folder / "status"
    return done.returncode, done.stdout, done.stderr, status.read_bytes() if status.is_file() else None


def make_case(root: Path, who: str, gold: str, test: str) -> Path:
    folder = root / who
    folder.mkdir()
    (folder / "gold.tst").write_text(gold, encoding="utf-8")
    (folder / "test.tst").write_text(test, encoding="utf-8")
    (folder / "ours.prm").write_text(OUR_PRM, encoding="ascii")
    (folder / "unlabeled.prm").write_text(UNLABELED_PRM, encoding="ascii")
    return folder


SENTENCE = re.compile(rb"^ *(\d+) +\d+ +(\d) ")


def lines_up(result: tuple) -> bool:
    """The original's "inputs already line up" condition (the vectors' ``lines_up``)."""
    code, stdout, stderr, _ = result
    if code != 0 or any(not line.startswith(b"cutoff ") for line in stderr.splitlines()):
        return False
    rows = [m.groups() for m in map(SENTENCE.match, stdout.splitlines()) if m]
    return all(status == b"0" for _, status in rows) and [int(n) for n, _ in rows] == list(range(1, len(rows) + 1))


def test_legacy_matches_the_compiled_evalb_spmrl(tmp_path: Path) -> None:
    original = original_binary("evalb_spmrl")
    rng = random.Random(SEED)
    ours = [sys.executable, "-m", "jp_evalb.spmrl_cli", "--legacy"]
    mismatches = []
    lined_up = 0
    for number in range(CASES):
        gold, test = random_files(rng)
        args = random_args(rng)
        case = tmp_path / f"case{number}"
        case.mkdir()
        expected = run_in(make_case(case, "original", gold, test), [str(original), *args])
        actual = run_in(make_case(case, "ours", gold, test), [*ours, *args])
        if expected != actual:
            what = [name for name, a, b in zip(("exit code", "stdout", "stderr", "status file"), expected, actual)
                    if a != b]
            mismatches.append(f"case{number} {args}: {', '.join(what)} differ")
        elif lines_up(expected):
            lined_up += 1
            jp = run_in(make_case(case, "jp", gold, test), [*ours[:-1], *args])
            if (jp[0], jp[1], jp[3]) != (expected[0], expected[1], expected[3]):
                mismatches.append(f"case{number} {args}: JP mode on lined-up inputs differs")
    assert not mismatches, f"{len(mismatches)} of {CASES} cases differ:\n" + "\n".join(mismatches[:20])
    assert lined_up > CASES // 10, f"only {lined_up} cases line up: the generator no longer tests continuity"


MALFORMED_CASES = 600
MALFORMED_SEED = 7


def test_legacy_matches_on_the_evalb_fuzzer_inputs(tmp_path: Path, monkeypatch) -> None:
    """The evalb differential's generator (:mod:`tests.live.evalb_fuzz`: malformed lines in
    most cases -- early, missing or extra ")", NUL bytes, CR line ends, two words in a
    bracket, bare words) run through evalb_spmrl and ``jp_evalb_spmrl --legacy`` (in this
    process): stdout, exit code, last stderr line and ./status must agree."""
    import contextlib
    import io

    from jp_evalb.spmrl_cli import main

    from .evalb_fuzz import _last_line, _write, generate

    original = original_binary("evalb_spmrl")
    rng = random.Random(MALFORMED_SEED)
    theirs, ours = tmp_path / "original", tmp_path / "ours"
    theirs.mkdir()
    ours.mkdir()
    mismatches = []
    for number in range(MALFORMED_CASES):
        case = generate(rng)
        for folder in (theirs, ours):
            (folder / "status").unlink(missing_ok=True)
        gold, test = _write(case, theirs)
        done = subprocess.run([str(original), *case.options, str(gold), str(test)], cwd=theirs,
                              capture_output=True, timeout=60)
        expected = (done.stdout, done.returncode, _last_line(done.stderr), _status(theirs))
        gold, test = _write(case, ours)
        out, err = io.BytesIO(), io.BytesIO()
        stdout, stderr = io.TextIOWrapper(out, encoding="latin-1"), io.TextIOWrapper(err, encoding="latin-1")
        monkeypatch.chdir(ours)
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = main(["--legacy", *case.options, str(gold), str(test)])
        stdout.flush()
        stderr.flush()
        actual = (out.getvalue(), code, _last_line(err.getvalue()), _status(ours))
        if actual != expected:
            mismatches.append(f"case {number} {case.options}: "
                              + ", ".join(n for n, a, b in zip(("stdout", "exit code", "stderr", "status"),
                                                                actual, expected) if a != b))
    assert not mismatches, f"{len(mismatches)} of {MALFORMED_CASES} differ:\n" + "\n".join(mismatches[:20])


def _status(folder: Path):
    status = folder / "status"
    return status.read_bytes() if status.is_file() else None
