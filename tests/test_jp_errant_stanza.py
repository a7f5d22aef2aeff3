"""jp_errant_parallel and jp_errant_m2 on a real stanza model, end to end (no mocked analysis).

The model is found through ``JP_SHIMS_MODELS`` (tests/models.py); without it or without the
stanza extra every test here skips, saying which is missing. Each stanza pipeline (whitespace
tokens, and ``-tok``) is loaded once for the whole module and given to the in-process calls.

Types depend on the model's tags, so they are checked only where the docs promise them; what
does not depend on tags is checked exactly: the S lines, the sentence alignment, the spans of
``-lev`` alignments with the baseline merging strategies, the gold spans of ``-gold``, the
annotator ids, and that the same input gives the same bytes.
"""
from __future__ import annotations

import re
import shutil

import pytest

from jp_errant import m2_cli, parallel_cli
from tests.extras import needs
from tests.models import stanza_model_dir

pytestmark = needs("stanza", "stanza")

EDIT_LINE = re.compile(r"A (-1 -1|\d+ \d+)\|\|\|([^|]+)\|\|\|([^|]*)\|\|\|REQUIRED\|\|\|-NONE-\|\|\|(\d+)")

# The example of docs/jp_errant_parallel.md (our own sentences).
ORIG = ["I went to shop yesterday .", "She lived here for ten years .",
        "It 's difficult answer at the question"]
COR = ["I went to the shop yesterday . She has lived here for ten years .",
       "It 's difficult to answer the question"]


@pytest.fixture(scope="module")
def model_dir():
    return str(stanza_model_dir())


@pytest.fixture(scope="module")
def backends(model_dir):
    """``backends(tokenize)``: a StanzaBackend on a real pipeline, each loaded once."""
    from jp_errant.annotate.stanza_backend import StanzaBackend, load_pipeline

    loaded = {}

    def get(tokenize: bool = False):
        if tokenize not in loaded:
            loaded[tokenize] = StanzaBackend("en", tokenize, load_pipeline("en", tokenize, model_dir))
        return loaded[tokenize]

    return get


