"""jp_align: the papers' examples and property tests over random re-segmentations."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jp_align import (
    EXACT, MISMATCH, NORMALIZED, SIMILAR, UNALIGNED,
    align_sentences, align_words, block_index, iter_align_sentences,
    jaro_winkler_suffix_distance, levenshtein_distance, normalizer_for,
)

EN = normalizer_for("en")


def groups(left, right, **kw):
    return [([left[i] for i in b.left], [right[j] for j in b.right], b.kind)
            for b in align_words(left, right, **kw)]


def spans(blocks):
    return [(tuple(b.left), tuple(b.right)) for b in blocks]


# --- the papers' examples ----------------------------------------------------------------

TITLE = {
    "tok.sed": "When No. 1 Is n't the Best",
    "Moses": "When No . 1 Isn 't the Best",
    "CoreNLP": "When No. 1 Is n't the Best",
    "expanded": "When No. 1 Is not the Best",
}


@pytest.mark.parametrize("a", sorted(TITLE))
@pytest.mark.parametrize("b", sorted(TITLE))
def test_title_under_every_tokenizer_aligns_as_one_sentence(a, b):
    left, right = TITLE[a].split(), TITLE[b].split()
    blocks = align_sentences([left], [right])
    assert spans(blocks) == [((0,), (0,))]
    words = align_words(left, right)
    if {a, b} == {"Moses", "expanded"}:
        # "Isn 't" vs "Is not": no whole-token rule can see across Moses' split, so the
        # pair aligns by similarity (one character in 20).
        assert blocks[0].kind == SIMILAR
    else:
        assert blocks[0].kind in (EXACT, NORMALIZED)
        assert all(g.kind in (EXACT, NORMALIZED) for g in words)
    assert [left[i] for g in words for i in g.left] == left
    assert [right[i] for g in words for i in g.right] == right


def test_moses_and_ptb_contraction_group_together():
    left, right = TITLE["tok.sed"].split(), TITLE["Moses"].split()
    assert (["No."], ["No", "."], EXACT) in groups(left, right)
    assert (["Is", "n't"], ["Isn", "'t"], EXACT) in groups(left, right)


def test_raw_equal_group_is_exact_inside_a_normalized_block():
    # The block needs the table ("ca"/"can"), and elsewhere "not" is split as "no" "t".
    left, right = "I ca go not here".split(), "I can go no t here".split()
    assert (["not"], ["no", "t"], EXACT) in groups(left, right)


def test_click_here_split_versus_one_sentence():
    gold = [["Click", "here", "To", "view", "it", "."]]
    test = [["Click", "here"], ["To", "view", "it", "."]]
    assert spans(align_sentences(gold, test)) == [((0,), (0, 1))]
    assert spans(align_sentences(test, gold)) == [((0, 1), (0,))]


def test_one_to_three_block():
    gold = [["Mike", "McConnell", "07/06/2000", "14:57", "John", ",", "Hello", "from",
             "South", "America", "."]]
    test = [["Mike", "McConnell"], ["07/06/2000", "14:57"],
            ["John", ",", "Hello", "from", "South", "America", "."]]
    blocks = align_sentences(gold, test)
    assert spans(blocks) == [((0,), (0, 1, 2))]
    assert blocks[0].kind == EXACT


def test_cant_versus_can_not():
    left, right = "This ca n't be right".split(), "this can not be right".split()
    assert align_sentences([left], [right], normalizer=normalizer_for("en", casefold=True))[0].kind \
        == NORMALIZED
    # Without case folding, "This"/"this" is one character in 16: similar, not equal.
    assert align_sentences([left], [right])[0].kind == SIMILAR
    got = groups(left, right, normalizer=normalizer_for("en", casefold=True))
    assert got == [(["This"], ["this"], NORMALIZED), (["ca"], ["can"], NORMALIZED),
                   (["n't"], ["not"], NORMALIZED), (["be"], ["be"], EXACT),
                   (["right"], ["right"], EXACT)]


def test_hebrew_added_morpheme():
    gold, system = "B H CL FL HM H NEIM".split(), "B CL FL HM HNEIM".split()
    assert [(g, s) for g, s, _ in groups(gold, system)] == [
        (["B"], ["B"]), (["H", "CL"], ["CL"]), (["FL"], ["FL"]), (["HM"], ["HM"]),
        (["H", "NEIM"], ["HNEIM"]),
    ]
    assert groups(gold, system)[1][2] == MISMATCH


@pytest.mark.parametrize("gold,system", [
    ("`` Hi '' , he said", '" Hi " , he said'),
    ("-LRB- a -RRB-", "( a )"),
    ("wait ...", "wait \u2026"),
    ("\u201cHi\u201d", '"Hi"'),
    ("it \u2019s", "it 's"),
    ("a -- b", "a \u2013 b"),
    ("wo n't", "will not"),
    ("won't", "wo n't"),
    ("cannot", "can not"),
    ("Sp\u00e4ter", "Spa\u0308ter"),
])
def test_exception_table_entries_match(gold, system):
    assert EN.text(gold.split()) == EN.text(system.split())


def test_normalization_rule_is_named():
    assert EN.rule(["Spa\u0308ter"], ["Sp\u00e4ter"]) == "unicode normalization"
    assert EN.rule(["Dogs"], ["dogs"]) == "case folding"
    assert EN.rule(["-LRB-"], ["("]) == "exception table"
    assert EN.rule(["a"], ["b"]) == "mismatch"


def test_other_languages_keep_english_words():
    fr = normalizer_for("fr")
    assert fr.normalize("not") == "not"
    assert fr.normalize("-LRB-") == "("
    assert EN.normalize("not") == "not" and EN.normalize("n't") == "not"
    assert EN.normalize("won't") == "willnot" and EN.normalize("Can't") == "Cannot"


def test_extended_table():
    custom = EN.extended(token_map={"gonna": "going to"})
    assert custom.normalize("gonna") == "goingto"  # space-free
    assert EN.normalize("gonna") == "gonna"


# --- similarity and unaligned blocks -----------------------------------------------------

def test_similar_block_needs_the_next_pair_to_match():
    first = "the quick brown fox jumps over the lazy dog".split()
    typo = "the quick brown fox jumps ovr the lazy dog".split()
    nxt = ["Next", "sentence", "."]
    blocks = align_sentences([first, nxt], [typo, nxt])
    assert [b.kind for b in blocks] == [SIMILAR, EXACT]
    # Same pair, but what follows disagrees: not similar-matched.
    blocks = align_sentences([first, nxt], [typo, ["Other", "words", "entirely", "!"]])
    assert blocks[0].kind == UNALIGNED


def test_similar_merged_block():
    gold = [["Mike", "McConnell", "wrote", "this", "long", "message", "from", "South", "America", "."],
            ["Bye", "."]]
    test = [["Mike", "McConnell", "wrote", "this"], ["long", "mesage", "from", "South", "America", "."],
            ["Bye", "."]]
    blocks = align_sentences(gold, test)
    assert spans(blocks) == [((0,), (0, 1)), ((1,), (2,))]
    assert blocks[0].kind == SIMILAR


def test_unaligned_block_resynchronizes_and_continues():
    left = [["a", "b"], ["totally", "different", "text"], ["c", "d"], ["e"]]
    right = [["a", "b"], ["nothing", "alike"], ["more", "noise"], ["c", "d"], ["e"]]  # 1:2
    blocks = align_sentences(left, right)
    assert spans(blocks) == [((0,), (0,)), ((1,), (1, 2)), ((2,), (3,)), ((3,), (4,))]
    assert blocks[1].kind == UNALIGNED and blocks[1].reason


def test_unaligned_is_bounded_by_lookahead():
    left = [[f"l{i}", "aaaaaa"] for i in range(500)]  # unrelated texts on the two sides
    right = [[f"r{i}", "zzzzzz"] for i in range(500)]
    blocks = align_sentences(left, right, lookahead=8)
    assert all(b.kind == UNALIGNED for b in blocks)
    assert max(len(b.left) for b in blocks) <= 9


def test_one_side_ends_early():
    blocks = align_sentences([["a"], ["b"], ["c"]], [["a"]])
    assert spans(blocks) == [((0,), (0,)), ((1,), ()), ((2,), ())]
    assert blocks[1].kind == UNALIGNED and "ended" in blocks[1].reason


def test_empty_inputs():
    assert align_sentences([], []) == []
    assert align_words([], []) == []


def test_streaming_holds_items_and_global_indices():
    left = iter([["a"], ["b", "c"], ["d"]])
    right = iter([["a", "b"], ["c", "d"]])
    out = list(iter_align_sentences(left, right))
    assert [(tuple(b.left), tuple(b.right)) for b, _, _ in out] == [((0, 1, 2), (0, 1))]
    assert out[0][1] == [["a"], ["b", "c"], ["d"]]


def test_streaming_with_token_accessor():
    left = [{"words": ["x", "y"]}, {"words": ["z"]}]
    right = [{"words": ["x"]}, {"words": ["y", "z"]}]
    out = list(iter_align_sentences(left, right, tokens=lambda s: s["words"]))
    assert out[0][0].left == range(0, 2) and out[0][2] == right


def test_block_index():
    blocks = align_sentences([["a"], ["b"], ["c"]], [["a", "b"], ["c"]])
    assert block_index(blocks, 3, "left") == [0, 0, 1]
    assert block_index(blocks, 2, "right") == [0, 1]


def test_distances():
    assert levenshtein_distance("abcd", "abcd") == 0.0
    assert levenshtein_distance("abcd", "abce") == pytest.approx(0.25)
    assert jaro_winkler_suffix_distance("same", "same") == 0.0
    assert jaro_winkler_suffix_distance("", "x") == 1.0
    # Common ends weigh more than a common middle.
    assert jaro_winkler_suffix_distance("abcXdef", "abcYdef") < \
        jaro_winkler_suffix_distance("XabcdeY", "ZabcdeW")


# --- property tests ----------------------------------------------------------------------

SPECIAL = {  # base token -> renderings one side may use instead
    "(": ["-LRB-"], ")": ["-RRB-"], '"': ["``", "''", "\u201c"], "...": ["\u2026"],
    "'s": ["\u2019s"], "--": ["\u2013"],
}
# Re-tokenization cuts and glues these words at random, so their letters must not spell a
# key of the whole-token rules ("c" + "a" would spell "ca" -> "can"): no tokenizer glues
# unrelated words into a contraction piece, and whole-token rules cannot see inside a token.
VOCAB = ["e", "bb", "ccc", "the", "dog", "No.", "x1", "zz", *SPECIAL]


def same_text(left, right):
    """The aligners' notion of equal texts: raw space-free, or normalized."""
    return "".join(left) == "".join(right) or EN.text(left) == EN.text(right)


