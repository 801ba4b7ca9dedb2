"""PIX charges: a BR Code ("copia e cola") with the merchant's key, the amount and a txid, plus its QR.

The code is built with the static-code layout of the BCB BR Code manual (key in field 26.01, amount
in 54, txid in 62.05), the form any PIX app pays. Field 62.05 holds at most 25 letters or digits, so
the txid is derived from the charge reference (25 base-62 characters of a SHA-256): the same charge
always prepares the same code, and the provider matches the payment back to it by txid.
"""

from __future__ import annotations

import hashlib
import io
import string
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import segno

from plugin_api import ChargeArtifacts, ChargeRequest, PayerDocument, PaymentMethod, PluginError, hookimpl
from plugin_api.brazil import errors, pix

# The plugin API version this plugin is built for (plugin_api.version).
COFRE_PLUGIN_API = "1.3"

DEFAULT_EXPIRES_IN_SECONDS = 3600
MIN_EXPIRES_IN_SECONDS = 60
MAX_EXPIRES_IN_SECONDS = 30 * 24 * 3600
TXID_LENGTH = 25  # the BR Code's field 62.05 allows 1 to 25 letters or digits
_BASE62 = string.digits + string.ascii_uppercase + string.ascii_lowercase


def charge_txid(reference: str) -> str:
    """The charge's txid: 25 alphanumerics derived from the reference (stable across retries)."""
    number = int.from_bytes(hashlib.sha256(f"cofre-pix:{reference}".encode()).digest(), "big")
    chars = []
    for _ in range(TXID_LENGTH):
        number, index = divmod(number, 62)
        chars.append(_BASE62[index])
    return "".join(chars)


def check_pix_key(key: object, field: str = "pix_key") -> pix.PixKey:
    """A receiving key in DICT form (brazil.pix.validate_pix_key), else PluginError("invalid_pix_key")."""
    if not isinstance(key, str) or not key:
        raise PluginError("required", field)
    try:
        return pix.validate_pix_key(key)
    except errors.PixError as exc:
        raise PluginError("invalid_pix_key", field, reason=str(exc.params.get("reason", ""))) from exc


def qr_svg(brcode: str, *, scale: int = 4) -> str:
    """The BR Code as a QR code (error correction M), an inline <svg> element for HTML."""
    qr = segno.make(brcode, error="m", micro=False)
    svg: str = qr.svg_inline(scale=scale, title="QR Code PIX")
    return svg


def static_brcode(key: str, *, name: str, city: str, description: str | None = None) -> str:
    """A reusable BR Code for a key without amount (the payer types it): a merchant's "PIX QR"."""
    check_pix_key(key)
    try:
        return pix.build_static_brcode(key=key, name=name, city=city, description=description)
    except errors.PixError as exc:
        raise PluginError(exc.code, "pix") from exc


class PixMethod(PaymentMethod):
    code = "pix"
    name = "PIX"
    currencies = frozenset({"BRL"})
    config_schema: Mapping[str, Any] = {
        "type": "object",
        "properties": {
            "pix_key": {
                "type": "string",
                "title": "PIX key",
                "description": "The receiving key in DICT form: CPF/CNPJ digits, +55 phone, e-mail or EVP.",
                "minLength": 1,
                "maxLength": 77,
            },
            "expires_in_seconds": {
                "type": "integer",
                "title": "Default expiry (seconds)",
                "default": DEFAULT_EXPIRES_IN_SECONDS,
                "minimum": MIN_EXPIRES_IN_SECONDS,
                "maximum": MAX_EXPIRES_IN_SECONDS,
            },
        },
        "required": ["pix_key"],
    }

    def check_config(self, config: Mapping[str, Any]) -> None:
        check_pix_key(config.get("pix_key"))

    def validate(self, request: ChargeRequest, config: Mapping[str, Any]) -> None:
        if request.currency not in self.currencies:
            raise PluginError("unsupported_currency", "currency")
        if type(request.amount) is not int or not 0 < request.amount <= pix.MAX_AMOUNT_CENTAVOS:
            raise PluginError("invalid_amount", "amount", maximum=pix.MAX_AMOUNT_CENTAVOS)
        expires = request.expires_in_seconds
        if expires is not None and (
            type(expires) is not int or not MIN_EXPIRES_IN_SECONDS <= expires <= MAX_EXPIRES_IN_SECONDS
        ):
            raise PluginError(
                "invalid_expiry",
                "expires_in_seconds",
                minimum=MIN_EXPIRES_IN_SECONDS,
                maximum=MAX_EXPIRES_IN_SECONDS,
            )
        if not pix.brcode_text(request.merchant_name):
            raise PluginError("required", "merchant_name")
        if not pix.brcode_text(request.merchant_city):
            raise PluginError("required", "merchant_city")
        self.check_config(config)

    def prepare(self, request: ChargeRequest, config: Mapping[str, Any]) -> ChargeArtifacts:
        key = check_pix_key(config.get("pix_key"))
        txid = charge_txid(request.reference)
        try:
            brcode = pix.build_static_brcode(
                key=key.value,
                name=request.merchant_name,
                city=request.merchant_city,
                amount_centavos=request.amount,
                txid=txid,
            )
        except errors.PixError as exc:
            raise PluginError(exc.code, "pix") from exc
        seconds = request.expires_in_seconds or int(
            config.get("expires_in_seconds", DEFAULT_EXPIRES_IN_SECONDS)
        )
        return ChargeArtifacts(
            brcode=brcode,
            txid=txid,
            pix_key=key.value,
            expires_at=datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=seconds),
        )

    def payer_document(
        self, request: ChargeRequest, artifacts: ChargeArtifacts, config: Mapping[str, Any]
    ) -> PayerDocument | None:
        """The QR code of the charge's BR Code, as an SVG image."""
        if not artifacts.brcode:
            return None
        buffer = io.BytesIO()
        segno.make(artifacts.brcode, error="m", micro=False).save(buffer, kind="svg", scale=6, border=2)
        return PayerDocument("image/svg+xml", buffer.getvalue(), f"pix-{request.reference}.svg")


@hookimpl
def cofre_payment_methods() -> Sequence[PaymentMethod]:
    return [PixMethod()]
