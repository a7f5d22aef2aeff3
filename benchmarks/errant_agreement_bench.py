"""How close jp_errant_parallel / jp_errant_m2 (stanza) come to errant's own annotation (spaCy).

    JP_SHIMS_DATA=/work/shared/data python benchmarks/errant_agreement_bench.py \\
        --model-dir /work/shared/models/stanza_en_ewt_small [--limit N] [-j 2] [--keep DIR]

The W&I+LOCNESS dev M2 (level A, ``wi.A.dev.gold.bea19.m2``) and the M2 of a system's output
(``sys.wi.A.dev.gpt-4o.m2``) were made by errant from parallel corrections: they are
errant's annotation. Here annotator 0's corrected sentence is rebuilt from the edits
(detection-only ``UNK`` edits change nothing) and annotated again, twice:

- ``jp_errant_m2 -auto`` on the M2 file itself;
- ``jp_errant_parallel`` on the original sentences and the rebuilt corrected ones.

Both use ``--labels errant`` (PREP, CONJ), so type names compare directly. For each,
printed: edit-span agreement with the file (an edit = start, end, correction; P/R/F of ours
against errant's, noop and UNK edits left out and UNK counted apart), type agreement on
matching spans (overall, by operation M/R/U, by errant's main type) and the commonest type
confusions; then ``jp_errant_compare`` (span-based correction, F0.5) of the system against
the gold under errant's annotation, with the system's edits re-annotated by us, and with
both files re-annotated by us (-auto).
Only aggregate figures are printed (the corpus is licensed).
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import io
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jp_errant import m2_cli, parallel_cli  # noqa: E402
from jp_errant.annotate.reannotate import DETECTION_TYPES, corrected  # noqa: E402
from jp_errant.api import evaluate  # noqa: E402
from jp_errant.m2 import read_m2  # noqa: E402

GOLD = "wi.A.dev.gold.bea19.m2"
SYSTEM = "sys.wi.A.dev.gpt-4o.m2"
Edit = Tuple[int, int, str]  # start, end, correction


def annotator0(path: str) -> List[Tuple[List[str], Dict[Edit, str], int]]:
    """Per sentence: tokens, annotator 0's edits {(start, end, correction): type}, its UNK count."""
    sentences = []
    for sentence in read_m2(path):
        edits = [edit for edit in sentence.edits if edit.coder == 0 and not edit.is_noop]
        kept = {(e.start, e.end, " ".join(e.correction.split())): e.type for e in edits
                if e.type not in DETECTION_TYPES}
        sentences.append((list(sentence.tokens), kept, len(edits) - len(kept)))
    return sentences


def prefix(path: Path, limit: int, target: Path) -> str:
    """The first ``limit`` M2 sentences of ``path`` (all when 0), written to ``target``."""
    blocks = path.read_text(encoding="utf-8").split("\n\n")
    body = [block for block in blocks if block.strip()]
    if limit:
        body = body[:limit]
    target.write_text("".join(block.strip("\n") + "\n\n" for block in body), encoding="utf-8")
    return str(target)


def run_quietly(main, argv: Sequence[str]) -> float:
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(list(argv))
    if code != 0:
        raise SystemExit(f"{main.__module__} {' '.join(argv)} failed ({code})")
    return time.perf_counter() - start


