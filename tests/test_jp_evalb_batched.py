"""What jp_evalb does a block or a batch at a time gives what doing it a line at a time gives:
the legacy line splitter (fgets), JP mode's UTF-8 lines and their errors, evalb's line buffer,
the summary counters, and the scoring of the usual pair (clean_pair_score)."""
from __future__ import annotations

import io
import random
from typing import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jp_evalb.lines as lines_module
import jp_evalb.sentences as jp_module
from jp_evalb.params import Params, read_parameter_file
from jp_evalb.brackets import LabelTable
from jp_evalb.lines import LineBuffer, legacy_lines
from jp_evalb.scoring import clean_pair_score, evaluate_pair
from jp_evalb.totals import STATUS_COUNTED_SKIP, STATUS_ERROR, STATUS_OK, STATUS_SKIP, RunTotals, SentenceScore, Totals
from jp_evalb.trees import ReadOptions, read_tree
from jp_shims.signature import content_hash, file_hash

COLLINS = read_parameter_file(Params(), "COLLINS.prm")[0]  # (the shipped preset)


def _fgets_lines(data: bytes, chunk: int) -> Iterator[str]:
    """The splitter as it was, a line at a time (the reference)."""
    for raw in io.BytesIO(data):
        if len(raw) <= chunk:
            yield raw.decode("latin-1")
        else:
            for start in range(0, len(raw), chunk):
                yield raw[start:start + chunk].decode("latin-1")


