"""Rendering of the scores: the original's three stdout layouts, and the JSON document's scores."""
from __future__ import annotations

from .model import METRICS


ENHANCED_ROWS = ("ELAS", "EULAS")


def format_scores(scores: dict, verbose: bool = False, counts: bool = False, enhanced: bool = False) -> str:
    """The original's stdout, byte for byte (``counts`` wins over ``verbose``). ``enhanced``:
    the current UD scorer's ELAS and EULAS lines/rows after conll18's."""
    return build_evaluation_table(scores, verbose, counts, enhanced) + "\n"


def build_evaluation_table(scores: dict, verbose: bool = True, counts: bool = False,
                           enhanced: bool = False) -> str:
    """The printed report without its final newline (the API function of the later
    conll18 script and of the current UD scorer)."""
    if not verbose and not counts:
        lines = ["LAS F1 Score: {:.2f}".format(100 * scores["LAS"].f1),
                 "MLAS Score: {:.2f}".format(100 * scores["MLAS"].f1),
                 "BLEX Score: {:.2f}".format(100 * scores["BLEX"].f1)]
        if enhanced:
            lines.append("ELAS F1 Score: {:.2f}".format(100 * scores["ELAS"].f1))
            lines.append("EULAS F1 Score: {:.2f}".format(100 * scores["EULAS"].f1))
        return "\n".join(lines)
    if counts:
        lines = ["Metric     | Correct   |      Gold | Predicted | Aligned"]
    else:
        lines = ["Metric     | Precision |    Recall |  F1 Score | AligndAcc"]
    lines.append("-----------+-----------+-----------+-----------+-----------")
    for metric in METRICS + ENHANCED_ROWS if enhanced else METRICS:
        m = scores[metric]
        if counts:
            # ``or``: an aligned count of 0 prints blank, as in the original.
            aligned = m.aligned_total or (m.correct if metric == "Words" else "")
            lines.append("{:11}|{:10} |{:10} |{:10} |{:10}".format(
                metric, m.correct, m.gold_total, m.system_total, aligned))
        else:
            accuracy = "{:10.2f}".format(100 * m.aligned_accuracy) if m.aligned_accuracy is not None else ""
            lines.append("{:11}|{:10.2f} |{:10.2f} |{:10.2f} |{}".format(
                metric, 100 * m.precision, 100 * m.recall, 100 * m.f1, accuracy))
    return "\n".join(lines)


def scores_as_dict(scores: dict) -> dict:
    """Every metric's ratios and counts (the order of ``scores``): the JSON document's scores."""
    return {
        metric: {
            "precision": scores[metric].precision,
            "recall": scores[metric].recall,
            "f1": scores[metric].f1,
            "aligned_accuracy": scores[metric].aligned_accuracy,
            "correct": scores[metric].correct,
            "gold_total": scores[metric].gold_total,
            "system_total": scores[metric].system_total,
            "aligned_total": scores[metric].aligned_total,
        }
        for metric in scores
    }
