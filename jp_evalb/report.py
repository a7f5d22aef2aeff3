"""evalb's output format: header, sentence lines, debug dumps, the summary, the usage text."""
from __future__ import annotations

from typing import Optional

from .brackets import DELETED, MATCHED, NOT_EVALUATED, UNMATCHED, Prepared, first_crossing_gold
from .scoring import NO_BRACKET_LISTS, Evaluation
from .totals import STATUS_COUNTED_SKIP, SentenceScore, Totals
from .variant import EVALB

RULE = "=" * 76 + "\n"
HEADER = (
    "  Sent.                        Matched  Bracket   Cross        Correct Tag\n"
    " ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n"
    + RULE
)
USAGE = EVALB.usage
# The debug views need what evaluate_pair keeps in debug mode only (a bug of ours otherwise).
NO_MATCHING = "debug output needs the matching of a sentence scored in debug mode"


def sentence_line(score: SentenceScore) -> str:
    # (SentenceScore's recall, precision and tag_accuracy, unpacked: one call per sentence.)
    line_id, length, status, match, gold, test, crossing, words, correct_tags = score
    return "%4d  %3d    %d  %6.2f %6.2f   %3d    %3d  %3d    %3d   %4d  %4d   %6.2f\n" % (
        line_id, length, status, 100.0 * match / gold if gold else 0.0, 100.0 * match / test if test else 0.0,
        match, gold, test, crossing, words, correct_tags, 100.0 * correct_tags / words if words else 0.0,
    )


def _f6(value: Optional[float]) -> str:
    # glibc prints the 0/0 NaN of x86 as "-nan".
    return "  -nan" if value is None else "%6.2f" % value


def total_line(totals: Totals) -> str:
    head = ""
    if totals.gold > 0 and totals.test > 0:
        head = "                %6.2f %6.2f %6d %5d %5d  %5d" % (
            totals.recall, totals.precision, totals.match, totals.gold, totals.test, totals.crossing,
        )
    return head + "  %5d %5d   %6.2f\n" % (totals.words, totals.correct_tags, totals.tag_accuracy)


def summary_block(totals: Totals) -> str:
    return (
        "Number of sentence        = %6d\n" % totals.sentences
        + "Number of Error sentence  = %6d\n" % totals.errors
        + "Number of Skip  sentence  = %6d\n" % totals.skips
        + "Number of Valid sentence  = %6d\n" % totals.valid
        + "Bracketing Recall         = %6.2f\n" % totals.recall
        + "Bracketing Precision      = %6.2f\n" % totals.precision
        + "Bracketing FMeasure       = %s\n" % _f6(totals.fmeasure)
        + "Complete match            = %6.2f\n" % totals.complete_match
        + "Average crossing          = %6.2f\n" % totals.average_crossing
        + "No crossing               = %6.2f\n" % totals.no_crossing_rate
        + "2 or less crossing        = %6.2f\n" % totals.le2_crossing_rate
        + "Tagging accuracy          = %6.2f\n" % totals.tag_accuracy
    )


def summary(all_totals: Totals, short_totals: Totals, cutoff: int, title: str = "=== Summary ===\n") -> str:
    return (
        RULE
        + total_line(all_totals)
        + title
        + "\n-- All --\n"
        + summary_block(all_totals)
        + "\n-- len<=%d --\n" % cutoff
        + summary_block(short_totals)
    )


# ---------------------------------------------------------------------------------------------
# The same figures as JSON records (--json, and the scores of the Python API)


def sentence_record(score: SentenceScore) -> dict:
    """One sentence line of evalb's report as JSON."""
    return {
        "id": score.id, "length": score.length, "status": score.status,
        "recall": round(score.recall, 2), "precision": round(score.precision, 2),
        "matched": score.match, "gold": score.gold, "test": score.test,
        "crossing": score.crossing, "words": score.words, "correct_tags": score.correct_tags,
        "tag_accuracy": round(score.tag_accuracy, 2),
    }


