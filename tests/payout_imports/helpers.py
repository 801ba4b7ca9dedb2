"""Spreadsheets for the payout-import tests, written the ways people write them."""

from __future__ import annotations

import io
import uuid
from typing import Any

from openpyxl import Workbook

from tests.support.cnab240 import Batch, Boleto, Remittance, Transfer
from tests.support.http import ApiClient

HEADER = ["nome", "e-mail", "documento", "valor", "banco", "agencia", "conta", "tipo_de_conta", "chave_pix"]
TED = [
    "Ana Souza",
    "ana@example.com",
    "529.982.247-25",
    "R$ 1.234,56",
    "001",
    "1234-3",
    "567890-0",
    "corrente",
    "",
]
PIX = ["Bruno Lima", "bruno@example.com", "11.222.333/0001-81", "250,00", "", "", "", "", "bruno@example.com"]
BAD_CPF = ["Caio Reis", "caio@example.com", "123.456.789-00", "10.00", "", "", "", "", "caio@example.com"]


def unique(row: list[str]) -> list[str]:
    """The row with a PIX e-mail key of its own (a file's content, and so its hash, differs per test)."""
    tag = uuid.uuid4().hex[:10]
    return [*row[:8], f"{tag}@example.com"] if row[8] else [*row[:1], f"{tag}@example.com", *row[2:]]


def csv_bytes(rows: list[list[str]], *, sep: str = ";", bom: bool = True, encoding: str = "utf-8") -> bytes:
    text = "\r\n".join(sep.join(cell for cell in row) for row in [HEADER, *rows]) + "\r\n"
    return (("\ufeff" if bom else "") + text).encode(encoding)


def xlsx_bytes(rows: list[list[Any]], *, header: list[str] | None = None, merge: str = "") -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(header or HEADER)
    for row in rows:
        sheet.append(row)
    if merge:
        sheet.merge_cells(merge)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def upload(client: ApiClient, content: bytes, name: str = "saques.csv") -> Any:
    return client.post("/api/payout-imports", {"file": _named(content, name)})


def _named(content: bytes, name: str) -> io.BytesIO:
    handle = io.BytesIO(content)
    handle.name = name
    return handle


def remittance(*, ted_total: int | None = None) -> Remittance:
    """A TED batch, a PIX batch (a key of its own per test, so the file's hash differs) and a boleto."""
    ted = Transfer(
        "Ana Souza",
        "52998224725",
        123_456,
        bank="001",
        agency="1234",
        agency_dv="3",
        account="567890",
        account_dv="0",
        reference="PAG-1",
    )
    pix = Transfer("Bruno Lima", "11222333000181", 25_000, pix_key=f"{uuid.uuid4().hex[:10]}@example.com")
    boleto = Boleto("Luz SA", "34191790010104351004791020150008291070026000", 9_990)
    return Remittance(
        [
            Batch([ted], total=ted_total),
            Batch([pix], payment_method="45"),
            Batch([boleto], payment_method="31"),
        ]
    )
