"""conlleval's figures of a JP-mode run and what its note says: what the streamed run
(:mod:`jp_conlleval.jp`) keeps, and what the Python API's whole-file placement
(:mod:`jp_conlleval.api`) extends."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Tuple

from .projection import Unrepresentable
from .reader import Options
from .scoring import Scores, Statistics, scores
from .writer import report

__all__ = ["Figures"]


@dataclass
class Figures:
    """conlleval's figures of a JP-mode run and what its note says (the streamed run keeps
    only these; :class:`Placed` adds the columns)."""

    statistics: Statistics
    unrepresentable: List[Unrepresentable]
    options: Options
    scheme: Optional[str]
    gold_sentences: int
    system_sentences: int
    system_chunks: int
    blocks: int
    same_tokens: bool  # same tokens and sentence breaks: the system's own tags were used
    chunks_as_conlleval_reads: Tuple[int, int] = (0, 0)  # (gold, system) without --scheme
    cr_lines: Tuple[int, int] = (0, 0)
    names: Tuple[str, str] = ("gold", "system")
    _scores: Optional[Scores] = field(default=None, repr=False)

    @property
    def scores(self) -> Scores:
        if self._scores is None:
            self._scores = scores(self.statistics)
        return self._scores

    def report(self) -> bytes:
        """conlleval's report (``-l``: its LaTeX table) of these figures."""
        return report(self.statistics, self.options.latex)

    def notes(self) -> List[str]:
        """What JP mode says about this run (one line each)."""
        sentences = f"{self.gold_sentences} gold and {self.system_sentences} system sentences"
        said = [f"aligned {sentences} ({self.blocks} blocks)" if self.blocks
                else f"{sentences} of the same characters"]
        if self.same_tokens:
            said.append("same tokens and sentence breaks: the system's tags scored as they are")
        elif not self.unrepresentable:
            said.append(f"all {self.system_chunks} system chunks lie on gold token boundaries:"
                        " scored on the gold tokens")
        else:
            listed = "; ".join(str(chunk) for chunk in self.unrepresentable)
            said.append(f"{len(self.unrepresentable)} of {self.system_chunks} system chunks cannot be"
                        f" expressed on the gold tokens (counted as found, not correct): {listed}")
        if self.scheme:
            gold_loose, system_loose = self.chunks_as_conlleval_reads
            said.append(f"--scheme {self.scheme}: chunks read strictly: {self.statistics.found_gold} gold and"
                        f" {self.system_chunks} system chunks, where conlleval's reading (which merges"
                        f" adjacent IOBES/BILOU chunks of one type) finds {gold_loose} and {system_loose}")
        for name, lines in zip(self.names, self.cr_lines):
            if lines:
                said.append(f"{name}: {lines} CRLF line ends read as LF")
        return said
