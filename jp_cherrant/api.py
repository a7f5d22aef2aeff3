"""Python API of ChERRANT's scorer: ``jp_cherrant.evaluate(gold, system, **options)`` (the
reference first, as every jp-shims scorer; the shared :class:`jp_shims.result.Result`), and
the older ``jp_cherrant.compare(hyp, ref, **options)`` (hypothesis first, :class:`CompareResult`).

>>> import warnings; warnings.simplefilter("ignore")
>>> ref_lines = ["S 我 去 学 校 。", "A 1 1|||M|||要|||REQUIRED|||-NONE-|||0", ""]
>>> hyp_lines = ["S 我 去 学 校 。", "T0-A0 我 要 去 学 校 。", "A 1 1|||M|||要|||REQUIRED|||-NONE-|||0", ""]
>>> result = evaluate(ref_lines, hyp_lines)
>>> result["tp"], result["fp"], result["fn"], result["f"]
(1, 0, 0, 1.0)

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> def m2(name, text):
...     path = os.path.join(folder, name)
...     with open(path, "w", encoding="utf-8") as handle:
...         _ = handle.write(text)
...     return path
>>> ref = m2("ref.m2", "S 我 去 学 校 。\\nA 1 1|||M|||要|||REQUIRED|||-NONE-|||0\\n\\n"
...                   "S 他 来 了 。\\nA 1 2|||S|||去|||REQUIRED|||-NONE-|||0\\n\\n")
>>> hyp = m2("hyp.m2", "S 我 去 学 校 。 他 来 了 。\\nT0-A0 我 要 去 学 校 。 他 来 了 。\\n"
...                   "A 1 1|||M|||要|||REQUIRED|||-NONE-|||0\\n\\n")
>>> result = compare(hyp, ref)      # one hypothesis block for two reference sentences
>>> result.tp, result.fp, result.fn, result.f
(1, 0, 1, 0.8333)
>>> result["categories"]["M"]
{'tp': 1, 'fp': 0, 'fn': 0, 'precision': 1.0, 'recall': 1.0, 'f': 1.0}
>>> result.changed_blocks
1
>>> compare(hyp, ref, legacy=True)
Traceback (most recent call last):
...
ValueError: the hypothesis has 1 blocks and the reference 2 (ChERRANT fails on this)
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, Iterable, Iterator, Optional, Sequence, Union

from jp_errant.report import TITLES, iter_category_scores, precision_recall_f
from jp_errant.scorer import score_corpus

if TYPE_CHECKING:
    from jp_shims.result import Result

Path = Union[str, "os.PathLike[str]"]
Input = Union[str, "os.PathLike[str]", IO[Any], Iterable[str]]


def evaluate(gold: Input, system: Input, *, mode: str = "cs", beta: float = 0.5, single: bool = False,
             multi: bool = False, filt: Sequence[str] = (), cat: Optional[int] = None, verbose: bool = False,
             average: str = "micro", start: Optional[int] = None, end: Optional[int] = None,
             max_answer_num: Optional[int] = None, reference_num: Optional[int] = None) -> "Result":
    """Score ``system`` (the hypothesis M2) against ``gold`` (the reference M2) as
    ``jp_cherrant_compare`` does in JP mode; each is a path, an open file or an iterable of
    M2 lines. The same order and names as :func:`jp_errant.evaluate`; the settings are the
    command line's options under their Python names
    (:class:`jp_cherrant.compare_args.CherrantSettings`). Returns a
    :class:`jp_shims.result.Result` (``result["f"]``, ``result["categories"]``,
    ``to_json()`` the ``--json`` document). A bad setting raises
    :class:`jp_shims.errors.UsageError`, bad input :class:`jp_shims.errors.InputError` (both
    ``ValueError``) with ``.path`` and ``.line``; where hypothesis blocks were cut or joined a
    :class:`jp_shims.JPAlignmentWarning` is issued."""
    from jp_shims.runner import evaluate as run

    from jp_cherrant.tool import TOOL_INSTANCE

    return run(TOOL_INSTANCE, gold, system, mode=mode, beta=beta, single=single, multi=multi,
               filt=tuple(filt) if not isinstance(filt, str) else filt, cat=cat, verbose=verbose,
               average=average, start=start, end=end, max_answer_num=max_answer_num, reference_num=reference_num)


@dataclass(frozen=True)
class CompareResult:
    """Corpus figures as ChERRANT prints them; ``categories`` at the ``cat`` level (3, the
    full type, when not given). Indexing (``result["tp"]``) reads :meth:`as_dict`."""

    title: str
    f_label: str
    tp: int
    fp: int
    fn: int
    precision: float
    recall: float
    f: float
    categories: dict = field(default_factory=dict)
    changed_blocks: int = 0  # JP mode: blocks cut or joined (0: the files lined up)
    crossing_edits: tuple = ()  # JP mode: "FILE:LINE" of edits crossing a reference boundary

    def as_dict(self) -> dict:
        return {"title": self.title, "f_label": self.f_label, "tp": self.tp, "fp": self.fp,
                "fn": self.fn, "precision": self.precision, "recall": self.recall, "f": self.f,
                "categories": {kind: dict(figures) for kind, figures in self.categories.items()},
                "changed_blocks": self.changed_blocks, "crossing_edits": list(self.crossing_edits)}

    def __getitem__(self, key: str) -> Any:
        return self.as_dict()[key]

    def keys(self) -> Iterator[str]:
        return iter(self.as_dict())


def compare(hyp: Path, ref: Path, *, mode: str = "cs", beta: float = 0.5, single: bool = False,
            multi: bool = False, filt: tuple = (), cat: Optional[int] = None,
            start: Optional[int] = None, end: Optional[int] = None,
            max_answer_num: Optional[int] = None, reference_num: Optional[int] = None,
            legacy: bool = False) -> CompareResult:
    """The older entry, kept as an alias in its documented order: the hypothesis file
    first, the reference second -- ``compare(hyp, ref)`` is
    ``evaluate(gold=ref, system=hyp)`` as a :class:`CompareResult` (prefer :func:`evaluate`,
    which takes open files and lines too and returns the shared result type).

    ``legacy=True`` pairs block i with block i as ChERRANT does (no alignment). Bad input
    raises :class:`jp_shims.errors.InputError` (a ``ValueError``) naming file and line.
    """
    if legacy:
        return _legacy_compare(os.fspath(hyp), os.fspath(ref), mode=mode, beta=beta, single=single, multi=multi,
                               filt=tuple(filt), cat=cat, start=start, end=end, max_answer_num=max_answer_num,
                               reference_num=reference_num)
    from jp_shims.errors import UsageError

    try:
        result = evaluate(os.fspath(ref), os.fspath(hyp), mode=mode, beta=beta, single=single, multi=multi,
                          filt=filt, cat=cat, start=start, end=end, max_answer_num=max_answer_num,
                          reference_num=reference_num)
    except UsageError as error:
        raise ValueError(str(error)) from None
    return CompareResult(result["title"], result["f_label"], result["tp"], result["fp"], result["fn"],
                         result["precision"], result["recall"], result["f"], result["categories"],
                         result.summary.changed, tuple(result["crossing_edits"]))


def _legacy_compare(hyp_path: str, ref_path: str, *, mode: str, beta: float, single: bool, multi: bool,
                    filt: tuple, cat: Optional[int], start: Optional[int], end: Optional[int],
                    max_answer_num: Optional[int], reference_num: Optional[int]) -> CompareResult:
    """ChERRANT's own pairing of blocks by position, scored by the shared scorer."""
    from jp_cherrant.compare_args import CherrantSettings, kept_coders, sentence_slice
    from jp_errant.compare_args import checked_settings
    from jp_shims.errors import InputError, UsageError

    try:
        settings = checked_settings(CherrantSettings, dict(
            mode=mode, beta=beta, single=single, multi=multi, filt=filt, cat=cat, start=start, end=end,
            max_answer_num=max_answer_num, reference_num=reference_num))
    except UsageError as error:
        raise ValueError(str(error)) from None
    options = settings.options._replace(categories=True)
    try:
        result = score_corpus(_legacy_units(hyp_path, ref_path, kept_coders(max_answer_num),
                                            sentence_slice(start, end)), options)
        if cat == 1 and "" in result.categories:
            raise InputError(None, None, "cat=1 groups error types by their first character, and an "
                                         "edit with an empty error type was counted")
    except OSError as error:
        raise InputError(error.filename or hyp_path, None, error.strerror or str(error)) from None
    except (ZeroDivisionError, OverflowError):
        raise ValueError(f"{options.f_label} is undefined for this beta and these counts") from None
    p, r, f = precision_recall_f(result.tp, result.fp, result.fn, options.beta)
    categories = {kind: {"tp": tp, "fp": fp, "fn": fn, "precision": cp, "recall": cr, "f": cf}
                  for kind, tp, fp, fn, cp, cr, cf in iter_category_scores(result, options, cat or 3)}
    return CompareResult(TITLES[mode].strip(), options.f_label, result.tp, result.fp, result.fn, p, r, f, categories)


def _legacy_units(hyp_path: str, ref_path: str, coders, selected):
    from jp_cherrant.legacy import legacy_pairs, read_blocks

    try:
        hyp_blocks, ref_blocks = read_blocks(hyp_path), read_blocks(ref_path)
    except UnicodeDecodeError as error:
        raise ValueError(f"invalid UTF-8: {error}") from None
    if selected is not None:
        hyp_blocks, ref_blocks = hyp_blocks[selected], ref_blocks[selected]
    if len(hyp_blocks) != len(ref_blocks):
        raise ValueError(f"the hypothesis has {len(hyp_blocks)} blocks and the reference "
                         f"{len(ref_blocks)} (ChERRANT fails on this)")
    return _checked(legacy_pairs(hyp_blocks, ref_blocks, coders, verbose=False))


def _checked(pairs):
    """ChERRANT's reading failures (ValueError, IndexError) as ValueError."""
    try:
        yield from pairs
    except IndexError as error:
        raise ValueError(f"malformed A line: {error}") from None
