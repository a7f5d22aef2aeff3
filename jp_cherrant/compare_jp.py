"""JP mode of ``jp_cherrant_compare`` (a thin run until the shared jp_shims runner takes it).

1. When both files line up as ChERRANT reads them (same number of blocks, after
   ``--start/--end``, and the same line 0 in every pair -- a block without an S line has no
   text and is paired by position), the blocks are scored exactly as ChERRANT pairs them: the
   original's bytes.
2. Otherwise reference and hypothesis sentences are aligned on their S-line texts
   (:func:`jp_align.iter_align_sentences`, characters of Chinese being the tokens), every
   hypothesis block is cut at the reference sentence boundaries or joined with its
   neighbours (:func:`jp_cherrant.compare_align.cut_block`), and each reference sentence is
   scored as ChERRANT scores it.

Bad input is one ``PROG: error: FILE:LINE: message`` line and exit 2. The option, error,
JSON and note plumbing is jp_errant's JP run's (:mod:`jp_errant.compare`), reused.
"""
from __future__ import annotations

from typing import IO, Iterator, Sequence

from jp_align import EXACT, UNALIGNED, iter_align_sentences, jaro_winkler_suffix_distance
from jp_cherrant.compare_align import CrossingEdit, cut_block
from jp_cherrant.compare_args import LEGACY_PROG, build_parser, kept_coders, options_from_args, sentence_slice
from jp_errant.compare import (
    LOOKAHEAD, SIMILARITY_THRESHOLD, CompareError, _check_readable, _finish_stdout, _unaligned_message,
    check_beta, options_document, scores_document, text_normalizer,
)
from jp_errant.m2 import (
    FieldCache, M2Error, RawBlock, Sentence, iter_blocks, legacy_block_rows, parse_edit_line, read_strict_blocks,
)
from jp_errant.scorer import ScoreOptions, SentencePair, format_report, score_corpus
from jp_shims.audit import AlignmentAudit, block_kind, format_listing, note_line
from jp_shims.envelope import dumps, envelope
from jp_shims.signature import signature

TOOL = "jp_cherrant_compare"
LABELS = ("reference", "hypothesis")
SIMILARITY = "jaro_winkler_suffix"
# Crossing edits named in the stderr note (all of them in --show-alignment).
NOTE_PLACES = 5


def run_jp(argv: list[str], prog: str, out: IO[str], err: IO[str]) -> int:
    args = build_parser(prog, jp_mode=True).parse_args(argv)
    options = options_from_args(args)
    audit = AlignmentAudit(args.ref, args.hyp, keep=args.show_alignment)
    crossing: list[tuple[str, CrossingEdit]] = []
    sig = run_signature(options, args)
    try:
        if args.json and options.verbose:
            raise CompareError("--json cannot be combined with -v/--verbose")
        check_beta(options.beta)
        for path in (args.hyp, args.ref):
            _check_readable(path)
        units = scoring_units(args.hyp, args.ref, options, kept_coders(args.max_answer_num),
                              sentence_slice(args), audit, crossing)
        result = score_corpus(units, options, out.write)
        text = format_report(result, options)
    except (CompareError, M2Error) as error:
        _finish_stdout(out, "")
        err.write(f"{prog}: error: {error}\n")
        return 2
    except ZeroDivisionError:
        _finish_stdout(out, "")
        err.write(f"{prog}: error: {options.f_label} is undefined: beta is 0 and recall is 0 "
                  f"while precision is not\n")
        return 2
    if args.json:
        scores = scores_document(result, options)
        scores["crossing_edits"] = [crossing_place(path, item) for path, item in crossing]
        out.write(dumps(envelope(TOOL, signature=sig, options=options_document(options) | {
            "max_answer_num": args.max_answer_num, "reference_num": args.reference_num,
            "start": args.start, "end": args.end}, scores=scores, audit=audit, blocks=args.show_alignment)))
    else:
        out.write(text)
        if args.show_alignment:
            out.write(format_listing(audit, LABELS))
    out.flush()
    note = alignment_note(prog, audit, crossing, sig)
    if note:
        err.write(note)
    return 0


def run_signature(options: ScoreOptions, args) -> str:
    flags = [f"-{options.mode}", f"-b{options.beta:g}"]
    flags += ["-single"] * options.single + ["-multi"] * options.multi
    if options.filt:
        flags.append("-filt=" + "+".join(options.filt))
    if options.cat:
        flags.append(f"-cat{options.cat}")
    for name in ("start", "end", "max_answer_num", "reference_num"):
        if getattr(args, name) is not None:
            flags.append(f"--{name}={getattr(args, name)}")
    return signature(TOOL, options=flags, similarity=SIMILARITY, threshold=SIMILARITY_THRESHOLD,
                     extra={"norm": "nfc"})


def crossing_place(path: str, item: CrossingEdit) -> str:
    """``FILE:LINE`` of a crossing edit's A line (its text when the line is unknown)."""
    edit = item.edit
    return f"{path}:{item.line}" if item.line else f"{path}: A {edit.start} {edit.end}|||{edit.type}"


