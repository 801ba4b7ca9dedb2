"""The printable boleto: one self-contained, print-ready A4 HTML page (no external assets).

Layout of a bank boleto: the payer's receipt ("Recibo do Pagador") above, the clearing slip ("Ficha
de Compensação") below with the typed line in its header and the Interleaved 2 of 5 barcode at the
foot (inline SVG drawn by brazil.itf at FEBRABAN proportions: 103 mm x 13 mm).

Personal data is shown as LGPD's usual display rules allow: the payer's CPF is masked
(``***.456.789-**``); a CNPJ is public data and shown in full.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from html import escape

from plugin_api import ChargeArtifacts, ChargeRequest, Payer
from plugin_api.brazil import boleto, documents, errors, itf


@dataclass(frozen=True)
class Merchant:
    """The beneficiary printed on the boleto (the tenant collecting the payment)."""

    name: str
    document: str = ""  # CNPJ (shown) or CPF (masked)
    address: str = ""  # one line


def format_brl(centavos: int) -> str:
    """pt-BR money: 123456 -> "R$ 1.234,56"."""
    sign = "-" if centavos < 0 else ""
    units, cents = divmod(abs(centavos), 100)
    return f"{sign}R$ {units:,}".replace(",", ".") + f",{cents:02d}"


def format_date(value: date | None) -> str:
    """dd/mm/yyyy, or "Contra-apresentação" for a boleto without due date."""
    return value.strftime("%d/%m/%Y") if value is not None else "Contra-apresentação"


def display_document(document: str) -> str:
    """A CPF masked per LGPD, a CNPJ formatted; something that is neither is hidden."""
    if not document:
        return ""
    try:
        return documents.validate_document(document).masked
    except errors.DocumentError:
        return "***"


def bank_code_dv(bank: str) -> str:
    """The check digit printed after the bank code ("001-9", "237-2", "341-7"): mod 11, weights 2..9."""
    total = sum(int(char) * (2 + index % 8) for index, char in enumerate(reversed(bank)))
    dv = 11 - total % 11
    return "0" if dv >= 10 else str(dv)


def payer_address_lines(payer: Payer) -> list[str]:
    """The payer's postal address as a boleto prints it (street line, district/city line, CEP)."""
    street = ", ".join(part for part in (payer.street.strip(), payer.number.strip()) if part)
    if payer.complement.strip():
        street = f"{street} - {payer.complement.strip()}"
    city = "/".join(part for part in (payer.city.strip(), payer.state.strip().upper()) if part)
    district = " - ".join(part for part in (payer.neighborhood.strip(), city) if part)
    zipcode = "".join(char for char in payer.zipcode if char.isdigit())
    cep = f"CEP {zipcode[:5]}-{zipcode[5:]}" if len(zipcode) == 8 else ""
    return [line for line in (street, district, cep) if line]


_STYLE = """
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
body { margin: 0; font: 9pt/1.25 Arial, Helvetica, sans-serif; color: #000; background: #fff; }
.page { width: 190mm; margin: 0 auto; }
.part { margin-bottom: 6mm; }
.head { display: flex; align-items: flex-end; border-bottom: 0.6mm solid #000; padding-bottom: 1mm; }
.head .bank { font-size: 13pt; font-weight: bold; width: 42mm; }
.head .code { font-size: 15pt; font-weight: bold; padding: 0 3mm; border-left: 0.6mm solid #000;
  border-right: 0.6mm solid #000; }
.head .line { flex: 1; text-align: right; font-size: 11.5pt; font-weight: bold; letter-spacing: 0.2mm; }
.head .title { flex: 1; text-align: right; font-weight: bold; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
td { border: 0.2mm solid #000; padding: 0.6mm 1.2mm; vertical-align: top; }
td .label { display: block; font-size: 6.5pt; color: #333; }
td .value { display: block; font-size: 9pt; min-height: 3.6mm; }
td.right .value { text-align: right; }
td.side { width: 48mm; }
.amount .value { font-weight: bold; }
.cut { border-top: 0.3mm dashed #000; margin: 5mm 0; text-align: right; font-size: 6.5pt; }
.barcode { padding: 3mm 0 0 0; }
.barcode svg { display: block; }
.sandbox { font-weight: bold; }
@media screen { body { padding: 10mm 0; } }
@media print { .page { width: auto; } }
"""


def _cell(label: str, value: str, *, css: str = "", colspan: int = 1) -> str:
    span = f' colspan="{colspan}"' if colspan > 1 else ""
    klass = f' class="{css}"' if css else ""
    return (
        f'<td{klass}{span}><span class="label">{escape(label)}</span><span class="value">{value}</span></td>'
    )


