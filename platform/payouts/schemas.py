"""API shapes of bank accounts, payouts, the compliance queue and refunds. Amounts: integer centavos."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

from payments.schemas import PostingOut  # one ledger posting shape for deposits and payouts

PayoutStatusLiteral = Literal[
    "waiting", "pending", "approved", "rejected", "confirmed", "canceled", "reversed", "paid_to_client"
]
KindLiteral = Literal["standard", "manual", "transactional", "wallet"]
MethodLiteral = Literal["pix", "ted"]
AccountTypeLiteral = Literal["checking", "savings", "payment"]
PixKeyTypeLiteral = Literal["cpf", "cnpj", "phone", "email", "evp", ""]


class BankOut(Schema):
    ispb: str
    compe: str | None
    name: str


class BankAccountIn(Schema):
    holder_name: str = Field(min_length=2, max_length=200)
    holder_document: str = Field(min_length=11, max_length=20, description="CPF or CNPJ")
    bank_ispb: str = Field(default="", max_length=8, description="ISPB (8 digits); or give bank_compe")
    bank_compe: str = Field(default="", max_length=3, description="COMPE code (3 digits)")
    agency: str = Field(max_length=5)
    agency_digit: str = Field(default="", max_length=1)
    account: str = Field(max_length=20)
    account_digit: str = Field(max_length=2)
    account_type: AccountTypeLiteral
    operation: str = Field(default="", max_length=3, description="Caixa's account operation (e.g. 013)")
    pix_key: str = Field(default="", max_length=77, description="Any PIX key type (CPF, CNPJ, phone, ...)")
    pix_key_type: PixKeyTypeLiteral = Field(default="", description="Optional: guessed from the key")


class BankAccountOut(Schema):
    id: str
    owner: Literal["company", "customer"]
    holder_name: str
    holder_document: str
    bank: BankOut
    agency: str
    agency_digit: str
    account: str
    account_digit: str
    account_type: str
    operation: str
    pix_key: str
    pix_key_type: str
    created_at: datetime


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
    amount: int = Field(gt=0, description="Integer centavos")
    currency: Literal["BRL", "USD"] = "BRL"
    method: MethodLiteral
    kind: KindLiteral = "standard"
    bank_account_id: str = Field(default="", max_length=32, description="A registered bank account")
    beneficiary: BeneficiaryIn | None = Field(default=None, description="Or an inline beneficiary")
    description: str = Field(default="", max_length=200)
    sandbox_scenario: str | None = Field(default=None, max_length=20, description="Sandbox bank only")


class StaffPayoutIn(PayoutIn):
    client: str = Field(min_length=2, max_length=50, description="The client's slug")


class PayoutClientOut(Schema):
    slug: str
    name: str


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


class PayoutSummaryOut(Schema):
    count: int
    amount: int


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


class ComplianceRuleIn(Schema):
    currency: Literal["BRL", "USD"] = "BRL"
    auto_approve_up_to: int = Field(ge=0, description="Centavos; 0: every payout is reviewed")


class ComplianceRuleOut(Schema):
    client: PayoutClientOut
    currency: str
    auto_approve_up_to: int
    updated_at: datetime


class RefundIn(Schema):
    amount: int = Field(gt=0, description="Integer centavos")
    reason: str = Field(default="", max_length=200)
    sandbox_scenario: str | None = Field(default=None, max_length=20, description="Sandbox bank only")


class RefundOut(Schema):
    id: str
    deposit_id: str
    deposit_method: str
    status: Literal["pending", "confirmed", "failed"]
    amount: int
    currency: str
    reason: str
    from_pending: int
    from_available: int
    payer_name: str
    payer_document: str
    created_by_id: int | None
    created_at: datetime
    confirmed_at: datetime | None
    transaction_id: str = Field(description="The provider's reference (empty until the provider has it)")
    failure_reason: str = Field(description="Why the provider could not refund (status failed)")
    failed_at: datetime | None


class RefundListOut(Schema):
    items: list[RefundOut]
    next_cursor: str | None
