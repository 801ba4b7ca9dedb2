"""Build CNAB 240 payment remittances for tests: one batch per payment method, a segment A (and its
B: the beneficiary's document, and the PIX key for a PIX payment) per transfer, a J per boleto,
trailers counted and summed unless a test asks for a wrong figure."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from brazil.cnab240 import (
    BATCH_HEADER,
    BATCH_TRAILER,
    FILE_HEADER,
    FILE_TRAILER,
    SEGMENT_A,
    SEGMENT_B,
    SEGMENT_J,
    build_record,
)

BANK = "341"
PAY_ON = date(2026, 12, 1)


@dataclass
class Transfer:
    name: str
    document: str  # digits
    amount: int  # centavos
    bank: str = ""
    agency: str = ""
    agency_dv: str = ""
    account: str = ""
    account_dv: str = ""
    pix_key: str = ""
    pix_initiation: str = "02"  # 01 phone, 02 e-mail, 03 CPF/CNPJ, 04 random key
    reference: str = ""


@dataclass
class Boleto:
    name: str
    barcode: str
    amount: int


@dataclass
class Batch:
    payments: list[Transfer | Boleto]
    payment_method: str = "41"  # 41 TED, 45 PIX, 31 boleto
    count: int | None = None  # the trailer's record count, when a test wants it wrong
    total: int | None = None  # the trailer's total, likewise


@dataclass
class Remittance:
    batches: list[Batch] = field(default_factory=list)
    file_code: str = "1"
    company_document: str = "11222333000181"

    def records(self) -> list[str]:
        lines = [
            build_record(
                FILE_HEADER,
                {
                    "bank": BANK,
                    "company_document_type": "2",
                    "company_document": self.company_document,
                    "company_name": "Acme",
                    "file_code": self.file_code,
                    "generated_on": PAY_ON,
                    "generated_at": "101500",
                    "sequence": 1,
                    "layout_version": "089",
                },
            )
        ]
        for number, batch in enumerate(self.batches, start=1):
            lines.extend(_batch(number, batch))
        lines.append(
            build_record(
                FILE_TRAILER,
                {"bank": BANK, "batch_count": len(self.batches), "record_count": len(lines) + 1},
            )
        )
        return lines

    def text(self) -> str:
        return "\r\n".join(self.records()) + "\r\n"

    def bytes(self) -> bytes:
        return self.text().encode("latin-1")


def _batch(number: int, batch: Batch) -> list[str]:
    lines = [
        build_record(
            BATCH_HEADER,
            {
                "bank": BANK,
                "batch": number,
                "service_type": "20",
                "payment_method": batch.payment_method,
                "layout_version": "045",
                "company_name": "Acme",
            },
        )
    ]
    sequence = 0
    total = 0
    for payment in batch.payments:
        sequence += 1
        total += payment.amount
        if isinstance(payment, Boleto):
            lines.append(
                build_record(
                    SEGMENT_J,
                    {
                        "bank": BANK,
                        "batch": number,
                        "record_number": sequence,
                        "barcode": payment.barcode,
                        "payee_name": payment.name,
                        "payment_date": PAY_ON,
                        "amount_centavos": payment.amount,
                        "nominal_centavos": payment.amount,
                    },
                )
            )
            continue
        lines.append(
            build_record(
                SEGMENT_A,
                {
                    "bank": BANK,
                    "batch": number,
                    "record_number": sequence,
                    "clearing_code": "009" if payment.pix_key else "018",
                    "payee_bank": payment.bank or None,
                    "payee_agency": payment.agency or None,
                    "payee_agency_dv": payment.agency_dv,
                    "payee_account": payment.account or None,
                    "payee_account_dv": payment.account_dv,
                    "payee_name": payment.name,
                    "company_reference": payment.reference,
                    "payment_date": PAY_ON,
                    "amount_centavos": payment.amount,
                },
            )
        )
        sequence += 1
        lines.append(
            build_record(
                SEGMENT_B,
                {
                    "bank": BANK,
                    "batch": number,
                    "record_number": sequence,
                    "pix_initiation": payment.pix_initiation if payment.pix_key else "05",
                    "payee_document_type": "1" if len(payment.document) == 11 else "2",
                    "payee_document": payment.document,
                    "pix_key": payment.pix_key,
                },
            )
        )
    records = len(lines) + 1
    lines.append(
        build_record(
            BATCH_TRAILER,
            {
                "bank": BANK,
                "batch": number,
                "record_count": batch.count if batch.count is not None else records,
                "total_centavos": batch.total if batch.total is not None else total,
            },
        )
    )
    return lines
