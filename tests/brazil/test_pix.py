"""PIX BR Code, keys, txids and end-to-end ids against the shared vectors and generated data."""

from __future__ import annotations

import json
import random
import re
import string
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from brazil.documents import cnpj_check_digits, cpf_check_digits
from brazil.errors import PixError
from brazil.pix import (
    BRCode,
    PixKey,
    PixKeyType,
    brcode_text,
    build_dynamic_brcode,
    build_end_to_end_id,
    build_static_brcode,
    classify_pix_key,
    crc16,
    format_amount,
    generate_txid,
    matches_dict_format,
    normalize_pix_key,
    parse_brcode,
    parse_end_to_end_id,
    parse_tlv,
    validate_pix_key,
    validate_static_txid,
    validate_txid,
)

VECTORS_PATH = Path(__file__).resolve().parents[2] / ".." / "shared" / "domain" / "vectors.json"
VECTORS: dict[str, Any] = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
BRCODES = VECTORS["pix_brcode"]
KEYS = VECTORS["pix_keys"]
IDS = VECTORS["pix_ids"]
RULES = VECTORS["pix_refund_med_rules"]

ALNUM = string.ascii_letters + string.digits
ACCENTED = "ÁÉÍÓÚÂÊÔÃÕÇáéíóúâêôãõçàü"


def _vector_fields(code: BRCode) -> dict[str, str | None]:
    return {
        "00": code.fields["00"],
        "01": code.point_of_initiation,
        "26.00_gui": code.gui,
        "26.01_key": code.key,
        "26.02_info": code.description,
        "26.25_url": code.url,
        "52": code.merchant_category_code,
        "53": code.currency,
        "54": code.fields.get("54"),
        "58": code.country,
        "59": code.name,
        "60": code.city,
        "61": code.postal_code,
        "62.05_txid": code.txid,
    }


def _payload(name: str) -> str:
    return str(next(case["payload"] for case in BRCODES["valid"] if name in case["source"]))


# --- CRC ------------------------------------------------------------------------------------------


def test_crc_check_value() -> None:
    assert crc16("123456789") == "29B1"  # CRC-16/CCITT-FALSE catalogue check value


@pytest.mark.parametrize("case", BRCODES["valid"], ids=lambda c: c["crc"])
def test_vector_crc_covers_utf8_bytes_up_to_6304(case: dict[str, Any]) -> None:
    payload = case["payload"]
    assert payload[-8:-4] == "6304"
    assert crc16(payload[:-4]) == case["crc"] == payload[-4:]


# --- parsing vectors ------------------------------------------------------------------------------


@pytest.mark.parametrize("case", BRCODES["valid"], ids=lambda c: c["crc"])
def test_valid_vector_parses_to_expected_fields(case: dict[str, Any]) -> None:
    code = parse_brcode(case["payload"])
    assert _vector_fields(code) == case["fields"]
    assert code.crc == case["crc"]
    assert code.is_dynamic == (case["fields"]["26.25_url"] is not None)
    amount = case["fields"]["54"]
    assert code.amount_centavos == (None if amount is None else int(amount.replace(".", "")))


@pytest.mark.parametrize("case", BRCODES["invalid"], ids=lambda c: c["reason"])
def test_invalid_vector_is_rejected(case: dict[str, Any]) -> None:
    with pytest.raises(PixError) as caught:
        parse_brcode(case["payload"])
    assert caught.value.code == "pix_invalid_crc"


def test_non_ascii_length_counts_characters() -> None:
    code = parse_brcode(_payload("non-ascii"))
    assert code.city == "BRASÍLIA"
    assert code.fields["60"] == "BRASÍLIA"


# --- building: reproduce the vectors ------------------------------------------------------------


def test_static_vector_with_amount_and_description_is_reproduced() -> None:
    payload = build_static_brcode(
        key="thalesog@me.com",
        name="THALES OGLIARI",
        city="SAO MIGUEL DO O",
        amount_centavos=1000,
        description="Pedido 123",
    )
    assert payload == _payload("STATIC_TEST_EMV")


