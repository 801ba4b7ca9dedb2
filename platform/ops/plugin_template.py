"""The plugin kit's template: `manage.py startplugin <name> --kind payment_method|bank_provider`.

Writes a package a plugin author installs with `pip install -e` into Cofre's environment, and that
Cofre then lists (admin/deposits-banks) without any change to the platform:

    cofre-<name>/
        pyproject.toml            the `cofre.plugins` entry point (gateway.registry loads that group)
        README.md                 what to change, how to install and test it
        cofre_<name>/__init__.py
        cofre_<name>/plugin.py    COFRE_PLUGIN_API and the @hookimpl functions
        cofre_<name>/<kind>.py    the PaymentMethod or BankProvider, with its config schema
        tests/test_contract.py    the contract kit (plugin_api.testkit) over the plugin

The generated code imports `plugin_api` only (plugins/README.md) and passes the contract kit as
written: the bank provider keeps its charges in memory until its author wires the bank's HTTP API.
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

from plugin_api.version import API_VERSION

KINDS = ("payment_method", "bank_provider")
NAME = re.compile(r"[a-z][a-z0-9_]{1,30}")


class TemplateError(ValueError):
    """A name or a destination the template cannot write."""


PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "cofre-$dist"
version = "0.1.0"
description = "$title: a Cofre $kind_words plugin"
requires-python = ">=3.11"
# No dependency on Cofre: it provides plugin_api at run time (plugins/README.md).
dependencies = []

[project.entry-points."cofre.plugins"]
$name = "$package.plugin"

[tool.setuptools]
packages = ["$package"]
"""

README = """\
# cofre-$dist

A Cofre $kind_words plugin, started from the plugin kit (`manage.py startplugin $name --kind $kind`).
Built for plugin API $api_version (`COFRE_PLUGIN_API` in `$package/plugin.py`).

## Install it into Cofre

```sh
.venv/bin/pip install -e path/to/cofre-$dist   # from Cofre's directory
```

Restart the web and worker processes: `$code` appears in admin/deposits-banks beside the built-ins,
where it is enabled and configured per tenant. Nothing in Cofre changes.

## Test it

From Cofre's directory (its pytest settings put `plugin_api` on the path):

```sh
.venv/bin/python -m pytest -c pyproject.toml path/to/cofre-$dist/tests   # the contract kit
```

## Next steps

- `$package/$module.py`: $next_step
- `config_schema`: the settings an admin fills in (secrets `"writeOnly": true`).
- Import nothing of Cofre but `plugin_api` (and `plugin_api.brazil` for Brazilian rules).
- When Cofre's plugin API changes major version, update the code and `COFRE_PLUGIN_API`; until
  then Cofre refuses to load it, with a warning, instead of failing (see Cofre's plugins/README.md).
"""

INIT = '''\
"""$title: a Cofre $kind_words plugin."""
'''

PLUGIN = '''\
"""Entry point of $title (declared in pyproject.toml, group `cofre.plugins`).

Cofre imports this module while its settings load: import nothing of Django here.
"""

from __future__ import annotations

from collections.abc import Sequence

from plugin_api import $base, hookimpl

from $package.$module import $cls

# The plugin API version this plugin is built for: Cofre refuses it under another major version.
COFRE_PLUGIN_API = "$api_version"


@hookimpl
def $hook() -> Sequence[$base]:
    return [$cls()]
'''

METHOD = '''\
"""$title: a payment method (what the payer needs to pay a charge)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from plugin_api import ChargeArtifacts, ChargeRequest, PaymentMethod, PluginError


class $cls(PaymentMethod):
    code = "$code"
    name = "$title"
    currencies = frozenset({"BRL"})
    config_schema: Mapping[str, Any] = {
        "type": "object",
        "properties": {
            "instructions": {
                "type": "string",
                "title": "Instructions shown to the payer",
                "maxLength": 200,
                "default": "",
            },
            "max_amount": {
                "type": "integer",
                "title": "Largest charge (centavos)",
                "minimum": 1,
                "default": 100_000_00,
            },
        },
    }

    def validate(self, request: ChargeRequest, config: Mapping[str, Any]) -> None:
        if request.currency not in self.currencies:
            raise PluginError("currency_not_accepted", "currency", currency=request.currency)
        if request.amount <= 0:
            raise PluginError("invalid_amount", "amount")
        if request.amount > config.get("max_amount", 100_000_00):
            raise PluginError("amount_too_large", "amount")

    def prepare(self, request: ChargeRequest, config: Mapping[str, Any]) -> ChargeArtifacts:
        # Deterministic: the same request gives the same artifacts (a retry must not issue a second one).
        code = hashlib.sha256(f"$code:{request.reference}".encode()).hexdigest()[:12].upper()
        return ChargeArtifacts(
            wire_instructions={"code": code, "instructions": str(config.get("instructions", ""))}
        )
'''

