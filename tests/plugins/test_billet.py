"""The boleto method: validation, barcode and typed line through brazil.boleto, the printable page."""

from __future__ import annotations

import dataclasses
import re
from datetime import date, timedelta
from typing import Any

import pytest

from brazil.boleto import (
    bank_typed_line_to_barcode,
    due_date_factor,
    format_typed_line,
    parse_bank_barcode,
)
from brazil.itf import decode_itf_elements, itf_elements
from cofre_billet import Merchant, format_brl, nosso_numero, render_boleto_html
from cofre_billet.plugin import BilletMethod, today_in_sao_paulo
from plugin_api import ChargeRequest, Payer, PluginError
from plugin_api.testkit import SAMPLE_PAYER, sample_charge_request

METHOD = BilletMethod()
CONFIG = {"bank_code": "999", "agency": "0001", "carteira": "09", "account": "0000001"}
NEW_CYCLE_BASE = date(2022, 5, 29)  # from 2025-02-22 the factor is days since this date


def request(**overrides: Any) -> ChargeRequest:
    return sample_charge_request("billet", **overrides)


def refusal(req: ChargeRequest) -> tuple[str, str]:
    with pytest.raises(PluginError) as error:
        METHOD.validate(req, CONFIG)
    return error.value.code, error.value.field


def test_prepared_barcode_and_typed_line_validate_and_encode_amount_and_due_date() -> None:
    due = today_in_sao_paulo() + timedelta(days=10)
    req = request(amount=123456, due_date=due, reference="dep_01J8Z")
    artifacts = METHOD.prepare(req, CONFIG)
    boleto = parse_bank_barcode(artifacts.barcode, reference=today_in_sao_paulo())
    assert boleto.bank == "999"
    assert boleto.currency == "9"
    assert boleto.amount_centavos == 123456
    assert boleto.due_date == due
    # The factor is counted in the cycle that began on 2025-02-22.
    assert boleto.due_factor == due_date_factor(due) == (due - NEW_CYCLE_BASE).days
    assert boleto.free_field == "0001" + "09" + nosso_numero("dep_01J8Z") + "0000001" + "0"
    assert len(artifacts.typed_line) == 47
    assert bank_typed_line_to_barcode(artifacts.typed_line) == artifacts.barcode
    assert artifacts.typed_line[33:37] == f"{boleto.due_factor:04d}"
    assert artifacts.typed_line[37:] == "0000123456"


def test_the_factor_on_the_first_day_of_the_new_cycle_is_1000() -> None:
    artifacts = METHOD.prepare(request(due_date=date(2025, 2, 22)), CONFIG)
    assert artifacts.barcode[5:9] == "1000"


def test_defaults_use_the_sandbox_bank_code() -> None:
    assert METHOD.prepare(request(), {}).barcode.startswith("9999")  # bank 999, currency 9


def test_prepare_is_deterministic_and_depends_on_the_reference() -> None:
    assert METHOD.prepare(request(), CONFIG) == METHOD.prepare(request(), CONFIG)
    assert METHOD.prepare(request(reference="dep_a"), CONFIG) != METHOD.prepare(
        request(reference="dep_b"), CONFIG
    )


def test_nosso_numero_uses_numeric_references_and_hashes_the_others() -> None:
    assert nosso_numero("12345") == "00000012345"
    assert nosso_numero("dep_01J8Z") == nosso_numero("dep_01J8Z")
    assert re.fullmatch(r"[0-9]{11}", nosso_numero("dep_01J8Z"))
    assert nosso_numero("dep_a1") != nosso_numero("dep_b1")  # not just the digits, which are equal
    assert re.fullmatch(r"[0-9]{11}", nosso_numero("123456789012"))  # too long: hashed


