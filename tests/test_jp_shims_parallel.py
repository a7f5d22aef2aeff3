"""jp_shims.parallel: batches, worker processes, shards and the progress line (no analyser:
the work functions here are plain functions, picklable for the worker processes)."""
from __future__ import annotations

import argparse
import io

import pytest

from jp_shims.parallel import RunOptions, Shard, add_options, annotate_stream, parse_shard, run_options


def make_context():
    return "ctx"


def label_batch(context, batch):
    # The batch's first unit is in every result: the output shows how the units were batched.
    return [f"{context}:{unit}:{batch[0]}" for unit in batch]


def run(units, **options):
    return [result for _, result in annotate_stream(units, label_batch, make_context, RunOptions(**options),
                                                    count=lambda: len(units))]


def test_every_unit_once_in_input_order_in_batches_of_the_given_size():
    assert run(list(range(7)), batch=3) == [f"ctx:{n}:{n - n % 3}" for n in range(7)]


def test_worker_processes_give_the_same_results_in_input_order():
    units = list(range(40))
    assert run(units, batch=3, jobs=2) == run(units, batch=3)


@pytest.mark.parametrize("count", [1, 2, 3, 5, 20])
@pytest.mark.parametrize("units", [0, 1, 7, 12])
def test_shards_concatenated_are_the_whole_output(units, count):
    whole = run(list(range(units)), batch=3)
    parts = [run(list(range(units)), batch=3, shard=Shard(index, count)) for index in range(1, count + 1)]
    assert [result for part in parts for result in part] == whole


def test_shard_ranges_are_consecutive_and_cover_every_batch():
    for total in range(0, 30):
        for count in range(1, 7):
            ranges = [Shard(index, count).batches(total) for index in range(1, count + 1)]
            assert [n for r in ranges for n in r] == list(range(total))


@pytest.mark.parametrize("text", ["0/2", "3/2", "1", "1/0", "a/b", "-1/2", "1/2/3"])
def test_bad_shard_is_refused(text):
    with pytest.raises(argparse.ArgumentTypeError, match="expected I/N"):
        parse_shard(text)


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_only_on_a_terminal_and_not_quiet():
    parser = argparse.ArgumentParser()
    add_options(parser)
    assert run_options(parser.parse_args([]), Terminal()).progress
    assert not run_options(parser.parse_args(["--quiet"]), Terminal()).progress
    assert not run_options(parser.parse_args([]), io.StringIO()).progress
    stream = Terminal()
    units = list(range(5))
    list(annotate_stream(units, label_batch, make_context, RunOptions(progress=True, batch=2),
                         count=lambda: len(units), stderr=stream, prog="tool"))
    assert stream.getvalue().startswith("\rtool: 5/5 sentences (100 %)") and stream.getvalue().endswith("\n")
