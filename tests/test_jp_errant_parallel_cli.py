"""jp_errant_parallel and jp_errant_m2 end to end, with a pre-annotated backend.

The backend below plays stanza's role: it knows the analysis of a few sentences (written as
stanza Documents) and analyses a line by splitting it into known sentences, as stanza's
sentence splitter would for a line holding two sentences.
"""
from __future__ import annotations

import pytest

from tests.extras import import_or_skip, needs

stanza = import_or_skip("stanza", "stanza")
pytestmark = needs("stanza", "stanza")

from jp_errant import cli as compare_cli, m2_cli, parallel_cli  # noqa: E402
from jp_errant.annotate.tokens import ROOT, Token, concatenate  # noqa: E402
from tests.test_jp_errant_parallel_examples import (  # noqa: E402
    DIFFICULT_COR, DIFFICULT_ORIG, EMAIL_COR, EMAIL_ORIG, analysed,
)

WENT = """
I I PRON PRP Case=Nom|Number=Sing|Person=1|PronType=Prs 2 nsubj
went go VERB VBD Mood=Ind|Tense=Past|VerbForm=Fin 0 root
to to ADP IN _ 5 case
the the DET DT Definite=Def|PronType=Art 5 det
shop shop NOUN NN Number=Sing 2 obl
yesterday yesterday NOUN NN Number=Sing 2 obl:tmod
. . PUNCT . _ 2 punct
"""
LIVED = """
She she PRON PRP Case=Nom|Gender=Fem|Number=Sing|Person=3|PronType=Prs 3 nsubj
has have AUX VBZ Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 3 aux
lived live VERB VBN Tense=Past|VerbForm=Part 0 root
here here ADV RB PronType=Dem 3 advmod
for for ADP IN _ 7 case
ten ten NUM CD NumForm=Word|NumType=Card 7 nummod
years year NOUN NNS Number=Plur 3 obl
. . PUNCT . _ 3 punct
"""
WEATHER = """
The the DET DT Definite=Def|PronType=Art 2 det
weather weather NOUN NN Number=Sing 4 nsubj
is be AUX VBZ Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin 4 cop
nice nice ADJ JJ Degree=Pos 0 root
today today NOUN NN Number=Sing 4 obl:tmod
. . PUNCT . _ 4 punct
"""


def without(tokens: tuple[Token, ...], index: int) -> tuple[Token, ...]:
    """The analysis of the sentence with one word deleted (its dependents move to its head)."""
    removed = tokens[index]
    result = []
    for position, token in enumerate(tokens):
        if position == index:
            continue
        head = removed.head if token.head == index else token.head
        if head != ROOT and head > index:
            head -= 1
        result.append(Token(token.text, token.lemma, token.upos, token.xpos, token.feats,
                            token.deprel, head))
    return tuple(result)


def text(tokens) -> str:
    return " ".join(token.text for token in tokens)


GOLD = {name: analysed(rows) for name, rows in
        {"went": WENT, "lived": LIVED, "difficult": DIFFICULT_COR, "email": EMAIL_COR,
         "weather": WEATHER}.items()}
ORIGINAL = {"went": without(GOLD["went"], 3), "lived": without(GOLD["lived"], 1),
            "difficult": analysed(DIFFICULT_ORIG), "email": analysed(EMAIL_ORIG),
            "weather": GOLD["weather"]}
ORDER = ["went", "lived", "difficult", "email", "weather"]


class KnownSentences:
    """A backend that knows the analysis of fixed sentences; records what it was asked."""

    def __init__(self, analyses=None) -> None:
        if analyses is None:
            analyses = [*GOLD.values(), *ORIGINAL.values()]
        self.known = {text(t): t for t in analyses}
        self.calls: list[list[str]] = []

    def parse(self, lines):
        self.calls.append(list(lines))
        return [self._line(line) for line in lines]

    def _line(self, line: str):
        words, parts = line.split(), []
        while words:
            for size in range(len(words), 0, -1):
                candidate = " ".join(words[:size])
                if candidate in self.known:
                    parts.append(self.known[candidate])
                    words = words[size:]
                    break
            else:
                raise AssertionError(f"no analysis for {line!r}")
        return concatenate(parts)