def render(stream, rng, substitute):
    """One side's view of a token stream: re-tokenized, re-segmented, maybe re-spelled."""
    tokens = []
    for tok in stream:
        if tok in SPECIAL:  # special tokens stay whole so the exception table applies
            tokens.append(rng.choice(SPECIAL[tok]) if substitute and rng.random() < 0.5 else tok)
            continue
        r = rng.random()
        if r < 0.15 and len(tok) > 1:
            cut = rng.randrange(1, len(tok))
            tokens.extend([tok[:cut], tok[cut:]])
        elif r < 0.3 and tokens and tokens[-1] not in SPECIAL and \
                all(tokens[-1] not in v for v in SPECIAL.values()):
            tokens[-1] += tok
        else:
            tokens.append(tok)
    sentences, current = [], []
    for tok in tokens:
        current.append(tok)
        if rng.random() < 0.2:
            sentences.append(current)
            current = []
    if current:
        sentences.append(current)
    return sentences


@settings(deadline=None)
@given(st.lists(st.sampled_from(VOCAB), min_size=1, max_size=120), st.integers(0, 2**32),
       st.booleans())
def test_random_resegmentation_aligns_completely(stream, seed, substitute):
    rng = random.Random(seed)
    left, right = render(stream, rng, False), render(stream, rng, substitute)
    blocks = align_sentences(left, right)
    assert [i for b in blocks for i in b.left] == list(range(len(left)))
    assert [j for b in blocks for j in b.right] == list(range(len(right)))
    for b in blocks:
        assert b.kind in (EXACT, NORMALIZED)
        assert same_text([t for i in b.left for t in left[i]], [t for j in b.right for t in right[j]])
        # Words inside the block cover both sides and match group by group.
        lt = [t for i in b.left for t in left[i]]
        rt = [t for j in b.right for t in right[j]]
        words = align_words(lt, rt)
        assert [k for g in words for k in g.left] == list(range(len(lt)))
        assert [k for g in words for k in g.right] == list(range(len(rt)))
        for g in words:
            assert g.kind in (EXACT, NORMALIZED)
            assert same_text([lt[k] for k in g.left], [rt[k] for k in g.right])


