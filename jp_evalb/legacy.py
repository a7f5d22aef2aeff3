"""Legacy mode: evalb's main loop, byte for byte (``jp_evalb --legacy``)."""
from __future__ import annotations

import io
from typing import BinaryIO, Iterator, Optional, TextIO

from .args import Extra, Usage, parse_evalb_args
from .brackets import LabelTable, reader_keys, tag_view
from .limits import undefined_debug_text, undefined_reading
from .lines import LineBuffer, legacy_lines
from .output import Output
from .params import FatalError, Params
from .report import HEADER, debug_dump, matching_trace, sentence_line
from .scoring import clean_pair_score, evaluate_pair
from .totals import RunTotals
from .trees import MSG_TWO_ELEMENTS, ReadOptions, Tree, read_tree
from .variant import RunFlags

PROG = "jp_evalb"
NO_FLAGS = RunFlags()  # evalb's behaviour: none of evalb_spmrl's -K -L -l -X -V


SIGPIPE_STATUS = 128 + 13  # what a shell reports for a program killed by SIGPIPE


class Killed(Exception):
    """evalb's error limit was exceeded: exit 1 with what stdout holds so far."""


class ErrorLimit:
    """evalb's Error(): ``LINE : message`` on stderr; the run dies when an error occurs while
    the count already exceeds MAX_ERROR."""

    def __init__(self, max_error: int, err: Output) -> None:
        self.max_error = max_error
        self.count = 0
        self._err = err

    def report(self, line: int, message: str) -> None:
        self._err.write(f"{line} : {message}")
        killed = self.count > self.max_error
        self.count += 1
        if killed:
            raise Killed()

    def forever(self, line: int, message: str) -> None:
        """An error evalb repeats without advancing: emit it until the limit kills the run."""
        remaining = max(self.max_error + 2 - self.count, 1)
        text = f"{line} : {message}"
        while remaining > 0:
            batch = min(remaining, 10000)
            self._err.write(text * batch)
            remaining -= batch
            self.count += batch
        raise Killed()


def run_legacy(args: list[str], extra: Extra, stdout: TextIO, stderr: TextIO) -> int:
    encoding = "latin-1"
    out, err = Output(stdout, encoding), Output(stderr, encoding)
    try:
        try:
            return _legacy(args, extra, out, err, encoding)
        except Killed:
            return 1
        finally:
            out.flush()
            err.flush()
    except BrokenPipeError:
        # (jp_shims, the audit layer, is imported only here: legacy mode needs nothing else
        # of it, and its import would be a third of a run on a treebank section.)
        from jp_shims.brokenpipe import silence_stdout

        # evalb dies of SIGPIPE, silently; a shell reports that as status 128 + 13.
        silence_stdout(stdout)
        return SIGPIPE_STATUS


def _legacy(args: list[str], extra: Extra, out: Output, err: Output, encoding: str) -> int:
    variant = extra.variant
    try:
        options = parse_evalb_args(args, err.write, encoding, variant=variant)
    except Usage as usage:
        err.write(variant.usage)
        return usage.status
    except FatalError as fatal:
        err.write(fatal.message)
        return 1
    params = options.params
    gold_stream = _open_legacy(options.gold)
    if gold_stream is None or options.gold is None:  # (no stream without a name)
        err.write(f"Can't open gold file ({_c_name(options.gold)})\n")
        return 1
    test_stream = _open_legacy(options.test)
    if test_stream is None or options.test is None:
        gold_stream.close()
        err.write(f"Can't open test file ({_c_name(options.test)})\n")
        return 1
    with gold_stream, test_stream:
        chunk = params.variant.line_chunk
        return _legacy_loop(legacy_lines(gold_stream, chunk), legacy_lines(test_stream, chunk), params, out, err,
                            (options.gold, options.test), options.flags, extra.per_label)


class UndefinedWarning:
    """One stderr warning per run where evalb's behaviour is undefined (see jp_evalb.limits)."""

    def __init__(self, err: Output, prog: str = PROG, original: str = "evalb") -> None:
        self._err = err
        self._prog, self._original = prog, original
        self.given = False

    def check(self, reason: Optional[str], name: str, line_no: int) -> None:
        if reason is not None and not self.given:
            self.given = True
            self._err.write(f"{self._prog}: warning: {name}:{line_no}: {reason}: {self._original}'s behaviour is "
                            f"undefined there (garbage or a crash); scored as if it had no limit\n")


