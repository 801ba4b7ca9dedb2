"""CPF and CNPJ rules against the shared vectors and an independent reference implementation."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path
from typing import Any

import pytest

from brazil.documents import (
    Document,
    cnpj_check_digits,
    cpf_check_digits,
    format_cnpj,
    format_cpf,
    is_valid_cnpj,
    is_valid_cpf,
    mask_cpf,
    strip_document,
    validate_cnpj,
    validate_cpf,
    validate_document,
)
from brazil.errors import DocumentError, DomainError

VECTORS_PATH = Path(__file__).resolve().parents[2] / ".." / "shared" / "domain" / "vectors.json"
VECTORS: dict[str, Any] = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
DOCS = VECTORS["cpf_cnpj"]

CNPJ_CHARS = string.digits + string.ascii_uppercase


def _reference_dv(values: list[int], first_weight_left: int) -> int:
    """Straight transcription of the Receita rule: weights decrease to 2, wrapping 2 -> 9."""
    weights = []
    weight = first_weight_left
    for _ in values:
        weights.append(weight)
        weight = 9 if weight == 2 else weight - 1
    remainder = sum(v * w for v, w in zip(values, weights, strict=True)) % 11
    return 0 if remainder in (0, 1) else 11 - remainder


def _reference_cpf_valid(value: str) -> bool:
    digits = [int(c) for c in value]
    first = _reference_dv(digits[:9], 10)
    second = _reference_dv(digits[:10], 11)
    return (first, second) == (digits[9], digits[10]) and len(set(value)) > 1


def _reference_cnpj_valid(value: str) -> bool:
    values = [ord(c) - 48 for c in value]
    first = _reference_dv(values[:12], 5)
    second = _reference_dv(values[:13], 6)
    return (first, second) == (values[12], values[13]) and len(set(value)) > 1


def _random_cpf(rng: random.Random) -> str:
    base = "".join(rng.choice(string.digits) for _ in range(9))
    return base + cpf_check_digits(base)


def _random_cnpj(rng: random.Random, alphabet: str) -> str:
    base = "".join(rng.choice(alphabet) for _ in range(12))
    return base + cnpj_check_digits(base)


# --- vectors --------------------------------------------------------------------------------


@pytest.mark.parametrize("case", DOCS["cpf_valid"], ids=lambda c: c["value"])
def test_valid_cpf_vectors(case: dict[str, str]) -> None:
    digits = strip_document(case["value"])
    assert validate_cpf(case["value"]) == digits
    assert is_valid_cpf(case["value"])
    assert validate_document(case["value"]) == Document("cpf", digits)
    assert format_cpf(digits) == f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}"


@pytest.mark.parametrize("case", DOCS["cpf_invalid"], ids=lambda c: c["value"])
def test_invalid_cpf_vectors(case: dict[str, str]) -> None:
    expected_reason = "repeated" if case["reason"].startswith("repeated") else case["reason"]
    with pytest.raises(DocumentError) as caught:
        validate_document(case["value"])
    assert caught.value.code == "invalid_cpf"
    assert caught.value.params["reason"] == expected_reason
    assert not is_valid_cpf(case["value"])


@pytest.mark.parametrize("case", DOCS["cnpj_valid"], ids=lambda c: c["value"])
def test_valid_cnpj_vectors(case: dict[str, str]) -> None:
    value = strip_document(case["value"])
    assert validate_cnpj(case["value"]) == value
    assert validate_document(case["value"]) == Document("cnpj", value)
    assert format_cnpj(value) == f"{value[:2]}.{value[2:5]}.{value[5:8]}/{value[8:12]}-{value[12:]}"


@pytest.mark.parametrize("case", DOCS["cnpj_invalid"], ids=lambda c: c["value"])
def test_invalid_cnpj_vectors(case: dict[str, str]) -> None:
    with pytest.raises(DocumentError) as caught:
        validate_document(case["value"])
    assert caught.value.code == "invalid_cnpj"
    assert caught.value.params["reason"] == case["reason"]
    assert not is_valid_cnpj(case["value"])


# --- alphanumeric CNPJ ------------------------------------------------------------------------


def test_official_alphanumeric_cnpj_example() -> None:
    assert cnpj_check_digits("12ABC34501DE") == "35"
    assert validate_cnpj("12.ABC.345/01DE-35") == "12ABC34501DE35"
    assert format_cnpj("12ABC34501DE35") == "12.ABC.345/01DE-35"


def test_alphanumeric_cnpj_is_stored_upper_case() -> None:
    document = validate_document("12.abc.345/01de-35")
    assert document == Document("cnpj", "12ABC34501DE35")
    assert document.formatted == "12.ABC.345/01DE-35"


def test_letters_are_not_allowed_in_cnpj_check_digits() -> None:
    with pytest.raises(DocumentError) as caught:
        validate_cnpj("12ABC34501DE3A")
    assert caught.value.params["reason"] == "format"


def test_character_value_is_ascii_minus_48() -> None:
    # 'A' (ASCII 65) is worth 17, so "00000000000A" is checked as the values [0] * 11 + [17].
    values = [0] * 11 + [17]
    first = _reference_dv(values, 5)
    second = _reference_dv([*values, first], 6)
    assert cnpj_check_digits("00000000000A") == f"{first}{second}"
    assert cnpj_check_digits("00000000000A") != cnpj_check_digits("000000000001")


# --- repeated digits ------------------------------------------------------------------------


@pytest.mark.parametrize("digit", string.digits)
def test_repeated_cpf_passes_checksum_but_is_rejected(digit: str) -> None:
    assert cpf_check_digits(digit * 9) == digit * 2  # the checksum alone would accept it
    with pytest.raises(DocumentError) as caught:
        validate_cpf(digit * 11)
    assert caught.value.params["reason"] == "repeated"


@pytest.mark.parametrize("digit", string.digits)
def test_repeated_cnpj_is_rejected(digit: str) -> None:
    with pytest.raises(DocumentError) as caught:
        validate_cnpj(digit * 14)
    assert caught.value.code == "invalid_cnpj"
    assert caught.value.params["reason"] == "repeated"


# --- formatting, masking, errors ------------------------------------------------------------------


def test_mask_shows_only_the_middle_digits() -> None:
    assert mask_cpf("123.456.789-09") == "***.456.789-**"
    assert mask_cpf("39053344705") == "***.533.447-**"
    assert validate_document("390.533.447-05").masked == "***.533.447-**"


def test_cnpj_is_not_masked() -> None:
    assert validate_document("16727230000197").masked == "16.727.230/0001-97"


def test_mask_rejects_malformed_input() -> None:
    with pytest.raises(DocumentError):
        mask_cpf("1234")


@pytest.mark.parametrize("text", [" 390.533.447-05 ", "390 533 447 05", "390533447/05"])
def test_punctuation_and_spaces_are_ignored(text: str) -> None:
    assert validate_cpf(text) == "39053344705"


@pytest.mark.parametrize(("text", "length"), [("", 0), ("1234567890", 10), ("123456789012", 12)])
def test_other_lengths_are_not_documents(text: str, length: int) -> None:
    with pytest.raises(DocumentError) as caught:
        validate_document(text)
    assert caught.value.code == "invalid_document"
    assert caught.value.params == {"reason": "length", "length": length}


def test_cpf_with_letters_is_a_format_error() -> None:
    with pytest.raises(DocumentError) as caught:
        validate_cpf("3905334470A")
    assert caught.value.params["reason"] == "format"


def test_document_error_is_a_domain_error_without_the_number() -> None:
    with pytest.raises(DomainError) as caught:
        validate_document("231.002.999-00")
    assert "231" not in str(caught.value.params)  # LGPD: never echo the CPF back


def test_check_digit_helpers_reject_bad_bases() -> None:
    with pytest.raises(DocumentError):
        cpf_check_digits("12345678")
    with pytest.raises(DocumentError):
        cnpj_check_digits("12abc34501de")


# --- properties -------------------------------------------------------------------------------


def test_random_strings_agree_with_reference_implementation() -> None:
    rng = random.Random(20240611)
    for _ in range(3000):
        # Half well-formed, half random, so both outcomes are exercised.
        cpf = _random_cpf(rng) if rng.random() < 0.5 else "".join(rng.choices(string.digits, k=11))
        assert is_valid_cpf(cpf) == _reference_cpf_valid(cpf), cpf
        if rng.random() < 0.5:
            cnpj = _random_cnpj(rng, CNPJ_CHARS)
        else:
            cnpj = "".join(rng.choices(CNPJ_CHARS, k=12)) + f"{rng.randrange(100):02d}"
        assert is_valid_cnpj(cnpj) == _reference_cnpj_valid(cnpj), cnpj


def test_generated_cpfs_round_trip_and_detect_check_digit_changes() -> None:
    rng = random.Random(7)
    for _ in range(500):
        cpf = _random_cpf(rng)
        if len(set(cpf)) == 1:
            continue
        assert _reference_cpf_valid(cpf)
        assert validate_document(format_cpf(cpf)) == Document("cpf", cpf)
        position = rng.choice([9, 10])
        wrong = str((int(cpf[position]) + rng.randrange(1, 10)) % 10)
        assert not is_valid_cpf(cpf[:position] + wrong + cpf[position + 1 :])


@pytest.mark.parametrize("alphabet", [string.digits, CNPJ_CHARS], ids=["numeric", "alphanumeric"])
def test_generated_cnpjs_round_trip(alphabet: str) -> None:
    rng = random.Random(len(alphabet))
    for _ in range(500):
        cnpj = _random_cnpj(rng, alphabet)
        assert _reference_cnpj_valid(cnpj)
        formatted = format_cnpj(cnpj)
        assert validate_document(formatted.lower()) == Document("cnpj", cnpj)
        wrong = str((int(cnpj[13]) + rng.randrange(1, 10)) % 10)
        assert not is_valid_cnpj(cnpj[:13] + wrong)