@settings(deadline=None)
@given(st.lists(st.lists(st.sampled_from(VOCAB), min_size=1, max_size=8), max_size=30))
def test_identical_inputs_give_only_one_to_one_blocks(sentences):
    blocks = align_sentences(sentences, sentences)
    assert all(b.is_one_to_one and b.kind == EXACT for b in blocks)
    assert len(blocks) == len(sentences)


@settings(deadline=None)
@given(st.lists(st.text(alphabet="abcxy", min_size=0, max_size=4), max_size=12),
       st.lists(st.text(alphabet="abcxy", min_size=0, max_size=4), max_size=12))
def test_word_groups_always_cover_both_sides(left, right):
    words = align_words(left, right)
    assert [k for g in words for k in g.left] == list(range(len(left)))
    assert [k for g in words for k in g.right] == list(range(len(right)))
    if left and right:
        assert all(len(g.left) and len(g.right) for g in words)


@settings(deadline=None)
@given(st.lists(st.lists(st.sampled_from(["a", "b", "c", "dd"]), min_size=0, max_size=4), max_size=10),
       st.lists(st.lists(st.sampled_from(["a", "b", "c", "ee"]), min_size=0, max_size=4), max_size=10))
def test_sentence_blocks_always_cover_both_sides(left, right):
    blocks = align_sentences(left, right, lookahead=4)
    assert [i for b in blocks for i in b.left] == list(range(len(left)))
    assert [j for b in blocks for j in b.right] == list(range(len(right)))
    for b in blocks:
        assert len(b.left) + len(b.right) > 0