PROVIDER = '''\
"""$title: a bank provider. Charges are kept in memory here: replace the marked parts with calls to
the bank's API (same rules: idempotent on the reference, TimeoutError when the answer is unknown)."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from plugin_api import (
    BankProvider,
    ChargeArtifacts,
    ChargeRequest,
    ChargeState,
    PluginError,
    ProviderCharge,
    ProviderEvent,
    WebhookRejectedError,
)

SIGNATURE_HEADER = "x-$dist-signature"
MAX_AGE_SECONDS = 300


def sign(secret: str, body: bytes, timestamp: int) -> str:
    """The signature header the bank sends: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


class $cls(BankProvider):
    code = "$code"
    name = "$title"
    methods = frozenset({"pix"})  # the payment methods this bank collects
    payout_methods: frozenset[str] = frozenset()  # none yet: submit_payout refuses
    refund_methods: frozenset[str] = frozenset()  # none yet: submit_refund refuses
    config_schema: Mapping[str, Any] = {
        "type": "object",
        "properties": {
            "api_url": {
                "type": "string",
                "title": "API URL",
                "pattern": "^https://.+$$",
                "default": "https://api.example.com",
            },
            "webhook_secret": {
                "type": "string",
                "title": "Webhook secret",
                "writeOnly": True,
                "minLength": 16,
            },
        },
        "required": ["webhook_secret"],
    }

    def __init__(self) -> None:
        self._charges: dict[str, tuple[ChargeRequest, ProviderCharge]] = {}  # replace: the bank's API

    def create_charge(
        self, request: ChargeRequest, artifacts: ChargeArtifacts, config: Mapping[str, Any]
    ) -> ProviderCharge:
        known = self._charges.get(request.reference)
        if known is not None:
            if (known[0].amount, known[0].method) != (request.amount, request.method):
                raise PluginError("idempotency_conflict", "reference")
            return known[1]
        reference = "$code-" + hashlib.sha256(request.reference.encode()).hexdigest()[:16]
        charge = ProviderCharge(provider_reference=reference, state=ChargeState.PENDING)
        self._charges[request.reference] = (request, charge)
        return charge

    def fetch_charge(self, provider_reference: str, config: Mapping[str, Any]) -> ProviderCharge:
        for _, charge in self._charges.values():
            if charge.provider_reference == provider_reference:
                return charge
        raise PluginError("charge_not_found", "provider_reference")

    def parse_webhook(
        self, headers: Mapping[str, str], body: bytes, config: Mapping[str, Any]
    ) -> list[ProviderEvent]:
        found = {key.lower(): value for key, value in headers.items()}.get(SIGNATURE_HEADER, "")
        parts = dict(part.split("=", 1) for part in found.split(",") if "=" in part)
        try:
            timestamp = int(parts.get("t", ""))
        except ValueError:
            raise WebhookRejectedError("webhook_unsigned") from None
        if abs(time.time() - timestamp) > MAX_AGE_SECONDS:
            raise WebhookRejectedError("webhook_stale")
        expected = sign(str(config["webhook_secret"]), body, timestamp)
        if not hmac.compare_digest(expected, f"t={timestamp},v1={parts.get('v1', '')}"):
            raise WebhookRejectedError("webhook_bad_signature")
        payload = json.loads(body)
        return [
            ProviderEvent(
                event_id=str(item["id"]),
                kind="charge",
                reference=str(item["reference"]),
                provider_reference=str(item["provider_reference"]),
                state=str(item["state"]),
                occurred_at=datetime.fromtimestamp(int(item["occurred_at"]), tz=UTC),
                amount=item.get("amount"),
            )
            for item in payload["events"]
        ]
'''

