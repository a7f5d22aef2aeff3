"""errant's report: ``computeFScore`` and ``print_results``, with the ``-cat`` table and the
macro average beside it.

:func:`precision_recall_f` is the one F of errant (the report prints it, the annotator choice
of :mod:`jp_errant.scorer` compares it); :func:`iter_report_lines` prints the totals of a
:class:`~jp_errant.score_options.CorpusResult` as errant does, the category table first under
``-cat``; :func:`iter_category_scores` and :func:`macro_average` give the same rows for
``--json`` and the macro average over error types (:func:`format_macro`).
"""
from __future__ import annotations

from typing import Callable, Iterator

from jp_errant.score_options import CategoryCounts, CorpusResult, ScoreOptions

TITLES = {
    "dt": " Token-Based Detection ",
    "ds": " Span-Based Detection ",
    "cse": " Span-Based Correction + Classification ",
    "cs": " Span-Based Correction ",
}


def precision_recall_f(tp: int, fp: int, fn: int, beta: float) -> tuple[float, float, float]:
    """errant's ``computeFScore`` (P=1 without FP, R=1 without FN; rounded to 4 places).

    Raises ZeroDivisionError like errant when beta is 0, precision > 0 and recall is 0.
    """
    p = float(tp) / (tp + fp) if fp else 1.0
    r = float(tp) / (tp + fn) if fn else 1.0
    f = float((1 + (beta ** 2)) * p * r) / (((beta ** 2) * p) + r) if p + r else 0.0
    return round(p, 4), round(r, 4), round(f, 4)


# JP mode's error where errant's level 1 fails (an empty type has no first character).
EMPTY_TYPE_AT_LEVEL_1 = ("-cat 1 groups error types by their first character, and an edit with an empty error type "
                         "was counted (the original fails with IndexError)")


def grouped_categories(categories: CategoryCounts, level: int) -> CategoryCounts:
    """errant's ``processCategories``: 1 = first character, 2 = drop 2 characters, 3 = as is.

    ``UNK`` is always kept whole. Like errant, level 1 fails (IndexError) on an empty type.
    """
    if level == 3:
        return dict(categories)
    grouped: CategoryCounts = {}
    for kind, counts in categories.items():
        if kind == "UNK":
            key = kind
        elif level == 1:
            key = kind[0]
        else:
            key = kind[2:]
        known = grouped.get(key)
        grouped[key] = list(counts) if known is None else [a + b for a, b in zip(known, counts)]
    return grouped


def iter_report_lines(result: CorpusResult, options: ScoreOptions) -> Iterator[str]:
    """errant's ``print_results``, one line (with newline) at a time: optional category
    table, then the summary table. Lines come out as errant prints them, so a failure in a
    later row (``-b 0``) leaves the earlier rows written, as in errant."""
    title = TITLES[options.mode]
    label = options.f_label
    if options.cat:
        # Grouped before anything is printed: errant fails here (IndexError on an empty
        # type under -cat 1) with nothing of the report written.
        grouped = grouped_categories(result.categories, options.cat)
        yield "\n"
        yield "{:=^66}".format(title) + "\n"
        yield " ".join(["Category".ljust(14), "TP".ljust(8), "FP".ljust(8), "FN".ljust(8),
                        "P".ljust(8), "R".ljust(8), label]) + "\n"
        for kind, (tp, fp, fn) in sorted(grouped.items()):
            p, r, f = precision_recall_f(tp, fp, fn, options.beta)
            yield " ".join([kind.ljust(14), str(tp).ljust(8), str(fp).ljust(8),
                            str(fn).ljust(8), str(p).ljust(8), str(r).ljust(8), str(f)]) + "\n"
    yield "\n"
    yield "{:=^46}".format(title) + "\n"
    yield "\t".join(["TP", "FP", "FN", "Prec", "Rec", label]) + "\n"
    p, r, f = precision_recall_f(result.tp, result.fp, result.fn, options.beta)
    yield "\t".join(map(str, [result.tp, result.fp, result.fn, p, r, f])) + "\n"
    yield "=" * 46 + "\n"
    yield "\n"


def write_report(result: CorpusResult, options: ScoreOptions, write: Callable[[str], object]) -> None:
    for line in iter_report_lines(result, options):
        write(line)


def format_report(result: CorpusResult, options: ScoreOptions) -> str:
    """The whole report as one string."""
    return "".join(iter_report_lines(result, options))


def iter_category_scores(result: CorpusResult, options: ScoreOptions,
                         level: int = 3) -> Iterator[tuple[str, int, int, int, float, float, float]]:
    """(category, tp, fp, fn, P, R, F) rows in ascending category order (for --json)."""
    for kind, (tp, fp, fn) in sorted(grouped_categories(result.categories, level).items()):
        yield (kind, tp, fp, fn, *precision_recall_f(tp, fp, fn, options.beta))


def macro_average(result: CorpusResult, options: ScoreOptions,
                  level: int = 3) -> tuple[int, float | None, float | None, float | None]:
    """The macro average over error types that errant PR #52 proposes, beside errant's micro
    figures: ``(types, P, R, F)``, the means of the precision, recall and F of the rows of
    the ``-cat level`` table, each as that table prints it (errant's ``computeFScore``: P = 1
    without FP, R = 1 without FN, rounded to 4 places), the means rounded to 4 places too.
    Every type of the table counts once, whatever its size. No type: ``(0, None, None, None)``.
    """
    rows = [scores for _, _, _, _, *scores in iter_category_scores(result, options, level)]
    if not rows:
        return 0, None, None, None
    return (len(rows), *(round(sum(column) / len(rows), 4) for column in zip(*rows)))


def format_macro(result: CorpusResult, options: ScoreOptions, level: int = 3) -> str:
    """The macro average as a table after errant's report (its layout: title, tab row, rule)."""
    types, p, r, f = macro_average(result, options, level)
    figures = ["-" if value is None else str(value) for value in (p, r, f)]
    return "".join([
        "{:=^46}".format(f" Macro-average over error types (-cat {level}) ") + "\n",
        "\t".join(["Types", "Prec", "Rec", options.f_label]) + "\n",
        "\t".join([str(types), *figures]) + "\n",
        "=" * 46 + "\n",
        "\n",
    ])


def mixed_schemes(result: CorpusResult, least: int = 3) -> str | None:
    """A caveat for ``-cat`` and ``--average macro`` when the two files use two annotation
    schemes (NUCLE's ``ArtOrDet`` against errant's ``M:DET``): errant_compare counts a true
    positive and a miss under the reference's type and a false positive under the
    hypothesis's, so where the types never meet every reference type has precision 1 and
    every hypothesis type recall 0. None when the types the false positives carry and those
    the true positives and misses carry share one, or either side has fewer than ``least``."""
    hypothesis = {kind for kind, (_, fp, _) in result.categories.items() if fp}
    reference = {kind for kind, (tp, _, fn) in result.categories.items() if tp or fn}
    if len(hypothesis) < least or len(reference) < least or hypothesis & reference:
        return None

    def some(kinds: set) -> str:
        shown = sorted(kinds)
        return ", ".join(shown[:3]) + (f" and {len(shown) - 3} more" if len(shown) > 3 else "")

    return (f"the hypothesis's edit types ({some(hypothesis)}) and the reference's ({some(reference)}) have none "
            "in common: the per-type figures mix two annotation schemes (errant_compare counts false positives "
            "under the hypothesis's types, true positives and misses under the reference's)")