def test_block_char_offsets():
    from jp_align import block_char_offsets
    left, right = "B H CL FL".split(), "B CL FL".split()
    blocks = align_words(left, right)
    texts_l = [EN.normalize(t) for t in left]
    texts_r = [EN.normalize(t) for t in right]
    assert block_char_offsets(blocks, texts_l, texts_r) == [
        ((0, 1), (0, 1)), ((1, 4), (1, 3)), ((4, 6), (3, 5))]


@pytest.mark.parametrize("gold,system", [
    ("All - you can - eat style deal .", "All-you can-eat style deal ."),
    ("we do NOT to do it", "we do NOTto do it"),
    ("I ca n't go .", "I can 't go ."),
    ("I will go .", "I wi ll go ."),
])
def test_same_characters_split_differently_are_exact(gold, system):
    """Whole-token exception rules must never break texts whose characters agree."""
    blocks = align_sentences([gold.split()], [system.split()])
    assert [(b.kind, len(b.left), len(b.right)) for b in blocks] == [(EXACT, 1, 1)]
    assert all(g.kind == EXACT for g in align_words(gold.split(), system.split()))


@pytest.mark.parametrize("tokens", [["``", "x", "''"], ["`", "`", "x", "'", "'"], ['"', "x", '"'],
                                    ["\u201c", "x", "\u201d"]])
def test_quotes_normalize_the_same_however_split(tokens):
    assert EN.text(tokens) == EN.text(['"x"'])


def test_exact_raw_walk_precedes_normalized_walk():
    # The first pair needs the exception table, the second only re-tokenization.
    gold = [["I", "ca", "n't", "."], ["All", "-", "you", "can", "-", "eat", "."]]
    system = [["I", "can", "not", "."], ["All-you", "can-eat", "."]]
    assert [b.kind for b in align_sentences(gold, system)] == [NORMALIZED, EXACT]