METHOD_TEST = '''\
"""The contract kit (plugin_api.testkit) over $title: what every payment method must honour."""

from __future__ import annotations

import pytest

from plugin_api import PluginError
from plugin_api.testkit import check_payment_method, sample_charge_request

from $package.$module import $cls

CONFIG = {"instructions": "Pague até o vencimento", "max_amount": 100_000_00}


def test_the_method_honours_the_contract() -> None:
    artifacts = check_payment_method($cls(), sample_charge_request("$code"), CONFIG)
    assert artifacts.wire_instructions["code"]


def test_a_charge_above_the_configured_maximum_is_refused() -> None:
    with pytest.raises(PluginError) as refused:
        $cls().validate(sample_charge_request("$code", amount=100_000_01), CONFIG)
    assert refused.value.code == "amount_too_large"
'''

PROVIDER_TEST = '''\
"""The contract kit (plugin_api.testkit) over $title: what every bank provider must honour."""

from __future__ import annotations

import json
import time

from plugin_api import ChargeArtifacts
from plugin_api.testkit import check_bank_provider, sample_charge_request

from $package.$module import SIGNATURE_HEADER, $cls, sign

CONFIG = {"api_url": "https://api.example.com", "webhook_secret": "s" * 32}


def signed_event(request, charge):  # type: ignore[no-untyped-def]
    body = json.dumps({"events": [{
        "id": "evt_1", "reference": request.reference, "provider_reference": charge.provider_reference,
        "state": "confirmed", "occurred_at": int(time.time()), "amount": request.amount,
    }]}).encode()  # fmt: skip
    return {SIGNATURE_HEADER: sign(CONFIG["webhook_secret"], body, int(time.time()))}, body


def test_the_provider_honours_the_contract() -> None:
    charge = check_bank_provider(
        $cls(), sample_charge_request("pix"), ChargeArtifacts(), CONFIG, sign_event=signed_event
    )
    assert charge.provider_reference.startswith("$code-")
'''

CHOICES = {
    "payment_method": {
        "module": "method",
        "base": "PaymentMethod",
        "hook": "cofre_payment_methods",
        "kind_words": "payment method",
        "suffix": "Method",
        "source": METHOD,
        "test": METHOD_TEST,
        "next_step": (
            "`validate` refuses what the method cannot take, `prepare` returns what the payer needs."
        ),
    },
    "bank_provider": {
        "module": "provider",
        "base": "BankProvider",
        "hook": "cofre_bank_providers",
        "kind_words": "bank provider",
        "suffix": "Bank",
        "source": PROVIDER,
        "test": PROVIDER_TEST,
        "next_step": (
            "replace the in-memory charges with the bank's API; add payouts and refunds when it makes them."
        ),
    },
}


def write_plugin(name: str, kind: str, directory: Path) -> Path:
    """Write the package `cofre-<name>` (dashes for underscores) under `directory`; returns its path."""
    if not NAME.fullmatch(name):
        raise TemplateError(f"{name!r}: use 2 to 31 lower-case letters, digits and _, starting with a letter")
    if kind not in KINDS:
        raise TemplateError(f"{kind!r}: the kind is one of {', '.join(KINDS)}")
    choice = CHOICES[kind]
    dist = name.replace("_", "-")
    package = f"cofre_{name}"
    values = {
        "name": name,
        "code": name,
        "dist": dist,
        "package": package,
        "kind": kind,
        "title": name.replace("_", " ").title(),
        "cls": "".join(part.title() for part in name.split("_")) + choice["suffix"],
        "api_version": API_VERSION,
        **choice,
    }
    root = directory / f"cofre-{dist}"
    if root.exists():
        raise TemplateError(f"{root} already exists")
    files = {
        "pyproject.toml": PYPROJECT,
        "README.md": README,
        f"{package}/__init__.py": INIT,
        f"{package}/plugin.py": PLUGIN,
        f"{package}/{choice['module']}.py": choice["source"],
        "tests/test_contract.py": choice["test"],
    }
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(Template(text).substitute(values), encoding="utf-8")
    return root
