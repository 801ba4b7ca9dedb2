"""The plugin host: discovery through entry points, blocking, duplicate codes, external packages."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django.conf import settings
from django.urls import resolve

from gateway.registry import (
    BLOCKED_ENV,
    PluginLoadError,
    Registry,
    blocked_from_env,
    build_registry,
    get_registry,
    plugin_django_apps,
    plugin_urlpatterns,
    reset_registry,
)
from plugin_api import API_VERSION, BankProvider, ChargeArtifacts, PaymentMethod, PluginError, hookimpl

ROOT = Path(__file__).resolve().parents[2]
METHODS = ["billet", "card", "pix", "wire"]


def test_hook_cofre_payment_methods(registry: Registry) -> None:
    assert sorted(registry.methods) == METHODS
    for code, method in registry.methods.items():
        assert isinstance(method, PaymentMethod)
        assert method.code == code
    assert registry.method("pix").currencies == {"BRL"}
    assert registry.method("card").currencies == {"BRL", "USD"}


def test_hook_cofre_bank_providers(registry: Registry) -> None:
    assert list(registry.providers) == ["sandbox_bank"]
    provider = registry.provider("sandbox_bank")
    assert isinstance(provider, BankProvider)
    assert provider.methods == {"billet", "pix", "card", "wire"}
    assert provider.payout_methods == {"pix", "ted"}


def test_hook_cofre_django_apps(registry: Registry, monkeypatch: pytest.MonkeyPatch) -> None:
    # The sandbox bank keeps its own state: its app is installed (public schema) through the hook,
    # not named by Cofre's settings; a blocked plugin's app is not installed.
    assert plugin_django_apps() == ["cofre_sandbox_bank"]
    assert "cofre_sandbox_bank" in settings.SHARED_APPS
    assert "cofre_sandbox_bank" not in settings.TENANT_APPS
    monkeypatch.setenv(BLOCKED_ENV, "sandbox_bank")
    assert plugin_django_apps() == []


def test_hook_cofre_urls(registry: Registry) -> None:
    # Mounted on every host by config.urls_common; the plugin's own prefix.
    patterns = plugin_urlpatterns()
    assert [str(p.pattern) for p in patterns] == ["sandbox-bank/"]
    assert resolve("/sandbox-bank/tokens").url_name == "tokens"


def test_the_built_in_default_provider_is_the_one_that_says_so(registry: Registry) -> None:
    # Where no route names a provider (a TED payout), the provider that declares itself the default.
    assert registry.default_provider == "sandbox_bank"


def test_two_default_providers_refuse_to_load() -> None:
    class OtherDefault(BankProvider):
        code = "other_default"
        name = "Other"
        methods = frozenset({"pix"})
        default_provider = True

        def create_charge(self, request: Any, artifacts: Any, config: Any) -> Any: ...
        def fetch_charge(self, provider_reference: str, config: Any) -> Any: ...
        def parse_webhook(self, headers: Any, body: bytes, config: Any) -> Any: ...

    plugin = _plugin(cofre_bank_providers=lambda: [OtherDefault()])
    with pytest.raises(PluginLoadError, match="default_provider"):
        build_registry(blocked=(), extra_plugins=[("other", plugin)])


def test_the_five_built_ins_are_discovered_through_entry_points(registry: Registry) -> None:
    assert registry.plugin_names() == ["billet", "card", "pix", "sandbox_bank", "wire"]
    distributions = {dist.project_name for _, dist in registry.manager.list_plugin_distinfo()}
    assert distributions == {"cofre"}  # declared in Cofre's own pyproject.toml, like any third party


def test_the_registry_is_cached_per_process_until_reset(registry: Registry) -> None:
    assert get_registry() is registry
    reset_registry()
    assert get_registry() is not registry


def test_unknown_codes_raise_plugin_errors(registry: Registry) -> None:
    with pytest.raises(PluginError) as method_error:
        registry.method("cheque")
    assert (method_error.value.code, method_error.value.field) == ("unknown_method", "method")
    with pytest.raises(PluginError) as provider_error:
        registry.provider("acme_bank")
    assert (provider_error.value.code, provider_error.value.field) == ("unknown_provider", "provider")


def test_the_mappings_are_read_only(registry: Registry) -> None:
    with pytest.raises(TypeError):
        registry.methods["evil"] = registry.methods["pix"]  # type: ignore[index]


def test_blocked_plugins_come_from_the_environment() -> None:
    assert blocked_from_env({BLOCKED_ENV: " card, wire ,,"}) == {"card", "wire"}
    assert blocked_from_env({}) == frozenset()


def test_cofre_blocked_plugins_blocks_a_built_in(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BLOCKED_ENV, "card,sandbox_bank")
    reset_registry()
    try:
        registry = get_registry()
        assert sorted(registry.methods) == ["billet", "pix", "wire"]
        assert dict(registry.providers) == {}
        assert registry.blocked == {"card", "sandbox_bank"}
        assert "card" not in registry.plugin_names()
        with pytest.raises(PluginError, match="unknown_method"):
            registry.method("card")
    finally:
        reset_registry()


class _Duplicate(PaymentMethod):
    code = "pix"
    name = "Another PIX"

    def validate(self, request: Any, config: Any) -> None:
        return None

    def prepare(self, request: Any, config: Any) -> ChargeArtifacts:
        return ChargeArtifacts()


def _plugin(version: str | None = API_VERSION, **hooks: Any) -> SimpleNamespace:
    plugin = SimpleNamespace(**{name: hookimpl(function) for name, function in hooks.items()})
    if version is not None:
        plugin.COFRE_PLUGIN_API = version
    return plugin


def test_a_duplicate_code_refuses_to_load_naming_both_plugins() -> None:
    other = _plugin(cofre_payment_methods=lambda: [_Duplicate()])
    with pytest.raises(
        PluginLoadError, match=r"'pix' is provided by both plugin 'pix' and plugin 'acme_pix'"
    ):
        build_registry(blocked=(), extra_plugins=[("acme_pix", other)])
    # Blocking the built-in lets the replacement take the code.
    registry = build_registry(blocked=["pix"], extra_plugins=[("acme_pix", other)])
    assert isinstance(registry.method("pix"), _Duplicate)


def test_a_hook_without_a_spec_fails_check_pending() -> None:
    from pluggy import PluginValidationError

    def cofre_payment_method() -> list[PaymentMethod]:  # the hook is cofre_payment_methods
        return []

    typo = _plugin(cofre_payment_method=cofre_payment_method)
    with pytest.raises(PluginValidationError, match="cofre_payment_method"):
        build_registry(blocked=(), extra_plugins=[("typo", typo)])


def test_wrong_return_values_and_bad_schemas_are_refused() -> None:
    not_a_method = _plugin(cofre_payment_methods=lambda: [object()])
    with pytest.raises(PluginLoadError, match="is not a PaymentMethod"):
        build_registry(blocked=(), extra_plugins=[("bad", not_a_method)])

    class BadSchema(_Duplicate):
        code = "bad_schema"
        config_schema = {"type": "object", "properties": {"key": {"type": "string", "minLenght": 3}}}

    with pytest.raises(PluginLoadError, match=r"bad_schema.*minLenght"):
        build_registry(
            blocked=(), extra_plugins=[("bad", _plugin(cofre_payment_methods=lambda: [BadSchema()]))]
        )

    class BadCode(_Duplicate):
        code = "Not A Code"

    with pytest.raises(PluginLoadError, match="must match"):
        build_registry(
            blocked=(), extra_plugins=[("bad", _plugin(cofre_payment_methods=lambda: [BadCode()]))]
        )


EXTERNAL_PYPROJECT = """
[build-system]
requires = ["setuptools"]
build-backend = "setuptools.build_meta"

