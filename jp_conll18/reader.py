"""The one CoNLL-U reader of jp_conll18 (and of jp_preprocess, which imports it).

It follows conll18_ud_eval.py 1.2 line for line in what it accepts and rejects, raises the
same ``UDError`` messages in the same order, and adds the file name and line number to each
error. It yields one sentence at a time, so callers hold only what they buffer; the
original's whole-file ``UDRepresentation`` is built from these sentences by ``load_conllu``.

This module is the reader's outside: files and their decoding (:func:`iter_conllu_lines`),
sentences of a file (:func:`iter_sentences_from_file`), errors worded for a one-line message
(:func:`describe_error`, :func:`input_error`) and the original's ``load_conllu``. The reading
itself lives in :mod:`jp_conll18.sentences` (lines to sentences), :mod:`jp_conll18.heads`
(heads and DEPS edges) and :mod:`jp_conll18.reader_options` (options and messages): import
their names from there.
"""
from __future__ import annotations

import re
from contextlib import closing
from typing import TYPE_CHECKING, Generator, Iterator, Optional, TextIO, Tuple, Union

from jp_shims.errors import InputError

from .model import Sentence, UDError, UDRepresentation
from .reader_options import CONLL18, ReaderOptions, mark, shorten
from .sentences import iter_sentences

if TYPE_CHECKING:
    from jp_shims.inputs import InputFile

# A CoNLL-U input: a path, or an input of a JP-mode run (a file, or bytes held in memory by
# the Python API), opened with ``InputFile.open_text`` and named by ``InputFile.name``.
Source = Union[str, "InputFile"]

__all__ = ["Source", "source_name", "open_conllu", "iter_conllu_lines", "iter_sentences_from_file",
           "read_token_sentences", "input_error", "describe_error", "load_conllu", "load_conllu_file"]

_BOM = "\ufeff"
# Bytes that are not UTF-8, as the "surrogateescape" error handler decodes them.
_ESCAPED_BYTE = re.compile("[\udc80-\udcff]")


def open_conllu(path: str) -> TextIO:
    """Open a CoNLL-U file as the original does: UTF-8, universal newlines."""
    return open(path, mode="r", encoding="utf-8")


def source_name(source: Source) -> str:
    """The name of ``source`` in messages: the path, or the input's name."""
    return source if isinstance(source, str) else source.name


def iter_conllu_lines(source: Source, *, legacy: bool = False) -> Generator[str, None, None]:
    """The lines of the CoNLL-U file ``source`` (a path, or a JP-mode run's
    :class:`~jp_shims.inputs.InputFile`), each ending with ``"\\n"`` but perhaps the last:
    the one place where CoNLL-U bytes become lines, for every tool of the project.

    Lines end at LF, CRLF or a lone CR (the universal newlines the original reads with).
    ``legacy`` decodes exactly as the original (a BOM stays part of the first line, invalid
    UTF-8 raises Python's ``UnicodeDecodeError``). Otherwise (JP mode) a UTF-8 BOM at the
    start of the file is skipped and invalid UTF-8 raises ``UDError`` naming the line, the
    byte and its column. The file is opened on the first ``next``.
    """
    if legacy:
        with open_conllu(source) if isinstance(source, str) else source.open_text() as handle:
            yield from handle
        return
    path = source_name(source)
    with (open(source, mode="r", encoding="utf-8", errors="surrogateescape") if isinstance(source, str)
          else source.open_text(errors="surrogateescape")) as handle:
        for number, line in enumerate(handle, 1):
            if number == 1 and line.startswith(_BOM):
                line = line[1:]
            if not line.isascii():
                bad = _ESCAPED_BYTE.search(line)
                if bad is not None:
                    column = len(line[:bad.start()].encode("utf-8")) + 1
                    raise UDError("invalid UTF-8 (byte 0x{:02x} at column {})".format(
                        ord(bad.group()) - 0xDC00, column), path, number)
            yield line


