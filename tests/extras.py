"""Tests that need an optional extra of setup.cfg (``stanza``, ``cherrant``).

The README's install command installs ``.[test]`` only, and its test command must pass there:
a test that needs an extra is skipped, with the extra's name and the command that installs it
in the reason. Every such test also carries the marker ``extra``, so that once the extras are
installed, ``python -m pytest -m extra`` runs exactly them (the second step of ``.ci/run``).

Use :func:`needs` as a module's ``pytestmark`` or as a test's marks, and
:func:`import_or_skip` where a test needs the module object itself.
"""
from __future__ import annotations

import importlib.util
from types import ModuleType
from typing import Callable, List, TypeVar

import pytest

F = TypeVar("F", bound=Callable)


def missing(*modules: str) -> List[str]:
    """The modules of ``modules`` that cannot be imported here."""
    absent = []
    for module in modules:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            absent.append(module)
    return absent


def reason(extra: str, modules: List[str]) -> str:
    return (f"needs the '{extra}' extra ({', '.join(modules)} not installed): "
            f"pip install -e '.[{extra}]'")


def needs(extra: str, *modules: str) -> List[pytest.MarkDecorator]:
    """Marks of a test that needs ``modules`` of setup.cfg's extra ``extra``: the ``extra``
    marker, and a skip naming the extra when one of them is missing."""
    absent = missing(*modules)
    return [pytest.mark.extra, pytest.mark.skipif(bool(absent), reason=reason(extra, absent))]


def needing(extra: str, *modules: str) -> Callable[[F], F]:
    """:func:`needs` as a decorator of one test."""
    marks = needs(extra, *modules)

    def apply(test: F) -> F:
        for mark in marks:
            test = mark(test)
        return test

    return apply


def import_or_skip(module: str, extra: str) -> ModuleType:
    """``module``, or a skip of the calling test (or module) that names ``extra``."""
    return pytest.importorskip(module, reason=reason(extra, [module]))
