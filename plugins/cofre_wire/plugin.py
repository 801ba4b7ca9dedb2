"""Bank transfer (TED/PIX to an account): instructions for the payer and a code to match arrivals.

The merchant's receiving account comes from its configuration; the identification code is derived
from the charge reference (stable across retries) and the payer writes it in the transfer's
description, so the provider can match the money that arrives with the charge.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from plugin_api import ChargeArtifacts, ChargeRequest, PaymentMethod, PluginError, hookimpl
from plugin_api.brazil import banks, documents, errors

# The plugin API version this plugin is built for (plugin_api.version).
COFRE_PLUGIN_API = "1.3"

MAX_AMOUNT_CENTAVOS = 9_999_999_999
# Crockford's base 32: no I, L, O or U, so a code read over the phone is not misread.
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_PREFIX = "CF"
CODE_LENGTH = 10


def identification_code(reference: str) -> str:
    """ "CF" + 10 Crockford base-32 characters derived from the reference, e.g. "CF7K2M9QX4TB"."""
    number = int.from_bytes(hashlib.sha256(f"cofre-wire:{reference}".encode()).digest(), "big")
    chars = []
    for _ in range(CODE_LENGTH):
        number, index = divmod(number, 32)
        chars.append(_CROCKFORD[index])
    return CODE_PREFIX + "".join(chars)


class WireMethod(PaymentMethod):
    code = "wire"
    name = "Bank transfer"
    currencies = frozenset({"BRL"})
    config_schema: Mapping[str, Any] = {
        "type": "object",
        "properties": {
            "bank_compe": {"type": "string", "title": "Bank code (COMPE)", "pattern": "^[0-9]{3}$"},
            "agency": {"type": "string", "title": "Agency", "pattern": "^[0-9]{1,5}$"},
            "account": {"type": "string", "title": "Account", "pattern": "^[0-9]{1,12}$"},
            "account_digit": {
                "type": "string",
                "title": "Account check digit",
                "pattern": "^[0-9A-Za-z]?$",
                "default": "",
            },
            "account_type": {
                "type": "string",
                "title": "Account type",
                "enum": ["checking", "savings", "payment"],
                "default": "checking",
            },
            "holder_name": {"type": "string", "title": "Account holder", "minLength": 1, "maxLength": 100},
            "holder_document": {
                "type": "string",
                "title": "Holder CPF/CNPJ",
                "minLength": 11,
                "maxLength": 18,
            },
        },
        "required": ["bank_compe", "agency", "account", "holder_name", "holder_document"],
    }

    def check_config(self, config: Mapping[str, Any]) -> None:
        for name in ("bank_compe", "agency", "account", "holder_name", "holder_document"):
            if not str(config.get(name, "")).strip():
                raise PluginError("required", name)
        try:
            documents.validate_document(str(config["holder_document"]))
        except errors.DocumentError as exc:
            raise PluginError("invalid_document", "holder_document") from exc

    def validate(self, request: ChargeRequest, config: Mapping[str, Any]) -> None:
        if request.currency not in self.currencies:
            raise PluginError("unsupported_currency", "currency")
        if type(request.amount) is not int or not 0 < request.amount <= MAX_AMOUNT_CENTAVOS:
            raise PluginError("invalid_amount", "amount", maximum=MAX_AMOUNT_CENTAVOS)
        self.check_config(config)

    def prepare(self, request: ChargeRequest, config: Mapping[str, Any]) -> ChargeArtifacts:
        compe = str(config["bank_compe"])
        bank = banks.bank_by_compe(compe)
        document = documents.validate_document(str(config["holder_document"]))
        instructions = {
            "bank_compe": compe,
            "bank_name": bank.name if bank is not None else "",
            "bank_ispb": bank.ispb if bank is not None else "",
            "agency": str(config["agency"]),
            "account": str(config["account"]),
            "account_digit": str(config.get("account_digit", "")),
            "account_type": str(config.get("account_type", "checking")),
            "holder_name": str(config["holder_name"]).strip(),
            "holder_document": document.formatted,
            "identification_code": identification_code(request.reference),
        }
        return ChargeArtifacts(wire_instructions=instructions)


@hookimpl
def cofre_payment_methods() -> Sequence[PaymentMethod]:
    return [WireMethod()]
