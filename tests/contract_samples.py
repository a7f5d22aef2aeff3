"""Inputs of the contract test, one entry per registered tool (tests/test_contract.py).

Each :class:`Sample` gives, in the tool's own formats: a gold file of three units, a system
file that lines up with it, the same system without its middle unit, a file of another
format, and how to read recall from the tool's JSON scores. A tool registered in
``jp_shims.registry`` without an entry here fails the contract test.
"""
from __future__ import annotations

from typing import Callable, Dict, List, NamedTuple, Optional, Sequence


class Sample(NamedTuple):
    gold: str
    system: str
    dropped: str  # ``system`` without its middle unit
    wrong_format: Optional[str]  # a file of another format (None: the tool reads any text)
    recall: Callable[[dict], float]  # recall (or its analogue) from the JSON ``scores``
    options: Sequence[str] = ()  # the tool's own options the runs need


PLAIN = "The cat sat on the mat .\nIt was a sunny day .\nEveryone went home early .\n"
PLAIN_DROPPED = "The cat sat on the mat .\nEveryone went home early .\n"

M2_SENTENCES = (
    "S The cat sit on the mat .\nA 2 3|||R:VERB:SVA|||sat|||REQUIRED|||-NONE-|||0\n\n",
    "S It were a sunny day .\nA 1 2|||R:VERB:SVA|||was|||REQUIRED|||-NONE-|||0\n\n",
    "S Everyone go home early .\nA 1 2|||R:VERB:SVA|||went|||REQUIRED|||-NONE-|||0\n\n",
)
ZH_M2_SENTENCES = (  # character-tokenized, as ChERRANT's char-level M2
    "S 我 去 学 校 。\nA 1 1|||M|||要|||REQUIRED|||-NONE-|||0\n\n",
    "S 他 来 了 。\nA 1 2|||S|||去|||REQUIRED|||-NONE-|||0\n\n",
    "S 天 气 很 好 。\nA 2 3|||R|||-NONE-|||REQUIRED|||-NONE-|||0\n\n",
)
NER_GOLD = ("Anna\tB-PER\nHolm\tI-PER\nvisited\tO\nOslo\tB-LOC\n.\tO\n\n"
            "It\tO\nrained\tO\nin\tO\nBergen\tB-LOC\n.\tO\n\n"
            "Erik\tB-PER\nleft\tO\n.\tO\n\n")
NER_DROPPED = ("Anna\tB-PER\nHolm\tI-PER\nvisited\tO\nOslo\tB-LOC\n.\tO\n\n"
               "Erik\tB-PER\nleft\tO\n.\tO\n\n")


def _prf_recall(scores: dict) -> float:
    return scores["recall"]

def _conllu_sentence(forms: Sequence[str]) -> str:
    # The first word is the root, every other word depends on it (DEPS as HEAD:DEPREL, so
    # that jp_udeval reads the enhanced graph as well).
    rows = []
    for number, form in enumerate(forms, 1):
        head, relation = (0, "root") if number == 1 else (1, "dep")
        rows.append(f"{number}\t{form}\t{form.lower()}\tX\t_\t_\t{head}\t{relation}\t{head}:{relation}\t_\n")
    return "".join(rows) + "\n"


CONLLU_SENTENCES = [_conllu_sentence(line.split()) for line in PLAIN.splitlines()]
CONLLU = "".join(CONLLU_SENTENCES)
CONLLU_DROPPED = CONLLU_SENTENCES[0] + CONLLU_SENTENCES[2]


def _las_recall(scores: dict) -> float:
    return scores["LAS"]["recall"]


TREES = ("(S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .))\n"
         "(S (NP (PRP It)) (VP (VBD was) (NP (DT a) (JJ sunny) (NN day))) (. .))\n"
         "(S (NP (NN Everyone)) (VP (VBD went) (ADVP (RB home) (RB early))) (. .))\n")
TREES_DROPPED = "".join(TREES.splitlines(keepends=True)[0::2])
M2 = "S The cat sat on the mat .\nA 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n\n"


def evalb_recall(scores: dict) -> float:
    return scores["summary"]["all"]["recall"]


M2_GOLD_SENTENCES = (
    "S The cat sit on the mat .\nA 2 3|||Vform|||sat|||REQUIRED|||-NONE-|||0\n\n",
    "S It were a sunny day .\nA 1 2|||SVA|||was|||REQUIRED|||-NONE-|||0\n\n",
    "S Everyone go home early .\nA 1 2|||Vt|||went|||REQUIRED|||-NONE-|||0\n\n",
)
M2_SYSTEM = "The cat sat on the mat .\nIt was a sunny day .\nEveryone went home early .\n"
M2_SYSTEM_DROPPED = "The cat sat on the mat .\nEveryone went home early .\n"


