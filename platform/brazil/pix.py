"""PIX: BR Code (EMV QR / "copia e cola"), keys, charge txids and end-to-end ids.

References: BCB "Manual de Padrões para Iniciação do Pix" (BR Code fields), DICT API (key
formats), Pix API (txid and EndToEndId patterns).
"""

from __future__ import annotations

import binascii
import re
import secrets
import string
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Literal

from brazil.documents import cnpj_check_digits, cpf_check_digits, mask_cpf
from brazil.errors import PixError

PIX_GUI = "br.gov.bcb.pix"
MAX_NAME_LENGTH = 25
MAX_CITY_LENGTH = 15
MAX_URL_LENGTH = 77
MAX_EMAIL_LENGTH = 77
MAX_AMOUNT_CENTAVOS = 999_999_999_999  # "9999999999.99": field 54 holds at most 13 characters
STATIC_TXID_NONE = "***"

_ALPHANUMERIC = string.ascii_letters + string.digits
_DOCUMENT_PUNCTUATION = re.compile(r"[\s./-]")
_STATIC_TXID = re.compile(r"[a-zA-Z0-9]{1,25}")
_CHARGE_TXID = re.compile(r"[a-zA-Z0-9]{26,35}")
_AMOUNT = re.compile(r"(?P<units>[0-9]{1,10})(?:\.(?P<cents>[0-9]{1,2}))?")
_TLV_HEADER = re.compile(r"[0-9]{4}")
_END_TO_END = re.compile(r"(?P<kind>[ED])(?P<ispb>[0-9]{8})(?P<stamp>[0-9]{12})(?P<seq>[a-zA-Z0-9]{11})")
_ISPB = re.compile(r"[0-9]{8}")

# DICT key formats (bacen/pix-dict-api). CNPJ widened to the alphanumeric CNPJ (July 2026).
_DICT_FORMATS: dict[str, re.Pattern[str]] = {
    "cpf": re.compile(r"[0-9]{11}"),
    "cnpj": re.compile(r"[0-9A-Z]{12}[0-9]{2}"),
    "phone": re.compile(r"\+[1-9][0-9][0-9]{1,14}"),
    "email": re.compile(
        r"[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
        r"(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*"
    ),
    "evp": re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
}
# Phone keys are Brazilian numbers: +55, a two-digit area code not starting with 0, 8 or 9 digits.
_BRAZILIAN_PHONE = re.compile(r"\+55[1-9][0-9][0-9]{8,9}")
_PHONE_PUNCTUATION = re.compile(r"[\s()\-.]")


class PixKeyType(StrEnum):
    """DICT key types."""

    CPF = "cpf"
    CNPJ = "cnpj"
    PHONE = "phone"
    EMAIL = "email"
    EVP = "evp"


@dataclass(frozen=True, slots=True)
class PixKey:
    """A PIX key in DICT format."""

    type: PixKeyType
    value: str

    @property
    def masked(self) -> str:
        """Display form: a CPF key is personal data (LGPD) and is masked."""
        return mask_cpf(self.value) if self.type is PixKeyType.CPF else self.value


@dataclass(frozen=True, slots=True)
class BRCode:
    """A decoded and validated PIX BR Code."""

    payload: str
    fields: dict[str, str]
    point_of_initiation: str | None
    gui: str
    key: str | None
    description: str | None
    url: str | None
    merchant_category_code: str
    currency: str
    amount_centavos: int | None
    country: str
    name: str
    city: str
    postal_code: str | None
    txid: str
    crc: str

    @property
    def is_dynamic(self) -> bool:
        """A dynamic code points to a PSP URL instead of carrying a key."""
        return self.url is not None


@dataclass(frozen=True, slots=True)
class EndToEndId:
    """A decoded end-to-end id (``E``) or refund return id (``D``)."""

    value: str
    kind: Literal["E", "D"]
    ispb: str
    timestamp: datetime
    sequence: str


# --- keys ---------------------------------------------------------------------------------


def _invalid_key(reason: str, key_type: str = "unknown") -> PixError:
    # The key itself is not put in params: it may be a CPF (LGPD).
    return PixError("pix_invalid_key", "Invalid PIX key", reason=reason, key_type=key_type)


def matches_dict_format(key: str, key_type: PixKeyType) -> bool:
    """True when ``key`` matches the DICT format for ``key_type`` (format only, no checksum)."""
    return _DICT_FORMATS[key_type.value].fullmatch(key) is not None


def classify_pix_key(key: str) -> PixKeyType:
    """Key type of a key in DICT format. A bare 11-digit key is a CPF, never a phone."""
    if key.startswith("+"):
        return PixKeyType.PHONE
    if "@" in key:
        return PixKeyType.EMAIL
    for key_type in (PixKeyType.EVP, PixKeyType.CPF, PixKeyType.CNPJ):
        if matches_dict_format(key, key_type):
            return key_type
    raise _invalid_key("unknown_type")


