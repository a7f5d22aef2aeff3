"""Benchmark of jp_errant_parallel's annotation (everything but the stanza analysis).

    JP_SHIMS_DATA=/work/shared/data python benchmarks/errant_parallel_bench.py [--copies 5] [--memory]

Takes the gold analyses of the UD English-EWT test set (read with stanza's CoNLL-U reader, no
model), deletes the first determiner or adposition of each sentence, and runs the command on
the perturbed text against the gold text with a lookup backend, twice: lines paired 1:1, and
the corrected text with every two sentences on one line (sentence alignment path). Prints
sentences/second for ``--copies`` concatenated copies; ``--memory`` also traces the peak
Python memory (tracemalloc, which slows the run several times).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jp_errant import parallel_cli  # noqa: E402
from jp_errant.annotate.backend import tokens_from_stanza_sentence  # noqa: E402
from jp_errant.annotate.tokens import ROOT, Token, concatenate  # noqa: E402


def delete(tokens, index):
    removed, result = tokens[index], []
    for position, token in enumerate(tokens):
        if position == index:
            continue
        head = removed.head if token.head == index else token.head
        if head != ROOT and head > index:
            head -= 1
        result.append(Token(token.text, token.lemma, token.upos, token.xpos, token.feats, token.deprel, head))
    return tuple(result)


class Lookup:
    """Analyses known sentences; a line holding several known sentences is split greedily."""

    def __init__(self, analyses):
        self.known = {" ".join(t.text for t in a): a for a in analyses}
        self.longest = max(len(a) for a in analyses)

    def parse(self, lines):
        out = []
        for line in lines:
            words, parts = line.split(), []
            while words:
                for size in range(min(len(words), self.longest), 0, -1):
                    found = self.known.get(" ".join(words[:size]))
                    if found is not None:
                        parts.append(found)
                        words = words[size:]
                        break
                else:
                    raise KeyError(line)
            out.append(concatenate(parts))
        return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=1)
    parser.add_argument("--memory", action="store_true")
    args = parser.parse_args()
    from stanza.utils.conll import CoNLL
    path = Path(os.environ["JP_SHIMS_DATA"]) / "ud" / "UD_English-EWT" / "en_ewt-ud-test.conllu"
    gold = [tokens_from_stanza_sentence(s) for s in CoNLL.conll2doc(input_file=str(path)).sentences]
    perturbed = []
    for tokens in gold:
        victims = [i for i, t in enumerate(tokens) if t.upos in ("DET", "ADP") and i > 0]
        perturbed.append(delete(tokens, victims[0]) if victims else tokens)
    backend = Lookup([*gold, *perturbed])
    text = lambda tokens: " ".join(t.text for t in tokens)  # noqa: E731
    with tempfile.TemporaryDirectory() as folder:
        orig = Path(folder, "orig.txt")
        cor = Path(folder, "cor.txt")
        merged = Path(folder, "merged.txt")
        orig.write_text("".join(text(t) + "\n" for t in perturbed) * args.copies, encoding="utf-8")
        cor.write_text("".join(text(t) + "\n" for t in gold) * args.copies, encoding="utf-8")
        pairs = ["".join(text(t) + " " for t in gold[i:i + 2]).strip() + "\n" for i in range(0, len(gold), 2)]
        merged.write_text("".join(pairs) * args.copies, encoding="utf-8")
        sentences = len(gold) * args.copies
        for label, cor_path in (("1:1 lines", cor), ("merged lines", merged)):
            if args.memory:
                tracemalloc.start()
            start = time.perf_counter()
            parallel_cli.main(["-orig", str(orig), "-cor", str(cor_path), "-out", str(Path(folder, "out.m2"))],
                              backend=backend)
            elapsed = time.perf_counter() - start
            memory = ""
            if args.memory:
                memory = f"  peak {tracemalloc.get_traced_memory()[1] / 1e6:.1f} MB (tracemalloc)"
                tracemalloc.stop()
            print(f"{label:13s} {sentences} sentences  {elapsed:.2f} s  "
                  f"{sentences / elapsed:.0f} sent/s{memory}", file=sys.stderr)


if __name__ == "__main__":
    main()