def write(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def parallel(tmp_path, backends, orig, cors, *options, tokenize=False, name="out.m2"):
    out = tmp_path / name
    argv = ["-orig", write(tmp_path / "orig.txt", orig)]
    argv += ["-cor", *[write(tmp_path / f"cor{k}.txt", cor) for k, cor in enumerate(cors)]]
    argv += ["-out", str(out), *options] + (["-tok"] if tokenize else [])
    assert parallel_cli.main(argv, backend=backends(tokenize)) == 0
    return out.read_text(encoding="utf-8")


def blocks(m2_text):
    """[(S tokens, [(start, end, type, correction, annotator)])], checking the M2 structure."""
    assert m2_text.endswith("\n\n") or not m2_text
    result = []
    for block in m2_text.split("\n\n")[:-1]:
        head, *edit_lines = block.split("\n")
        assert head.startswith("S ") and head == head.rstrip() and "  " not in head
        tokens = head[2:].split(" ")
        edits = []
        for line in edit_lines:
            match = EDIT_LINE.fullmatch(line)
            assert match, line
            start, end = (int(n) for n in match.group(1).split())
            assert (start, end) == (-1, -1) or 0 <= start <= end <= len(tokens), line
            edits.append((start, end, match.group(2), match.group(3), int(match.group(4))))
        result.append((tokens, edits))
    return result


def spans(block):
    return [(start, end, correction, coder) for start, end, _, correction, coder in block[1]]


def test_docs_example_is_aligned_and_typed_as_documented(tmp_path, backends, capsys):
    out = parallel(tmp_path, backends, ORIG, [COR], "--show-alignment", "--align-threshold", "0.2")
    assert capsys.readouterr().err == "ORIG 1-2 <-> COR1 1 (similar)\n"
    first, second = blocks(out)
    assert first[0] == " ".join(ORIG[:2]).split() and second[0] == ORIG[2].split()
    assert spans(first) == [(3, 3, "the", 0), (7, 7, "has", 0)]
    assert [edit[2] for edit in first[1]] == ["M:DET", "M:VERB:TENSE"]
    assert spans(second) == [(3, 3, "to", 0), (4, 5, "", 0)]
    # The same input gives the same bytes.
    assert parallel(tmp_path, backends, ORIG, [COR], "--align-threshold", "0.2", name="again.m2") == out


def test_the_python_api_loads_the_model_and_writes_the_command_lines_m2(tmp_path, backends, model_dir):
    from jp_errant.annotate import parallel_to_m2

    out = parallel(tmp_path, backends, ORIG, [COR], "--align-threshold", "0.2")
    assert "".join(parallel_to_m2(ORIG, [COR], align_threshold=0.2, model_dir=model_dir)) == out


ORIG_LEV = ["He go to school by bus .", "The cat sat on mat ."]
COR_LEV = ["He goes at school by a bus .", "A cat sat on the mat ."]
# -lev aligns with unit costs, so these spans do not depend on the analysis.
LEV_SPANS = {
    "all-split": [[(1, 2, "goes", 0), (2, 3, "at", 0), (5, 5, "a", 0)],
                  [(0, 1, "A", 0), (4, 4, "the", 0)]],
    "all-merge": [[(1, 3, "goes at", 0), (5, 5, "a", 0)], [(0, 1, "A", 0), (4, 4, "the", 0)]],
    "all-equal": [[(1, 3, "goes at", 0), (5, 5, "a", 0)], [(0, 1, "A", 0), (4, 4, "the", 0)]],
}


@pytest.mark.parametrize("merge", sorted(LEV_SPANS))
def test_levenshtein_spans_of_the_baseline_merges(tmp_path, backends, merge):
    out = parallel(tmp_path, backends, ORIG_LEV, [COR_LEV], "-lev", "-merge", merge)
    assert [spans(block) for block in blocks(out)] == LEV_SPANS[merge]


def test_rules_merging_keeps_the_edits_inside_the_changed_words(tmp_path, backends):
    found = [spans(block) for block in blocks(parallel(tmp_path, backends, ORIG_LEV, [COR_LEV]))]
    # However the rules merge "go to" -> "goes at", the unchanged words stay outside.
    covered = {index for start, end, _, _ in found[0] for index in range(start, end)}
    assert covered == {1, 2} and (5, 5, "a", 0) in found[0]
    assert found[1] == [(0, 1, "A", 0), (4, 4, "the", 0)]


def test_tokenized_input(tmp_path, backends):
    out = parallel(tmp_path, backends, ["I went to shop yesterday."], [["I went to the shop yesterday."]],
                   tokenize=True)
    (block,) = blocks(out)
    assert block[0] == ["I", "went", "to", "shop", "yesterday", "."]
    assert spans(block) == [(3, 3, "the", 0)] and block[1][0][2] == "M:DET"


def test_several_correction_files_are_annotators_in_file_order(tmp_path, backends):
    out = parallel(tmp_path, backends, ORIG_LEV, [COR_LEV, ORIG_LEV, ["He goes to school by bus .", ORIG_LEV[1]]],
                   "-lev", "-merge", "all-split")
    first, second = blocks(out)
    assert spans(first) == LEV_SPANS["all-split"][0] + [(-1, -1, "-NONE-", 1), (1, 2, "goes", 2)]
    assert spans(second) == LEV_SPANS["all-split"][1] + [(-1, -1, "-NONE-", 1), (-1, -1, "-NONE-", 2)]
    assert [edit[2] for edit in first[1] if edit[4] == 1] == ["noop"]


def test_split_sentences_in_the_correction_are_one_m2_sentence(tmp_path, backends, capsys):
    orig = ["I went to shop yesterday . she lived here .", "The cat sat on mat ."]
    cor = ["I went to the shop yesterday .", "She lived here .", "The cat sat on the mat ."]
    first, second = blocks(parallel(tmp_path, backends, orig, [cor], "-lev", "-merge", "all-split",
                                    "--show-alignment", "--align-threshold", "0.2"))
    assert capsys.readouterr().err.startswith("ORIG 1 <-> COR1 1-2 ")
    assert first[0] == orig[0].split() and second[0] == orig[1].split()
    assert spans(first) == [(3, 3, "the", 0), (6, 7, "She", 0)]
    assert spans(second) == [(4, 4, "the", 0)]


GOLD_M2 = """S He go to school by bus .
A 1 3|||R:VERB|||goes to|||REQUIRED|||-NONE-|||0
A 5 5|||M:DET|||a|||REQUIRED|||-NONE-|||0
A 0 1|||UNK|||He|||REQUIRED|||-NONE-|||1

S The cat sat on mat .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 4 4|||M:DET|||the|||REQUIRED|||-NONE-|||1

"""


def reannotate(tmp_path, backends, *options):
    source = tmp_path / "gold.m2"
    source.write_text(GOLD_M2, encoding="utf-8")
    out = tmp_path / "re.m2"
    assert m2_cli.main([str(source), *options, "-out", str(out)], backend=backends(False)) == 0
    return out.read_text(encoding="utf-8")


def test_m2_gold_keeps_and_minimises_the_gold_spans(tmp_path, backends):
    first, second = blocks(reannotate(tmp_path, backends, "-gold"))
    # "go to" -> "goes to" is minimised to "go" -> "goes"; UNK stays a detection edit.
    assert spans(first) == [(1, 2, "goes", 0), (5, 5, "a", 0), (0, 1, "He", 1)]
    assert first[1][2][2] == "UNK"
    assert spans(second) == [(-1, -1, "-NONE-", 0), (4, 4, "the", 1)]
    kept = blocks(reannotate(tmp_path, backends, "-gold", "-no_min", "-old_cats"))
    assert [edit[:3] for edit in kept[0][1]] == [(1, 3, "R:VERB"), (5, 5, "M:DET"), (0, 1, "UNK")]


def test_m2_auto_is_parallel_annotation_of_the_corrected_text(tmp_path, backends):
    """-auto re-extracts annotator 0's edits from the sentence they produce: the very output
    jp_errant_parallel writes for that original and corrected text."""
    auto = blocks(reannotate(tmp_path, backends, "-auto", "-lev", "-merge", "all-split"))
    assert [spans(block) for block in auto] == [
        [(1, 2, "goes", 0), (5, 5, "a", 0), (-1, -1, "-NONE-", 1)],
        [(-1, -1, "-NONE-", 0), (4, 4, "the", 1)],
    ]
    from_parallel = blocks(parallel(tmp_path, backends, ["He go to school by bus ."],
                                    [["He goes to school by a bus ."]], "-lev", "-merge", "all-split"))
    assert auto[0][1][:2] == from_parallel[0][1]
    assert auto == blocks(reannotate(tmp_path, backends, "-auto", "-lev", "-merge", "all-split"))


def test_missing_model_folder_is_one_error_line(tmp_path, capsys):
    stanza_model_dir()  # skips without stanza
    out = tmp_path / "out.m2"
    code = parallel_cli.main(["-orig", write(tmp_path / "o.txt", ORIG), "-cor", write(tmp_path / "c.txt", ORIG),
                              "-out", str(out), "--model-dir", str(tmp_path / "none")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"jp_errant_parallel: error: the stanza 'en' model is not installed in "
                          f"{tmp_path / 'none'} (no resources.json): download it with ")


def test_partial_model_folder_is_one_error_line(tmp_path, model_dir, capsys):
    """A download that stopped before the tagger: the layout is there, a weight file is not."""
    partial = tmp_path / "partial"
    shutil.copytree(model_dir, partial, ignore=shutil.ignore_patterns("ewt_nocharlm.pt"),
                    copy_function=_link)
    source = tmp_path / "gold.m2"
    source.write_text(GOLD_M2, encoding="utf-8")
    code = m2_cli.main([str(source), "-auto", "-out", str(tmp_path / "re.m2"), "--model-dir", str(partial)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"jp_errant_m2: error: cannot load the stanza 'en' model from {partial} "
                          "(FileNotFoundError: ")


def _link(source, target):
    import os
    os.symlink(source, target)
