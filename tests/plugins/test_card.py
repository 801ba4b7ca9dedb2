"""The card method: a provider token is required and a card number is never accepted."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cofre_card import contains_pan, luhn_valid
from cofre_card.plugin import CardMethod
from plugin_api import ChargeArtifacts, ChargeRequest, PluginError
from plugin_api.testkit import SAMPLE_PAYER, sample_charge_request

METHOD = CardMethod()


def request(**overrides: Any) -> ChargeRequest:
    return sample_charge_request("card", **{"card_token": "tok_abc", **overrides})


def refusal(req: ChargeRequest) -> tuple[str, str]:
    with pytest.raises(PluginError) as error:
        METHOD.validate(req, {})
    return error.value.code, error.value.field


def test_a_token_in_brl_or_usd_is_accepted() -> None:
    METHOD.validate(request(), {})
    METHOD.validate(request(currency="USD"), {})


def test_prepare_leaves_brand_and_last4_to_the_provider() -> None:
    assert METHOD.prepare(request(), {}) == ChargeArtifacts()


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"card_token": "4111111111111111"}, "card_token"),
        ({"card_token": "tok_4111111111111111"}, "card_token"),
        ({"description": "card 4111 1111 1111 1111 exp 12/29"}, "description"),
        ({"description": "5555-5555-5555-4444"}, "description"),
        ({"extra": {"note": "378282246310005"}}, "extra.note"),
        ({"payer": dataclasses.replace(SAMPLE_PAYER, name="Maria 4000000000000002")}, "payer.name"),
        ({"payer": dataclasses.replace(SAMPLE_PAYER, complement="6011111111111117")}, "payer.complement"),
    ],
)
def test_anything_that_looks_like_a_card_number_is_refused(overrides: dict[str, Any], field: str) -> None:
    assert refusal(request(**overrides)) == ("card_number_forbidden", field)


def test_a_pan_is_refused_before_anything_else() -> None:
    # Even a request wrong in other ways names the card number first: it must never go further.
    assert refusal(request(currency="EUR", card_token="4111111111111111")) == (
        "card_number_forbidden",
        "card_token",
    )


def test_long_numbers_that_are_not_cards_pass() -> None:
    assert not contains_pan("order 4111111111111112")  # fails Luhn
    assert not contains_pan("ref 123456789012")  # 12 digits
    assert not contains_pan("41111111111111111111")  # 20 digits: not a card number
    METHOD.validate(request(description="pedido 4111111111111112"), {})
    company = dataclasses.replace(SAMPLE_PAYER, document="11222333000181")  # the payer's CNPJ is not scanned
    METHOD.validate(request(payer=company), {})


def test_luhn() -> None:
    assert luhn_valid("4111111111111111")
    assert luhn_valid("79927398713")
    assert not luhn_valid("79927398710")


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"card_token": ""}, ("required", "card_token")),
        ({"currency": "EUR"}, ("unsupported_currency", "currency")),
        ({"amount": 0}, ("invalid_amount", "amount")),
    ],
)
def test_invalid_requests_are_refused(overrides: dict[str, Any], expected: tuple[str, str]) -> None:
    assert refusal(request(**overrides)) == expected
