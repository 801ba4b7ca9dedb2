"""Hook specifications. Every hook is documented here and tested (tests/plugins/test_hookspecs.py)."""

from __future__ import annotations

from collections.abc import Sequence

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
    """
