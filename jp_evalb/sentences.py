"""JP mode's input stage: the trees of one file, numbered, with the text alignment compares.

A file is read as UTF-8, or in the encoding :func:`jp_shims.encodings.stream_encoding` chose for
it (a file that is not UTF-8: Latin-1 by default, as evalb reads bytes). Bad input that cannot
be processed at all (invalid UTF-8 where no other encoding is allowed, a line over 10 MiB, a
tree deeper than 1,000 levels) raises :class:`jp_shims.errors.InputError` (FILE, LINE, message); a tree
that is merely malformed is kept with its ``problem`` and scored as evalb's error sentence.
"""
from __future__ import annotations

from typing import BinaryIO, Iterator, NamedTuple, Optional

from jp_shims.encodings import UTF8
from jp_shims.errors import InputError

from .lines import whole_line_blocks
from .trees import ReadOptions, Tree, leaf_words, nesting_depth, read_tree

__all__ = ["MAX_DEPTH", "MAX_LINE_BYTES", "Sentence", "read_sentences", "utf8_lines"]

MAX_LINE_BYTES = 10 * 1024 * 1024
MAX_DEPTH = 1000


class Sentence(NamedTuple):
    """One tree of a JP-mode input, with its line number (1-based).

    ``text`` is what sentence alignment compares: the words evalb scores. The parameter
    file's DELETE_LABEL words (traces, and punctuation under COLLINS.prm) take no part, so any
    pair of lines whose kept words agree -- which evalb scores -- is aligned 1:1. An unreadable
    tree is aligned on all its leaves, so that the rest of the file stays in step.
    """

    number: int
    tree: Tree
    problem: Optional[str]  # why the tree is unreadable, or None
    text: list[str]
    file: str = ""

    @property
    def where(self) -> str:
        """FILE:LINE, for messages."""
        return f"{self.file}:{self.number}"


def read_sentences(stream: BinaryIO, name: str, options: ReadOptions, encoding: str = UTF8) -> Iterator[Sentence]:
    """Stream the trees of one file (``name``: as messages show it; ``encoding``: the file's);
    raises :class:`InputError` for input that cannot be processed at all."""
    new_sentence = tuple.__new__  # (Sentence's own __new__, without its Python-level call)
    for number, line in utf8_lines(stream, name, encoding):
        tree = read_tree(line, options)
        # (A tree that deep has more than 2 * MAX_DEPTH characters and MAX_DEPTH "(".)
        if len(line) > 2 * MAX_DEPTH and line.count("(") > MAX_DEPTH and nesting_depth(line) > MAX_DEPTH:
            raise InputError(name, number, f"tree deeper than {MAX_DEPTH} levels")
        if tree.spans is not None:  # read by the fast reader: well formed
            yield new_sentence(Sentence, (number, tree, None, tree.words, name))
            continue
        problem = None
        if tree.endless:
            problem = "a word outside a (POS word) bracket"
            if tree.errors:
                problem = f"{tree.errors[0][1].strip()}: {problem}"
        elif tree.errors:
            problem = tree.errors[0][1].strip()
            if tree.underflow:
                problem = "a \")\" closes no open bracket"
        elif tree.underflow:
            problem = "a \")\" closes no open bracket"
        text = leaf_words(line, options.delete) if problem else tree.words
        yield Sentence(number, tree, problem, text, name)


def utf8_lines(stream: BinaryIO, name: str, encoding: str = UTF8) -> Iterator[tuple[int, str]]:
    """The numbered lines of a file, decoded from UTF-8 (or ``encoding``) a block of whole
    lines at a time; a line over 10 MiB or with invalid UTF-8 raises :class:`InputError` where
    reading it line by line would. In another encoding no line is refused for its bytes: one
    that encoding leaves undefined (0x81 in cp1252) is kept as its "surrogateescape"
    character, and written back as that byte."""
    errors = "strict" if encoding == UTF8 else "surrogateescape"
    number = 0
    for block in whole_line_blocks(stream, longest=MAX_LINE_BYTES):
        text = None
        if len(block) <= MAX_LINE_BYTES and block.endswith(b"\n"):  # (no line in it too long)
            try:
                text = block.decode(encoding, errors)
            except UnicodeDecodeError:
                pass
        if text is not None:
            lines = text.split("\n")
            lines.pop()  # ("" after the last newline)
            for line in lines:
                number += 1
                yield number, line + "\n"
            continue
        # Line by line, to name the line at fault (or the file's last line, without newline).
        raws = block.split(b"\n")
        last = raws.pop()
        for raw in raws:
            number += 1
            yield number, _decoded_line(raw + b"\n", name, number, encoding, errors)
        if last:
            number += 1
            yield number, _decoded_line(last, name, number, encoding, errors)


def _decoded_line(raw: bytes, name: str, number: int, encoding: str, errors: str) -> str:
    if len(raw) > MAX_LINE_BYTES:
        raise InputError(name, number, "line longer than 10 MiB")
    try:
        return raw.decode(encoding, errors)
    except UnicodeDecodeError as exc:
        raise InputError(name, number, f"invalid UTF-8 at byte {exc.start + 1}") from None
