"""The significance options every tool shares, and how their result is shown.

Each drop-in takes, after its own arguments, ``--compare SYSTEM [SYSTEM ...]`` with
``--paired-bs`` / ``--paired-ar`` / ``--confidence`` / ``--seed`` (sacrebleu's names).
:func:`take_significance_options` removes them from argv before the tool's own parser runs,
so it works the same for argparse tools and evalb's hand-written option loop. The result is
a table after the tool's report (:func:`format_table`), a ``significance`` section in the
``--json`` envelope (:func:`as_json`) and a section of the HTML report.

Standard library only: :mod:`jp_shims.significance.resampling` (numpy) is imported by the
tools when an option asks for it.
"""
from __future__ import annotations

import math
from typing import Any, NamedTuple, Optional, Sequence

FLAGS = ("--paired-bs", "--paired-ar", "--confidence")
VALUED = ("--paired-bs-n", "--paired-ar-n", "--seed")
LISTS = ("--compare", "--metrics")
DEFAULT_SEED = 12345

HELP = [
    ("--compare SYSTEM ...", "compare these system files with the one in the original's position "
                             "(the baseline), over units of gold text no system's alignment crosses"),
    ("--paired-bs", "paired bootstrap resampling (the default test with --compare)"),
    ("--paired-bs-n N", "bootstrap samples (default 1000)"),
    ("--paired-ar", "paired approximate randomization instead"),
    ("--paired-ar-n N", "randomization rounds (default 10000)"),
    ("--confidence", "95 % bootstrap interval of every score (also without --compare)"),
    ("--seed N", "seed of the resampling (default 12345)"),
]

TEST_NAMES = {
    "bs": "paired bootstrap resampling",
    "ar": "paired approximate randomization",
    "ci": "bootstrap resampling",
}


class SignificanceUsage(Exception):
    """A bad significance option: the tool prints ``PROG: error: message`` and exits 2."""


class SignificanceOptions(NamedTuple):
    compare: tuple  # the systems compared with the baseline
    test: Optional[str]  # "bs", "ar", "ci" (intervals only), or None: nothing asked
    samples: Optional[int]  # None: the test's default
    seed: int
    confidence: bool
    metrics: tuple  # --metrics (tools that offer it)

    @property
    def requested(self) -> bool:
        return self.test is not None


def take_significance_options(argv: list[str], *, legacy: bool = False,
                              metrics: bool = False) -> SignificanceOptions:
    """Remove the significance options from ``argv`` (in place) and return them.

    ``--compare`` and ``--metrics`` take every following argument up to the next one
    starting with ``--``. ``metrics``: whether the tool offers ``--metrics``. Raises
    :class:`SignificanceUsage` for a missing or bad value, for contradicting options, and
    for any of them in legacy mode (``legacy``: the original has no such option).
    """
    if legacy:
        refusal = legacy_refusal(argv, metrics=metrics)
        if refusal is not None:
            raise SignificanceUsage(refusal)
        return _settle({})
    found: dict[str, Any] = {}
    kept: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        name, _, attached = arg.partition("=")
        if name in LISTS and (name == "--compare" or metrics):
            values = [attached] if attached else []
            while i + 1 < len(argv) and not argv[i + 1].startswith("--"):
                i += 1
                values.append(argv[i])
            if not values:
                raise SignificanceUsage(f"{name} needs at least one value")
            found.setdefault(name, []).extend(values)
        elif name in VALUED:
            if attached:
                value = attached
            elif i + 1 < len(argv):
                i += 1
                value = argv[i]
            else:
                raise SignificanceUsage(f"{name} needs a value")
            found[name] = _integer(name, value, 0 if name == "--seed" else 1)
        elif arg in FLAGS:
            found[arg] = True
        else:
            kept.append(arg)
        i += 1
    argv[:] = kept
    return _settle(found)


def _integer(name: str, value: str, least: int) -> int:
    try:
        number = int(value, 10)
    except ValueError:
        raise SignificanceUsage(f"{name}: {value!r} is not an integer") from None
    if number < least or number >= 2 ** 32:
        raise SignificanceUsage(f"{name}: {value} is out of range ({least} to {2 ** 32 - 1})")
    return number


def _settle(found: dict) -> SignificanceOptions:
    compare = tuple(found.get("--compare", ()))
    bs, ar = found.get("--paired-bs", False), found.get("--paired-ar", False)
    confidence = found.get("--confidence", False)
    if bs and ar:
        raise SignificanceUsage("--paired-bs and --paired-ar exclude each other")
    if (bs or ar) and not compare:
        raise SignificanceUsage(f"{'--paired-bs' if bs else '--paired-ar'} needs --compare SYSTEM ...")
    if "--paired-bs-n" in found and not (bs or (compare and not ar) or confidence):
        raise SignificanceUsage("--paired-bs-n needs --paired-bs or --confidence")
    if "--paired-ar-n" in found and not ar:
        raise SignificanceUsage("--paired-ar-n needs --paired-ar")
    test = "ar" if ar else "bs" if (bs or compare) else "ci" if confidence else None
    if test is None and ("--seed" in found or "--metrics" in found):
        raise SignificanceUsage("--seed and --metrics need --compare or --confidence")
    samples = found.get("--paired-ar-n") if test == "ar" else found.get("--paired-bs-n")
    return SignificanceOptions(compare, test, samples, found.get("--seed", DEFAULT_SEED), confidence,
                               tuple(found.get("--metrics", ())))