def write(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


@pytest.fixture
def corpus(tmp_path):
    orig = write(tmp_path / "orig.txt", [text(ORIGINAL[name]) for name in ORDER])
    cor = write(tmp_path / "cor.txt", [text(GOLD[name]) for name in ORDER])
    return tmp_path, orig, cor


EXPECTED_M2 = """\
S I went to shop yesterday .
A 3 3|||M:DET|||the|||REQUIRED|||-NONE-|||0

S She lived here for ten years .
A 1 1|||M:VERB:TENSE|||has|||REQUIRED|||-NONE-|||0

S It 's difficult answer at the question
A 3 3|||M:VERB:FORM|||to|||REQUIRED|||-NONE-|||0
A 4 5|||U:ADP||||||REQUIRED|||-NONE-|||0

S Thank you for your e - mail , it was wonderful
A 3 4|||R:DET|||his|||REQUIRED|||-NONE-|||0
A 7 9|||R:PUNCT|||. It|||REQUIRED|||-NONE-|||0

S The weather is nice today .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

"""


def test_parallel_writes_errant_m2(corpus, capsys):
    folder, orig, cor = corpus
    out = str(folder / "out.m2")
    assert parallel_cli.main(["-orig", orig, "-cor", cor, "-out", out], backend=KnownSentences()) == 0
    assert (folder / "out.m2").read_text(encoding="utf-8") == EXPECTED_M2
    assert capsys.readouterr().out == "Loading resources...\nProcessing parallel files...\n"


def test_unchanged_sentences_are_not_parsed_twice(corpus):
    folder, orig, _ = corpus
    backend = KnownSentences()
    parallel_cli.main(["-orig", orig, "-cor", orig, "-out", str(folder / "o.m2")], backend=backend)
    # Only the original is analysed (in one batch): every correction is identical (noop).
    originals = (folder / "orig.txt").read_text(encoding="utf-8").splitlines()
    assert [line for call in backend.calls for line in call] == originals
    blocks = (folder / "o.m2").read_text(encoding="utf-8").split("\n\n")[:-1]
    assert all(block.endswith("A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0") for block in blocks)


def test_several_correctors_get_their_file_position_as_id(corpus):
    folder, orig, cor = corpus
    out = folder / "out.m2"
    parallel_cli.main(["-orig", orig, "-cor", cor, orig, "-out", str(out)], backend=KnownSentences())
    first = out.read_text(encoding="utf-8").split("\n\n")[0].split("\n")
    assert first == ["S I went to shop yesterday .",
                     "A 3 3|||M:DET|||the|||REQUIRED|||-NONE-|||0",
                     "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1"]


def test_legacy_uses_errant_labels_and_writes_no_noop_for_spacing_only(tmp_path, corpus):
    folder, orig, cor = corpus
    out = folder / "legacy.m2"
    lines = (folder / "orig.txt").read_text(encoding="utf-8").splitlines()
    spaced = write(folder / "spaced.txt", [lines[0].replace(" ", "  ")] + lines[1:])
    assert parallel_cli.main(["--legacy", "-orig", orig, "-cor", spaced, "-out", str(out)],
                             backend=KnownSentences()) == 0
    assert out.read_text(encoding="utf-8").split("\n\n")[0] == "S I went to shop yesterday ."
    parallel_cli.main(["-orig", orig, "-cor", cor, "-out", str(out), "--legacy"], backend=KnownSentences())
    assert "A 4 5|||U:PREP||||||REQUIRED|||-NONE-|||0" in out.read_text(encoding="utf-8")
    # JP mode writes errant's noop for the spacing-only difference.
    parallel_cli.main(["-orig", orig, "-cor", spaced, "-out", str(out)], backend=KnownSentences())
    assert out.read_text(encoding="utf-8").split("\n\n")[0].endswith("|||noop|||-NONE-|||REQUIRED|||-NONE-|||0")


def test_merged_correction_is_aligned_and_listed(corpus, capsys):
    folder, orig, _ = corpus
    cor_lines = [text(GOLD["went"]) + " " + text(GOLD["lived"])] + [text(GOLD[n]) for n in ORDER[2:]]
    merged = write(folder / "merged.txt", cor_lines)
    out = folder / "merged.m2"
    # These short sentences differ by more than the default 10% of their characters, so the
    # default threshold never finds a closing point before the identical last sentence: the
    # first four form one (unaligned) block; 0.3 closes the block after two.
    assert parallel_cli.main(["-orig", orig, "-cor", merged, "-out", str(out), "--show-alignment",
                              "--align-threshold", "0.3"], backend=KnownSentences()) == 0
    blocks = out.read_text(encoding="utf-8").split("\n\n")
    assert blocks[0].split("\n") == [
        "S I went to shop yesterday . She lived here for ten years .",
        "A 3 3|||M:DET|||the|||REQUIRED|||-NONE-|||0",
        "A 7 7|||M:VERB:TENSE|||has|||REQUIRED|||-NONE-|||0",
    ]
    assert "\n\n".join(blocks[1:]) == EXPECTED_M2.split("\n\n", 2)[2]
    assert capsys.readouterr().err == "ORIG 1-2 <-> COR1 1 (similar)\n"
    parallel_cli.main(["-orig", orig, "-cor", merged, "-out", str(out), "--show-alignment"],
                      backend=KnownSentences())
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "ORIG 1-4 <-> COR1 1-3 (unaligned)"
    assert err[1] == (f"jp_errant_parallel: warning: ORIG lines 1-4 ({orig}) and COR1 ({merged}) "
                      "lines 1-3 could not be aligned: these ORIG lines are written with a noop "
                      "for annotator 0")
    assert len(err) == 2
    # The unaligned stretch is never annotated as one sentence: one noop sentence per line.
    blocks = out.read_text(encoding="utf-8").split("\n\n")
    assert blocks[:4] == [f"S {text(ORIGINAL[name])}\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0"
                          for name in ORDER[:4]]
    assert "\n\n".join(blocks[4:]) == EXPECTED_M2.split("\n\n", 4)[4]


def test_unaligned_lines_are_never_one_sentence(tmp_path, capsys):
    # jp_align cannot close a block at its default threshold: the lines are reported as
    # unaligned and each ORIG line is written alone, with a noop, unannotated.
    names = ("went", "lived", "difficult")
    orig = write(tmp_path / "o.txt", [text(ORIGINAL[n]) for n in names])
    cor = write(tmp_path / "c.txt", [text(GOLD["went"]) + " " + text(GOLD["lived"]), text(GOLD["difficult"])])
    out = tmp_path / "o.m2"
    backend = KnownSentences()
    assert parallel_cli.main(["-orig", orig, "-cor", cor, "-out", str(out)], backend=backend) == 0
    assert capsys.readouterr().err == (
        f"jp_errant_parallel: warning: ORIG lines 1-3 ({orig}) and COR1 ({cor}) lines 1-2 could "
        "not be aligned: these ORIG lines are written with a noop for annotator 0\n")
    assert out.read_text(encoding="utf-8") == "".join(
        f"S {text(ORIGINAL[n])}\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n" for n in names)
    assert backend.calls == []  # nothing was analysed


def test_unrelated_texts_go_on_line_by_line(tmp_path, capsys):
    # ORIG and COR of unrelated text whose line counts differ by one: every ORIG line is
    # written (noop), one warning covers the whole stretch, nothing is analysed.
    orig = write(tmp_path / "o.txt", [f"line {k} of the original about apples" for k in range(40)])
    cor = write(tmp_path / "c.txt", [f"unrelated text number {k} on pears" for k in range(41)])
    out = tmp_path / "o.m2"
    backend = KnownSentences()
    assert parallel_cli.main(["-orig", orig, "-cor", cor, "-out", str(out)], backend=backend) == 0
    blocks = out.read_text(encoding="utf-8").rstrip("\n").split("\n\n")
    assert len(blocks) == 40 and backend.calls == []
    assert blocks[7] == "S line 7 of the original about apples\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ORIG lines 1-40" in err and "lines 1-41" in err


def test_extra_cor_line_is_reported_and_the_rest_annotated(corpus, capsys):
    folder, orig, _ = corpus
    cor = write(folder / "extra.txt", [text(GOLD[name]) for name in ORDER] + ["An extra line"])
    out = folder / "extra.m2"
    # 0.3: these short sentences differ by more than the default 10 % of their characters.
    assert parallel_cli.main(["-orig", orig, "-cor", cor, "-out", str(out), "--align-threshold", "0.3"],
                             backend=KnownSentences()) == 0
    assert out.read_text(encoding="utf-8") == EXPECTED_M2
    assert capsys.readouterr().err == (f"jp_errant_parallel: warning: COR1 ({cor}) line 6 has no "
                                       f"counterpart in ORIG ({orig}): not annotated\n")


@pytest.mark.parametrize("empty_side", ["orig", "cor"])
def test_one_empty_input_is_an_error(corpus, capsys, empty_side):
    folder, orig, cor = corpus
    empty = write(folder / "empty.txt", [])
    files = {"orig": orig, "cor": cor, empty_side: empty}
    out = folder / "o.m2"
    code = parallel_cli.main(["-orig", files["orig"], "-cor", files["cor"], "-out", str(out)],
                             backend=KnownSentences())
    other = cor if empty_side == "orig" else orig
    assert code == 2
    assert capsys.readouterr().err == (f"jp_errant_parallel: error: {empty}: the file holds no "
                                       f"sentence, while {other} does\n")
    assert not out.exists()


def test_utf16_cor_is_refused_on_its_first_line(corpus, capsys):
    folder, orig, _ = corpus
    utf16 = folder / "utf16.txt"
    utf16.write_bytes("".join(text(GOLD[n]) + "\n" for n in ORDER).encode("utf-16-le"))
    code = parallel_cli.main(["-orig", orig, "-cor", str(utf16), "-out", str(folder / "o.m2")],
                             backend=KnownSentences())
    assert code == 2
    assert capsys.readouterr().err.endswith(f"error: {utf16}:1: NUL byte: not UTF-8 text (UTF-16?)\n")


def test_oversized_sentence_pair_is_refused_on_one_line(tmp_path, capsys):
    orig = write(tmp_path / "o.txt", ["a " * 1200, "b c"])
    cor = write(tmp_path / "c.txt", ["a " * 1199 + "z", "b d"])
    code = parallel_cli.main(["-orig", orig, "-cor", cor, "-out", str(tmp_path / "o.m2")],
                             backend=KnownSentences())
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"jp_errant_parallel: error: {orig}:1: sentence of 1200 tokens against a "
                          "correction of 1200 tokens: aligning them needs 1,442,401 cells, more than "
                          "the limit of 1,000,000")


