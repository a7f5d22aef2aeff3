"""A system file for UD Korean-GSD whose tokens and sentences differ from the gold's, made by
a fixed recipe from the gold file itself (its analyses carried over), for the breakdown tests.

The recipe (sentence ``i`` of the gold file, counted from 0):

* ``i % 2 == 0``: every word whose LEMMA morphemes spell its FORM and whose last morpheme is
  a particle (XPOS ``J*``) is split morphUD-style into the stem (the word's head, label and
  the other morphemes' LEMMA/XPOS) and the particle (``ADP``, ``case``, attached to the stem);
* ``i % 5 == 1``: every punctuation word is glued to the word before it (the merged word
  keeps that word's analysis; the punctuation's dependents move to it);
* ``i % 7 == 3``: the sentence and the next one become one sentence (the second root hangs
  from the first as ``parataxis``);
* ``i % 11 == 5``: straight double quotes become typographic ones (characters that differ,
  which JP mode reconciles).

Nothing is random. UD Korean-GSD is CC BY-SA 4.0; the generated file is written at test time
(``python -m tests.korean_retokenize GOLD OUT``), never committed.
"""
from __future__ import annotations

import sys
from typing import List, Optional


class Node:
    __slots__ = ("form", "lemma", "upos", "xpos", "feats", "head", "deprel")

    def __init__(self, form: str, lemma: str, upos: str, xpos: str, feats: str, deprel: str):
        self.form, self.lemma, self.upos, self.xpos, self.feats, self.deprel = form, lemma, upos, xpos, feats, deprel
        self.head: Optional[Node] = None


def read_sentences(lines) -> List[List[Node]]:
    sentences, rows = [], []
    for line in lines:
        line = line.rstrip("\n")
        if not line:
            if rows:
                sentences.append(_nodes(rows))
            rows = []
        elif not line.startswith("#"):
            cols = line.split("\t")
            if cols[0].isdigit():  # (Korean-GSD has neither multi-word tokens nor empty nodes)
                rows.append(cols)
    if rows:
        sentences.append(_nodes(rows))
    return sentences


def _nodes(rows: list) -> List[Node]:
    nodes = [Node(c[1], c[2], c[3], c[4], c[5], c[7]) for c in rows]
    for node, cols in zip(nodes, rows):
        head = int(cols[6])
        node.head = nodes[head - 1] if head else None
    return nodes


def split_particles(nodes: List[Node]) -> List[Node]:
    result = []
    for node in nodes:
        morphemes, tags = node.lemma.split("+"), node.xpos.split("+")
        result.append(node)
        if (len(morphemes) >= 2 and len(morphemes) == len(tags) and "".join(morphemes) == node.form
                and tags[-1].startswith("J") and node.upos != "PUNCT"):
            particle = Node(morphemes[-1], morphemes[-1], "ADP", tags[-1], "_", "case")
            particle.head = node
            node.form = "".join(morphemes[:-1])
            node.lemma, node.xpos = "+".join(morphemes[:-1]), "+".join(tags[:-1])
            result.append(particle)
    return result


def glue_punctuation(nodes: List[Node]) -> List[Node]:
    result: List[Node] = []
    for node in nodes:
        if node.upos == "PUNCT" and result and node.head is not None:
            before = result[-1]
            before.form += node.form
            for other in nodes:
                if other.head is node:
                    other.head = before
            if before.head is node:
                before.head = node.head
            continue
        result.append(node)
    return result


def quotes(nodes: List[Node]) -> List[Node]:
    opening = True
    for node in nodes:
        while '"' in node.form:
            node.form = node.form.replace('"', "\u201c" if opening else "\u201d", 1)
            opening = not opening
    return nodes


def retokenize(sentences: List[List[Node]]) -> List[List[Node]]:
    result: List[List[Node]] = []
    join_next = False
    for i, nodes in enumerate(sentences):
        if i % 2 == 0:
            nodes = split_particles(nodes)
        if i % 5 == 1:
            nodes = glue_punctuation(nodes)
        if i % 11 == 5:
            nodes = quotes(nodes)
        if join_next:
            root = next(node for node in nodes if node.head is None)
            root.head = next(node for node in result[-1] if node.head is None)
            root.deprel = "parataxis"
            result[-1].extend(nodes)
        else:
            result.append(nodes)
        join_next = i % 7 == 3
    return result


def write_conllu(sentences: List[List[Node]]) -> str:
    lines = []
    for number, nodes in enumerate(sentences, 1):
        index = {id(node): position for position, node in enumerate(nodes, 1)}
        lines.append(f"# sent_id = retok-{number}")
        for position, node in enumerate(nodes, 1):
            head = 0 if node.head is None else index[id(node.head)]
            lines.append("\t".join([str(position), node.form, node.lemma, node.upos, node.xpos, node.feats,
                                    str(head), node.deprel, "_", "_"]))
        lines.append("")
    return "\n".join(lines) + "\n"


def make_system(gold_path: str) -> str:
    with open(gold_path, encoding="utf-8") as lines:
        return write_conllu(retokenize(read_sentences(lines)))


if __name__ == "__main__":
    gold, out = sys.argv[1:3]
    with open(out, "w", encoding="utf-8") as handle:
        handle.write(make_system(gold))
