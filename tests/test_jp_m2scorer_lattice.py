"""The edit lattice and the shortest path: structure pinned by the --very_verbose vector,
banded tables equal to full ones, tie-exact choice independent of the band."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from rapidfuzz.distance import Indel, Levenshtein

from jp_m2scorer import lattice as lat
from jp_m2scorer import paths
from jp_m2scorer import weighting
from jp_m2scorer import py2
from jp_m2scorer.scorer import _matches_gold

VECTOR = Path(__file__).resolve().parents[1] / "compat_tests" / "vectors" / "m2scorer" / "syn_tiny_very_verbose"


def _printed(prefix: str) -> list[str]:
    lines = (VECTOR / "stdout.txt").read_text(encoding="utf-8").splitlines()
    return [line[len(prefix):] for line in lines if line.startswith(prefix)]


CASES = [("He go to school .", "He goes to the school .", [(1, 2, "go", ["goes"])]),
         ("The cat sleep .", "The cat sleeps .", [(2, 3, "sleep", ["sleeps"])])]


@pytest.mark.parametrize("index", [0, 1])
def test_arc_list_is_the_originals(index):
    """E (arcs incl. duplicates and transitive arcs, in order) as --very_verbose printed it."""
    source, hypothesis, _ = CASES[index]
    lattice = lat.build(source.split(), hypothesis.split(), 2)
    # the vector prints E once per annotator: sentence 1 has one, sentence 2 two
    printed = _printed("E = ")[0 if index == 0 else 1]
    assert py2.repr_value(lattice.edge_cells()) == printed


@pytest.mark.parametrize("index", [0, 1])
def test_weights_are_the_originals(index):
    source, hypothesis, gold = CASES[index]
    lattice = lat.build(source.split(), hypothesis.split(), 2)
    weights = {lattice.cells(key): value for key, value in weighting.weights(lattice, _matches_gold(gold)).items()}
    printed = ast.literal_eval(_printed("dist() = ")[0 if index == 0 else 1].replace("inf", "None"))
    expected = {key: value for key, value in printed.items() if value is not None}  # removed arcs: inf
    assert weights == expected


def test_viterbi_path_of_the_vector():
    source, hypothesis, gold = CASES[0]
    lattice = lat.build(source.split(), hypothesis.split(), 2)
    path = paths.best_path(lattice, weighting.weights(lattice, _matches_gold(gold)))
    assert [lattice.edit(key) for key in reversed(path)] == \
        [(3, 5, "school .", "the school ."), (1, 2, "go", "goes")]


def _random_pair(rng: random.Random) -> tuple[list[str], list[str]]:
    words = ["a", "the", "cat", "cats", "go", "goes", ".", ",", "to", "is"]
    source = [rng.choice(words) for _ in range(rng.randint(0, 9))]
    hypothesis = list(source)
    for _ in range(rng.randint(0, 4)):
        op = rng.random()
        if op < 0.3 and hypothesis:
            del hypothesis[rng.randrange(len(hypothesis))]
        elif op < 0.6:
            hypothesis.insert(rng.randint(0, len(hypothesis)), rng.choice(words))
        elif hypothesis:
            hypothesis[rng.randrange(len(hypothesis))] = rng.choice(words)
    return source, hypothesis


def test_band_gives_the_same_lattice_as_full_tables():
    rng = random.Random(7)
    for _ in range(300):
        source, hypothesis = _random_pair(rng)
        for muw in (0, 1, 2, 3):
            banded = lat.build(source, hypothesis, muw)
            full = lat.build(source, hypothesis, muw,
                             tables=(lat.full_band(source, hypothesis, 1), lat.full_band(source, hypothesis, 2)))
            assert banded.edges == full.edges
            assert {k: banded.edit_tuple(k) for k in banded.arcs} == {k: full.edit_tuple(k) for k in full.arcs}


def test_band_cells_equal_the_full_table_and_stay_narrow():
    rng = random.Random(8)
    for _ in range(200):
        source, hypothesis = _random_pair(rng)
        for sub_cost, distance in ((1, Levenshtein.distance), (2, Indel.distance)):
            band = lat.band_table(source, hypothesis, sub_cost, distance(source, hypothesis))
            full = lat.full_band(source, hypothesis, sub_cost).full()
            for i, row in enumerate(full):
                for j, value in enumerate(row):
                    # a band cell is the cheapest alignment staying in the band: never
                    # below the full table's, equal on every optimal alignment
                    assert band.value(i, j) >= value
            assert band.value(len(source), len(hypothesis)) == full[-1][-1]
    # a long sentence with one correction: rows as wide as the band, not as the sentence
    source = ["w%d" % number for number in range(10000)]
    hypothesis = source[:5000] + ["x"] + source[5001:]
    band = lat.band_table(source, hypothesis, 2, Indel.distance(source, hypothesis))
    assert max(len(row) for row in band.rows) <= 5
    assert band.value(10000, 10000) == 2


def test_path_spans_the_sentence_and_is_left_to_right():
    rng = random.Random(11)
    for _ in range(200):
        source, hypothesis = _random_pair(rng)
        lattice = lat.build(source, hypothesis, 2)
        path = paths.best_path(lattice, weighting.weights(lattice, lambda edit: False))
        starts = [lattice.edit(key)[0] for key in path]
        assert starts == sorted(starts) or not source  # first-row insertions may be labelled oddly
        if source == hypothesis:
            assert path == []


def test_repeated_phrase_lattice_stays_small_enough():
    """The issue #8 pattern: many co-optimal alignments, yet the closure only visits arcs."""
    source = "I think that this is a good idea for all of us .".split()
    hypothesis = ("I think that this is a good " * 6 + "idea .").split()
    lattice = lat.build(source, hypothesis, 2)
    path = paths.best_path(lattice, weighting.weights(lattice, lambda edit: False))
    assert path and len(lattice.edges) < 200_000


def test_arcs_with_span_finds_exactly_the_arcs_labelled_with_the_span():
    """The row-wise lookup equals labelling every arc, first-row insertions included."""
    rng = random.Random(5)
    pairs = [_random_pair(rng) for _ in range(150)]
    pairs.append(("cat sat .".split(), "The big cat sat .".split()))      # first-row insertions
    pairs.append(([], "Thank you .".split()))
    for source, hypothesis in pairs:
        lattice = lat.build(source, hypothesis, 2)
        labelled: dict = {}
        for key in lattice.arcs:
            labelled.setdefault(lattice.edit(key)[:2], set()).add(key)
        spans = set(labelled) | {(s, e) for s in range(len(source) + 2) for e in range(len(source) + 2)}
        for start, end in spans:
            found = weighting.arcs_with_span(lattice, start, end)
            assert len(found) == len(set(found))
            assert set(found) == labelled.get((start, end), set()), (source, hypothesis, start, end)
