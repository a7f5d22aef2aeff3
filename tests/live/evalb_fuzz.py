"""Random evalb inputs, well formed and malformed, for the differential test of legacy mode.

Everything is drawn from a ``random.Random`` seeded by the caller, so a failing case is
reproduced from its seed and number (``python -m tests.live.evalb_fuzz SEED N`` writes it to a
folder). Malformations are those that real files contain and that evalb reads in a defined
way: a ``)`` too early or too many, a ``)`` missing, a label-only bracket at the end of a line,
NUL bytes, CR-only or CRLF line ends, a last line without a newline, blank lines, two words in
a bracket, bare words, changed or dropped words. Sentences stay inside evalb's fixed buffers
(fewer than 200 words and brackets, short words and labels, shallow nesting); a label or word
running into the end of a line makes evalb read on into what earlier lines left in its line
buffer, which legacy mode reproduces, unless that reaches past the buffer (then evalb's
behaviour is undefined and legacy mode says so: docs/jp_evalb.md, "Legacy mode and evalb's
limits"; such cases are counted, not compared).
"""
from __future__ import annotations

import contextlib
import io
import random
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

PHRASES = ("S", "NP", "VP", "PP", "ADVP", "PRT", "SBAR", "NP-SBJ", "NP=2", "-LRB-", "TOP", "", "S1", "X")
TAGS = ("DT", "NN", "VBD", "IN", ",", ".", "``", "''", "-NONE-", "POS", "CD", "NN-HLN", ":", "PRT")
WORDS = ("a", "b", "the", "cat", ",", ".", "'", '"', "/", "*", "x1", "Energy", "it's")
PARAMS = (None, "COLLINS.prm", "new.prm")
PARAM_DIR = Path(__file__).resolve().parents[2] / "jp_evalb" / "params"
RUN_TIMEOUT_SECONDS = 20


class Case(NamedTuple):
    gold: bytes
    test: bytes
    options: list[str]  # evalb's options before the two file names


class Outcome(NamedTuple):
    stdout: bytes
    code: int
    last_stderr: bytes
    undefined: bool = False  # (legacy) it warned that evalb's behaviour is undefined here

    def same(self, other: "Outcome") -> bool:
        return self[:3] == other[:3]


UNDEFINED_WARNING = b"jp_evalb: warning: "


def _tree(rng: random.Random, depth: int = 0) -> list[str]:
    """A tree as a list of tokens: "(LABEL", "(TAG word)", ")"."""
    if depth > 3 or rng.random() < 0.35:
        return [f"({rng.choice(TAGS)} {rng.choice(WORDS)})"]
    tokens = [f"({rng.choice(PHRASES)}"]
    for _ in range(rng.randint(1, 3)):
        tokens += _tree(rng, depth + 1)
    return tokens + [")"]


def _sentence(rng: random.Random) -> list[str]:
    tokens = _tree(rng)
    if rng.random() < 0.3:
        tokens = ["(TOP"] + tokens + [")"]
    elif rng.random() < 0.1:
        tokens = ["("] + tokens + [")"]
    return tokens


def _variant(rng: random.Random, tokens: list[str]) -> list[str]:
    """A parser's version of a gold tree: some tags and phrase labels changed, a bracket
    moved, rarely a word changed or dropped."""
    out = list(tokens)
    for i, token in enumerate(out):
        r = rng.random()
        if token.endswith(")") and token.startswith("(") and r < 0.15:
            word = token[1:-1].split(" ", 1)[1]
            out[i] = f"({rng.choice(TAGS)} {word})"
        elif token.startswith("(") and not token.endswith(")") and r < 0.15:
            out[i] = f"({rng.choice(PHRASES)}"
    if rng.random() < 0.2:
        closes = [i for i, t in enumerate(out) if t == ")"]
        if closes:
            j = rng.choice(closes)
            del out[j]
            out.insert(rng.randint(j, len(out)), ")")
    if rng.random() < 0.05:
        terms = [i for i, t in enumerate(out) if t.endswith(")") and t != ")"]
        if terms:
            i = rng.choice(terms)
            if rng.random() < 0.5:
                del out[i]
            else:
                out[i] = out[i].rsplit(" ", 1)[0] + " zz)"
    return out


