"""Alignment, merging and classification rules on small hand-made analyses."""
from __future__ import annotations

import pytest

from jp_errant.annotate.alignment import AlignOp, align, substitution_cost
from jp_errant.annotate.annotator import Annotator, classifier_for
from jp_errant.annotate.classify_en import EnglishClassifier
from jp_errant.annotate.classify_generic import GenericClassifier
from jp_errant.annotate.edits import EditSpan
from jp_errant.annotate.merging import edit_spans
from jp_errant.annotate.stemmer import stem
from jp_errant.annotate.tokens import Token
from jp_errant.annotate.wordlist import load_word_list

WORDS = load_word_list()
EN = EnglishClassifier(WORDS)


def tok(text, upos, lemma=None, xpos="_", feats="_", deprel="dep", head=-1):
    return Token(text, lemma or text.lower(), upos, xpos, feats, deprel, head)


def one_to_one(o: Token, c: Token, classifier=EN) -> str:
    return classifier.classify(EditSpan((o,), (c,), 0, 1, 0, 1))


def spans(orig, cor, strategy="rules", lev=False):
    return [(s.o_start, s.o_end, s.c_start, s.c_end) for s in edit_spans(align(orig, cor, lev), orig, cor, strategy)]


def test_word_list_is_the_shipped_scowl_list():
    assert {"receive", "colour", "color", "organise", "organize"} <= WORDS
    assert "recieve" not in WORDS and 30000 < len(WORDS) < 60000


def test_linguistic_substitution_cost_prefers_same_lemma():
    eat, ate, table = tok("eat", "VERB"), tok("ate", "VERB", "eat"), tok("table", "NOUN")
    assert substitution_cost(eat, ate) < substitution_cost(eat, table)


def test_reordering_is_one_transposition_classified_wo():
    orig = [tok("I", "PRON"), tok("like", "VERB"), tok("very", "ADV"), tok("much", "ADV"), tok("it", "PRON")]
    cor = [orig[0], orig[1], orig[4], orig[2], orig[3]]
    ops = align(orig, cor)
    assert [op.op for op in ops] == ["M", "M", "T3"]
    edits = Annotator(classifier_for("en")).annotate(orig, cor)
    assert [(e.start, e.end, e.type, e.correction) for e in edits] == [(2, 5, "R:WO", "it very much")]


def test_capitalised_first_word_merges_with_what_precedes_it():
    orig = [tok("Cat", "NOUN", "cat"), tok("sat", "VERB", "sit")]
    cor = [tok("The", "DET", "the", deprel="det"), tok("big", "ADJ", deprel="amod"), tok("cat", "NOUN"), orig[1]]
    assert spans(orig, cor) == [(0, 1, 0, 3)]
    assert spans(orig, cor, "all-split") == [(0, 0, 0, 1), (0, 0, 1, 2), (0, 1, 2, 3)]


def test_merging_strategies_on_mssdi():
    # errant's own illustration: M S S D I -> all-split M,S,S,D,I; all-merge SSDI; all-equal SS,D,I.
    ops = [AlignOp("M", 0, 1, 0, 1), AlignOp("S", 1, 2, 1, 2), AlignOp("S", 2, 3, 2, 3),
           AlignOp("D", 3, 4, 3, 3), AlignOp("I", 4, 4, 3, 4)]

    def run(strategy):
        return [(s.o_start, s.o_end, s.c_start, s.c_end) for s in edit_spans(ops, (), (), strategy)]

    assert run("all-split") == [(1, 2, 1, 2), (2, 3, 2, 3), (3, 4, 3, 3), (4, 4, 3, 4)]
    assert run("all-merge") == [(1, 4, 1, 4)]
    assert run("all-equal") == [(1, 3, 1, 3), (3, 4, 3, 3), (4, 4, 3, 4)]


def test_standard_levenshtein_option_ignores_linguistics():
    orig = [tok("a", "X"), tok("b", "X"), tok("c", "X"), tok("d", "X")]
    cor = [tok("a", "X"), tok("B1", "X"), tok("C1", "X"), tok("e", "X")]
    assert [op.op for op in align(orig, cor, lev=True)] == ["M", "S", "S", "S"]


