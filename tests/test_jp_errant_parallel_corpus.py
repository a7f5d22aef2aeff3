"""Round trip on a real treebank: perturb gold sentences, annotate, score with jp_errant_compare.

The analyses come from the UD English-EWT test set's gold annotation (read by stanza's own
CoNLL-U reader), so no model is needed; perturbed sentences get the gold analysis minus the
deleted word. Skipped when the corpus is not under $JP_SHIMS_DATA.
"""
from __future__ import annotations


from tests.extras import import_or_skip, needs

stanza = import_or_skip("stanza", "stanza")
pytestmark = needs("stanza", "stanza")

from jp_errant import cli as compare_cli, parallel_cli  # noqa: E402
from jp_errant.annotate.backend import tokens_from_stanza_sentence  # noqa: E402
from tests.datafiles import data_path  # noqa: E402
from tests.test_jp_errant_parallel_cli import KnownSentences, text, without  # noqa: E402

SENTENCES = 120


def gold_and_perturbed():
    from stanza.utils.conll import CoNLL
    path = data_path("ud", "UD_English-EWT", "en_ewt-ud-test.conllu")
    document = CoNLL.conll2doc(input_file=str(path))
    gold, perturbed = [], []
    for sentence in document.sentences[:SENTENCES]:
        tokens = tokens_from_stanza_sentence(sentence)
        gold.append(tokens)
        # Delete the first determiner or adposition, if any (a missing-word error).
        victims = [i for i, t in enumerate(tokens) if t.upos in ("DET", "ADP") and i > 0]
        perturbed.append(without(tokens, victims[0]) if victims else tokens)
    return gold, perturbed


def write(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_round_trip_and_sentence_merged_variant(tmp_path, capsys):
    gold, perturbed = gold_and_perturbed()
    changed = sum(g != p for g, p in zip(gold, perturbed))
    backend = KnownSentences([*gold, *perturbed])
    orig = write(tmp_path / "orig.txt", [text(t) for t in perturbed])
    cor = write(tmp_path / "cor.txt", [text(t) for t in gold])
    hyp = str(tmp_path / "hyp.m2")
    assert parallel_cli.main(["-orig", orig, "-cor", cor, "-out", hyp], backend=backend) == 0
    m2_text = (tmp_path / "hyp.m2").read_text(encoding="utf-8")
    assert m2_text.count("\nA ") - m2_text.count("|||noop|||") == changed
    capsys.readouterr()
    assert compare_cli.main(["-hyp", hyp, "-ref", hyp]) == 0
    report = capsys.readouterr().out
    assert f"{changed}\t0\t0\t1.0\t1.0\t1.0" in report

    # The same correction with every two sentences on one line.
    merged_lines = [" ".join(text(t) for t in gold[i:i + 2]) for i in range(0, len(gold), 2)]
    merged_hyp = str(tmp_path / "merged.m2")
    assert parallel_cli.main(["-orig", orig, "-cor", write(tmp_path / "m.txt", merged_lines),
                              "-out", merged_hyp], backend=backend) == 0
    capsys.readouterr()
    assert compare_cli.main(["-hyp", merged_hyp, "-ref", hyp]) == 0
    assert capsys.readouterr().out == report
