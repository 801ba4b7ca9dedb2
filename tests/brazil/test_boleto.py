"""Boleto barcode / typed line rules against the shared vectors and generated boletos."""

from __future__ import annotations

import json
import random
import string
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from brazil.boleto import (
    MAX_AMOUNT_CENTAVOS,
    UTILITY_SEGMENTS,
    WINDOW_DAYS_AFTER,
    WINDOW_DAYS_BEFORE,
    BankBoleto,
    UtilityBoleto,
    bank_barcode_to_typed_line,
    bank_typed_line_to_barcode,
    barcode_to_typed_line,
    build_barcode,
    build_utility_barcode,
    due_date_factor,
    due_date_from_factor,
    format_typed_line,
    general_dv,
    mod10_dv,
    parse_bank_barcode,
    parse_boleto,
    parse_utility_barcode,
    typed_line_to_barcode,
    utility_mod11_dv,
    validate_barcode,
)
from brazil.errors import BoletoError

VECTORS_PATH = Path(__file__).resolve().parents[2] / ".." / "shared" / "domain" / "vectors.json"
VECTORS: dict[str, Any] = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
COBRANCA = VECTORS["boleto_cobranca"]
ARRECADACAO = VECTORS["boleto_arrecadacao"]


def _centavos(amount: str) -> int:
    units, cents = amount.split(".")
    return int(units) * 100 + int(cents)


def _digits(rng: random.Random, length: int) -> str:
    return "".join(rng.choices(string.digits, k=length))


def _replace(text: str, position: int, rng: random.Random) -> str:
    wrong = str((int(text[position]) + rng.randrange(1, 10)) % 10)
    return text[:position] + wrong + text[position + 1 :]


# --- bank boleto vectors --------------------------------------------------------------------------


@pytest.mark.parametrize("case", COBRANCA["valid"], ids=lambda c: c["source"])
@pytest.mark.parametrize("form", ["barcode", "linha_digitavel", "linha_digitavel_formatted"])
def test_bank_vector_decodes(case: dict[str, Any], form: str) -> None:
    cycle1 = date.fromisoformat(case["due_date_cycle1_base_1997_10_07"])
    boleto = parse_boleto(case[form], reference=cycle1)
    assert boleto == BankBoleto(
        barcode=case["barcode"],
        bank=case["bank"],
        currency=case["currency"],
        general_dv=case["general_dv"],
        due_factor=case["due_factor"],
        due_date=cycle1,
        amount_centavos=_centavos(case["amount"]),
        free_field=case["free_field"],
    )
    assert boleto.typed_line == case["linha_digitavel"]
    assert boleto.formatted_typed_line == case["linha_digitavel_formatted"]


@pytest.mark.parametrize("case", COBRANCA["valid"], ids=lambda c: c["source"])
def test_bank_vector_due_date_depends_on_reference(case: dict[str, Any]) -> None:
    cycle1 = date.fromisoformat(case["due_date_cycle1_base_1997_10_07"])
    cycle2 = date.fromisoformat(case["due_date_cycle2_base_2022_05_29"])
    assert parse_bank_barcode(case["barcode"], reference=cycle1 + timedelta(days=30)).due_date == cycle1
    assert parse_bank_barcode(case["barcode"], reference=cycle2 - timedelta(days=30)).due_date == cycle2
    if case["expected_due_date_in_source"] is not None:
        assert case["expected_due_date_in_source"] == cycle1.isoformat()


@pytest.mark.parametrize("case", COBRANCA["valid"], ids=lambda c: c["source"])
def test_bank_vector_is_rebuilt_from_its_parts(case: dict[str, Any]) -> None:
    for key in ("due_date_cycle1_base_1997_10_07", "due_date_cycle2_base_2022_05_29"):
        barcode = build_barcode(
            bank=case["bank"],
            due_date=date.fromisoformat(case[key]),
            amount_centavos=_centavos(case["amount"]),
            free_field=case["free_field"],
        )
        assert barcode == case["barcode"]
    assert general_dv(case["barcode"][:4] + case["barcode"][5:]) == case["general_dv"]
    assert bank_barcode_to_typed_line(case["barcode"]) == case["linha_digitavel"]
    assert bank_typed_line_to_barcode(case["linha_digitavel_formatted"]) == case["barcode"]
    assert format_typed_line(case["linha_digitavel"]) == case["linha_digitavel_formatted"]


