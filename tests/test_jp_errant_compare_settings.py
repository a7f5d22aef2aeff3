"""jp_errant_compare's and jp_cherrant_compare's settings: keywords (the Python API) and a
command line parse into the same object; the signature says how S lines are compared."""
from __future__ import annotations

import warnings

import pytest

from jp_cherrant.tool import TOOL_INSTANCE as CHERRANT
from jp_errant.compare_args import Settings
from jp_errant.tool import TOOL_INSTANCE as ERRANT
from jp_shims.errors import UsageError
from jp_shims.runner import evaluate
from tests.contract_samples import M2_SENTENCES

M2 = "".join(M2_SENTENCES).splitlines()


@pytest.mark.parametrize("tool, keywords, options", [
    (ERRANT, {}, []),
    (ERRANT, {"beta": 1, "mode": "cse", "single": True, "filt": ["R:NOUN", "M:DET"], "cat": 2,
              "average": "macro"},
     ["-b", "1", "-cse", "-single", "-filt", "R:NOUN", "M:DET", "-cat", "2", "--average", "macro"]),
    (ERRANT, {"mode": "dt", "multi": True, "verbose": True}, ["-dt", "-multi", "-v"]),
    (CHERRANT, {"start": 1, "end": 3, "max_answer_num": 2, "reference_num": 1, "cat": 3},
     ["--start", "1", "--end", "3", "--max_answer_num", "2", "--reference_num", "1", "-cat", "3"]),
], ids=["defaults", "errant_options", "detection", "cherrant_options"])
def test_keywords_and_command_line_make_the_same_settings(tool, keywords, options):
    configured = tool.configure(**keywords)
    from_options = tool.parse_options(options)
    parsed = tool.parse([*options, "-ref", "gold.m2", "-hyp", "system.m2"])
    assert configured.settings == from_options.settings == parsed.settings
    assert isinstance(configured.settings, tool.settings_type)
    assert configured.options == parsed.options
    assert list(configured.signature_options) == list(parsed.signature_options)
    assert (parsed.gold, parsed.system) == ("gold.m2", "system.m2")
    assert (configured.gold, configured.system) == ("", "")


def test_settings_are_typed_and_canonical():
    settings = ERRANT.configure(beta=1, filt=["R:NOUN"]).settings
    assert settings == Settings(beta=1.0, filt=("R:NOUN",))
    assert isinstance(settings.beta, float) and settings.options.beta == 1.0


@pytest.mark.parametrize("keywords", [{"mode": "cx"}, {"beta": "0.5"}, {"cat": 4}, {"filt": "R:NOUN"},
                                      {"average": "mean"}, {"single": 1}])
def test_a_bad_value_is_a_usage_error(keywords):
    with pytest.raises(UsageError):
        ERRANT.configure(**keywords)


def test_an_unknown_setting_is_a_type_error():
    with pytest.raises(TypeError, match="max_answer_num"):
        ERRANT.configure(max_answer_num=1)  # ChERRANT's, not errant's
    assert CHERRANT.configure(max_answer_num=1).settings.max_answer_num == 1
    with pytest.raises(UsageError):
        CHERRANT.configure(start="1")


def test_options_alone_name_no_input_file():
    with pytest.raises(UsageError, match="-ref and -hyp"):
        ERRANT.parse_options(["-cat", "1", "-ref", "gold.m2"])


def test_signature_says_no_exception_table_and_the_options():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = evaluate("jp_errant_compare", M2, M2, cat=2, beta=1)
        cherrant = evaluate("jp_cherrant_compare", M2, M2, reference_num=1)
    assert "|opt:-cs,-b1,-cat2|lang:none|sim:jaro_winkler_suffix<0.1|norm:nfc" in result.signature
    assert "|opt:-cs,-b0.5,--reference_num=1|lang:none|" in cherrant.signature


def test_api_keywords_equal_the_options_list():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        by_keywords = evaluate("jp_errant_compare", M2, M2, mode="ds", cat=1)
        by_options = evaluate("jp_errant_compare", M2, M2, options=["-ds", "-cat", "1"])
    assert dict(by_keywords) == dict(by_options) and by_keywords.signature == by_options.signature


@pytest.mark.parametrize("name", ["jp_errant_compare", "jp_cherrant_compare"])
def test_input_held_in_memory_is_read_as_a_file(tmp_path, name):
    from jp_shims.errors import InputError

    path = tmp_path / "gold.m2"
    path.write_text("\n".join(M2) + "\n", encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert dict(evaluate(name, M2, iter(M2))) == dict(evaluate(name, path, str(path)))
        # Invalid UTF-8 in lines given as bytes: the line is found in the bytes held in memory.
        with pytest.raises(InputError) as caught:
            evaluate(name, M2, [line.encode() for line in M2[:2]] + [b"A 0 1|||R:X|||\xff|||REQUIRED|||-NONE-|||0"])
    assert (caught.value.path, caught.value.line) == ("<system>", 3)
