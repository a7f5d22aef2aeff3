"""jp_conlleval: conlleval.pl (CoNLL-2000/2003 chunking and NER scorer) as a drop-in.

``--legacy`` is the original byte for byte; JP mode also scores a GOLD and a SYSTEM file that
tokenize and sentence-split the same text differently (:func:`evaluate`).
"""
from __future__ import annotations
