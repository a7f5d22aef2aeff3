"""jp_conlleval's reading of conlleval's input: Perl field splitting, tags and chunk rules,
counting, the report's bytes (the spec's own examples; whole runs are the vectors)."""
from __future__ import annotations

import pytest

from jp_conlleval.pattern_errors import PerlPatternError
from jp_conlleval.fields import compile_splitter
from jp_conlleval.legacy import run_legacy
from jp_conlleval.merged import score_merged
from jp_conlleval.reader import InputError, Options
from jp_conlleval.scoring import BOUNDARY, ChunkCounter, Statistics, count_lines, listed_types, sentence_statistics
from jp_conlleval.tags import chunk_ends, chunk_starts, split_tag, to_iob2
from jp_conlleval.writer import report


@pytest.mark.parametrize("delimiter, line, fields", [
    (b" ", b"Mara B-PER B-PER", [b"Mara", b"B-PER", b"B-PER"]),
    (b" ", b" Mara  O O  ", [b"", b"Mara", b"", b"O", b"O"]),   # leading/double spaces, trailing dropped
    (b" ", b"   ", []),                                         # only delimiters: zero fields
    (b" ", b"Mara\tO O", [b"Mara\tO", b"O"]),                   # TAB is an ordinary byte
    (b"", b"aBB", [b"a", b"B", b"B"]),                           # empty pattern: every byte
    (b"|", b"aBB", [b"a", b"B", b"B"]),                          # alternation of two empties
    (b".", b"Mara O O", []),                                     # every field empty and trailing
    (b"^", b"Mara O O", [b"Mara O O"]),
    (b"( )", b"Mara B-PER B-PER", [b"Mara", b" ", b"B-PER", b" ", b"B-PER"]),
    (rb"\s+", b"Mara O O\r", [b"Mara", b"O", b"O"]),
    (rb"\s+", b" Mara O", [b"", b"Mara", b"O"]),
    (rb"\s+", b"a\xc2\xa0b O", [b"a\xc2\xa0b", b"O"]),          # \s is ASCII only
    (rb"\t", b"New York\tB-LOC\tB-LOC", [b"New York", b"B-LOC", b"B-LOC"]),
    (rb"\++", b"a++b+c", [b"a", b"b", b"c"]),
    (b"(?i)x", b"aXbxc", [b"a", b"b", b"c"]),
    (b"-l", b"a-lb", [b"a", b"b"]),
])
def test_perl_split(delimiter: bytes, line: bytes, fields: list) -> None:
    assert compile_splitter(delimiter)(line) == fields


@pytest.mark.parametrize("delimiter, message", [
    (b"(", "Unmatched ( in regex; marked by <-- HERE in m/( <-- HERE /"),
    (b"[", "Unmatched [ in regex; marked by <-- HERE in m/[ <-- HERE /"),
    (b"*", "Quantifier follows nothing in regex; marked by <-- HERE in m/* <-- HERE /"),
])
def test_invalid_pattern_messages(delimiter: bytes, message: str) -> None:
    with pytest.raises(PerlPatternError) as raised:
        compile_splitter(delimiter)
    assert str(raised.value) == message


def test_invalid_pattern_fails_only_on_input() -> None:
    assert run_legacy(["-d", "("], b"").status == 0
    failed = run_legacy(["-d", "("], b"\n")
    assert failed.status == 255 and failed.stdout == b""
    assert failed.stderr.endswith(b"at conlleval.pl line 84, <STDIN> line 1.\n")


@pytest.mark.parametrize("tag, parsed", [
    (b"B-PER", (b"B", b"PER")), (b"I-creative-work", (b"I", b"creative-work")), (b"O", (b"O", b"")),
    (b"PER", (b"PER", b"")), (b"B-", (b"B", b"")), (b"-PER", (b"", b"PER")), (b"B-0", (b"B", b"")),
    (b"B-00", (b"B", b"00")), (b"B-PER\r", (b"B", b"PER\r")),
])
def test_split_tag(tag: bytes, parsed: tuple) -> None:
    assert split_tag(tag) == parsed


