"""jp_preprocess_eval: joint tokenization + sentence-boundary evaluation by alignment."""
from __future__ import annotations

import json
import re
import warnings

from hypothesis import given, settings
from hypothesis import strategies as st

from jp_align import iter_align_sentences, normalizer_for
from jp_preprocess import evaluate
from jp_preprocess.jp import align_block
from jp_preprocess.sentence import Sentence
from tests.datafiles import data_path
from tests.toolrun import run_tool


def run(argv):
    """jp_preprocess_eval in-process (tests/toolrun.py): (status, stdout, stderr)."""
    result = run_tool("jp_preprocess_eval", argv)
    return result.returncode, result.out, result.err


def write(tmp_path, name, text, encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return str(path)


def scores(gold, system, *options):
    status, out, err = run([gold, system, "--json", *options])
    assert status == 0, err
    data = json.loads(out)["scores"]
    return {unit: (data[unit]["tp"], data[unit]["fp"], data[unit]["fn"]) for unit in ("sentences", "tokens")}


# --- the real-data target ----------------------------------------------------------------------

def test_ewt_gold_vs_nltk_gives_the_authors_counts():
    gold = str(data_path("preprocessing", "en_ewt-ud-test-gold.txt"))
    system = str(data_path("preprocessing", "en_ewt-ud-test-sys-nltk.txt"))
    assert scores(gold, system) == {"sentences": (1083, 346, 994), "tokens": (24242, 1043, 852)}


def test_ewt_table_output():
    gold = str(data_path("preprocessing", "en_ewt-ud-test-gold.txt"))
    system = str(data_path("preprocessing", "en_ewt-ud-test-sys-nltk.txt"))
    status, out, err = run([gold, system])
    assert status == 0
    assert err.startswith("jp_preprocess_eval: note: 488 of 1408 blocks changed (merged 325, retokenized 163)")
    assert out.splitlines() == [
        "              TP    FP   FN      P      R     F1",
        "sentences   1083   346  994  75.79  52.14  61.78",
        "tokens     24242  1043  852  95.88  96.60  96.24",
    ]


def test_ewt_conllu_gold_reads_multiword_tokens_as_one_token():
    conllu = str(data_path("ud", "UD_English-EWT", "en_ewt-ud-test.conllu"))
    status, out, err = run([conllu, conllu, "--json"])
    data = json.loads(out)["scores"]
    assert err == ""  # the same file: every block exact, no note
    # Every token of a file against itself: no FP/FN; 2077 sentences, MWT surface forms as tokens.
    assert data["sentences"]["tp"] == data["sentences"]["gold"] == 2077
    assert data["tokens"]["fp"] == data["tokens"]["fn"] == 0
    assert data["tokens"]["gold"] < 25094  # fewer tokens than syntactic words: "don't" is one token


# --- small cases -------------------------------------------------------------------------------

def test_click_here_partial_match(tmp_path):
    gold = write(tmp_path, "g.txt", "Click here To view it .\nNext one .\n")
    system = write(tmp_path, "s.txt", "Click here\nTo view it .\nNext one .\n")
    assert scores(gold, system) == {"sentences": (1, 2, 1), "tokens": (9, 0, 0)}
    status, out, err = run([gold, system, "--show-alignment"])
    assert status == 0
    assert out.splitlines()[3:8] == [
        "Alignment: 2 blocks (2 gold, 3 system sentences): exact 1, normalized 0, similar 0, mismatch 0, "
        "unaligned 0, merged 1, retokenized 0",
        f"[merged] gold {gold}:1 | system {system}:1-2 | texts exact",
        "    gold  : Click here To view it .",
        "    system: Click here | To view it .",
        "    figures: sentence_tp=0 sentence_fp=2 sentence_fn=1 token_tp=6 token_fp=0 token_fn=0",
    ]
    assert "Next one" not in out  # 1:1 matches are not listed
    assert err.startswith("jp_preprocess_eval: note: 1 of 2 blocks changed (merged 1)")


def test_show_alignment_json_is_one_document(tmp_path):
    gold = write(tmp_path, "g.txt", "Click here To view it .\n")
    system = write(tmp_path, "s.txt", "Click here\nTo view it .\n")
    status, out, err = run([gold, system, "--show-alignment", "--json"])
    document = json.loads(out)
    (block,) = document["alignment"]["blocks"]
    assert block["kind"] == "merged" and (block["system"]["first_line"], block["system"]["last_line"]) == (1, 2)
    assert document["scores"]["sentences"]["tp"] == 0 and document["scores"]["tokens"]["tp"] == 6


def test_retokenized_contraction_and_quotes(tmp_path):
    gold = write(tmp_path, "g.txt", "`` I ca n't go , '' he said .\nFine .\n")
    system = write(tmp_path, "s.txt", "\u201c I can't go , \u201d he said . Fine .\n")
    result = scores(gold, system)
    # Tokens: quotes match after normalization; "ca n't" vs "can't" is a 2:1 group.
    assert result["tokens"] == (10, 1, 2)
    assert result["sentences"] == (0, 1, 2)


def test_merged_and_split_sentences_with_tokenization_changes(tmp_path):
    gold = write(tmp_path, "g.txt", "A b .\nC d - e .\nF g .\nH .\n")
    system = write(tmp_path, "s.txt", "A b . C d-e .\nF\ng .\nH .\n")
    assert scores(gold, system) == {"sentences": (1, 3, 3), "tokens": (10, 1, 3)}


def test_blank_lines_are_not_sentences(tmp_path):
    gold = write(tmp_path, "g.txt", "a b\n\nc d\n")
    system = write(tmp_path, "s.txt", "a b\nc d\n\n\n")
    assert scores(gold, system) == {"sentences": (2, 0, 0), "tokens": (4, 0, 0)}


# --- property: when characters agree, alignment counts equal span counts -----------------------

def span_counts(gold, system):
    """Oracle: TP = sentences/tokens with identical character spans (the CoNLL 2018 definition)."""
    def spans(sentences):
        sents, toks, offset = set(), set(), 0
        for sentence in sentences:
            start = offset
            for token in sentence:
                toks.add((offset, offset + len(token)))
                offset += len(token)
            sents.add((start, offset))
        return sents, toks
    gs, gt = spans(gold)
    ss, stt = spans(system)
    return len(gs & ss), len(gt & stt)


@st.composite
def perturbed_pair(draw):
    # Quotes included: splitting "``" or "''" must not change the normalized text.
    words = draw(st.lists(st.text(alphabet="abx.`'\"\u201c", min_size=1, max_size=4), min_size=1, max_size=40))
    cuts = draw(st.lists(st.booleans(), min_size=len(words), max_size=len(words)))
    gold, current = [], []
    for word, cut in zip(words, cuts):
        current.append(word)
        if cut:
            gold.append(current)
            current = []
    if current:
        gold.append(current)
    # System: re-tokenize (glue or split) and re-segment (different cuts) the same characters.
    text_tokens = []
    for word in words:
        action = draw(st.sampled_from(["keep", "keep", "glue", "split"]))
        if action == "glue" and text_tokens:
            text_tokens[-1] += word
        elif action == "split" and len(word) > 1:
            text_tokens += [word[:1], word[1:]]
        else:
            text_tokens.append(word)
    system_cuts = draw(st.lists(st.booleans(), min_size=len(text_tokens), max_size=len(text_tokens)))
    system, current = [], []
    for token, cut in zip(text_tokens, system_cuts):
        current.append(token)
        if cut:
            system.append(current)
            current = []
    if current:
        system.append(current)
    return gold, system


@settings(deadline=None)
@given(perturbed_pair())
def test_alignment_counts_equal_span_counts_when_characters_agree(pair):
    gold, system = pair
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (the Python API's alignment warning)
        result = evaluate([" ".join(s) for s in gold], [" ".join(s) for s in system], lang="und")
    sentences, tokens = result["sentences"], result["tokens"]
    assert (sentences["tp"], tokens["tp"]) == span_counts(gold, system)
    assert sentences["gold"] == len(gold) and sentences["system"] == len(system)
    assert tokens["gold"] == sum(map(len, gold)) and tokens["system"] == sum(map(len, system))


# --- bad input ---------------------------------------------------------------------------------

def assert_one_line_error(status, out, err, *fragments):
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("jp_preprocess_eval: error: ")
    for fragment in fragments:
        assert fragment in err


def test_missing_file(tmp_path):
    gold = write(tmp_path, "g.txt", "a\n")
    assert_one_line_error(*run([gold, str(tmp_path / "missing.txt")]), "missing.txt")


def test_invalid_utf8_names_file_and_line(tmp_path):
    gold = write(tmp_path, "g.txt", "a b\n")
    system = write(tmp_path, "s.txt", b"a\nb \xc3\x28\n")
    assert_one_line_error(*run([gold, system]), f"{system}:2: invalid UTF-8")


def test_bad_conllu_names_file_and_line(tmp_path):
    gold = write(tmp_path, "g.conllu", "# text = a b\n1\ta\t_\t_\t_\t_\t0\troot\t_\t_\n2\tb\t_\t_\t_\t_\t1\n\n")
    system = write(tmp_path, "s.txt", "a b\n")
    assert_one_line_error(*run([gold, system, "--gold-format", "conllu"]), f"{gold}:3:")


def assert_usage_error(status, out, err, *fragments):
    """The runner's usage error: the usage line, then one error line; exit 2."""
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 2 and lines[0].startswith("usage: jp_preprocess_eval ")
    assert lines[1].startswith("jp_preprocess_eval: error: ")
    for fragment in fragments:
        assert fragment in lines[1]


def test_usage_errors_are_the_usage_and_one_line(tmp_path):
    gold = write(tmp_path, "g.txt", "a\n")
    assert_usage_error(*run([gold]))
    assert_usage_error(*run([gold, gold, "--legacy"]), "--legacy")
    assert_usage_error(*run([gold, gold, "--gold-format", "xml"]))
    assert_usage_error(*run([gold, gold, "--show-aligment"]), "--show-aligment")


def test_english_table_aligns_expanded_contractions_but_tokens_must_match_themselves(tmp_path):
    gold = write(tmp_path, "g.txt", "I do n't know .\n")
    system = write(tmp_path, "s.txt", "I do not know .\n")
    # Language-independent table: "don't" and "donot" differ, so the sentence is not matched.
    assert scores(gold, system, "--lang", "und") == {"sentences": (0, 1, 1), "tokens": (4, 1, 1)}
    # Default (en): the sentence texts match through the contraction table; "n't" vs "not"
    # is still not a true-positive token.
    assert scores(gold, system) == {"sentences": (1, 0, 0), "tokens": (4, 1, 1)}


def test_moses_style_contraction_split_is_not_a_token_match(tmp_path):
    # Same characters, different tokenization: only identical spans are true positives.
    gold = write(tmp_path, "g.txt", "I ca n't go .\n")
    system = write(tmp_path, "s.txt", "I can 't go .\n")
    for options in ([], ["--lang", "en"]):
        assert scores(gold, system, *options) == {"sentences": (1, 0, 0), "tokens": (3, 2, 2)}


def test_normalization_does_not_depend_on_tokenization():
    normalizer = normalizer_for("und")

    def text(tokens):
        return "".join(normalizer.normalize(t) for t in tokens)

    assert text(["``"]) == text(["`", "`"]) == text(['"']) == text(["\u201c"]) == text(["''"]) == text(["'", "'"])
    assert text(["said", "''", ","]) == text(["said''", ","]) == text(["said\u201d,"])
    assert text(["-LRB-"]) == "(" and text(["\u2026"]) == "..."
    assert text(["a'b"]) != text(['a"b'])


def test_split_ptb_quote_is_counted_like_conll18(tmp_path):
    gold = write(tmp_path, "g.txt", "`` Wir gehen . ''\n")
    system = write(tmp_path, "s.txt", "` ` Wir gehen . ''\n")
    assert scores(gold, system) == {"sentences": (1, 0, 0), "tokens": (4, 2, 1)}


def test_one_empty_file_is_an_error(capsys, tmp_path):
    from jp_preprocess import cli

    empty = write(tmp_path, "empty.txt", "")
    full = write(tmp_path, "full.txt", "a b .\n")
    for gold, system in ((empty, full), (full, empty)):
        assert cli.main([gold, system]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == f"jp_preprocess_eval: error: {empty}:1: the file holds no text, while {full} does\n"
    assert cli.main([empty, empty]) == 0


def _numbered(prefix, first, count):
    return "".join(f"{prefix}{k} and {prefix}{k * 7} went home with {prefix}{k * 3} .\n"
                   for k in range(first, first + count))


def test_texts_that_never_resynchronize_are_missed_and_spurious(tmp_path):
    # 100 shared sentences, then 300 unrelated ones on each side: jp_align's look-ahead finds
    # no identical or similar pair after sentence 100. The rest is counted (gold missed,
    # system spurious) and the note says where it starts; --strict makes it an error.
    gold = write(tmp_path, "gold.txt", _numbered("apple", 0, 100) + _numbered("apple", 100, 300))
    system = write(tmp_path, "sys.txt", _numbered("apple", 0, 100) + _numbered("pear", 100, 300))
    counted = scores(gold, system)
    assert counted["sentences"] == (100, 300, 300)
    tp, fp, fn = counted["tokens"]
    assert tp + fn == 400 * 8 and tp + fp == 400 * 8 and tp < 810  # nothing dropped, little matched
    status, out, err = run([gold, system])
    assert status == 0
    assert re.search(r"; 29\d gold sentences without a counterpart \(missed\) and 29\d system sentences "
                     rf"without one \(spurious\), first at {re.escape(gold)}:10\d \| {re.escape(system)}:10\d", err)
    status, out, err = run([gold, system, "--strict"])
    assert_one_line_error(status, out, err, f"{system}:101", f"does not align with {gold}:101")


def test_a_dropped_stretch_that_resynchronizes_is_still_scored(tmp_path):
    gold = write(tmp_path, "gold.txt", _numbered("apple", 0, 100))
    system = write(tmp_path, "sys.txt", _numbered("apple", 0, 40) + _numbered("apple", 70, 30))
    assert scores(gold, system) == {"sentences": (70, 0, 30), "tokens": (560, 0, 240)}


TOKENS = st.lists(st.sampled_from(["a", "b", "ab", "c", "''", '"', "can", "ca", "n't", "not"]), max_size=6)


@settings(max_examples=400, deadline=None)
@given(TOKENS, TOKENS, TOKENS, TOKENS)
def test_word_groups_without_identical_ends_are_align_words_groups(prefix, gold_middle, system_middle, suffix):
    from jp_align import align_words
    from jp_preprocess.jp import word_groups

    gold, system = prefix + gold_middle + suffix, prefix + system_middle + suffix
    if not gold or not system:
        return
    normalizer = normalizer_for("en")
    full = align_words(gold, system, normalizer=normalizer)
    words, identical_ends = word_groups(gold, system, normalizer)
    assert identical_ends == len(full) - len(words)

    def identical_pair(group):
        return (group.kind == "exact" and len(group.left) == len(group.right) == 1
                and gold[group.left.start] == system[group.right.start])

    start = words[0].left.start if words else len(full)
    assert all(identical_pair(group) for group in full[:start])
    assert full[start:start + len(words)] == list(words)
    assert all(identical_pair(group) for group in full[start + len(words):])


def test_one_long_line_with_one_changed_word_holds_few_groups(tmp_path):
    tokens = [f"w{k}" for k in range(5000)]
    changed = tokens[:2500] + ["CHANGED"] + tokens[2501:]
    gold = [Sentence(tuple(tokens), 1)]
    system = [Sentence(tuple(changed), 1)]
    normalizer = normalizer_for("en")
    ((block, gold_units, system_units),) = iter_align_sentences(gold, system, tokens=lambda s: s.tokens,
                                                                normalizer=normalizer)
    aligned = align_block(block, gold_units, system_units, normalizer, normalizer_for("und"))
    # The changed word's group and the identical token kept after it; 4998 only counted.
    assert len(aligned.words) == 2 and aligned.identical_ends == 4998
    assert aligned.token_matches == 4999 and aligned.word_matches == (False, True)