def agreement(label: str, reference: list, ours: list) -> None:
    if len(reference) != len(ours):
        raise SystemExit(f"{label}: {len(ours)} sentences, the reference has {len(reference)}")
    both = only_ref = only_ours = 0
    same = collections.Counter()
    total = collections.Counter()
    confusions = collections.Counter()
    for (_, ref, _), (_, mine, _) in zip(reference, ours):
        for edit, kind in ref.items():
            if edit not in mine:
                only_ref += 1
                continue
            both += 1
            keys = ("all", "op " + kind[0], "type " + kind[2:])
            agree = mine[edit] == kind
            for key in keys:
                total[key] += 1
                same[key] += agree
            if not agree:
                confusions[(kind, mine[edit])] += 1
        only_ours += sum(1 for edit in mine if edit not in ref)
    precision = both / (both + only_ours) if both + only_ours else 1.0
    recall = both / (both + only_ref) if both + only_ref else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    print(f"\n{label}: spans: errant {both + only_ref}, ours {both + only_ours}, same {both}: "
          f"P {precision:.4f} R {recall:.4f} F1 {f1:.4f} (UNK edits left out: "
          f"{sum(unk for _, _, unk in reference)})")
    print(f"  types on the {both} same spans: {same['all'] / max(total['all'], 1):.4f}")
    for key in sorted(k for k in total if k.startswith("op ")):
        print(f"    {key[3:]}: {same[key] / total[key]:.4f} of {total[key]}")
    print("    by errant's main type (20 spans or more):")
    for key in sorted((k for k in total if k.startswith("type ") and total[k] >= 20),
                      key=lambda k: -total[k]):
        print(f"      {key[5:]:12s} {same[key] / total[key]:.4f} of {total[key]}")
    print("  commonest type differences (errant -> ours):")
    for (theirs, mine), count in confusions.most_common(12):
        print(f"      {theirs:14s} -> {mine:14s} {count}")


def scores(reference: str, hypothesis: str) -> str:
    figures = evaluate(reference, hypothesis).scores
    return (f"TP {figures['tp']} FP {figures['fp']} FN {figures['fn']} P {figures['precision']:.4f} "
            f"R {figures['recall']:.4f} F0.5 {figures['f']:.4f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model-dir", required=True)
    parser.add_argument("--limit", type=int, default=0, help="first N sentences only (default: all)")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--keep", help="write the re-annotated M2 files into this folder")
    args = parser.parse_args()
    data = Path(os.environ["JP_SHIMS_DATA"]) / "gec"
    common = ["--model-dir", args.model_dir, "--labels", "errant", "-j", str(args.jobs), "--quiet"]
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.keep or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        gold = prefix(data / GOLD, args.limit, folder / "gold.m2")
        system = prefix(data / SYSTEM, args.limit, folder / "system.m2")
        reference = annotator0(gold)
        orig = folder / "orig.txt"
        cor = folder / "cor.txt"
        orig.write_text("".join(" ".join(tokens) + "\n" for tokens, _, _ in reference), encoding="utf-8")
        rebuilt = [" ".join(corrected(s.tokens, [e for e in s.edits if e.coder == 0])[0]) for s in read_m2(gold)]
        cor.write_text("".join(line + "\n" for line in rebuilt), encoding="utf-8")
        timings = {
            "m2 -auto gold": run_quietly(m2_cli.main, [gold, "-auto", "-out", str(folder / "gold.auto.m2"), *common]),
            "parallel": run_quietly(parallel_cli.main, ["-orig", str(orig), "-cor", str(cor), "-out",
                                                        str(folder / "gold.parallel.m2"),
                                                        *common]),
            "m2 -auto system": run_quietly(m2_cli.main, [system, "-auto", "-out", str(folder / "system.auto.m2"),
                                                         *common]),
        }
        print(f"{len(reference)} sentences of {GOLD}; model {args.model_dir}; -j {args.jobs}; "
              + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in timings.items()))
        agreement("jp_errant_m2 -auto", reference, annotator0(str(folder / "gold.auto.m2")))
        agreement("jp_errant_parallel", reference, annotator0(str(folder / "gold.parallel.m2")))
        agreement(f"jp_errant_m2 -auto of {SYSTEM}", annotator0(system), annotator0(str(folder / "system.auto.m2")))
        print(f"\njp_errant_compare, {SYSTEM} against {GOLD}:")
        print(f"  errant's annotation (the files):      {scores(gold, system)}")
        print(f"  the system's edits ours, gold's the file's: {scores(gold, str(folder / 'system.auto.m2'))}")
        print(f"  ours (both files jp_errant_m2 -auto): "
              f"{scores(str(folder / 'gold.auto.m2'), str(folder / 'system.auto.m2'))}")


if __name__ == "__main__":
    main()
