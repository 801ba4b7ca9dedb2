"""API shapes of KYC onboarding."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

from core.api_types import BasisPoints, IsoDate
from core.pagination import DEFAULT_PAGE_SIZE

StatusLiteral = Literal["draft", "pending", "under_review", "approved", "rejected", "review_due"]
KindLiteral = Literal["articles", "id", "proof_of_address", "other"]


class KycPersonIn(Schema):
    role: Literal["representative", "owner"]
    name: str = Field(max_length=200)
    cpf: str = Field(max_length=20, description="CPF, with or without punctuation (check digits verified)")
    share_bp: BasisPoints | None = Field(
        default=None, description="Share of the company owned, in basis points (2550 = 25.50 %); owners"
    )


class KycIn(Schema):
    legal_name: str = Field(default="", max_length=200)
    trade_name: str = Field(default="", max_length=200)
    cnpj: str = Field(
        default="", max_length=20, description="CNPJ (numeric or alphanumeric), check digits verified"
    )
    people: list[KycPersonIn] = Field(
        default=[], max_length=50, description="Legal representatives and owners"
    )


class KycPersonOut(Schema):
    role: str
    name: str
    cpf: str
    share_bp: int


class KycDocumentOut(Schema):
    id: str
    kind: KindLiteral
    name: str
    content_type: str
    size: int
    created_at: datetime


class KycClientRef(Schema):
    slug: str
    name: str


class KycOut(Schema):
    client: KycClientRef
    status: StatusLiteral
    expiring: bool = Field(description="Approved, with its periodic review due within 30 days")
    legal_name: str
    trade_name: str
    cnpj: str
    people: list[KycPersonOut]
    documents: list[KycDocumentOut]
    rejection_reason: str
    reopen_reason: str
    submitted_at: datetime | None
    decided_at: datetime | None
    decided_by: str | None
    review_due_on: date | None
    changed_at: datetime
    editable: bool = Field(description="The client may change it now (a draft or a rejected file)")
    payouts_blocked: bool = Field(
        description="Payouts are refused until approval (the platform's setting is on and it is not approved)"
    )


class KycListItem(Schema):
    client: KycClientRef
    status: StatusLiteral
    expiring: bool
    legal_name: str
    cnpj: str
    documents: int
    submitted_at: datetime | None
    changed_at: datetime
    review_due_on: date | None


class KycListOut(Schema):
    items: list[KycListItem]
    next_cursor: str | None


class KycQuery(Schema):
    status: list[
        Literal["draft", "pending", "under_review", "approved", "rejected", "review_due", "expiring"]
    ] = []
    client: str = Field(default="", max_length=63, description="A client's slug")
    q: str = Field(default="", max_length=200, description="Legal name, client name or CNPJ")
    sort: str = Field(default="changed_at", description="changed_at (oldest change first) or -changed_at")
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


class KycApproveIn(Schema):
    review_due_on: IsoDate | None = Field(
        default=None, description="The periodic review (default: in a year)"
    )


class KycRejectIn(Schema):
    reason: str = Field(min_length=1, max_length=2000, description="What the client must correct")


class KycReviewDateIn(Schema):
    review_due_on: IsoDate


class KycReopenIn(Schema):
    reason: str = Field(
        min_length=1, max_length=2000, description="Why the file is reopened (the client reads it)"
    )
