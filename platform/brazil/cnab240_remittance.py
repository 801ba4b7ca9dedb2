"""Read a CNAB 240 payment remittance ("remessa") into the payments it asks for.

Strict, record by record, each refusal a ``CnabError`` whose params carry the 1-based ``line``:
a record that is not 240 characters (``cnab_invalid_length``), an unknown record type or segment
(``cnab_unsupported_record``), a non-numeric number or bad date (``cnab_invalid_value``), a record out
of place (``cnab_unexpected_record``: a detail outside a batch, a segment B without its A, a second
file header, anything after the file trailer), a batch trailer whose record count or total in centavos
disagrees with its details (``cnab_batch_count_mismatch``, ``cnab_batch_total_mismatch``), a file
trailer whose counts disagree (``cnab_file_count_mismatch``), a file that is not a remittance
(``cnab_not_a_remittance``) or ends early (``cnab_missing_trailer``).

Each segment A (a transfer: TED to an account, or PIX when its B carries a key) and each segment J
(a boleto) becomes a ``RemittancePayment`` with the fields a payout spreadsheet has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from brazil.cnab240 import (
    BATCH_HEADER,
    BATCH_TRAILER,
    FILE_HEADER,
    FILE_TRAILER,
    RECORD_LENGTH,
    SEGMENT_A,
    SEGMENT_B,
    RecordLayout,
    Value,
    layout_for,
    parse_record,
)
from brazil.errors import CnabError

REMITTANCE = "1"  # file header position 143: 1 remessa (to the bank), 2 retorno
PIX_KEY_INITIATIONS = ("01", "02", "03", "04")  # phone, e-mail, CPF/CNPJ, random key


@dataclass(slots=True)
class RemittancePayment:
    """One payment of the file, in the shape of a payout spreadsheet's row."""

    line: int  # the line of its segment A or J
    segment: Literal["A", "J"]
    name: str
    document: str = ""
    bank: str = ""
    agency: str = ""  # "1234-5" (number-digit) when the file gives a digit
    account: str = ""  # "567890-0"
    pix_key: str = ""
    amount: int = 0  # centavos
    reference: str = ""  # the company's own number for the payment ("seu número")
    barcode: str = ""  # segment J


def looks_like_cnab240(text: str) -> bool:
    """Whether ``text`` starts as a CNAB 240 file: a 240-character file header record."""
    first = text.lstrip("\ufeff").split("\n", 1)[0].rstrip("\r")
    return len(first) == RECORD_LENGTH and first[:3].isdigit() and first[7] == "0"


def _error(exc: CnabError, line: int) -> CnabError:
    return CnabError(exc.code, str(exc), **{**exc.params, "line": line})


def _text(value: Value) -> str:
    return "" if value is None else str(value)


def _with_digit(number: Value, digit: Value) -> str:
    text = _text(number).lstrip("0")  # all zeros: not given (a PIX payment has no account)
    dv = _text(digit).strip()
    return f"{text}-{dv}" if text and dv else text


def _document(kind: Value, number: Value) -> str:
    digits = _text(number)
    if not digits.strip("0"):
        return ""
    return digits[-11:] if kind == "1" else digits[-14:]


@dataclass(slots=True)
class _Batch:
    line: int
    records: int = 1  # the batch header counts
    total: int = 0


