"""The kinds of an aligned block and the causes behind them: the vocabulary of
:mod:`jp_align.blocks`, apart, so that a tool can name a kind without creating the classes
(``jp_shims.kinds`` takes them at every console script's start-up)."""
from __future__ import annotations

EXACT = "exact"            # space-free texts identical
NORMALIZED = "normalized"  # identical after normalization (exception table, Unicode, case)
SIMILAR = "similar"        # distance below the threshold, and the next pair matches
MISMATCH = "mismatch"      # texts differ, paired all the same: words by the remaining-length
                           # rule, sentences by position (one on each side, the next pair identical)
UNALIGNED = "unaligned"    # never re-synchronized within the look-ahead

# Why a block is what it is, for code to test (``Block.reason`` is the human-readable text).
CAUSE_LEFT_ENDED = "left_ended"          # unaligned: the left side has no more items
CAUSE_RIGHT_ENDED = "right_ended"        # unaligned: the right side has no more items
CAUSE_UNRELATED = "unrelated"            # unaligned: one pair between agreeing text, unrelated texts
CAUSE_RESYNC_AFTER = "resync_after"      # unaligned: the sides re-synchronize after this block
CAUSE_NO_RESYNC = "no_resync"            # unaligned: no re-synchronization within the look-ahead
CAUSE_GAVE_UP = "gave_up"                # unaligned: a tool stopped aligning the rest of its inputs
CAUSE_NORMALIZED = "normalized"          # normalized: equal after the exception table
CAUSE_SIMILAR = "similar"                # similar: distance below the threshold
CAUSE_POSITION = "position"              # mismatch: paired by position (what follows agrees)
CAUSE_RULE = "rule"                      # words: an exception-table rule
CAUSE_REMAINING_LENGTH = "remaining_length"  # words: the remaining-length rule