def test_bacen_static_vector_is_reproduced_and_accents_are_stripped() -> None:
    plain = build_static_brcode(
        key="123e4567-e12b-12d1-a456-426655440000", name="Fulano de Tal", city="BRASILIA"
    )
    accented = build_static_brcode(
        key="123e4567-e12b-12d1-a456-426655440000", name="Fulano de Tal", city="BRASÍLIA"
    )
    assert plain == accented == _payload("BACEN example")
    assert accented != _payload("non-ascii")  # we emit ASCII, never the accented variant


def test_dynamic_vector_is_reproduced() -> None:
    payload = build_dynamic_brcode(
        url="payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87",
        name="THALES OGLIARI",
        city="SAO MIGUEL DO O",
        single_use=False,
    )
    assert payload == _payload("DYNAMIC_TEST_EMV")


def test_single_use_dynamic_code_has_initiation_12() -> None:
    payload = build_dynamic_brcode(url="qr.example.com/v2/abc", name="Loja", city="Recife")
    assert payload.startswith("000201010212")
    code = parse_brcode(payload)
    assert (code.point_of_initiation, code.url, code.key, code.txid) == (
        "12",
        "qr.example.com/v2/abc",
        None,
        "***",
    )


# --- building: rules ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("centavos", "text"),
    [(1, "0.01"), (10, "0.10"), (1000, "10.00"), (57757, "577.57"), (999_999_999_999, "9999999999.99")],
)
def test_amount_format(centavos: int, text: str) -> None:
    assert format_amount(centavos) == text


@pytest.mark.parametrize("amount", [0, -1, 10.0, True, 1_000_000_000_000])
def test_amount_rejects_non_positive_non_int_or_too_long(amount: Any) -> None:
    with pytest.raises(PixError) as caught:
        format_amount(amount)
    assert caught.value.code == "pix_invalid_amount"


def test_name_and_city_are_ascii_and_cut_to_limits() -> None:
    payload = build_static_brcode(
        key="+5511998765432", name="Padaria São João da Esquina Ltda", city="São José dos Campos"
    )
    code = parse_brcode(payload)
    assert code.name == "Padaria Sao Joao da Esqui"
    assert len(code.name) == 25
    assert code.city == "Sao Jose dos Ca"
    assert payload.isascii()


def test_brcode_text_collapses_spaces_and_drops_unprintables() -> None:
    assert brcode_text("  Açaí\tdo  Zé\n") == "Acai do Ze"
    assert brcode_text("日本") == ""


@pytest.mark.parametrize(
    ("name", "city", "code"), [("日本", "Recife", "pix_invalid_name"), ("Loja", "   ", "pix_invalid_city")]
)
def test_empty_name_or_city_is_rejected(name: str, city: str, code: str) -> None:
    with pytest.raises(PixError) as caught:
        build_static_brcode(key="+5511998765432", name=name, city=city)
    assert caught.value.code == code


def test_merchant_account_template_is_limited_to_99_characters() -> None:
    key = "a" * 64 + "@example.com"  # 76 characters: 18 + 80 already fill template 26
    assert len(build_static_brcode(key=key, name="Loja", city="Recife")) > 0
    with pytest.raises(PixError) as caught:
        build_static_brcode(key=key, name="Loja", city="Recife", description="Pedido")
    assert caught.value.code == "pix_field_too_long"
    assert caught.value.params == {"tag": "26"}


@pytest.mark.parametrize("url", ["https://psp.example.com/x", "", "psp.example.com/a b", "x" * 78])
def test_dynamic_url_rules(url: str) -> None:
    with pytest.raises(PixError) as caught:
        build_dynamic_brcode(url=url, name="Loja", city="Recife")
    assert caught.value.code == "pix_invalid_url"


