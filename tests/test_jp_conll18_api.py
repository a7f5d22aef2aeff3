"""The importable module, used the way stanza, UDPipe and trankit use conll18_ud_eval.py."""
from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from jp_shims.pyapi import JPAlignmentWarning

VECTORS = Path(__file__).resolve().parent.parent / "compat_tests" / "vectors" / "conll18_ud_eval"
RESTORE = VECTORS / "jp-restore-cant+quotes-ewt-03"
LINED_UP = VECTORS / "mix-pud-0-v"


def test_from_package_import_module_then_call_like_stanza():
    # stanza: ``from stanza.utils.conll18_ud_eval import ...; ud_eval.evaluate(gold_ud, system_ud)``
    from jp_conll18 import conll18_ud_eval as ud_eval

    gold_ud = ud_eval.load_conllu_file(str(LINED_UP / "gold.conllu"))
    system_ud = ud_eval.load_conllu_file(str(LINED_UP / "system.conllu"))
    evaluation = ud_eval.evaluate(gold_ud, system_ud)
    assert list(evaluation) == ["Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags",
                                "Lemmas", "UAS", "LAS", "CLAS", "MLAS", "BLEX"]
    # stanza's scorer reads precision / recall / f1 of a few metrics
    las = evaluation["LAS"]
    assert 0 < las.f1 < 1 and 0 < las.precision <= 1 and 0 < las.recall <= 1
    assert las.aligned_accuracy == las.correct / las.aligned_total
    # UDPipe 1's evaluation compares the printed -v table; the same numbers in it:
    table = (LINED_UP / "stdout.txt").read_text(encoding="utf-8").splitlines()
    las_line = next(line for line in table if line.startswith("LAS"))
    assert las_line.split("|")[3].strip() == "{:.2f}".format(100 * las.f1)


def test_names_of_the_original_are_present():
    import jp_conll18.conll18_ud_eval as m

    for name in ("UDError", "load_conllu", "load_conllu_file", "evaluate", "evaluate_wrapper", "main",
                 "align_words", "CONTENT_DEPRELS", "FUNCTIONAL_DEPRELS", "UNIVERSAL_FEATURES"):
        assert hasattr(m, name), name
    assert (m.ID, m.FORM, m.LEMMA, m.UPOS, m.XPOS, m.FEATS, m.HEAD, m.DEPREL, m.DEPS, m.MISC) == tuple(range(10))
    assert issubclass(m.UDError, Exception)


def test_load_conllu_from_an_open_file_and_the_representation():
    from jp_conll18.conll18_ud_eval import FORM, load_conllu

    with open(LINED_UP / "gold.conllu", encoding="utf-8") as handle:
        ud = load_conllu(handle)
    assert len(ud.words) > 0 and len(ud.tokens) <= len(ud.words)
    assert ud.sentences[-1].end == len(ud.characters)
    word = ud.words[0]
    for attribute in ("span", "columns", "is_multiword", "parent", "functional_children",
                      "is_content_deprel", "is_functional_deprel"):
        assert hasattr(word, attribute)
    assert "".join(ud.characters[word.span.start:word.span.end]) == word.columns[FORM] or word.is_multiword


def test_legacy_keyword_raises_the_original_error_and_jp_default_scores():
    from jp_conll18.conll18_ud_eval import UDError, evaluate, load_conllu_file

    gold = load_conllu_file(str(RESTORE / "gold.conllu"))
    system = load_conllu_file(str(RESTORE / "system.conllu"))
    with pytest.raises(UDError) as info:
        evaluate(gold, system, legacy=True)
    assert str(info.value).startswith("The concatenation of tokens in gold file and in system file differ!\n")
    restored = load_conllu_file(str(RESTORE / "system.restored.conllu"))
    expected = evaluate(gold, restored, legacy=True)
    with pytest.warns(JPAlignmentWarning, match="2 of 50 blocks changed"):
        got = evaluate(gold, system)
    for metric, score in expected.items():
        assert (got[metric].correct, got[metric].gold_total, got[metric].system_total,
                got[metric].aligned_total) == (score.correct, score.gold_total, score.system_total,
                                               score.aligned_total), metric


def test_evaluate_does_not_modify_its_arguments():
    from jp_conll18.conll18_ud_eval import FORM, evaluate, load_conllu_file

    gold = load_conllu_file(str(RESTORE / "gold.conllu"))
    system = load_conllu_file(str(RESTORE / "system.conllu"))
    before = [(w.columns[:], w.span.start, w.span.end, w.is_multiword) for w in system.words]
    with pytest.warns(JPAlignmentWarning):
        first = evaluate(gold, system)
    assert [(w.columns[:], w.span.start, w.span.end, w.is_multiword) for w in system.words] == before
    with pytest.warns(JPAlignmentWarning):
        second = evaluate(gold, system)
    assert {k: v.f1 for k, v in first.items()} == {k: v.f1 for k, v in second.items()}
    assert "can" in [w.columns[FORM] for w in system.words]


