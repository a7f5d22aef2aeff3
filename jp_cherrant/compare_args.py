"""ChERRANT's scorer command line: errant_compare's table (:mod:`jp_errant.compare_args`)
plus ChERRANT's options (spec ``cherrant.md`` section 1)."""
from __future__ import annotations

import argparse
from typing import NamedTuple, Optional, Tuple

from jp_errant import compare_args as errant_args
from jp_errant.score_options import ScoreOptions

LEGACY_PROG = "compare_m2_for_evaluation.py"
# --max_answer_num K keeps the edits of annotators 0 .. K-1 for K in 1..3; any other K keeps
# none (every sentence then scores as noop against noop).
ANSWER_CODERS = {1: frozenset({0}), 2: frozenset({0, 1}), 3: frozenset({0, 1, 2})}
NO_CODERS: frozenset = frozenset()
JP_HELP = [
    "--legacy",
    "--json",
    ("--show-alignment", "list every reference sentence whose hypothesis was cut or joined, "
                         "and every hypothesis edit that crosses a reference boundary"),
    "--report FILE.html",
    "--version",
]


def build_parser(prog: str, jp_mode: bool) -> argparse.ArgumentParser:
    """errant_compare's parser with ChERRANT's additions (integer options: no help text,
    as in ChERRANT; the two -multi_hyp flags are accepted and have no effect there either)."""
    parser = errant_args.build_parser(prog, jp_mode, original=LEGACY_PROG, jp_help=JP_HELP)
    parser.add_argument("-multi_hyp_avg", action="store_true",
                        help="Accepted for compatibility; has no effect.")
    parser.add_argument("-multi_hyp_max", action="store_true",
                        help="Accepted for compatibility; has no effect.")
    parser.add_argument("--start", type=int, default=None)
    parser.add_argument("--end", type=int, default=None)
    parser.add_argument("--max_answer_num", type=int, default=None)
    parser.add_argument("--reference_num", type=int, default=None)
    return parser


class CherrantSettings(NamedTuple):
    """jp_errant_compare's settings (:class:`jp_errant.compare_args.Settings`, the same
    names) and ChERRANT's: ``--start``/``--end`` (reference blocks by position, both or
    neither), ``--max_answer_num`` and ``--reference_num``. (``-multi_hyp_avg`` and
    ``-multi_hyp_max`` have no effect, in ChERRANT too: they are no settings.)"""

    beta: float = 0.5
    mode: str = "cs"
    single: bool = False
    multi: bool = False
    filt: Tuple[str, ...] = ()
    cat: Optional[int] = None
    verbose: bool = False
    average: str = "micro"
    start: Optional[int] = None
    end: Optional[int] = None
    max_answer_num: Optional[int] = None
    reference_num: Optional[int] = None

    @property
    def macro(self) -> bool:
        return self.average == "macro"

    @property
    def options(self) -> ScoreOptions:
        """errant_compare's scoring options with ChERRANT's switches on."""
        return errant_args.score_options(self)._replace(
            verbose_style="errant2", reference_coders=self.reference_num, skip_unannotatable=True)


def options_from_args(args: argparse.Namespace) -> ScoreOptions:
    """The scorer's options of a parsed command line (legacy mode)."""
    return errant_args.settings_from_args(CherrantSettings, args).options


def kept_coders(max_answer_num: int | None) -> frozenset | None:
    """The annotator ids ``--max_answer_num`` keeps (None: all)."""
    if max_answer_num is None:
        return None
    return ANSWER_CODERS.get(max_answer_num, NO_CODERS)


def sentence_slice(start: int | None, end: int | None) -> slice | None:
    """``--start N --end M``: the slice of both block lists (only when both are given)."""
    if start is None or end is None:
        return None
    return slice(start, end)
