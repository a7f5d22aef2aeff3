"""jp_errant_parallel stops aligning a COR file that has proven not to re-synchronize
(issue 15 item 2): after UNALIGNED_RUN_LIMIT consecutive unaligned lines on each side, the
remaining ORIG lines are written with a noop, unaligned, under one warning."""
from __future__ import annotations

from jp_errant import parallel_cli
from jp_errant.annotate import pairing
from jp_errant.annotate.tokens import Token
from tests.test_jp_errant_parallel_cli import KnownSentences, write

NOOP = "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||{}"
LIMIT = pairing.UNALIGNED_RUN_LIMIT


def unrelated(count: int, start: int = 0) -> tuple[list[str], list[str]]:
    return ([f"line {k} of the original about apples" for k in range(start, start + count)],
            [f"unrelated text number {k} on pears" for k in range(start, start + count + 1)])


def counting_aligner(monkeypatch) -> list[int]:
    """Count the blocks jp_align yields to pairing (each one is a look-ahead search when the
    texts disagree)."""
    counts: list[int] = []
    real = pairing.iter_align_sentences

    def counted(*args, **kwargs):
        number = len(counts)
        counts.append(0)
        for item in real(*args, **kwargs):
            counts[number] += 1
            yield item

    monkeypatch.setattr(pairing, "iter_align_sentences", counted)
    return counts


def test_alignment_is_given_up_on_unrelated_text(tmp_path, capsys, monkeypatch):
    orig_lines, cor_lines = unrelated(3 * LIMIT)
    orig, cor = write(tmp_path / "o.txt", orig_lines), write(tmp_path / "c.txt", cor_lines)
    out = tmp_path / "o.m2"
    blocks_aligned = counting_aligner(monkeypatch)
    backend = KnownSentences()
    assert parallel_cli.main(["-orig", orig, "-cor", cor, "-out", str(out)], backend=backend) == 0
    # Aligned one line at a time up to the give-up point, never after it.
    assert blocks_aligned == [LIMIT]
    assert backend.calls == []
    blocks = out.read_text(encoding="utf-8").rstrip("\n").split("\n\n")
    assert blocks == [f"S {line}\n{NOOP.format(0)}" for line in orig_lines]
    assert capsys.readouterr().err == (
        f"jp_errant_parallel: warning: ORIG lines 1-{3 * LIMIT} ({orig}) and COR1 ({cor}) lines "
        f"1-{3 * LIMIT + 1} could not be aligned, and alignment was given up from ORIG line "
        f"{LIMIT + 1} and COR1 line {LIMIT + 1} on (no re-synchronization after {LIMIT} unaligned "
        "lines on each side): these ORIG lines are written with a noop for annotator 0\n")


class Whitespace:
    """An analyser standing in for stanza: whitespace tokens, lemma = lower case."""

    def parse(self, lines):
        return [tuple(Token(w, w.lower(), "NOUN" if w[:1].isalpha() else "PUNCT") for w in line.split())
                for line in lines]


def run(tmp_path, orig_lines, cor_files) -> tuple[str, str]:
    orig = write(tmp_path / "o.txt", orig_lines)
    cors = [write(tmp_path / f"c{k}.txt", lines) for k, lines in enumerate(cor_files, start=1)]
    out = tmp_path / "o.m2"
    assert parallel_cli.main(["-orig", orig, "-cor", *cors, "-out", str(out)], backend=Whitespace()) == 0
    return out.read_text(encoding="utf-8"), orig


def resynchronizing(stretch: int) -> tuple[list[str], list[str]]:
    """An unrelated stretch, then text that agrees: identical lines and corrected lines."""
    orig_lines, cor_lines = unrelated(stretch)
    for k in range(20):
        orig_lines += [f"common line {k} .", f"the cat sat on a mat number {k} ."]
        cor_lines += [f"common line {k} .", f"the cat sat on the mat number {k} ."]
    return orig_lines, cor_lines


def test_a_shorter_unrelated_stretch_still_resynchronizes(tmp_path, capsys, monkeypatch):
    # Below the limit the texts are aligned on, and the result is the one of an aligner
    # that never gives up.
    orig_lines, cor_lines = resynchronizing(LIMIT - 30)
    written, _ = run(tmp_path, orig_lines, [cor_lines])
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "given up" not in err and f"lines 1-{LIMIT - 30} (" in err
    assert written.count("|||R:NOUN|||the|||") == 20  # the corrected lines are annotated
    monkeypatch.setattr(pairing, "UNALIGNED_RUN_LIMIT", 10 ** 9)
    assert run(tmp_path, orig_lines, [cor_lines])[0] == written
    assert capsys.readouterr().err == err


def test_a_longer_unrelated_stretch_is_given_up(tmp_path, capsys):
    # The trade-off: past the limit (and the look-ahead) nothing is aligned any more.
    orig_lines, cor_lines = resynchronizing(LIMIT + 80)
    written, _ = run(tmp_path, orig_lines, [cor_lines])
    assert "|||R:NOUN|||" not in written and written.count(NOOP.format(0)) == len(orig_lines)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "given up" in err


def test_only_the_unrelated_cor_file_is_given_up(tmp_path, capsys, monkeypatch):
    # COR1 is unrelated to ORIG, COR2 is ORIG itself: COR2 stays aligned (noop for an
    # unchanged line, annotator 1), COR1 is given up (noop, annotator 0).
    orig_lines, cor_lines = unrelated(2 * LIMIT)
    blocks_aligned = counting_aligner(monkeypatch)
    written, _ = run(tmp_path, orig_lines, [cor_lines, orig_lines])
    assert blocks_aligned == [LIMIT, 2 * LIMIT]
    blocks = written.rstrip("\n").split("\n\n")
    assert blocks == [f"S {line}\n{NOOP.format(0)}\n{NOOP.format(1)}" for line in orig_lines]
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "COR1" in err and "given up from ORIG line" in err
