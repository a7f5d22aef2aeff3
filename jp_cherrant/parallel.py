"""ChERRANT's char-level annotator (``parallel_to_m2.py -g char``) as a Python function.

No LTP, no torch: the alignment, its costs and the merging into edits are implemented here
(``jp_cherrant.annotator``). The Cilin and confusion lists are read from ChERRANT's
``data/`` folder (``resources=`` or ``$JP_CHERRANT_RESOURCES``; not shipped).

>>> blocks = annotate(["他每天都跑步在公园里。"], [["他每天都在公园里跑步。"]])
>>> print(blocks[0], end="")
S 他 每 天 都 跑 步 在 公 园 里 。
T0-A0 他 每 天 都 在 公 园 里 跑 步 。
A 4 10|||W|||在 公 园 里 跑 步|||REQUIRED|||-NONE-|||0
<BLANKLINE>
>>> print(annotate(["我们明天去"], ["无法标注"])[0], end="")
S 我 们 明 天 去
T0 无法标注
A -1 -1|||NA|||-NONE-|||REQUIRED|||-NONE-|||0
<BLANKLINE>
"""
from __future__ import annotations

from typing import Iterable, List, Optional, Sequence, Union

from .annotator.block import AlignmentTooLarge, BlockWriter, LineError, Options
from .annotator.resources import Resources, ResourceError, resource_dir, simplified_converter

__all__ = ["AlignmentTooLarge", "annotate", "annotator", "LineError", "Options", "ResourceError"]


def annotator(resources: Optional[str] = None, strategy: str = "all", segmented: bool = False,
              bpe: bool = False, simplified: bool = True, max_cells: Optional[int] = None) -> BlockWriter:
    """A :class:`BlockWriter` with loaded resources: ``writer.block(source, corrections)``
    gives one M2 block (reuse it: loading the lists takes a fraction of a second).
    ``max_cells``: a correction whose alignment needs a larger band of the table raises
    :class:`AlignmentTooLarge` (None: no limit, as the original)."""
    options = Options(strategy=strategy, segmented=segmented, bpe=bpe, simplified=simplified,
                      max_cells=max_cells)
    loaded = Resources.load(resource_dir(resources), bpe=bpe and not segmented)
    convert = simplified_converter() if simplified else None
    return BlockWriter(loaded, options, convert)


def annotate(sources: Sequence[str], corrections: Sequence[Union[str, Sequence[str]]],
             resources: Optional[str] = None, strategy: str = "all", segmented: bool = False,
             bpe: bool = False, simplified: bool = True) -> List[str]:
    """The M2 block of every source sentence, as ``parallel_to_m2.py`` writes it.

    ``corrections[i]`` holds the corrections of ``sources[i]`` (annotator 0, 1, …; a string
    is one correction). ``strategy``: ``"all"`` distinct cheapest alignments or the
    ``"first"``; ``segmented``, ``bpe``, ``simplified`` are ``--segmented``, ``--bpe`` and
    the opposite of ``--no_simplified``. A sentence without corrections gives ``"\\n"``, as
    in the original's file. Raises :class:`LineError` for an empty source or correction and
    :class:`ResourceError` when ChERRANT's lists (or OpenCC, for ``simplified``) are missing.
    """
    if len(sources) != len(corrections):
        raise ValueError(f"{len(sources)} sources but {len(corrections)} correction lists")
    writer = annotator(resources, strategy, segmented, bpe, simplified)
    return [writer.block(source, _as_list(cors)) for source, cors in zip(sources, corrections)]


def _as_list(corrections: Union[str, Iterable[str]]) -> List[str]:
    return [corrections] if isinstance(corrections, str) else list(corrections)