def test_static_builder_validates_the_key() -> None:
    with pytest.raises(PixError) as caught:
        build_static_brcode(key="Pix@BCB.gov.br", name="Loja", city="Recife")
    assert caught.value.code == "pix_invalid_key"


@pytest.mark.parametrize("txid", ["***", "a", "A1" * 12 + "Z"])
def test_static_txid_accepted(txid: str) -> None:
    assert validate_static_txid(txid) == txid


@pytest.mark.parametrize("txid", ["", "**", "a" * 26, "pedido-1", "pedido 1", "ção"])
def test_static_txid_rejected(txid: str) -> None:
    with pytest.raises(PixError) as caught:
        build_static_brcode(key="+5511998765432", name="Loja", city="Recife", txid=txid)
    assert caught.value.code == "pix_invalid_txid"


# --- parsing: rules -------------------------------------------------------------------------------


def _with_crc(body: str) -> str:
    return body + "6304" + crc16(body + "6304")


BACEN_BODY = _payload("BACEN example")[:-8]


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (BACEN_BODY.replace("5913Fulano de Tal", ""), "missing_field"),
        (BACEN_BODY.replace("5303986", "5303840"), "field_value"),
        (BACEN_BODY.replace("5802BR", "5802US"), "field_value"),
        (BACEN_BODY.replace("000201", "000202"), "field_value"),
        (BACEN_BODY.replace("5802BR", "5802BR5802BR"), "duplicate_field"),
        (BACEN_BODY.replace("62070503***", ""), "missing_field"),
        (BACEN_BODY.replace("0014br.gov.bcb.pix", "0014br.gov.bcb.xyz"), "missing_pix_account"),
        (BACEN_BODY.replace("5913Fulano de Tal", "5926Fulano de Tal Fulano de Ta"), "field_length"),
        (BACEN_BODY.replace("62070503***", "62080504a-b1"), "txid"),
        (BACEN_BODY.replace("5303986", "5303986540510,05"), "amount"),
    ],
)
def test_parse_rejects_broken_structure(body: str, reason: str) -> None:
    with pytest.raises(PixError) as caught:
        parse_brcode(_with_crc(body))
    assert caught.value.code == "pix_invalid_brcode"
    assert caught.value.params["reason"] == reason


@pytest.mark.parametrize("payload", ["", "0002", "000201", "00020163", "0002016304ABCD1234"])
def test_parse_rejects_truncated_or_misplaced_crc(payload: str) -> None:
    with pytest.raises(PixError):
        parse_brcode(payload)


def test_parse_accepts_lower_case_crc() -> None:
    payload = _payload("BACEN example")
    assert parse_brcode(payload[:-4] + payload[-4:].lower()).crc == payload[-4:].lower()


def test_key_and_url_are_mutually_exclusive() -> None:
    body = BACEN_BODY.replace("26580014br.gov.bcb.pix", "26670014br.gov.bcb.pix2505a.b/c")
    with pytest.raises(PixError) as caught:
        parse_brcode(_with_crc(body))
    assert caught.value.params["reason"] == "key_or_url"


def test_parse_tlv_rejects_bad_headers() -> None:
    assert parse_tlv("0002010102AB") == {"00": "01", "01": "AB"}
    with pytest.raises(PixError):
        parse_tlv("00x201")
    with pytest.raises(PixError):
        parse_tlv("0005abc")


def test_any_single_character_change_is_rejected() -> None:
    rng = random.Random(5)
    payload = _payload("STATIC_TEST_EMV")
    for _ in range(500):
        position = rng.randrange(len(payload) - 4)
        replacement = rng.choice([c for c in string.printable[:94] if c != payload[position]])
        with pytest.raises(PixError):
            parse_brcode(payload[:position] + replacement + payload[position + 1 :])


# --- generated round trips ------------------------------------------------------------------------


def _random_cpf(rng: random.Random) -> str:
    while True:
        base = "".join(rng.choices(string.digits, k=9))
        if len(set(base)) > 1:
            return base + cpf_check_digits(base)


