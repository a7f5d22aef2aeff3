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

from jp_shims.errors import InputError

from .annotator.alignment import AlignmentTooLarge
from .annotator.block import BlockWriter, LineError, Options
from .annotator.resources import ResourceError, Resources, resource_dir, simplified_converter

__all__ = ["AlignmentTooLarge", "annotate", "annotator", "LineError", "Options", "ResourceError"]
# How errors name the sentences given to :func:`annotate` (line N: ``sources[N - 1]``).
SOURCES = "<sources>"


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
    in the original's file.

    Bad input raises :class:`jp_shims.errors.InputError`: :class:`LineError` for an empty
    source or correction (``path`` ``"<sources>"``, ``line`` the 1-based position of the
    source), :class:`ResourceError` when ChERRANT's lists are missing; a missing OpenCC (for
    ``simplified``) or pypinyin (for ``segmented``) raises
    :class:`jp_shims.errors.MissingDependency`.
    """
    if len(sources) != len(corrections):
        raise InputError(SOURCES, None, f"{len(sources)} sources but {len(corrections)} correction lists")
    writer = annotator(resources, strategy, segmented, bpe, simplified)
    blocks = []
    for number, (source, cors) in enumerate(zip(sources, corrections), start=1):
        try:
            blocks.append(writer.block(source, _as_list(cors)))
        except LineError as error:
            raise error.at(SOURCES, number) from None
    return blocks


def _as_list(corrections: Union[str, Iterable[str]]) -> List[str]:
    return [corrections] if isinstance(corrections, str) else list(corrections)