def iter_sentences_from_file(source: Source, *, legacy: bool = False,
                             options: ReaderOptions = CONLL18) -> Iterator[Sentence]:
    """Sentences of the CoNLL-U file ``source`` (a path or an
    :class:`~jp_shims.inputs.InputFile`), read lazily (the file is opened on the
    first ``next``, so an unreadable file is reported in the order the files are consumed).
    ``legacy``: the original's decoding and messages (see ``iter_conllu_lines``);
    ``options``: which original (see ``ReaderOptions``)."""
    path = source_name(source)
    if legacy:
        # closing(): the file is closed as soon as reading stops, also on an error (the
        # traceback would otherwise keep the suspended line generator, and its file, alive)
        try:
            with closing(iter_conllu_lines(source, legacy=True)) as lines:
                yield from iter_sentences(lines, path, legacy=True, options=options)
        except UnicodeDecodeError as error:
            mark(error, path=path)  # which file (legacy decoding only)
            raise
        return
    # JP mode: every error of the input is jp-shims' InputError (UDError is one); an
    # exception the input did not cause propagates as it is.
    try:
        with closing(iter_conllu_lines(source)) as lines:
            yield from iter_sentences(lines, path, options=options)
    except InputError:
        raise  # (already located; a ValueError too, so caught before the others)
    except (ValueError, IndexError, OSError) as error:
        located = input_error(error, path)
        if located is None:
            raise
        raise located from error


def read_token_sentences(path: str) -> Iterator[list]:
    """Token FORMs of each sentence of a CoNLL-U file, streamed (JP mode's decoding).

    One list of strings per sentence; a multi-word token gives its surface form (the ``1-2``
    line), its words are not listed; empty nodes are skipped; Unicode space separators (Zs)
    are removed from FORMs, as conll18_ud_eval does. Format errors raise ``UDError`` with
    ``.path`` and ``.line`` set (``describe_error`` turns any read error into one message).
    """
    for sentence in iter_sentences_from_file(path):
        yield sentence.token_forms


def input_error(error: BaseException, path: Optional[str] = None) -> Optional[InputError]:
    """``error`` as jp-shims' :class:`InputError` (FILE, LINE, message worded by
    :func:`describe_error`) when the input caused it: a ``UDError``, the original's
    ``ValueError``/``IndexError`` of a bad HEAD or DEPS head (marked where the reader reads
    them), an ``OSError`` of reading the file. None for anything else: a bug, not bad input."""
    if isinstance(error, InputError):
        return error
    if isinstance(error, OSError) or hasattr(error, "jp_message") or hasattr(error, "head"):
        where, line, message = describe_error(error)
        return InputError(where or path, line, message)
    return None


def describe_error(error: BaseException) -> Tuple[Optional[str], Optional[int], str]:
    """``(path, line, message)`` of an error raised while reading CoNLL-U in JP mode, for a
    one-line ``FILE:LINE: message``: an ``InputError`` (``UDError`` among them), the
    original's ``ValueError`` for a bad HEAD inside a multi-word token, or an ``OSError``
    of opening the file."""
    if isinstance(error, UDError):
        return error.path, error.line, str(error).replace("\n", " ")
    if isinstance(error, InputError):
        return error.file, error.line, error.message
    if isinstance(error, OSError):
        return error.filename, None, error.strerror or str(error)
    if hasattr(error, "jp_message"):  # the original's ValueError/IndexError of the DEPS column
        return getattr(error, "path", None), getattr(error, "line", None), error.jp_message
    if hasattr(error, "head"):  # int() of a HEAD inside a multi-word token (see link_heads)
        return getattr(error, "path", None), getattr(error, "line", None), "Cannot parse HEAD '{}'".format(
            shorten(error.head))
    return getattr(error, "path", None), getattr(error, "line", None), str(error)


def load_conllu(file: TextIO, path: Optional[str] = None, treebank_type: Optional[dict] = None) -> UDRepresentation:
    """The original's ``load_conllu``: read an open text file completely (anything with
    ``readline`` will do, as for the original). ``path`` and ``treebank_type`` are accepted
    because later copies of the script (stanza's) pass them: ``path`` names the file in
    messages, ``treebank_type`` (enhanced-graph options) does not change v1.2's reading."""
    lines = file if hasattr(file, "__iter__") else iter(file.readline, "")
    if path is None:
        path = getattr(file, "name", None)
    return UDRepresentation(list(iter_sentences(lines, path, legacy=True)), path)


def load_conllu_file(path: str, treebank_type: Optional[dict] = None) -> UDRepresentation:
    """The original's ``load_conllu_file`` (``treebank_type`` accepted and ignored, see
    ``load_conllu``)."""
    return UDRepresentation(list(iter_sentences_from_file(path, legacy=True)), path)