def totals_record(t: Totals) -> dict:
    """One summary block (``All`` or ``len<=N``) as JSON."""
    f = t.fmeasure
    return {
        "sentences": t.sentences, "error_sentences": t.errors, "skip_sentences": t.skips,
        "valid_sentences": t.valid, "matched": t.match, "gold": t.gold, "test": t.test,
        "recall": round(t.recall, 2), "precision": round(t.precision, 2),
        "fmeasure": None if f is None else round(f, 2),
        "complete_match": round(t.complete_match, 2), "average_crossing": round(t.average_crossing, 2),
        "no_crossing": round(t.no_crossing_rate, 2), "two_or_less_crossing": round(t.le2_crossing_rate, 2),
        "words": t.words, "correct_tags": t.correct_tags, "tagging_accuracy": round(t.tag_accuracy, 2),
    }


# ---------------------------------------------------------------------------------------------
# Debug output (evalb's -d / -D)


def _pad(text: str, width: int, encoding: str) -> str:
    """printf's %-Ns: pads to N bytes of the output encoding, not N characters."""
    if text.isascii() or encoding == "latin-1":
        return text.ljust(width)
    return text + " " * (width - len(text.encode(encoding, "surrogateescape")))


def debug_dump(ev: Evaluation, labels_equal, tag_view=None, encoding: str = "latin-1") -> str:
    """evalb's dsp_info: terminals and brackets of both lines with their result codes.

    ``tag_view``: how tags are compared (evalb_spmrl cuts them, and then shows them cut);
    ``encoding``: of the output (fields are padded by bytes, as printf does)."""
    gw, gt, tw, tt = ev.gold_words, ev.gold_tags, ev.test_words, ev.test_tags
    gb, tb = ev.gold_brackets, ev.test_brackets
    if gb is None or tb is None:  # reader_keys turns the fast readers off in debug mode
        raise ValueError(NO_BRACKET_LISTS)
    if ev.bracket_score is None:
        gterm, tterm = [NOT_EVALUATED] * len(gw), [NOT_EVALUATED] * len(tw)
    else:
        if tag_view is not None:
            # Only compared tags are cut (test words beyond a 0- or 1-word gold line are not).
            gt, tt = tag_view(gt), list(tag_view(tt[:len(gt)])) + list(tt[len(gt):])
        # Tags are compared position by position over the gold words (wn1 == wn2, except for
        # evalb_spmrl's 0- or 1-word gold line): 1 correct, 0 wrong, 9 beyond the gold words.
        gterm = [MATCHED if labels_equal(a, b) else UNMATCHED for a, b in zip(gt, tt)]
        tterm = gterm + [NOT_EVALUATED] * (len(tw) - len(gterm))
    gcodes, glabels = _bracket_view(ev.gold_prepared, gb, ev, gold=True)
    tcodes, tlabels = _bracket_view(ev.test_prepared, tb, ev, gold=False)
    if ev.score.status == STATUS_COUNTED_SKIP:
        # evalb_spmrl -X: the gold brackets were counted (result 0).
        gcodes = [UNMATCHED] * len(gb)
    out = ["-<1>---(wn1=%3d, bn1=%3d)-           -<2>---(wn2=%3d, bn2=%3d)-\n"
           % (len(gw), len(gb), len(tw), len(tb))]
    for i in range(max(len(gw), len(tw))):
        # evalb skips a terminal whose word is empty (it tests word[0]).
        if i < len(gw) and gw[i]:
            left = "%3d : %d : %s  %s      " % (i, gterm[i], _pad(gt[i], 6, encoding), _pad(gw[i], 16, encoding))
        else:
            left = " " * 40
        right = ("%3d : %d : %s  %s\n" % (i, tterm[i], _pad(tt[i], 6, encoding), _pad(tw[i], 16, encoding))
                 if i < len(tw) and tw[i] else "\n")
        out.append(left + right)
    out.append("\n")
    for i in range(max(len(gb), len(tb))):
        if i < len(gb):
            left = "%3d : %d : %3d  %3d  %s      " % (i, gcodes[i], gb[i][0], gb[i][1], _pad(glabels[i], 6, encoding))
        else:
            left = " " * 32
        if i < len(tb):
            right = "%3d : %d : %3d  %3d  %s\n" % (i, tcodes[i], tb[i][0], tb[i][1], _pad(tlabels[i], 6, encoding))
        else:
            right = "\n"
        out.append(left + right)
    out.append("\n========\n")
    return "".join(out)


