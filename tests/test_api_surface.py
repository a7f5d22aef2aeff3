"""The API surface beside the registry test (tests/test_api_registry.py): the result type
itself, the deprecated keyword names, the one exception family and MissingDependency, the
older system-first entries (jp_m2scorer.score, jp_cherrant.compare) and jp_conlleval's
mapping."""
from __future__ import annotations

import builtins
import inspect
import json
import os
import warnings
from pathlib import Path

import pytest

import jp_errant
import jp_evalb
import jp_m2scorer
from jp_shims.audit import Summary
from jp_shims.errors import InputError, MissingDependency, located
from jp_shims.result import Result
from tests.contract_samples import M2_SENTENCES, SAMPLES

TREES = ["(S (NP (PRP It)) (VP (VBD rained)))", "(S (NP (PRP We)) (VP (VBD left)))"]
M2 = "".join(M2_SENTENCES)


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_result_is_frozen_and_compares_by_its_document():
    summary = Summary(1, 1, 1, {"exact": 1})
    result = Result({"f": 0.5, "nan": float("nan")}, summary, [], "tool:x", "F 0.5\n", tool="x",
                    options={"b": 1}, version="9")
    assert result["f"] == 0.5 and result.get("p", 3) == 3 and "f" in result and len(result) == 2
    assert result.to_dict()["options"] == {"b": 1} and result.to_dict()["version"] == "9"
    assert json.loads(result.to_json())["scores"]["nan"] is None  # strict JSON, as --json
    with pytest.raises(AttributeError):
        result.text = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        hash(result)
    twin = Result({"f": 0.5, "nan": None}, summary, [], "tool:x", "F 0.5\n", tool="x", options={"b": 1},
                  version="9")
    assert twin != result  # (nan is not None: the scores differ)
    assert Result({"f": 1}, summary, tool="x", version="9") == Result({"f": 1}, summary, tool="x", version="9")


def test_scores_that_are_not_an_object_leave_the_mapping_empty():
    result = Result([1, 2], None)
    assert len(result) == 0 and list(result) == [] and result.scores == [1, 2]
    assert result.summary.blocks == 0


def test_input_error_is_a_value_error_with_path_line_message():
    error = InputError("a.txt", 3, "bad")
    assert isinstance(error, ValueError) and (error.path, error.line, error.message) == ("a.txt", 3, "bad")
    assert str(error) == "a.txt:3: bad" and str(InputError("a.txt", None, "gone")) == "a.txt: gone"
    assert located("a.txt", 0) == "a.txt"


def test_missing_dependency_is_an_import_error_naming_the_extra():
    error = MissingDependency("opencc", "cherrant")
    assert isinstance(error, ImportError) and error.name == "opencc" and error.extra == "cherrant"
    assert "jp-shims[cherrant]" in str(error)


