"""Data model shared by the reader, the scorer and the API module.

The class and attribute names are those of conll18_ud_eval.py 1.2, because code that imports
the original (stanza, UDPipe and trankit training loops) reads them: ``ud.words[i].columns``,
``word.span.start``, ``score.f1`` and so on. ``__slots__`` keeps one word small, which is what
bounds memory on large corpora.
"""
from __future__ import annotations

from typing import Optional

from jp_shims.errors import InputError

# Column indices of a CoNLL-U line.
ID, FORM, LEMMA, UPOS, XPOS, FEATS, HEAD, DEPREL, DEPS, MISC = range(10)

CONTENT_DEPRELS = frozenset({
    "nsubj", "obj", "iobj", "csubj", "ccomp", "xcomp", "obl", "vocative", "expl", "dislocated",
    "advcl", "advmod", "discourse", "nmod", "appos", "nummod", "acl", "amod", "conj", "fixed",
    "flat", "compound", "list", "parataxis", "orphan", "goeswith", "reparandum", "root", "dep",
})

FUNCTIONAL_DEPRELS = frozenset({"aux", "cop", "mark", "det", "clf", "case", "cc"})

UNIVERSAL_FEATURES = frozenset({
    "PronType", "NumType", "Poss", "Reflex", "Foreign", "Abbr", "Gender", "Animacy", "Number",
    "Case", "Definite", "Degree", "VerbForm", "Mood", "Tense", "Aspect", "Voice", "Evident",
    "Polarity", "Person", "Polite",
})

METRICS = ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags", "Lemmas",
           "UAS", "LAS", "CLAS", "MLAS", "BLEX")
# The current UD scorer's metrics, in the order of its ``evaluate`` result.
ENHANCED_METRICS = ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags", "Lemmas",
                    "UAS", "LAS", "ELAS", "EULAS", "CLAS", "MLAS", "BLEX")


class UDError(InputError):
    """A CoNLL-U format error or a character mismatch (the original's exception).

    ``str(error)`` is exactly the original's message. ``path`` (also ``file``) and ``line``
    say where the problem was found (None when unknown); JP mode prints them, legacy mode
    does not. It is jp-shims' one input error (:class:`jp_shims.errors.InputError`), so the
    shared runner reports it as ``PROG: error: FILE:LINE: message``.
    """

    def __init__(self, message: str, path: Optional[str] = None, line: Optional[int] = None):
        super().__init__(path, line, message)

    @property
    def path(self) -> Optional[str]:
        return self.file

    @path.setter
    def path(self, value: Optional[str]) -> None:
        self.file = None if value is None else str(value)

    def __str__(self) -> str:
        return self.message


class UDSpan:
    """Character span ``[start, end)`` in the space-free character stream of a file."""

    __slots__ = ("start", "end", "line")

    def __init__(self, start: int, end: int, line: Optional[int] = None):
        self.start = start
        self.end = end
        self.line = line  # where the token or sentence starts (the current scorer's ``.line``)

    def __repr__(self) -> str:
        return f"UDSpan({self.start}, {self.end})"


class UDWord:
    """One syntactic word. ``columns[FEATS]`` keeps only universal features (sorted) and
    ``columns[DEPREL]`` drops the subtype, as in the original; ``span`` is the span of the
    word's token (shared by all words of a multi-word token)."""

    __slots__ = ("span", "columns", "is_multiword", "parent", "functional_children",
                 "is_content_deprel", "is_functional_deprel", "line")

    def __init__(self, span: UDSpan, columns: list, is_multiword: bool, line: int = 0):
        self.span = span
        self.columns = columns
        self.is_multiword = is_multiword
        self.parent: Optional[UDWord] = None
        self.functional_children: list = []
        deprel = columns[DEPREL]
        self.is_content_deprel = deprel in CONTENT_DEPRELS
        self.is_functional_deprel = deprel in FUNCTIONAL_DEPRELS
        self.line = line

    def __repr__(self) -> str:
        return f"UDWord({self.columns[FORM]!r}, span={self.span!r})"


class Sentence:
    """One sentence as read from a file: its tokens (spans, FORMs without Zs characters, the
    line each came from), its words, and its span. The unit the streaming evaluator buffers."""

    __slots__ = ("span", "tokens", "token_forms", "token_lines", "words", "first_line")

    def __init__(self, span: UDSpan, tokens: list, token_forms: list, token_lines: list,
                 words: list, first_line: int):
        self.span = span
        self.tokens = tokens
        self.token_forms = token_forms
        self.token_lines = token_lines
        self.words = words
        self.first_line = first_line

    @property
    def text(self) -> str:
        """The sentence's space-free characters."""
        return "".join(self.token_forms)


class UDRepresentation:
    """A whole loaded file, as ``load_conllu`` of the original returns it."""

    def __init__(self, sentence_records: list, path: Optional[str] = None):
        self.sentence_records = sentence_records
        self.path = path  # the file it was read from (the current UD scorer's ``.path``)
        self.tokens = [token for s in sentence_records for token in s.tokens]
        self.words = [word for s in sentence_records for word in s.words]
        self.sentences = [s.span for s in sentence_records]
        self._characters: Optional[list] = None

    @property
    def characters(self) -> list:
        """Every character of every token, in order (built on first use: it is large)."""
        if self._characters is None:
            self._characters = [c for s in self.sentence_records for form in s.token_forms for c in form]
        return self._characters


class Score:
    """Counts of one metric and the ratios the original derives from them. A plain object
    (no slots), because callers serialise ``score.__dict__``."""

    def __init__(self, gold_total: int, system_total: int, correct: int,
                 aligned_total: Optional[int] = None):
        self.correct = correct
        self.gold_total = gold_total
        self.system_total = system_total
        self.aligned_total = aligned_total
        self.precision = correct / system_total if system_total else 0.0
        self.recall = correct / gold_total if gold_total else 0.0
        self.f1 = 2 * correct / (system_total + gold_total) if system_total + gold_total else 0.0
        # The original keeps None as None and 0 as 0 (an int), which the -v table relies on.
        self.aligned_accuracy = correct / aligned_total if aligned_total else aligned_total

    def __repr__(self) -> str:
        return (f"Score(gold_total={self.gold_total}, system_total={self.system_total}, "
                f"correct={self.correct}, aligned_total={self.aligned_total})")
