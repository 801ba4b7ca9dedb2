"""Boleto de cobrança ("billet"): validates the payer and due date, builds barcode and typed line.

The 25-digit free field follows the common agency/wallet/"nosso número"/account layout (Bradesco's):

    agency(4) carteira(2) nosso número(11) account(7) "0"

The nosso número is derived from the charge reference, so preparing the same charge twice gives the
same boleto: a reference made of at most 11 digits is used as is (zero-padded); any other reference
("dep_01J...") is hashed to 11 digits (SHA-256, reduced modulo 10^11).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from plugin_api import (
    ChargeArtifacts,
    ChargeRequest,
    Payer,
    PayerDocument,
    PaymentMethod,
    PluginError,
    hookimpl,
)
from plugin_api.brazil import address, boleto, documents, errors

# The plugin API version this plugin is built for (plugin_api.version).
COFRE_PLUGIN_API = "1.3"

SAO_PAULO = ZoneInfo("America/Sao_Paulo")
# "999" is no institution's COMPE code: a sandbox boleto can never be paid at a real bank by mistake.
SANDBOX_BANK_CODE = "999"
_NOSSO_NUMERO_DIGITS = 11


def today_in_sao_paulo() -> date:
    """The calendar date in São Paulo (a boleto due "today" is payable until the end of that day)."""
    return datetime.now(SAO_PAULO).date()


def nosso_numero(reference: str) -> str:
    """11 digits identifying the charge at the bank, derived deterministically from `reference`."""
    if reference.isascii() and reference.isdigit() and len(reference) <= _NOSSO_NUMERO_DIGITS:
        return reference.zfill(_NOSSO_NUMERO_DIGITS)
    digest = int.from_bytes(hashlib.sha256(reference.encode("utf-8")).digest(), "big")
    return f"{digest % 10**_NOSSO_NUMERO_DIGITS:0{_NOSSO_NUMERO_DIGITS}d}"


def free_field(reference: str, config: Mapping[str, Any]) -> str:
    """The barcode's 25-digit free field: agency, carteira, nosso número, account, 0."""
    agency = str(config.get("agency", "0001"))
    carteira = str(config.get("carteira", "09"))
    account = str(config.get("account", "0000001"))
    return f"{agency}{carteira}{nosso_numero(reference)}{account}0"


def _required(value: str, field: str) -> str:
    text = value.strip()
    if not text:
        raise PluginError("required", field)
    return text


def normalize_zipcode(zipcode: str) -> str:
    """ "01310-100" -> "01310100"; PluginError("invalid_zipcode") unless 8 digits remain."""
    try:
        return address.normalize_zipcode(zipcode)
    except address.AddressError as exc:
        raise PluginError(exc.code, "payer.zipcode") from exc


def validate_payer(payer: Payer) -> None:
    """Name, CPF/CNPJ and the postal address a boleto prints (complement optional)."""
    _required(payer.name, "payer.name")
    try:
        documents.validate_document(payer.document)
    except errors.DocumentError as exc:
        raise PluginError("invalid_document", "payer.document") from exc
    for name in ("street", "number", "neighborhood", "city"):
        _required(getattr(payer, name), f"payer.{name}")
    if payer.state.strip().upper() not in address.STATES:
        raise PluginError("invalid_state", "payer.state")
    normalize_zipcode(payer.zipcode)


class BilletMethod(PaymentMethod):
    code = "billet"
    name = "Boleto"
    currencies = frozenset({"BRL"})
    config_schema: Mapping[str, Any] = {
        "type": "object",
        "properties": {
            "bank_code": {
                "type": "string",
                "title": "Bank code (COMPE)",
                "description": "The issuing bank's 3-digit code; 999 (no real bank) for the sandbox.",
                "pattern": "^[0-9]{3}$",
                "default": SANDBOX_BANK_CODE,
            },
            "agency": {"type": "string", "title": "Agency", "pattern": "^[0-9]{4}$", "default": "0001"},
            "carteira": {
                "type": "string",
                "title": "Wallet (carteira)",
                "pattern": "^[0-9]{2}$",
                "default": "09",
            },
            "account": {
                "type": "string",
                "title": "Account (beneficiary code)",
                "pattern": "^[0-9]{7}$",
                "default": "0000001",
            },
        },
    }

    def validate(self, request: ChargeRequest, config: Mapping[str, Any]) -> None:
        if request.currency not in self.currencies:
            raise PluginError("unsupported_currency", "currency")
        if type(request.amount) is not int or not 0 < request.amount <= boleto.MAX_AMOUNT_CENTAVOS:
            raise PluginError("invalid_amount", "amount", maximum=boleto.MAX_AMOUNT_CENTAVOS)
        validate_payer(request.payer)
        if request.due_date is None:
            raise PluginError("required", "due_date")
        today = today_in_sao_paulo()
        if request.due_date < today:
            raise PluginError("due_date_in_past", "due_date")
        if request.due_date > today + timedelta(days=boleto.WINDOW_DAYS_AFTER):
            raise PluginError("due_date_too_far", "due_date")  # its factor would be ambiguous

    def prepare(self, request: ChargeRequest, config: Mapping[str, Any]) -> ChargeArtifacts:
        try:
            barcode = boleto.build_barcode(
                bank=str(config.get("bank_code", SANDBOX_BANK_CODE)),
                due_date=request.due_date,
                amount_centavos=request.amount,
                free_field=free_field(request.reference, config),
            )
        except errors.BoletoError as exc:
            raise PluginError(exc.code, "boleto") from exc
        return ChargeArtifacts(barcode=barcode, typed_line=boleto.bank_barcode_to_typed_line(barcode))

    def payer_document(
        self, request: ChargeRequest, artifacts: ChargeArtifacts, config: Mapping[str, Any]
    ) -> PayerDocument | None:
        """The printable boleto: an A4 HTML page with the Interleaved 2 of 5 barcode."""
        from cofre_billet.render import Merchant, render_boleto_html

        html = render_boleto_html(request, artifacts, Merchant(name=request.merchant_name))
        return PayerDocument("text/html; charset=utf-8", html.encode(), f"boleto-{request.reference}.html")


@hookimpl
def cofre_payment_methods() -> Sequence[PaymentMethod]:
    return [BilletMethod()]