@pytest.mark.parametrize("o, c, expected", [
    (tok("london", "PROPN"), tok("London", "PROPN"), "R:ORTH"),
    (tok("recieve", "VERB"), tok("receive", "VERB"), "R:SPELL"),
    (tok("cat", "NOUN", xpos="NN"), tok("cats", "NOUN", "cat", xpos="NNS"), "R:NOUN:NUM"),
    (tok("go", "VERB", xpos="VBP"), tok("goes", "VERB", "go", xpos="VBZ"), "R:VERB:SVA"),
    (tok("go", "VERB", feats="Mood=Ind|Tense=Pres|VerbForm=Fin"),
     tok("went", "VERB", "go", feats="Mood=Ind|Tense=Past|VerbForm=Fin"), "R:VERB:TENSE"),
    (tok("eat", "VERB", feats="VerbForm=Inf"), tok("eating", "VERB", "eat", feats="VerbForm=Ger"), "R:VERB:FORM"),
    (tok("was", "AUX", "be"), tok("were", "AUX", "be"), "R:VERB:SVA"),
    (tok("'s", "AUX", "be"), tok("is", "AUX", "be"), "R:CONTR"),
    (tok("'", "PART", xpos="POS", deprel="case"), tok("'s", "PART", xpos="POS", deprel="case"), "R:NOUN:POSS"),
    (tok("quick", "ADJ"), tok("quickly", "ADV"), "R:MORPH"),
    (tok("a", "DET", deprel="det"), tok("the", "DET", deprel="det"), "R:DET"),
    (tok("in", "ADP", deprel="case"), tok("on", "ADP", deprel="case"), "R:ADP"),
    (tok("and", "CCONJ"), tok("but", "CCONJ"), "R:CCONJ"),
    (tok("other", "ADJ"), tok("another", "DET"), "R:DET"),
    (tok("the", "DET", deprel="det"), tok("his", "PRON", "he", deprel="nmod:poss"), "R:DET"),
    (tok("cat", "NOUN"), tok("cat", "NOUN"), "UNK"),
])
def test_english_one_to_one_types(o, c, expected):
    assert one_to_one(o, c) == expected


def test_errant_labels_rename_adpositions_and_conjunctions():
    errant = EnglishClassifier(WORDS, labels="errant")
    assert one_to_one(tok("in", "ADP", deprel="case"), tok("on", "ADP", deprel="case"), errant) == "R:PREP"
    assert one_to_one(tok("and", "CCONJ"), tok("but", "CCONJ"), errant) == "R:CONJ"
    assert one_to_one(tok("because", "SCONJ"), tok("although", "SCONJ"), errant) == "R:PREP"


def test_auxiliary_verbs_missing_are_tense():
    edit = EditSpan((), (tok("has", "AUX", "have", deprel="aux"),), 0, 0, 0, 1)
    assert EN.classify(edit) == "M:VERB:TENSE"


def test_main_verb_after_auxiliary_is_form_not_tense():
    orig = (tok("has", "AUX", "have", deprel="aux", head=1), tok("ate", "VERB", "eat", xpos="VBD"))
    cor = (tok("has", "AUX", "have", deprel="aux", head=1), tok("eaten", "VERB", "eat", xpos="VBN"))
    assert EN.classify(EditSpan(orig, cor, 1, 2, 1, 2)) == "R:VERB:FORM"


def test_generic_scheme_is_operation_by_upos():
    generic = GenericClassifier()
    assert one_to_one(tok("책", "NOUN"), tok("책을", "NOUN"), generic) == "R:NOUN"
    assert one_to_one(tok("很", "ADV"), tok("的", "PART"), generic) == "R:OTHER"
    assert generic.classify(EditSpan((), (tok("。", "PUNCT"),), 0, 0, 0, 1)) == "M:PUNCT"
    assert generic.classify(EditSpan((tok("了", "PART"),), (), 0, 1, 0, 0)) == "U:PART"


def test_stemmer_relates_derivations_only():
    assert stem("happy") == stem("happiness")
    assert stem("quick") == stem("quickly")
    assert stem("begin") == stem("beginning")
    assert stem("cat") != stem("car")


def test_minimised_gold_edit_drops_shared_tokens():
    orig = (tok("a", "X"), tok("b", "X"), tok("c", "X"))
    cor = (tok("a", "X"), tok("B", "X"), tok("c", "X"))
    edit = EditSpan(orig, cor, 0, 3, 0, 3).minimised()
    assert (edit.o_start, edit.o_end, edit.c_start, edit.c_end) == (1, 2, 1, 2)
