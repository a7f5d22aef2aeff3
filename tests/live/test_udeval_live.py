"""Differential test: ``jp_udeval --legacy`` against pip ``udtools``' ``udeval`` (the current UD
scorer) on generated perturbations.

Seeds are the gold files of the ``iwpt_xud_eval`` vectors (EWT and PUD sentences with
enhanced graphs and empty nodes, and the hand-made edge sentences). Each case takes a few
consecutive sentences, perturbs gold and/or system with a fixed-seed ``random.Random``
(basic heads and deprels, enhanced edges and labels, empty nodes, multi-word tokens,
sentence splits and merges) and picks options (-v/-c, --no-enhanced, --enhancements,
--no-empty-nodes, --multiple-roots-okay). Both programs run in this process: the reference
through its API exactly as its console script does, ours through its command line. They must
agree on stdout, exit status and the last stderr line (the exception's type and message);
where the reference scores, JP mode must print the same bytes too.
Skipped when udtools is not installed (``pip install -e '.[compat]'``).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import random
from pathlib import Path

import pytest

from jp_conll18.udeval_cli import main

reference = pytest.importorskip("udtools.udeval", reason="udtools (pip install -e '.[compat]') is not installed")

VECTORS = Path(__file__).resolve().parents[2] / "compat_tests" / "vectors" / "iwpt_xud_eval"
CASES = 1200
SEEDS = 12
LABELS = ["nsubj", "obj", "obl", "obl:in", "nmod:poss", "conj", "conj:and", "acl:relcl", "xcomp", "ref",
          "advcl", "case", "det", "punct", "mark", "nsubj:pass", "nsubj:xsubj", "conj:and>nsubj", "root"]


def _seed_sentences() -> list:
    """Sentences (lists of lines without newline) of the vectors' gold files the reference
    reads without error."""
    sentences = []
    for gold in sorted(VECTORS.glob("*/gold.conllu")):
        try:
            reference.load_conllu_file(str(gold), {})
        except Exception:
            continue
        block: list = []
        for line in gold.read_text(encoding="utf-8").splitlines():
            if line:
                block.append(line)
            elif block:
                sentences.append(block)
                block = []
    return sentences


SENTENCES = _seed_sentences() if VECTORS.exists() else []


def _words(sentence: list) -> list:
    return [i for i, line in enumerate(sentence) if not line.startswith("#") and line.split("\t")[0].isdigit()]


def _set(sentence: list, index: int, column: int, value: str) -> None:
    cols = sentence[index].split("\t")
    cols[column] = value
    sentence[index] = "\t".join(cols)


def _perturb_heads(s: list, rng: random.Random) -> None:
    """A new head that keeps the tree a tree (mostly: one case in ten may break it)."""
    words = _words(s)
    if len(words) < 2:
        return
    i = rng.randrange(len(words))
    heads = [int(s[k].split("\t")[6]) if s[k].split("\t")[6].isdigit() else 0 for k in words]
    candidates = []
    for h in range(1, len(words) + 1):
        j, seen = h, 0
        while j and j != i + 1 and seen <= len(words):
            j, seen = heads[j - 1], seen + 1
        if j == 0 and h != i + 1 and heads[i] != 0:
            candidates.append(h)
    if rng.random() < 0.1 or not candidates:
        candidates = list(range(0, len(words) + 1))
    _set(s, words[i], 6, str(rng.choice(candidates)))


def _perturb_deprel(s: list, rng: random.Random) -> None:
    words = _words(s)
    if words:
        _set(s, rng.choice(words), 7, rng.choice(LABELS))


def _perturb_deps(s: list, rng: random.Random) -> None:
    words = _words(s)
    if not words:
        return
    i = rng.choice(words)
    deps = s[i].split("\t")[8]
    items = [] if deps == "_" else deps.split("|")
    action = rng.random()
    if action < 0.3 or not items:
        head = rng.choice([str(rng.randint(0, len(words))), f"{rng.randint(1, len(words))}.1", str(-rng.randint(1, 3))]
                          if rng.random() < 0.2 else [str(rng.randint(0, len(words)))])
        items.append(f"{head}:{rng.choice(LABELS)}")
    elif action < 0.5:
        items.pop(rng.randrange(len(items)))
    elif action < 0.65:
        items.append(rng.choice(items))
    elif action < 0.85:
        k = rng.randrange(len(items))
        items[k] = items[k].split(":", 1)[0] + ":" + rng.choice(LABELS)
    else:
        k = rng.randrange(len(items))
        items[k] = str(rng.randint(0, len(words))) + ":" + items[k].split(":", 1)[1]
    _set(s, i, 8, "|".join(items) if items else "_")


def _add_empty_node(s: list, rng: random.Random) -> None:
    words = _words(s)
    if words:
        i = rng.choice(words)
        number = s[i].split("\t")[0]
        s.insert(i + 1, f"{number}.1\tgone\tgo\tVERB\t_\t_\t_\t_\t{rng.randint(1, len(words))}:conj\t_")
        j = rng.choice(_words(s))
        _set(s, j, 8, s[j].split("\t")[8].replace("_", "") + ("|" if s[j].split("\t")[8] != "_" else "")
             + f"{number}.1:nsubj")


def _wrap_multiword(s: list, rng: random.Random) -> None:
    words = [i for i in _words(s) if i + 1 < len(s) and s[i + 1].split("\t")[0].isdigit()]
    words = [i for i in words if i == 0 or "-" not in s[i - 1].split("\t")[0]]
    if words:
        i = rng.choice(words)
        a, b = s[i].split("\t"), s[i + 1].split("\t")
        s.insert(i, f"{a[0]}-{b[0]}\t{a[1]}{b[1]}\t_\t_\t_\t_\t_\t_\t_\t_")


def _unwrap_multiword(s: list, rng: random.Random) -> None:
    ranges = [i for i, line in enumerate(s) if "-" in line.split("\t")[0] and not line.startswith("#")]
    if ranges:
        del s[rng.choice(ranges)]


def _renumbered(lines: list, low: int, high: int) -> list:
    """The lines of words ``low+1..high`` as a sentence of their own: ids from 1, heads and
    DEPS heads outside attached to the part's root (the first such word when it has none)."""
    out, root = [], None
    for line in lines:
        cols = line.split("\t")
        if line.startswith("#"):
            continue
        if "-" in cols[0]:
            a, b = cols[0].split("-")
            cols[0] = f"{int(a) - low}-{int(b) - low}"
        elif "." in cols[0]:
            a, b = cols[0].split(".")
            cols[0] = f"{int(a) - low}.{b}"
        else:
            cols[0] = str(int(cols[0]) - low)
            head = int(cols[6]) if cols[6].isdigit() else 0
            if head == 0 or not low < head <= high:
                if root is None:
                    root, cols[6], cols[7] = cols[0], "0", "root"
                else:
                    cols[6] = root
            else:
                cols[6] = str(head - low)
            items = [] if cols[8] == "_" else cols[8].split("|")
            kept = []
            for item in items:
                h, label = item.split(":", 1)
                if h.isdigit() and low < int(h) <= high:
                    kept.append(f"{int(h) - low}:{label}")
                elif h == "0" and cols[6] == "0":
                    kept.append(item)
            cols[8] = "|".join(kept) if kept else "_"
        out.append("\t".join(cols))
    return out


