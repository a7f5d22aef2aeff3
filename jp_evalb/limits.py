"""Where evalb's behaviour is undefined: input beyond its fixed buffers, or read past a line.

evalb keeps a sentence in fixed arrays (200 words, 200 brackets, words under 100 bytes, labels
under 30 bytes, a bracket stack of 1,000), prints DEBUG 2 bracket texts through a 1,000-byte
buffer, and reads on past the end of a line whose last label or word runs into it. What it
does there depends on memory it does not own (garbage figures or a crash), so legacy mode
cannot be byte-equal: it scores such a line normally and says so once on stderr
(docs/jp_evalb.md, "Legacy mode and evalb's limits").
"""
from __future__ import annotations

import re
from typing import Optional

from .trees import LONG_LABEL, LONG_WORD, Tree, nesting_depth
from .variant import EVALB, Variant

MAX_WORD_BYTES = LONG_WORD  # evalb's word buffers hold 100 bytes with the final NUL
MAX_LABEL_BYTES = LONG_LABEL  # and its labels 30
MAX_DEPTH = 999  # its bracket stack: nesting of 1,000 or more
MAX_DEBUG_TEXT = 1000  # its DEBUG 2 copy of a bracket's text

_TERMINAL = re.compile(r"\([^ \t\n\v\f\r()]*[ \t\n\v\f\r]+[^ \t\n\v\f\r()]*\)")
_C_SPACE = re.compile(r"[ \t\n\v\f\r]+")
_LONG_NAME = re.compile(r"(\(?)([^ \t\n\v\f\r()]{%d,})" % (MAX_LABEL_BYTES + 1))


def undefined_reading(tree: Tree, variant: Variant = EVALB) -> Optional[str]:
    """Why evalb's reading of this line is undefined, or None (cheap for ordinary lines).
    ``variant``: evalb_spmrl's buffers are larger (``Variant.limits``)."""
    line = tree.line
    if tree.undefined is not None:
        return tree.undefined
    max_words, max_brackets, max_label_bytes = variant.limits
    opens = line.count("(")
    if opens > min(max_brackets, max_words):
        terminals = len(_TERMINAL.findall(line))
        if terminals > max_words:
            return f"more than {max_words} words in the sentence"
        if opens - terminals > max_brackets:
            return f"more than {max_brackets} brackets in the sentence"
        if opens > MAX_DEPTH and nesting_depth(line) > MAX_DEPTH:
            return f"brackets nested {MAX_DEPTH + 1} deep or more"
    if tree.spans is not None:
        return None  # the fast reader takes no label or word that long (jp_evalb.trees)
    # Every label and word lies inside one whitespace-separated piece (str.split() also
    # splits at some non-ASCII characters C does not take for whitespace).
    pieces = line.split() if line.isascii() else _C_SPACE.split(line)
    if max(map(len, pieces), default=0) <= min(MAX_WORD_BYTES, max_label_bytes):
        return None
    for m in _LONG_NAME.finditer(line):
        name = m.group(2).split("\0", 1)[0]
        if m.group(1) and len(name.encode("latin-1", "replace")) > max_label_bytes:
            return f"a label longer than {max_label_bytes} bytes"
        if not m.group(1) and len(name) > MAX_WORD_BYTES:
            return f"a word longer than {MAX_WORD_BYTES} bytes"
    return None


def undefined_debug_text(trace: str) -> Optional[str]:
    """Why evalb's DEBUG 2 matching trace is undefined: a bracket text (the part after "]: " of
    its LABEL/BRACKET/EXTRA/CROSSING lines) that does not fit evalb's 1,000-byte copy of it
    with the final NUL."""
    if len(trace) > MAX_DEBUG_TEXT:
        for line in trace.split("\n"):
            if len(line) > MAX_DEBUG_TEXT and line.startswith("  ") and "]: " in line \
                    and len(line.split("]: ", 1)[1]) >= MAX_DEBUG_TEXT:
                return f"a bracket text of {MAX_DEBUG_TEXT} bytes or more in the DEBUG 2 output"
    return None
