"""The bank-transfer method: instructions from the merchant's configuration, a matching code."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cofre_wire import identification_code
from cofre_wire.plugin import WireMethod
from gateway.config_schema import ConfigError, validate_config
from plugin_api import PluginError
from plugin_api.testkit import sample_charge_request
from tests.plugins.helpers import WIRE_CONFIG

METHOD = WireMethod()
CONFIG = validate_config(METHOD.config_schema, WIRE_CONFIG)


def test_instructions_carry_the_account_and_an_identification_code() -> None:
    artifacts = METHOD.prepare(sample_charge_request("wire", reference="dep_w1"), CONFIG)
    assert dict(artifacts.wire_instructions) == {
        "bank_compe": "001",
        "bank_name": "BCO DO BRASIL S.A.",
        "bank_ispb": "00000000",
        "agency": "1234",
        "account": "567890",
        "account_digit": "1",
        "account_type": "checking",
        "holder_name": "Loja Exemplo Ltda",
        "holder_document": "11.222.333/0001-81",
        "identification_code": identification_code("dep_w1"),
    }


def test_the_identification_code_is_stable_unambiguous_and_per_reference() -> None:
    code = identification_code("dep_w1")
    assert re.fullmatch(r"CF[0-9A-HJKMNP-TV-Z]{10}", code)  # Crockford: no I, L, O, U
    assert identification_code("dep_w1") == code
    assert identification_code("dep_w2") != code


def test_the_config_schema_requires_the_account() -> None:
    with pytest.raises(ConfigError) as error:
        validate_config(METHOD.config_schema, {"bank_compe": "001"})
    assert error.value.code == "required"
    with pytest.raises(ConfigError) as pattern:
        validate_config(METHOD.config_schema, {**WIRE_CONFIG, "bank_compe": "1"})
    assert (pattern.value.field, pattern.value.code) == ("bank_compe", "pattern_mismatch")


def test_check_config_verifies_the_holder_document() -> None:
    with pytest.raises(PluginError) as error:
        METHOD.check_config({**CONFIG, "holder_document": "11.222.333/0001-82"})
    assert (error.value.code, error.value.field) == ("invalid_document", "holder_document")


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [({"currency": "USD"}, "unsupported_currency"), ({"amount": 0}, "invalid_amount")],
)
def test_invalid_requests_are_refused(overrides: dict[str, Any], expected: str) -> None:
    with pytest.raises(PluginError, match=expected):
        METHOD.validate(sample_charge_request("wire", **overrides), CONFIG)
