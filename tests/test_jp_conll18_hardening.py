"""Issue 15, conll18 parts: texts that never re-synchronize end in one unaligned block
(item 5); the RecursionError of long head chains is covered in ``test_jp_udeval.py``."""
from __future__ import annotations

import random

from jp_conll18.evaluation import evaluate_files
from jp_conll18.jp import UNALIGNED_RUN_LIMIT
from jp_conll18.reconcile import ReconcileLog


def _sentence(rng: random.Random) -> str:
    words = ["".join(rng.choice("abcdefghij") for _ in range(rng.randint(2, 6))) for _ in range(rng.randint(2, 5))]
    return "".join(f"{i}\t{w}\t_\tX\t_\t_\t{0 if i == 1 else 1}\t{'root' if i == 1 else 'dep'}\t_\t_\n"
                   for i, w in enumerate(words, 1)) + "\n"


def _write(path, seed: int, n: int, prefix: int) -> int:
    shared, own = random.Random(0), random.Random(seed)
    sentences = [_sentence(shared if i < prefix else own) for i in range(n)]
    path.write_text("".join(sentences), encoding="utf-8")
    return sum(s.count("\n") - 1 for s in sentences[:prefix])


def test_a_shared_prefix_then_unrelated_text_gives_up_with_one_unaligned_block(tmp_path):
    n, prefix = 4 * UNALIGNED_RUN_LIMIT, 10
    gold, system = tmp_path / "g.conllu", tmp_path / "s.conllu"
    prefix_words = _write(gold, 1, n, prefix)
    _write(system, 2, n, prefix)
    log = ReconcileLog(keep=True)
    scores = evaluate_files(str(gold), str(system), log=log)
    # The aligner stepped through at most one run of unaligned sentences before giving up...
    assert len(log.entries) <= UNALIGNED_RUN_LIMIT + 1
    last = log.entries[-1]
    assert last.rule.endswith("the rest of both files")
    # ...and every sentence after the prefix still counts, unmatched, on both sides.
    assert (log.unaligned_gold, log.unaligned_system) == (n - prefix, n - prefix)
    words = scores["Words"]
    assert words.correct == prefix_words
    assert words.gold_total == sum(1 for line in gold.read_text(encoding="utf-8").splitlines() if line)
    assert scores["Sentences"].correct == prefix