def _check_key_rules(key: str, key_type: PixKeyType) -> None:
    if key_type in (PixKeyType.CPF, PixKeyType.CNPJ) and len(set(key)) == 1:
        raise _invalid_key("repeated", key_type.value)  # e.g. 111.111.111-11 passes mod 11
    if key_type is PixKeyType.CPF and cpf_check_digits(key[:9]) != key[9:]:
        raise _invalid_key("checksum", key_type.value)
    if key_type is PixKeyType.CNPJ and cnpj_check_digits(key[:12]) != key[12:]:
        raise _invalid_key("checksum", key_type.value)
    if key_type is PixKeyType.PHONE and not _BRAZILIAN_PHONE.fullmatch(key):
        raise _invalid_key("not_brazilian_phone", key_type.value)
    if key_type is PixKeyType.EMAIL and len(key) > MAX_EMAIL_LENGTH:
        raise _invalid_key("too_long", key_type.value)


def validate_pix_key(key: str, key_type: PixKeyType | None = None) -> PixKey:
    """Validate a key already in DICT form (no punctuation, e-mail and EVP lower-case)."""
    detected = classify_pix_key(key) if key_type is None else key_type
    if not matches_dict_format(key, detected):
        raise _invalid_key("format", detected.value)
    _check_key_rules(key, detected)
    return PixKey(detected, key)


def _guess_key_type(text: str) -> PixKeyType:
    if text.startswith("+"):
        return PixKeyType.PHONE
    if "@" in text:
        return PixKeyType.EMAIL
    if matches_dict_format(text.lower(), PixKeyType.EVP):
        return PixKeyType.EVP
    return PixKeyType.CNPJ if len(_DOCUMENT_PUNCTUATION.sub("", text)) == 14 else PixKeyType.CPF


def _normalize_phone(text: str) -> str:
    digits = _PHONE_PUNCTUATION.sub("", text).removeprefix("+")
    # A number typed without country code ("(11) 99876-5432") is Brazilian.
    return f"+{digits}" if text.lstrip().startswith("+") or len(digits) > 11 else f"+55{digits}"


def normalize_pix_key(text: str, key_type: PixKeyType | None = None) -> PixKey:
    """Turn a key as people type it into DICT form and validate it.

    Accepts punctuated CPF/CNPJ, phones with spaces/parentheses (``+55`` added when only
    ``key_type=PHONE`` says it is a phone), e-mail and EVP in any case.
    """
    stripped = text.strip()
    detected = key_type or _guess_key_type(stripped)
    if detected in (PixKeyType.CPF, PixKeyType.CNPJ):
        value = _DOCUMENT_PUNCTUATION.sub("", stripped).upper()
    elif detected is PixKeyType.PHONE:
        value = _normalize_phone(stripped)
    else:
        value = stripped.lower()
    return validate_pix_key(value, detected)


# --- txid and end-to-end id ---------------------------------------------------------------


def generate_txid(length: int = 35) -> str:
    """Random charge txid (Pix API ``[a-zA-Z0-9]{26,35}``) from a CSPRNG."""
    if not 26 <= length <= 35:
        raise PixError("pix_invalid_txid", "A charge txid has 26 to 35 characters", length=length)
    return "".join(secrets.choice(_ALPHANUMERIC) for _ in range(length))


def validate_txid(txid: str) -> str:
    """Validate a charge (cob) txid: 26 to 35 ASCII letters or digits."""
    if not _CHARGE_TXID.fullmatch(txid):
        raise PixError("pix_invalid_txid", "A charge txid has 26 to 35 letters or digits")
    return txid


def validate_static_txid(txid: str) -> str:
    """Validate a BR Code txid (field 62.05): ``***`` or 1 to 25 ASCII letters or digits."""
    if txid != STATIC_TXID_NONE and not _STATIC_TXID.fullmatch(txid):
        raise PixError("pix_invalid_txid", "A BR Code txid is *** or 1 to 25 letters or digits")
    return txid


def build_end_to_end_id(
    *, ispb: str, when: datetime, sequence: str | None = None, kind: Literal["E", "D"] = "E"
) -> str:
    """``E`` + ISPB(8) + UTC yyyyMMddHHmm + 11 alphanumerics (random when not given)."""
    if not _ISPB.fullmatch(ispb):
        raise PixError("pix_invalid_ispb", "ISPB must be 8 digits")
    if when.tzinfo is None:
        raise PixError("pix_naive_datetime", "The end-to-end id timestamp needs a time zone")
    seq = sequence if sequence is not None else "".join(secrets.choice(_ALPHANUMERIC) for _ in range(11))
    value = f"{kind}{ispb}{when.astimezone(UTC):%Y%m%d%H%M}{seq}"
    return parse_end_to_end_id(value).value


