"""--json: the report's figures as one JSON document in the envelope every jp-shims tool
prints (:mod:`jp_shims.envelope`), written as it goes (streamed: only one sentence record is
held at a time).

``scores`` holds ``sentences`` (one record per sentence line of evalb's report) and
``summary`` (the "All" and "len<=N" blocks); a run killed by the error limit has
``"killed": true`` and no summary (evalb prints none).
"""
from __future__ import annotations

import json
from typing import Optional

from jp_shims.audit import AlignmentAudit
from jp_shims.envelope import envelope_head, envelope_tail

from .args import PROG, Options
from .report import sentence_record, totals_record
from .signature import options_document, run_signature
from .totals import RunTotals, SentenceScore

__all__ = ["JsonSink", "options_document", "run_signature", "sentence_record", "totals_record"]


class JsonSink:
    """--json: the report's figures as one JSON document, written as it goes."""

    def __init__(self, out, mode: str, options: Optional[Options] = None, lang: Optional[str] = "en") -> None:
        self._out = out
        self._first = True
        lang = lang if mode == "jp" else None
        self.signature = run_signature(options, mode, lang)
        prog = options.params.variant.prog if options is not None else PROG
        out.write(envelope_head(prog, signature=self.signature, options=options_document(options, lang),
                                mode=mode)
                  + '{\n    "sentences": [')

    def sentence(self, score: SentenceScore) -> None:
        self._out.write(("\n      " if self._first else ",\n      ") + json.dumps(sentence_record(score)))
        self._first = False

    def finish(self, totals: RunTotals, audit: Optional[AlignmentAudit] = None, blocks: bool = False,
               per_label: Optional[dict] = None, significance: Optional[dict] = None) -> None:
        """``per_label``: the --per-label breakdown, a member of ``scores``."""
        self._out.write('\n    ],\n    "summary": {"all": %s, "len<=%d": %s}'
                        % (json.dumps(totals_record(totals.all)), totals.cutoff,
                           json.dumps(totals_record(totals.short))))
        if per_label is not None:
            self._out.write(',\n    "per_label": %s' % json.dumps(per_label))
        self._out.write("\n  }" + envelope_tail(audit, blocks, significance=significance))

    def abort(self, audit: Optional[AlignmentAudit] = None) -> None:
        """Close the document of a run the error limit killed (evalb prints no summary)."""
        self._out.write('\n    ],\n    "killed": true\n  }' + envelope_tail(audit))