def _bracket_view(prepared: Optional[Prepared], brackets: list, ev: Evaluation, *,
                  gold: bool) -> tuple[list[int], list[str]]:
    if prepared is None or ev.bracket_score is None:
        return [NOT_EVALUATED] * len(brackets), [b[2] for b in brackets]
    codes = list(prepared.codes)
    matches = ev.bracket_score.gold_match
    if matches is None:  # evaluate_pair's debug mode scores ``detailed``
        raise ValueError(NO_MATCHING)
    if gold:
        for k, j in enumerate(matches):
            if j >= 0:
                codes[prepared.index[k]] = MATCHED
    else:
        for j in matches:
            if j >= 0:
                codes[prepared.index[j]] = MATCHED
    return codes, prepared.labels


def matching_trace(ev: Evaluation, gold_line: str, test_line: str) -> str:
    """evalb's DEBUG 2 lines for a scored sentence: pairs tried, LABEL/BRACKET/EXTRA/CROSSING.

    Reconstructed from the final matching: while gold bracket i is examined, a test bracket is
    marked 1 only if an earlier gold bracket took it.
    """
    gp, tp, bs = ev.gold_prepared, ev.test_prepared, ev.bracket_score
    gb, tb = ev.gold_brackets, ev.test_brackets
    if gb is None or tb is None:  # reader_keys turns the fast readers off in debug mode
        raise ValueError(NO_BRACKET_LISTS)
    if gp is None or tp is None or bs is None or bs.gold_match is None:  # evaluate_pair, debug: all set
        raise ValueError(NO_MATCHING)
    test_taken_by = [len(gb)] * len(tb)  # gold bracket index that takes each test bracket
    gold_takes = [-1] * len(gb)
    for k, j in enumerate(bs.gold_match):
        if j >= 0:
            gi, tj = gp.index[k], tp.index[j]
            gold_takes[gi] = tj
            test_taken_by[tj] = gi
    out = []
    label_conflict = [False] * len(tb)
    for i in range(len(gb)):
        gcode = gp.codes[i]
        gs, ge = gb[i][0], gb[i][1]
        found = False
        for j in range(len(tb)):
            tcode = MATCHED if test_taken_by[j] < i else tp.codes[j]
            out.append("1.res=%d, 2.res=%d, 1.start=%d, 2.start=%d, 1.end=%d, 2.end=%d\n"
                       % (gcode, tcode, gs, tb[j][0], ge, tb[j][1]))
            if gcode != DELETED and tcode == UNMATCHED and gs == tb[j][0] and ge == tb[j][1]:
                if gold_takes[i] == j:
                    found = True
                    break
                # Same span, different label (only reachable when labelled).
                out.append("  LABEL[%d-%d]: %s\n" % (gs, ge - 1, _source(gold_line, gb[i])))
                found = True
                label_conflict[j] = True
        if not found and gcode != DELETED:
            out.append("  BRACKET[%d-%d]: %s\n" % (gs, ge - 1, _source(gold_line, gb[i])))
    for j in range(len(tb)):
        if tp.codes[j] == UNMATCHED and test_taken_by[j] == len(gb) and not label_conflict[j]:
            out.append("  EXTRA[%d-%d]: %s\n" % (tb[j][0], tb[j][1] - 1, _source(test_line, tb[j])))
    # Crossing: for each test bracket (deleted ones included in evalb's loop but never
    # crossing), the first gold bracket crossing it, printed unless it was the last printed.
    gold_live = [(b[0], b[1], "") if gp.codes[i] != DELETED else (0, 0, "") for i, b in enumerate(gb)]
    test_live = [(b[0], b[1], "") if tp.codes[j] != DELETED else (0, 0, "") for j, b in enumerate(tb)]
    last = -1
    for i in first_crossing_gold(gold_live, test_live):
        if i >= 0 and i != last:
            out.append("  CROSSING[%d-%d]: %s\n" % (gb[i][0], gb[i][1] - 1, _source(gold_line, gb[i])))
            last = i
    return "".join(out)


def _source(line: str, bracket) -> str:
    """The input text of a bracket as evalb prints it: from the end of its label to its ")",
    as a C string (up to a NUL). An unclosed bracket ends where an earlier bracket of its
    number was closed (its sixth item, see jp_evalb.trees._scan), or at the end of the line,
    newline included, when that is not after its start."""
    end = bracket[4]
    if end < 0:
        end = bracket[5] if len(bracket) > 5 else 0
        if end <= bracket[3]:
            end = len(line)
    return line[bracket[3]:end].split("\0", 1)[0]
