"""Edit spans and types on the examples of errant's paper and the jp-errant memoir.

The analyses are written out here as stanza ``Document`` objects (stanza builds them from
CoNLL-U-like dicts without any model), so the tests exercise the same conversion the stanza
backend uses, without a model download.
"""
from __future__ import annotations


from tests.extras import import_or_skip, needs

stanza = import_or_skip("stanza", "stanza")
pytestmark = needs("stanza", "stanza")

from jp_errant.annotate.annotator import Annotator, classifier_for  # noqa: E402
from jp_errant.annotate.backend import tokens_from_stanza_document  # noqa: E402
from jp_errant.m2_records import format_edit  # noqa: E402


def analysed(rows: str):
    """Tokens from lines ``text lemma upos xpos feats head deprel`` (one word per line)."""
    words = []
    for number, line in enumerate(rows.strip().splitlines(), start=1):
        text, lemma, upos, xpos, feats, head, deprel = line.split()
        words.append({"id": number, "text": text, "lemma": lemma, "upos": upos, "xpos": xpos,
                      "feats": feats, "head": int(head), "deprel": deprel})
    return tokens_from_stanza_document(stanza.Document([words]))


def m2_lines(orig: str, cor: str, lang: str = "en", labels: str = "ud", **options) -> list[str]:
    annotator = Annotator(classifier_for(lang, labels), **options)
    return [format_edit(edit) for edit in annotator.annotate(analysed(orig), analysed(cor))]


DIFFICULT_ORIG = """
It it PRON PRP Case=Nom|Gender=Neut|Number=Sing|Person=3|PronType=Prs 3 nsubj
's be AUX VBZ Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 3 cop
difficult difficult ADJ JJ Degree=Pos 0 root
answer answer VERB VB VerbForm=Inf 3 xcomp
at at ADP IN _ 7 case
the the DET DT Definite=Def|PronType=Art 7 det
question question NOUN NN Number=Sing 4 obl
"""
DIFFICULT_COR = """
It it PRON PRP Case=Nom|Gender=Neut|Number=Sing|Person=3|PronType=Prs 3 expl
's be AUX VBZ Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 3 cop
difficult difficult ADJ JJ Degree=Pos 0 root
to to PART TO _ 5 mark
answer answer VERB VB VerbForm=Inf 3 csubj
the the DET DT Definite=Def|PronType=Art 7 det
question question NOUN NN Number=Sing 5 obj
"""


def test_missing_infinitival_to_and_unnecessary_preposition():
    assert m2_lines(DIFFICULT_ORIG, DIFFICULT_COR) == [
        "A 3 3|||M:VERB:FORM|||to|||REQUIRED|||-NONE-|||0",
        "A 4 5|||U:ADP||||||REQUIRED|||-NONE-|||0",
    ]


def test_errant_labels_name_the_preposition_prep():
    lines = m2_lines(DIFFICULT_ORIG, DIFFICULT_COR, labels="errant")
    assert lines[1] == "A 4 5|||U:PREP||||||REQUIRED|||-NONE-|||0"


EMAIL_ORIG = """
Thank thank VERB VBP Mood=Ind|Tense=Pres|VerbForm=Fin 0 root
you you PRON PRP Case=Acc|Person=2|PronType=Prs 1 obj
for for ADP IN _ 7 case
your you PRON PRP$ Person=2|Poss=Yes|PronType=Prs 7 nmod:poss
e e NOUN NN Number=Sing 7 compound
- - PUNCT HYPH _ 7 punct
mail mail NOUN NN Number=Sing 1 obl
, , PUNCT , _ 11 punct
it it PRON PRP Case=Nom|Gender=Neut|Number=Sing|Person=3|PronType=Prs 11 nsubj
was be AUX VBD Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin 11 cop
wonderful wonderful ADJ JJ Degree=Pos 1 parataxis
"""
EMAIL_COR = """
Thank thank VERB VBP Mood=Ind|Tense=Pres|VerbForm=Fin 0 root
you you PRON PRP Case=Acc|Person=2|PronType=Prs 1 obj
for for ADP IN _ 7 case
his he PRON PRP$ Gender=Masc|Number=Sing|Person=3|Poss=Yes|PronType=Prs 7 nmod:poss
e e NOUN NN Number=Sing 7 compound
- - PUNCT HYPH _ 7 punct
mail mail NOUN NN Number=Sing 1 obl
. . PUNCT . _ 1 punct
It it PRON PRP Case=Nom|Gender=Neut|Number=Sing|Person=3|PronType=Prs 3 nsubj
was be AUX VBD Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin 3 cop
wonderful wonderful ADJ JJ Degree=Pos 0 root
"""


def test_pronoun_and_punctuation_with_case_change_merged():
    assert m2_lines(EMAIL_ORIG, EMAIL_COR) == [
        "A 3 4|||R:DET|||his|||REQUIRED|||-NONE-|||0",  # errant: PRP$ is a determiner
        "A 7 9|||R:PUNCT|||. It|||REQUIRED|||-NONE-|||0",
    ]


def test_all_split_keeps_the_case_change_apart():
    lines = m2_lines(EMAIL_ORIG, EMAIL_COR, merge="all-split")
    assert [line.split("|||")[0] for line in lines] == ["A 3 4", "A 7 8", "A 8 9"]
    assert lines[2].split("|||")[1] == "R:ORTH"


# Korean (UD Korean: one word per eojeol, tagged by its head morpheme): the locative particle
# is missing on 학교 and the final full stop is missing.
KOREAN_ORIG = """
저는 저+는 PRON NP+JX _ 4 nsubj
어제 어제 NOUN NNG _ 4 obl
학교 학교 NOUN NNG _ 4 obl
갔어요 가+았+어요 VERB VV+EP+EF _ 0 root
"""
KOREAN_COR = """
저는 저+는 PRON NP+JX _ 4 nsubj
어제 어제 NOUN NNG _ 4 obl
학교에 학교+에 NOUN NNG+JKB _ 4 obl
갔어요 가+았+어요 VERB VV+EP+EF _ 0 root
. . PUNCT SF _ 4 punct
"""


def test_korean_generic_types():
    assert m2_lines(KOREAN_ORIG, KOREAN_COR, lang="ko") == [
        "A 2 3|||R:NOUN|||학교에|||REQUIRED|||-NONE-|||0",
        "A 4 4|||M:PUNCT|||.|||REQUIRED|||-NONE-|||0",
    ]


# Chinese: 很 -> 非常 (adverb choice), a superfluous 的, a missing full stop.
CHINESE_ORIG = """
我 我 PRON PRP _ 3 nsubj
很 很 ADV RB _ 3 advmod
喜欢 喜欢 VERB VV _ 0 root
看 看 VERB VV _ 6 acl
的 的 PART DEC _ 4 mark:rel
书 书 NOUN NN _ 3 obj
"""
CHINESE_COR = """
我 我 PRON PRP _ 3 nsubj
非常 非常 ADV RB _ 3 advmod
喜欢 喜欢 VERB VV _ 0 root
看 看 VERB VV _ 3 ccomp
书 书 NOUN NN _ 4 obj
。 。 PUNCT . _ 3 punct
"""


def test_chinese_generic_types():
    assert m2_lines(CHINESE_ORIG, CHINESE_COR, lang="zh") == [
        "A 1 2|||R:ADV|||非常|||REQUIRED|||-NONE-|||0",
        "A 4 5|||U:PART||||||REQUIRED|||-NONE-|||0",
        "A 6 6|||M:PUNCT|||。|||REQUIRED|||-NONE-|||0",
    ]