def _chunks(tags):
    """(start, end) token spans conlleval reads in one column."""
    spans, previous, start = [], (b"O", b""), None
    for index, tag in enumerate([*tags, b"O"]):
        current = split_tag(tag)
        if start is not None and chunk_ends(previous, current):
            spans.append((start, index - 1))
            start = None
        if index < len(tags) and chunk_starts(previous, current):
            start = index
        previous = current
    return spans


@pytest.mark.parametrize("tags, spans", [
    ([b"B-PER", b"I-PER", b"O", b"B-LOC"], [(0, 1), (3, 3)]),           # IOB2
    ([b"I-PER", b"I-PER", b"B-PER", b"O"], [(0, 1), (2, 2)]),           # IOB1
    ([b"B-PER", b"I-LOC"], [(0, 0), (1, 1)]),                          # type change
    ([b"B-PER", b"E-PER", b"B-PER", b"E-PER"], [(0, 3)]),              # IOBES E->B merges
    ([b"S-PER", b"S-PER"], [(0, 1)]),                                  # S S merges
    ([b"U-LOC", b"U-LOC", b"O"], [(0, 1)]),                            # BILOU U U merges
    ([b"I-X", b"E-X", b"I-X", b"E-X"], [(0, 1), (2, 3)]),              # IOE
    ([b"[-X", b"I-X", b"]-X"], [(0, 0), (2, 2)]),                      # brackets
    ([b"PER", b"PER", b"O"], []),                                      # bare tags: no chunk
])
def test_chunk_rules(tags: list, spans: list) -> None:
    assert _chunks(tags) == spans


def test_strict_scheme_splits_what_conlleval_merges() -> None:
    assert _chunks(to_iob2([b"B-PER", b"E-PER", b"B-PER", b"E-PER"], "IOBES")) == [(0, 1), (2, 3)]
    assert _chunks(to_iob2([b"S-PER", b"S-PER"], "IOBES")) == [(0, 0), (1, 1)]
    assert _chunks(to_iob2([b"U-LOC", b"B-LOC", b"L-LOC"], "BILOU")) == [(0, 0), (1, 2)]
    assert _chunks(to_iob2([b"I-X", b"E-X", b"I-X"], "IOE")) == [(0, 1), (2, 2)]
    with pytest.raises(ValueError):
        to_iob2([b"O"], "IOB3")


def _lines(text: bytes):
    return [BOUNDARY if not line else tuple(line.split()[-2:]) for line in text.split(b"\n")]


def test_counting_and_report() -> None:
    lines = _lines(b"a B-PER B-PER\nb I-PER I-PER\nc O B-LOC\n\nd B-ORG B-ORG\ne O O")
    stats = count_lines(lines)
    assert (stats.tokens, stats.correct_tags, stats.found_gold, stats.found_guess, stats.correct_chunks) == (
        5, 4, 2, 3, 2)
    assert report(stats) == (
        b"processed 5 tokens with 2 phrases; found: 3 phrases; correct: 2.\n"
        b"accuracy:  80.00%; precision:  66.67%; recall: 100.00%; FB1:  80.00\n"
        b"              LOC: precision:   0.00%; recall:   0.00%; FB1:   0.00  1\n"
        b"              ORG: precision: 100.00%; recall: 100.00%; FB1: 100.00  1\n"
        b"              PER: precision: 100.00%; recall: 100.00%; FB1: 100.00  1\n")


def test_sentence_statistics_add_up_to_the_whole() -> None:
    text = b"a B-PER B-PER\nb .-LOC .-LOC\n\nc B-PER B-PER\nd I-PER O\n\ne B-X I-X\nf O O"
    sentences, current = [], []
    for line in _lines(text):
        current.append(line)
        if line is BOUNDARY:
            sentences.append(current)
            current = []
    sentences.append(current)
    total = Statistics()
    for stats in sentence_statistics(sentences):
        total.add(stats)
    assert total == count_lines(_lines(text))