def alignment_note(prog: str, audit: AlignmentAudit, crossing: list, sig: str) -> str | None:
    summary = audit.summary
    if not summary.changed:
        return None
    parts = [f"{summary.changed} of {summary.blocks} blocks were aligned beyond one sentence each "
             f"side or with differing texts; the hypothesis was cut at the reference sentence "
             f"boundaries and each reference sentence scored as {LEGACY_PROG} scores it"]
    if crossing:
        places = ", ".join(crossing_place(path, item) for path, item in crossing[:NOTE_PLACES])
        more = f" and {len(crossing) - NOTE_PLACES} more" if len(crossing) > NOTE_PLACES else ""
        parts.append(f"{len(crossing)} hypothesis edits cross a reference sentence boundary and "
                     f"cannot be cut: they count as not matching ({places}{more})")
    return note_line(prog, summary, original=LEGACY_PROG, what="; ".join(parts),
                     consequence=f"the figures can differ from {LEGACY_PROG}'s", signature=sig)


def scoring_units(hyp_path: str, ref_path: str, options: ScoreOptions, coders: frozenset | None,
                  selected: slice | None, audit: AlignmentAudit,
                  crossing: list) -> Iterator[SentencePair]:
    """The sentences to score: ChERRANT's own pairs when the files line up, else one per
    reference sentence with the hypothesis cut to it (``crossing`` collects the edits that
    crossed a boundary, with their file)."""
    hyp_blocks = _raw_blocks(hyp_path)
    ref_blocks = _raw_blocks(ref_path)
    if selected is not None:
        hyp_blocks, ref_blocks = hyp_blocks[selected], ref_blocks[selected]
    if lines_up(hyp_blocks, ref_blocks):
        audit.count(EXACT, len(ref_blocks), len(hyp_blocks), blocks=len(ref_blocks))
        return _lined_up_pairs(hyp_path, ref_path, hyp_blocks, ref_blocks, coders, options.verbose)
    return aligned_units(hyp_path, ref_path, options, coders, selected, audit, crossing)


def lines_up(hyp_blocks: Sequence[RawBlock], ref_blocks: Sequence[RawBlock]) -> bool:
    """Same number of blocks and the same line 0 in every pair (a block without an S line
    has no text to align: it is paired by position)."""
    if len(hyp_blocks) != len(ref_blocks):
        return False
    for hyp, ref in zip(hyp_blocks, ref_blocks):
        hyp_head, ref_head = _head(hyp.text), _head(ref.text)
        if hyp_head != ref_head and _is_s_line(hyp_head) and _is_s_line(ref_head):
            return False
    return True


def _head(text: str) -> str:
    return text.split("\n", 1)[0]


def _is_s_line(line: str) -> bool:
    return line == "S" or line.startswith("S ")


def _raw_blocks(path: str) -> list[RawBlock]:
    """The blocks as ChERRANT splits a file, with their first lines."""
    try:
        with open(path, encoding="utf-8", errors="strict") as handle:
            return list(iter_blocks(handle))
    except UnicodeDecodeError:
        # The careful reader names the line of the bad byte.
        for _ in read_strict_blocks(path):
            pass
        raise


def _lined_up_pairs(hyp_path: str, ref_path: str, hyp_blocks: Sequence[RawBlock],
                    ref_blocks: Sequence[RawBlock], coders: frozenset | None,
                    verbose: bool) -> Iterator[SentencePair]:
    """ChERRANT's pairing and reading; a line it cannot read is an M2Error on that line."""
    cache = FieldCache()
    for hyp_block, ref_block in zip(hyp_blocks, ref_blocks):
        hyp_edits = _block_rows(hyp_path, hyp_block, cache)
        ref_edits = _block_rows(ref_path, ref_block, cache)
        if coders is not None:
            hyp_edits = [edit for edit in hyp_edits if edit[4] in coders]
            ref_edits = [edit for edit in ref_edits if edit[4] in coders]
        yield SentencePair(hyp_edits, ref_edits, _head(hyp_block.text)[1:] if verbose else "")


def _block_rows(path: str, block: RawBlock, cache: FieldCache) -> list:
    """ChERRANT's reading of a block; a line it fails on, or an empty error type (which
    ChERRANT's ``-cat 1`` fails on), is an M2Error naming the line."""
    try:
        rows = legacy_block_rows(block.text, cache, cherrant=True)
    except (ValueError, IndexError):
        rows = None
    if rows is not None and all(row[2].strip() for row in rows):
        return rows
    for number, line in enumerate(block.text.split("\n"), block.line):
        if line[:2] == "A ":
            try:
                edit = parse_edit_line(line)
            except (ValueError, IndexError) as error:
                raise M2Error(path, number, f"malformed A line ({type(error).__name__}: {error}): "
                                            f"{line[:60]!r}") from None
            if not edit.type.strip():
                raise M2Error(path, number, "A line has an empty error type")
    raise AssertionError("unreachable: a block that failed has a failing A line")