def test_corrected_text_with_steady_merges_resynchronizes():
    """Every sentence differs (corrections) and the corrected side merges pairs: the next
    block, not just the next pair, decides whether a similar block may close."""
    orig = [["This", "is", "the", "first", "sentence", "with", "a", "eror", "."],
            ["And", "this", "are", "the", "second", "one", "."],
            ["Here", "comes", "the", "third", "sentence", "with", "mistake", "."],
            ["And", "fourth", "one", "also", "have", "it", "."]]
    corr = [["This", "is", "the", "first", "sentence", "with", "an", "error", ",", "and", "this",
             "is", "the", "second", "one", "."],
            ["Here", "comes", "the", "third", "sentence", "with", "a", "mistake", ",", "and",
             "the", "fourth", "one", "also", "has", "it", "."]]
    blocks = align_sentences(orig, corr, threshold=0.15)
    assert spans(blocks) == [((0, 1), (0,)), ((2, 3), (1,))]
    assert all(b.kind == SIMILAR for b in blocks)


def test_similar_block_takes_in_a_short_trailing_sentence():
    """Without "..." the first block is already similar and the next block re-synchronizes,
    but with it the texts are closer: the block must end after it."""
    orig = [["The", "media", "routinely", "obscures", "lines", "between", "terrorism", "and",
             "legitimate", "resistance", "as", "the", "article", "demonstrates", "."],
            ["..."],
            ["The", "decision", "to", "sidestep", "obvious", "does", "not", "bring", "peace", "."],
            ["I", "'ve", "been", "fuming", "this", "fact", "for", "weeks", "."]]
    corr = [["The", "media", "routinely", "obscures", "the", "lines", "between", "terrorism", "and",
             "legitimate", "resistance", "as", "the", "article", "demonstrates", ".", "..."],
            ["The", "decision", "to", "sidestep", "the", "obvious", "does", "not", "bring", "peace",
             ".", "I", "'ve", "been", "fuming", "over", "this", "fact", "for", "weeks", "."]]
    blocks = align_sentences(orig, corr)
    assert spans(blocks) == [((0, 1), (0,)), ((2, 3), (1,))]


def test_empty_sentence_is_isolated_not_swallowed():
    """A sentence with no words (a parser's "(TOP ())") must not make a long accumulation
    "similar": the identical pair right after it re-synchronizes the sides."""
    left = [[f"w{i}", "x", "y", "z", "."] for i in range(30)]
    right = [list(s) for s in left]
    right[5] = []
    blocks = align_sentences(left, right)
    assert [(tuple(b.left), tuple(b.right), b.kind) for b in blocks if not b.kind == EXACT] == \
        [((5,), (5,), UNALIGNED)]
    assert len(blocks) == 30


def test_repetitive_text_pairs_position_by_position():
    same = ["this", "is", "a", "test"]
    left = [same] * 8
    right = [same, [], ["this", "was", "a", "test"], ["this", "is", "not", "a", "test"], [],
             same, same, same]
    blocks = align_sentences(left, right)
    assert all(b.is_one_to_one for b in blocks)
    # The first three pairs are not sandwiched by agreeing text; the last one is, but an
    # empty sentence is unrelated to any text.
    assert [b.kind for b in blocks] == [EXACT] + [UNALIGNED] * 4 + [EXACT] * 3


def test_single_pair_between_agreeing_text_corresponds_by_position():
    before, after = ["Good", "morning", "."], ["See", "you", "."]
    gold = [before, ["My", "daughter", "was", "like", "a", "home", "to", "me", "."], after]
    system = [before, ["My", "daughter", "was", "as", "home", "for", "me", "."], after]
    blocks = align_sentences(gold, system)
    assert [b.kind for b in blocks] == [EXACT, MISMATCH, EXACT]
    unrelated = [before, ["Zxq", "wvut", "rrr", "."], after]
    assert [b.kind for b in align_sentences(gold, unrelated)] == [EXACT, UNALIGNED, EXACT]


def test_last_pair_is_paired_like_a_pair_in_the_middle():
    gold, system = ["The", "cat", "sat", "."], ["The", "kat", "sat", "."]
    assert [b.kind for b in align_sentences([gold], [system])] == [MISMATCH]
    assert [b.kind for b in align_sentences([gold, gold], [system, gold])] == [MISMATCH, EXACT]
    assert [b.kind for b in align_sentences([["a", "b"]], [["x", "y", "z"]])] == [UNALIGNED]
