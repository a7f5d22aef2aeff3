"""Worker processes, shards and a progress bar for the annotators (one copy for all three).

jp_errant_parallel, jp_errant_m2 and jp_cherrant_parallel turn a stream of *units* (an
aligned sentence group, an M2 sentence, an input line) into one output text each. This
module runs that over a large corpus:

- **Batches.** Units are cut into consecutive batches of a fixed size, in input order. A
  batch is the analyser's unit of work (one stanza call for all its sentences), so the
  batches are the same whatever the number of processes or shards: the output cannot depend
  on how the work was spread.
- **Worker processes** (``-j N``). Each worker builds its context once (e.g. loads one
  stanza pipeline, at its first batch) and annotates whole batches; results are written in input order. At most
  ``2 N`` batches are in flight, so memory does not grow with the corpus (input and output
  are streamed). Workers are started with ``spawn``: a fork of a process that already ran
  torch can hang in its thread pool.
- **Shards** (``--shard I/N``, I = 1..N). Shard I takes the I-th of N consecutive runs of
  whole batches, so the outputs of shards 1..N, concatenated, are the unsharded output byte
  for byte. Every shard reads the input up to its end (counting units is cheap next to the
  analysis).
- **Progress** on stderr, one line rewritten in place, only when stderr is a terminal and
  ``--quiet`` is not given (a log file gets no carriage returns).
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import deque
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any, Callable, Deque, Iterable, Iterator, List, Optional, TextIO, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

Unit = TypeVar("Unit")
Result = TypeVar("Result")
Context = TypeVar("Context")

DEFAULT_BATCH = 64  # units per batch: large enough for the analyser, small for the memory
IN_FLIGHT_PER_WORKER = 2  # batches queued per worker: keeps each busy while bounding memory


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` (1-based) of ``count``."""

    index: int = 1
    count: int = 1

    def batches(self, total: int) -> range:
        """The batch numbers of this shard among ``total`` batches (consecutive, as even as
        possible; a shard may be empty when there are fewer batches than shards)."""
        return range((self.index - 1) * total // self.count, self.index * total // self.count)

    @property
    def is_whole(self) -> bool:
        return self.count == 1


def parse_shard(text: str) -> Shard:
    """``I/N`` with 1 <= I <= N; :class:`argparse.ArgumentTypeError` otherwise."""
    index, slash, count = text.partition("/")
    if slash and index.isdigit() and count.isdigit() and 1 <= int(index) <= int(count):
        return Shard(int(index), int(count))
    raise argparse.ArgumentTypeError(f"{text!r}: expected I/N with 1 <= I <= N (e.g. 2/8)")


def positive_int(text: str) -> int:
    if text.isdigit() and int(text) >= 1:
        return int(text)
    raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number >= 1")


RUN_OPTIONS = ("jobs", "shard", "quiet")  # (the destinations of the options added here)


def hide_run_options(parser: argparse.ArgumentParser) -> None:
    """Keep the options added here out of ``parser``'s help and usage (``--legacy --help`` is
    the original's help: it has none of them); they are still read."""
    for action in parser._actions:  # (argparse has no public list of a parser's actions)
        if action.dest in RUN_OPTIONS:
            action.help = argparse.SUPPRESS


def add_shard_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--shard", type=parse_shard, default=Shard(), metavar="I/N",
                        help="Annotate only the I-th of N consecutive parts of the input "
                             "(I = 1..N);\nthe N outputs concatenated are the whole output "
                             "byte for byte.")


def add_options(parser: argparse.ArgumentParser) -> None:
    """``-j/--jobs``, ``--shard`` and ``--quiet`` (jp_errant_parallel, jp_errant_m2)."""
    parser.add_argument("-j", "--jobs", type=positive_int, default=1, metavar="N",
                        help="Worker processes, each with its own analyser (default: 1). "
                             "The output does not depend on N.")
    add_shard_option(parser)
    parser.add_argument("--quiet", action="store_true",
                        help="No progress line on stderr (it is shown only when stderr is a "
                             "terminal).")


@dataclass(frozen=True)
class RunOptions:
    jobs: int = 1
    shard: Shard = Shard()
    progress: bool = False
    batch: int = DEFAULT_BATCH


def run_options(args: argparse.Namespace, stderr: Optional[TextIO] = None) -> RunOptions:
    """The options added by :func:`add_options`; progress only on a terminal, not ``--quiet``."""
    stream = sys.stderr if stderr is None else stderr
    shows = not getattr(args, "quiet", False) and _is_terminal(stream)
    return RunOptions(getattr(args, "jobs", 1), getattr(args, "shard", Shard()), shows)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