def _strict_sentences(path: str, coders: frozenset | None) -> Iterator[tuple[Sentence, tuple, str]]:
    """(sentence, A-line numbers of its edits, line 0 without its first character)."""
    for sentence, block in read_strict_blocks(path, cherrant=True):
        lines = tuple(number for number, line in enumerate(block.text.split("\n"), block.line)
                      if line[:2] == "A ")
        if coders is not None:
            kept = [(edit, line) for edit, line in zip(sentence.edits, lines) if edit.coder in coders]
            sentence = sentence._replace(edits=tuple(edit for edit, _ in kept))
            lines = tuple(line for _, line in kept)
        yield sentence, lines, _head(block.text)[1:]


def aligned_units(hyp_path: str, ref_path: str, options: ScoreOptions, coders: frozenset | None,
                  selected: slice | None, audit: AlignmentAudit,
                  crossing: list) -> Iterator[SentencePair]:
    """One scoring unit per reference sentence (those of ``selected``, by position)."""
    refs = _strict_sentences(ref_path, coders)
    hyps = _strict_sentences(hyp_path, coders)
    wanted = None
    if selected is not None:
        count = sum(1 for _ in read_strict_blocks(ref_path, cherrant=True))
        wanted = set(range(count)[selected])
    first_ref, first_hyp = next(refs, None), next(hyps, None)
    if first_ref is None or first_hyp is None:
        if first_ref is None and first_hyp is None:
            yield SentencePair((), (), "")
            return
        empty, other, item = (ref_path, hyp_path, first_hyp) if first_ref is None else (hyp_path, ref_path, first_ref)
        raise CompareError(f"{empty}:1: the file holds no sentence but {other} does "
                           f"({other}:{item[0].line})")
    refs = _chained(first_ref, refs)
    hyps = _chained(first_hyp, hyps)
    blocks = iter_align_sentences(refs, hyps, tokens=lambda item: item[0].source.split(),
                                  normalizer=text_normalizer(), threshold=SIMILARITY_THRESHOLD,
                                  distance=jaro_winkler_suffix_distance, lookahead=LOOKAHEAD)
    token_keys = options.mode == "dt"
    for block, ref_items, hyp_items in blocks:
        ref_sentences = [item[0] for item in ref_items]
        hyp_sentences = [item[0] for item in hyp_items]
        if block.kind == UNALIGNED or not ref_items or not hyp_items:
            raise CompareError(_unaligned_message(ref_path, hyp_path, ref_sentences, hyp_sentences, block))
        numbers = block.left
        if len(ref_items) == len(hyp_items) == 1 and ref_sentences[0].source == hyp_sentences[0].source:
            audit.count(EXACT, 1, 1)
            if wanted is None or numbers.start in wanted:
                yield SentencePair(hyp_sentences[0].edits, ref_sentences[0].edits, hyp_items[0][2])
            continue
        cut = cut_block(ref_sentences, hyp_sentences, [item[1] for item in hyp_items], token_keys)
        crossing.extend((hyp_path, item) for item in cut.crossing)
        kind = block_kind(block.kind, len(ref_items), len(hyp_items), True)
        if audit.keep:
            audit.add(_record(kind, block, audit, ref_sentences, hyp_sentences, cut, hyp_path),
                      len(ref_items), len(hyp_items))
        else:
            audit.count(kind, len(ref_items), len(hyp_items))
        for number, ref, piece in zip(numbers, ref_sentences, cut.pieces):
            if wanted is None or number in wanted:
                yield SentencePair(piece, ref.edits, " " + ref.source)


def _chained(first, rest):
    yield first
    yield from rest


def _record(kind: str, block, audit: AlignmentAudit, ref_sentences, hyp_sentences, cut, hyp_path: str):
    from jp_shims.records import BlockRecord

    details = []
    for number, piece in enumerate(cut.pieces):
        shown = [f"A {e.start} {e.end}|||{e.type}|||{e.correction}|||{e.coder}" for e in piece
                 if e.start >= 0 or not e.is_noop]
        details.append(f"reference sentence {block.left.start + number} "
                       f"({audit.gold_file}:{ref_sentences[number].line}) gets: "
                       + ("; ".join(shown) if shown else "no edit"))
    for item in cut.crossing:
        edit = item.edit
        details.append(f"crossing edit {crossing_place(hyp_path, item)}: A {edit.start} {edit.end}|||"
                       f"{edit.type}|||{edit.correction} spans reference sentences "
                       f"{block.left.start + item.first}-{block.left.start + item.last}: counted as not matching")
    return BlockRecord(
        kind, audit.gold_lines(ref_sentences[0].line, ref_sentences[-1].line),
        audit.system_lines(hyp_sentences[0].line, hyp_sentences[-1].line),
        " | ".join(s.source for s in ref_sentences), " | ".join(s.source for s in hyp_sentences),
        reason=block.reason, match=block.kind, details=tuple(details))