def _split(doc: list, rng: random.Random) -> None:
    k = rng.randrange(len(doc))
    s = doc[k]
    words = _words(s)
    if len(words) < 2:
        return
    cut = rng.choice(words[1:])
    if "-" in s[cut - 1].split("\t")[0] or "." in s[cut].split("\t")[0]:
        return
    n = len(_words(s[:cut]))
    doc[k:k + 1] = [_renumbered(s[:cut], 0, n), _renumbered(s[cut:], n, len(words))]


def _merge(doc: list, rng: random.Random) -> None:
    if len(doc) < 2:
        return
    k = rng.randrange(len(doc) - 1)
    n = len(_words(doc[k]))
    second = [line for line in doc[k + 1] if not line.startswith("#")]
    first_root = next((str(i + 1) for i, j in enumerate(_words(doc[k])) if doc[k][j].split("\t")[6] == "0"), "0")
    two_roots = rng.random() < 0.2  # else the second root attaches to the first
    moved = []
    for line in second:
        cols = line.split("\t")
        if "-" in cols[0]:
            a, b = cols[0].split("-")
            cols[0] = f"{int(a) + n}-{int(b) + n}"
        elif "." in cols[0]:
            a, b = cols[0].split(".")
            cols[0] = f"{int(a) + n}.{b}"
        else:
            cols[0] = str(int(cols[0]) + n)
            if cols[6].isdigit() and cols[6] != "0":
                cols[6] = str(int(cols[6]) + n)
            elif cols[6] == "0" and not two_roots:
                cols[6], cols[7] = first_root, "parataxis"
            items = [] if cols[8] == "_" else cols[8].split("|")
            cols[8] = "|".join(_shift_item(item, n) for item in items) if items else "_"
        moved.append("\t".join(cols))
    doc[k:k + 2] = [doc[k] + moved]


def _shift_item(item: str, n: int) -> str:
    head, label = item.split(":", 1)
    if head.isdigit() and head != "0":
        return f"{int(head) + n}:{label}"
    if "." in head and head.split(".")[0].isdigit():
        a, b = head.split(".", 1)
        return f"{int(a) + n}.{b}:{label}"
    return item