class _Reader:
    def __init__(self, file_code: str = REMITTANCE) -> None:
        self.file_code = file_code
        self.payments: list[RemittancePayment] = []
        self.header_seen = False
        self.trailer_seen = False
        self.batch: _Batch | None = None
        self.batches = 0
        self.records = 0
        self.last_a: RemittancePayment | None = None

    def unexpected(self, layout: RecordLayout, line: int) -> CnabError:
        return CnabError("cnab_unexpected_record", "Record out of place", record=layout.name, line=line)

    def read(self, line: int, layout: RecordLayout, values: dict[str, Value]) -> None:
        if self.trailer_seen or (not self.header_seen and layout is not FILE_HEADER):
            raise self.unexpected(layout, line)
        self.records += 1
        if layout is FILE_HEADER:
            if self.header_seen:
                raise self.unexpected(layout, line)
            if values["file_code"] != self.file_code:
                if self.file_code == REMITTANCE:
                    raise CnabError("cnab_not_a_remittance", "Not a remittance file", line=line)
                raise CnabError("cnab_not_a_return", "Not a return file", line=line)
            self.header_seen = True
        elif layout is BATCH_HEADER:
            if self.batch is not None:
                raise self.unexpected(layout, line)
            self.batch = _Batch(line)
            self.batches += 1
            self.last_a = None
        elif layout is BATCH_TRAILER:
            self.close_batch(line, values)
        elif layout is FILE_TRAILER:
            self.close_file(line, values)
        else:
            self.detail(line, layout, values)

    def detail(self, line: int, layout: RecordLayout, values: dict[str, Value]) -> None:
        if self.batch is None:
            raise self.unexpected(layout, line)
        self.batch.records += 1
        if layout is SEGMENT_B:
            if self.last_a is None:
                raise self.unexpected(layout, line)
            self.last_a.document = _document(values["payee_document_type"], values["payee_document"])
            initiation = _text(values["pix_initiation"]).strip()
            if initiation in PIX_KEY_INITIATIONS:
                key = _text(values["pix_key"]).strip()
                # The file is upper-case; e-mail and random keys are registered in lower case.
                self.last_a.pix_key = key.lower() if initiation in ("02", "04") else key
            self.last_a = None
            return
        amount = values["amount_centavos"]
        cents = amount if isinstance(amount, int) else 0
        self.batch.total += cents
        if layout is SEGMENT_A:
            payment = RemittancePayment(
                line=line,
                segment="A",
                name=_text(values["payee_name"]),
                bank=_text(values["payee_bank"]).strip("0") and _text(values["payee_bank"]),
                agency=_with_digit(values["payee_agency"], values["payee_agency_dv"]),
                account=_with_digit(values["payee_account"], values["payee_account_dv"]),
                amount=cents,
                reference=_text(values["company_reference"]),
            )
            self.last_a = payment
        else:
            payment = RemittancePayment(
                line=line,
                segment="J",
                name=_text(values["payee_name"]),
                amount=cents,
                reference=_text(values["company_reference"]),
                barcode=_text(values["barcode"]),
            )
            self.last_a = None
        self.payments.append(payment)

    def close_batch(self, line: int, values: dict[str, Value]) -> None:
        if self.batch is None:
            raise self.unexpected(BATCH_TRAILER, line)
        self.batch.records += 1
        if values["record_count"] != self.batch.records:
            raise CnabError("cnab_batch_count_mismatch", "Batch record count differs", line=line,
                            declared=_text(values["record_count"]), counted=self.batch.records)  # fmt: skip
        if values["total_centavos"] != self.batch.total:
            raise CnabError("cnab_batch_total_mismatch", "Batch total differs", line=line,
                            declared=_text(values["total_centavos"]), counted=self.batch.total)  # fmt: skip
        self.batch = None
        self.last_a = None

    def close_file(self, line: int, values: dict[str, Value]) -> None:
        if self.batch is not None:
            raise CnabError("cnab_missing_trailer", "Batch without its trailer", line=self.batch.line)
        if values["batch_count"] != self.batches or values["record_count"] != self.records:
            raise CnabError("cnab_file_count_mismatch", "File trailer counts differ", line=line)
        self.trailer_seen = True


def read_remittance(text: str) -> list[RemittancePayment]:
    """The payments of a CNAB 240 remittance, in file order; ``CnabError`` (with ``line``) otherwise."""
    return _read(text, _Reader())


def read_cnab(text: str, *, file_code: str = REMITTANCE) -> list[tuple[int, RecordLayout, dict[str, Value]]]:
    """Every record of a CNAB 240 payment file (line, layout, values) once the whole file checked out
    as a remittance does (``file_code`` "1") or a return ("2"); ``CnabError`` (with ``line``) otherwise."""
    records: list[tuple[int, RecordLayout, dict[str, Value]]] = []
    _read(text, _Reader(file_code), records)
    return records


def _read(
    text: str, reader: _Reader, records: list[tuple[int, RecordLayout, dict[str, Value]]] | None = None
) -> list[RemittancePayment]:
    line = 0
    for line, raw in enumerate(text.lstrip("\ufeff").split("\n"), start=1):
        record = raw.rstrip("\r")
        if not record.strip():
            continue
        try:
            layout = layout_for(record)
            values = parse_record(record, layout)
        except CnabError as exc:
            raise _error(exc, line) from exc
        reader.read(line, layout, values)
        if records is not None:
            records.append((line, layout, values))
    if not reader.trailer_seen:
        raise CnabError("cnab_missing_trailer", "The file has no trailer", line=max(line, 1))
    return reader.payments