def test_rounding_ties_to_even() -> None:
    stats = Statistics(tokens=32, correct_tags=1, found_gold=32, found_guess=32, correct_chunks=3)
    assert b"accuracy:   3.12%; precision:   9.38%; recall:   9.38%" in report(stats)


def test_empty_type_listed_twice_when_in_both_columns() -> None:
    counter = ChunkCounter()
    stats = counter.finish(counter.count([(b"B", b"B"), (b"B-PER", b"B-PER")], Statistics()))
    assert listed_types(stats) == [b"", b"", b"PER"]
    assert report(stats).count(b"                 : precision") == 2


def test_latex_without_chunks() -> None:
    assert report(Statistics(), latex=True) == (
        b"        & Precision &  Recall  & F$_{\\beta=1} \\\\\\hline\\hline\n"
        b"Overall &    0.00\\% &   0.00\\% &   0.00 \\\\\\hline\n")


def test_jp_merged_reads_crlf_as_lf_and_locates_errors() -> None:
    lf = b"a B-PER B-PER\nb O O\n\nc B-LOC O\n"
    crlf = lf.replace(b"\n", b"\r\n")
    assert run_legacy([], crlf).status == 1
    result = score_merged(crlf, Options())
    assert result.report() == score_merged(lf, Options()).report() == run_legacy([], lf).stdout
    assert result.cr_lines == 4 and result.notes()
    with pytest.raises(InputError) as raised:
        score_merged(b"a O O\nb O O O\n", Options())
    assert raised.value.line == 2 and raised.value.legacy_status == 1


# --- the batched counter and chunk reader against the spec's line-at-a-time rules ----------

def _reference_count(lines) -> Statistics:
    """Spec §4.2, one line at a time, no shortcuts."""
    stats = Statistics()
    previous_gold = previous_guess = (b"O", b"")
    pending = False
    for line in lines:
        gold, guess = (split_tag(b"O"), split_tag(b"O")) if line is None else map(split_tag, line)
        gold_ends, guess_ends = chunk_ends(previous_gold, gold), chunk_ends(previous_guess, guess)
        gold_starts, guess_starts = chunk_starts(previous_gold, gold), chunk_starts(previous_guess, guess)
        if pending:
            if gold_ends and guess_ends and previous_gold[1] == previous_guess[1]:
                pending = False
                stats.correct_chunks += 1
                stats.correct_by_type[previous_gold[1]] = stats.correct_by_type.get(previous_gold[1], 0) + 1
            elif gold_ends != guess_ends or gold[1] != guess[1]:
                pending = False
        if gold_starts and guess_starts and gold[1] == guess[1]:
            pending = True
        if gold_starts:
            stats.found_gold += 1
            stats.gold_by_type[gold[1]] = stats.gold_by_type.get(gold[1], 0) + 1
        if guess_starts:
            stats.found_guess += 1
            stats.guess_by_type[guess[1]] = stats.guess_by_type.get(guess[1], 0) + 1
        if line is not None:
            stats.tokens += 1
            stats.correct_tags += gold == guess
        previous_gold, previous_guess = gold, guess
    if pending:
        stats.correct_chunks += 1
        stats.correct_by_type[previous_gold[1]] = stats.correct_by_type.get(previous_gold[1], 0) + 1
    return stats


TAGS = [b"O", b"O", b"O", b"B-PER", b"I-PER", b"B-LOC", b"I-LOC", b"E-PER", b"S-PER", b"U-LOC", b"L-LOC",
        b".-LOC", b"[-PER", b"]-PER", b"O-PER", b"PER", b"B-0", b"B", b"I", b""]


