"""The lists of tools the docs keep are the registry's (jp_shims.registry): a console script
registered but missing from one of them fails here, naming the file.

(docs/runner.md lists the registry in a transcript, which tests/test_docs_transcripts.py
runs; tests/test_startup_imports.py iterates the registry; tox.ini's lint and types and
.ci/run's mypy run over every package of the checkout.)
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from jp_shims import registry
from tests.toolrun import console_scripts

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _text(name: str) -> str:
    return " ".join((DOCS / name).read_text(encoding="utf-8").split())


@pytest.mark.parametrize("script", registry.console_scripts())
def test_architecture_md_lists_every_console_script_with_its_entry_point(script):
    entry = f"`{script} = {console_scripts()[script]}`"
    assert entry in _text("architecture.md"), f"docs/architecture.md: the package table lacks {entry}"


def test_runner_md_names_the_tools_without_lang():
    found = re.search(r"`lang_option = False`: (.*?), which", _text("runner.md"))
    assert found, "docs/runner.md: no list of the tools with `lang_option = False`"
    named = set(re.findall(r"`(\w+)`", found.group(1)))
    own = [name for name in registry.names() if name in registry.console_scripts()]  # not installed ones
    without = {name for name in own if not registry.load(name).lang_option}
    assert named == without, f"docs/runner.md names {sorted(named)} as without --lang; the registry: {sorted(without)}"
