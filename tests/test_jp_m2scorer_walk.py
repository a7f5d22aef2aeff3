"""Release 3.2's walk over the arcs of one insertion offset when it weighs an annotator's
arcs (issue 22 item 5): its order, the gold edit spent by the first arc that matches it, the
entry passed by after a match, and the weight of a doubled gold insertion. The
``--very_verbose`` vectors fzr_100023 ... fzr_100149 pin the trace; these tests pin the rule
on small lattices."""
from __future__ import annotations

import pytest

import jp_m2scorer
from jp_m2scorer import lattice as lat
from jp_m2scorer import weighting


def _walk(src: str, hyp: str, golds: list) -> tuple:
    lattice = lat.build(src.split(), hyp.split(), 2)
    keys = weighting.arcs_with_span(lattice, golds[0][0] if golds else 1, golds[0][1] if golds else 1)
    return lattice, [(lattice.cells(key), gold) for key, gold in weighting.insertion_walk(lattice, keys, golds)]


def test_walk_alternates_between_the_two_ends_when_nothing_matches():
    # "x y z" inserted after "a": single-token arcs are listed twice (both cost settings)
    _, walk = _walk("a b", "a x y z b", [])
    assert [cells for cells, _ in walk] == [
        ((1, 1), (1, 2)), ((1, 3), (1, 4)), ((1, 1), (1, 2)), ((1, 3), (1, 4)), ((1, 1), (1, 3)),
        ((1, 2), (1, 4)), ((1, 1), (1, 4)), ((1, 2), (1, 3)), ((1, 2), (1, 3))]
    assert all(gold is None for _, gold in walk)


def test_matched_insertion_leaves_with_its_listings_and_the_next_entry_is_passed_by():
    gold = (1, 1, "", ["x", "x y"])
    _, walk = _walk("a b", "a x y z b", [gold, (1, 1, "", ["x y"])])
    cells = [cells for cells, _ in walk]
    assert walk[0] == (((1, 1), (1, 2)), gold)
    assert cells.count(((1, 1), (1, 2))) == 1         # its second listing is not walked
    assert ((1, 1), (1, 3)) not in cells              # "x y", next in the walk, is passed by
    assert all(gold is None for _, gold in walk[1:])  # although a gold edit is left for it
    # the walk goes on in the same direction: from the front
    assert cells[1] == ((1, 1), (1, 4))


def test_gold_insertion_is_spent_by_the_first_arc_that_matches_it():
    gold = (1, 1, "", ["x"])
    _, walk = _walk("a b", "a x y x b", [gold])
    assert [cells for cells, found in walk if found] == [((1, 1), (1, 2))]
    # listed twice in the gold, it can be matched twice by a run of matches without a turn
    _, walk = _walk("a b", "a x x b", [gold, gold])
    assert [cells for cells, found in walk if found] == [((1, 1), (1, 2)), ((1, 2), (1, 3))]
    # but "x y", next in the walk, is passed by and "x y x" matches nothing: the walk turns,
    # and the second gold "x" is out of play for the arc inserting the second "x"
    _, walk = _walk("a b", "a x y x b", [gold, gold])
    assert [cells for cells, found in walk if found] == [((1, 1), (1, 2))]
    assert (((1, 3), (1, 4)), None) in walk


def test_doubled_gold_insertion_weighs_gold_plus_one_penalty():
    lattice = lat.build("a b".split(), "a x b".split(), 2)
    gold = [(1, 1, "", ["x"]), (0, 1, "a", ["a"])]
    credited = weighting.gold_arcs(lattice, gold, {})
    weights = {lattice.cells(key): value for key, value in weighting.gold_weights(lattice, credited).items()}
    size = lattice.edge_count
    # the insertion is listed twice (both cost settings), so is the unchanged "a"
    assert weights == {((1, 1), (1, 2)): -size + lat.PENALTY, ((0, 0), (1, 1)): -size}


def test_insertions_credited_in_order_of_the_gold():
    gold = ("S a b\n"
            "A 1 1|||M:DET|||the|||REQUIRED|||-NONE-|||0\n"
            "A 1 1|||M:ADJ|||big|||REQUIRED|||-NONE-|||0\n")
    in_order = jp_m2scorer.score(["a the big b"], gold, jp=False)
    assert (in_order.correct, in_order.proposed, in_order.gold) == (2, 2, 2)
    reversed_order = jp_m2scorer.score(["a big the b"], gold, jp=False)
    assert (reversed_order.correct, reversed_order.gold) == (1, 2)


# Two gold insertions of one annotator at one offset, after a source word the system replaced
# (a differential run against release 3.2; its smallest case): 3.2 credits one of them.
SAME_OFFSET_GOLD = ("S y c d\n"
                    "A 1 1|||M|||a|||REQUIRED|||-NONE-|||0\n"
                    "A 1 1|||M|||b|||REQUIRED|||-NONE-|||0\n")


def test_turn_after_a_credit_puts_the_offsets_other_gold_insertions_out_of_play():
    golds = [(1, 1, "", ["a"]), (1, 1, "", ["b"])]
    _, walk = _walk("y c d", "x a b", golds)
    credited = [(cells, gold) for cells, gold in walk if gold]
    # the first-row arc inserting "a" (labelled offset 1) is met first and takes "a"; the
    # walk then turns on "x a", so "b" is not credited to the arc inserting it in row 1
    assert credited == [(((0, 1), (0, 2)), golds[0])]
    assert (((1, 2), (1, 3)), None) in walk


def test_a_run_of_matches_without_a_turn_earns_every_gold_insertion():
    golds = [(4, 4, "", ["to"]), (4, 4, "", ["the"])]
    _, walk = _walk("He apologised arriving late meeting .", "He apologised arriving late to the meeting .",
                    golds)
    assert [gold for _, gold in walk if gold] == golds


@pytest.mark.parametrize("mode", [["--legacy"], []])
def test_two_gold_insertions_at_one_offset_score_as_release_32(tmp_path, run_tool, mode):
    (tmp_path / "gold.m2").write_text(SAME_OFFSET_GOLD, encoding="utf-8")
    (tmp_path / "system.txt").write_text("x a b\n", encoding="utf-8")
    result = run_tool("jp_m2scorer", [*mode, "-v", "system.txt", "gold.m2"], cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.decode().endswith("CORRECT EDITS  : 1\nPROPOSED EDITS : 3\nGOLD EDITS     : 2\n"
                                  "P = 0.333333333333\nR = 0.5\nF_0.5 = 0.357142857143\n"
                                  "Precision   : 0.3333\nRecall      : 0.5000\nF_0.5       : 0.3571\n")
    assert "CORRECT EDITS : [(1, 1, '', u'a')]\n" in result.stdout.decode()