SAMPLES: Dict[str, Sample] = {
    "jp_preprocess_eval": Sample(
        gold=PLAIN, system=PLAIN, dropped=PLAIN_DROPPED,
        wrong_format=None,  # plain text: any text is a segmentation
        recall=lambda scores: scores["sentences"]["recall"]),
    "jp_errant_compare": Sample(
        gold="".join(M2_SENTENCES), system="".join(M2_SENTENCES),
        dropped=M2_SENTENCES[0] + M2_SENTENCES[2],
        wrong_format=TREES, recall=_prf_recall,
    ),
    "jp_m2scorer": Sample(
        gold="".join(M2_GOLD_SENTENCES), system=M2_SYSTEM, dropped=M2_SYSTEM_DROPPED,
        wrong_format=TREES, recall=_prf_recall,
    ),
    "jp_conlleval": Sample(
        gold=NER_GOLD, system=NER_GOLD, dropped=NER_DROPPED, wrong_format=TREES,
        recall=lambda scores: scores["recall"],
    ),
    "jp_cherrant_compare": Sample(
        gold="".join(ZH_M2_SENTENCES), system="".join(ZH_M2_SENTENCES),
        dropped=ZH_M2_SENTENCES[0] + ZH_M2_SENTENCES[2],
        wrong_format=TREES, recall=_prf_recall,
    ),
    "jp_conll18_ud_eval": Sample(
        gold=CONLLU, system=CONLLU, dropped=CONLLU_DROPPED, wrong_format=TREES, recall=_las_recall),
    "jp_udeval": Sample(
        gold=CONLLU, system=CONLLU, dropped=CONLLU_DROPPED,
        wrong_format="S The cat sat on the mat .\nA 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n\n",  # M2
        recall=_las_recall),
    # evalb's parameter files: the shipped sets, found by name (jp_evalb.params.BUILTIN_NAMES)
    "jp_evalb": Sample(gold=TREES, system=TREES, dropped=TREES_DROPPED, wrong_format=M2,
                       recall=evalb_recall, options=("-p", "COLLINS")),
    "jp_evalb_spmrl": Sample(gold=TREES, system=TREES, dropped=TREES_DROPPED, wrong_format=M2,
                             recall=evalb_recall, options=("-p", "spmrl")),
}


# --- the other console scripts (jp_shims.registry.COMMANDS) --------------------------------

class WordsOnly:
    """A test double of the annotators' analyser: every word its own lemma, no part of speech
    (enough to write M2; no stanza model is needed)."""

    def parse(self, lines):
        from jp_errant.annotate.tokens import Token

        return [tuple(Token(word, word, "X") for word in line.split()) for line in lines]


def _cherrant_environment() -> Dict[str, str]:
    from tests.datafiles import data_path

    return {"JP_CHERRANT_RESOURCES": str(data_path("zh_gec", "annotator_resources"))}


class CommandSample(NamedTuple):
    """A run of a command that is not on the runner: its inputs' texts, in order, and its
    command line on their paths and an output file (None: the command writes none)."""

    inputs: Sequence[str]
    argv: Callable[[Sequence[str], Optional[str]], List[str]]
    bad_lang: Optional[str] = None  # a value --lang refuses (None: the command takes no --lang)
    backend: Optional[Callable[[], object]] = None  # the analyser's test double, given as backend=
    environment: Callable[[], Dict[str, str]] = dict  # variables the run needs (may skip the test)


COMMAND_SAMPLES: Dict[str, CommandSample] = {
    "jp_errant_parallel": CommandSample(
        inputs=("The cat sit on the mat .\nIt were a sunny day .\n", "The cat sat on the mat .\nIt was a sunny day .\n"),
        argv=lambda paths, out: ["-orig", paths[0], "-cor", paths[1], "-out", out or "out.m2"],
        bad_lang="English", backend=WordsOnly),
    "jp_errant_m2": CommandSample(
        inputs=("".join(M2_SENTENCES),),
        argv=lambda paths, out: ["-gold", paths[0], "-out", out or "out.m2"],
        bad_lang="English", backend=WordsOnly),
    "jp_cherrant_parallel": CommandSample(
        inputs=("1\t我去学校。\t我要去学校。\n2\t他来了。\t他去了。\n",),
        # (--no_simplified: the sample is simplified Chinese already, and the conversion needs
        # OpenCC, of the cherrant extra: the contract holds without it)
        argv=lambda paths, out: ["-f", paths[0], "-o", out or "out.m2", "--no_simplified"],
        environment=_cherrant_environment),
    "jp_wisebe": CommandSample(
        inputs=(PLAIN, PLAIN.replace(" .\n", " . ", 1), PLAIN),
        argv=lambda paths, out: ["-r", paths[0], paths[1], "-c", paths[2], *(["--report", out] if out else [])],
        bad_lang="xx"),
}


# How each scorer's command line names its two inputs (the tools' own conventions: errant's
# and ChERRANT's -ref/-hyp options, m2scorer's SYSTEM GOLD, everyone else's GOLD SYSTEM).
NAMED_INPUTS = {
    "jp_errant_compare": ("-ref", "-hyp"),
    "jp_cherrant_compare": ("-ref", "-hyp"),
}


SYSTEM_FIRST = {"jp_m2scorer"}


def command_line(name: str, gold: str, system: str, options: Sequence[str] = ()) -> List[str]:
    """A command line of the registered scorer ``name`` scoring ``system`` against ``gold``."""
    if name in NAMED_INPUTS:
        gold_option, system_option = NAMED_INPUTS[name]
        return [*options, gold_option, gold, system_option, system]
    if name in SYSTEM_FIRST:
        return [*options, system, gold]
    return [*options, gold, system]
