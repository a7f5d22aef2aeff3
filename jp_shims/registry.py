"""The one list of drop-ins on the shared runner: the runner's tests, the contract test and
the docs iterate it. Adding a tool is its own package plus one line here (and its console
script in setup.cfg): see docs/adding-a-tool.md.

Each entry names the module and the :class:`jp_shims.tool.Tool` instance in it; a tool is
imported only when asked for.
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