@pytest.mark.parametrize("case", COBRANCA["invalid"], ids=lambda c: c["reason"])
def test_bank_invalid_vector_is_rejected(case: dict[str, Any]) -> None:
    with pytest.raises(BoletoError) as caught:
        parse_boleto(case["linha_digitavel"], reference=date(2018, 1, 1))
    assert caught.value.code == "boleto_invalid_field_check_digit"
    assert caught.value.params == {"field": 1}


# --- due-date factor ----------------------------------------------------------------------------


@pytest.mark.parametrize("row", COBRANCA["due_factor_table"], ids=lambda r: r["date"])
def test_due_factor_table(row: dict[str, Any]) -> None:
    due = date.fromisoformat(row["date"])
    assert due_date_factor(due) == row["factor"]
    assert due_date_from_factor(row["factor"], reference=due) == due


def test_factor_zero_means_no_due_date() -> None:
    assert due_date_factor(None) == 0
    assert due_date_from_factor(0, reference=date(2030, 1, 1)) is None
    barcode = build_barcode(bank="341", due_date=None, amount_centavos=100, free_field="1" * 25)
    assert barcode[5:9] == "0000"
    assert parse_bank_barcode(barcode, reference=date(2030, 1, 1)).due_date is None


def test_dates_before_factor_1000_cannot_be_encoded() -> None:
    assert due_date_factor(date(2000, 7, 3)) == 1000
    with pytest.raises(BoletoError) as caught:
        due_date_factor(date(2000, 7, 2))
    assert caught.value.code == "boleto_due_date_out_of_range"


@pytest.mark.parametrize("factor", [1, 999, 10000, -1])
def test_factor_outside_1000_9999_is_invalid(factor: int) -> None:
    with pytest.raises(BoletoError) as caught:
        due_date_from_factor(factor, reference=date(2026, 1, 1))
    assert caught.value.code == "boleto_invalid_due_factor"


def test_barcode_with_factor_below_1000_is_invalid() -> None:
    body = "2379" + "0999" + "0000010000" + "0" * 25
    barcode = body[:4] + general_dv(body) + body[4:]
    with pytest.raises(BoletoError) as caught:
        validate_barcode(barcode)
    assert caught.value.code == "boleto_invalid_due_factor"


def test_window_edges_around_random_references() -> None:
    rng = random.Random(11)
    for _ in range(300):
        reference = date(2001, 1, 1) + timedelta(days=rng.randrange(0, 16000))
        oldest = reference - timedelta(days=WINDOW_DAYS_BEFORE)
        newest = reference + timedelta(days=WINDOW_DAYS_AFTER)
        for due in (oldest, newest, reference, reference + timedelta(days=rng.randrange(-3000, 5501))):
            if (due - date(2000, 7, 3)).days >= 0:
                assert due_date_from_factor(due_date_factor(due), reference=reference) == due
        just_too_old = oldest - timedelta(days=1)
        if (just_too_old - date(2000, 7, 3)).days >= 0:
            # Its next cycle lands 8999 days later: beyond the 5500-day horizon, so no answer.
            with pytest.raises(BoletoError) as caught:
                due_date_from_factor(due_date_factor(just_too_old), reference=reference)
            assert caught.value.code == "boleto_due_date_outside_window"


def test_cycle_length_is_9000_days() -> None:
    first = date(2000, 7, 3)
    for offset in (0, 1, 4500, 8999):
        due = first + timedelta(days=offset)
        assert due_date_factor(due) == due_date_factor(due + timedelta(days=9000)) == 1000 + offset


# --- bank boleto: building and validation ---------------------------------------------------------


@pytest.mark.parametrize("amount", [1.5, -1, MAX_AMOUNT_CENTAVOS + 1, True])
def test_amount_must_be_integer_centavos_in_range(amount: Any) -> None:
    with pytest.raises(BoletoError) as caught:
        build_barcode(bank="001", due_date=None, amount_centavos=amount, free_field="0" * 25)
    assert caught.value.code == "boleto_invalid_amount"