def _random_cnpj(rng: random.Random) -> str:
    base = "".join(rng.choices(string.digits + string.ascii_uppercase, k=12))
    return base + cnpj_check_digits(base)


def _random_key(rng: random.Random, key_type: PixKeyType) -> str:
    if key_type is PixKeyType.CPF:
        return _random_cpf(rng)
    if key_type is PixKeyType.CNPJ:
        return _random_cnpj(rng)
    if key_type is PixKeyType.PHONE:
        return f"+55{rng.randrange(11, 100)}9{rng.randrange(10**8):08d}"
    if key_type is PixKeyType.EMAIL:
        local = "".join(rng.choices(string.ascii_lowercase + string.digits + "._-", k=rng.randrange(1, 30)))
        return f"{local}@{rng.choice(['example.com', 'bcb.gov.br', 'mail.co'])}"
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _random_text(rng: random.Random, length: int) -> str:
    alphabet = string.ascii_letters + " " + ACCENTED
    return "".join(rng.choices(alphabet, k=length)) + rng.choice(string.ascii_letters)


def test_generated_static_codes_round_trip() -> None:
    rng = random.Random(42)
    for _ in range(400):
        key_type = rng.choice(list(PixKeyType))
        key = _random_key(rng, key_type)
        name, city = _random_text(rng, rng.randrange(0, 40)), _random_text(rng, rng.randrange(0, 25))
        amount = rng.choice([None, rng.randrange(1, 10**12)])
        txid = rng.choice(["***", "".join(rng.choices(ALNUM, k=rng.randrange(1, 26)))])
        description = rng.choice([None, _random_text(rng, rng.randrange(0, 10))])
        payload = build_static_brcode(
            key=key, name=name, city=city, amount_centavos=amount, txid=txid, description=description
        )
        assert payload.isascii()
        code = parse_brcode(payload)
        assert (code.key, code.amount_centavos, code.txid) == (key, amount, txid)
        assert code.name == brcode_text(name)[:25].rstrip()
        assert code.city == brcode_text(city)[:15].rstrip()
        assert code.description == (brcode_text(description or "") or None)
        assert validate_pix_key(code.key or "").type is key_type
        assert not code.is_dynamic


def test_generated_dynamic_codes_round_trip() -> None:
    rng = random.Random(43)
    for _ in range(200):
        url = f"pix.example.com/qr/v2/{uuid.UUID(int=rng.getrandbits(128)).hex}"
        single_use = rng.random() < 0.5
        payload = build_dynamic_brcode(
            url=url, name=_random_text(rng, 10), city=_random_text(rng, 8), single_use=single_use
        )
        code = parse_brcode(payload)
        assert (code.url, code.key, code.point_of_initiation) == (url, None, "12" if single_use else None)
        assert code.is_dynamic


# --- keys -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", KEYS["cases"], ids=lambda c: c["key"])
def test_dict_format_vectors(case: dict[str, Any]) -> None:
    key_type = PixKeyType(case["type"].lower())
    assert matches_dict_format(case["key"], key_type) == case["matches_dict_format"]
    dict_regex = KEYS["regex"][case["type"]]
    assert (re.fullmatch(dict_regex, case["key"]) is not None) == case["matches_dict_format"]
    assert classify_pix_key(case["key"]) is key_type


def test_dict_format_vector_phone_and_evp_validate() -> None:
    assert validate_pix_key("+5510998765432") == PixKey(PixKeyType.PHONE, "+5510998765432")
    evp = "123e4567-e89b-12d3-a456-426655440000"
    assert validate_pix_key(evp) == PixKey(PixKeyType.EVP, evp)


def test_vector_cpf_key_has_the_dict_format_but_not_a_valid_checksum() -> None:
    with pytest.raises(PixError) as caught:
        validate_pix_key("12345678901")
    assert caught.value.params == {"reason": "checksum", "key_type": "cpf"}
    assert validate_pix_key("12345678909") == PixKey(PixKeyType.CPF, "12345678909")


