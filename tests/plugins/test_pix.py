"""The PIX method: BR Code through brazil.pix (CRC, amount, txid, key), expiry, QR code, static codes."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from brazil.errors import PixError
from brazil.pix import crc16, parse_brcode
from cofre_pix import charge_txid, check_pix_key, qr_svg, static_brcode
from cofre_pix.plugin import PixMethod
from plugin_api import ChargeRequest, PluginError
from plugin_api.testkit import sample_charge_request

METHOD = PixMethod()
CONFIG: dict[str, Any] = {"pix_key": "39053344705", "expires_in_seconds": 3600}


def request(**overrides: Any) -> ChargeRequest:
    return sample_charge_request("pix", **overrides)


def test_the_br_code_parses_with_a_valid_crc_and_carries_amount_txid_and_key() -> None:
    req = request(
        amount=123456, reference="dep_01J8ZPIX", merchant_name="Padaria Pão Doce", merchant_city="São Paulo"
    )
    artifacts = METHOD.prepare(req, CONFIG)
    code = parse_brcode(artifacts.brcode)
    assert code.crc == crc16(artifacts.brcode[:-4])
    assert code.amount_centavos == 123456
    assert code.fields["54"] == "1234.56"
    assert code.txid == artifacts.txid == charge_txid("dep_01J8ZPIX")
    assert code.key == artifacts.pix_key == "39053344705"
    assert (code.name, code.city) == ("Padaria Pao Doce", "Sao Paulo")  # accents stripped
    assert artifacts.brcode.isascii()


def test_a_changed_br_code_fails_its_crc() -> None:
    brcode = METHOD.prepare(request(amount=1000), CONFIG).brcode
    with pytest.raises(PixError, match="CRC"):
        parse_brcode(brcode.replace("10.00", "99.00"))


def test_the_txid_is_25_alphanumerics_derived_from_the_reference() -> None:
    txid = charge_txid("dep_1")
    assert re.fullmatch(r"[A-Za-z0-9]{25}", txid)
    assert charge_txid("dep_1") == txid
    assert charge_txid("dep_2") != txid


def test_expiry_comes_from_the_request_or_the_config() -> None:
    before = datetime.now(UTC)
    default = METHOD.prepare(request(), CONFIG).expires_at
    assert default is not None
    assert before + timedelta(seconds=3599) <= default <= datetime.now(UTC) + timedelta(seconds=3600)
    short = METHOD.prepare(request(expires_in_seconds=600), CONFIG).expires_at
    assert short is not None
    assert short - before <= timedelta(seconds=601)


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"currency": "USD"}, ("unsupported_currency", "currency")),
        ({"amount": 0}, ("invalid_amount", "amount")),
        ({"expires_in_seconds": 10}, ("invalid_expiry", "expires_in_seconds")),
        ({"expires_in_seconds": 31 * 24 * 3600}, ("invalid_expiry", "expires_in_seconds")),
        ({"merchant_name": " "}, ("required", "merchant_name")),
        ({"merchant_city": "✓"}, ("required", "merchant_city")),  # nothing printable left
    ],
)
def test_invalid_requests_are_refused(overrides: dict[str, Any], expected: tuple[str, str]) -> None:
    with pytest.raises(PluginError) as error:
        METHOD.validate(request(**overrides), CONFIG)
    assert (error.value.code, error.value.field) == expected


@pytest.mark.parametrize(
    "key",
    [
        "39053344705",
        "11222333000181",
        "+5511987654321",
        "loja@example.com",
        "123e4567-e89b-42d3-a456-426614174000",
    ],
)
def test_every_key_type_is_accepted_in_config(key: str) -> None:
    METHOD.check_config({"pix_key": key})
    assert parse_brcode(METHOD.prepare(request(), {"pix_key": key}).brcode).key == key


@pytest.mark.parametrize("key", ["39053344700", "111.111.111-11", "Loja@Example.com", "+1555", ""])
def test_an_invalid_key_is_refused_by_check_config_and_validate(key: str) -> None:
    with pytest.raises(PluginError) as error:
        METHOD.check_config({"pix_key": key})
    assert error.value.field == "pix_key"
    assert error.value.code in {"invalid_pix_key", "required"}
    with pytest.raises(PluginError):
        METHOD.validate(request(), {"pix_key": key})
    assert check_pix_key("39053344705").value == "39053344705"


def test_a_static_code_has_no_amount() -> None:
    code = parse_brcode(static_brcode("loja@example.com", name="Loja Exemplo", city="Curitiba"))
    assert code.amount_centavos is None
    assert code.txid == "***"
    assert code.key == "loja@example.com"
    with pytest.raises(PluginError, match="invalid_pix_key"):
        static_brcode("not a key", name="Loja", city="Curitiba")


def test_the_qr_code_is_an_inline_svg() -> None:
    svg = qr_svg(METHOD.prepare(request(), CONFIG).brcode)
    assert svg.startswith("<svg")
    assert svg.endswith("</svg>")
    assert "<title>QR Code PIX</title>" in svg
