"""What jp_preprocess_eval's alignment did, for jp_shims' audit: block records, the note.

There is no original to stay equal to; the reference point is a line-by-line comparison,
which only works when both files split the text into the same sentences and tokens. A block
is ``exact`` when it is one sentence on each side with the same tokens; every other block
(split or merged sentences, re-tokenized words, normalized or differing texts, unaligned
sentences) is counted, listed by ``--show-alignment`` and announced by the stderr note.
"""
from __future__ import annotations

from typing import Optional

from jp_shims.audit import EXACT, UNALIGNED, AlignmentAudit, BlockRecord, WordGroup, block_kind, note_line
from jp_shims.signature import signature

from jp_preprocess.joint import AlignedBlock

TOOL = "jp_preprocess_eval"
SIMILARITY = "levenshtein"


def run_signature(lang: str, casefold: bool, threshold: float) -> str:
    return signature(TOOL, options=["--casefold"] if casefold else [], lang=lang, similarity=SIMILARITY,
                     threshold=threshold, extra={"token_lang": "und"})


def record_block(audit: AlignmentAudit, aligned: AlignedBlock) -> None:
    """Count one block (and record it when the audit keeps records), with its own figures."""
    block = aligned.block
    retokenized = not all(aligned.word_matches) or any(len(g.left) != 1 or len(g.right) != 1 for g in aligned.words)
    kind = block_kind(block.kind, len(aligned.gold), len(aligned.system), retokenized)
    if kind == EXACT or not audit.keep:
        where = None
        if kind == UNALIGNED:  # the first unaligned block's places go into the note
            where = (audit.gold_lines(aligned.gold[0].line, aligned.gold[-1].line) if aligned.gold else None,
                     audit.system_lines(aligned.system[0].line, aligned.system[-1].line) if aligned.system else None)
        audit.count(kind, len(aligned.gold), len(aligned.system), where=where)
        return
    gold_tokens, system_tokens = aligned.gold_tokens, aligned.system_tokens
    groups = tuple(
        WordGroup(tuple(gold_tokens[g.left.start:g.left.stop]), tuple(system_tokens[g.right.start:g.right.stop]),
                  g.kind)
        for g, matched in zip(aligned.words, aligned.word_matches)
        if not (matched and len(g.left) == 1 and len(g.right) == 1 and g.kind == EXACT))
    sentence_tp = int(aligned.sentence_match)
    token_tp = aligned.token_matches
    figures = {"sentence_tp": sentence_tp, "sentence_fp": len(aligned.system) - sentence_tp,
               "sentence_fn": len(aligned.gold) - sentence_tp,
               "token_tp": token_tp, "token_fp": len(system_tokens) - token_tp,
               "token_fn": len(gold_tokens) - token_tp}
    loss = float(figures["token_fp"] + figures["token_fn"])
    audit.add(BlockRecord(
        kind,
        audit.gold_lines(aligned.gold[0].line, aligned.gold[-1].line) if aligned.gold else None,
        audit.system_lines(aligned.system[0].line, aligned.system[-1].line) if aligned.system else None,
        " | ".join(" ".join(s.tokens) for s in aligned.gold),
        " | ".join(" ".join(s.tokens) for s in aligned.system),
        reason=block.reason, match=block.kind, figures=figures, groups=groups, loss=loss),
        len(aligned.gold), len(aligned.system))


def alignment_note(prog: str, audit: AlignmentAudit, sig: str) -> Optional[str]:
    summary = audit.summary
    return note_line(prog, summary, original=None,
                     what=f"{summary.describe()} (not one sentence each side with the same tokens)",
                     consequence="a line-by-line comparison of the files would score them differently",
                     signature=sig)
