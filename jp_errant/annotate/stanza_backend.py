"""stanza as the analyser (optional dependency, imported only when this backend is built)."""
from __future__ import annotations

import contextlib
import os
import sys
from typing import Any, Iterator, Sequence

from jp_shims.errors import MissingDependency

from .backend import BackendError, tokens_from_stanza_document, tokens_from_stanza_sentence
from .tokens import Token

PROCESSORS = "tokenize,pos,lemma,depparse"
INSTALL_STANZA = "install it with `pip install 'jp-shims[stanza]'` (or `pip install stanza`)"
DOWNLOAD_MODEL = (
    "download it with `python -c \"import stanza; stanza.download('{lang}', model_dir='{dir}')\"` "
    "or give --model-dir a folder that holds it"
)


class StanzaMissing(MissingDependency, BackendError):
    """stanza is not installed: jp-shims' :class:`~jp_shims.errors.MissingDependency` (an
    ``ImportError`` naming the extra ``stanza``), and a :class:`BackendError` as before."""


class StanzaBackend:
    """A ``stanza.Pipeline``; ``tokenize=False`` keeps the whitespace tokens (errant's default)."""

    def __init__(self, lang: str = "en", tokenize: bool = False, pipeline: Any = None,
                 model_dir: str | None = None) -> None:
        self.lang = lang
        self.tokenize = tokenize
        self.pipeline = pipeline if pipeline is not None else load_pipeline(lang, tokenize, model_dir)

    def parse(self, lines: Sequence[str]) -> list[tuple[Token, ...]]:
        # One thread per process, whatever the machine: -j N then uses N cores, and the
        # analyses cannot depend on a thread count (floating-point sums in another order).
        with one_torch_thread():
            return self._parse(lines)

    def _parse(self, lines: Sequence[str]) -> list[tuple[Token, ...]]:
        if self.tokenize:
            # One bulk call for all lines (stanza batches the documents), one document each.
            from stanza import Document
            texts = [line for line in lines if line.strip()]
            documents = iter(self.pipeline([Document([], text=text) for text in texts]) if texts else [])
            return [tokens_from_stanza_document(next(documents)) if line.strip() else ()
                    for line in lines]
        # Pretokenized: one stanza sentence per non-empty line, parsed in one batch.
        token_lists = [line.split() for line in lines]
        document = self.pipeline([tokens for tokens in token_lists if tokens])
        sentences = iter(document.sentences)
        return [tokens_from_stanza_sentence(next(sentences)) if tokens else ()
                for tokens in token_lists]


@contextlib.contextmanager
def one_torch_thread() -> Iterator[None]:
    """torch runs on one thread inside the block (its setting is restored after)."""
    import torch
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def load_pipeline(lang: str, tokenize: bool, model_dir: str | None = None) -> Any:
    """The stanza pipeline, or a :class:`BackendError` saying what is missing and what to do.

    ``model_dir`` is stanza's ``dir`` (a folder laid out as ``stanza.download`` leaves it:
    ``resources.json`` and one folder per language); default: stanza's own resources
    folder. Nothing is downloaded. Three failures are told apart: stanza is not installed,
    the folder does not hold the language's model, the model there cannot be loaded.
    Whatever stanza prints while loading goes to stderr: stdout carries the tool's output.
    Its log lines are silenced (``logging_level="CRITICAL"``): a failure is our one error
    line, which carries stanza's message.
    """
    folder = check_model(lang, model_dir)
    import stanza

    try:
        with contextlib.redirect_stdout(sys.stderr):
            return stanza.Pipeline(lang, dir=folder, processors=PROCESSORS,
                                   tokenize_pretokenized=not tokenize, download_method=None,
                                   logging_level="CRITICAL")
    except Exception as error:  # stanza raises several types for an incomplete model
        raise BackendError(
            f"cannot load the stanza '{lang}' model from {folder} ({type(error).__name__}: "
            f"{_first_line(error)}): " + DOWNLOAD_MODEL.format(lang=lang, dir=folder)
        ) from None


def check_model(lang: str, model_dir: str | None = None) -> str:
    """The model folder, after checking that stanza is installed and that the folder has the
    language's layout (cheap: nothing is loaded); :class:`BackendError` otherwise."""
    try:
        import stanza  # noqa: F401
    except ImportError:
        raise StanzaMissing("stanza", "stanza", f"stanza is not installed: {INSTALL_STANZA}") from None
    folder = model_dir or _default_model_dir()
    missing = _missing_model_part(folder, lang)
    if missing:
        raise BackendError(f"the stanza '{lang}' model is not installed in {folder} ({missing}): "
                           + DOWNLOAD_MODEL.format(lang=lang, dir=folder))
    return folder


def _default_model_dir() -> str:
    from stanza.resources.common import DEFAULT_MODEL_DIR
    return DEFAULT_MODEL_DIR


def _missing_model_part(folder: str, lang: str) -> str:
    """What of stanza's layout is absent from FOLDER for LANG ('' when both parts are there)."""
    if not os.path.isfile(os.path.join(folder, "resources.json")):
        return "no resources.json"
    if not os.path.isdir(os.path.join(folder, lang)):
        return f"no {lang}/ folder"
    return ""


def _first_line(error: Exception) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else "no detail"
