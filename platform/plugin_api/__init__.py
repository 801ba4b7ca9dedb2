"""The plugin API: the ONLY module plugins import from Cofre.

Two kinds of plugin, discovered through the `cofre.plugins` entry-point group (built-in plugins are
registered exactly like third-party ones, in pyproject.toml):

- payment methods (billet, pix, card, wire): validate a charge request and prepare what the payer
  needs (barcode and typed line, BR Code, transfer instructions);
- bank providers (the sandbox bank, real banks): create charges, report their state, verify and
  parse webhooks, submit payouts and refunds.

A plugin module implements one or both hooks, marked with `hookimpl`:

    from plugin_api import hookimpl

    @hookimpl
    def cofre_payment_methods():
        return [MyMethod()]

The API is versioned (`API_VERSION`, "MAJOR.MINOR", semantic versioning: see `plugin_api.version`);
a plugin module declares the version it was built for, `COFRE_PLUGIN_API = "1.0"`, and Cofre refuses
one built for another major (or a newer minor) with a warning instead of loading it.

Data crossing the boundary is frozen dataclasses (`plugin_api.contracts`); money is integer centavos
with an ISO currency. See plugins/README.md for the developer guide and `plugin_api.testkit` for
the contract tests every plugin can run.
"""

from plugin_api.contracts import (
    BankProvider,
    ChargeArtifacts,
    ChargeRequest,
    ChargeState,
    MedDecision,
    MedDecisionReport,
    MedHop,
    MedNotice,
    MedState,
    Payer,
    PayerDocument,
    PaymentMethod,
    PayoutRequest,
    PayoutState,
    PixKeyRegistration,
    PluginError,
    ProviderCharge,
    ProviderEvent,
    ProviderPayout,
    ProviderRefund,
    RefundRequest,
    RefundState,
    Remittance,
    RemittanceFile,
    RemittanceItem,
    ReturnItem,
    SimulatedReturn,
    WebhookRejectedError,
)
from plugin_api.hookspecs import hookimpl, hookspec
from plugin_api.version import API_VERSION

__all__ = [
    "API_VERSION",
    "BankProvider",
    "ChargeArtifacts",
    "ChargeRequest",
    "ChargeState",
    "MedDecision",
    "MedDecisionReport",
    "MedHop",
    "MedNotice",
    "MedState",
    "Payer",
    "PayerDocument",
    "PaymentMethod",
    "PayoutRequest",
    "PayoutState",
    "PixKeyRegistration",
    "PluginError",
    "ProviderCharge",
    "ProviderEvent",
    "ProviderPayout",
    "ProviderRefund",
    "RefundRequest",
    "RefundState",
    "Remittance",
    "RemittanceFile",
    "RemittanceItem",
    "ReturnItem",
    "SimulatedReturn",
    "WebhookRejectedError",
    "hookimpl",
    "hookspec",
]