def _random_lines(rng, count: int) -> list:
    lines = []
    while len(lines) < count:
        if rng.random() < 0.1:
            lines.extend([BOUNDARY] * rng.randint(1, 2))
            continue
        pair = (rng.choice(TAGS), rng.choice(TAGS)) if rng.random() < 0.5 else (rng.choice(TAGS),) * 2
        lines.extend([pair] * rng.choice((1, 1, 2, 5)))  # runs of equal lines
    return lines


@pytest.mark.parametrize("seed", range(40))
def test_batched_counter_is_the_line_at_a_time_rule(seed: int) -> None:
    import random

    rng = random.Random(seed)
    lines = _random_lines(rng, rng.randint(1, 300))
    assert count_lines(lines) == _reference_count(lines)
    # fed in pieces, the state carries over
    counter = ChunkCounter()
    stats = Statistics()
    cut = rng.randint(0, len(lines))
    counter.count(lines[:cut], stats)
    counter.count(lines[cut:], stats)
    assert counter.finish(stats) == _reference_count(lines)


@pytest.mark.parametrize("seed", range(40))
def test_chunk_reader_visits_what_matters(seed: int) -> None:
    import random

    from jp_conlleval.tagged import read_chunks

    rng = random.Random(seed)
    sentences = [[rng.choice(TAGS) for _ in range(rng.randint(1, 12))] for _ in range(rng.randint(1, 8))]
    for sentence in sentences:  # runs of repeated tags
        for index in range(1, len(sentence)):
            if rng.random() < 0.4:
                sentence[index] = sentence[index - 1]
    # reference: every line of the sentences, boundaries between them
    expected, previous, start, index, last = [], (b"O", b""), None, 0, 0
    for sentence in sentences:
        for tag in [*sentence, None]:
            current = (b"O", b"") if tag is None else split_tag(tag)
            if start is not None and chunk_ends(previous, current):
                expected.append((start, last))
                start = None
            if tag is not None:
                if chunk_starts(previous, current):
                    if start is not None:
                        expected.append((start, index - 1))
                    start = index
                last = index
                index += 1
            previous = current
    if start is not None:
        expected.append((start, last))
    tags = [tag for sentence in sentences for tag in sentence]
    if seed % 2:  # equal tags that are not one object (as from the Python API)
        tags = [bytes(bytearray(tag)) for tag in tags]
    breaks = [0]
    for sentence in sentences:
        breaks.append(breaks[-1] + len(sentence))
    assert [(chunk.first, chunk.last) for chunk in read_chunks(tags, breaks)] == expected


def test_jp_merged_scheme_reads_both_columns_strictly() -> None:
    merged = b"a B-PER B-PER\nb E-PER E-PER\nc B-PER B-PER\nd E-PER O\n\ne S-LOC S-LOC\nf S-LOC S-LOC\n"
    loose, strict = score_merged(merged, Options()), score_merged(merged, Options(), "IOBES")
    assert (loose.statistics.found_gold, loose.statistics.correct_chunks) == (2, 1)
    assert (strict.statistics.found_gold, strict.statistics.correct_chunks) == (4, 3)
    assert strict.statistics.tokens == loose.statistics.tokens == 6
    assert any("--scheme IOBES" in note for note in strict.notes())


@pytest.mark.parametrize("seed", range(40))
def test_two_file_lines_count_as_the_merged_file(seed: int) -> None:
    """JP mode's merged lines leave out the empty line after an ``O O`` line: the same
    statistics as every sentence followed by its empty line."""
    import random

    from jp_conlleval.window import merged_lines as _lines

    rng = random.Random(seed)
    count = rng.randint(1, 60)
    gold = [rng.choice(TAGS) for _ in range(count)]
    guess = [rng.choice(TAGS) if rng.random() < 0.5 else tag for tag in gold]
    breaks = [0, *sorted(rng.sample(range(1, count), rng.randint(0, count - 1))), count]
    merged = [line for a, b in zip(breaks, breaks[1:]) for line in [*zip(gold[a:b], guess[a:b]), BOUNDARY]]
    assert count_lines(_lines(gold, guess, breaks)) == _reference_count(merged)
