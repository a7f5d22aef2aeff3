"""``jp_m2scorer``: m2scorer release 3.2 as a drop-in (``--legacy``) and JP mode (default).

``--legacy`` (anywhere in argv) reproduces m2scorer: stdout, exit code and the last stderr
line of its failures. JP mode reads the same options, re-segments system lines that merge or
split gold sentences (:mod:`jp_m2scorer.jp`), scores with the same scorer, and adds the audit
layer's options (``--json``, ``--show-alignment``, ``--report``, ``--version``) and
``--per-type``. Bad input in JP mode is one ``jp_m2scorer: error: FILE:LINE: message`` line.
"""
from __future__ import annotations

import sys
from typing import BinaryIO, Callable

from . import m2io
from . import options as opts
from .scorer import Options, Totals, per_type, per_type_report, prf, report, score_sentences

PROG = "jp_m2scorer"
ORIGINAL = "m2scorer"
PER_TYPE_HELP = ("--per-type", "after the report, P/R/F per error type of the gold (TP/FP/FN per type)")


def _writer(stream: BinaryIO) -> Callable[[str], None]:
    def write(text: str) -> None:
        stream.write(text.encode("utf-8", "surrogateescape"))
    return write


def _legacy_failure(last_line: bytes) -> int:
    """An uncaught Python 2 exception: traceback on stderr (its last line is the original's)."""
    err = sys.stderr.buffer
    err.write(b'Traceback (most recent call last):\n  File "m2scorer.py", line 1, in <module>\n')
    err.write(last_line + b"\n")
    err.flush()
    return 1


def run_legacy(argv: list[str]) -> int:
    try:
        options, (system_path, gold_path) = opts.parse(argv)
    except opts.UsageExit:
        sys.stderr.write(opts.USAGE)
        return 255
    except opts.OptionFailure as failure:
        return _legacy_failure(failure.last_line)
    try:
        gold = m2io.read_gold(gold_path)
        system = m2io.read_system(system_path)
    except m2io.InputFailure as failure:
        return _legacy_failure(failure.last_line)
    if len(system) != len(gold):
        return _legacy_failure(b"AssertionError")
    write = _writer(sys.stdout.buffer)
    pairs = ((sentence, text) for sentence, (text, _) in zip(gold, system))
    totals = score_sentences(pairs, options, write, keep=False)
    write(report(totals, options))
    sys.stdout.buffer.flush()
    return 0


def run_jp(argv: list[str], significance=None) -> int:
    """JP mode; ``significance``: the paired tests asked for (``jp_shims.significance_cli``),
    shown after the report."""
    # The audit layer is imported here (--legacy runs never need it), and its JSON, report,
    # listing and significance parts only by the runs that ask for them.
    from jp_shims import note_line
    from jp_shims.cli import help_section, take_flag, take_value, version_line
    from jp_shims.errors import report_error

    if take_flag(argv, "--version"):
        sys.stdout.write(version_line(PROG))
        return 0
    if take_flag(argv, "--help") or take_flag(argv, "-h"):
        from jp_shims.significance_cli import help_entries

        sys.stdout.write(opts.USAGE + help_section(
            ["--legacy", "--json", "--show-alignment", "--report FILE.html", PER_TYPE_HELP, "--version",
             *help_entries()],
            ORIGINAL))
        return 0
    as_json = take_flag(argv, "--json")
    show = take_flag(argv, "--show-alignment")
    by_type = take_flag(argv, "--per-type")
    report_path, missing = take_value(argv, "--report")
    if missing:
        return report_error(sys.stderr, PROG, "--report needs a file name")
    try:
        options, (system_path, gold_path) = opts.parse(argv)
    except opts.UsageExit:
        return report_error(sys.stderr, PROG, "expected SYSTEM and SOURCE_GOLD (usage: %s --help)" % PROG)
    except opts.OptionFailure as failure:
        return report_error(sys.stderr, PROG, failure.message)
    try:
        gold = m2io.read_gold(gold_path)
        system = m2io.read_system(system_path)
    except m2io.InputFailure as failure:
        return report_error(sys.stderr, PROG, failure.message, failure.path, failure.line)

    comparison = None
    if significance is not None and significance.requested:
        # Every system is scored (and its input checked) before the report starts.
        from .significance import compare_systems
        try:
            comparison = compare_systems([system_path, *significance.compare], gold_path, options, significance)
        except m2io.InputFailure as failure:
            return report_error(sys.stderr, PROG, failure.message, failure.path, failure.line)
    from . import jp
    pairs, blocks, plain = jp.resegment(gold, system)
    keep_records = show or report_path is not None
    write = _writer(sys.stdout.buffer)
    text_options = options if not as_json else Options(
        options.beta, options.max_unchanged_words, options.ignore_whitespace_casing)
    totals = score_sentences(pairs, text_options, None if as_json else write,
                             keep=by_type or bool(blocks))
    audit = _audit(gold_path, system_path, blocks, plain, totals, keep_records)
    sig = _signature(options)
    headline = report(totals, Options(beta=options.beta))
    table = ""
    if comparison is not None:
        from jp_shims.significance_cli import format_table, significance_section

        table = format_table(comparison, digits=4)
    if as_json:
        from jp_shims import dumps, envelope

        write(dumps(envelope(PROG, signature=sig, options=_options_dict(options),
                             scores=_scores(totals, options, by_type), audit=audit, blocks=show,
                             significance=None if comparison is None else significance_section(comparison))))
    else:
        write(report(totals, options))
        write(table)
        if by_type:
            write(per_type_report(per_type(totals.sentences), options.beta))
        if show:
            from jp_shims import format_listing

            write(format_listing(audit))
    sys.stdout.buffer.flush()
    if report_path is not None:
        from jp_shims.report import render_report, write_report

        try:
            write_report(report_path, render_report(tool=PROG, signature=sig, headline=headline,
                                                    audit=audit, loss_label="FP+FN", comparison=comparison,
                                                    digits=4, caption="<b>Scores</b> &mdash; the report "
                                                    "jp_m2scorer prints, in the format of m2scorer"))
        except OSError as error:
            return report_error(sys.stderr, PROG, error.strerror or str(error), report_path)
    summary = audit.summary
    kinds = ", ".join("%s %d" % (kind, count) for kind, count in summary.kinds.items()
                      if kind != "exact" and count)
    note = note_line(PROG, summary, original=ORIGINAL, signature=sig,
                     what="%d of %d blocks re-segmented onto the gold sentences (%s)" % (
                         summary.changed, summary.blocks, kinds),
                     consequence="m2scorer would stop or pair unrelated lines there")
    if note:
        sys.stderr.write(note)
    return 0


