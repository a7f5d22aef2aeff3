"""The stanza backend: document conversion, batching, and clean errors without a model."""
from __future__ import annotations

import json
import os
import sys

import pytest

from tests.extras import import_or_skip, needs

stanza = import_or_skip("stanza", "stanza")
pytestmark = needs("stanza", "stanza")

from jp_errant import parallel_cli  # noqa: E402
from jp_errant.annotate.annotator import Annotator, classifier_for  # noqa: E402
from jp_errant.annotate.backend import BackendError, tokens_from_stanza_document  # noqa: E402
from jp_errant.annotate.stanza_backend import StanzaBackend, load_pipeline  # noqa: E402
from jp_errant.m2_records import format_edit  # noqa: E402


def word(number, text, head, deprel, upos="X"):
    return {"id": number, "text": text, "lemma": text.lower(), "upos": upos, "xpos": "_",
            "feats": "Number=Sing", "head": head, "deprel": deprel}


def test_document_sentences_become_one_sequence_with_shifted_heads():
    document = stanza.Document([
        [word(1, "Hi", 0, "root"), word(2, "!", 1, "punct")],
        [word(1, "Bye", 0, "root"), word(2, "now", 1, "advmod")],
    ])
    tokens = tokens_from_stanza_document(document)
    assert [t.text for t in tokens] == ["Hi", "!", "Bye", "now"]
    assert [t.head for t in tokens] == [-1, 0, -1, 2]
    assert tokens[3].feature("Number") == "Sing" and tokens[3].lemma == "now"


class FakePipeline:
    """Stands in for stanza.Pipeline(tokenize_pretokenized=True): one sentence per list."""

    def __init__(self):
        self.inputs = []

    def __call__(self, token_lists):
        self.inputs.append(token_lists)
        return stanza.Document([[word(i + 1, t, 0 if i == 0 else 1, "dep") for i, t in enumerate(tokens)]
                                for tokens in token_lists])


def test_pretokenized_lines_are_parsed_in_one_batch_and_blank_lines_skipped():
    pipeline = FakePipeline()
    backend = StanzaBackend("en", tokenize=False, pipeline=pipeline)
    parsed = backend.parse(["a  b", "", "c"])
    assert pipeline.inputs == [[["a", "b"], ["c"]]]
    assert [[t.text for t in tokens] for tokens in parsed] == [["a", "b"], [], ["c"]]


def test_missing_stanza_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "stanza", None)
    with pytest.raises(BackendError) as caught:
        load_pipeline("en", False)
    message = str(caught.value)
    assert message.startswith("stanza is not installed: install it with `pip install 'jp-shims[stanza]'`")
    assert "model" not in message  # the model is not what is missing


def test_missing_model_says_how_to_download(tmp_path):
    with pytest.raises(BackendError) as caught:
        load_pipeline("en", False, model_dir=str(tmp_path))
    message = str(caught.value)
    assert message.startswith(f"the stanza 'en' model is not installed in {tmp_path} (no resources.json): ")
    assert f"stanza.download('en', model_dir='{tmp_path}')" in message and "--model-dir" in message
    assert "install stanza" not in message and "\n" not in message
    assert os.listdir(tmp_path) == []  # nothing was downloaded


def stanza_layout(folder, languages=("en",)):
    """A model folder laid out as stanza.download leaves it (resources.json, one folder per
    language with a processor folder), holding no weights."""
    folder.mkdir(exist_ok=True)
    (folder / "resources.json").write_text(json.dumps(
        {lang: {"default_processors": {"tokenize": "combined"}, "lang_name": lang} for lang in languages}),
        encoding="utf-8")
    for lang in languages:
        (folder / lang / "tokenize").mkdir(parents=True)
    return folder


def test_model_folder_without_the_language_is_a_missing_model(tmp_path):
    folder = stanza_layout(tmp_path / "models", languages=("de",))
    with pytest.raises(BackendError, match=r"^the stanza 'en' model is not installed in .*models \(no en/ folder\)"):
        load_pipeline("en", False, model_dir=str(folder))