def test_a_valid_request_passes_including_today_and_alphanumeric_cnpj() -> None:
    METHOD.validate(request(), CONFIG)
    METHOD.validate(request(due_date=today_in_sao_paulo()), CONFIG)
    company = dataclasses.replace(SAMPLE_PAYER, document="12ABC34501DE35", complement="")
    METHOD.validate(request(payer=company), CONFIG)
    METHOD.validate(request(payer=dataclasses.replace(SAMPLE_PAYER, zipcode="01310-100")), CONFIG)
    METHOD.validate(request(amount=9_999_999_999), CONFIG)


def payer(**changes: str) -> Payer:
    return dataclasses.replace(SAMPLE_PAYER, **changes)


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"currency": "USD"}, ("unsupported_currency", "currency")),
        ({"amount": 0}, ("invalid_amount", "amount")),
        ({"amount": -5}, ("invalid_amount", "amount")),
        ({"amount": 10_000_000_000}, ("invalid_amount", "amount")),
        ({"due_date": None}, ("required", "due_date")),
        ({"payer": payer(document="111.111.111-11")}, ("invalid_document", "payer.document")),
        ({"payer": payer(document="12ABC34501DE36")}, ("invalid_document", "payer.document")),
        ({"payer": payer(name="  ")}, ("required", "payer.name")),
        ({"payer": payer(street="")}, ("required", "payer.street")),
        ({"payer": payer(number="")}, ("required", "payer.number")),
        ({"payer": payer(neighborhood="")}, ("required", "payer.neighborhood")),
        ({"payer": payer(city="")}, ("required", "payer.city")),
        ({"payer": payer(state="XX")}, ("invalid_state", "payer.state")),
        ({"payer": payer(zipcode="0131010")}, ("invalid_zipcode", "payer.zipcode")),
    ],
)
def test_invalid_requests_are_refused_with_code_and_field(
    overrides: dict[str, Any], expected: tuple[str, str]
) -> None:
    assert refusal(request(**overrides)) == expected


def test_due_dates_in_the_past_or_too_far_are_refused() -> None:
    today = today_in_sao_paulo()
    assert refusal(request(due_date=today - timedelta(days=1))) == ("due_date_in_past", "due_date")
    assert refusal(request(due_date=today + timedelta(days=6000))) == ("due_date_too_far", "due_date")


def test_format_brl() -> None:
    assert format_brl(123456) == "R$ 1.234,56"
    assert format_brl(5) == "R$ 0,05"
    assert format_brl(100_000_000) == "R$ 1.000.000,00"


def test_the_printable_boleto() -> None:
    due = date(2031, 3, 4)
    req = request(amount=123456, due_date=due, description="Pedido <42>")
    artifacts = METHOD.prepare(req, CONFIG)
    page = render_boleto_html(req, artifacts, Merchant(name="Loja & Cia", document="11222333000181"))
    assert page.startswith("<!DOCTYPE html>")
    assert "size: A4" in page
    assert format_typed_line(artifacts.typed_line) in page
    assert "R$ 1.234,56" in page
    assert "04/03/2031" in page
    assert "999-7" in page  # bank code and its check digit
    # LGPD: the payer's CPF is masked; the merchant's CNPJ is public.
    assert "***.533.447-**" in page
    assert "39053344705" not in page
    assert "390.533.447-05" not in page
    assert "11.222.333/0001-81" in page
    assert "Avenida Paulista, 1000 - Apto 12" in page
    assert "Bela Vista - São Paulo/SP" in page
    assert "CEP 01310-100" in page
    # User text is escaped.
    assert "Loja &amp; Cia" in page
    assert "Pedido &lt;42&gt;" in page
    assert "<42>" not in page


def test_the_printed_barcode_is_the_itf_of_the_44_digits() -> None:
    req = request()
    artifacts = METHOD.prepare(req, CONFIG)
    page = render_boleto_html(req, artifacts, Merchant(name="Loja"))
    svg = page[page.index("<svg") : page.index("</svg>") + 6]
    assert f'aria-label="{artifacts.barcode}"' in svg
    assert svg.count("<rect") == 1 + len(itf_elements(artifacts.barcode)[0::2])  # background + bars
    assert decode_itf_elements(itf_elements(artifacts.barcode)) == artifacts.barcode