def _change_characters(s: list, rng: random.Random) -> None:
    """A FORM that differs (a typo), which the original refuses with its token report."""
    words = [i for i in _words(s) if i == 0 or "-" not in s[i - 1].split("\t")[0]]
    if words:
        i = rng.choice(words)
        _set(s, i, 1, s[i].split("\t")[1] + rng.choice("xyz"))


PERTURBATIONS = [_perturb_heads, _perturb_deprel, _perturb_deps, _perturb_deps, _add_empty_node,
                 _wrap_multiword, _unwrap_multiword]


def _document(rng: random.Random, start: int, count: int) -> list:
    return [list(s) for s in SENTENCES[start:start + count]]


def _text(doc: list) -> str:
    return "".join("\n".join(s) + "\n\n" for s in doc)


def _case(rng: random.Random, tmp_path: Path) -> list:
    count = rng.randint(1, 6)
    start = rng.randrange(max(1, len(SENTENCES) - count))
    gold, system = _document(rng, start, count), _document(rng, start, count)
    for doc, changes in ((system, rng.randint(0, 6)), (gold, rng.choice([0, 0, 0, 1, 2]))):
        for _ in range(changes):
            if rng.random() < 0.15:
                rng.choice([_split, _merge])(doc, rng)
            elif rng.random() < 0.04:
                _change_characters(rng.choice(doc), rng)
            else:
                rng.choice(PERTURBATIONS)(rng.choice(doc), rng)
    gold_path, system_path = tmp_path / "gold.conllu", tmp_path / "system.conllu"
    gold_path.write_text(_text(gold), encoding="utf-8")
    system_path.write_text(_text(system), encoding="utf-8")
    args = [str(gold_path), str(system_path)]
    for option in ("-v", "-c", "--no-enhanced", "--multiple-roots-okay"):
        if rng.random() < 0.25:
            args.insert(0, option)
    if rng.random() < 0.4:
        args[:0] = ["--enhancements", "".join(rng.sample("0123456", rng.randint(1, 3)))]
    if rng.random() < 0.1:
        args[:0] = ["--no-empty-nodes", "1"]
    return args


def _reference_run(argv: list) -> tuple:
    parser = argparse.ArgumentParser()
    parser.add_argument("gold_file")
    parser.add_argument("system_file")
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("-c", "--counts", action="store_true")
    parser.add_argument("--no-enhanced", dest="enhanced", action="store_false")
    parser.add_argument("--enhancements", default="0")
    parser.add_argument("--no-empty-nodes", default=False)
    parser.add_argument("--multiple-roots-okay", action="store_true")
    args = parser.parse_args(argv)
    try:
        evaluation = reference.evaluate_wrapper(args)
    except Exception as error:
        return "", 1, f"{type(error).__name__}: {error}"
    return reference.build_evaluation_table(evaluation, args.verbose, args.counts, args.enhanced) + "\n", 0, ""


def _our_run(argv: list, legacy: bool = True) -> tuple:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--legacy", *argv] if legacy else argv)
    # The exception as the traceback ends (its message may span lines: the character
    # mismatch report), compared whole.
    lines = err.getvalue().splitlines()
    start = next((i for i, line in enumerate(lines)
                  if line and not line.startswith(" ") and not line.startswith("Traceback ")), len(lines))
    return out.getvalue(), code, "\n".join(lines[start:])


@pytest.mark.skipif(not SENTENCES, reason="the iwpt_xud_eval vectors are not in this checkout")
@pytest.mark.parametrize("seed", range(SEEDS))
def test_perturbations_agree_with_udtools(tmp_path, seed, capsys):
    rng = random.Random(seed)
    mismatches = []
    failures = 0
    for number in range(CASES // SEEDS):
        argv = _case(rng, tmp_path)
        expected = _reference_run(argv)
        actual = _our_run(argv)
        failures += expected[1] != 0
        if expected[1] == 0:
            # Continuity: where the original scores, JP mode prints the same bytes.
            jp = _our_run(argv, legacy=False)
            if jp[:2] != expected[:2]:
                actual = ("JP mode", *jp)
        if actual != expected:
            mismatches.append((number, argv[:-2], expected, actual,
                               (tmp_path / "gold.conllu").read_text(encoding="utf-8"),
                               (tmp_path / "system.conllu").read_text(encoding="utf-8")))
    with capsys.disabled():
        print(f"\nudeval differential seed {seed}: {CASES // SEEDS} cases run "
              f"({failures} where udeval fails), {len(mismatches)} mismatches")
    assert not mismatches, mismatches[0]
