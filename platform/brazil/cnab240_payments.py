"""Write CNAB 240 payment remittances ("remessa") and read their returns ("retorno").

A remittance asks the bank to pay transfers: one batch per payment method (FEBRABAN "forma de
lançamento": 41 TED to another holder, 45 PIX transfer), a segment A per payment (our reference in
"seu número", positions 74-93) followed by its segment B (the beneficiary's document and, for PIX, the
key), batch trailers with their record count and total in centavos, and the file trailer with the
batch and record counts. The return is the same file as the bank sends it back (file header position
143 = "2"): each segment A carries the bank's occurrence codes (positions 231-240, up to five codes of
two characters), its own reference ("nosso número") and, when paid, the effective date and amount.

Occurrence codes (FEBRABAN 240, "Códigos das Ocorrências para Retorno", `OCCURRENCE_TABLE` with the
table's pt-BR wording and an English one; `describe_occurrences` for a reader): "00" paid (crédito ou
débito efetivado), "BD" accepted and scheduled (inclusão efetuada com sucesso), anything else refuses
the payment (e.g. "AG" agency/account invalid, "AN" beneficiary's account invalid, "AR" amount
invalid, "01" insufficient funds, "PJ" PIX key not in DICT).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal

from brazil.cnab240 import (
    BATCH_HEADER,
    BATCH_TRAILER,
    FILE_HEADER,
    FILE_TRAILER,
    SEGMENT_A,
    SEGMENT_B,
    Value,
    build_record,
    layout_for,
    parse_record,
)
from brazil.cnab240_remittance import read_cnab
from brazil.errors import CnabError

PAID = "00"
SCHEDULED = "BD"
ACCEPTED = frozenset({PAID, SCHEDULED, "BE", "BF"})  # BE/BF: scheduled, to be paid later
# The FEBRABAN 240 table of return occurrences (note G059, "Códigos das Ocorrências para Retorno") for
# payments by transfer: (pt-BR, the table's own wording; en). A bank sends up to five per line.
OCCURRENCE_TABLE: dict[str, tuple[str, str]] = {
    "00": ("Crédito ou Débito Efetivado", "Credit or debit made (paid)"),
    "01": ("Insuficiência de Fundos - Débito Não Efetuado", "Insufficient funds - debit not made"),
    "02": (
        "Crédito ou Débito Cancelado pelo Pagador/Credor",
        "Credit or debit canceled by the payer/creditor",
    ),
    "03": ("Débito Autorizado pela Agência - Efetuado", "Debit authorized by the branch - made"),
    "AA": ("Controle Inválido", "Control field invalid"),
    "AB": ("Tipo de Operação Inválido", "Operation type invalid"),
    "AC": ("Tipo de Serviço Inválido", "Service type invalid"),
    "AD": ("Forma de Lançamento Inválida", "Payment method (forma de lançamento) invalid"),
    "AE": ("Tipo/Número de Inscrição Inválido", "Company's document type/number invalid"),
    "AF": ("Código de Convênio Inválido", "Agreement (convênio) code invalid"),
    "AG": ("Agência/Conta Corrente/DV Inválido", "Branch/account/check digit invalid"),
    "AH": ("Nº Seqüencial do Registro no Lote Inválido", "Record sequence number in the batch invalid"),
    "AI": ("Código de Segmento de Detalhe Inválido", "Detail segment code invalid"),
    "AJ": ("Tipo de Movimento Inválido", "Movement type invalid"),
    "AK": (
        "Código da Câmara de Compensação do Banco Favorecido/Depositário Inválido",
        "Clearing house code of the beneficiary's bank invalid",
    ),
    "AL": (
        "Código do Banco Favorecido, Instituição de Pagamento ou Depositário Inválido",
        "Beneficiary's bank or payment institution code invalid",
    ),
    "AM": ("Agência Mantenedora da Conta Corrente do Favorecido Inválida", "Beneficiary's branch invalid"),
    "AN": (
        "Conta Corrente/DV/Conta de Pagamento do Favorecido Inválido",
        "Beneficiary's account/check digit/payment account invalid",
    ),
    "AO": ("Nome do Favorecido Não Informado", "Beneficiary's name missing"),
    "AP": ("Data Lançamento Inválido", "Payment date invalid"),
    "AQ": ("Tipo/Quantidade da Moeda Inválido", "Currency type/quantity invalid"),
    "AR": ("Valor do Lançamento Inválido", "Amount invalid"),
    "AS": (
        "Aviso ao Favorecido - Identificação Inválida",
        "Notice to the beneficiary - identification invalid",
    ),
    "AT": ("Tipo/Número de Inscrição do Favorecido Inválido", "Beneficiary's document type/number invalid"),
    "AU": ("Logradouro do Favorecido Não Informado", "Beneficiary's street missing"),
    "AV": ("Nº do Local do Favorecido Não Informado", "Beneficiary's street number missing"),
    "AW": ("Cidade do Favorecido Não Informada", "Beneficiary's city missing"),
    "AX": ("CEP/Complemento do Favorecido Inválido", "Beneficiary's postal code invalid"),
    "AY": ("Sigla do Estado do Favorecido Inválida", "Beneficiary's state invalid"),
    "AZ": ("Código/Nome do Banco Depositário Inválido", "Depositary bank's code/name invalid"),
    "BA": ("Código/Nome da Agência Depositária Não Informado", "Depositary branch's code/name missing"),
    "BB": ("Seu Número Inválido", "Company's reference (seu número) invalid"),
    "BC": ("Nosso Número Inválido", "Bank's reference (nosso número) invalid"),
    "BD": ("Inclusão Efetuada com Sucesso", "Accepted: payment scheduled"),
    "BE": ("Alteração Efetuada com Sucesso", "Change made"),
    "BF": ("Exclusão Efetuada com Sucesso", "Removal made"),
    "BG": ("Agência/Conta Impedida Legalmente", "Branch/account legally blocked"),
    "HA": ("Lote Não Aceito", "Batch not accepted"),
    "HB": ("Inscrição da Empresa Inválida para o Contrato", "Company's document invalid for the contract"),
    "HC": (
        "Convênio com a Empresa Inexistente/Inválido para o Contrato",
        "Agreement with the company missing or invalid for the contract",
    ),
    "HD": (
        "Agência/Conta Corrente da Empresa Inexistente/Inválido para o Contrato",
        "Company's branch/account missing or invalid for the contract",
    ),
    "HE": ("Tipo de Serviço Inválido para o Contrato", "Service type invalid for the contract"),
    "HF": ("Conta Corrente da Empresa com Saldo Insuficiente", "Company's account has insufficient balance"),
    "HG": ("Lote de Serviço Fora de Seqüência", "Batch out of sequence"),
    "HH": ("Lote de Serviço Inválido", "Batch invalid"),
    "HI": ("Arquivo não aceito", "File not accepted"),
    "HJ": ("Tipo de Registro Inválido", "Record type invalid"),
    "HK": ("Código Remessa / Retorno Inválido", "Remittance/return code invalid"),
    "HL": ("Versão de layout inválida", "Layout version invalid"),
    "PA": ("Pix não efetivado", "PIX not made"),
    "PB": (
        "Transação interrompida devido a erro no PSP do Recebedor",
        "Transaction interrupted by an error at the receiver's PSP",
    ),
    "PC": (
        "Número da conta transacional encerrada no PSP do Recebedor",
        "Transactional account closed at the receiver's PSP",
    ),
    "PD": (
        "Tipo incorreto para a conta transacional especificada",
        "Wrong type for the transactional account",
    ),
    "PE": (
        "Tipo de transação não é suportado/autorizado na conta transacional especificada",
        "Transaction type not supported/authorized on the transactional account",
    ),
    "PF": (
        "CPF/CNPJ do usuário recebedor não é consistente com o titular da conta transacional especificada",
        "Receiver's CPF/CNPJ does not match the transactional account's holder",
    ),
    "PG": ("CPF/CNPJ do usuário recebedor incorreto", "Receiver's CPF/CNPJ incorrect"),
    "PH": ("Ordem rejeitada pelo PSP do Recebedor", "Order rejected by the receiver's PSP"),
    "PI": ("ISPB do PSP do Pagador inválido ou inexistente", "Payer's PSP ISPB invalid or nonexistent"),
    "PJ": ("Chave não cadastrada no DICT", "PIX key not registered in DICT"),
    "PK": ("QR Code inválido/vencido", "QR Code invalid/expired"),
    "PL": ("Forma de iniciação inválida", "PIX initiation type invalid"),
    "PM": ("Chave de pagamento inválida", "PIX key invalid"),
    "PN": ("Chave de pagamento não informada", "PIX key missing"),
    "TA": ("Lote Não Aceito - Totais do Lote com Diferença", "Batch not accepted - batch totals differ"),
    "ZA": ("Agência / Conta do Favorecido Substituída", "Beneficiary's branch/account replaced"),
    "ZI": ("Beneficiário divergente", "Beneficiary differs"),
}
OCCURRENCE_LANGUAGES = ("pt-BR", "en")
UNKNOWN_OCCURRENCE = {"pt-BR": "Código desconhecido", "en": "Unknown code"}
# English descriptions by code (kept from API 1.2; the table above is the source).
OCCURRENCES: dict[str, str] = {code: texts[1] for code, texts in OCCURRENCE_TABLE.items()}
PAYMENT_METHODS = {"ted": "41", "pix": "45"}  # forma de lançamento, one batch each
CLEARING = {"ted": "018", "pix": "009"}  # câmara centralizadora
PIX_INITIATION = {"phone": "01", "email": "02", "cpf": "03", "cnpj": "03", "evp": "04"}
EOL = "\r\n"


@dataclass(frozen=True, slots=True)
class Company:
    """Who pays: the account the bank debits."""

    bank: str  # COMPE, 3 digits
    document: str  # CNPJ (14 digits) or CPF (11)
    name: str
    agreement: str = ""  # convênio
    agency: str = ""
    agency_dv: str = ""
    account: str = ""
    account_dv: str = ""
    bank_name: str = ""


@dataclass(frozen=True, slots=True)
class Payment:
    """One transfer of a remittance."""

    reference: str  # ours, at most 20 characters: the return names the payment by it
    method: Literal["ted", "pix"]
    name: str
    document: str  # digits
    amount: int  # centavos
    bank: str = ""  # COMPE
    ispb: str = ""
    agency: str = ""
    agency_dv: str = ""
    account: str = ""
    account_dv: str = ""
    pix_key: str = ""
    pix_key_type: str = ""  # phone | email | cpf | cnpj | evp


@dataclass(frozen=True, slots=True)
class ReturnRecord:
    """What the return says of one payment (its segment A)."""

    line: int
    reference: str
    amount: int
    occurrences: tuple[str, ...]  # two-character codes, in order
    bank_reference: str = ""
    effective_date: date | None = None

    @property
    def accepted(self) -> bool:
        return bool(self.occurrences) and all(code in ACCEPTED for code in self.occurrences)

    @property
    def paid(self) -> bool:
        return PAID in self.occurrences and self.accepted


def occurrence_codes(text: str) -> tuple[str, ...]:
    """The two-character codes of an occurrences field (positions 231-240), blanks dropped."""
    padded = text.ljust(10)
    return tuple(code for code in (padded[i : i + 2] for i in range(0, 10, 2)) if code.strip())


def occurrence_description(code: str, language: str = "pt-BR") -> str | None:
    """What the FEBRABAN table says of an occurrence code, in `language` ("pt-BR" or "en"; anything
    else is pt-BR); None for a code the table does not have."""
    texts = OCCURRENCE_TABLE.get(code.strip().upper())
    if texts is None:
        return None
    return texts[1] if language == "en" else texts[0]


def describe_occurrences(codes: Sequence[str], language: str = "pt-BR") -> list[tuple[str, str, bool]]:
    """(code, description, known) for each code, in order: an unknown code is described as such
    ("Código desconhecido" / "Unknown code")."""
    described = []
    for code in codes:
        text = occurrence_description(code, language)
        unknown = UNKNOWN_OCCURRENCE["en" if language == "en" else "pt-BR"]
        described.append((code, text or unknown, text is not None))
    return described


def _digits_or_none(value: str) -> str | None:
    return value or None


def _document_type(document: str) -> str:
    return "1" if len(document) == 11 else "2"


def build_remittance(
    company: Company, payments: Sequence[Payment], *, sequence: int, generated_at: datetime, pay_on: date
) -> str:
    """The remittance's text (records separated by CRLF, ending with one), ASCII upper case.

    Raises CnabError when a value does not fit its field (e.g. a reference over 20 characters)."""
    header_company = {
        "bank": company.bank,
        "company_document_type": _document_type(company.document),
        "company_document": company.document,
        "agreement": company.agreement,
        "agency": _digits_or_none(company.agency),
        "agency_dv": company.agency_dv,
        "account": _digits_or_none(company.account),
        "account_dv": company.account_dv,
        "company_name": company.name[:30],
    }
    lines = [
        build_record(
            FILE_HEADER,
            {
                **header_company,
                "bank_name": company.bank_name[:30],
                "file_code": "1",
                "generated_on": generated_at.date(),
                "generated_at": generated_at.strftime("%H%M%S"),
                "sequence": sequence,
                "layout_version": "089",
                "density": "01600",
            },
        )
    ]
    batches = 0
    for method in ("ted", "pix"):
        chosen = [p for p in payments if p.method == method]
        if not chosen:
            continue
        batches += 1
        batch_lines = [
            build_record(
                BATCH_HEADER,
                {
                    **header_company,
                    "batch": batches,
                    "service_type": "20",  # pagamento a fornecedores
                    "payment_method": PAYMENT_METHODS[method],
                    "layout_version": "046",
                },
            )
        ]
        for number, payment in enumerate(chosen, start=1):
            batch_lines.extend(_payment_records(company.bank, batches, 2 * number - 1, payment, pay_on))
        batch_lines.append(
            build_record(
                BATCH_TRAILER,
                {
                    "bank": company.bank,
                    "batch": batches,
                    "record_count": len(batch_lines) + 1,
                    "total_centavos": sum(p.amount for p in chosen),
                    "total_currency_quantity": 0,
                },
            )
        )
        lines.extend(batch_lines)
    lines.append(
        build_record(
            FILE_TRAILER,
            {
                "bank": company.bank,
                "batch_count": batches,
                "record_count": len(lines) + 1,
                "account_count": 0,
            },
        )
    )
    return EOL.join(lines) + EOL


def _payment_records(bank: str, batch: int, number: int, payment: Payment, pay_on: date) -> list[str]:
    pix_by_key = payment.method == "pix" and bool(payment.pix_key)
    segment_a = build_record(
        SEGMENT_A,
        {
            "bank": bank,
            "batch": batch,
            "record_number": number,
            "movement_type": "0",  # inclusion
            "movement_instruction": "00",
            "clearing_code": CLEARING[payment.method],
            "payee_bank": _digits_or_none("" if pix_by_key else payment.bank),
            "payee_agency": _digits_or_none("" if pix_by_key else payment.agency),
            "payee_agency_dv": "" if pix_by_key else payment.agency_dv,
            "payee_account": _digits_or_none("" if pix_by_key else payment.account),
            "payee_account_dv": "" if pix_by_key else payment.account_dv,
            "payee_name": payment.name[:30],
            "company_reference": payment.reference,
            "payment_date": pay_on,
            "currency": "BRL",
            "amount_centavos": payment.amount,
            "payee_notice": "0",
        },
    )
    segment_b = build_record(
        SEGMENT_B,
        {
            "bank": bank,
            "batch": batch,
            "record_number": number + 1,
            "pix_initiation": PIX_INITIATION.get(payment.pix_key_type, "05") if pix_by_key else "",
            "payee_document_type": _document_type(payment.document),
            "payee_document": payment.document,
            # e-mail and random keys are written as they are registered (the layout upper-cases text)
            "pix_key": payment.pix_key if pix_by_key else "",
            "ispb": payment.ispb,
        },
    )
    return [segment_a, segment_b]


def build_return(
    remittance: str,
    *,
    rejected: Mapping[str, str] | None = None,
    paid_on: date,
    accepted_code: str = PAID,
    bank_reference_prefix: str = "",
) -> str:
    """The return a bank would send for `remittance`: every segment A answered `accepted_code` (with the
    effective date and amount when paid), or the occurrence code `rejected` gives its reference; the
    file header's code becomes "2" (retorno) and the batch headers say "00"."""
    refusals = dict(rejected or {})
    lines = []
    for number, raw in enumerate(remittance.splitlines(), start=1):
        if not raw.strip():
            continue
        layout = layout_for(raw)
        values: dict[str, Value] = dict(parse_record(raw, layout))
        if layout is FILE_HEADER:
            values["file_code"] = "2"
        elif layout is BATCH_HEADER:
            values["occurrences"] = "00"
        elif layout is SEGMENT_A:
            reference = str(values["company_reference"] or "")
            code = refusals.get(reference, accepted_code)
            values["occurrences"] = code
            values["bank_reference"] = f"{bank_reference_prefix}{number:06d}"[-20:]
            if code == PAID:
                values["effective_date"] = paid_on
                values["effective_amount_centavos"] = values["amount_centavos"]
        lines.append(build_record(layout, values))
    return EOL.join(lines) + EOL


def read_return(text: str) -> list[ReturnRecord]:
    """The answer to each payment of a return file, in file order. The file is checked like a
    remittance (record lengths, order, batch counts and totals, file trailer), with the header's code
    "2"; CnabError (params with `line`) otherwise, `cnab_not_a_return` for a remittance."""
    records: list[ReturnRecord] = []
    for line, layout, values in read_cnab(text, file_code="2"):
        if layout is SEGMENT_A:
            effective, amount = values["effective_date"], values["amount_centavos"]
            records.append(
                ReturnRecord(
                    line=line,
                    reference=str(values["company_reference"] or ""),
                    amount=amount if isinstance(amount, int) else 0,
                    occurrences=occurrence_codes(str(values["occurrences"] or "")),
                    bank_reference=str(values["bank_reference"] or ""),
                    effective_date=effective if isinstance(effective, date) else None,
                )
            )
    if not records:
        raise CnabError("cnab_empty_return", "The return has no payments", line=1)
    return records