def test_upper_case_email_is_not_dict_format_but_normalises() -> None:
    with pytest.raises(PixError) as caught:
        validate_pix_key("Pix@BCB.gov.br")
    assert caught.value.params == {"reason": "format", "key_type": "email"}
    assert normalize_pix_key("  Pix@BCB.gov.br ") == PixKey(PixKeyType.EMAIL, "pix@bcb.gov.br")


def test_bare_eleven_digits_is_a_cpf_not_a_phone() -> None:
    assert classify_pix_key("11998765432") is PixKeyType.CPF
    assert normalize_pix_key("(11) 99876-5432", PixKeyType.PHONE).value == "+5511998765432"
    assert normalize_pix_key("+55 (11) 99876-5432") == PixKey(PixKeyType.PHONE, "+5511998765432")


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("+14155550100", "not_brazilian_phone"),
        ("+55119987654", "not_brazilian_phone"),
        ("+550199876543", "not_brazilian_phone"),
        ("11111111111", "repeated"),
        ("00000000000000", "repeated"),
        ("12ABC34501DE36", "checksum"),
        ("a" * 70 + "@bcb.gov.br", "too_long"),
        ("123E4567-E89B-12D3-A456-426655440000", "unknown_type"),
        ("hello", "unknown_type"),
        ("1234567890123", "unknown_type"),
    ],
)
def test_invalid_keys(key: str, reason: str) -> None:
    with pytest.raises(PixError) as caught:
        validate_pix_key(key)
    assert caught.value.code == "pix_invalid_key"
    assert caught.value.params["reason"] == reason


def test_alphanumeric_cnpj_key() -> None:
    assert validate_pix_key("12ABC34501DE35") == PixKey(PixKeyType.CNPJ, "12ABC34501DE35")
    assert normalize_pix_key("12.abc.345/01de-35") == PixKey(PixKeyType.CNPJ, "12ABC34501DE35")


def test_explicit_type_must_match_format() -> None:
    with pytest.raises(PixError) as caught:
        validate_pix_key("+5511998765432", PixKeyType.CPF)
    assert caught.value.params == {"reason": "format", "key_type": "cpf"}


def test_upper_case_evp_normalises() -> None:
    evp = "123E4567-E89B-12D3-A456-426655440000"
    assert normalize_pix_key(evp) == PixKey(PixKeyType.EVP, evp.lower())


def test_cpf_key_is_masked_for_display() -> None:
    assert validate_pix_key("39053344705").masked == "***.533.447-**"
    assert validate_pix_key("+5511998765432").masked == "+5511998765432"


def test_generated_keys_classify_and_normalise() -> None:
    rng = random.Random(77)
    for _ in range(1000):
        key_type = rng.choice(list(PixKeyType))
        key = _random_key(rng, key_type)
        assert validate_pix_key(key) == PixKey(key_type, key)
        assert matches_dict_format(key, key_type)
        if not (key_type is PixKeyType.CNPJ and not key.isdigit()):  # DICT regex predates July 2026
            assert re.fullmatch(KEYS["regex"][key_type.name], key), key
        typed = {
            PixKeyType.CPF: f"{key[:3]}.{key[3:6]}.{key[6:9]}-{key[9:]}",
            PixKeyType.CNPJ: f"{key[:2]}.{key[2:5]}.{key[5:8]}/{key[8:12]}-{key[12:]}".lower(),
            PixKeyType.PHONE: f"+55 ({key[3:5]}) {key[5:10]}-{key[10:]}",
            PixKeyType.EMAIL: key.upper(),
            PixKeyType.EVP: key.upper(),
        }[key_type]
        assert normalize_pix_key(typed) == PixKey(key_type, key)


# --- txid -----------------------------------------------------------------------------------------


