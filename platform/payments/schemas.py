"""API shapes of deposits and balances. Amounts are integer centavos."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from ninja import Schema
from pydantic import BaseModel, Field

from core.api_types import Centavos, IsoDate
from gateway.schemas import EXTRA_DESCRIPTION, ProviderExtra

StatusLiteral = Literal[
    "waiting", "pending", "confirmed", "paid_to_client", "canceled", "expired", "refunded"
]


class PayerIn(Schema):
    name: str = Field(min_length=2, max_length=200)
    document: str = Field(min_length=11, max_length=20)
    email: str = Field(default="", max_length=254)
    street: str = Field(default="", max_length=200)
    number: str = Field(default="", max_length=20)
    complement: str = Field(default="", max_length=100)
    neighborhood: str = Field(default="", max_length=100)
    city: str = Field(default="", max_length=100)
    state: str = Field(default="", max_length=2)
    zipcode: str = Field(default="", max_length=9)


class DepositIn(Schema):
    method: Literal["billet", "pix", "card", "wire"] | str = Field(max_length=40)
    amount: Centavos = Field(gt=0, description="Integer centavos")
    currency: Literal["BRL", "USD"] = "BRL"
    payer: PayerIn
    description: str = Field(default="", max_length=200)
    due_date: IsoDate | None = None
    expires_in_seconds: int | None = Field(default=None, ge=60, le=60 * 60 * 24 * 30)
    card_token: str = Field(default="", max_length=80)
    extra: ProviderExtra = Field(default_factory=dict, description=EXTRA_DESCRIPTION)


# Answers are plain pydantic models: they are built from dicts, so they need none of ninja.Schema's
# attribute resolution, which costs ~0.1 ms per object (a page of 50 deposits: ~5 ms).
class DepositEventOut(BaseModel):
    at: datetime
    from_status: str
    to_status: str
    source: str
    note: str
    provider_event_id: str


class PostingOut(BaseModel):
    entry: str
    kind: str
    account: str
    amount: int
    currency: str
    at: datetime


class DepositOut(BaseModel):
    id: str
    status: StatusLiteral
    method: str
    amount: int
    currency: str
    fee: int
    net: int
    paid_amount: int | None
    refunded_amount: int
    description: str
    payer_name: str
    payer_document: str
    payer_email: str
    address: dict[str, str]
    due_date: date | None
    barcode: str | None = None
    typed_line: str | None = None
    brcode: str | None = None
    txid: str | None = None
    expires_at: datetime | None
    card_brand: str | None = None
    card_last4: str | None = None
    wire_instructions: dict[str, str] | None = None
    provider: str
    provider_reference: str
    created_at: datetime
    confirmed_at: datetime | None
    settle_on: date | None
    settled_at: datetime | None


class DepositDetailOut(DepositOut):
    provider_name: str = Field(description="The provider's display name; its code if no longer installed")
    events: list[DepositEventOut]
    postings: list[PostingOut]


class CurrencySummaryOut(BaseModel):
    currency: str
    count: int
    amount: int
    fee: int
    average_ticket: int


class SummaryOut(BaseModel):
    """The filtered set's totals, per currency (reais and dollars are never added together)."""

    count: int
    currencies: list[CurrencySummaryOut]


class DepositListItemOut(BaseModel):
    """A row of the deposits list: what the list shows. The whole record: GET /api/deposits/{id}."""

    id: str
    status: StatusLiteral
    method: str
    amount: int
    currency: str
    fee: int
    net: int
    refunded_amount: int
    payer_name: str
    payer_document: str
    due_date: date | None
    provider: str
    provider_reference: str
    created_at: datetime
    confirmed_at: datetime | None


class DepositListOut(BaseModel):
    items: list[DepositListItemOut]
    next_cursor: str | None


class BalanceOut(BaseModel):
    currency: str
    available: int
    pending: int
    held: int


class SettlementOut(BaseModel):
    """One settlement: a São Paulo day, method and currency of the client's deposits whose money moved
    from pending to available. `net` is what was credited to available (gross - fee - refunds made
    before settlement)."""

    id: str
    date: date
    method: str
    currency: str
    count: int
    gross: int
    fee: int
    net: int
    created_at: datetime


class SettlementListOut(BaseModel):
    items: list[SettlementOut]
    next_cursor: str | None


class SettlementDepositOut(BaseModel):
    id: str
    payer_name: str
    payer_document: str
    amount: int
    fee: int
    net: int
    settled_at: datetime | None


class SettlementDetailOut(SettlementOut):
    """The settlement with a page of its deposits (`deposits_cursor` for the next one)."""

    deposits: list[SettlementDepositOut]
    deposits_cursor: str | None


class ReceiptCompanyOut(BaseModel):
    name: str
    slug: str
    logo_url: str | None = Field(description="The company's logo (clients/config); null: none")


class ReceiptPayerOut(BaseModel):
    name: str
    document: str
    email: str


class DepositReceiptOut(BaseModel):
    """A paid deposit's receipt. `authentication_code`: an HMAC of the payment's facts, by the
    platform's secret (the same facts give the same code; a changed figure cannot match it)."""

    kind: Literal["deposit"]
    id: str
    authentication_code: str
    issued_at: datetime
    company: ReceiptCompanyOut
    payer: ReceiptPayerOut
    status: StatusLiteral
    method: str
    currency: str
    amount: int
    fee: int
    net: int
    refunded_amount: int
    description: str
    created_at: datetime
    confirmed_at: datetime
    due_date: date | None
    settle_on: date | None
    settled_at: datetime | None
    provider_reference: str
    txid: str | None
    settlement_id: str | None


class SettlementReceiptDepositOut(BaseModel):
    id: str
    payer_name: str
    payer_document: str
    amount: int
    fee: int
    net: int
    confirmed_at: datetime | None


class SettlementReceiptOut(BaseModel):
    """A settlement's receipt with its payments (the first 500; `deposits_truncated` when more)."""

    kind: Literal["settlement"]
    id: str
    authentication_code: str
    issued_at: datetime
    company: ReceiptCompanyOut
    date: date
    method: str
    currency: str
    count: int
    gross: int
    fee: int
    net: int
    created_at: datetime
    updated_at: datetime
    deposits: list[SettlementReceiptDepositOut]
    deposits_truncated: bool
