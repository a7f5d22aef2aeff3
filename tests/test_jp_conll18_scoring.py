"""jp_conll18 scoring: the original's metrics, and block-wise streaming equal to one block."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from jp_conll18.model import METRICS, UDError
from jp_conll18.reader import iter_sentences_from_file
from jp_conll18.sentences import iter_sentences
from jp_conll18.scoring import Counts
from jp_conll18.stream import evaluate_streams, score_block

VECTORS = Path(__file__).resolve().parent.parent / "compat_tests" / "vectors" / "conll18_ud_eval"


def row(i, form, head, deprel="dep", upos="X", feats="_", lemma="_"):
    return f"{i}\t{form}\t{lemma}\t{upos}\t_\t{feats}\t{head}\t{deprel}\t_\t_\n"


def parse(source: str):
    return list(iter_sentences(source.splitlines(keepends=True)))


def counts_of(gold: str, system: str) -> dict:
    return {m: tuple(r) for m, r in evaluate_streams(iter(parse(gold)), iter(parse(system))).rows.items()}


def test_worked_example_of_the_spec():
    # gold one token "ab"; system "a" (root) + "b" (head 1)
    counts = counts_of(row(1, "ab", 0, "root") + "\n", row(1, "a", 0, "root") + row(2, "b", 1) + "\n")
    assert counts["Tokens"][:3] == (0, 1, 2)
    assert counts["Sentences"][:3] == (1, 1, 1)
    assert counts["Words"][:3] == (0, 1, 2)
    assert counts["UPOS"] == (0, 1, 2, 0)
    scores = evaluate_streams(iter(parse(row(1, "ab", 0, "root") + "\n")),
                              iter(parse(row(1, "a", 0, "root") + row(2, "b", 1) + "\n"))).scores()
    assert scores["UPOS"].aligned_accuracy == 0 and isinstance(scores["UPOS"].aligned_accuracy, int)
    assert scores["Words"].aligned_accuracy is None


def test_lemma_underscore_in_gold_is_always_correct_and_deprel_subtypes_ignored():
    gold = row(1, "a", 0, "root", lemma="_") + row(2, "b", 1, "nmod:poss", lemma="b") + "\n"
    system = row(1, "a", 0, "root", lemma="zzz") + row(2, "b", 1, "nmod", lemma="c") + "\n"
    counts = counts_of(gold, system)
    assert counts["Lemmas"][0] == 1
    assert counts["LAS"][0] == 2


def test_uas_needs_the_system_parent_aligned_to_the_gold_parent():
    gold = row(1, "a", 2) + row(2, "b", 0, "root") + row(3, "c", 2) + "\n"
    system = row(1, "a", 3) + row(2, "b", 0, "root") + row(3, "c", 2) + "\n"
    assert counts_of(gold, system)["UAS"] == (2, 3, 3, 3)


def test_mlas_compares_functional_children():
    gold = row(1, "the", 2, "det", upos="DET") + row(2, "cat", 0, "root", upos="NOUN") + "\n"
    system = row(1, "the", 2, "det", upos="PRON") + row(2, "cat", 0, "root", upos="NOUN") + "\n"
    counts = counts_of(gold, system)
    assert counts["CLAS"] == (1, 1, 1, 1)
    assert counts["MLAS"] == (0, 1, 1, 1)


def test_lcs_inside_multiword_tokens_is_case_insensitive():
    gold = "1-2\tDu\t_\t_\t_\t_\t_\t_\t_\t_\n" + row(1, "De", 0, "root") + row(2, "le", 1) + "\n"
    system = "1-2\tDu\t_\t_\t_\t_\t_\t_\t_\t_\n" + row(1, "de", 0, "root") + row(2, "LE", 1) + "\n"
    assert counts_of(gold, system)["Words"][0] == 2


def test_character_mismatch_raises_the_two_line_error():
    with pytest.raises(UDError) as info:
        counts_of(row(1, "cat", 0, "root") + "\n", row(1, "cot", 0, "root") + "\n")
    assert str(info.value) == ("The concatenation of tokens in gold file and in system file differ!\n"
                               "First 20 differing characters in gold file: 'at' and system file: 'ot'")


def test_gold_format_error_wins_over_an_earlier_system_error():
    gold = row(1, "a", 0, "root") + "\n" + row(1, "b", 0, "root") + row(3, "c", 1) + "\n"
    system = row(1, "a", 0, "root") + row(2, "x", "y") + "\n"
    with pytest.raises(UDError) as info:
        counts_of(gold, system)
    assert str(info.value) == "Incorrect word ID '3' for word 'c', expected '2'"


def test_format_error_wins_over_character_mismatch():
    with pytest.raises(UDError) as info:
        counts_of(row(1, "cat", 0, "root") + "\n" + row(1, "x", 0, "root"),
                  row(1, "cot", 0, "root") + "\n" + row(1, "x", 0, "root") + "\n")
    assert str(info.value) == "The CoNLL-U file does not end with empty line"


def _lined_up_cases():
    cases = []
    for folder in sorted(VECTORS.iterdir()):
        if (folder / "gold.conllu").exists() and not folder.name.startswith(("edge", "charmismatch", "jp-restore")):
            cases.append(folder)
    return cases


@pytest.mark.parametrize("folder", _lined_up_cases(), ids=lambda f: f.name)
def test_block_streaming_equals_scoring_the_whole_file_at_once(folder):
    gold = str(folder / "gold.conllu")
    system = str(folder / "system.conllu")
    streamed = evaluate_streams(iter_sentences_from_file(gold), iter_sentences_from_file(system))
    whole = score_block(list(iter_sentences_from_file(gold)), list(iter_sentences_from_file(system)))
    assert streamed.rows == whole.rows


def test_block_streaming_on_random_resegmentations():
    # Same words, random sentence splits and token merges on the system side.
    rng = random.Random(5)
    for _ in range(300):
        words = [rng.choice(["a", "bb", "c", "dd", "e"]) for _ in range(rng.randint(1, 30))]
        gold = _random_doc(words, rng)
        system = _random_doc(words, rng)
        streamed = evaluate_streams(iter(parse(gold)), iter(parse(system)))
        whole = score_block(parse(gold), parse(system))
        assert streamed.rows == whole.rows


def _random_doc(words, rng, unglued=frozenset()) -> str:
    """A random CoNLL-U document of ``words``; words in ``unglued`` (and glued forms that
    would spell one of them) are never written together with a neighbour in one token."""
    out = []
    i = 0
    while i < len(words):
        n = rng.randint(1, len(words) - i)
        sentence = words[i:i + n]
        i += n
        lines = []
        k = 0
        wid = 1
        while k < len(sentence):
            gluable = k + 1 < len(sentence) and not (
                {sentence[k], sentence[k + 1], sentence[k] + sentence[k + 1]} & unglued)
            if gluable and rng.random() < 0.3:
                lines.append(f"{wid}-{wid + 1}\t{sentence[k]}{sentence[k + 1]}\t_\t_\t_\t_\t_\t_\t_\t_\n")
                lines.append(row(wid, sentence[k], 0 if wid == 1 else 1, "root" if wid == 1 else "case"))
                lines.append(row(wid + 1, sentence[k + 1], 1, "det"))
                wid += 2
                k += 2
            elif gluable and rng.random() < 0.3:
                # two words written as one plain token (a re-tokenization)
                lines.append(row(wid, sentence[k] + sentence[k + 1], 0 if wid == 1 else 1,
                                 "root" if wid == 1 else "nsubj"))
                wid += 1
                k += 2
            else:
                lines.append(row(wid, sentence[k], 0 if wid == 1 else rng.randint(1, wid - 1),
                                 "root" if wid == 1 else rng.choice(["nsubj", "det", "punct"])))
                wid += 1
                k += 1
        out.append("".join(lines) + "\n")
    return "".join(out)


def test_counts_add_up():
    a, b = Counts(), Counts()
    a.rows["LAS"] = [1, 2, 3, 4]
    b.rows["LAS"] = [10, 20, 30, 40]
    a.add(b)
    assert a.rows["LAS"] == [11, 22, 33, 44]
    assert set(a.scores()) == set(METRICS)


def test_system_error_after_the_last_gold_sentence_is_reported():
    gold = row(1, "a", 0, "root") + "\n"
    system = row(1, "a", 0, "root") + "\n" + row(1, "b", "x", "root") + "\n"
    with pytest.raises(UDError) as info:
        counts_of(gold, system)
    assert str(info.value) == "Cannot parse HEAD 'x'"
    with pytest.raises(UDError) as info:
        counts_of(gold, row(1, "a", 0, "root") + "\n" + "1\tb\n")
    assert str(info.value).startswith("The CoNLL-U line does not contain 10 tab-separated columns")
