"""Every hook is documented, implemented by a built-in plugin and exercised by a test (as datasette's
test_plugin_hooks_are_documented / _have_tests): adding a hookspec without them fails here."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from gateway.registry import Registry
from plugin_api import hookspecs

BUILT_INS = {"billet", "pix", "card", "wire", "sandbox_bank"}
HOOKS = sorted(
    name
    for name, function in inspect.getmembers(hookspecs, inspect.isfunction)
    if hasattr(function, f"{hookspecs.PROJECT}_spec")
)


def test_there_are_hooks() -> None:
    assert {"cofre_bank_providers", "cofre_payment_methods"} <= set(HOOKS)


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_is_documented(hook: str) -> None:
    doc = inspect.getdoc(getattr(hookspecs, hook)) or ""
    assert len(doc) > 40, f"hookspec {hook} needs a docstring saying when it is called and what it returns"


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_is_implemented_by_a_built_in_plugin(hook: str, registry: Registry) -> None:
    implementers = {impl.plugin_name for impl in getattr(registry.manager.hook, hook).get_hookimpls()}
    assert implementers & BUILT_INS, f"no built-in plugin implements {hook}"


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_has_a_test(hook: str) -> None:
    sources = "\n".join(path.read_text(encoding="utf-8") for path in Path(__file__).parent.glob("test_*.py"))
    assert re.search(rf"^def test_hook_{hook}\b", sources, re.MULTILINE), f"write a test_hook_{hook}"
