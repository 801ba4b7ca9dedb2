"""Card payments through the provider's tokenization: Cofre never receives a card number.

The payer's browser sends the card to the provider's own tokenization service and Cofre gets back a
token (`ChargeRequest.card_token`); brand and last four digits come from the provider, which knows
the token. Anything in a request that looks like a card number (13 to 19 digits, spaces or hyphens
between groups allowed, passing the Luhn check) is refused with `card_number_forbidden`, so a
number pasted into a description or an extra field never reaches storage or logs (PCI DSS scope).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from plugin_api import ChargeArtifacts, ChargeRequest, PaymentMethod, PluginError, hookimpl

# The plugin API version this plugin is built for (plugin_api.version).
COFRE_PLUGIN_API = "1.3"

MAX_AMOUNT_CENTAVOS = 9_999_999_999
# 13 to 19 digits, optionally grouped by single spaces or hyphens, not inside a longer digit run.
_PAN_CANDIDATE = re.compile(r"(?<![0-9])[0-9](?:[ -]?[0-9]){12,18}(?![0-9])")


def luhn_valid(digits: str) -> bool:
    """The Luhn (mod 10) check every card number carries in its last digit."""
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 1:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def contains_pan(text: str) -> bool:
    """True when `text` holds something that looks like a card number (13-19 digits passing Luhn)."""
    return any(luhn_valid(re.sub(r"[ -]", "", match.group())) for match in _PAN_CANDIDATE.finditer(text))


def _scanned_fields(request: ChargeRequest) -> Iterator[tuple[str, str]]:
    # Cofre's own reference and the payer's CPF/CNPJ are validated elsewhere and never card numbers.
    yield "card_token", request.card_token
    yield "description", request.description
    yield "merchant_name", request.merchant_name
    yield "merchant_city", request.merchant_city
    payer = request.payer
    for name in (
        "name",
        "email",
        "street",
        "number",
        "complement",
        "neighborhood",
        "city",
        "state",
        "zipcode",
    ):
        yield f"payer.{name}", getattr(payer, name)
    for key, value in request.extra.items():
        yield f"extra.{key}", str(value)


class CardMethod(PaymentMethod):
    code = "card"
    name = "Card"
    currencies = frozenset({"BRL", "USD"})
    config_schema: Mapping[str, Any] = {
        "type": "object",
        "properties": {
            "statement_descriptor": {
                "type": "string",
                "title": "Statement descriptor",
                "description": "What the payer's card statement shows (letters, digits, spaces).",
                "pattern": "^[A-Za-z0-9 ]*$",
                "maxLength": 13,
                "default": "",
            },
        },
    }

    def validate(self, request: ChargeRequest, config: Mapping[str, Any]) -> None:
        for field, value in _scanned_fields(request):
            if contains_pan(value):
                raise PluginError("card_number_forbidden", field)
        if request.currency not in self.currencies:
            raise PluginError("unsupported_currency", "currency")
        if type(request.amount) is not int or not 0 < request.amount <= MAX_AMOUNT_CENTAVOS:
            raise PluginError("invalid_amount", "amount", maximum=MAX_AMOUNT_CENTAVOS)
        if not request.card_token.strip():
            raise PluginError("required", "card_token")

    def prepare(self, request: ChargeRequest, config: Mapping[str, Any]) -> ChargeArtifacts:
        # Brand and last four digits are the provider's to fill in: it is the one that knows the token.
        return ChargeArtifacts()


@hookimpl
def cofre_payment_methods() -> Sequence[PaymentMethod]:
    return [CardMethod()]
