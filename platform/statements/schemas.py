"""API shapes of statements, external adjustments and client balances. Money: integer centavos."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from ninja import Schema
from pydantic import BaseModel, Field

from core.api_types import IsoDate
from core.pagination import DEFAULT_PAGE_SIZE

CurrencyLiteral = Literal["BRL", "USD"]
DirectionLiteral = Literal["credit", "debit"]
AdjustmentStatusLiteral = Literal["proposed", "confirmed", "rejected"]


class BalanceClientRef(Schema):
    slug: str
    name: str


class StaffRef(Schema):
    email: str


class AccountOut(Schema):
    code: str = Field(description="The account's code: pass it as `account` to /api/statements")
    kind: str = Field(description="available, pending, held, fee_revenue, provider_clearing, ...")
    currency: str
    client: BalanceClientRef | None = Field(description="The client or partner it belongs to, if any")
    provider: str
    balance: int = Field(description="Current balance as a person reads it (centavos)")


class AccountListOut(Schema):
    items: list[AccountOut]


class AccountQuery(Schema):
    client: str = Field(default="platform", max_length=63, description="A client's slug, or `platform`")


class StatementQuery(Schema):
    account: str = Field(default="", max_length=120, description="An account code (/api/statements/accounts)")
    date_from: IsoDate | None = Field(
        default=None, alias="from", description="First São Paulo day (default: the month's first)"
    )
    date_to: IsoDate | None = Field(
        default=None, alias="to", description="Last São Paulo day, inclusive (default: today)"
    )
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = Field(default=None, max_length=200)


# A plain pydantic model, not a ninja Schema: a page has up to 100 of them and ninja's per-object root
# validator (attribute access over Django objects) costs more than the page's query.
class StatementLineOut(BaseModel):
    id: int
    posted_at: datetime
    kind: str = Field(
        description="The entry's kind: deposit_confirmed, payout_reserved, external_credit, ..."
    )
    reference: str = Field(description="The deposit, payout, refund or adjustment id")
    memo: str
    amount: int = Field(description="Signed as a person reads the account: positive raises the balance")
    balance: int = Field(description="Running balance after this posting")


class StatementOut(Schema):
    account: AccountOut
    date_from: date
    date_to: date
    opening_balance: int
    closing_balance: int
    items: list[StatementLineOut]
    next_cursor: str | None


class AdjustmentIn(Schema):
    client: str = Field(min_length=1, max_length=63, description="The client's slug")
    direction: DirectionLiteral
    amount: int = Field(gt=0, le=10**13, description="Centavos")
    currency: CurrencyLiteral
    reason: str = Field(min_length=1, max_length=1000)


class AdjustmentReasonIn(Schema):
    reason: str = Field(min_length=1, max_length=1000)


class AdjustmentOut(Schema):
    id: str
    client: BalanceClientRef
    direction: DirectionLiteral
    amount: int
    currency: str
    reason: str
    status: AdjustmentStatusLiteral
    proposed_by: StaffRef
    decided_by: StaffRef | None
    decided_at: datetime | None
    reject_reason: str
    created_at: datetime


class AdjustmentQuery(Schema):
    status: AdjustmentStatusLiteral | None = None
    client: str = Field(default="", max_length=63)
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


class AdjustmentListOut(Schema):
    items: list[AdjustmentOut]
    next_cursor: str | None


class BalanceQuery(Schema):
    q: str = Field(default="", max_length=200)
    currency: CurrencyLiteral | None = None
    sort: str = Field(default="name", max_length=20, description="name|available|pending|held, - descends")
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = Field(default=None, max_length=200, description="next_cursor of the page before")


class BalanceRowOut(Schema):
    client: BalanceClientRef
    currency: str
    available: int
    pending: int
    held: int


class CurrencyTotalsOut(Schema):
    currency: str
    available: int
    pending: int
    held: int


class BalanceListOut(Schema):
    items: list[BalanceRowOut]
    next_cursor: str | None
    count: int = Field(description="Rows (client and currency) matching, on every page")
    totals: list[CurrencyTotalsOut] = Field(description="Per currency over every matching row")