def test_never_align_pairs_lines_like_errant(corpus):
    folder, orig, _ = corpus
    cor = write(folder / "short.txt", [text(GOLD["went"])])
    out = folder / "short.m2"
    parallel_cli.main(["-orig", orig, "-cor", cor, "-out", str(out), "--align", "never"],
                      backend=KnownSentences())
    assert out.read_text(encoding="utf-8") == EXPECTED_M2.split("\n\n")[0] + "\n\n"


def test_round_trip_with_compare(corpus, capsys):
    folder, orig, cor = corpus
    hyp = str(folder / "hyp.m2")
    parallel_cli.main(["-orig", orig, "-cor", cor, "-out", hyp], backend=KnownSentences())
    capsys.readouterr()
    assert compare_cli.main(["-hyp", hyp, "-ref", hyp]) == 0
    self_report = capsys.readouterr().out
    assert "6\t0\t0\t1.0\t1.0\t1.0" in self_report
    cor_lines = [text(GOLD["went"]) + " " + text(GOLD["lived"])] + [text(GOLD[n]) for n in ORDER[2:]]
    merged_hyp = str(folder / "merged.m2")
    # 0.3: these short sentences differ by more than the default 10 % of their characters
    # (at 0.1 they are unaligned, hence written with noops).
    parallel_cli.main(["-orig", orig, "-cor", write(folder / "m.txt", cor_lines), "-out", merged_hyp,
                       "--align-threshold", "0.3"], backend=KnownSentences())
    capsys.readouterr()
    assert compare_cli.main(["-hyp", merged_hyp, "-ref", hyp]) == 0
    assert capsys.readouterr().out == self_report