def _legacy_loop(gold_lines: Iterator[str], test_lines: Iterator[str], params: Params,
                 out: Output, err: Output, names: tuple[str, str] = ("gold", "test"),
                 flags: RunFlags = NO_FLAGS, per_label: bool = False) -> int:
    """The main loop. ``flags``: evalb_spmrl's -K -L -l -X -V; ``per_label``: --per-label."""
    debug = params.debug
    variant = params.variant
    table = LabelTable(params)
    options = ReadOptions.from_params(params, trace=debug > 1, keys=reader_keys(params, table))._replace(
        buffer=LineBuffer(variant.line_chunk + 1))
    test_options = options._replace(closed_at={})  # evalb keeps the brackets of each file apart
    errors = ErrorLimit(params.max_error, err)
    undefined = UndefinedWarning(err, variant.prog, variant.original)
    totals = RunTotals(params.cutoff_len)
    tally = None
    if per_label:
        from .per_label import PerLabel

        tally = PerLabel(params)
    skipped_gold = None
    if flags.count_skipped:
        from .spmrl import skipped_gold_counter

        skipped_gold = skipped_gold_counter(params, options)
    tags = (lambda t: tag_view(t, params)) if variant.cut_tags else None
    djam = err.write if variant.djam else None
    out.write(HEADER)
    # A line from the fast reader with no more "(" than this exceeds none of evalb's limits
    # (jp_evalb.limits.undefined_reading: too many words or brackets need more of them).
    short_line = min(variant.limits[0], variant.limits[1])
    # The usual pair is scored without evaluate_pair's bookkeeping when nothing but the
    # sentence line is written for it (no debug output, no --per-label table).
    clean_lane = debug == 0 and tally is None
    line_no = 1
    for gold_line in gold_lines:
        gold = read_tree(gold_line, options)
        if not undefined.given and (gold.spans is None or gold_line.count("(") > short_line):
            undefined.check(undefined_reading(gold, variant), names[0], line_no)
        if gold.trace or gold.errors or gold.endless:
            _emit_reading(gold, line_no, out, errors, djam)
        test_line = next(test_lines, None)
        if test_line is None:
            errors.report(line_no, "Number of lines unmatch (too many lines in gold file)\n")
            break
        test = read_tree(test_line, test_options)
        if not undefined.given and (test.spans is None or test_line.count("(") > short_line):
            undefined.check(undefined_reading(test, variant), names[1], line_no)
        if test.trace or test.errors or test.endless:
            _emit_reading(test, line_no, out, errors, djam)
        if clean_lane:
            score = clean_pair_score(line_no, gold, test, params)
            if score is not None:
                _sentence(score, out, totals)
                if flags.limit != -1 and line_no >= flags.limit:
                    break  # evalb_spmrl -K: stop, without the check for extra test lines
                line_no += 1
                continue
        read_error = bool(gold.errors or test.errors)
        ev = evaluate_pair(line_no, gold, test, params, table, read_error=read_error, debug=debug,
                           lenient_length=variant.lenient_length, skipped_gold=skipped_gold)
        if debug > 1:
            out.write("\n")
            out.write("".join(ev.trace))
        if ev.first is not None:  # evalb_spmrl: the zero line of a length mismatch comes first
            _sentence(ev.first, out, totals)
        if ev.error is not None and not ev.error_after_line:
            errors.report(line_no, ev.error)
        if debug > 1 and ev.bracket_score is not None:
            text = matching_trace(ev, gold.line, test.line)
            if not undefined.given:
                undefined.check(undefined_debug_text(text), names[0], line_no)
            out.write(text)
        _sentence(ev.score, out, totals)
        if tally is not None:
            tally.add_evaluation(ev)
        if ev.error is not None and ev.error_after_line:
            errors.report(line_no, ev.error)
        if debug >= 1:
            out.write(debug_dump(ev, params.labels_equal, tags))
        if flags.limit != -1 and line_no >= flags.limit:
            break  # evalb_spmrl -K: stop, without the check for extra test lines
        line_no += 1
    else:
        if next(test_lines, None) is not None:
            errors.report(line_no, "Number of lines unmatch (too many lines in test file)\n")
    from .spmrl import ending, write_status

    end = ending(totals, params, flags, *names)
    out.write(end.text)
    if tally is not None:
        out.write(tally.table())
    if end.status is not None:
        try:
            write_status(end.status)
        except OSError:
            # The original crashes (SIGSEGV) when it cannot create ./status.
            return 128 + 11
    return 0


def _sentence(score, out: Output, totals: RunTotals) -> None:
    out.write(sentence_line(score))
    totals.add(score)


def _emit_reading(tree: Tree, line_no: int, out: Output, errors: ErrorLimit, djam=None) -> None:
    """DEBUG 2 reading trace and reading errors, in the order evalb produces them
    (``djam``: evalb_spmrl's extra stderr line before a bracket with two words)."""
    done = 0
    for at, message in tree.errors:
        if at > done:
            out.write("".join(tree.trace[done:at]))
            done = at
        if djam is not None and message == MSG_TWO_ELEMENTS:
            from .spmrl import djam_line

            djam(djam_line(tree.line))
        errors.report(line_no, message)
    if done < len(tree.trace):
        out.write("".join(tree.trace[done:]))
    if tree.endless:
        errors.forever(line_no, "Reading sentence\n")


def _c_name(name: Optional[str]) -> str:
    return "(null)" if name is None else name


def _open_legacy(name: Optional[str]) -> Optional[BinaryIO]:
    if name is None:
        return None
    try:
        return open(name, "rb")
    except IsADirectoryError:
        # fopen() succeeds on a directory and the first fgets() fails: an empty file.
        return io.BytesIO(b"")
    except OSError:
        return None
