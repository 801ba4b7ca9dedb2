"""CNAB 240 record layouts (FEBRABAN "Layout Padrão 240 posições", payments).

Only the record types a payout batch needs are described: file header (0), batch header (1),
segment A detail (3A), segment B (3B, beneficiary document and PIX key), segment J (3J, boleto),
batch trailer (5) and file trailer (9). Positions are 1-based and inclusive,
as in the FEBRABAN manual, so each field can be checked against the printed layout. Bank dialects
(e.g. Itaú SISPAG) keep these positions and only reuse reserved ("CNAB") areas, which are parsed
as plain text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Literal

from brazil.errors import CnabError

RECORD_LENGTH = 240

FieldKind = Literal["alpha", "digits", "int", "date"]
Value = str | int | date | None


@dataclass(frozen=True, slots=True)
class Field:
    """One field: ``alpha`` text, ``digits`` identifier, ``int`` quantity/amount, ``date`` DDMMAAAA."""

    name: str
    start: int
    end: int
    kind: FieldKind
    default: str | int | None = None

    @property
    def length(self) -> int:
        """Width in characters."""
        return self.end - self.start + 1


@dataclass(frozen=True, slots=True)
class RecordLayout:
    """A 240-character record made of contiguous fields."""

    name: str
    fields: tuple[Field, ...]

    def __post_init__(self) -> None:
        position = 1
        for field in self.fields:
            if field.start != position or field.end < field.start:
                raise CnabError("cnab_invalid_layout", "Fields must be contiguous", field=field.name)
            position = field.end + 1
        if position != RECORD_LENGTH + 1:
            raise CnabError("cnab_invalid_layout", "Fields must cover 240 positions", layout=self.name)

    def field(self, name: str) -> Field:
        """The field called ``name``."""
        for field in self.fields:
            if field.name == name:
                return field
        raise CnabError("cnab_unknown_field", "No such field in this layout", field=name)


def _control(record_type: str, batch: int | None = None) -> tuple[Field, ...]:
    # Positions 1-8 are the same in every record: bank, batch number, record type.
    return (
        Field("bank", 1, 3, "digits"),
        Field("batch", 4, 7, "int", batch),
        Field("record_type", 8, 8, "digits", record_type),
    )


def _company(start: int) -> tuple[Field, ...]:
    # Company identification block, shared by the file and batch headers (positions 18-102).
    return (
        Field("company_document_type", start, start, "digits"),
        Field("company_document", start + 1, start + 14, "digits"),
        Field("agreement", start + 15, start + 34, "alpha"),
        Field("agency", start + 35, start + 39, "digits"),
        Field("agency_dv", start + 40, start + 40, "alpha"),
        Field("account", start + 41, start + 52, "digits"),
        Field("account_dv", start + 53, start + 53, "alpha"),
        Field("agency_account_dv", start + 54, start + 54, "alpha"),
        Field("company_name", start + 55, start + 84, "alpha"),
    )


FILE_HEADER = RecordLayout(
    "file_header",
    (
        *_control("0", 0),
        Field("reserved_9", 9, 17, "alpha"),
        *_company(18),
        Field("bank_name", 103, 132, "alpha"),
        Field("reserved_133", 133, 142, "alpha"),
        Field("file_code", 143, 143, "digits"),  # 1 = remessa (to the bank), 2 = retorno
        Field("generated_on", 144, 151, "date"),
        Field("generated_at", 152, 157, "digits"),  # HHMMSS
        Field("sequence", 158, 163, "int"),
        Field("layout_version", 164, 166, "digits"),
        Field("density", 167, 171, "digits"),
        Field("bank_reserved", 172, 191, "alpha"),
        Field("company_reserved", 192, 211, "alpha"),
        Field("reserved_212", 212, 240, "alpha"),
    ),
)

BATCH_HEADER = RecordLayout(
    "batch_header",
    (
        *_control("1"),
        Field("operation", 9, 9, "alpha", "C"),  # C = credit (payments)
        Field("service_type", 10, 11, "digits"),
        Field("payment_method", 12, 13, "digits"),  # forma de lançamento
        Field("layout_version", 14, 16, "digits"),
        Field("reserved_17", 17, 17, "alpha"),
        *_company(18),
        Field("message", 103, 142, "alpha"),
        Field("street", 143, 172, "alpha"),
        Field("number", 173, 177, "digits"),
        Field("complement", 178, 192, "alpha"),
        Field("city", 193, 212, "alpha"),
        Field("postal_code", 213, 217, "digits"),
        Field("postal_code_suffix", 218, 220, "alpha"),
        Field("state", 221, 222, "alpha"),
        Field("service_payment_form", 223, 224, "digits"),
        Field("reserved_225", 225, 230, "alpha"),
        Field("occurrences", 231, 240, "alpha"),
    ),
)

SEGMENT_A = RecordLayout(
    "segment_a",
    (
        *_control("3"),
        Field("record_number", 9, 13, "int"),
        Field("segment", 14, 14, "alpha", "A"),
        Field("movement_type", 15, 15, "digits"),
        Field("movement_instruction", 16, 17, "digits"),
        Field("clearing_code", 18, 20, "digits"),  # câmara centralizadora: 018 TED, 009 PIX...
        Field("payee_bank", 21, 23, "digits"),
        Field("payee_agency", 24, 28, "digits"),
        Field("payee_agency_dv", 29, 29, "alpha"),
        Field("payee_account", 30, 41, "digits"),
        Field("payee_account_dv", 42, 42, "alpha"),
        Field("payee_agency_account_dv", 43, 43, "alpha"),
        Field("payee_name", 44, 73, "alpha"),
        Field("company_reference", 74, 93, "alpha"),  # "seu número"
        Field("payment_date", 94, 101, "date"),
        Field("currency", 102, 104, "alpha", "BRL"),
        Field("currency_quantity", 105, 119, "int"),
        Field("amount_centavos", 120, 134, "int"),
        Field("bank_reference", 135, 154, "alpha"),  # "nosso número"
        Field("effective_date", 155, 162, "date"),
        Field("effective_amount_centavos", 163, 177, "int"),
        Field("other_information", 178, 217, "alpha"),
        Field("doc_purpose", 218, 219, "alpha"),
        Field("ted_purpose", 220, 224, "alpha"),
        Field("complementary_purpose", 225, 226, "alpha"),
        Field("reserved_227", 227, 229, "alpha"),
        Field("payee_notice", 230, 230, "digits"),
        Field("occurrences", 231, 240, "alpha"),
    ),
)

# Segment B in its PIX form (FEBRABAN 240 v10.11): the beneficiary's document and, for a PIX
# payment, how it is initiated (01 phone, 02 e-mail, 03 CPF/CNPJ, 04 random key, 05 bank data) and the key.
SEGMENT_B = RecordLayout(
    "segment_b",
    (
        *_control("3"),
        Field("record_number", 9, 13, "int"),
        Field("segment", 14, 14, "alpha", "B"),
        Field("pix_initiation", 15, 17, "alpha"),
        Field("payee_document_type", 18, 18, "digits"),  # 1 CPF, 2 CNPJ
        Field("payee_document", 19, 32, "digits"),
        Field("txid", 33, 67, "alpha"),
        Field("information", 68, 127, "alpha"),
        Field("pix_key", 128, 226, "alpha"),
        Field("reserved_227", 227, 232, "alpha"),
        Field("ispb", 233, 240, "alpha"),
    ),
)

# Segment J: payment of a boleto (its barcode), not a transfer to an account.
SEGMENT_J = RecordLayout(
    "segment_j",
    (
        *_control("3"),
        Field("record_number", 9, 13, "int"),
        Field("segment", 14, 14, "alpha", "J"),
        Field("movement_type", 15, 15, "digits"),
        Field("movement_instruction", 16, 17, "digits"),
        Field("barcode", 18, 61, "digits"),
        Field("payee_name", 62, 91, "alpha"),
        Field("due_date", 92, 99, "date"),
        Field("nominal_centavos", 100, 114, "int"),
        Field("discount_centavos", 115, 129, "int"),
        Field("surcharge_centavos", 130, 144, "int"),
        Field("payment_date", 145, 152, "date"),
        Field("amount_centavos", 153, 167, "int"),
        Field("currency_quantity", 168, 182, "int"),
        Field("company_reference", 183, 202, "alpha"),
        Field("bank_reference", 203, 222, "alpha"),
        Field("currency_code", 223, 224, "digits"),
        Field("reserved_225", 225, 230, "alpha"),
        Field("occurrences", 231, 240, "alpha"),
    ),
)

BATCH_TRAILER = RecordLayout(
    "batch_trailer",
    (
        *_control("5"),
        Field("reserved_9", 9, 17, "alpha"),
        Field("record_count", 18, 23, "int"),  # header, details and trailer of the batch
        Field("total_centavos", 24, 41, "int"),
        Field("total_currency_quantity", 42, 59, "int"),
        Field("debit_notice", 60, 65, "int"),
        Field("reserved_66", 66, 230, "alpha"),
        Field("occurrences", 231, 240, "alpha"),
    ),
)

FILE_TRAILER = RecordLayout(
    "file_trailer",
    (
        *_control("9", 9999),
        Field("reserved_9", 9, 17, "alpha"),
        Field("batch_count", 18, 23, "int"),
        Field("record_count", 24, 29, "int"),  # every record in the file, headers included
        Field("account_count", 30, 35, "int"),
        Field("reserved_36", 36, 240, "alpha"),
    ),
)

LAYOUTS = (FILE_HEADER, BATCH_HEADER, SEGMENT_A, SEGMENT_B, SEGMENT_J, BATCH_TRAILER, FILE_TRAILER)
_LAYOUT_BY_TYPE = {"0": FILE_HEADER, "1": BATCH_HEADER, "5": BATCH_TRAILER, "9": FILE_TRAILER}
_SEGMENTS = {"A": SEGMENT_A, "B": SEGMENT_B, "J": SEGMENT_J}


# --- formatting ---------------------------------------------------------------------------


def _too_long(field: Field) -> CnabError:
    return CnabError(
        "cnab_value_too_long", "Value does not fit the field", field=field.name, length=field.length
    )


def _text(value: str) -> str:
    # FEBRABAN files are upper-case ASCII without accents.
    ascii_text = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode()
    return ascii_text.upper()


def _format_number(field: Field, value: Value) -> str:
    if value is None:
        return "0" * field.length
    if field.kind == "int" and (type(value) is not int or value < 0):
        raise CnabError("cnab_invalid_value", "Expected a non-negative integer", field=field.name)
    text = str(value)
    if not re.fullmatch(r"[0-9]+", text):
        raise CnabError("cnab_invalid_value", "Expected digits", field=field.name)
    if len(text) > field.length:
        raise _too_long(field)
    return text.zfill(field.length)


def _format(field: Field, value: Value) -> str:
    if field.kind == "date":
        if value is not None and not isinstance(value, date):
            raise CnabError("cnab_invalid_value", "Expected a date", field=field.name)
        return value.strftime("%d%m%Y") if value is not None else "0" * 8
    if field.kind == "alpha":
        text = _text(str(value)) if value is not None else ""
        if len(text) > field.length:
            raise _too_long(field)
        return text.ljust(field.length)
    return _format_number(field, value)


def build_record(layout: RecordLayout, values: Mapping[str, Value]) -> str:
    """A 240-character record; fields not given take their default (blanks or zeros)."""
    unknown = set(values) - {field.name for field in layout.fields}
    if unknown:
        raise CnabError("cnab_unknown_field", "No such field in this layout", field=sorted(unknown)[0])
    record = "".join(_format(field, values.get(field.name, field.default)) for field in layout.fields)
    if len(record) != RECORD_LENGTH:
        raise CnabError("cnab_invalid_layout", "Record is not 240 characters", layout=layout.name)
    return record


# --- parsing ------------------------------------------------------------------------------


def _parse_value(field: Field, text: str) -> Value:
    if field.kind == "alpha":
        return text.rstrip()
    if not text.strip():
        return None  # banks leave some numeric fields blank
    if not re.fullmatch(r"[0-9]+", text):
        raise CnabError("cnab_invalid_value", "Expected digits", field=field.name, position=field.start)
    if field.kind == "digits":
        return text
    if field.kind == "int":
        return int(text)
    return _parse_date(field, text)


def _parse_date(field: Field, text: str) -> date | None:
    if text == "00000000":
        return None
    try:
        return date(int(text[4:]), int(text[2:4]), int(text[:2]))
    except ValueError as exc:
        raise CnabError("cnab_invalid_value", "Invalid DDMMAAAA date", field=field.name) from exc


def _check_length(line: str) -> str:
    record = line.rstrip("\r\n")
    if len(record) != RECORD_LENGTH:
        raise CnabError("cnab_invalid_length", "A CNAB 240 record has 240 characters", length=len(record))
    return record


def layout_for(line: str) -> RecordLayout:
    """The layout of a record, from its type (position 8) and segment (position 14)."""
    record = _check_length(line)
    if record[7] == "3":
        layout = _SEGMENTS.get(record[13])
        if layout is None:
            raise CnabError("cnab_unsupported_record", "Unsupported segment", segment=record[13])
        return layout
    if record[7] not in _LAYOUT_BY_TYPE:
        raise CnabError("cnab_unsupported_record", "Unsupported record type", record_type=record[7])
    return _LAYOUT_BY_TYPE[record[7]]


def parse_record(line: str, layout: RecordLayout | None = None) -> dict[str, Value]:
    """Field values of one record (``alpha`` right-trimmed, blank numbers as None)."""
    record = _check_length(line)
    chosen = layout or layout_for(record)
    for field in chosen.fields:
        # Record type and segment identify the layout: refuse a record of another kind.
        if field.name in ("record_type", "segment") and record[field.start - 1 : field.end] != field.default:
            raise CnabError("cnab_wrong_layout", "Record does not match the layout", layout=chosen.name)
    return {field.name: _parse_value(field, record[field.start - 1 : field.end]) for field in chosen.fields}


def parse_file(text: str) -> list[tuple[RecordLayout, dict[str, Value]]]:
    """Every record of a CNAB 240 file with its layout, in order."""
    return [(layout_for(line), parse_record(line)) for line in text.splitlines() if line.strip()]