def legacy_refusal(argv: Sequence[str], metrics: bool = False) -> Optional[str]:
    """The error message when legacy-mode ``argv`` holds a significance option, else None."""
    for arg in argv:
        name = arg.partition("=")[0]
        if name in FLAGS or name in VALUED or name == "--compare" or (metrics and name == "--metrics"):
            return f"{name} works in JP mode only (the original has no significance tests)"
    return None


def run_comparison(systems: Sequence, names: Sequence[str], metric, metric_names: Sequence[str],
                   options: SignificanceOptions):
    """The test and intervals ``options`` ask for (``jp_shims.significance.compare``)."""
    from .resampling import compare

    if options.test is None:
        raise ValueError("no significance test or interval was asked for")
    return compare(systems, names, metric, metric_names, test=options.test, samples=options.samples,
                   seed=options.seed, intervals=options.confidence or options.test != "ar")


def help_entries(metrics: bool = False, default_metrics: Sequence[str] = ()) -> list:
    """The significance options' lines of a tool's JP help section (``--metrics`` with the
    tool's default metrics when it offers the option)."""
    if not metrics:
        return list(HELP)
    default = f" (default: {' '.join(default_metrics)})" if default_metrics else ""
    return HELP + [("--metrics M ...", "metrics of the significance table" + default)]


def describe(comparison) -> str:
    """One line: the test, its size and seed, and the units."""
    size = "rounds" if comparison.test == "ar" else "samples"
    return (f"{TEST_NAMES[comparison.test]}: {comparison.samples} {size}, seed {comparison.seed}, "
            f"{comparison.units} units of gold text")


def format_table(comparison, digits: int = 2) -> str:
    """The text table: per system and metric the score, the bootstrap mean and 95 %
    interval (when computed) and the p-value against the baseline (``*`` below 0.05)."""
    header, rows = table_cells(comparison, digits)
    rows = [header, *rows]
    widths = [max(len(row[k]) for row in rows) for k in range(len(header))]
    lines = ["", f"Significance ({describe(comparison)})"]
    note = breakdown_note(comparison)
    if note:
        lines.append(note)
    for row in rows:
        cells = [cell.ljust(widths[k]) if k < 2 else cell.rjust(widths[k]) for k, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def breakdown_note(comparison) -> str:
    """The line that says which rows are breakdown rows, which groups the table leaves out,
    and that no test is corrected for multiple comparisons ('' without breakdown rows)."""
    rows = getattr(comparison, "breakdown", None)
    if rows is None:
        return ""
    grouped = [name for name, row in rows.rows.items() if row.group is not None]
    hidden = [name for name in grouped if not rows.shown(name)]
    aggregates = [name for name, row in rows.rows.items() if row.group is None]
    parts = []
    if grouped:
        parts.append(f"METRIC[KEY=GROUP] rows are per group: {len(grouped) - len(hidden)} of {len(grouped)} shown "
                     f"(groups of at least {rows.minimum} {rows.unit}; all in --json)")
    if aggregates:
        parts.append(", ".join(aggregates) + " average over the groups")
    if not parts:
        parts.append("no group has any count")
    alone = "each row's interval is its own" if comparison.test == "ci" else "each row is tested on its own"
    return "Breakdown: " + "; ".join(parts) + f"; {alone}, not corrected for multiple comparisons"


def table_cells(comparison, digits: int = 2) -> tuple:
    """(header, rows) of :func:`format_table`, every cell a string (the HTML report draws
    the same table)."""
    header = ["System", "Metric", "Score"]
    with_interval = any(m.interval is not None for s in comparison.systems for m in s.metrics)
    if with_interval:
        header += ["Mean", "95% interval"]
    if len(comparison.systems) > 1 and comparison.test != "ci":
        header.append("p-value")
    rows = [header]
    breakdown = getattr(comparison, "breakdown", None)
    for index, system in enumerate(comparison.systems):
        for metric in system.metrics:
            if breakdown is not None and not breakdown.shown(metric.name):
                continue
            row = [system.name, metric.name, _number(metric.score, digits)]
            if with_interval:
                interval = metric.interval
                row += (["", ""] if interval is None else
                        [_number(interval.mean, digits),
                         f"[{_number(interval.low, digits)}, {_number(interval.high, digits)}]"])
            if len(header) > len(row):
                row.append("(baseline)" if index == 0 else
                           f"{metric.p_value:.4f}{' *' if metric.p_value < 0.05 else ''}")
            rows.append(row)
    return header, rows[1:]


def _number(value: float, digits: int) -> str:
    return "nan" if not math.isfinite(value) else f"{value:.{digits}f}"


def as_json(comparison) -> dict:
    """The envelope's ``significance`` section (the baseline is the first system)."""
    baseline = comparison.systems[0].name
    document = {
        "test": {"bs": "paired-bs", "ar": "paired-ar", "ci": "confidence"}[comparison.test],
        "samples": comparison.samples,
        "seed": comparison.seed,
        "confidence": 0.95,
        "units": comparison.units,
        "baseline": baseline,
        "systems": [
            {"name": system.name,
             "metrics": {m.name: {"score": m.score,
                                  "mean": None if m.interval is None else m.interval.mean,
                                  "low": None if m.interval is None else m.interval.low,
                                  "high": None if m.interval is None else m.interval.high,
                                  "p_value": m.p_value}
                         for m in system.metrics}}
            for system in comparison.systems
        ],
    }
    rows = getattr(comparison, "breakdown", None)
    if rows is not None:
        document["breakdown"] = {
            "note": breakdown_note(comparison),
            "minimum_size": rows.minimum,
            "size": rows.unit,
            "corrected_for_multiple_comparisons": False,
            "rows": {name: {"key": row.key, "group": row.group, "size": row.size, "shown": rows.shown(name)}
                     for name, row in rows.rows.items()},
        }
    return document
