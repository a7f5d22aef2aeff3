"""What the annotator's costs read: Cilin classes, confusion sets, readings, and t2s.

Two lists come from ChERRANT's own ``data/`` folder and are **not shipped** (their upstream
terms are not stated): ``cilin.txt`` (Tongyici Cilin, GBK) and ``confusion_dict.txt``;
``chinese_vocab.txt`` (Google BERT's vocabulary) is read from there too, by ``--bpe`` only.
The folder is named by ``--resources DIR`` or the environment variable
``JP_CHERRANT_RESOURCES``. The readings of single characters are shipped (derived from
pypinyin, MIT; ``make_readings.py``). Traditional->simplified conversion uses OpenCC's
``t2s`` through the ``opencc`` package (optional extra ``cherrant``), imported only when a
run converts.
"""
from __future__ import annotations

import gzip
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, FrozenSet, Optional, Tuple, TypeVar

from jp_shims.errors import InputError, MissingDependency

RESOURCE_ENV = "JP_CHERRANT_RESOURCES"
CILIN = "cilin.txt"
CONFUSION = "confusion_dict.txt"
VOCAB = "chinese_vocab.txt"
READINGS = Path(__file__).parent / "data" / "readings.tsv.gz"

CilinClass = Tuple[str, str, str]
_Loaded = TypeVar("_Loaded")


class ResourceError(InputError):
    """A list the run reads is missing (message: what and how to get it): bad input
    (:class:`jp_shims.errors.InputError`), ``path`` naming the file when there is one.

    A missing optional package (OpenCC, pypinyin) is not one: it raises
    :class:`jp_shims.errors.MissingDependency` naming the extra ``cherrant``."""

    def __init__(self, message: str, path: Optional[str] = None) -> None:
        super().__init__(path, None, message)

    def __reduce__(self):
        # (rebuilt from its own arguments when it crosses a process boundary)
        return type(self), (self.message, self.file)


def resource_dir(explicit: Optional[str] = None) -> Path:
    """The folder holding ChERRANT's lists: ``explicit``, else ``$JP_CHERRANT_RESOURCES``."""
    chosen = explicit or os.environ.get(RESOURCE_ENV)
    if not chosen:
        raise ResourceError(
            f"the annotator needs ChERRANT's {CILIN} and {CONFUSION} (not shipped with jp-shims: "
            f"their licence is not stated): point --resources or {RESOURCE_ENV} at the data/ "
            f"folder of MuCGEC's scorers/ChERRANT")
    folder = Path(chosen)
    for name in (CILIN, CONFUSION):
        if not (folder / name).is_file():
            raise ResourceError(f"not found: --resources / {RESOURCE_ENV} must name "
                                f"the data/ folder of MuCGEC's scorers/ChERRANT", str(folder / name))
    return folder


def load_cilin(path: Path) -> Dict[str, CilinClass]:
    """Word -> (CODE[0], CODE[1], CODE[2:4]); every line is ``CODE w1 w2 …`` (GBK), and a
    word listed on several lines takes the class of the last."""
    classes: Dict[str, CilinClass] = {}
    with open(path, encoding="gbk") as lines:
        for line in lines:
            code, *words = line.rstrip("\n").split(" ")
            key = (code[0], code[1], code[2:4])
            for word in words:
                classes[word] = key
    return classes


def load_confusion(path: Path) -> Dict[str, FrozenSet[str]]:
    """Character -> the characters it is confusable with (``char c1 c2 …`` per line)."""
    sets: Dict[str, FrozenSet[str]] = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            key, *rest = line.rstrip("\n").split(" ")
            sets[key] = frozenset(rest)
    return sets


def load_readings() -> Dict[str, FrozenSet[str]]:
    """CJK character -> its toneless readings (the shipped table)."""
    readings: Dict[str, FrozenSet[str]] = {}
    with gzip.open(READINGS, "rt", encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#"):
                continue
            char, listed = line.rstrip("\n").split("\t")
            readings[char] = frozenset(listed.split(","))
    return readings


def load_vocab(path: Path) -> FrozenSet[str]:
    """The WordPiece vocabulary (one piece per line)."""
    if not path.is_file():
        raise ResourceError(f"not found: --bpe reads {VOCAB} from ChERRANT's data/ folder", str(path))
    with open(path, encoding="utf-8") as lines:
        return frozenset(line.strip() for line in lines)


def simplified_converter() -> Callable[[str], str]:
    """OpenCC's ``t2s`` conversion (the ``opencc`` package, extra ``cherrant``)."""
    try:
        import opencc
    except ImportError:
        raise MissingDependency(
            "opencc", "cherrant", "converting corrections to simplified characters (ChERRANT's default) needs OpenCC: "
            "pip install 'jp-shims[cherrant]', or pass --no_simplified") from None
    return opencc.OpenCC("t2s").convert


@dataclass
class Resources:
    """Everything the cost function reads, loaded once per run."""

    cilin: Dict[str, CilinClass]
    confusion: Dict[str, FrozenSet[str]]
    readings: Dict[str, FrozenSet[str]] = field(default_factory=load_readings)
    vocab: Optional[FrozenSet[str]] = None

    @classmethod
    def load(cls, folder: Path, bpe: bool = False) -> "Resources":
        vocab = _readable(load_vocab, folder / VOCAB) if bpe else None
        return cls(_readable(load_cilin, folder / CILIN), _readable(load_confusion, folder / CONFUSION),
                   vocab=vocab)


def _readable(load: Callable[[Path], _Loaded], path: Path) -> _Loaded:
    """``load(path)``; a list that cannot be read or decoded is a :class:`ResourceError`."""
    try:
        return load(path)
    except UnicodeDecodeError as error:
        raise ResourceError(f"cannot read: not {error.encoding} text at byte {error.start}", str(path)) from None
    except OSError as error:
        raise ResourceError(f"cannot read: {error.strerror or error}", str(path)) from None
