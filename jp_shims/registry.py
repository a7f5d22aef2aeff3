"""The one list of drop-ins on the shared runner, and of the other console scripts: the
runner's tests, the contract test and the docs iterate them.

A tool is registered once, and everything that lists tools reads it from here:

* jp-shims' own tools are the entries of :data:`TOOLS` (module and the
  :class:`jp_shims.tool.Tool` instance in it);
* a tool in a package of its own registers by an entry point of the group :data:`GROUP` in
  its own ``setup.cfg`` (``jp_shims.tools = jp_mytool = jp_mytool.tool:TOOL``): installing
  the package registers it, and nothing in jp-shims is edited (docs/adding-a-tool.md).

A tool is imported only when asked for. :data:`COMMANDS` lists the console scripts that
are not a gold/system pair (annotators writing M2, jp_wisebe): they follow the same
command-line contract through :mod:`jp_shims.command`. jp-shims' own tools and commands are
every console script of its setup.cfg (:func:`console_scripts`; the contract test checks it).
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, Dict, List, Tuple

if TYPE_CHECKING:
    from .tool import Tool

# The entry-point group of tools in other distributions: name = "module:attribute".
GROUP = "jp_shims.tools"

# console script -> (module, attribute): jp-shims' own tools
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


def _entry_points() -> Dict[str, Any]:
    """The installed distributions' tools (:data:`GROUP`): name -> entry point. Read on each
    call (an installation is seen without a restart; nothing is kept between runs)."""
    from importlib.metadata import entry_points

    installed: Any = entry_points()
    # (Python 3.9's is a dict of groups; 3.10 on select a group)
    points = installed.select(group=GROUP) if hasattr(installed, "select") else installed.get(GROUP, ())
    return {point.name: point for point in points if point.name not in TOOLS}


def names() -> List[str]:
    """The names (console scripts) of every registered tool: jp-shims' own, then the
    installed packages' (sorted)."""
    return list(TOOLS) + sorted(_entry_points())


def load(name: str) -> "Tool":
    """The registered tool of console script ``name``."""
    if name in TOOLS:
        module, attribute = TOOLS[name]
        return getattr(import_module(module), attribute)
    point = _entry_points().get(name)
    if point is None:
        raise KeyError(f"no tool {name!r} is registered (registered: {', '.join(names())})")
    return point.load()


def commands() -> List[str]:
    """The console scripts that are not on the runner (:data:`COMMANDS`)."""
    return list(COMMANDS)


def console_scripts() -> List[str]:
    """jp-shims' own console scripts: its runner's tools, then the other commands."""
    return list(TOOLS) + commands()
