"""What the signature of a jp_evalb or jp_evalb_spmrl run says of evalb's settings -- the
parameter file (name and content hash) and the options that change figures -- for
:meth:`jp_shims.tool.Tool.signature`, which builds the signature (through
:attr:`jp_shims.tool.Parsed.params` and :attr:`~jp_shims.tool.Parsed.signature_options`),
and the ``options`` of the JSON document.
"""
from __future__ import annotations

import os
from typing import Optional

from jp_shims.signature import file_hash

from .args import Options
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


def options_document(options: Options) -> dict:
    """The ``options`` of the JSON document, but the input files
    (:meth:`jp_evalb.tool.EvalbTool.json_options` adds them, as the run names them)."""
    params = options.params
    return {"param_file": options.param_file, "cutoff_len": params.cutoff_len,
            "max_error": params.max_error, "labeled": params.labeled, "lang": None}