@settings(deadline=None, max_examples=300)
@given(st.lists(st.tuples(st.integers(0, 40), st.booleans()), max_size=30), st.integers(1, 9), st.integers(3, 50))
def test_legacy_lines_in_blocks_split_like_fgets(lines, block, chunk):
    data = b"".join(b"\xe9(x" * (n // 3) + b"y" * (n % 3) + (b"\n" if newline else b"") for n, newline in lines)
    original = lines_module.LINE_BLOCK
    lines_module.LINE_BLOCK = block
    try:
        assert list(legacy_lines(io.BytesIO(data), chunk)) == list(_fgets_lines(data, chunk))
    finally:
        lines_module.LINE_BLOCK = original


def _utf8_reference(data: bytes, name: str, limit: int):
    """JP mode's line reader as it was (readline, then decode), with the error it stopped on."""
    stream, number, out = io.BytesIO(data), 0, []
    while True:
        raw = stream.readline(limit + 1)
        if not raw:
            return out, None
        number += 1
        if len(raw) > limit:
            return out, f"{name}:{number}: line longer than 10 MiB"
        try:
            out.append((number, raw.decode("utf-8")))
        except UnicodeDecodeError as exc:
            return out, f"{name}:{number}: invalid UTF-8 at byte {exc.start + 1}"


@settings(deadline=None, max_examples=400)
@given(st.lists(st.sampled_from([b"(S (X a))", b"\xc3\xa9", b"\xe9", b"\n", b"\n", b"\xf0\x9f\x98\x80", b"ab"]),
                max_size=25), st.integers(1, 12), st.integers(4, 30))
def test_jp_lines_in_blocks_equal_line_by_line_reading(parts, block, limit):
    data = b"".join(parts)
    expected, error = _utf8_reference(data, "f", limit)
    original = (lines_module.LINE_BLOCK, jp_module.MAX_LINE_BYTES)
    lines_module.LINE_BLOCK, jp_module.MAX_LINE_BYTES = block, limit
    got = []
    try:
        try:
            for item in jp_module.utf8_lines(io.BytesIO(data), "f"):
                got.append(item)
        except jp_module.InputError as exc:
            assert str(exc) == error
        else:
            assert error is None
    finally:
        lines_module.LINE_BLOCK, jp_module.MAX_LINE_BYTES = original
    assert got == expected


class _OneLineAtATime:
    """evalb's line buffer as it was kept, a line at a time (the reference)."""

    def __init__(self, size: int) -> None:
        self.layers: list[str] = []
        self.size = size

    def write(self, line: str) -> None:
        while self.layers and len(self.layers[-1]) <= len(line):
            self.layers.pop()
        self.layers.append(line)

    def text(self) -> str:
        buffer = ["\0"] * self.size
        for layer in self.layers:  # oldest (longest) first, each written over the start
            written = (layer + "\0")[:self.size]
            buffer[:len(written)] = written
        return "".join(buffer)


def test_line_buffer_taken_in_batches_equals_line_by_line():
    rng = random.Random(1)
    for trial in range(200):
        size = rng.choice([5, 20, 100])
        batched, reference = LineBuffer(size), _OneLineAtATime(size)
        for _ in range(rng.randrange(1, 3 * LineBuffer.FOLD_EVERY if trial < 5 else 40)):
            line = "".join(rng.choice("ab(") for _ in range(rng.randrange(0, 30)))
            batched.write(line)
            reference.write(line)
            if rng.random() < 0.1:
                assert batched.text() == reference.text()
        assert batched.text() == reference.text()


class _OneAtATime:
    """evalb's counters as they were kept, a sentence at a time (the reference)."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(("sentences", "errors", "skips", "gold", "test", "match", "complete", "words",
                                     "crossing", "no_crossing", "le2_crossing", "correct_tags"), 0)

    def add(self, score: SentenceScore) -> None:
        c = self.counts
        c["sentences"] += 1
        if score.status == STATUS_ERROR:
            c["errors"] += 1
        elif score.status == STATUS_SKIP:
            c["skips"] += 1
        else:
            c["gold"] += score.gold
            c["test"] += score.test
            c["match"] += score.match
            c["complete"] += score.gold == score.test == score.match
            c["words"] += score.words
            c["crossing"] += score.crossing
            c["no_crossing"] += score.crossing == 0
            c["le2_crossing"] += score.crossing <= 2
            c["correct_tags"] += score.correct_tags

    def same_as(self, totals: Totals) -> bool:
        return all(getattr(totals, name) == value for name, value in self.counts.items())


SCORES = st.builds(
    SentenceScore, st.integers(1, 100), st.integers(0, 60),
    st.sampled_from([STATUS_OK, STATUS_OK, STATUS_ERROR, STATUS_SKIP, STATUS_COUNTED_SKIP]),
    st.integers(0, 4), st.integers(0, 4), st.integers(0, 4), st.integers(0, 3), st.integers(0, 9), st.integers(0, 9))


@settings(deadline=None, max_examples=200)
@given(st.lists(SCORES, max_size=40), st.integers(1, 7))
def test_totals_added_in_batches_equal_one_at_a_time(scores, batch):
    totals = type("SmallBatches", (RunTotals,), {"BATCH": batch, "__slots__": ()})(40)
    one_all, one_short = _OneAtATime(), _OneAtATime()
    for i, score in enumerate(scores):
        totals.add(score)
        one_all.add(score)
        if score.length <= 40:
            one_short.add(score)
        if i % 5 == 0:
            assert one_all.same_as(totals.all)
    assert one_all.same_as(totals.all) and one_short.same_as(totals.short)


LABELS = ["S", "NP", "VP", "TOP", "ADVP", "PRT", "-NONE-"]
TAGS = ["DT", "NN", ",", ".", "-NONE-", "VB"]


@st.composite
def tree_lines(draw, words):
    """A tree over ``words`` (drawn brackets), as one line."""
    tags = [draw(st.sampled_from(TAGS)) for _ in words]
    items = [f"({tag} {word})" for tag, word in zip(tags, words)]
    for _ in range(draw(st.integers(0, 6))):
        if len(items) < 2:
            break
        start = draw(st.integers(0, len(items) - 1))
        end = draw(st.integers(start + 1, len(items)))
        items[start:end] = [f"({draw(st.sampled_from(LABELS))} {' '.join(items[start:end])})"]
    return f"({draw(st.sampled_from(LABELS))} {' '.join(items)})\n"


@settings(deadline=None, max_examples=300)
@given(st.data())
def test_clean_pair_score_is_evaluate_pairs_score(data):
    words = data.draw(st.lists(st.sampled_from(["a", "b", "c", ",", "*T*"]), min_size=0, max_size=8))
    other = words if data.draw(st.booleans()) else data.draw(st.lists(st.sampled_from(["a", "b"]), max_size=8))
    gold_line, test_line = data.draw(tree_lines(words)), data.draw(tree_lines(other))
    table = LabelTable(COLLINS)
    options = ReadOptions.from_params(COLLINS, keys=table)
    gold, test = read_tree(gold_line, options), read_tree(test_line, options)
    clean = clean_pair_score(7, gold, test, COLLINS)
    ev = evaluate_pair(7, gold, test, COLLINS, table, read_error=bool(gold.errors or test.errors))
    if clean is not None:
        assert clean == ev.score and ev.error is None and ev.first is None
    elif gold.spans is not None and test.spans is not None and test.words and gold.words == test.words:
        pytest.fail("a usual pair was left to evaluate_pair")


def test_signature_hash_is_sha256(tmp_path):
    import hashlib

    data = bytes(range(256)) * 1000
    path = tmp_path / "p.prm"
    path.write_bytes(data)
    assert content_hash(data) == file_hash(str(path)) == hashlib.sha256(data).hexdigest()[:12]