Work = Callable[[Any, List[Any]], List[Any]]


def annotate_stream(
    units: Iterable[Unit],
    work: Callable[[Context, List[Unit]], List[Result]],
    make_context: Callable[[], Context],
    options: RunOptions,
    count: Optional[Callable[[], int]] = None,
    context: Optional[Context] = None,
    label: str = "sentences",
    stderr: Optional[TextIO] = None,
    prog: str = "",
) -> Iterator[tuple[Unit, Result]]:
    """``(unit, work's result for it)`` for every unit of the shard, in input order.

    ``work(context, batch)`` gives one result per unit of the batch; it and ``make_context``
    must be picklable (module-level functions, ``functools.partial``) when ``options.jobs``
    > 1. ``context``: the context of an in-process run (built by ``make_context`` if None;
    ignored by worker processes, which build their own). ``count()`` gives the number of
    units (a pass over the input); it is called only for a shard or a progress line.
    """
    total = count() if count is not None and (not options.shard.is_whole or options.progress) else None
    batches: Iterator[List[Unit]] = _batched(iter(units), options.batch)
    shown = None
    if total is not None:
        total_batches = -(-total // options.batch)
        selected = options.shard.batches(total_batches)
        batches = islice(batches, selected.start, selected.stop)
        shown = min(total, selected.stop * options.batch) - selected.start * options.batch
    progress = _Progress(stderr or sys.stderr, prog, label, shown) if options.progress else None
    try:
        if options.jobs == 1:
            local = make_context() if context is None else context
            results: Iterator[tuple[List[Unit], List[Result]]] = (
                (batch, work(local, batch)) for batch in batches)
        else:
            results = _in_workers(batches, work, make_context, options.jobs)
        for batch, done in results:
            yield from zip(batch, done)
            if progress is not None:
                progress.advance(len(batch))
    finally:
        if progress is not None:
            progress.close()


def _batched(units: Iterator[Unit], size: int) -> Iterator[List[Unit]]:
    while True:
        batch = list(islice(units, size))
        if not batch:
            return
        yield batch


# The context of a worker process, built by its first batch (an error building it, e.g. a
# model that cannot be loaded, then reaches the caller as that batch's exception): state of
# that process only, never of the calling program.
_worker_context: List[Any] = []


def _run_in_worker(work: Work, make_context: Callable[[], Any], batch: List[Any]) -> List[Any]:
    if not _worker_context:
        _worker_context.append(make_context())
    return work(_worker_context[0], batch)


def _in_workers(batches: Iterator[List[Unit]], work: Callable[[Any, List[Unit]], List[Result]],
                make_context: Callable[[], Any], jobs: int) -> Iterator[tuple[List[Unit], List[Result]]]:
    """Results in input order; at most ``IN_FLIGHT_PER_WORKER * jobs`` batches queued."""
    # (imported by the runs with workers: a run in one process never loads them)
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    pending: Deque[tuple[List[Unit], Future]] = deque()
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
        try:
            for batch in batches:
                pending.append((batch, pool.submit(_run_in_worker, work, make_context, batch)))
                if len(pending) >= IN_FLIGHT_PER_WORKER * jobs:
                    first, future = pending.popleft()
                    yield first, future.result()
            while pending:
                first, future = pending.popleft()
                yield first, future.result()
        finally:
            for _, future in pending:
                future.cancel()


class _Progress:
    """``PROG: 1200/5000 sentences (24 %), 48.0/s, 1:19 left`` rewritten at most twice a second."""

    def __init__(self, stream: TextIO, prog: str, label: str, total: Optional[int]) -> None:
        self.stream, self.prog, self.label, self.total = stream, prog, label, total
        self.done = 0
        self.start = self.last = time.monotonic()

    def advance(self, units: int) -> None:
        self.done += units
        now = time.monotonic()
        if now - self.last >= 0.5:
            self.last = now
            self._show(now)

    def close(self) -> None:
        self._show(time.monotonic())
        self.stream.write("\n")
        self.stream.flush()

    def _show(self, now: float) -> None:
        rate = self.done / max(now - self.start, 1e-9)
        text = f"{self.prog}: {self.done}"
        if self.total:
            left = (self.total - self.done) / rate if rate > 0 else 0.0
            text += (f"/{self.total} {self.label} ({100 * self.done // self.total} %), "
                     f"{rate:.1f}/s, {int(left) // 60}:{int(left) % 60:02d} left")
        else:
            text += f" {self.label}, {rate:.1f}/s"
        self.stream.write("\r" + text + "\033[K")
        self.stream.flush()