def test_evaluate_wrapper_takes_argparse_namespace():
    from jp_conll18.conll18_ud_eval import evaluate_wrapper

    args = argparse.Namespace(gold_file=str(LINED_UP / "gold.conllu"), system_file=str(LINED_UP / "system.conllu"),
                              verbose=True, counts=False)
    assert evaluate_wrapper(args)["Tokens"].gold_total > 0


def test_align_words_returns_the_original_alignment_object():
    from jp_conll18.conll18_ud_eval import align_words, load_conllu_file

    gold = load_conllu_file(str(LINED_UP / "gold.conllu"))
    system = load_conllu_file(str(LINED_UP / "system.conllu"))
    alignment = align_words(gold.words, system.words)
    assert alignment.gold_words is gold.words
    pair = alignment.matched_words[0]
    assert alignment.matched_words_map[pair.system_word] is pair.gold_word


def test_scores_serialise_via___dict__():
    # trankit / allennlp save ``{k: v.__dict__ for k, v in evaluation.items()}``
    from jp_conll18.conll18_ud_eval import evaluate, load_conllu_file

    ud = load_conllu_file(str(LINED_UP / "gold.conllu"))
    data = {k: v.__dict__ for k, v in evaluate(ud, ud).items()}
    assert data["LAS"]["f1"] == 1.0 and data["Words"]["aligned_total"] is None


def test_main_runs_in_process(capsys):
    from jp_conll18.conll18_ud_eval import main

    assert main(["-v", str(LINED_UP / "gold.conllu"), str(LINED_UP / "system.conllu")]) == 0
    assert capsys.readouterr().out == (LINED_UP / "stdout.txt").read_text(encoding="utf-8")


def test_module_dropped_in_under_the_original_name(tmp_path, monkeypatch):
    # Pipelines that ``import conll18_ud_eval`` from a folder can point it at the shim.
    (tmp_path / "conll18_ud_eval.py").write_text("from jp_conll18.conll18_ud_eval import *  # noqa\n"
                                                  "from jp_conll18.conll18_ud_eval import evaluate, main\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib
    module = importlib.import_module("conll18_ud_eval")
    ud = module.load_conllu_file(str(LINED_UP / "gold.conllu"))
    assert module.evaluate(ud, ud)["BLEX"].f1 == 1.0


def test_load_conllu_accepts_a_readline_only_object_and_stringio():
    import io

    from jp_conll18.conll18_ud_eval import evaluate, load_conllu

    text = (LINED_UP / "gold.conllu").read_text(encoding="utf-8")

    class ReadlineOnly:
        def __init__(self, data):
            self._stream = io.StringIO(data)

        def readline(self):
            return self._stream.readline()

    a = load_conllu(ReadlineOnly(text))
    b = load_conllu(io.StringIO(text))
    assert len(a.words) == len(b.words) > 0
    assert evaluate(a, b)["LAS"].f1 == 1.0


def _sentence(forms):
    lines = [f"{i + 1}\t{form}\t_\tX\t_\t_\t{0 if i == 0 else 1}\t{'root' if i == 0 else 'dep'}\t_\t_"
             for i, form in enumerate(forms)]
    return "\n".join(lines) + "\n\n"


def test_api_warns_and_carries_the_summary_when_sentences_stay_unaligned(tmp_path):
    import warnings

    from jp_conll18.conll18_ud_eval import evaluate, load_conllu_file
    from jp_shims import JPAlignmentWarning

    same = _sentence(["The", "cat", "sat", "."])
    (tmp_path / "g.conllu").write_text(same + _sentence(["Dogs", "bark", "at", "night", "."]) + same, encoding="utf-8")
    (tmp_path / "s.conllu").write_text(same + _sentence(["Zxq", "wvut", "rrr", "."]) + same, encoding="utf-8")
    gold, system = load_conllu_file(str(tmp_path / "g.conllu")), load_conllu_file(str(tmp_path / "s.conllu"))
    with pytest.warns(JPAlignmentWarning, match="1 of 3 blocks changed \\(unaligned 1\\)"):
        scores = evaluate(gold, system)
    assert 0 < scores["LAS"].f1 < 1  # the original's result shape is unchanged
    assert scores.alignment.kinds["unaligned"] == 1 and scores.alignment.changed == 1
    # Files that line up: no warning, and a summary with nothing changed.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lined_up = evaluate(gold, gold)
    assert lined_up["LAS"].f1 == 1.0 and lined_up.alignment.changed == 0
    assert evaluate(gold, gold, legacy=True).alignment is None
