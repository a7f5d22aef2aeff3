"""JP mode: align sentences and words first, then feed evalb's scorer.

Feeding (see docs/jp_evalb.md for the user-facing description):

* Lines are paired as evalb pairs them as long as evalb accepts the pair (same words, possibly
  after its quote repair; a wordless test line is a skip when the lines after it pair up
  again). Such pairs are scored exactly as in legacy mode, so inputs that already line up print
  the original's bytes.
* From a pair evalb rejects, sentences are aligned on their text
  (:func:`jp_align.iter_align_sentences`; the text is the words evalb scores) until the aligner
  holds no sentence it has not placed, then line-by-line pairing resumes.
* A 1:1 block evalb scores is scored as in legacy mode. Any other block is one unit: the trees
  of each side are concatenated, as if combined under a dummy root ``@S`` that is never scored.
  The scored words of the two sides are grouped by :func:`jp_align.align_words`; every bracket
  is re-indexed onto the groups of its first and last word, and evalb's scorer runs unchanged.
"""
from __future__ import annotations

import io

from collections import deque
from typing import TYPE_CHECKING, BinaryIO, Iterator, NamedTuple, Optional, Sequence, TextIO


# (The audit's record classes, the help text, the significance table and the JSON output are
# imported where they are used: a run on inputs that line up needs none of them.)
from jp_shims.audit import EXACT as EXACT_BLOCK
from jp_shims.audit import UNALIGNED, AlignmentAudit, block_kind, format_listing, note_line

from .args import Extra, Options, Usage, parse_evalb_args
from .output import Output
from .params import BadValue, FatalError, Params
from .report import HEADER, debug_dump, matching_trace, sentence_line
from .scoring import (
    STATUS_COUNTED_SKIP,
    STATUS_ERROR,
    STATUS_OK,
    STATUS_SKIP,
    Evaluation,
    LabelTable,
    RunTotals,
    SentenceScore,
    clean_pair_score,
    correct_tags,
    evaluate_pair,
    reader_keys,
    score_brackets,
    survivors,
    tag_view,
)
from .trees import ReadOptions, Tree, all_brackets, leaf_words, nesting_depth, read_tree, whole_line_blocks

if TYPE_CHECKING:
    from jp_align import Block, Normalizer
    from jp_shims.records import BlockRecord

# jp_align (and rapidfuzz under it) is imported on first use: inputs that line up never need
# it, and its import is a tenth of such a run.
EXACT = "exact"  # jp_align.EXACT, the kind of a block or group whose texts are identical

PROG = "jp_evalb"
ORIGINAL = "evalb"
LABELS = ("gold", "test")
PER_LABEL_HELP = ("--per-label", "after the summary, a table per constituent label and POS tag (also in --json)")
INSTALL_SHIM_HELP = ("--install-shim DIR", "write DIR/evalb and the parameter files beside it, for tools calling "
                     "EVALB/evalb by path (--spmrl: DIR/evalb_spmrl; --force: replace files it did not write)")
MAX_LINE_BYTES = 10 * 1024 * 1024
MAX_DEPTH = 1000
DUMMY_ROOT = "@S"
LOOKAHEAD = 64  # test lines examined after a wordless one


def jp_help(variant) -> str:
    """The help text's JP part (after evalb's or evalb_spmrl's usage text)."""
    from jp_shims.cli import help_section
    from jp_shims.significance_cli import help_entries

    shim = [] if variant.status_file else [INSTALL_SHIM_HELP]  # (jp_evalb_spmrl has no --install-shim)
    entries = ["--legacy", "--json", "--show-alignment", "--report FILE.html", "--lang LANG", PER_LABEL_HELP,
               *shim, "--version", *help_entries()]
    return help_section(entries, variant.original)


def _significance_json(comparison) -> dict:
    from jp_shims.significance_cli import as_json

    return as_json(comparison)


