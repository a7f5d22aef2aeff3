"""What the signature of a jp_evalb or jp_evalb_spmrl run says of evalb's settings: the
parameter file (name and content hash) and the options that change figures
(:func:`jp_shims.signature.signature`; JP mode adds the alignment configuration).
"""
from __future__ import annotations

import os
from typing import Optional

from jp_shims.signature import file_hash, signature

from .args import PROG, Options
from .params import resolve_parameter_file


def parameter_file(options: Options) -> Optional[tuple[str, str]]:
    """(file name, content hash) of the run's parameter file, or None without ``-p``."""
    if options.param_file is None:
        return None
    path = resolve_parameter_file(options.param_file)
    digest = file_hash(str(path)) if path is not None else "unreadable"
    return (os.path.basename(str(path)) if path is not None else options.param_file, digest)


def figure_options(options: Options) -> list[str]:
    """-c and -e, and evalb_spmrl's options that change figures, canonical (``-c40``)."""
    flags = [f"-c{options.params.cutoff_len}", f"-e{options.params.max_error}"]
    if options.flags.count_skipped:
        flags.append("-X")
    if options.flags.limit != -1:
        flags.append(f"-K{options.flags.limit}")
    return flags


def run_signature(options: Optional[Options], mode: str = "legacy", lang: Optional[str] = None) -> str:
    """The signature of a legacy-mode run (JP mode's is :meth:`jp_evalb.tool.EvalbTool.signature`)."""
    if options is None:
        return signature(PROG, mode)
    return signature(options.params.variant.prog, mode, params=parameter_file(options),
                     options=figure_options(options), lang=lang)


def options_document(options: Optional[Options], lang: Optional[str]) -> dict:
    """The ``options`` of the JSON document."""
    if options is None:
        return {}
    params = options.params
    return {"param_file": options.param_file, "cutoff_len": params.cutoff_len,
            "max_error": params.max_error, "labeled": params.labeled, "lang": lang,
            "gold": options.gold, "test": options.test}
