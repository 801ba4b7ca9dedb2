"""API shapes of payouts and the compliance queue. Amounts: integer centavos."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

from bank_accounts.schemas import BankOut, PixKeyTypeLiteral
from compliance.schemas import PayoutClientOut
from core.api_types import Centavos
from gateway.schemas import EXTRA_DESCRIPTION, ProviderExtra
from payments.schemas import PostingOut  # one ledger posting shape for deposits and payouts

PayoutStatusLiteral = Literal[
    "waiting", "pending", "approved", "rejected", "confirmed", "canceled", "reversed", "paid_to_client"
]
KindLiteral = Literal["standard", "manual", "transactional", "wallet"]
MethodLiteral = Literal["pix", "ted"]


class BeneficiaryIn(Schema):
    """An inline beneficiary: a PIX key (method pix) or a bank account (method ted)."""

    holder_name: str = Field(min_length=2, max_length=200)
    holder_document: str = Field(min_length=11, max_length=20)
    bank_ispb: str = Field(default="", max_length=8)
    bank_compe: str = Field(default="", max_length=3)
    agency: str = Field(default="", max_length=5)
    agency_digit: str = Field(default="", max_length=1)
    account: str = Field(default="", max_length=20)
    account_digit: str = Field(default="", max_length=2)
    account_type: Literal["checking", "savings", "payment", ""] = ""
    operation: str = Field(default="", max_length=3)
    pix_key: str = Field(default="", max_length=77)
    pix_key_type: PixKeyTypeLiteral = ""


class PayoutIn(Schema):
    amount: Centavos = Field(gt=0, description="Integer centavos")
    currency: Literal["BRL", "USD"] = "BRL"
    method: MethodLiteral
    kind: KindLiteral = "standard"
    bank_account_id: str = Field(default="", max_length=32, description="A registered bank account")
    beneficiary: BeneficiaryIn | None = Field(default=None, description="Or an inline beneficiary")
    description: str = Field(default="", max_length=200)
    extra: ProviderExtra = Field(default_factory=dict, description=EXTRA_DESCRIPTION)


class StaffPayoutIn(PayoutIn):
    client: str = Field(min_length=2, max_length=50, description="The client's slug")


class PayoutOut(Schema):
    id: str
    transaction_id: str = Field(description="The bank's reference (empty until the bank has it)")
    client: PayoutClientOut
    kind: KindLiteral
    withdraw_method: MethodLiteral
    status: PayoutStatusLiteral
    amount: int
    fee: int = Field(description="The platform's fee (centavos), held with the amount, kept when paid")
    currency: str
    description: str
    beneficiary_name: str
    beneficiary_document: str
    bank: BankOut | None
    agency: str
    agency_digit: str
    account: str
    account_digit: str
    account_type: str
    operation: str
    pix_key: str
    bank_account_id: str | None
    provider: str
    submission_attempts: int
    approval: str = Field(description='"auto", "manual", or empty while not approved')
    created_by_id: int | None
    approved_by_id: int | None
    rejection_reason: str
    created_at: datetime
    updated_at: datetime
    approved_at: datetime | None
    submitted_at: datetime | None
    confirmed_at: datetime | None
    finished_at: datetime | None


class PayoutEventOut(Schema):
    at: datetime
    from_status: str
    to_status: str
    source: str
    note: str
    provider_event_id: str


class PayoutDetailOut(PayoutOut):
    events: list[PayoutEventOut]
    postings: list[PostingOut]


class PayoutCurrencySummaryOut(Schema):
    currency: str
    count: int
    amount: int
    fee: int


class PayoutSummaryOut(Schema):
    """The filtered set's totals, per currency (reais and dollars are never added together)."""

    count: int
    currencies: list[PayoutCurrencySummaryOut]


class PayoutListOut(Schema):
    items: list[PayoutOut]
    next_cursor: str | None
    summary: PayoutSummaryOut


class ReviewIn(Schema):
    note: str = Field(default="", max_length=200)


class RejectIn(Schema):
    reason: str = Field(default="", max_length=200)


class CancelIn(Schema):
    reason: str = Field(default="", max_length=200)


class ComplianceItemOut(Schema):
    id: str
    client: PayoutClientOut
    withdraw_method: str
    amount: int
    fee: int
    currency: str
    beneficiary_name: str
    beneficiary_document: str
    status: str
    created_at: datetime


class ComplianceListOut(Schema):
    items: list[ComplianceItemOut]
    next_cursor: str | None


class CountOut(Schema):
    count: int