def parse_end_to_end_id(value: str) -> EndToEndId:
    """Validate and decode an end-to-end id or return id; the timestamp is UTC."""
    match = _END_TO_END.fullmatch(value)
    if match is None:
        raise PixError("pix_invalid_end_to_end_id", "Malformed end-to-end id")
    try:
        stamp = datetime.strptime(match["stamp"], "%Y%m%d%H%M").replace(tzinfo=UTC)
    except ValueError as exc:
        raise PixError("pix_invalid_end_to_end_id", "Invalid timestamp in end-to-end id") from exc
    kind: Literal["E", "D"] = "E" if match["kind"] == "E" else "D"
    return EndToEndId(value, kind, match["ispb"], stamp, match["seq"])


# --- BR Code: building --------------------------------------------------------------------


def crc16(data: str) -> str:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of the UTF-8 bytes, 4 upper-case hex digits."""
    return f"{binascii.crc_hqx(data.encode('utf-8'), 0xFFFF):04X}"


def brcode_text(text: str) -> str:
    """Printable ASCII for a BR Code: accents stripped, other characters dropped, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", text)
    words = ("".join(char for char in word if " " < char <= "~") for word in decomposed.split())
    return " ".join(word for word in words if word)


def format_amount(amount_centavos: int) -> str:
    """Field 54 text for an amount in centavos: 1000 -> ``10.00``."""
    if type(amount_centavos) is not int or not 0 < amount_centavos <= MAX_AMOUNT_CENTAVOS:
        raise PixError("pix_invalid_amount", "Amount must be a positive integer of centavos")
    return f"{amount_centavos // 100}.{amount_centavos % 100:02d}"


def _tlv(tag: str, value: str) -> str:
    if len(value) > 99:
        raise PixError("pix_field_too_long", "A BR Code field holds at most 99 characters", tag=tag)
    return f"{tag}{len(value):02d}{value}"


def _fit(text: str, limit: int, code: str) -> str:
    # Name and city are informative (the payer sees the DICT name), so long ones are cut.
    value = brcode_text(text)[:limit].rstrip()
    if not value:
        raise PixError(code, "Must contain printable characters")
    return value


def _assemble(
    *, account: str, name: str, city: str, amount_centavos: int | None, txid: str, initiation: str | None
) -> str:
    parts = [_tlv("00", "01")]
    if initiation is not None:
        parts.append(_tlv("01", initiation))
    parts += [_tlv("26", account), _tlv("52", "0000"), _tlv("53", "986")]
    if amount_centavos is not None:
        parts.append(_tlv("54", format_amount(amount_centavos)))
    parts += [
        _tlv("58", "BR"),
        _tlv("59", _fit(name, MAX_NAME_LENGTH, "pix_invalid_name")),
        _tlv("60", _fit(city, MAX_CITY_LENGTH, "pix_invalid_city")),
        _tlv("62", _tlv("05", txid)),
    ]
    body = "".join(parts) + "6304"
    return body + crc16(body)


def build_static_brcode(
    *,
    key: str,
    name: str,
    city: str,
    amount_centavos: int | None = None,
    txid: str = STATIC_TXID_NONE,
    description: str | None = None,
) -> str:
    """Static BR Code for a DICT-format key; amount optional, txid ``***`` or 1-25 alphanumerics."""
    pix_key = validate_pix_key(key)
    account = _tlv("00", PIX_GUI) + _tlv("01", pix_key.value)
    info = brcode_text(description or "")
    if info:
        account += _tlv("02", info)
    return _assemble(
        account=account,
        name=name,
        city=city,
        amount_centavos=amount_centavos,
        txid=validate_static_txid(txid),
        initiation=None,
    )


def _check_url(url: str) -> str:
    # Field 26.25 carries the payload location without scheme; the payer's app adds https://.
    if "://" in url or not 0 < len(url) <= MAX_URL_LENGTH or not re.fullmatch(r"[!-~]+", url):
        raise PixError("pix_invalid_url", "URL without scheme, printable ASCII, at most 77 characters")
    return url


def build_dynamic_brcode(*, url: str, name: str, city: str, single_use: bool = True) -> str:
    """Dynamic BR Code pointing at the PSP payload URL; the amount lives in that payload."""
    account = _tlv("00", PIX_GUI) + _tlv("25", _check_url(url))
    return _assemble(
        account=account,
        name=name,
        city=city,
        amount_centavos=None,
        txid=STATIC_TXID_NONE,
        initiation="12" if single_use else None,
    )