[project]
name = "cofre-testplugin"
version = "0.1.0"

[project.entry-points."cofre.plugins"]
testplugin = "cofre_testplugin.plugin"

[tool.setuptools]
packages = ["cofre_testplugin"]
"""

EXTERNAL_PLUGIN = """
from plugin_api import ChargeArtifacts, PaymentMethod, hookimpl

COFRE_PLUGIN_API = "1.0"


class TestMethod(PaymentMethod):
    code = "testmethod"
    name = "Test method"

    def validate(self, request, config):
        return None

    def prepare(self, request, config):
        return ChargeArtifacts()


@hookimpl
def cofre_payment_methods():
    return [TestMethod()]
"""

LIST_CODES = """
import json
from gateway.registry import get_registry
registry = get_registry()
print(json.dumps({"methods": sorted(registry.methods), "plugins": registry.plugin_names()}))
"""


@pytest.fixture(scope="module")
def external_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A third-party plugin package really built and installed (pip --target) into its own site dir."""
    base = tmp_path_factory.mktemp("external")
    package = base / "cofre-testplugin"
    (package / "cofre_testplugin").mkdir(parents=True)
    (package / "pyproject.toml").write_text(textwrap.dedent(EXTERNAL_PYPROJECT))
    (package / "cofre_testplugin" / "__init__.py").write_text("")
    (package / "cofre_testplugin" / "plugin.py").write_text(textwrap.dedent(EXTERNAL_PLUGIN))
    site = base / "site"
    subprocess.run(
        [
            sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-index",
            "--no-deps", "--no-build-isolation", "--target", str(site), str(package),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )  # fmt: skip
    assert list(site.glob("cofre_testplugin-0.1.0.dist-info/entry_points.txt"))
    return site


def _list_codes(site: Path, **env: str) -> dict[str, list[str]]:
    python_path = [str(site), str(ROOT), str(ROOT / "platform"), str(ROOT / "plugins")]
    environment = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": ":".join(python_path),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "COFRE_ENV": "test",
        "DATABASE_URL": settings.DATABASE_URL,  # settings only: nothing connects
        "REDIS_URL": settings.REDIS_URL,
        **env,
    }
    done = subprocess.run(
        [sys.executable, "-c", LIST_CODES],
        env=environment,
        cwd=site,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, list[str]] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_an_installed_external_plugin_is_discovered_beside_the_built_ins(external_site: Path) -> None:
    found = _list_codes(external_site)
    assert found["methods"] == ["billet", "card", "pix", "testmethod", "wire"]
    assert "testplugin" in found["plugins"]


def test_an_external_plugin_can_be_blocked(external_site: Path) -> None:
    found = _list_codes(external_site, COFRE_BLOCKED_PLUGINS="testplugin")
    assert found["methods"] == METHODS
    assert "testplugin" not in found["plugins"]
