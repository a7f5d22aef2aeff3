"""English error types (Bryant et al. 2017) expressed over UD POS tags and relations.

The type is ``OP:CATEGORY``: OP is M (missing: only the correction has tokens), U
(unnecessary: only the original has) or R (replacement); CATEGORY is a part of speech or one
of the special categories (ORTH, SPELL, WO, MORPH, CONTR, NOUN:NUM, NOUN:POSS, NOUN:INFL,
VERB:FORM, VERB:TENSE, VERB:SVA, VERB:INFL, ADJ:FORM, OTHER; UNK when nothing changed).

errant reads spaCy's Penn Treebank tags and ClearNLP relations; here every test is phrased
over Universal Dependencies (UPOS, features, UD relations), with Penn tags from ``xpos`` used
only as an alternative where an English UD pipeline provides them. Part-of-speech categories
use UD names (``ADP``, ``CCONJ``, ``SCONJ``); AUX is folded into VERB and PROPN into NOUN
because errant's verb and noun families (VERB:TENSE, NOUN:NUM ...) cover them.
``labels="errant"`` renames categories as errant does (ADP and SCONJ -> PREP, CCONJ -> CONJ).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rapidfuzz.distance import Indel

from .edits import EditSpan
from .merging import is_possessive
from .stemmer import stem
from .tokens import Token, children

LABEL_SCHEMES = ("ud", "errant")
OPEN_CATEGORIES = frozenset({"ADJ", "ADV", "NOUN", "VERB"})
RARE_CATEGORIES = frozenset({"INTJ", "NUM", "SYM", "X"})
CONTRACTIONS = frozenset({"'d", "'ll", "'m", "n't", "'re", "'s", "'ve"})
AUX_CONTRACTIONS = {"ca": "can", "sha": "shall", "wo": "will"}
_UD_RENAMES = {"AUX": "VERB", "PROPN": "NOUN"}
_ERRANT_RENAMES = {**_UD_RENAMES, "ADP": "PREP", "SCONJ": "PREP", "CCONJ": "CONJ"}
# Relations whose dependent has a predictable category whatever its tag.
_RELATION_CATEGORIES = {"amod": "ADJ", "advmod": "ADV", "det": "DET", "case": "ADP",
                        "compound:prt": "PART", "punct": "PUNCT"}
# errant reads its parts of speech off Penn tags through its own map, which makes possessive
# and wh- determiners (my, whose, which/that) determiners and particles (give *up*) PART;
# UD calls the first PRON (relative "that": PRON or SCONJ) and the last ADP or ADV. The Penn
# tag decides where the pipeline gives one; else possessive pronouns (Poss=Yes) are DET.
_PENN_CATEGORIES = {"PRP$": "DET", "WP$": "DET", "WDT": "DET", "RP": "PART"}
_OBJECT_RELATIONS = frozenset({"nsubj", "obj", "iobj", "obl"})
_POSSESSIVE_RELATIONS = frozenset({"nmod:poss", "det:poss"})


@dataclass(frozen=True)
class EnglishClassifier:
    """Classifies English edits. ``words``: the spelling word list (see wordlist.py)."""

    words: frozenset[str]
    labels: str = "ud"

    def classify(self, edit: EditSpan) -> str:
        o_toks, c_toks = edit.o_toks, edit.c_toks
        if not o_toks and not c_toks:
            return "UNK"
        if not o_toks:
            return "M:" + self._one_sided(c_toks)
        if not c_toks:
            return "U:" + self._one_sided(o_toks)
        if edit.o_str == edit.c_str:
            return "UNK"
        # A case change on the last token of a longer edit is a side effect of the real
        # change before it ([, since -> . Since], [Doctor -> The doctor]).
        if o_toks[-1].lower == c_toks[-1].lower and (len(o_toks) > 1 or len(c_toks) > 1):
            return self.classify(edit.without_last())
        return "R:" + self._two_sided(edit)

    # -- categories ---------------------------------------------------------------------

    def category(self, token: Token) -> str:
        penn = _PENN_CATEGORIES.get(token.xpos)
        if penn:
            return penn
        if token.upos == "PRON" and token.feature("Poss") == "Yes":
            return "DET"
        renames = _ERRANT_RENAMES if self.labels == "errant" else _UD_RENAMES
        return renames.get(token.upos, token.upos)

    def _relation_category(self, relation: str) -> str | None:
        category = _RELATION_CATEGORIES.get(relation)
        if category == "ADP" and self.labels == "errant":
            return "PREP"
        return category

    def _adposition(self) -> str:
        return "PREP" if self.labels == "errant" else "ADP"

    # -- one-sided edits ----------------------------------------------------------------

    def _one_sided(self, toks: Sequence[Token]) -> str:
        if len(toks) == 1:
            token = toks[0]
            if is_possessive(token):
                return "NOUN:POSS"
            if token.lower in CONTRACTIONS:
                return "CONTR"
            # Infinitival "to" (a PART marking a verb, not a preposition) is verb form.
            if token.lower == "to" and token.upos == "PART" and token.relation != "case":
                return "VERB:FORM"
        categories = [self.category(t) for t in toks]
        relations = [_relation_key(t) for t in toks]
        if all(t.relation == "aux" for t in toks):
            return "VERB:TENSE"
        if len(set(categories)) == 1 and categories[0] not in RARE_CATEGORIES:
            return categories[0]
        if len(set(relations)) == 1 and (category := self._relation_category(relations[0])):
            return category
        if set(categories) == {"PART", "VERB"}:
            return "VERB"
        return "OTHER"

    # -- replacements -------------------------------------------------------------------

    def _two_sided(self, edit: EditSpan) -> str:
        o_toks, c_toks = edit.o_toks, edit.c_toks
        if "".join(t.lower for t in o_toks) == "".join(t.lower for t in c_toks):
            return "ORTH"
        if sorted(t.lower for t in o_toks) == sorted(t.lower for t in c_toks):
            return "WO"
        if len(o_toks) == len(c_toks) == 1:
            return self._one_to_one(edit, o_toks[0], c_toks[0])
        return self._many(o_toks, c_toks)

    def _one_to_one(self, edit: EditSpan, o: Token, c: Token) -> str:
        o_cat, c_cat = self.category(o), self.category(c)
        # 1. Special cases.
        if is_possessive(o) or is_possessive(c):
            return "NOUN:POSS"
        if (o.lower in CONTRACTIONS or c.lower in CONTRACTIONS) and o_cat == c_cat:
            return "CONTR"
        if AUX_CONTRACTIONS.get(o.lower) == c.lower or AUX_CONTRACTIONS.get(c.lower) == o.lower:
            return "CONTR"
        if o.lower in AUX_CONTRACTIONS or c.lower in AUX_CONTRACTIONS:
            return "VERB:TENSE"
        if {o.lower, c.lower} == {"was", "were"}:
            return "VERB:SVA"
        # 2. Spelling and inflection: an unknown alphabetic original word.
        if o.text.isalpha() and o.text not in self.words and o.lower not in self.words:
            if _same_lemma(o, c):
                if o_cat == c_cat and o_cat in ("NOUN", "VERB"):
                    return o_cat + ":INFL"
                return "MORPH"
            if Indel.normalized_similarity(o.text, c.text) > 0.5:
                return "SPELL"
            if o_cat == c_cat and o_cat not in RARE_CATEGORIES:
                return o_cat
            return "OTHER"
        # 3. Morphology: same lemma, open classes.
        if _same_lemma(o, c) and o_cat in OPEN_CATEGORIES and c_cat in OPEN_CATEGORIES:
            return self._same_lemma(edit, o, c, o_cat, c_cat)
        if stem(o.text) == stem(c.text) and o_cat in OPEN_CATEGORIES and c_cat in OPEN_CATEGORIES:
            return "MORPH"
        # 4. General.
        if o.relation == "aux" and c.relation == "aux":
            return "VERB:TENSE"
        if o_cat == c_cat and o_cat not in RARE_CATEGORIES:
            return o_cat
        o_rel, c_rel = _relation_key(o), _relation_key(c)
        if o_rel == c_rel and (category := self._relation_category(o_rel)):
            return category
        if {o_cat, c_cat} == {"PART", self._adposition()} or {o_rel, c_rel} == {"compound:prt", "case"}:
            return "PART"
        if {o_cat, c_cat} == {"DET", "PRON"}:
            if c.deprel in _POSSESSIVE_RELATIONS:
                return "DET"
            if c.relation in _OBJECT_RELATIONS:
                return "PRON"
        if {o_cat, c_cat} == {"NUM", "DET"}:
            return "DET"
        if {o.lower, c.lower} == {"other", "another"}:
            return "DET"
        if o.lower == "your" and c.lower == "yours":
            return "PRON"
        return "OTHER"

    def _same_lemma(self, edit: EditSpan, o: Token, c: Token, o_cat: str, c_cat: str) -> str:
        if o_cat == c_cat:
            if o_cat == "ADJ":
                return "ADJ:FORM"
            if o_cat == "NOUN":
                return "NOUN:NUM"
            if o_cat == "VERB":
                if _preceded_by_aux(edit):
                    return "VERB:FORM"
                if _nonfinite(o) or _nonfinite(c):
                    return "VERB:FORM"
                if _past_finite(o) or _past_finite(c):
                    return "VERB:TENSE"
                if _third_singular_present(o) or _third_singular_present(c):
                    return "VERB:SVA"
                if o.relation == "aux" and c.relation == "aux":
                    return "VERB:TENSE"
        if {o.relation, c.relation} == {"amod"}:
            return "ADJ:FORM"
        if o_cat == "ADJ" and _plural_noun(c):
            return "NOUN:NUM"
        if _nonfinite(c):
            return "VERB:FORM"
        if _past_finite(c):
            return "VERB:TENSE"
        if _third_singular_present(c):
            return "VERB:SVA"
        return "MORPH"

    def _many(self, o_toks: Sequence[Token], c_toks: Sequence[Token]) -> str:
        categories = [self.category(t) for t in (*o_toks, *c_toks)]
        relations = [_relation_key(t) for t in (*o_toks, *c_toks)]
        if all(t.relation == "aux" for t in (*o_toks, *c_toks)):
            return "VERB:TENSE"
        if len(set(categories)) == 1:
            if categories[0] == "VERB" and _same_lemma(o_toks[-1], c_toks[-1]):
                return "VERB:TENSE"
            if categories[0] not in RARE_CATEGORIES:
                return categories[0]
        if len(set(relations)) == 1 and (category := self._relation_category(relations[0])):
            return category
        if set(categories) == {"PART", "VERB"}:
            return "VERB:FORM" if _same_lemma(o_toks[-1], c_toks[-1]) else "VERB"
        o_cats = [self.category(t) for t in o_toks]
        c_cats = [self.category(t) for t in c_toks]
        if ((o_cats == ["NOUN", "PART"] or c_cats == ["NOUN", "PART"])
                and _same_lemma(o_toks[0], c_toks[0])):
            return "NOUN:POSS"
        if ((o_toks[0].lower in ("most", "more") or c_toks[0].lower in ("most", "more"))
                and _same_lemma(o_toks[-1], c_toks[-1]) and len(o_toks) <= 2 and len(c_toks) <= 2):
            return "ADJ:FORM"
        return "OTHER"


def _same_lemma(a: Token, b: Token) -> bool:
    """Lemmas compared without case: errant's spaCy lemmas are lower case but for proper
    nouns, and a capitalised common noun that a tagger calls PROPN keeps its case in stanza's
    lemma (Bike -> bikes is noun number)."""
    return a.lemma.lower() == b.lemma.lower()


def _relation_key(token: Token) -> str:
    """The relation as the category table knows it (``compound:prt`` kept whole)."""
    return token.deprel if token.deprel == "compound:prt" else token.relation


def _nonfinite(token: Token) -> bool:
    """Gerund or participle (Penn VBG/VBN)."""
    return token.xpos in ("VBG", "VBN") or token.feature("VerbForm") in ("Ger", "Part")


def _past_finite(token: Token) -> bool:
    """Finite past tense (Penn VBD)."""
    if token.xpos == "VBD":
        return True
    return token.feature("VerbForm") == "Fin" and token.feature("Tense") == "Past"


def _third_singular_present(token: Token) -> bool:
    """Third person singular present (Penn VBZ)."""
    if token.xpos == "VBZ":
        return True
    return (token.feature("Tense") == "Pres" and token.feature("Person") == "3"
            and token.feature("Number") == "Sing")


def _plural_noun(token: Token) -> bool:
    return token.xpos in ("NNS", "NNPS") or (token.upos in ("NOUN", "PROPN")
                                             and token.feature("Number") == "Plur")


def _preceded_by_aux(edit: EditSpan) -> bool:
    """True when both verbs come after an auxiliary, so tense/agreement sit on the aux."""
    o_index, c_index = edit.o_start, edit.c_start
    o, c = edit.orig[o_index], edit.cor[c_index]
    if o.relation == "aux" and c.relation == "aux":
        # An auxiliary that is not the first one of its verb group is itself "preceded".
        return (not _is_first_aux(edit.orig, o_index)) and (not _is_first_aux(edit.cor, c_index))
    return _has_aux_child(edit.orig, o_index) and _has_aux_child(edit.cor, c_index)


def _is_first_aux(tokens: Sequence[Token], index: int) -> bool:
    head = tokens[index].head
    if head < 0:
        return True
    for child in children(tokens, head):
        if tokens[child].relation == "aux":
            return tokens[child].text == tokens[index].text
    return True


def _has_aux_child(tokens: Sequence[Token], index: int) -> bool:
    return any(tokens[child].relation == "aux" for child in children(tokens, index))