def test_largest_amount_fits() -> None:
    barcode = build_barcode(
        bank="001", due_date=None, amount_centavos=MAX_AMOUNT_CENTAVOS, free_field="0" * 25
    )
    assert parse_bank_barcode(barcode, reference=date(2026, 1, 1)).amount_centavos == MAX_AMOUNT_CENTAVOS


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"bank": "01"}, "boleto_invalid_bank_code"),
        ({"bank": "0a1"}, "boleto_invalid_bank_code"),
        ({"free_field": "1" * 24}, "boleto_invalid_free_field"),
        ({"free_field": "1" * 24 + "x"}, "boleto_invalid_free_field"),
        ({"currency": "0"}, "boleto_unsupported_currency"),
    ],
)
def test_build_rejects_bad_parts(kwargs: dict[str, str], code: str) -> None:
    args: dict[str, Any] = {"bank": "001", "due_date": None, "amount_centavos": 1, "free_field": "0" * 25}
    with pytest.raises(BoletoError) as caught:
        build_barcode(**(args | kwargs))
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("0019649000000295295000000777777700000876541", "boleto_invalid_length"),
        ("0019649000000295295000000777777700000876541X", "boleto_invalid_characters"),
        ("", "boleto_invalid_length"),
        ("12345", "boleto_invalid_length"),
    ],
)
def test_parse_rejects_malformed_input(text: str, code: str) -> None:
    with pytest.raises(BoletoError) as caught:
        parse_boleto(text)
    assert caught.value.code == code


def test_wrong_general_dv_is_rejected() -> None:
    barcode = COBRANCA["valid"][0]["barcode"]
    for digit in string.digits:
        if digit != barcode[4]:
            with pytest.raises(BoletoError) as caught:
                validate_barcode(barcode[:4] + digit + barcode[5:])
            assert caught.value.code == "boleto_invalid_check_digit"


def test_general_dv_never_zero() -> None:
    rng = random.Random(3)
    dvs = {general_dv(_digits(rng, 43)) for _ in range(2000)}
    assert "0" not in dvs
    assert dvs == set("123456789")


def test_mod10_field_dv_rule() -> None:
    # Weights 2,1,2... from the right: 9*2=18 -> 1+8=9, so "9" -> (10 - 9) % 10.
    assert mod10_dv("9") == "1"
    assert mod10_dv("0") == "0"
    assert mod10_dv("001900000") == "9"  # field 1 of the first Banco do Brasil vector


def test_generated_bank_boletos_round_trip() -> None:
    rng = random.Random(2025)
    for _ in range(500):
        due = None if rng.random() < 0.1 else date(2000, 7, 3) + timedelta(days=rng.randrange(0, 18000))
        bank = _digits(rng, 3)
        if bank.startswith("8"):
            continue  # 8 opens an arrecadação barcode
        amount = rng.choice([0, rng.randrange(1, 100), rng.randrange(0, MAX_AMOUNT_CENTAVOS + 1)])
        free = _digits(rng, 25)
        barcode = build_barcode(bank=bank, due_date=due, amount_centavos=amount, free_field=free)
        reference = due or date(2026, 1, 1)
        expected = parse_bank_barcode(barcode, reference=reference)
        assert (expected.bank, expected.due_date, expected.amount_centavos, expected.free_field) == (
            bank,
            due,
            amount,
            free,
        )
        line = barcode_to_typed_line(barcode)
        assert len(line) == 47
        assert typed_line_to_barcode(line) == barcode
        assert parse_boleto(format_typed_line(line), reference=reference) == expected


def test_typed_line_field_errors_are_always_detected() -> None:
    # Luhn-style mod 10 catches every single-digit change in fields 1-3 (including their DVs).
    rng = random.Random(99)
    field_of = {**dict.fromkeys(range(10), 1), **dict.fromkeys(range(10, 21), 2)}
    field_of |= dict.fromkeys(range(21, 32), 3)
    for _ in range(300):
        barcode = build_barcode(
            bank="237",
            due_date=date(2026, 3, 1),
            amount_centavos=rng.randrange(10**9),
            free_field=_digits(rng, 25),
        )
        line = bank_barcode_to_typed_line(barcode)
        position = rng.randrange(32)
        with pytest.raises(BoletoError) as caught:
            bank_typed_line_to_barcode(_replace(line, position, rng))
        assert caught.value.code == "boleto_invalid_field_check_digit"
        assert caught.value.params["field"] == field_of[position]


# --- arrecadação ----------------------------------------------------------------------------------


@pytest.mark.parametrize("case", ARRECADACAO["valid"], ids=lambda c: c["source"])
@pytest.mark.parametrize("form", ["barcode", "linha_digitavel"])
def test_utility_vector_decodes(case: dict[str, Any], form: str) -> None:
    boleto = parse_boleto(case[form])
    assert isinstance(boleto, UtilityBoleto)
    assert boleto.barcode == case["barcode"]
    assert boleto.barcode[0] == case["product"]
    assert boleto.segment == case["segment"]
    assert boleto.segment_name == case["segment_name"]
    assert boleto.value_id == case["value_id"]
    assert boleto.dv_algorithm == case["dv_algorithm"]
    assert boleto.general_dv == case["general_dv"]
    assert boleto.amount_centavos == _centavos(case["amount"])
    assert boleto.company_id == case["company_id_or_cnpj8"]
    assert boleto.free_field == case["free_field"]
    assert boleto.typed_line == case["linha_digitavel"]


