"""``--per-label``: the summary's bracket and tag counts broken down by constituent label and
POS tag (as disco-dop's ``eval`` does), for jp_evalb and jp_evalb_spmrl in both modes.

It is a JP option: the table comes after the original's summary, whose bytes stay unchanged.
The counts come from the very brackets and tags the scorer compared, so over all labels they
add up to the ``-- All --`` totals: gold, test and matched brackets, words and correct tags.
A matched pair is counted under its gold bracket's label (with ``LABELED 0`` or EQ_LABEL
pairs the test label may differ). Labels are shown as they are compared: cut (``NP-SBJ`` as
``NP``; evalb_spmrl also cuts at ``#`` and cuts POS tags), an EQ_LABEL class under one name.
"""
from __future__ import annotations

from typing import Sequence

from .brackets import match_brackets, tag_view
from .params import Params
from .scoring import Evaluation
from .totals import STATUS_COUNTED_SKIP, STATUS_ERROR, STATUS_SKIP, SentenceScore

# evalb_spmrl -X in legacy mode counts gold brackets of an unparsed sentence by a rule of its
# own (see jp_evalb.spmrl.skipped_gold_counter) that no label owns: they get this row.
SKIPPED_ROW = "(-X skipped)"


class PerLabel:
    """Counts per label (gold, test, matched brackets) and per gold POS tag (words, correct)."""

    def __init__(self, params: Params) -> None:
        self._params = params
        self.labels: dict[str, list[int]] = {}
        self.tags: dict[str, list[int]] = {}

    def add(self, score: SentenceScore, gold_spans: Sequence[tuple], test_spans: Sequence[tuple],
            gold_tags: Sequence[str], test_tags: Sequence[str], unpaired: Sequence[str] = ()) -> None:
        """One scored unit: the brackets the scorer compared, the gold and test tags it compared
        position by position, and gold tags it could not pair (JP word groups of unequal
        size: no correct tag). Error and skip sentences count for nothing, as in the totals."""
        if score.status in (STATUS_ERROR, STATUS_SKIP):
            return
        labels, params = self.labels, self._params
        for (_, _, label), found in zip(gold_spans, match_brackets(gold_spans, test_spans, params)):
            row = labels.setdefault(label, [0, 0, 0])
            row[0] += 1
            if found >= 0:
                row[2] += 1
        for _, _, label in test_spans:
            labels.setdefault(label, [0, 0, 0])[1] += 1
        gold_view, test_view = tag_view(gold_tags, params), tag_view(test_tags, params)
        equal = params.labels_equal
        tags = self.tags
        for i, tag in enumerate(gold_view):
            row = tags.setdefault(tag, [0, 0])
            row[0] += 1
            if i < len(test_view) and equal(tag, test_view[i]):
                row[1] += 1
        for tag in tag_view(unpaired, params):
            tags.setdefault(tag, [0, 0])[0] += 1

    def add_evaluation(self, ev: Evaluation) -> None:
        """A sentence scored by :func:`jp_evalb.scoring.evaluate_pair` (legacy mode, and the
        pairs JP mode scores as evalb does)."""
        score = ev.score
        if score.status == STATUS_COUNTED_SKIP:
            self.labels.setdefault(SKIPPED_ROW, [0, 0, 0])[0] += score.gold
            self.add(score, [], [], [], [], ev.gold_tags)
        elif ev.spans is not None:
            self.add(score, ev.spans[0], ev.spans[1], ev.gold_tags, ev.test_tags)

    def totals(self) -> tuple[int, int, int, int, int]:
        """gold, test, matched brackets, words, correct tags over every row."""
        gold = sum(r[0] for r in self.labels.values())
        test = sum(r[1] for r in self.labels.values())
        matched = sum(r[2] for r in self.labels.values())
        words = sum(r[0] for r in self.tags.values())
        correct = sum(r[1] for r in self.tags.values())
        return gold, test, matched, words, correct

    def table(self) -> str:
        """The text appended after the summary."""
        width = max([16] + [len(label) + 1 for label in self.labels] + [len(tag) + 1 for tag in self.tags])
        out = ["\n-- Per label (all sentences; --per-label) --\n",
               "%-*s %6s %6s %7s %7s %7s %7s\n" % (width, "label", "gold", "test", "matched", "recall", "prec.", "F1")]
        for label, (gold, test, matched) in _ordered(self.labels):
            out.append(_label_line(width, label, gold, test, matched))
        gold, test, matched, words, correct = self.totals()
        out.append(_label_line(width, "(total)", gold, test, matched))
        out.append("\n-- Per POS tag (all sentences; --per-label) --\n")
        out.append("%-*s %6s %7s %8s\n" % (width, "tag", "words", "correct", "accuracy"))
        for tag, (count, good) in _ordered(self.tags):
            out.append("%-*s %6d %7d %8.2f\n" % (width, tag or "(empty)", count, good, _percent(good, count)))
        out.append("%-*s %6d %7d %8.2f\n" % (width, "(total)", words, correct, _percent(correct, words)))
        return "".join(out)

    def record(self) -> dict:
        """The same figures for --json."""
        labels = {}
        for label, (gold, test, matched) in _ordered(self.labels):
            recall, precision = _percent(matched, gold), _percent(matched, test)
            labels[label] = {"gold": gold, "test": test, "matched": matched, "recall": round(recall, 2),
                             "precision": round(precision, 2), "fmeasure": round(_f(recall, precision), 2)}
        tags = {tag: {"words": count, "correct": good, "accuracy": round(_percent(good, count), 2)}
                for tag, (count, good) in _ordered(self.tags)}
        return {"labels": labels, "tags": tags}


def _ordered(rows: dict) -> list:
    """Most frequent first (gold count), then by name."""
    return sorted(rows.items(), key=lambda item: (-item[1][0], item[0]))


def _percent(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else 0.0


def _f(recall: float, precision: float) -> float:
    return 2 * recall * precision / (recall + precision) if recall + precision else 0.0


def _label_line(width: int, label: str, gold: int, test: int, matched: int) -> str:
    recall, precision = _percent(matched, gold), _percent(matched, test)
    return "%-*s %6d %6d %7d %7.2f %7.2f %7.2f\n" % (
        width, label or "(empty)", gold, test, matched, recall, precision, _f(recall, precision))