def _malform(rng: random.Random, tokens: list[str]) -> list[str]:
    """One of the malformations of real files."""
    out = list(tokens)
    kind = rng.randrange(9)
    if kind == 0:  # a ")" too early or too many
        out.insert(rng.randint(0, len(out)), ")")
    elif kind == 1:  # a ")" missing
        closes = [i for i, t in enumerate(out) if t == ")"]
        if closes:
            del out[rng.choice(closes)]
        else:
            out.insert(0, f"({rng.choice(PHRASES)}")
    elif kind == 2:  # a label-only bracket at the end of the line
        out.append(f"({rng.choice(PHRASES)}")
    elif kind == 3:  # two words in one bracket
        out.insert(rng.randint(0, len(out)), f"({rng.choice(PHRASES)} {rng.choice(WORDS)} {rng.choice(WORDS)})")
    elif kind == 4:  # a bare word
        out.insert(rng.randint(0, len(out)), rng.choice(WORDS))
    elif kind == 5:  # a terminal closed by "(" or with its word missing
        out.insert(rng.randint(0, len(out)), rng.choice([f"({rng.choice(TAGS)})", f"({rng.choice(TAGS)} ("]))
    elif kind == 6:  # several ")" at the end
        out += [")"] * rng.randint(1, 3)
    elif kind == 7:  # a lone "(" or an empty bracket
        out.insert(rng.randint(0, len(out)), rng.choice(["(", "()", "( )", "(TOP ())"]))
    else:  # cut the line short
        out = out[: rng.randint(0, len(out))]
    return out


def _render(rng: random.Random, tokens: list[str]) -> bytes:
    space = rng.choice([" ", " ", " ", "  ", "\t", " \v"])
    line = space.join(tokens)
    if rng.random() < 0.3:  # evalb's scanner also reads tokens written without spaces
        line = line.replace(") (", ")(").replace(" )", ")")
    if rng.random() < 0.1:
        line = " " + line
    data = line.encode("utf-8")
    if rng.random() < 0.04:  # a NUL byte: C strings end there
        at = rng.randint(0, len(data))
        data = data[:at] + b"\0" + data[at:]
    return data


def _blank(rng: random.Random) -> bytes:
    return rng.choice([b"", b" ", b"\t", b"(TOP ())", b"()", b"(TOP )"])


def generate(rng: random.Random) -> Case:
    """One random case: a gold and a test file (a few lines each) and evalb's options."""
    golds, tests = [], []
    malformed = rng.random() < 0.85
    for _ in range(rng.randint(1, 6)):
        gold = _sentence(rng)
        test = _variant(rng, gold)
        if malformed and rng.random() < 0.4:
            if rng.random() < 0.5:
                gold = _malform(rng, gold)
            else:
                test = _malform(rng, test)
        golds.append(_blank(rng) if rng.random() < 0.04 else _render(rng, gold))
        tests.append(_blank(rng) if rng.random() < 0.08 else _render(rng, test))
    if rng.random() < 0.1:  # line counts differ
        (golds if rng.random() < 0.5 else tests).append(_render(rng, _sentence(rng)))
    files = []
    for lines in (golds, tests):
        end = rng.choice([b"\n"] * 6 + [b"\r\n", b"\r"])
        data = end.join(lines)
        if rng.random() < 0.8:
            data += end
        files.append(data)
    options: list[str] = []
    param = rng.choice(PARAMS)
    if param is not None:
        options += ["-p", str(PARAM_DIR / param)]
    if rng.random() < 0.7:
        options += ["-e", str(rng.choice([0, 1, 2, 3, 5, 10, 100]))]
    if rng.random() < 0.2:
        options += ["-c", str(rng.choice([0, 2, 5]))]
    if rng.random() < 0.1:
        options.append(rng.choice(["-d", "-D"]))
    return Case(files[0], files[1], options)


def _last_line(stderr: bytes) -> bytes:
    lines = stderr.rstrip(b"\n").split(b"\n")
    return lines[-1]


def run_original(binary: Path, case: Case, folder: Path) -> Outcome:
    gold, test = _write(case, folder)
    done = subprocess.run([str(binary), *case.options, str(gold), str(test)], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=RUN_TIMEOUT_SECONDS)
    return Outcome(done.stdout, done.returncode, _last_line(done.stderr))


def run_legacy(case: Case, folder: Path) -> Outcome:
    """jp_evalb --legacy in this process (a process per case would take most of the time)."""
    from jp_evalb.cli import main

    gold, test = _write(case, folder)
    out, err = io.BytesIO(), io.BytesIO()
    stdout, stderr = io.TextIOWrapper(out, encoding="latin-1"), io.TextIOWrapper(err, encoding="latin-1")
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(["--legacy", *case.options, str(gold), str(test)])
    stdout.flush()
    stderr.flush()
    errors = err.getvalue()
    return Outcome(out.getvalue(), code, _last_line(errors), UNDEFINED_WARNING in errors)


def _write(case: Case, folder: Path) -> tuple[Path, Path]:
    gold, test = folder / "gold.mrg", folder / "test.mrg"
    gold.write_bytes(case.gold)
    test.write_bytes(case.test)
    return gold, test


def case_for(seed: int, number: int) -> Case:
    """Case NUMBER (0-based) of the sequence drawn from SEED."""
    rng = random.Random(seed)
    for _ in range(number):
        generate(rng)
    return generate(rng)


if __name__ == "__main__":  # write one case to a folder: SEED NUMBER FOLDER
    seed, number, target = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
    target.mkdir(parents=True, exist_ok=True)
    found = case_for(seed, number)
    _write(found, target)
    print(" ".join(found.options), target / "gold.mrg", target / "test.mrg")