def _audit(gold_path: str, system_path: str, blocks: list, plain: int, totals: Totals,
           keep: bool):
    """Blocks as the audit layer counts them. A pair of one line and one sentence is what
    m2scorer itself scores (it never compares texts, and a correction differs from its source
    anyway), so those count as exact; the re-segmented blocks are recorded."""
    from jp_shims import AlignmentAudit, block_kind

    audit = AlignmentAudit(gold_path, system_path, keep=keep)
    if plain:
        audit.count("exact", plain, plain, plain)
    if blocks:
        from jp_shims import BlockRecord   # dataclasses: only for runs with blocks to record
    for block in blocks:
        figures = {"correct": 0, "proposed": 0, "gold": 0}
        for index in block.gold_indices:
            result = totals.sentences[index]
            figures["correct"] += result.correct
            figures["proposed"] += result.proposed
            figures["gold"] += result.gold
        loss = figures["proposed"] + figures["gold"] - 2 * figures["correct"]
        kind = block_kind(block.kind, len(block.gold_lines), len(block.system_lines))
        system_lines = audit.system_lines(block.system_lines[0], block.system_lines[-1]) \
            if block.system_lines else None
        gold_lines = audit.gold_lines(block.gold_lines[0], block.gold_lines[-1]) \
            if block.gold_lines else None
        audit.add(BlockRecord(
            kind, gold_lines, system_lines,
            " | ".join(block.gold_texts), " | ".join(block.system_texts),
            reason=block.reason + ("; scored as: " + " | ".join(block.hypotheses) if block.hypotheses
                                   else "; not scored"),
            match=block.kind, figures=figures, loss=loss, edits=_marks(block, totals)),
            gold_sentences=len(block.gold_lines), system_sentences=len(block.system_lines))
    return audit


def _marks(block, totals: Totals) -> tuple:
    """The block's edits as scored (the report marks them in the gold sentences)."""
    from .marks import block_marks

    results = [totals.sentences[index] if index < len(totals.sentences) else None for index in block.gold_indices]
    return block_marks(results, block.gold_texts) if block.hypotheses else ()


def _options_dict(options: Options) -> dict:
    return {"beta": options.beta, "max_unchanged_words": options.max_unchanged_words,
            "ignore_whitespace_casing": options.ignore_whitespace_casing}


def _signature(options: Options) -> str:
    chosen = ["--beta=%r" % options.beta, "--max_unchanged_words=%d" % options.max_unchanged_words]
    if options.ignore_whitespace_casing:
        chosen.append("--ignore_whitespace_casing")
    from jp_shims.signature import signature

    from .jp import SIMILARITY_THRESHOLD
    return signature(PROG, options=chosen, similarity="levenshtein", threshold=SIMILARITY_THRESHOLD)


def _scores(totals: Totals, options: Options, by_type: bool) -> dict:
    p, r, f = prf(totals.correct, totals.proposed, totals.gold, options.beta)
    scores = {"f_label": "F_%.1f" % options.beta, "correct": totals.correct,
              "proposed": totals.proposed, "gold": totals.gold,
              "precision": p, "recall": r, "f": f}
    if by_type:
        scores["per_type"] = {}
        for kind, (tp, fp, fn) in sorted(per_type(totals.sentences).items()):
            tp_p, tp_r, tp_f = prf(tp, tp + fp, tp + fn, options.beta)
            scores["per_type"][kind] = {"tp": tp, "fp": fp, "fn": fn,
                                        "precision": tp_p, "recall": tp_r, "f": tp_f}
    return scores


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    legacy = "--legacy" in args
    from jp_shims.significance_cli import SignificanceUsage, take_significance_options

    try:
        significance = take_significance_options(args, legacy=legacy)
    except SignificanceUsage as error:
        from jp_shims.errors import report_error

        return report_error(sys.stderr, PROG, str(error))
    args = [a for a in args if a != "--legacy"]
    try:
        return run_legacy(args) if legacy else run_jp(args, significance)
    except BrokenPipeError:
        from jp_shims.brokenpipe import silence_stdout
        return silence_stdout()