def test_cherrant_without_opencc_raises_missing_dependency(monkeypatch):
    from jp_cherrant.annotator import resources

    real_import = builtins.__import__

    def no_opencc(name, *args, **kwargs):
        if name == "opencc":
            raise ImportError("No module named 'opencc'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_opencc)
    with pytest.raises(MissingDependency) as caught:
        resources.simplified_converter()
    assert not isinstance(caught.value, InputError) and caught.value.extra == "cherrant"
    assert "--no_simplified" in str(caught.value)


def test_annotators_input_error_is_the_shared_one(tmp_path):
    from jp_errant.annotate.textio import InputError as TextInputError
    from jp_errant.annotate.textio import read_lines
    from jp_shims.inputs import InputFile

    with pytest.raises(InputError) as caught:
        list(read_lines(InputFile(str(tmp_path / "nope.txt"), str(tmp_path / "nope.txt"))))
    assert isinstance(caught.value, TextInputError) and caught.value.line is None
    assert str(caught.value) == f"{tmp_path / 'nope.txt'}: cannot open: No such file or directory"


def test_deprecated_keyword_names_warn_and_still_work():
    lines = M2.splitlines()
    with pytest.warns(DeprecationWarning, match="reference= is deprecated"):
        old = jp_errant.evaluate(reference=lines, hypothesis=lines)
    assert dict(old) == dict(jp_errant.evaluate(gold=lines, system=lines))
    with pytest.raises(TypeError):
        jp_errant.evaluate(lines, lines, reference=lines)
    with pytest.warns(DeprecationWarning, match="test= is deprecated"):
        old = jp_evalb.evaluate(TREES, test=TREES, options=["-p", "COLLINS"])
    assert old["summary"]["all"]["recall"] == 100.0


def test_wrappers_show_their_parameters_not_args_kwargs():
    import jp_cherrant
    import jp_conll18
    import jp_conlleval
    import jp_preprocess

    for function in (jp_errant.evaluate, jp_evalb.evaluate, jp_m2scorer.evaluate, jp_m2scorer.score,
                     jp_cherrant.evaluate, jp_conll18.evaluate, jp_preprocess.evaluate, jp_conlleval.evaluate):
        kinds = {parameter.kind for parameter in inspect.signature(function).parameters.values()}
        assert inspect.Parameter.VAR_POSITIONAL not in kinds and inspect.Parameter.VAR_KEYWORD not in kinds


def test_errant_and_cherrant_take_gold_then_system_and_compare_keeps_its_order(tmp_path):
    import jp_cherrant

    for function in (jp_errant.evaluate, jp_cherrant.evaluate):
        assert list(inspect.signature(function).parameters)[:2] == ["gold", "system"]
    assert list(inspect.signature(jp_cherrant.compare).parameters)[:2] == ["hyp", "ref"]
    sample = SAMPLES["jp_cherrant_compare"]
    ref, hyp = tmp_path / "ref.m2", tmp_path / "hyp.m2"
    ref.write_text(sample.gold, encoding="utf-8")
    hyp.write_text(sample.dropped, encoding="utf-8")
    swapped = jp_cherrant.evaluate(gold=hyp, system=ref)
    new = jp_cherrant.evaluate(gold=ref, system=hyp)
    assert (new["fp"], new["fn"]) == (swapped["fn"], swapped["fp"]) and new["fp"] != new["fn"]
    assert jp_cherrant.compare(hyp, ref).as_dict()["categories"] == new["categories"]


def test_m2scorer_score_is_the_shared_result_and_equals_evaluate(tmp_path):
    sample = SAMPLES["jp_m2scorer"]
    system = tmp_path / "system.txt"
    system.write_text(sample.dropped, encoding="utf-8")
    old = jp_m2scorer.score(Path(system), sample.gold)  # system first; a PathLike of sentences
    new = jp_m2scorer.evaluate(sample.gold.splitlines(), system, per_type=True)
    assert isinstance(old, Result) and isinstance(old, jp_m2scorer.Score)
    assert dict(old) == dict(new) and old.summary == new.summary and old.signature == new.signature
    assert (old.correct, old.proposed, old.gold, old.f) == (new["correct"], new["proposed"], new["gold"], new["f"])
    assert old.resegmented_blocks == new.summary.changed == 1
    assert old.as_dict()["per_type"] == {kind: {key: counts[key] for key in ("tp", "fp", "fn")}
                                         for kind, counts in new["per_type"].items()}


def test_m2scorer_score_names_a_missing_gold_without_a_line(tmp_path):
    missing = tmp_path / "nope.m2"
    with pytest.raises(InputError) as caught:
        jp_m2scorer.score(["a"], missing)
    assert caught.value.path == str(missing) and caught.value.line is None
    assert str(caught.value) == f"{missing}: {os.strerror(2)}"


def test_cherrant_compare_keeps_its_order_and_raises_the_shared_error(tmp_path):
    import jp_cherrant

    sample = SAMPLES["jp_cherrant_compare"]
    ref, hyp = tmp_path / "ref.m2", tmp_path / "hyp.m2"
    ref.write_text(sample.gold, encoding="utf-8")
    hyp.write_text(sample.dropped, encoding="utf-8")
    old = jp_cherrant.compare(hyp, ref)
    new = jp_cherrant.evaluate(ref, hyp)
    assert (old.tp, old.fp, old.fn, old.f) == (new["tp"], new["fp"], new["fn"], new["f"])
    with pytest.raises(InputError) as caught:
        jp_cherrant.compare(tmp_path / "nope.m2", ref)
    assert caught.value.path == str(tmp_path / "nope.m2") and caught.value.line is None


def test_conlleval_evaluation_is_a_mapping_of_its_json_scores(tmp_path):
    from jp_conlleval import evaluate as conlleval
    from jp_shims.runner import evaluate

    sample = SAMPLES["jp_conlleval"]
    gold, system = tmp_path / "gold.txt", tmp_path / "system.txt"
    gold.write_text(sample.gold, encoding="utf-8")
    system.write_text(sample.system, encoding="utf-8")
    own = conlleval(gold, system)
    assert own["fb1"] == own.f1 and "types" in own
    assert dict(own) == dict(evaluate("jp_conlleval", gold, system))


def test_conlleval_evaluate_takes_lines_and_open_files(tmp_path):
    from jp_conlleval import evaluate as conlleval

    sample = SAMPLES["jp_conlleval"]
    gold, system = tmp_path / "gold.txt", tmp_path / "system.txt"
    gold.write_text(sample.gold, encoding="utf-8")
    system.write_text(sample.dropped, encoding="utf-8")
    by_path = conlleval(gold, system)
    with open(system, "rb") as handle:
        by_other = conlleval(sample.gold.splitlines(), handle)
    assert dict(by_other) == dict(by_path) and by_other.report() == by_path.report()
    with pytest.raises(InputError) as caught:
        conlleval(["a O", "b"], sample.gold.splitlines())
    assert isinstance(caught.value, ValueError) and (caught.value.path, caught.value.line) == ("<gold>", 2)
