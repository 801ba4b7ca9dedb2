"""API shapes of customers (client/crm) and of the document look-up (client/kyc-consult)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

from core.pagination import DEFAULT_PAGE_SIZE
from customers.models import MAX_TAG, MAX_TAGS

SortLiteral = Literal[
    "-last_seen_at", "last_seen_at", "-deposit_total", "deposit_total", "-deposit_count", "deposit_count",
    "search_name", "-search_name",
]  # fmt: skip


class CustomerQuery(Schema):
    q: str = Field(default="", max_length=200, description="A name (words as parts) or a CPF/CNPJ (prefix)")
    sort: SortLiteral = "-last_seen_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


class CustomerCurrencyTotals(Schema):
    deposits: int
    paid: int  # centavos
    refunds: int
    refunded: int  # centavos


class CustomerOut(Schema):
    document: str
    name: str
    email: str
    phone: str
    deposit_count: int = Field(description="Paid deposits, every currency")
    deposit_total: int = Field(description="Paid, centavos, BRL")
    refund_count: int
    refund_total: int = Field(description="Refunded, centavos, BRL")
    totals: dict[str, CustomerCurrencyTotals] = Field(description="Per currency")
    first_seen_at: datetime
    last_seen_at: datetime
    last_paid_at: datetime | None
    tags: list[str]


class CustomerListOut(Schema):
    items: list[CustomerOut]
    next_cursor: str | None


class CustomerNoteOut(Schema):
    id: int
    text: str
    author: str
    created_at: datetime


class CustomerMovementOut(Schema):
    kind: Literal["deposit", "payout", "refund"]
    id: str
    method: str
    status: str
    amount: int
    currency: str
    created_at: datetime


class CustomerDetailOut(CustomerOut):
    notes: list[CustomerNoteOut]
    history: list[CustomerMovementOut]


class CustomerNoteIn(Schema):
    text: str = Field(max_length=2000)


class CustomerTagsIn(Schema):
    tags: list[str] = Field(max_length=MAX_TAGS * 2, description=f"At most {MAX_TAGS}, {MAX_TAG} characters")


# ------------------------------------------------------------------------------------- kyc-consult
class KycClientRef(Schema):
    slug: str
    name: str


class KycFigureOut(Schema):
    kind: Literal["deposit", "payout", "refund"]
    currency: str
    count: int
    settled: int = Field(description="Centavos that moved: paid deposits and payouts, confirmed refunds")


class KycClientOut(Schema):
    client: KycClientRef
    figures: list[KycFigureOut]
    first_seen_at: datetime | None
    last_seen_at: datetime | None


class KycRestrictionOut(Schema):
    id: str
    scope: Literal["platform", "client"]
    reason: str
    expires_at: datetime | None
    client: KycClientRef | None
    created_at: datetime


class KycAlertOut(Schema):
    id: str
    rule: str
    status: str
    hits: int
    client: KycClientRef
    created_at: datetime


class KycConsultOut(Schema):
    document: str
    kind: Literal["cpf", "cnpj"]
    first_seen_at: datetime | None
    last_seen_at: datetime | None
    clients: list[KycClientOut]
    restrictions: list[KycRestrictionOut]
    alerts: list[KycAlertOut]


# ------------------------------------------------------------------------------- kyc-phones-emails
class ContactQuery(Schema):
    kind: Literal["email", "phone"] | None = None
    shared: bool = Field(default=False, description="Only those used by SHARED_THRESHOLD documents or more")
    q: str = Field(default="", max_length=254, description="The start of an e-mail or phone")
    sort: Literal["-documents", "documents", "-last_seen_at", "last_seen_at"] = "-documents"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


class ContactDocumentOut(Schema):
    document: str
    clients: list[KycClientRef]
    uses: int


class ContactOut(Schema):
    id: int
    kind: Literal["email", "phone"]
    value: str
    documents: int
    shared: bool = Field(description="Used by SHARED_THRESHOLD documents or more")
    first_seen_at: datetime
    last_seen_at: datetime
    used_by: list[ContactDocumentOut] = Field(description="Up to 20 documents, most uses first")


class ContactListOut(Schema):
    items: list[ContactOut]
    next_cursor: str | None
    threshold: int
