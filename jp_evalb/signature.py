"""The signature of a jp_evalb or jp_evalb_spmrl run (:func:`jp_shims.signature.signature`).

A module of its own, not part of :mod:`jp_evalb.jsonout`: the stderr note of JP mode carries
the signature too, and a run without ``--json`` does not import the JSON machinery.
"""
from __future__ import annotations

import os
from typing import Optional

from jp_shims.signature import file_hash, signature

from .args import PROG, Options
from .params import resolve_parameter_file

SIMILARITY = "levenshtein"
SIMILARITY_THRESHOLD = 0.1  # jp_align's default, which JP mode uses


def run_signature(options: Optional[Options], mode: str, lang: Optional[str] = "en") -> str:
    """The signature of a run: the parameter file (name and content hash), -c and -e, and in
    JP mode the exception table and the sentence similarity."""
    params = None
    flags: list[str] = []
    if options is not None:
        if options.param_file is not None:
            path = resolve_parameter_file(options.param_file)
            digest = file_hash(str(path)) if path is not None else "unreadable"
            params = (os.path.basename(str(path)) if path is not None else options.param_file, digest)
        flags = [f"-c{options.params.cutoff_len}", f"-e{options.params.max_error}"]
        # evalb_spmrl's options that change figures
        if options.flags.count_skipped:
            flags.append("-X")
        if options.flags.limit != -1:
            flags.append(f"-K{options.flags.limit}")
    jp = mode == "jp"
    prog = options.params.variant.prog if options is not None else PROG
    return signature(prog, mode, params=params, options=flags, lang=lang if jp else None,
                     similarity=SIMILARITY if jp else None,
                     threshold=SIMILARITY_THRESHOLD if jp else None)