def test_charge_txid_pattern_matches_the_rules_vector() -> None:
    assert RULES["txid_cob_pattern"] == "[a-zA-Z0-9]{26,35}"
    for length in range(26, 36):
        txid = generate_txid(length)
        assert re.fullmatch(RULES["txid_cob_pattern"], txid)
        assert validate_txid(txid) == txid


def test_generated_txids_are_unique_and_valid() -> None:
    txids = {generate_txid() for _ in range(1000)}
    assert len(txids) == 1000
    assert all(len(txid) == 35 and validate_txid(txid) for txid in txids)


@pytest.mark.parametrize("txid", ["a" * 25, "a" * 36, "a" * 30 + "-", "ç" * 30])
def test_invalid_charge_txids(txid: str) -> None:
    with pytest.raises(PixError) as caught:
        validate_txid(txid)
    assert caught.value.code == "pix_invalid_txid"


@pytest.mark.parametrize("length", [25, 36])
def test_txid_generator_length_bounds(length: int) -> None:
    with pytest.raises(PixError):
        generate_txid(length)


# --- end-to-end id --------------------------------------------------------------------------------


@pytest.mark.parametrize("case", IDS["cases"], ids=lambda c: c["id"])
def test_end_to_end_vectors(case: dict[str, Any]) -> None:
    parsed = parse_end_to_end_id(case["id"])
    stamp = datetime.strptime(case["timestamp_utc_yyyyMMddHHmm"], "%Y%m%d%H%M").replace(tzinfo=UTC)
    assert (parsed.kind, parsed.ispb, parsed.timestamp, parsed.sequence) == (
        case["id"][0],
        case["ispb"],
        stamp,
        case["sequence"],
    )
    assert re.fullmatch(IDS["regex"], case["id"])
    rebuilt = build_end_to_end_id(ispb=case["ispb"], when=stamp, sequence=case["sequence"], kind=parsed.kind)
    assert rebuilt == case["id"]


def test_end_to_end_timestamp_is_converted_to_utc() -> None:
    local = datetime(2020, 9, 9, 9, 21, 59, tzinfo=ZoneInfo("America/Sao_Paulo"))
    value = build_end_to_end_id(ispb="87654321", when=local, sequence="dfghi123456")
    assert value == "E87654321202009091221dfghi123456"


def test_end_to_end_requires_aware_datetime_and_valid_parts() -> None:
    with pytest.raises(PixError) as caught:
        build_end_to_end_id(ispb="87654321", when=datetime(2020, 9, 9, 12, 21))  # noqa: DTZ001
    assert caught.value.code == "pix_naive_datetime"
    with pytest.raises(PixError):
        build_end_to_end_id(ispb="8765432", when=datetime.now(UTC))
    with pytest.raises(PixError):
        build_end_to_end_id(ispb="87654321", when=datetime.now(UTC), sequence="short")


@pytest.mark.parametrize(
    "value",
    [
        "E87654321202013091221dfghi123456",  # month 13
        "X87654321202009091221dfghi123456",
        "E87654321202009091221dfghi12345",
        "E87654321202009091221dfghi-23456",
    ],
)
def test_invalid_end_to_end_ids(value: str) -> None:
    with pytest.raises(PixError) as caught:
        parse_end_to_end_id(value)
    assert caught.value.code == "pix_invalid_end_to_end_id"


def test_generated_end_to_end_ids_round_trip() -> None:
    rng = random.Random(9)
    start = datetime(2020, 11, 16, tzinfo=UTC)
    seen = set()
    for _ in range(500):
        when = start + timedelta(minutes=rng.randrange(10**7))
        ispb = f"{rng.randrange(10**8):08d}"
        value = build_end_to_end_id(ispb=ispb, when=when)
        parsed = parse_end_to_end_id(value)
        assert len(value) == 32
        assert (parsed.ispb, parsed.timestamp) == (ispb, when)
        seen.add(parsed.sequence)
    assert len(seen) == 500