def test_missing_input_is_one_line_error(tmp_path, capsys):
    code = parallel_cli.main(["-orig", str(tmp_path / "none.txt"), "-cor", str(tmp_path / "none.txt"),
                              "-out", str(tmp_path / "o.m2")], backend=KnownSentences())
    err = capsys.readouterr().err
    assert code == 2
    assert err == f"jp_errant_parallel: error: {tmp_path / 'none.txt'}: No such file or directory\n"
    assert not (tmp_path / "o.m2").exists()


def test_invalid_utf8_names_the_line(corpus, capsys):
    folder, orig, _ = corpus
    bad = folder / "bad.txt"
    bad.write_bytes(b"I went to the shop yesterday .\n\xff\xfe\n")
    code = parallel_cli.main(["-orig", orig, "-cor", str(bad), "-out", str(folder / "o.m2")],
                             backend=KnownSentences())
    assert code == 2
    assert capsys.readouterr().err.endswith(f"error: {bad}:2: invalid UTF-8\n")


def test_output_may_not_overwrite_an_input(corpus, capsys):
    folder, orig, cor = corpus
    before = (folder / "cor.txt").read_bytes()
    assert parallel_cli.main(["-orig", orig, "-cor", cor, "-out", cor], backend=KnownSentences()) == 2
    assert (folder / "cor.txt").read_bytes() == before
    assert "inputs are never modified" in capsys.readouterr().err


