"""The example spreadsheet of a payout import (XLSX made with openpyxl, and CSV): the headers in the
reader's language, lists to pick the account type and the bank from, two sample rows (a TED to a bank
account, a PIX key)."""

from __future__ import annotations

import io

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.datavalidation import DataValidation

from core.messages import current_language

HEADERS = {
    "pt-BR": [
        "nome",
        "e-mail",
        "documento",
        "valor",
        "banco",
        "agencia",
        "conta",
        "tipo_de_conta",
        "chave_pix",
    ],
    "en": ["name", "e-mail", "document", "amount", "bank", "agency", "account", "account_type", "pix_key"],
}
ACCOUNT_TYPES = {"pt-BR": ["corrente", "poupanca", "pagamento"], "en": ["checking", "savings", "payment"]}
BANKS = ["001", "033", "104", "237", "341", "260", "077", "336", "290", "323"]  # the most used COMPE codes
_ANA = ["Ana Souza", "ana.souza@example.com", "529.982.247-25"]
_ANA_BANK = ["001", "1234-3", "567890-0"]
_BRUNO = ["Bruno Lima", "bruno.lima@example.com", "11.222.333/0001-81"]
_BRUNO_PIX = ["", "", "", "", "bruno.lima@example.com"]
SAMPLES = {
    "pt-BR": [[*_ANA, "1.234,56", *_ANA_BANK, "corrente", ""], [*_BRUNO, "R$ 250,00", *_BRUNO_PIX]],
    "en": [[*_ANA, "1234.56", *_ANA_BANK, "checking", ""], [*_BRUNO, "250.00", *_BRUNO_PIX]],
}


def example_xlsx() -> bytes:
    lang = current_language()
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "payouts"
    sheet.append(HEADERS[lang])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in SAMPLES[lang]:
        sheet.append(row)
    for column, width in zip("ABCDEFGHI", (24, 28, 22, 14, 8, 10, 14, 14, 28), strict=True):
        sheet.column_dimensions[column].width = width
        sheet[f"{column}1"].number_format = "@"
    for column in "CDEFG":  # typed as text: a CPF keeps its leading zeros, an amount its comma
        for line in range(2, 1001):
            sheet[f"{column}{line}"].number_format = "@"
    types = DataValidation(type="list", formula1=f'"{",".join(ACCOUNT_TYPES[lang])}"', allow_blank=True)
    banks = DataValidation(type="list", formula1=f'"{",".join(BANKS)}"', allow_blank=True)
    banks.showErrorMessage = False  # any other bank code may be typed
    types.add("H2:H1000")
    banks.add("E2:E1000")
    sheet.add_data_validation(types)
    sheet.add_data_validation(banks)
    sheet.freeze_panes = "A2"
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def example_csv() -> bytes:
    """`;`-separated with a BOM: what a Brazilian spreadsheet opens directly."""
    lang = current_language()
    lines = [";".join(HEADERS[lang])] + [";".join(row) for row in SAMPLES[lang]]
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8")
