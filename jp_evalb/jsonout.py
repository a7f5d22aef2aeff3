"""--json: the report's figures as one JSON document, written as it goes (streamed: only
one sentence record is held at a time)."""
from __future__ import annotations

import json
from typing import Iterable, Optional

from .scoring import RunTotals, SentenceScore, Totals


class JsonSink:
    """--json: the report's figures as one JSON document, written as it goes."""

    def __init__(self, out, mode: str) -> None:
        self._out = out
        self._first = True
        out.write('{"mode": %s, "sentences": [' % json.dumps(mode))

    def sentence(self, score: SentenceScore) -> None:
        record = {
            "id": score.id, "length": score.length, "status": score.status,
            "recall": round(score.recall, 2), "precision": round(score.precision, 2),
            "matched": score.match, "gold": score.gold, "test": score.test,
            "crossing": score.crossing, "words": score.words, "correct_tags": score.correct_tags,
            "tag_accuracy": round(score.tag_accuracy, 2),
        }
        self._out.write(("\n  " if self._first else ",\n  ") + json.dumps(record))
        self._first = False

    def finish(self, totals: RunTotals, alignment: Optional[Iterable[str]] = None,
               more: Optional[dict] = None) -> None:
        """``more``: further top-level members (``per_label``)."""
        self._out.write('\n], "summary": {"all": %s, "len<=%d": %s}'
                        % (json.dumps(_totals_record(totals.all)), totals.cutoff,
                           json.dumps(_totals_record(totals.short))))
        for key, value in (more or {}).items():
            self._out.write(", %s: %s" % (json.dumps(key), json.dumps(value)))
        if alignment is not None:
            self._out.write(', "alignment": [')
            first = True
            for line in alignment:
                self._out.write(("\n  " if first else ",\n  ") + line.rstrip("\n"))
                first = False
            self._out.write("\n]")
        self._out.write("}\n")

    def abort(self) -> None:
        """Close the document of a run the error limit killed (evalb prints no summary)."""
        self._out.write('\n], "killed": true}\n')


def _totals_record(t: Totals) -> dict:
    f = t.fmeasure
    return {
        "sentences": t.sentences, "error_sentences": t.errors, "skip_sentences": t.skips,
        "valid_sentences": t.valid, "matched": t.match, "gold": t.gold, "test": t.test,
        "recall": round(t.recall, 2), "precision": round(t.precision, 2),
        "fmeasure": None if f is None else round(f, 2),
        "complete_match": round(t.complete_match, 2), "average_crossing": round(t.average_crossing, 2),
        "no_crossing": round(t.no_crossing_rate, 2), "two_or_less_crossing": round(t.le2_crossing_rate, 2),
        "words": t.words, "correct_tags": t.correct_tags, "tagging_accuracy": round(t.tag_accuracy, 2),
    }