# -- jp_errant_m2 ----------------------------------------------------------------------

GOLD_M2 = """\
S I went to shop yesterday .
A 3 3|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0
A 0 1|||Um|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S It 's difficult answer at the question
A 2 5|||Wform|||difficult to answer|||REQUIRED|||-NONE-|||0

S The weather is nice today .

"""


def test_m2_gold_minimises_and_retypes(tmp_path):
    # Gold edits come out in span order (errant applies them sorted); Um becomes UNK; the
    # common prefix "difficult" is trimmed from [difficult answer at -> difficult to answer].
    source = tmp_path / "gold.m2"
    source.write_text(GOLD_M2, encoding="utf-8")
    out = tmp_path / "out.m2"
    assert m2_cli.main([str(source), "-gold", "-out", str(out)], backend=KnownSentences()) == 0
    assert out.read_text(encoding="utf-8") == (
        "S I went to shop yesterday .\n"
        "A 0 1|||UNK|||-NONE-|||REQUIRED|||-NONE-|||0\n"
        "A 3 3|||M:DET|||the|||REQUIRED|||-NONE-|||0\n"
        "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\n\n"
        "S It 's difficult answer at the question\n"
        "A 3 5|||R:OTHER|||to answer|||REQUIRED|||-NONE-|||0\n\n"
        "S The weather is nice today .\n\n"
    )


def test_m2_gold_old_categories_and_no_minimisation(tmp_path):
    source = tmp_path / "gold.m2"
    source.write_text(GOLD_M2, encoding="utf-8")
    out = tmp_path / "out.m2"
    m2_cli.main([str(source), "-gold", "-no_min", "-old_cats", "-out", str(out)], backend=KnownSentences())
    text_out = out.read_text(encoding="utf-8")
    assert "A 2 5|||Wform|||difficult to answer|||REQUIRED|||-NONE-|||0" in text_out
    assert "A 0 1|||Um|||-NONE-|||REQUIRED|||-NONE-|||0" in text_out