class InputError(Exception):
    """A JP-mode input problem: ``jp_evalb: error: FILE:LINE: message``, exit 2."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


class Sentence(NamedTuple):
    """One tree of a JP-mode input, with its line number (1-based).

    ``text`` is what sentence alignment compares: the words evalb scores. The parameter
    file's DELETE_LABEL words (traces, and punctuation under COLLINS.prm) take no part, so any
    pair of lines whose kept words agree -- which evalb scores -- is aligned 1:1. An unreadable
    tree is aligned on all its leaves, so that the rest of the file stays in step.
    """

    number: int
    tree: Tree
    problem: Optional[str]  # why the tree is unreadable, or None
    text: list[str]
    file: str = ""

    @property
    def where(self) -> str:
        """FILE:LINE, for messages."""
        return f"{self.file}:{self.number}"


def read_sentences(stream: BinaryIO, name: str, options: ReadOptions) -> Iterator[Sentence]:
    """Stream the trees of one file; raises :class:`InputError` for input that cannot be
    processed at all (invalid UTF-8, a line over 10 MiB (10,485,760 bytes), a tree deeper than 1,000 levels)."""
    new_sentence = tuple.__new__  # (Sentence's own __new__, without its Python-level call)
    for number, line in _utf8_lines(stream, name):
        tree = read_tree(line, options)
        # (A tree that deep has more than 2 * MAX_DEPTH characters and MAX_DEPTH "(".)
        if len(line) > 2 * MAX_DEPTH and line.count("(") > MAX_DEPTH and nesting_depth(line) > MAX_DEPTH:
            raise InputError(f"{name}:{number}", f"tree deeper than {MAX_DEPTH} levels")
        if tree.spans is not None:  # read by the fast reader: well formed
            yield new_sentence(Sentence, (number, tree, None, tree.words, name))
            continue
        problem = None
        if tree.endless:
            problem = "a word outside a (POS word) bracket"
            if tree.errors:
                problem = f"{tree.errors[0][1].strip()}: {problem}"
        elif tree.errors:
            problem = tree.errors[0][1].strip()
            if tree.underflow:
                problem = "a \")\" closes no open bracket"
        elif tree.underflow:
            problem = "a \")\" closes no open bracket"
        text = leaf_words(line, options.delete) if problem else tree.words
        yield Sentence(number, tree, problem, text, name)


def _utf8_lines(stream: BinaryIO, name: str) -> Iterator[tuple[int, str]]:
    """The numbered lines of a file, decoded from UTF-8 a block of whole lines at a time; a
    line over 10 MiB or with invalid UTF-8 raises :class:`InputError` where reading it line by
    line would."""
    number = 0
    for block in whole_line_blocks(stream, longest=MAX_LINE_BYTES):
        text = None
        if len(block) <= MAX_LINE_BYTES and block.endswith(b"\n"):  # (no line in it too long)
            try:
                text = block.decode("utf-8")
            except UnicodeDecodeError:
                pass
        if text is not None:
            lines = text.split("\n")
            lines.pop()  # ("" after the last newline)
            for line in lines:
                number += 1
                yield number, line + "\n"
            continue
        # Line by line, to name the line at fault (or the file's last line, without newline).
        raws = block.split(b"\n")
        last = raws.pop()
        for raw in raws:
            number += 1
            yield number, _decoded_line(raw + b"\n", f"{name}:{number}")
        if last:
            number += 1
            yield number, _decoded_line(last, f"{name}:{number}")


def _decoded_line(raw: bytes, where: str) -> str:
    if len(raw) > MAX_LINE_BYTES:
        raise InputError(where, "line longer than 10 MiB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(where, f"invalid UTF-8 at byte {exc.start + 1}") from None


class BlockResult(NamedTuple):
    score: SentenceScore
    groups: list[Block]
    note: Optional[str] = None  # stderr message for status-1 blocks


def _ids(sentences: list[Sentence]) -> str:
    if not sentences:
        return "-"
    first, last = sentences[0].number, sentences[-1].number
    return str(first) if first == last else f"{first}-{last}"


def score_block(
    block: Block,
    golds: list[Sentence],
    tests: list[Sentence],
    line_id: int,
    params: Params,
    table: LabelTable,
    normalizer,
    options: ReadOptions,
    count_skipped: bool = False,
    tally=None,
) -> BlockResult:
    """Score one aligned block as one evalb sentence (the aligned feeding).

    ``count_skipped`` (evalb_spmrl ``-X``): a block without test words is a valid status-3
    sentence whose gold brackets all count as missed; ``tally``: a per-label breakdown
    (:class:`jp_evalb.per_label.PerLabel`) to add the block to."""
    length = sum(s.tree.length for s in golds)
    bad = [s for s in golds + tests if s.problem]
    if bad:
        note = f"Unreadable tree at {bad[0].where}: {bad[0].problem}\n"
        return BlockResult(SentenceScore(line_id, length, STATUS_ERROR), [], note)
    if tests and golds and not any(s.tree.words for s in tests):
        # Test lines without words (failed parses) facing gold lines: evalb's skip, whatever
        # the aligner made of the empty text.
        return BlockResult(SentenceScore(line_id, length, STATUS_SKIP), [])
    if not block.aligned:
        note = f"Unaligned block (gold {_ids(golds)} | test {_ids(tests)}): {block.reason}\n"
        return BlockResult(SentenceScore(line_id, length, STATUS_ERROR), [], note)
    gold_words, gold_tags, gold_spans, gold_owner = _combine(golds, table, options)
    test_words, test_tags, test_spans, _ = _combine(tests, table, options)
    if not test_words:
        if count_skipped:
            score = SentenceScore(line_id, length, STATUS_COUNTED_SKIP, 0, len(gold_spans), 0, 0, len(gold_words), 0)
            if tally is not None:
                tally.add(score, [s[:3] for s in gold_spans], [], gold_tags, [])
            return BlockResult(score, [])
        return BlockResult(SentenceScore(line_id, length, STATUS_SKIP), [])
    from jp_align import align_words

    groups = align_words(gold_words, test_words, normalizer=normalizer)
    gold_group = _group_of(groups, len(gold_words), "left")
    test_group = _group_of(groups, len(test_words), "right")
    # A test tree covering words of several gold sentences: its root is the line wrapper the
    # system put around them, the counterpart of the gold side's dummy root @S.
    wrappers = _wrapper_roots(test_spans, test_group, groups, gold_owner) if len(golds) > 1 else set()
    gold_group_spans = _reindex(gold_spans, gold_group, set())
    test_group_spans = _reindex(test_spans, test_group, wrappers)
    brackets = score_brackets(gold_group_spans, test_group_spans, params)
    # Tags are compared position by position inside word groups of equal size, by the scorer
    # legacy mode uses; words of groups of unequal size have no correct tag.
    paired = [g for g in groups if len(g.left) == len(g.right)]
    correct = correct_tags([gold_tags[i] for g in paired for i in g.left],
                           [test_tags[j] for g in paired for j in g.right], params)
    score = SentenceScore(
        line_id, length, STATUS_OK, brackets.match, brackets.gold, brackets.test,
        brackets.crossing, len(gold_words), correct,
    )
    if tally is not None:
        tally.add(score, gold_group_spans, test_group_spans, [gold_tags[i] for g in paired for i in g.left],
                  [test_tags[j] for g in paired for j in g.right], unpaired=[gold_tags[i] for g in groups
                                                                           if len(g.left) != len(g.right)
                                                                           for i in g.left])
    return BlockResult(score, groups)


def _combine(sentences: list[Sentence], table: LabelTable, options: ReadOptions):
    """Concatenate the block's trees of one side (under the unscored @S).

    Returns words, tags, the surviving brackets ``(start, end, label, is_root)`` in word
    positions (``is_root``: the outermost scored bracket, covering its whole tree), and the
    sentence (within the block) each word comes from. Brackets labelled ``@S`` are dummy roots
    already and are not scored.
    """
    words: list[str] = []
    tags: list[str] = []
    spans: list[tuple] = []
    owner: list[int] = []
    for k, sentence in enumerate(sentences):
        tree = sentence.tree
        offset, size = len(words), len(tree.words)
        words.extend(tree.words)
        tags.extend(tree.tags)
        owner.extend([k] * size)
        root_seen = False
        brackets = all_brackets(tree, options)
        for start, end, label in survivors([b for b in brackets if b[2] != DUMMY_ROOT], table):
            is_root = not root_seen and start == 0 and end == size
            root_seen = root_seen or is_root
            spans.append((start + offset, end + offset, label, is_root))
    return words, tags, spans, owner


def _group_of(groups: list[Block], n: int, side: str) -> list[int]:
    index = [0] * n
    for number, group in enumerate(groups):
        for i in getattr(group, side):
            index[i] = number
    return index


def _wrapper_roots(test_spans, test_group, groups, gold_owner) -> set:
    """Test roots covering words of two or more gold sentences of the block."""
    wrappers = set()
    for k, (start, end, _, is_root) in enumerate(test_spans):
        if is_root:
            owners = {gold_owner[i] for g in range(test_group[start], test_group[end - 1] + 1)
                      for i in groups[g].left}
            if len(owners) > 1:
                wrappers.add(k)
    return wrappers


def _reindex(spans: list[tuple], group: list[int], skip: set) -> list[tuple[int, int, str]]:
    """Word spans onto group positions: a bracket spans the groups of its first and last word."""
    return [
        (group[start], group[end - 1] + 1, label)
        for k, (start, end, label, _) in enumerate(spans)
        if k not in skip
    ]


def run_jp(args: list[str], extra: Extra, stdout: TextIO, stderr: TextIO) -> int:
    encoding = "utf-8"
    out, err = Output(stdout, encoding), Output(stderr, encoding)
    try:
        try:
            return _jp(args, extra, out, err, encoding)
        except (InputError, BadValue) as exc:
            err.write(f"{extra.variant.prog}: error: {exc.where}: {exc.message}\n")
            return 2
        finally:
            out.flush()
            err.flush()
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, without a traceback.
        from jp_shims.brokenpipe import silence_stdout

        return silence_stdout(stdout)


def _open(name: Optional[str], what: str) -> BinaryIO:
    if name is None:
        raise InputError(f"<{what} file>", f"missing {what} file argument")
    try:
        return open(name, "rb")
    except OSError as exc:
        raise InputError(name, f"cannot open {what} file ({exc.strerror})") from None


def _jp(args: list[str], extra: Extra, out: Output, err: Output, encoding: str) -> int:
    # evalb's warnings while reading the options are printed once they have been read: a
    # bad value ends the run with its one-line error alone.
    warnings: list[str] = []
    try:
        options = parse_evalb_args(args, warnings.append, encoding, strict=True, variant=extra.variant)
    except Usage as usage:
        variant = extra.variant
        err.write("".join(warnings) + variant.usage + jp_help(variant))
        return usage.status
    except FatalError as fatal:
        name = fatal.message.split("(", 1)[-1].rsplit(")", 1)[0]
        raise InputError(name, "cannot open parameter file") from None
    err.write("".join(warnings))
    significance = extra.significance
    if significance is not None and significance.requested:
        # Every system is scored (and its input checked) before the report starts.
        from .significance import compare_systems

        extra.comparison = compare_systems(options.gold, [options.test, *significance.compare],
                                           options.params, significance, extra.lang)
    gold_stream = _open(options.gold, "gold")
    try:
        test_stream = _open(options.test, "test")
    except InputError:
        gold_stream.close()
        raise
    with gold_stream, test_stream:
        _refuse_one_empty(gold_stream, test_stream, options.gold, options.test)
        return _jp_loop(gold_stream, test_stream, options, extra, out, err)


def _refuse_one_empty(gold_stream: io.BufferedReader, test_stream: io.BufferedReader, gold_name: str,
                      test_name: str) -> None:
    """One empty file against one with trees is a failed run upstream, not a score of zero.
    (Two empty files keep evalb's report.)"""
    gold_empty, test_empty = not gold_stream.peek(1), not test_stream.peek(1)
    if gold_empty != test_empty:
        empty, other = (gold_name, test_name) if gold_empty else (test_name, gold_name)
        raise InputError(f"{empty}:1", f"the file is empty, while {other} is not")


def _jp_loop(gold_stream, test_stream, options: Options, extra: Extra, out: Output, err: Output,
             recorded: Optional[list] = None) -> int:
    gold_name, test_name = options.gold, options.test
    run = _Run(options, extra, out, err)
    run.recorded = recorded
    read_options = run.read_options
    gold_sentences = read_sentences(gold_stream, gold_name, read_options)
    limit = options.flags.limit
    if limit != -1:
        # evalb_spmrl -K n: the first n gold lines (at least one); the test lines left over
        # are not reported, as the original does not check them.
        from itertools import islice

        gold_sentences = islice(gold_sentences, max(limit, 1))
    golds = _Lookahead(gold_sentences)
    tests = _Lookahead(read_sentences(test_stream, test_name, read_options))
    # Blocks with sentences on one side only are held back: followed by a two-sided block they
    # are unaligned sentences in the middle (status 1); at the end of the input they are the
    # surplus lines of the longer file, which evalb reports and leaves out, and so do we.
    pending: list[tuple] = []
    params, clean_lane = options.params, run.clean_lane
    while True:
        gold, test = golds.peek(0), tests.peek(0)
        if gold is None and test is None:
            break
        if clean_lane and gold is not None and test is not None and gold.problem is None and test.problem is None:
            score = clean_pair_score(gold.number, gold.tree, test.tree, params)
            if score is not None:  # the usual pair, which evalb accepts as it stands
                _take_pair(run, pending, golds, tests)
                run.clean_pair(gold, test, score)
                continue
        ev = None if gold is None or test is None else run.accepted(gold, test, golds, tests)
        if ev is None and gold is not None and test is not None:
            block = run.in_step_pair(gold, test, golds, tests)
            if block is not None:
                # The lines around a rejected pair pair up in step: it is a 1:1 block where
                # it stands, as evalb pairs it (not one the aligner might shift past).
                _take_pair(run, pending, golds, tests)
                run.block(block, [gold], [test])
                continue
        if ev is not None:
            _take_pair(run, pending, golds, tests)
            run.pair(gold, test, ev)
            continue
        region = _aligned_region(golds, tests, run.normalizer)
        for block, gold_items, test_items in region:
            if _never_resynchronizes(block) and _unplaced_known(golds, block.left) \
                    and _unplaced_known(tests, block.right):
                region.close()
                _score_held(run, pending)
                run.give_up(block, _rest(golds, gold_items, block.left), _rest(tests, test_items, block.right))
                break
            if not gold_items or not test_items:
                pending.append((block, gold_items, test_items))
                continue
            _score_held(run, pending)
            run.block(block, gold_items, test_items)
    if pending and limit != -1 and not pending[0][1]:
        pending = []  # -K: test lines after the last gold line read are not looked at
    if pending:
        _, gold_items, test_items = pending[0]
        which = "gold" if gold_items else "test"
        line_id = gold_items[0].number if gold_items else run.next_gold
        err.write(f"{line_id} : Number of lines unmatch (too many lines in {which} file)\n")
        for block, gold_items, test_items in pending:
            run.left_out(block, gold_items, test_items)
    return run.finish()


def _score_held(run: "_Run", pending: list) -> None:
    """The blocks held back (sentences on one side only), scored now that something two-sided
    follows them: they are unaligned sentences in the middle."""
    for held in pending:
        run.block(*held)
    pending.clear()


def _take_pair(run: "_Run", pending: list, golds: "_Lookahead", tests: "_Lookahead") -> None:
    """Before a pair is scored where it stands: the blocks held back first, then the pair
    leaves both streams."""
    _score_held(run, pending)
    golds.take()
    tests.take()


def _never_resynchronizes(block: Block) -> bool:
    from jp_align.sentences import NO_RESYNC_REASON

    return not block.aligned and block.reason.startswith(NO_RESYNC_REASON)


def _unplaced_known(side: "_Lookahead", placed: range) -> bool:
    """Whether the sentences the aligner has taken and not placed yet (after ``placed``) are
    all among those ``side`` remembers."""
    return side.lent - placed.stop <= len(side.recent)


def _rest(side: "_Lookahead", block_items: list[Sentence], placed: range) -> Iterator[Sentence]:
    """The block's sentences, those the aligner had taken beyond it, then the rest of the file."""
    yield from block_items
    unplaced = side.lent - placed.stop
    if unplaced:
        yield from list(side.recent)[-unplaced:]
    while side.peek(0) is not None:
        yield side.take()


class _Lookahead:
    """A stream of sentences that the line-by-line pairing can peek into and that can be lent
    to the aligner (``lend``), which then takes sentences one at a time."""

    # Sentences lent to the aligner that are remembered (its window holds fewer: its
    # look-ahead is 64 sentences, plus the few the check after a similar block reads).
    RECENT = 256

    def __init__(self, items: Iterator[Sentence]) -> None:
        self._items = items
        self._buffer: deque = deque()
        self.lent = 0  # sentences the aligner has taken since the last lend()
        self.recent: deque = deque(maxlen=self.RECENT)  # the last sentences lent

    def peek(self, k: int) -> Optional[Sentence]:
        buffer = self._buffer
        if k < len(buffer):
            return buffer[k]
        while len(buffer) <= k:
            item = next(self._items, None)
            if item is None:
                return None
            buffer.append(item)
        return buffer[k]

    def take(self) -> Sentence:
        return self._buffer.popleft()

    def lend(self) -> Iterator[Sentence]:
        self.lent = 0
        return self._lent()

    def _lent(self) -> Iterator[Sentence]:
        while self.peek(0) is not None:
            self.lent += 1
            item = self._buffer.popleft()
            self.recent.append(item)
            yield item


def _aligned_region(golds: _Lookahead, tests: _Lookahead, normalizer) -> Iterator[tuple]:
    """Blocks of jp_align from where line-by-line pairing failed, until the aligner holds no
    sentence it has not placed in a block: then pairing line by line resumes (restarting the
    aligner there later gives the same blocks, since it keeps no other state)."""
    from jp_align import iter_align_sentences

    aligner = iter_align_sentences(golds.lend(), tests.lend(), tokens=_text, normalizer=normalizer)
    for block, gold_items, test_items in aligner:
        yield block, gold_items, test_items
        if golds.lent == block.left.stop and tests.lent == block.right.stop:
            aligner.close()
            return


def _text(sentence: Sentence) -> list[str]:
    return sentence.text


class _Run:
    """Per-run state of JP mode: totals, output sinks, the alignment log."""

    def __init__(self, options: Options, extra: Extra, out: Output, err: Output) -> None:
        params = options.params
        self.options, self.params, self.extra, self.out, self.err = options, params, extra, out, err
        self._normalizer: Optional[Normalizer] = None
        self.table = LabelTable(params)
        self.read_options = ReadOptions.from_params(params, trace=params.debug > 1,
                                                    keys=reader_keys(params, self.table))
        self.totals = RunTotals(params.cutoff_len)
        self.flags = options.flags
        self.skipped_gold = None
        if options.flags.count_skipped:
            from .spmrl import scored_gold_counter

            self.skipped_gold = scored_gold_counter(self.table, self.read_options)
        self.tally = None
        if extra.per_label:
            from .per_label import PerLabel

            self.tally = PerLabel(params)
        self.tags = (lambda t: tag_view(t, params)) if params.variant.cut_tags else None
        # Pairs scored without an evaluation (clean_pair) when nothing else is written for them.
        self.clean_lane = params.debug == 0 and self.tally is None
        self.clean_pairs = 0  # (exact blocks, counted in the audit by finish())
        self.sink = None
        self.json_buffer = None
        if extra.json:
            import tempfile

            from .jsonout import JsonSink

            # The document is written as it goes into a buffer (in memory up to 4 MiB, then on
            # disk) and copied to stdout once complete: a run stopped by bad input prints its
            # one-line error and no partial document.
            self.json_buffer = tempfile.SpooledTemporaryFile(max_size=1 << 22, mode="w+", encoding="utf-8")
            self.sink = JsonSink(self.json_buffer, "jp", options, extra.lang)
        # Every block is counted; records (of blocks JP mode changed) are kept only for the
        # listing, the JSON blocks and the report.
        self.audit = AlignmentAudit(options.gold, options.test,
                                    keep=extra.show_alignment or extra.report is not None)
        self.next_gold = 1
        # Every scored line or block as (first, stop gold line, SentenceScore), for the
        # significance tests (jp_evalb.significance), when a list.
        self.recorded: Optional[list] = None
        self.rejected: Optional[tuple[Sentence, Sentence]] = None  # the last pair evalb rejected
        if self.sink is None:
            out.write(HEADER)

    @property
    def signature(self) -> str:
        """The run's signature (for the note and the report; the JSON document has its own)."""
        from .signature import run_signature

        return run_signature(self.options, "jp", self.extra.lang)

    @property
    def normalizer(self) -> Normalizer:
        """The exception table of the alignment (EQ_WORD pairs added), built on first use."""
        if self._normalizer is None:
            from jp_align import normalizer_for

            normalizer = normalizer_for(self.extra.lang, casefold=True)
            if self.params.eq_words:
                normalizer = normalizer.extended(token_map={b: a for a, b in self.params.eq_words})
            self._normalizer = normalizer
        return self._normalizer

    def _evaluate(self, gold: Sentence, test: Sentence) -> Optional[Evaluation]:
        """evalb's own result for a pair of lines, unless evalb rejects it (status 1)."""
        if gold.problem or test.problem:
            return None
        # (evalb_spmrl's length-mismatch rule is not applied: such a pair is aligned.)
        ev = evaluate_pair(gold.number, gold.tree, test.tree, self.params, self.table,
                           read_error=False, debug=self.params.debug, skipped_gold=self.skipped_gold)
        return None if ev.score.status == STATUS_ERROR else ev

    def accepted(self, gold: Sentence, test: Sentence, golds: _Lookahead,
                 tests: _Lookahead) -> Optional[Evaluation]:
        """The next two lines (``gold``, ``test``: the first of ``golds``, ``tests``) as evalb
        pairs them, when evalb accepts the pair as it stands.

        A test line without words (a failed parse, a blank line) is evalb's skip (status 2),
        unless the gold line's words come on the next test line with words and that line does
        not pair with its own gold line: then the wordless line is an extra one (e.g. a blank
        line a parser printed between trees) and is left to the aligner. (When the two pair
        in step too -- the same sentence several times -- evalb's skip keeps continuity.)
        """
        ev = self._evaluate(gold, test)
        if ev is None:
            self.rejected = (gold, test)  # the aligner's block for it need not ask evalb again
            return None
        if ev.score.status not in (STATUS_SKIP, STATUS_COUNTED_SKIP) or not gold.tree.words:
            return ev
        for k in range(1, LOOKAHEAD + 1):
            test_next = tests.peek(k)
            if test_next is None:
                return ev
            if test_next.tree.words or test_next.problem:
                later = self._evaluate(gold, test_next)
                if later is None or later.score.status != STATUS_OK:
                    return ev
                gold_next = golds.peek(k)
                in_step = None if gold_next is None else self._evaluate(gold_next, test_next)
                return ev if in_step is not None and in_step.score.status == STATUS_OK else None
        return ev

    def in_step_pair(self, gold: Sentence, test: Sentence, golds: _Lookahead,
                     tests: _Lookahead) -> Optional[Block]:
        """The block of a pair evalb rejects (the first of ``golds`` and ``tests``) when the
        lines after it pair up in step: the next pair with test words is accepted by evalb
        (pairs with a wordless test line, evalb's skips, in between), or both files end
        together. The pair's kind and reason are jp_align's for that pair alone. None when
        they do not, or when jp_align would not keep the pair together."""
        for k in range(1, LOOKAHEAD + 1):
            gold_next, test_next = golds.peek(k), tests.peek(k)
            if gold_next is None or test_next is None:
                if gold_next is not None or test_next is not None:
                    return None
                break
            if not test_next.tree.words and not test_next.problem:
                continue
            ev = self._evaluate(gold_next, test_next)
            if ev is None or ev.score.status != STATUS_OK:
                return None
            break
        else:
            return None
        from jp_align import iter_align_sentences

        blocks = iter_align_sentences([gold], [test], tokens=_text, normalizer=self.normalizer)
        block = next(blocks)[0]
        blocks.close()
        return block if block.is_one_to_one else None

    def clean_pair(self, gold: Sentence, test: Sentence, score: SentenceScore) -> None:
        """Output of the usual pair (with ``clean_lane``: :func:`jp_evalb.scoring.clean_pair_score`
        scored it), which :meth:`accepted` accepts as it stands: what :meth:`pair` writes for
        it (with ``clean_lane`` that is the sentence line alone), the exact blocks counted at
        the end."""
        self.next_gold = gold.number + 1
        self.clean_pairs += 1
        self._emit(None, (gold,), (test,), None, score, None)

    def pair(self, gold: Sentence, test: Sentence, ev: Evaluation) -> None:
        """Output of a pair evalb accepts: exactly evalb's."""
        self.next_gold = gold.number + 1
        if self.params.debug > 1:
            self.out.write("".join(gold.tree.trace) + "".join(test.tree.trace))
        self.audit.count(EXACT_BLOCK)
        self._emit(None, (gold,), (test,), ev, None, None)

    def block(self, block: Block, gold_items: list[Sentence], test_items: list[Sentence]) -> None:
        params, out, debug = self.params, self.out, self.params.debug
        line_id = gold_items[0].number if gold_items else self.next_gold
        if gold_items:
            self.next_gold = gold_items[-1].number + 1
        if debug > 1:
            for s in gold_items + test_items:
                out.write("".join(s.tree.trace))
        ev = None
        if block.is_one_to_one and block.aligned:
            # What evalb itself would score is scored exactly as evalb does (a pair accepted()
            # has just seen evalb reject would be rejected again).
            rejected = self.rejected
            if rejected is None or rejected[0] is not gold_items[0] or rejected[1] is not test_items[0]:
                ev = self._evaluate(gold_items[0], test_items[0])
        if ev is not None:
            self.audit.count(EXACT_BLOCK)
            self._emit(block, gold_items, test_items, ev, None, None)
            return
        result = score_block(block, gold_items, test_items, line_id, params, self.table, self.normalizer,
                             self.read_options, self.flags.count_skipped, self.tally)
        if result.note:
            self.err.write(f"{line_id} : {result.note}")
        if debug > 1:
            out.write("\n")
        self._audit(block, gold_items, test_items, result)
        self._emit(block, gold_items, test_items, None, result.score, result.groups)

    def give_up(self, block: Block, golds: Iterator[Sentence], tests: Iterator[Sentence]) -> None:
        """The rest of both files as one unaligned block (status 1), read without aligning:
        from this block on, no sentence of either side re-synchronized within the aligner's
        look-ahead, so the files are taken to be unrelated from here. Streamed: only the
        figures of the block are kept."""
        line_id, length, gold_span, gold_count = self.next_gold, 0, [0, 0], 0
        for sentence in golds:
            if not gold_span[0]:
                gold_span[0] = line_id = sentence.number
            gold_span[1] = sentence.number
            gold_count += 1
            length += sentence.tree.length
        test_span, test_count = [0, 0], 0
        for sentence in tests:
            test_span[0] = test_span[0] or sentence.number
            test_span[1] = sentence.number
            test_count += 1
        if gold_span[0]:
            self.next_gold = gold_span[1] + 1
        reason = f"{block.reason}; the rest of the files is not aligned"
        self.err.write(f"{line_id} : Unaligned block (gold {_span_ids(gold_span)} | test {_span_ids(test_span)}): "
                       f"{reason}\n")
        score = SentenceScore(line_id, length, STATUS_ERROR)
        if self.sink is None:
            self.out.write(sentence_line(score))
        else:
            self.sink.sentence(score)
        self.totals.add(score)
        audit = self.audit
        if not audit.keep:
            audit.count(UNALIGNED, gold_count, test_count)
            return
        figures = {"status": score.status, "matched": 0, "gold": 0, "test": 0, "crossing": 0, "words": 0,
                   "correct_tags": 0}
        from jp_shims.records import BlockRecord

        audit.add(BlockRecord(
            UNALIGNED,
            audit.gold_lines(gold_span[0], gold_span[1]) if gold_span[0] else None,
            audit.system_lines(test_span[0], test_span[1]) if test_span[0] else None,
            "", "", reason=reason, match=block.kind, figures=figures, groups=(), loss=float(length)),
            gold_count, test_count)

    def left_out(self, block: Block, gold_items: list[Sentence], test_items: list[Sentence]) -> None:
        """Surplus lines at the end of one file: evalb reports them and scores nothing; they
        are an unaligned block of the audit."""
        if not self.audit.keep:
            self.audit.count(UNALIGNED, len(gold_items), len(test_items))
            return
        self.audit.add(self._record(UNALIGNED, block, gold_items, test_items, (), {}, None,
                                    "surplus lines at the end of one file, left out as evalb does"),
                       len(gold_items), len(test_items))

    def _audit(self, block: Block, gold_items: list[Sentence], test_items: list[Sentence],
               result: BlockResult) -> None:
        """Count (and with records kept, record) a block scored by the aligned feeding."""
        odd = [g for g in result.groups if not (g.is_one_to_one and g.kind == EXACT)]
        kind = block_kind(block.kind, len(gold_items), len(test_items), retokenized=bool(odd))
        if kind == EXACT_BLOCK or not self.audit.keep:
            self.audit.count(kind, len(gold_items), len(test_items))
            return
        score = result.score
        gold_words = [w for s in gold_items for w in s.tree.words]
        test_words = [w for s in test_items for w in s.tree.words]
        from jp_shims.records import WordGroup

        groups = tuple(WordGroup(tuple(gold_words[i] for i in g.left), tuple(test_words[j] for j in g.right), g.kind)
                       for g in odd)
        figures = {"status": score.status, "matched": score.match, "gold": score.gold, "test": score.test,
                   "crossing": score.crossing, "words": score.words, "correct_tags": score.correct_tags}
        # Brackets missed plus brackets wrongly proposed; a block left unscored (status 1)
        # loses its whole length.
        loss = (score.gold + score.test - 2 * score.match if score.status == STATUS_OK
                else float(score.length) if score.status == STATUS_ERROR else 0.0)
        reason = block.reason
        if result.note:
            reason = (reason + "; " if reason else "") + result.note.strip()
        self.audit.add(self._record(kind, block, gold_items, test_items, groups, figures, loss, reason),
                       len(gold_items), len(test_items))

    def _record(self, kind: str, block: Block, gold_items: list[Sentence], test_items: list[Sentence],
                groups: tuple, figures: dict, loss: Optional[float], reason: str) -> BlockRecord:
        from jp_shims.records import BlockRecord

        audit = self.audit
        return BlockRecord(
            kind,
            audit.gold_lines(gold_items[0].number, gold_items[-1].number) if gold_items else None,
            audit.system_lines(test_items[0].number, test_items[-1].number) if test_items else None,
            " | ".join(" ".join(s.text) for s in gold_items),
            " | ".join(" ".join(s.text) for s in test_items),
            reason=reason, match=block.kind, figures=figures, groups=groups, loss=loss)

    def _emit(self, block: Optional[Block], gold_items: Sequence[Sentence], test_items: Sequence[Sentence],
              ev: Optional[Evaluation], score: Optional[SentenceScore], groups: Optional[list[Block]]) -> None:
        params, out, debug = self.params, self.out, self.params.debug
        if ev is not None:
            if debug > 1:
                out.write("\n" + "".join(ev.trace))
                if ev.bracket_score is not None:
                    out.write(matching_trace(ev, gold_items[0].tree.line, test_items[0].tree.line))
            score = ev.score
        if self.sink is None:
            out.write(sentence_line(score))
        else:
            self.sink.sentence(score)
        self.totals.add(score)
        if self.tally is not None and ev is not None:
            self.tally.add_evaluation(ev)
        if self.recorded is not None:
            self.recorded.append((gold_items[0].number if gold_items else self.next_gold,
                                  gold_items[-1].number + 1 if gold_items else self.next_gold, score))
        if debug >= 1 and self.sink is None:
            if ev is not None:
                out.write(debug_dump(ev, params.labels_equal, self.tags, "utf-8"))
            else:
                out.write(_block_dump(block, gold_items, test_items, groups or []))

    def finish(self) -> int:
        totals, out, extra, audit = self.totals, self.out, self.extra, self.audit
        if self.clean_pairs:
            audit.count(EXACT_BLOCK, self.clean_pairs, self.clean_pairs, self.clean_pairs)
            self.clean_pairs = 0
        comparison = extra.comparison
        variant = self.params.variant
        from .spmrl import STATUS_FILE, ending, write_status

        # evalb's summary, or evalb_spmrl's (-V header, -L/-l line, ./status text).
        end = ending(totals, self.params, self.flags, self.options.gold, self.options.test)
        per_label = "" if self.tally is None else self.tally.table()
        comparison_table = ""
        if comparison is not None:
            from jp_shims.significance_cli import format_table

            comparison_table = format_table(comparison)
        if self.sink is not None:
            self.sink.finish(totals, audit, blocks=extra.show_alignment,
                             per_label=None if self.tally is None else self.tally.record(),
                             significance=None if comparison is None else _significance_json(comparison))
            buffer = self.json_buffer
            buffer.seek(0)
            for chunk in iter(lambda: buffer.read(1 << 16), ""):
                out.write(chunk)
            buffer.close()
        else:
            out.write(end.text + per_label + comparison_table)
            if extra.show_alignment:
                out.write("\n" + format_listing(audit, LABELS))
            if end.status is not None and self.recorded is None:
                # evalb_spmrl's ./status, with JP mode's figures (not for the runs the
                # significance tests make of each system).
                try:
                    write_status(end.status)
                except OSError as exc:
                    raise InputError(STATUS_FILE, f"cannot write the status file ({exc.strerror})") from None
        status = 0
        if extra.report is not None:
            status = self._write_report(end.text + per_label + comparison_table)
        summary = audit.summary
        if summary.changed:  # (no note, and no signature to work out, when every block is exact)
            self.err.write(note_line(variant.prog, summary, original=variant.original, signature=self.signature))
        return status

    def _write_report(self, headline: str) -> int:
        from jp_shims.report import render_report, write_report

        # The headline: the summary as the original prints it (with --per-label's table and
        # the significance tests' table).
        try:
            write_report(self.extra.report, render_report(
                tool=self.params.variant.prog, signature=self.signature, headline=headline, audit=self.audit,
                labels=LABELS, loss_label="brackets lost"))
        except OSError as error:
            raise InputError(self.extra.report, f"cannot write the report ({error.strerror})") from None
        return 0


def _span_ids(span: list[int]) -> str:
    first, last = span
    return "-" if not first else str(first) if first == last else f"{first}-{last}"


def _block_dump(block: Block, golds, tests, groups: list[Block]) -> str:
    return (f"-<block>--- gold {_ids(golds)} | test {_ids(tests)} | {block.kind} | "
            f"{len(groups)} word groups\n========\n")