# --- BR Code: parsing ---------------------------------------------------------------------


def _malformed(reason: str, **params: str | int) -> PixError:
    return PixError("pix_invalid_brcode", "Invalid BR Code", reason=reason, **params)


def parse_tlv(data: str) -> dict[str, str]:
    """Split EMV TLV text (2-digit tag, 2-digit length counted in characters, value)."""
    fields: dict[str, str] = {}
    position = 0
    while position < len(data):
        header = data[position : position + 4]
        if not _TLV_HEADER.fullmatch(header):
            raise _malformed("tlv_header", position=position)
        tag, length = header[:2], int(header[2:])
        value = data[position + 4 : position + 4 + length]
        if len(value) != length:
            raise _malformed("tlv_truncated", tag=tag)
        if tag in fields:
            raise _malformed("duplicate_field", tag=tag)
        fields[tag] = value
        position += 4 + length
    return fields


def _require(fields: dict[str, str], tag: str) -> str:
    if tag not in fields:
        raise _malformed("missing_field", tag=tag)
    return fields[tag]


def _parse_amount(text: str | None) -> int | None:
    if text is None:
        return None
    match = _AMOUNT.fullmatch(text)
    if match is None or len(text) > 13:
        raise _malformed("amount", tag="54")
    centavos = int(match["units"]) * 100 + int((match["cents"] or "0").ljust(2, "0"))
    if centavos == 0:
        raise _malformed("amount", tag="54")
    return centavos


def _pix_account(fields: dict[str, str]) -> dict[str, str]:
    # Merchant account templates live in 26..51; the PIX one is identified by its GUI.
    for tag in (f"{number:02d}" for number in range(26, 52)):
        if tag in fields:
            template = parse_tlv(fields[tag])
            if template.get("00", "").lower() == PIX_GUI:
                return template
    raise _malformed("missing_pix_account", tag="26")


def _check_crc(payload: str, fields: dict[str, str]) -> str:
    if not fields or list(fields)[-1] != "63" or len(fields["63"]) != 4:
        raise _malformed("crc_position", tag="63")
    if crc16(payload[:-4]) != fields["63"].upper():
        raise PixError("pix_invalid_crc", "BR Code CRC does not match")
    return fields["63"]


def _check_fixed_fields(fields: dict[str, str]) -> None:
    expected = {"00": "01", "53": "986", "58": "BR"}
    for tag, value in expected.items():
        if _require(fields, tag) != value:
            raise _malformed("field_value", tag=tag)
    if next(iter(fields)) != "00":
        raise _malformed("field_order", tag="00")
    if fields.get("01", "11") not in ("11", "12"):
        raise _malformed("field_value", tag="01")
    if not re.fullmatch(r"[0-9]{4}", _require(fields, "52")):
        raise _malformed("field_value", tag="52")


def _check_length(fields: dict[str, str], tag: str, limit: int) -> str:
    value = _require(fields, tag)
    if not 0 < len(value) <= limit:
        raise _malformed("field_length", tag=tag)
    return value


def _account_target(account: dict[str, str]) -> tuple[str | None, str | None]:
    key, url = account.get("01"), account.get("25")
    if (key is None) == (url is None):
        raise _malformed("key_or_url", tag="26")
    return key, url


def parse_brcode(payload: str) -> BRCode:
    """Validate a BR Code (structure, CRC, mandatory fields) and return its fields.

    Non-ASCII names are accepted on read (lengths count characters, the CRC covers UTF-8 bytes).
    The key is returned as written: check it with ``validate_pix_key`` before paying.
    """
    fields = parse_tlv(payload)
    crc = _check_crc(payload, fields)
    _check_fixed_fields(fields)
    account = _pix_account(fields)
    key, url = _account_target(account)
    txid = parse_tlv(_require(fields, "62")).get("05")
    if txid is None:
        raise _malformed("missing_field", tag="62.05")
    return BRCode(
        payload=payload,
        fields=fields,
        point_of_initiation=fields.get("01"),
        gui=account["00"],
        key=key,
        description=account.get("02"),
        url=url,
        merchant_category_code=fields["52"],
        currency=fields["53"],
        amount_centavos=_parse_amount(fields.get("54")),
        country=fields["58"],
        name=_check_length(fields, "59", MAX_NAME_LENGTH),
        city=_check_length(fields, "60", MAX_CITY_LENGTH),
        postal_code=fields.get("61"),
        txid=_parse_txid(txid),
        crc=crc,
    )


def _parse_txid(txid: str) -> str:
    try:
        return validate_static_txid(txid)
    except PixError as exc:
        raise _malformed("txid", tag="62.05") from exc