def test_m2_auto_reextracts(tmp_path):
    source = tmp_path / "gold.m2"
    source.write_text(GOLD_M2, encoding="utf-8")
    out = tmp_path / "out.m2"
    m2_cli.main([str(source), "-auto", "-out", str(out)], backend=KnownSentences())
    blocks = out.read_text(encoding="utf-8").split("\n\n")
    assert blocks[0].split("\n")[1:] == ["A 3 3|||M:DET|||the|||REQUIRED|||-NONE-|||0",
                                         "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1"]
    assert blocks[1].split("\n")[1:] == ["A 3 3|||M:VERB:FORM|||to|||REQUIRED|||-NONE-|||0",
                                         "A 4 5|||U:ADP||||||REQUIRED|||-NONE-|||0"]


def test_m2_auto_refuses_an_oversized_sentence_before_analysing_it(tmp_path, capsys):
    source = tmp_path / "long.m2"
    source.write_text(GOLD_M2 + "S " + "a " * 1100 + "\nA 0 1|||R:NOUN|||b|||REQUIRED|||-NONE-|||0\n",
                      encoding="utf-8")
    backend = KnownSentences()
    code = m2_cli.main([str(source), "-auto", "-out", str(tmp_path / "out.m2")], backend=backend)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"jp_errant_m2: error: {source}:11: sentence of 1100 tokens against a "
                          "correction of 1100 tokens")
    assert all("a a a" not in line for call in backend.calls for line in call)


def test_m2_malformed_input_is_one_line_error(tmp_path, capsys):
    source = tmp_path / "bad.m2"
    source.write_text("S a b\nA 0 x|||R:NOUN|||c|||REQUIRED|||-NONE-|||0\n", encoding="utf-8")
    code = m2_cli.main([str(source), "-auto", "-out", str(tmp_path / "o.m2")], backend=KnownSentences())
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"jp_errant_m2: error: {source}:2: ") and err.count("\n") == 1


def test_a_cor_file_unaligned_on_some_lines_gets_noops_there_only(corpus, capsys):
    # COR2 lacks the last line, and its line 4 differs too much from ORIG line 4 to align
    # with the file's end right after it: annotator 1 gets noops on ORIG lines 4-5 only.
    folder, orig, cor = corpus
    short = write(folder / "short.txt", [text(GOLD[name]) for name in ORDER[:4]])
    out = folder / "two.m2"
    assert parallel_cli.main(["-orig", orig, "-cor", cor, short, "-out", str(out),
                              "--align-threshold", "0.3"], backend=KnownSentences()) == 0
    blocks = out.read_text(encoding="utf-8").rstrip("\n").split("\n\n")
    assert blocks[0].split("\n")[1:] == ["A 3 3|||M:DET|||the|||REQUIRED|||-NONE-|||0",
                                         "A 3 3|||M:DET|||the|||REQUIRED|||-NONE-|||1"]
    assert blocks[3].split("\n")[1:] == ["A 3 4|||R:DET|||his|||REQUIRED|||-NONE-|||0",  # errant: PRP$ is a determiner
                                         "A 7 9|||R:PUNCT|||. It|||REQUIRED|||-NONE-|||0",
                                         "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1"]
    assert blocks[4].split("\n")[1:] == ["A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0",
                                         "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1"]
    assert capsys.readouterr().err == (
        f"jp_errant_parallel: warning: ORIG lines 4-5 ({orig}) and COR2 ({short}) line 4 could not "
        "be aligned: these ORIG lines are written with a noop for annotator 1\n")


def test_orig_lines_missing_from_a_cor_file_are_reported_as_such(corpus, capsys):
    folder, orig, _ = corpus
    # The COR file lacks ORIG's last two lines (identical texts before them align exactly).
    cor = write(folder / "cut.txt", [text(ORIGINAL[name]) for name in ORDER[:3]])
    out = folder / "cut.m2"
    assert parallel_cli.main(["-orig", orig, "-cor", cor, "-out", str(out)], backend=KnownSentences()) == 0
    assert capsys.readouterr().err == (
        f"jp_errant_parallel: warning: ORIG lines 4-5 ({orig}) have no counterpart in COR1 ({cor}): "
        "these ORIG lines are written with a noop for annotator 0\n")
    blocks = out.read_text(encoding="utf-8").rstrip("\n").split("\n\n")
    assert len(blocks) == 5
    assert all(block.endswith("\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0") for block in blocks)
