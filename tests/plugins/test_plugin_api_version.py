"""The plugin API version: which declared versions load (same major, minor not newer), and that a
refused plugin is unregistered before its hooks are checked or called."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from gateway.registry import Registry, build_registry, plugin_django_apps
from plugin_api import API_VERSION, ChargeArtifacts, PaymentMethod, hookimpl
from plugin_api.version import incompatibility, parse_version


@pytest.mark.parametrize(
    ("declared", "api", "reason"),
    [
        ("1.0", "1.0", None),
        ("1.0", "1.4", None),  # built for an older minor: runs unchanged
        ("1.4", "1.4", None),
        ("1.5", "1.4", "newer_minor"),  # may call what 1.4 does not have
        ("2.0", "1.4", "other_major"),
        ("0.9", "1.0", "other_major"),
        (None, "1.0", "no_version"),
        ("1", "1.0", "bad_version"),
        ("v1.0", "1.0", "bad_version"),
        (1.0, "1.0", "bad_version"),
    ],
)
def test_which_declared_versions_load(declared: object, api: str, reason: str | None) -> None:
    assert incompatibility(declared, api) == reason


def test_the_api_version_is_major_dot_minor() -> None:
    assert parse_version(API_VERSION) is not None


def test_every_built_in_declares_the_current_version(registry: Registry) -> None:
    assert registry.refused == ()
    for name, plugin in registry.manager.list_name_plugin():
        assert getattr(plugin, "COFRE_PLUGIN_API", None) == API_VERSION, name


class _Method(PaymentMethod):
    code = "versioned"
    name = "Versioned"

    def validate(self, request: Any, config: Any) -> None:
        return None

    def prepare(self, request: Any, config: Any) -> ChargeArtifacts:
        return ChargeArtifacts()


def _nothing() -> list[str]:
    return []


def _plugin(version: object) -> SimpleNamespace:
    plugin = SimpleNamespace(
        cofre_payment_methods=hookimpl(lambda: [_Method()]),
        cofre_a_hook_this_version_lacks=hookimpl(_nothing),
    )
    if version is not None:
        plugin.COFRE_PLUGIN_API = version
    return plugin


@pytest.mark.parametrize("version", ["2.0", "1.99", None])
def test_an_incompatible_plugin_is_refused_before_check_pending(version: str | None) -> None:
    # Its unknown hook would fail check_pending if it were still registered: no exception means it is not.
    registry = build_registry(blocked=(), extra_plugins=[("versioned", _plugin(version))])
    assert "versioned" not in registry.methods
    assert [entry.name for entry in registry.refused] == ["versioned"]
    assert "pix" in registry.methods  # Cofre carries on with the others


def test_a_compatible_plugin_loads() -> None:
    plugin = SimpleNamespace(
        cofre_payment_methods=hookimpl(lambda: [_Method()]), COFRE_PLUGIN_API=API_VERSION
    )
    registry = build_registry(blocked=(), extra_plugins=[("versioned", plugin)])
    assert "versioned" in registry.methods
    assert registry.refused == ()


def test_the_built_in_django_apps_still_load() -> None:
    assert plugin_django_apps() == ["cofre_sandbox_bank"]


def test_a_plugin_built_for_an_older_minor_still_loads() -> None:
    # 1.2 added report_med_decision with a default: a provider built for 1.1 knows nothing of it.
    plugin = SimpleNamespace(cofre_payment_methods=hookimpl(lambda: [_Method()]), COFRE_PLUGIN_API="1.1")
    registry = build_registry(blocked=(), extra_plugins=[("versioned", plugin)])
    assert "versioned" in registry.methods
    assert registry.refused == ()
