"""The one list of drop-ins on the shared runner, and of the other console scripts: the
runner's tests, the contract test and the docs iterate them. Adding a tool is its own package
plus one line here (and its console script in setup.cfg): see docs/adding-a-tool.md.

Each entry of :data:`TOOLS` names the module and the :class:`jp_shims.tool.Tool` instance in
it; a tool is imported only when asked for. :data:`COMMANDS` lists the console scripts that
are not a gold/system pair (annotators writing M2, jp_wisebe): they follow the same
command-line contract through :mod:`jp_shims.command`. Together they are every console
script of setup.cfg (:func:`console_scripts`; the contract test checks it).
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Dict, List, Tuple

if TYPE_CHECKING:
    from .tool import Tool

# console script -> (module, attribute)
TOOLS: Dict[str, Tuple[str, str]] = {
    "jp_preprocess_eval": ("jp_preprocess.tool", "TOOL"),
    "jp_errant_compare": ("jp_errant.tool", "TOOL_INSTANCE"),
    "jp_cherrant_compare": ("jp_cherrant.tool", "TOOL_INSTANCE"),
    "jp_conlleval": ("jp_conlleval.tool", "TOOL"),
    "jp_conll18_ud_eval": ("jp_conll18.cli", "TOOL"),
    "jp_udeval": ("jp_conll18.udeval_cli", "TOOL"),
    "jp_m2scorer": ("jp_m2scorer.tool", "TOOL"),
    "jp_evalb": ("jp_evalb.tool", "TOOL"),
    "jp_evalb_spmrl": ("jp_evalb.tool", "SPMRL_TOOL"),
}


# console script -> what it is (the commands not on the runner)
COMMANDS: Dict[str, str] = {
    "jp_errant_parallel": "annotator: original and corrected texts -> M2 (stanza)",
    "jp_errant_m2": "annotator: M2 -> M2 with edits extracted or classified again (stanza)",
    "jp_cherrant_parallel": "annotator: id<TAB>source<TAB>corrections lines -> char-level M2 (ChERRANT)",
    "jp_wisebe": "scorer of one segmentation against several references (WiSeBE)",
}


def names() -> List[str]:
    """The console scripts of every registered tool."""
    return list(TOOLS)


def load(name: str) -> "Tool":
    """The registered tool of console script ``name``."""
    try:
        module, attribute = TOOLS[name]
    except KeyError:
        raise KeyError(f"no tool {name!r} is registered (registered: {', '.join(TOOLS)})") from None
    return getattr(import_module(module), attribute)


def commands() -> List[str]:
    """The console scripts that are not on the runner (:data:`COMMANDS`)."""
    return list(COMMANDS)


def console_scripts() -> List[str]:
    """Every console script: the runner's tools, then the other commands."""
    return names() + commands()
