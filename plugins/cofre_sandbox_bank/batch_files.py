"""The sandbox bank's payouts by file (plugin API 1.2): CNAB 240 remittances in, returns out.

`build_remittance` writes the payouts with `plugin_api.brazil.cnab240_payments`; `read_return` reads a
return back into one ReturnItem per payment. As a bank would, the sandbox also *answers* a remittance:
`make_return` gives the return file, every line paid ("00") unless `rejected` names its reference with
an occurrence code (e.g. {"CF0123...": "AN"}). `simulate_return` (plugin API 1.3, test mode) answers
a remittance as a `SimulatedReturn` outcome says: all paid, every second line refused, all refused or
all scheduled; a refused PIX by key says "PJ" (key not in DICT), any other refusal "AN" (the
beneficiary's account invalid). Over HTTP: `POST /sandbox-bank/returns` (views.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from plugin_api import PayoutState, PluginError, Remittance, RemittanceFile, ReturnItem, SimulatedReturn
from plugin_api.brazil import cnab240, cnab240_payments, errors, pix

BANK_COMPE = "999"  # the sandbox bank's own code in its files (no real bank uses it)
BATCH_METHODS = frozenset({"pix", "ted"})
REFUSED_PIX_KEY = "PJ"  # chave não cadastrada no DICT
REFUSED_ACCOUNT = "AN"  # conta corrente/DV/conta de pagamento do favorecido inválido
PIX_KEY_TYPES = {"phone": "phone", "email": "email", "cpf": "cpf", "cnpj": "cnpj", "evp": "evp"}


def company(config: Mapping[str, Any]) -> cnab240_payments.Company:
    return cnab240_payments.Company(
        bank=BANK_COMPE,
        document=str(config.get("company_document") or "11222333000181"),
        name=str(config.get("company_name") or "COFRE PAGAMENTOS"),
        agreement=str(config.get("agreement") or ""),
        agency=str(config.get("company_agency") or "0001"),
        account=str(config.get("company_account") or "1234567"),
        account_dv=str(config.get("company_account_dv") or "0"),
        bank_name="SANDBOX BANK",
    )


def _key_type(key: str) -> str:
    try:
        return PIX_KEY_TYPES.get(pix.classify_pix_key(key).value, "")
    except errors.PixError:
        return ""


def build_remittance(remittance: Remittance, config: Mapping[str, Any]) -> RemittanceFile:
    payments = []
    for item in remittance.items:
        payout = item.payout
        if payout.method not in BATCH_METHODS:
            raise PluginError("unsupported_method", "method", reference=item.reference)
        if payout.currency != "BRL":
            raise PluginError("unsupported_currency", "currency", reference=item.reference)
        payments.append(
            cnab240_payments.Payment(
                reference=item.reference,
                method="pix" if payout.method == "pix" else "ted",
                name=payout.beneficiary_name,
                document=payout.beneficiary_document,
                amount=payout.amount,
                bank=payout.bank_compe,
                ispb=payout.bank_ispb,
                agency=payout.agency,
                account=payout.account,
                account_dv=payout.account_digit,
                pix_key=payout.pix_key if payout.method == "pix" else "",
                pix_key_type=_key_type(payout.pix_key) if payout.method == "pix" else "",
            )
        )
    try:
        text = cnab240_payments.build_remittance(
            company(config),
            payments,
            sequence=remittance.sequence,
            generated_at=remittance.created_at,
            pay_on=remittance.pay_on,
        )
    except errors.CnabError as exc:
        raise PluginError(exc.code, "payout", **{k: str(v) for k, v in exc.params.items()}) from exc
    name = f"REM{remittance.sequence:06d}.rem"
    return RemittanceFile(name=name, content=text.encode("ascii", "replace"))


def _state(record: cnab240_payments.ReturnRecord) -> PayoutState:
    if not record.accepted:
        return PayoutState.FAILED
    return PayoutState.CONFIRMED if record.paid else PayoutState.PROCESSING


def read_return(content: bytes, config: Mapping[str, Any]) -> list[ReturnItem]:
    text = content.decode("latin-1")
    try:
        records = cnab240_payments.read_return(text)
    except errors.CnabError as exc:
        raise PluginError(exc.code, "file", **{k: str(v) for k, v in exc.params.items()}) from exc
    return [
        ReturnItem(
            line=record.line,
            reference=record.reference,
            state=_state(record),
            amount=record.amount,
            occurrences=record.occurrences,
            provider_reference=f"sbx_rt_{record.bank_reference}" if record.bank_reference else "",
            reason="" if record.accepted else f"cnab_{record.occurrences[0].lower()}",
        )
        for record in records
    ]


def make_return(
    remittance: bytes,
    *,
    rejected: Mapping[str, str] | None = None,
    paid_on: date,
    accepted_code: str = cnab240_payments.PAID,
) -> bytes:
    """The bank's return for a remittance it was sent: every line `accepted_code` ("00" paid, "BD"
    scheduled), or refused with the occurrence code `rejected` gives its reference."""
    for code in (rejected or {}).values():
        if len(code) != 2 or code in cnab240_payments.ACCEPTED:
            raise PluginError("invalid_occurrence", "rejected", occurrence=code)
    try:
        text = cnab240_payments.build_return(
            remittance.decode("latin-1"),
            rejected=rejected,
            paid_on=paid_on,
            accepted_code=accepted_code,
            bank_reference_prefix="SBX",
        )
    except errors.CnabError as exc:
        raise PluginError(exc.code, "file", **{k: str(v) for k, v in exc.params.items()}) from exc
    return text.encode("ascii", "replace")


def simulate_return(remittance: bytes, outcome: SimulatedReturn, *, paid_on: date) -> RemittanceFile:
    """The return the sandbox bank sends for `remittance` (a remittance it wrote), as `outcome` says.
    PluginError("cnab_...", "file", line=...) when the file is not a valid remittance."""
    try:
        records = cnab240.parse_file(remittance.decode("latin-1"))
    except errors.CnabError as exc:
        raise PluginError(exc.code, "file", **{k: str(v) for k, v in exc.params.items()}) from exc
    if not records or records[0][0] is not cnab240.FILE_HEADER or records[0][1]["file_code"] != "1":
        raise PluginError("cnab_not_a_remittance", "file", line="1")
    header = records[0][1]
    payments: list[tuple[str, bool]] = []  # (reference, paid to a PIX key) of each segment A, in order
    for layout, values in records:
        if layout is cnab240.SEGMENT_A:
            payments.append((str(values["company_reference"] or ""), False))
        elif layout is cnab240.SEGMENT_B and payments and values.get("pix_key"):
            payments[-1] = (payments[-1][0], True)
    if outcome == SimulatedReturn.ALL_REJECTED:
        refused = payments
    elif outcome == SimulatedReturn.SOME_REJECTED:
        refused = payments[1::2]  # the 2nd, 4th, ... payment of the file
    else:
        refused = []
    rejected = {reference: REFUSED_PIX_KEY if by_key else REFUSED_ACCOUNT for reference, by_key in refused}
    accepted = cnab240_payments.SCHEDULED if outcome == SimulatedReturn.SCHEDULED else cnab240_payments.PAID
    content = make_return(remittance, rejected=rejected, paid_on=paid_on, accepted_code=accepted)
    sequence = header.get("sequence")
    number = sequence if isinstance(sequence, int) else 0
    return RemittanceFile(name=f"RET{number:06d}-{outcome.value}.ret", content=content)