@pytest.mark.parametrize("case", ARRECADACAO["valid"], ids=lambda c: c["source"])
def test_utility_vector_conversions(case: dict[str, Any]) -> None:
    assert barcode_to_typed_line(case["barcode"]) == case["linha_digitavel"]
    assert typed_line_to_barcode(case["linha_digitavel"]) == case["barcode"]
    formatted = format_typed_line(case["linha_digitavel"])
    assert formatted.count("-") == 4
    assert typed_line_to_barcode(formatted) == case["barcode"]


@pytest.mark.parametrize("case", ARRECADACAO["dac_examples"], ids=lambda c: c["input"])
def test_febraban_dac_examples(case: dict[str, Any]) -> None:
    assert mod10_dv(case["input"]) == str(case["mod10"])
    assert utility_mod11_dv(case["input"]) == str(case["mod11"])


def test_utility_block_dv_error_is_reported_with_block_number() -> None:
    line = ARRECADACAO["valid"][0]["linha_digitavel"]
    broken = line[:23] + str((int(line[23]) + 1) % 10) + line[24:]
    with pytest.raises(BoletoError) as caught:
        typed_line_to_barcode(broken)
    assert caught.value.code == "boleto_invalid_field_check_digit"
    assert caught.value.params == {"field": 2}


@pytest.mark.parametrize("value_id", ["0", "5"])
def test_utility_value_id_must_pick_an_algorithm(value_id: str) -> None:
    barcode = ARRECADACAO["valid"][1]["barcode"]
    with pytest.raises(BoletoError) as caught:
        parse_utility_barcode(barcode[:2] + value_id + barcode[3:])
    assert caught.value.code == "boleto_invalid_value_id"


def test_utility_wrong_general_dv_is_rejected() -> None:
    for case in ARRECADACAO["valid"]:
        barcode = case["barcode"]
        for digit in string.digits:
            if digit != barcode[3]:
                with pytest.raises(BoletoError):
                    parse_boleto(barcode[:3] + digit + barcode[4:])


def test_utility_reference_value_has_no_amount() -> None:
    barcode = build_utility_barcode(
        segment="5", value_id="7", value=12345, company_id="0001", free_field="0" * 25
    )
    boleto = parse_utility_barcode(barcode)
    assert boleto.value == 12345
    assert boleto.amount_centavos is None


def test_segment_6_carries_a_cnpj_root() -> None:
    barcode = build_utility_barcode(
        segment="6", value_id="8", value=990, company_id="60746948", free_field="1" * 21
    )
    boleto = parse_utility_barcode(barcode)
    assert (boleto.company_id, boleto.free_field) == ("60746948", "1" * 21)


def test_generated_utility_boletos_round_trip() -> None:
    rng = random.Random(8)
    for _ in range(500):
        segment = rng.choice(sorted(UTILITY_SEGMENTS))
        company = _digits(rng, 8 if segment == "6" else 4)
        value_id = rng.choice("6789")
        value = rng.randrange(10**11)
        free = _digits(rng, 29 - len(company))
        barcode = build_utility_barcode(
            segment=segment, value_id=value_id, value=value, company_id=company, free_field=free
        )
        boleto = parse_boleto(barcode)
        assert isinstance(boleto, UtilityBoleto)
        assert (boleto.segment, boleto.value_id, boleto.value, boleto.company_id, boleto.free_field) == (
            segment,
            value_id,
            value,
            company,
            free,
        )
        line = boleto.typed_line
        assert len(line) == 48
        assert parse_boleto(line) == boleto
        if value_id in "67":
            position = rng.randrange(48)  # mod 10 catches any single change, DVs included
            with pytest.raises(BoletoError):
                parse_boleto(_replace(line, position, rng))


def test_48_digit_line_must_start_with_8() -> None:
    line = "7" + ARRECADACAO["valid"][0]["linha_digitavel"][1:]
    with pytest.raises(BoletoError) as caught:
        parse_boleto(line)
    assert caught.value.code == "boleto_invalid_product"


def test_bank_and_utility_are_told_apart() -> None:
    assert isinstance(parse_boleto(COBRANCA["valid"][0]["barcode"], reference=date(2011, 1, 1)), BankBoleto)
    assert isinstance(parse_boleto(ARRECADACAO["valid"][0]["barcode"]), UtilityBoleto)
