"""Scaling of jp_align: sentence alignment of randomly re-segmented token streams.

For 10k, 100k and 1M tokens, both sides hold the same token stream cut into sentences at
independent random points (mean sentence length 25), so blocks are mostly m:n. Prints the
best wall time (of 9 runs, 3 for 1M) of align_sentences per size and the 1M/100k ratio (linear time means about 10).

    python benchmarks/align_scale.py [--words]   # --words also aligns words in every block
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jp_align import align_sentences, align_words  # noqa: E402


def token_stream(n: int, rng: random.Random) -> list:
    vocab = [f"w{i}" for i in range(5000)] + ["the", "of", ",", ".", "ca", "n't", "(", ")"]
    return [rng.choice(vocab) for _ in range(n)]


def segment(tokens: list, rng: random.Random, mean: int = 25) -> list:
    sentences, start = [], 0
    while start < len(tokens):
        length = max(1, int(rng.expovariate(1 / mean)))
        sentences.append(tokens[start:start + length])
        start += length
    return sentences


def run(n: int, with_words: bool, seed: int = 0) -> float:
    rng = random.Random(seed)
    tokens = token_stream(n, rng)
    left, right = segment(tokens, rng), segment(tokens, rng)
    elapsed = float("inf")
    for _ in range(3 if n >= 1_000_000 else 9):  # best of several: the machine is shared
        t0 = time.perf_counter()
        blocks = align_sentences(left, right)
        if with_words:
            for b in blocks:
                align_words([t for i in b.left for t in left[i]], [t for j in b.right for t in right[j]])
        elapsed = min(elapsed, time.perf_counter() - t0)
    one_to_one = sum(b.is_one_to_one for b in blocks)
    print(f"{n:>9,} tokens  {len(left):>7,} / {len(right):>7,} sentences  "
          f"{len(blocks):>7,} blocks ({one_to_one:,} 1:1)  {elapsed:7.3f} s")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", action="store_true", help="also align words in every block")
    args = parser.parse_args()
    times = {n: run(n, args.words) for n in (10_000, 100_000, 1_000_000)}
    print(f"1M/100k ratio: {times[1_000_000] / times[100_000]:.2f} (linear: ~10)")


if __name__ == "__main__":
    main()
