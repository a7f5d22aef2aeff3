"""jp_evalb and jp_evalb_spmrl on the shared runner (:mod:`jp_shims.runner`).

One tool class for both programs: the :class:`~jp_evalb.variant.Variant` says which of evalb
or evalb_spmrl it reproduces. The tool supplies evalb's options (parsed by
:mod:`jp_evalb.args`), the bracketed-tree format, the run on one pair of files
(:func:`jp_evalb.jp.run_pair`), the metric of significance (:mod:`jp_evalb.significance`) and
legacy mode (:mod:`jp_evalb.legacy`, unchanged); the runner does the rest.
"""
from __future__ import annotations

import sys
from typing import Any, Callable, List, NamedTuple, Sequence, Tuple

from jp_shims.audit import AlignmentAudit
from jp_shims import encodings
from jp_shims.cli import help_section, take_flag, take_value
from jp_shims.config import AlignConfig
from jp_shims.errors import InputError, UsageError
from jp_shims import sniff
from jp_shims.inputs import Format, InputFile
from jp_shims.runner import AdditiveStatistics, Evaluation, Parsed, Tool, Run

from .args import Options, Usage, parse_evalb_args, split_extra
from .jp import ALIGN_CONFIG
from .params import BUILTIN_NAMES, BadValue, FatalError
from .variant import EVALB, SPMRL, Variant

TREES = Format("bracketed trees, one per line (evalb's format)", lambda line: line.lstrip().startswith("("),
               kinds=frozenset({sniff.TREES, sniff.TEXT}))
# -p is evalb's option; the names it also takes are ours (shipped in jp_evalb/params).
PARAMETER_SETS_HELP = ("-p NAME", "besides a parameter file, one of the parameter sets shipped with jp-shims: "
                       + ", ".join(BUILTIN_NAMES) + " (used when no file of that name exists; docs/jp_evalb.md)")
PER_LABEL_HELP = ("--per-label", "after the summary, a table per constituent label and POS tag (also in --json)")
INSTALL_SHIM_HELP = ("--install-shim DIR", "write DIR/evalb and the parameter files beside it, for tools calling "
                     "EVALB/evalb by path (--spmrl: DIR/evalb_spmrl; --force: replace files it did not write)")


class Settings(NamedTuple):
    """What :meth:`EvalbTool.parse` gives ``evaluate``: evalb's options and ours."""

    options: Options
    per_label: bool
    fallback: str = encodings.FALLBACK  # --encoding: how a file that is not UTF-8 is read