def render_boleto_html(request: ChargeRequest, artifacts: ChargeArtifacts, merchant: Merchant) -> str:
    """A print-ready A4 HTML page for a prepared boleto (`artifacts` from BilletMethod.prepare).

    Every text that came from a user is escaped; the page needs no stylesheet, font or script.
    """
    barcode = artifacts.barcode
    bank = barcode[:3]
    free = barcode[19:44]  # agency(4) carteira(2) nosso número(11) account(7) 0
    agency, carteira, nosso, account = free[:4], free[4:6], free[6:17], free[17:24]
    bank_label = f"{bank}-{bank_code_dv(bank)}"
    typed_line = escape(boleto.format_typed_line(artifacts.typed_line))
    due = escape(format_date(request.due_date))
    amount = escape(format_brl(request.amount))
    beneficiary = escape(merchant.name.strip())
    if merchant.document:
        beneficiary += f" &mdash; {escape(display_document(merchant.document))}"
    beneficiary_address = escape(merchant.address.strip())
    payer_name = escape(request.payer.name.strip())
    payer_document = escape(display_document(request.payer.document))
    payer_lines = "<br>".join(escape(line) for line in payer_address_lines(request.payer))
    payer_block = f"{payer_name} &mdash; {payer_document}" + (f"<br>{payer_lines}" if payer_lines else "")
    agency_code = f"{agency} / {account}"
    nosso_numero = f"{carteira}/{nosso}"
    instructions = escape(request.description.strip())
    if bank == "999":
        instructions = '<span class="sandbox">Boleto de teste (sandbox): não pague este boleto.</span>' + (
            f"<br>{instructions}" if instructions else ""
        )
    place = "Pagável em qualquer banco até o vencimento"
    svg = itf.boleto_barcode_svg(barcode)

    receipt = f"""
<section class="part" aria-label="Recibo do Pagador">
  <div class="head"><div class="bank">Banco {escape(bank)}</div><div class="code">{escape(bank_label)}</div>
    <div class="title">Recibo do Pagador</div></div>
  <table>
    <tr>{_cell("Beneficiário", beneficiary, colspan=3)}{_cell("Vencimento", due, css="right side")}</tr>
    <tr>{_cell("Agência / Código do beneficiário", escape(agency_code))}
      {_cell("Nosso número", escape(nosso_numero))}{_cell("Nº do documento", escape(request.reference))}
      {_cell("(=) Valor do documento", amount, css="right side amount")}</tr>
    <tr>{_cell("Pagador", payer_block, colspan=4)}</tr>
    <tr>{_cell("Linha digitável", typed_line, colspan=4)}</tr>
  </table>
</section>"""

    slip = f"""
<section class="part" aria-label="Ficha de Compensação">
  <div class="head"><div class="bank">Banco {escape(bank)}</div><div class="code">{escape(bank_label)}</div>
    <div class="line">{typed_line}</div></div>
  <table>
    <tr>{_cell("Local de pagamento", escape(place), colspan=4)}{
        _cell("Vencimento", due, css="right side")
    }</tr>
    <tr>{
        _cell(
            "Beneficiário",
            beneficiary + (f"<br>{beneficiary_address}" if beneficiary_address else ""),
            colspan=4,
        )
    }
      {_cell("Agência / Código do beneficiário", escape(agency_code), css="right side")}</tr>
    <tr>{_cell("Nº do documento", escape(request.reference), colspan=2)}{_cell("Espécie doc.", "DM")}
      {_cell("Aceite", "N")}{_cell("Nosso número", escape(nosso_numero), css="right side")}</tr>
    <tr>{_cell("Carteira", escape(carteira))}{_cell("Espécie", "R$")}{_cell("Quantidade", "")}
      {_cell("Valor", "")}{_cell("(=) Valor do documento", amount, css="right side amount")}</tr>
    <tr>{_cell("Instruções (texto de responsabilidade do beneficiário)", instructions, colspan=4)}
      {_cell("(-) Desconto / Abatimento", "", css="right side")}</tr>
    <tr>{_cell("Pagador", payer_block, colspan=5)}</tr>
  </table>
  <div class="barcode">{svg}</div>
</section>"""

    return f"""<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Boleto {escape(request.reference)} &mdash; {amount} &mdash; vencimento {due}</title>
<style>{_STYLE}</style>
</head>
<body>
<main class="page">{receipt}
<div class="cut">Corte na linha pontilhada</div>{slip}
</main>
</body>
</html>
"""
