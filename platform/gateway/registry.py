"""The plugin host: payment methods and bank providers discovered through the `cofre.plugins` group.

Built-in plugins are declared in Cofre's own pyproject.toml exactly as a third-party package declares
its own (tox's pluggy host is the model):

    [project.entry-points."cofre.plugins"]
    billet = "cofre_billet.plugin"

Loading: a pluggy PluginManager("cofre") gets the hookspecs of `plugin_api.hookspecs`, plugins named
in COFRE_BLOCKED_PLUGINS (comma-separated entry-point names) are blocked, every entry point is
loaded, `check_pending()` refuses an implementation of a hook that does not exist, then the two hooks
are called once. Codes must be unique: two plugins offering the same method or provider code refuse
to load, naming both, rather than one silently shadowing the other. Every schema is checked too.

Versions: every plugin module declares the plugin API version it was built for
(`COFRE_PLUGIN_API = "1.0"`, `plugin_api.version`). One built for another major, a newer minor, or
declaring none is refused before `check_pending()`: unregistered (its hooks, Django apps and URLs are
not used), logged as a warning, and listed in `Registry.refused` for the admin; Cofre starts without
it rather than crash.

`get_registry()` builds the registry once per process; `reset_registry()` forgets it (tests, or
after changing COFRE_BLOCKED_PLUGINS).
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import pluggy

from gateway.config_schema import SchemaError, check_schema
from plugin_api import BankProvider, PaymentMethod, PluginError, hookspecs
from plugin_api.version import API_VERSION, VERSION_ATTRIBUTE, incompatibility

ENTRY_POINT_GROUP = "cofre.plugins"
BLOCKED_ENV = "COFRE_BLOCKED_PLUGINS"
_CODE = re.compile(r"[a-z][a-z0-9_]{0,39}")  # fits gateway's CharField(max_length=40)
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class RefusedPlugin:
    """A plugin not loaded because of the plugin API version it was built for."""

    name: str  # entry-point name
    distribution: str  # the package that installed it ("" for one registered in code)
    declared: str  # the version it declares ("" when none)
    reason: str  # "no_version" | "bad_version" | "other_major" | "newer_minor"

    @property
    def message(self) -> str:
        """For the log (the admin translates `reason`)."""
        built_for = f"built for plugin API {self.declared!r}" if self.declared else "declaring no version"
        return (
            f"plugin {self.name!r} ({self.distribution or 'registered in code'}) is {built_for}; this "
            f"Cofre provides plugin API {API_VERSION} ({self.reason}): it is not loaded. Install a "
            f"release of the plugin built for {API_VERSION.split('.')[0]}.x, or declare "
            f'{VERSION_ATTRIBUTE} = "{API_VERSION}" in its entry-point module once it works with it.'
        )


class PluginLoadError(RuntimeError):
    """A plugin cannot be loaded: a duplicate code, a wrong return type, a malformed schema."""


@dataclass(frozen=True)
class Registry:
    """The loaded plugins: payment methods and bank providers by code."""

    manager: pluggy.PluginManager
    methods: Mapping[str, PaymentMethod]
    providers: Mapping[str, BankProvider]
    blocked: frozenset[str] = field(default_factory=frozenset)
    default_provider: str | None = None  # the provider that says `default_provider = True`, if any
    refused: tuple[RefusedPlugin, ...] = ()  # plugins built for an incompatible plugin API version

    def method(self, code: str) -> PaymentMethod:
        """The payment method `code`, or PluginError("unknown_method", "method")."""
        try:
            return self.methods[code]
        except KeyError:
            raise PluginError("unknown_method", "method") from None

    def provider(self, code: str) -> BankProvider:
        """The bank provider `code`, or PluginError("unknown_provider", "provider")."""
        try:
            return self.providers[code]
        except KeyError:
            raise PluginError("unknown_provider", "provider") from None

    def plugin_names(self) -> list[str]:
        """Names of the registered plugins (entry-point names), sorted."""
        return sorted(name for name, plugin in self.manager.list_name_plugin() if plugin is not None)


def blocked_from_env(environ: Mapping[str, str] | None = None) -> frozenset[str]:
    """The entry-point names listed in COFRE_BLOCKED_PLUGINS ("card, wire" -> {"card", "wire"})."""
    raw = (os.environ if environ is None else environ).get(BLOCKED_ENV, "")
    return frozenset(name.strip() for name in raw.split(",") if name.strip())


def _collect(manager: pluggy.PluginManager, hook_name: str, expected: type[Any], what: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    owners: dict[str, str] = {}
    hook = getattr(manager.hook, hook_name)
    # Call each implementation on its own, so an error can name the plugin that caused it.
    for impl in hook.get_hookimpls():
        owner = impl.plugin_name
        result = impl.function()
        if not isinstance(result, Sequence | frozenset | set):
            raise PluginLoadError(f"plugin {owner!r}: {hook_name}() must return a list, not {result!r}")
        for item in result:
            if not isinstance(item, expected):
                raise PluginLoadError(f"plugin {owner!r}: {item!r} is not a {expected.__name__}")
            code = getattr(item, "code", None)
            if not isinstance(code, str) or not _CODE.fullmatch(code):
                raise PluginLoadError(f"plugin {owner!r}: {what} code {code!r} must match {_CODE.pattern}")
            if code in found:
                raise PluginLoadError(
                    f"{what} code {code!r} is provided by both plugin {owners[code]!r} and plugin "
                    f"{owner!r}; block one of them with {BLOCKED_ENV}={owner}"
                )
            try:
                check_schema(item.config_schema)
            except SchemaError as exc:
                raise PluginLoadError(
                    f"plugin {owner!r}: {what} {code!r} has a bad config_schema: {exc}"
                ) from exc
            found[code] = item
            owners[code] = owner
    return dict(sorted(found.items()))


def load_plugins(
    blocked: frozenset[str], extra_plugins: Iterable[tuple[str, Any]] = ()
) -> pluggy.PluginManager:
    """A plugin manager with every plugin of the entry-point group loaded, minus `blocked` and minus
    plugins built for an incompatible plugin API version (see `refused_plugins`)."""
    manager, _ = _load(blocked, extra_plugins)
    return manager


def _load(
    blocked: frozenset[str], extra_plugins: Iterable[tuple[str, Any]]
) -> tuple[pluggy.PluginManager, tuple[RefusedPlugin, ...]]:
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    for name in blocked:
        manager.set_blocked(name)
    manager.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    for name, plugin in extra_plugins:
        if not manager.is_blocked(name):
            manager.register(plugin, name=name)
    refused = _refuse_incompatible(manager)
    manager.check_pending()
    return manager, refused


def _refuse_incompatible(manager: pluggy.PluginManager) -> tuple[RefusedPlugin, ...]:
    """Unregister the plugins whose declared plugin API version this Cofre cannot serve (before
    check_pending: a plugin of another major may implement hooks that do not exist here)."""
    distributions = {
        manager.get_name(plugin): dist.project_name for plugin, dist in manager.list_plugin_distinfo()
    }
    refused: list[RefusedPlugin] = []
    for name, plugin in list(manager.list_name_plugin()):
        if plugin is None:  # blocked
            continue
        declared = getattr(plugin, VERSION_ATTRIBUTE, None)
        reason = incompatibility(declared)
        if reason is None:
            continue
        manager.unregister(name=name)
        entry = RefusedPlugin(
            name=name,
            distribution=distributions.get(name, ""),
            declared=declared if isinstance(declared, str) else "",
            reason=reason,
        )
        logger.warning("%s", entry.message)
        refused.append(entry)
    return tuple(sorted(refused, key=lambda entry: entry.name))


def plugin_django_apps() -> list[str]:
    """The Django apps the plugins ask for (hook `cofre_django_apps`), for the settings' SHARED_APPS.

    Read when the settings load, before Django is set up: a plugin module must not touch models or
    settings when it is imported (plugins/README.md)."""
    manager = load_plugins(blocked_from_env())
    return list(dict.fromkeys(name for names in manager.hook.cofre_django_apps() for name in names))


def plugin_urlpatterns() -> list[Any]:
    """The URL patterns the plugins mount (hook `cofre_urls`), served on every host."""
    return [pattern for patterns in get_registry().manager.hook.cofre_urls() for pattern in patterns]


def build_registry(
    *, blocked: Iterable[str] | None = None, extra_plugins: Iterable[tuple[str, Any]] = ()
) -> Registry:
    """Load every plugin of the entry-point group (minus `blocked`, default COFRE_BLOCKED_PLUGINS).

    `extra_plugins` registers (name, module-or-object) pairs as well, for tests and embedding.
    """
    blocked_names = blocked_from_env() if blocked is None else frozenset(blocked)
    manager, refused = _load(blocked_names, extra_plugins)
    methods: dict[str, PaymentMethod] = _collect(
        manager, "cofre_payment_methods", PaymentMethod, "payment method"
    )
    providers: dict[str, BankProvider] = _collect(
        manager, "cofre_bank_providers", BankProvider, "bank provider"
    )
    defaults = [code for code, provider in providers.items() if provider.default_provider]
    if len(defaults) > 1:
        raise PluginLoadError(
            f"bank providers {defaults[0]!r} and {defaults[1]!r} both say default_provider = True; "
            f"block one of them with {BLOCKED_ENV}"
        )
    return Registry(
        manager=manager,
        methods=MappingProxyType(methods),
        providers=MappingProxyType(providers),
        blocked=blocked_names,
        default_provider=defaults[0] if defaults else None,
        refused=refused,
    )


_lock = threading.Lock()
_registry: Registry | None = None


def get_registry() -> Registry:
    """The process's registry, built on first use."""
    global _registry  # noqa: PLW0603  (one plugin host per process, as pluggy hosts are)
    if _registry is None:
        with _lock:
            if _registry is None:
                _registry = build_registry()
    return _registry


def reset_registry() -> None:
    """Forget the process's registry: the next get_registry() loads the plugins again."""
    global _registry  # noqa: PLW0603
    with _lock:
        _registry = None
