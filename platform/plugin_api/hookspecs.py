"""Hook specifications. Every hook is documented here and tested (tests/plugins/test_hookspecs.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pluggy

from plugin_api.contracts import BankProvider, PaymentMethod

PROJECT = "cofre"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def cofre_payment_methods() -> Sequence[PaymentMethod]:  # type: ignore[empty-body]
    """Return the payment methods this plugin provides (e.g. billet, pix, card, wire).

    Called once when the plugin manager loads. Each method's `code` must be unique across plugins.
    """


@hookspec
def cofre_bank_providers() -> Sequence[BankProvider]:  # type: ignore[empty-body]
    """Return the bank providers this plugin provides (e.g. the sandbox bank).

    Called once when the plugin manager loads. Each provider's `code` must be unique across plugins.
    A provider that reports MED cases sets `reports_med` and implements `fetch_med_case` (see
    `BankProvider`; checked by `plugin_api.testkit.check_med_reports`).
    """


@hookspec
def cofre_django_apps() -> Sequence[str]:  # type: ignore[empty-body]
    """Return the Django apps this plugin needs (dotted names, e.g. "my_bank"), for the plugin's own
    tables. They are installed in the public schema (a plugin's state is not a tenant's record).

    Called when Cofre's settings load, before Django is set up: the plugin module (the entry point)
    must not import models or read settings when it is imported.
    """


@hookspec
def cofre_urls() -> Sequence[Any]:  # type: ignore[empty-body]
    """Return Django URL patterns (`django.urls.path(...)`) this plugin serves, on every host, under a
    prefix of its own (e.g. `path("my-bank/", include("my_bank.urls"))`), as datasette's
    `register_routes`. Called once, when the URLconf loads.
    """
