"""evalb's scoring: the one implementation used by legacy and JP mode.

This module scores one pair of lines as evalb's calc_result does (:func:`evaluate_pair`, with
its quote repair :func:`fix_quote`, and :func:`clean_pair_score` for the usual pair). The parts
it is built from live in their own modules: :mod:`jp_evalb.brackets` (the brackets evalb
scores, matching, crossing, tags) and :mod:`jp_evalb.totals` (sentence lines, statuses and
the summary counters).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

from .brackets import (
    BracketScore,
    LabelTable,
    Prepared,
    correct_tags,
    prepare_debug,
    score_brackets,
    survivors,
)
from .params import Params
from .totals import (
    STATUS_COUNTED_SKIP,
    STATUS_ERROR,
    STATUS_OK,
    STATUS_SKIP,
    SentenceScore,
)
from .trees import QuoteTerm, Tree

__all__ = ["Evaluation", "evaluate_pair", "clean_pair_score", "fix_quote"]

# Debug output needs the trees' bracket lists, which only the fast readers leave out.
NO_BRACKET_LISTS = "debug output needs the bracket lists of the trees"


class Evaluation:
    """Outcome of comparing one gold line with one test line (the lists are those after the
    quote repair, if it ran; the brackets None for a tree of the fast reader, which has only
    its scored ``spans``). ``error``: the message evalb reports through Error(), if any;
    ``trace``: DEBUG 2 lines of the quote repair; the ``*_prepared`` views only in debug mode.

    evalb_spmrl's length mismatch (``lenient_length``) prints a line with zero figures:
    ``first`` is that line when a second one follows (gold of 0 or 1 word, then scored);
    ``error_after_line``: the error is reported after the line is printed (a longer gold
    sentence: the zero line is ``score`` itself)."""

    __slots__ = ("score", "error", "gold_words", "gold_tags", "test_words", "test_tags",
                 "gold_brackets", "test_brackets", "bracket_score", "gold_prepared", "test_prepared", "trace",
                 "first", "error_after_line", "spans")

    def __init__(self, score: SentenceScore, error: Optional[str], gold_words: list[str], gold_tags: list[str],
                 test_words: list[str], test_tags: list[str], gold_brackets: Optional[list],
                 test_brackets: Optional[list], trace: list[str]) -> None:
        self.score = score
        self.error = error
        self.gold_words, self.gold_tags = gold_words, gold_tags
        self.test_words, self.test_tags = test_words, test_tags
        self.gold_brackets, self.test_brackets = gold_brackets, test_brackets
        self.bracket_score: Optional[BracketScore] = None
        self.gold_prepared: Optional[Prepared] = None
        self.test_prepared: Optional[Prepared] = None
        self.trace = trace
        self.first: Optional[SentenceScore] = None
        self.error_after_line = False
        self.spans: Optional[tuple[list, list]] = None  # the scored brackets, gold and test


def evaluate_pair(
    line_id: int,
    gold: Tree,
    test: Tree,
    params: Params,
    table: LabelTable,
    *,
    read_error: bool,
    debug: int = 0,
    lenient_length: bool = False,
    skipped_gold: Optional[Callable[[Tree], int]] = None,
) -> Evaluation:
    """evalb's calc_result for one pair of lines; ``read_error``: Error() ran while reading.

    evalb_spmrl's rules: ``lenient_length``, a length mismatch is a status-0 line of zeros
    (see :class:`Evaluation`); ``skipped_gold`` (``-X``), a test line without words gives a
    status-3 sentence that is valid, with ``skipped_gold(gold)`` gold brackets.
    """
    length = gold.length
    gw, gt, gb = gold.words, gold.tags, gold.brackets
    tw, tt, tb = test.words, test.tags, test.brackets
    trace: list[str] = []
    error = None
    first = None
    status = STATUS_ERROR if read_error else STATUS_OK
    if not tw:
        if skipped_gold is not None:
            score = SentenceScore(line_id, length, STATUS_COUNTED_SKIP, 0, skipped_gold(gold), 0, 0, len(gw), 0)
            return Evaluation(score, None, gw, gt, tw, tt, gb, tb, trace)
        status = STATUS_SKIP
    elif len(gw) != len(tw):
        if gold.quote_terms or test.quote_terms:  # (without them the repair changes nothing)
            (gw, gt, gb), (tw, tt, tb), trace = fix_quote(gold, test, params, debug > 1)
        if len(gw) != len(tw) and lenient_length:
            zero = SentenceScore(line_id, length, status)
            if len(gw) > 1:
                ev = Evaluation(zero, f"Length unmatch ({len(gw)}|{len(tw)})\n", gw, gt, tw, tt, gb, tb, trace)
                ev.error_after_line = True
                return ev
            # A gold line of 0 or 1 word is compared with the start of the test line.
            first = zero
        elif len(gw) != len(tw):
            error, status = f"Length unmatch ({len(gw)}|{len(tw)})\n", STATUS_ERROR
    if status != STATUS_SKIP and error is None and gw != tw:
        equal = params.words_equal
        for a, b in zip(gw, tw):
            if a != b and not equal(a, b):
                error, status = f"Words unmatch ({a}|{b})\n", STATUS_ERROR
                break
    if status == STATUS_SKIP or error is not None:
        ev = Evaluation(SentenceScore(line_id, length, status), error, gw, gt, tw, tt, gb, tb, trace)
        ev.first = first
        return ev
    gold_prepared = test_prepared = None
    gold_spans: Optional[list[tuple[int, int, str]]]
    test_spans: Optional[list[tuple[int, int, str]]]
    if debug:
        if gb is None or tb is None:  # reader_keys turns the fast readers off in debug mode
            raise ValueError(NO_BRACKET_LISTS)
        gold_prepared, test_prepared = prepare_debug(gb, table), prepare_debug(tb, table)
        gold_spans, test_spans = gold_prepared.survivors, test_prepared.survivors
    else:
        # A tree from the fast reader (brackets None) comes with its scored brackets.
        gold_spans = gold.spans if gb is None else survivors(gb, table)
        test_spans = test.spans if tb is None else survivors(tb, table)
        if TYPE_CHECKING:  # a Tree has its brackets or its spans (Tree); no check at run time
            assert gold_spans is not None and test_spans is not None
    # One tree read without errors and not touched by the quote repair: nested brackets.
    nested = gb is gold.brackets and not gold.errors
    brackets = score_brackets(gold_spans, test_spans, params, detailed=bool(debug), gold_nested=nested)
    score = SentenceScore(
        line_id, length, status, brackets.match, brackets.gold, brackets.test,
        brackets.crossing, len(gw), correct_tags(gt, tt, params),
    )
    ev = Evaluation(score, None, gw, gt, tw, tt, gb, tb, trace)
    ev.bracket_score = brackets
    ev.gold_prepared, ev.test_prepared = gold_prepared, test_prepared
    ev.first = first
    ev.spans = (gold_spans, test_spans)
    return ev


def clean_pair_score(line_id: int, gold: Tree, test: Tree, params: Params) -> Optional[SentenceScore]:
    """What :func:`evaluate_pair` scores for the usual pair, without its bookkeeping: two trees
    from the fast reader (no reading error) with the same words, the test line not empty, and
    no debug output asked for. None for any other pair (:func:`evaluate_pair` then)."""
    gold_spans, test_spans, words = gold.spans, test.spans, gold.words
    if gold_spans is None or test_spans is None or not test.words or words != test.words:
        return None
    brackets = score_brackets(gold_spans, test_spans, params, gold_nested=True)
    return SentenceScore(line_id, gold.length, STATUS_OK, brackets.match, brackets.gold, brackets.test,
                         brackets.crossing, len(words), correct_tags(gold.tags, test.tags, params))


def fix_quote(gold: Tree, test: Tree, params: Params, trace: bool) -> tuple[tuple, tuple, list[str]]:
    """evalb's fix_quote: re-insert a deleted quote terminal facing a kept one.

    Returns ``((words, tags, brackets) for gold, the same for test, trace lines)``; the trees
    are not modified. The loops follow evalb's, including its index bookkeeping.
    """
    sides: list[list] = []  # of each tree: words, tags, brackets, quote terminals (copies)
    for tree in (gold, test):
        if tree.brackets is None:  # QUOTE_LABEL turns the fast readers off (read_tree)
            raise ValueError("the quote repair needs the bracket lists of the trees")
        quotes = [QuoteTerm(q.word, q.label, q.index, q.bracket, q.ends) for q in tree.quote_terms]
        sides.append([list(tree.words), list(tree.tags), [list(b) for b in tree.brackets], quotes])
    lines: list[str] = []
    gq, tq = sides[0][3], sides[1][3]
    if trace:
        for i in range(max(len(gq), len(tq))):
            if i < len(gq):
                lines.append(f"{gq[i].index}: {gq[i].label} - {gq[i].word}\n")
            if i < len(tq):
                lines.append(f"{tq[i].index}: {tq[i].label} - {tq[i].word}\n")
    deleted = set(params.delete_labels)
    for i in range(len(tq)):
        ind = tq[i].index
        for j in range(len(gq)):
            if gq[j].index == ind and gq[j].label != tq[i].label:
                if gq[j].label in deleted and tq[i].label not in deleted:
                    _reinsert(gq[j], sides[0], lines, trace)
                    for k in range(j, len(gq)):
                        gq[k].index += 1
                elif tq[i].label in deleted and gq[j].label not in deleted:
                    _reinsert(tq[i], sides[1], lines, trace)
                    for k in range(i, len(tq)):
                        tq[k].index += 1
    return tuple(sides[0][:3]), tuple(sides[1][:3]), lines


def _reinsert(quote: QuoteTerm, side: list, lines: list[str], trace: bool) -> None:
    words, tags, brackets = side[0], side[1], side[2]
    words.insert(quote.index, quote.word)
    tags.insert(quote.index, quote.label)
    if trace:
        lines.append(f"bra={quote.bracket}, ind={quote.index}\n")
    for k, bracket in enumerate(brackets):
        if trace:
            lines.append(f"bracket[{k}]={{{bracket[0]},{bracket[1]}}}\n")
        if k >= quote.bracket:
            bracket[0] += 1
            bracket[1] += 1
    if trace:
        lines.append(f"endslen={len(quote.ends)}\n")
    for k in quote.ends:
        brackets[k][1] += 1