def test_model_dir_reaches_stanza_as_its_dir(tmp_path, monkeypatch):
    folder = stanza_layout(tmp_path / "models")
    seen = {}

    def pipeline(lang, **options):
        seen.update(options, lang=lang)
        return "pipeline"

    monkeypatch.setattr(stanza, "Pipeline", pipeline)
    assert load_pipeline("en", False, model_dir=str(folder)) == "pipeline"
    assert seen["dir"] == str(folder) and seen["lang"] == "en"
    assert seen["download_method"] is None and seen["tokenize_pretokenized"] is True


def test_incomplete_model_folder_is_one_line_naming_it(tmp_path, capsys):
    # The real stanza, on a folder with stanza's layout but no weights: past the layout
    # check, stanza itself fails, and the message says which folder could not be loaded.
    folder = stanza_layout(tmp_path / "models")
    orig = tmp_path / "o.txt"
    orig.write_text("a b\n", encoding="utf-8")
    code = parallel_cli.main(["-orig", str(orig), "-cor", str(orig), "-out", str(tmp_path / "o.m2"),
                              "--model-dir", str(folder)])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.err.startswith(f"jp_errant_parallel: error: cannot load the stanza 'en' model from {folder} (")
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.out == "Loading resources...\n"


def test_stanza_output_while_loading_stays_off_stdout(tmp_path, monkeypatch, capsys):
    folder = stanza_layout(tmp_path / "models")

    def chatty_pipeline(lang, **options):
        print("Downloading https://example/resources.json: 100%")
        raise FileNotFoundError("no tokenize model")

    monkeypatch.setattr(stanza, "Pipeline", chatty_pipeline)
    orig = tmp_path / "o.txt"
    orig.write_text("a b\n", encoding="utf-8")
    code = parallel_cli.main(["-orig", str(orig), "-cor", str(orig), "-out", str(tmp_path / "o.m2"),
                              "--model-dir", str(folder)])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == "Loading resources...\n"
    assert captured.err.startswith("Downloading https://example/resources.json: 100%\n"
                                   "jp_errant_parallel: error: cannot load the stanza 'en' model from ")
    assert "(FileNotFoundError: no tokenize model)" in captured.err


def test_cli_reports_a_missing_model_on_one_line(tmp_path, capsys):
    orig = tmp_path / "o.txt"
    orig.write_text("a b\n", encoding="utf-8")
    empty = tmp_path / "empty-models"
    empty.mkdir()
    code = parallel_cli.main(["-orig", str(orig), "-cor", str(orig), "-out", str(tmp_path / "o.m2"),
                              "--model-dir", str(empty)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"jp_errant_parallel: error: the stanza 'en' model is not installed in {empty} ")
    assert err.count("\n") == 1 and "Traceback" not in err


def _english_model_present() -> bool:
    from stanza.resources.common import DEFAULT_MODEL_DIR
    return (os.path.isfile(os.path.join(DEFAULT_MODEL_DIR, "resources.json"))
            and os.path.isdir(os.path.join(DEFAULT_MODEL_DIR, "en")))


@pytest.mark.skipif(not _english_model_present(), reason="no stanza English model installed "
                    "(python -c \"import stanza; stanza.download('en')\")")
def test_real_english_pipeline_annotates_the_paper_example():
    backend = StanzaBackend("en", tokenize=False)
    orig, cor = backend.parse(["It 's difficult answer at the question",
                               "It 's difficult to answer the question"])
    edits = [format_edit(e) for e in Annotator(classifier_for("en")).annotate(orig, cor)]
    assert edits == ["A 3 3|||M:VERB:FORM|||to|||REQUIRED|||-NONE-|||0",
                     "A 4 5|||U:ADP||||||REQUIRED|||-NONE-|||0"]


def test_missing_model_with_workers_is_one_error_line_before_any_worker(tmp_path, capsys):
    orig = tmp_path / "o.txt"
    orig.write_text("a b\n", encoding="utf-8")
    code = parallel_cli.main(["-orig", str(orig), "-cor", str(orig), "-out", str(tmp_path / "o.m2"),
                              "-j", "2", "--model-dir", str(tmp_path / "none")])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == "Loading resources...\n"
    assert captured.err.startswith(f"jp_errant_parallel: error: the stanza 'en' model is not installed in "
                                   f"{tmp_path / 'none'} (no resources.json)") and captured.err.count("\n") == 1