class EvalbTool(Tool):
    """evalb (``EVALB``) or evalb_spmrl (``SPMRL``), as the runner sees it."""

    labels = ("gold", "test")
    formats = (TREES, TREES)
    config = ALIGN_CONFIG
    own_options = (encodings.HELP_ENTRY,)
    loss_label = "brackets lost"
    # The report's score box: evalb's summary begins with the unlabelled total row of its
    # per-sentence table (whose column header the summary does not repeat).
    report_caption = ("<b>Scores</b> &mdash; the summary as evalb prints it. The unlabelled row of numbers under "
                      "the first rule totals evalb's per-sentence table: bracket recall, bracket precision, "
                      "matched brackets, gold brackets, test brackets, crossing brackets, words, correct tags, "
                      "tagging accuracy. Below it: all sentences, then those up to the length cut-off (-c).")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.prog = variant.prog
        self.original = variant.original
        letters = "".join(sorted(set("dDh" + variant.flag_letters)))
        spmrl = " [-K n]" if variant.flag_letters else ""
        self.usage = (f"usage: {variant.prog} [-{letters}] [-c n] [-e n]{spmrl} [-p param_file] [JP options] "
                      "gold-file test-file")
        self.help_text = variant.usage

    def help(self) -> str:
        # --per-label is no option of JP mode alone (legacy mode takes it too): it is shown
        # here, not listed among the tool's JP-only options.
        text = super().help()
        extra = [PARAMETER_SETS_HELP, PER_LABEL_HELP] + ([] if self.variant.status_file else [INSTALL_SHIM_HELP])
        return text + help_section(extra).split("\n", 2)[-1]

    def legacy(self, argv: List[str]) -> int:
        from .legacy import run_legacy

        extra = split_extra(["--legacy", *argv], self.variant)
        return run_legacy(extra.rest, extra, sys.stdout, sys.stderr)

    def parse(self, argv: List[str]) -> Parsed:
        per_label = take_flag(argv, "--per-label")
        encoding, missing = take_value(argv, encodings.OPTION)
        if missing:
            raise UsageError(f"{encodings.OPTION} needs an encoding")
        fallback = encodings.parse_encoding(encoding)
        # evalb's warnings while reading the options are printed once they have all been
        # read: a bad value ends the run with its one error line alone.
        warnings: list[str] = []
        try:
            options = parse_evalb_args(argv, warnings.append, "utf-8", strict=True, variant=self.variant,
                                       fallback=fallback)
        except Usage as usage:
            if usage.status == 1:
                raise UsageError(f"{usage.argument}: -h asks for the help: {self.prog} -h") from None
            raise UsageError(f"unrecognized option '{usage.argument}'") from None
        except BadValue as bad:
            if bad.where.startswith("-"):  # an option's value
                raise UsageError(f"{bad.where}: {bad.message}") from None
            name, _, line = bad.where.rpartition(":")
            raise InputError(name, int(line) if line.isdigit() else None, bad.message) from None
        except FatalError as fatal:
            name = fatal.message.split("(", 1)[-1].rsplit(")", 1)[0]
            raise InputError(name, None, "cannot open parameter file") from None
        if options.gold is None or options.test is None:
            raise UsageError(f"missing {'gold' if options.gold is None else 'test'} file argument")
        sys.stderr.write("".join(warnings))
        from .signature import figure_options, options_document, parameter_file

        status_file = self.variant.status_file and not options.flags.compact
        return Parsed(options.gold, options.test, Settings(options, per_label, fallback),
                      options_document(options, None), figure_options(options) + encodings.signature_option(fallback),
                      outputs=["status"] if status_file else [], params=parameter_file(options))

    def evaluate(self, parsed: Parsed, gold: InputFile, system: InputFile, config: AlignConfig,
                 audit: AlignmentAudit, run: Run) -> Evaluation:
        # (transitional: the report's writer as before; None where no report is wanted)
        write = run.write if run.report else None
        statistics = run.statistics
        from .jp import WIDTH, run_pair

        settings: Settings = parsed.settings
        options = settings.options._replace(gold=gold.name, test=system.name)
        # The sentence records of --json are gathered unless the report streams to stdout
        # (then memory stays flat whatever the input's size).
        records = not run.streaming
        # evalb's per-line messages (stderr); under --strict they wait for the end of the run,
        # and a run that --strict stops prints its one error line alone.
        held: list[str] = []
        message = held.append if config.strict else sys.stderr.write
        # (``result.units``: the units' figures, gathered when ``statistics`` is asked for)
        result = run_pair(options, (gold.path, gold.name), (system.path, system.name), config, audit, write,
                          message, per_label=settings.per_label, json=records, statistics=statistics,
                          fallback=settings.fallback)
        if held and not (audit.unaligned_gold or audit.unaligned_system):
            sys.stderr.write("".join(held))
        read = {file.name: encoding for file, encoding in zip((gold, system), result.encodings)}
        notes = [encodings.fallback_note(name, encoding, self.original)
                 for name, encoding in read.items() if encoding != encodings.UTF8]
        return Evaluation(result.scores, result.headline,
                          None if result.units is None else AdditiveStatistics(result.units, WIDTH),
                          advisories=notes)

    def metric(self, parsed: Parsed, names: Sequence[str] = ()) -> Tuple[Callable[[Any], Any], Sequence[str]]:
        from .significance import METRICS, metric_function

        return metric_function, METRICS


TOOL = EvalbTool(EVALB)
SPMRL_TOOL = EvalbTool(SPMRL)


__all__ = ["SPMRL_TOOL", "TOOL", "EvalbTool"]
