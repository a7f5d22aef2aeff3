"""stanza as the analyser (optional dependency, imported only when this backend is built)."""
from __future__ import annotations

from typing import Any, Sequence

from .backend import BackendError, tokens_from_stanza_document, tokens_from_stanza_sentence
from .tokens import Token

PROCESSORS = "tokenize,pos,lemma,depparse"
INSTALL_HINT = (
    "install stanza with `pip install 'jp-shims[stanza]'` (or `pip install stanza`) and its "
    "model with `python -c \"import stanza; stanza.download('{lang}')\"`"
)


class StanzaBackend:
    """A ``stanza.Pipeline``; ``tokenize=False`` keeps the whitespace tokens (errant's default)."""

    def __init__(self, lang: str = "en", tokenize: bool = False, pipeline: Any = None,
                 model_dir: str | None = None) -> None:
        self.lang = lang
        self.tokenize = tokenize
        self.pipeline = pipeline if pipeline is not None else load_pipeline(lang, tokenize, model_dir)

    def parse(self, lines: Sequence[str]) -> list[tuple[Token, ...]]:
        if self.tokenize:
            return [tokens_from_stanza_document(self.pipeline(line)) if line.strip() else ()
                    for line in lines]
        # Pretokenized: one stanza sentence per non-empty line, parsed in one batch.
        token_lists = [line.split() for line in lines]
        document = self.pipeline([tokens for tokens in token_lists if tokens])
        sentences = iter(document.sentences)
        return [tokens_from_stanza_sentence(next(sentences)) if tokens else ()
                for tokens in token_lists]


def load_pipeline(lang: str, tokenize: bool, model_dir: str | None = None) -> Any:
    """The stanza pipeline, or a :class:`BackendError` saying how to install what is missing.

    ``model_dir`` defaults to stanza's own resources directory. Nothing is downloaded.
    """
    try:
        import stanza
    except ImportError:
        raise BackendError("stanza is not installed: " + INSTALL_HINT.format(lang=lang)) from None
    options = {"dir": model_dir} if model_dir else {}
    try:
        return stanza.Pipeline(lang, processors=PROCESSORS, tokenize_pretokenized=not tokenize,
                               download_method=None, logging_level="WARN", **options)
    except Exception as error:  # stanza raises several types for a missing model
        raise BackendError(
            f"cannot load the stanza '{lang}' model ({type(error).__name__}: "
            f"{_first_line(error)}): " + INSTALL_HINT.format(lang=lang)
        ) from None


def _first_line(error: Exception) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else "no detail"
