"""The statistics API's shapes: integer centavos and counts per status."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from ninja import Field, Schema
from pydantic import BaseModel, ConfigDict

from core.api_types import IsoDate


class StatsQuery(Schema):
    """`from` and `to` are São Paulo days, `to` inclusive; by default the current month up to today."""

    currency: Literal["BRL", "USD"] = "BRL"
    from_: IsoDate | None = Field(default=None, alias="from")
    to: IsoDate | None = None
    client: str = Field(default="", max_length=63)


class StatsSeriesQuery(StatsQuery):
    interval: Literal["day", "month"] = "day"


# Answers are plain pydantic models, as payments' are: built from dicts, they need none of ninja.Schema's
# attribute resolution (~0.1 ms an object; a 31-day series is ~500 objects).
class StatsTotalsOut(BaseModel):
    count: int
    amount: int
    fee: int


class StatsDepositTotalsOut(BaseModel):
    waiting: StatsTotalsOut
    pending: StatsTotalsOut
    confirmed: StatsTotalsOut
    paid_to_client: StatsTotalsOut
    canceled: StatsTotalsOut
    expired: StatsTotalsOut
    refunded: StatsTotalsOut


class StatsPayoutTotalsOut(BaseModel):
    waiting: StatsTotalsOut
    approved: StatsTotalsOut
    pending: StatsTotalsOut
    confirmed: StatsTotalsOut
    paid_to_client: StatsTotalsOut
    rejected: StatsTotalsOut
    canceled: StatsTotalsOut
    reversed: StatsTotalsOut


class StatsBalanceOut(BaseModel):
    available: int
    pending: int
    held: int


class StatsCountAmountOut(BaseModel):
    count: int
    amount: int


class StatsExternalOut(BaseModel):
    """Confirmed external adjustments (statements) created in the period: credits and debits apart."""

    credits: StatsCountAmountOut
    debits: StatsCountAmountOut


class StatsSummaryOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    currency: str
    from_: date = Field(alias="from")
    to: date
    deposits: StatsDepositTotalsOut
    payouts: StatsPayoutTotalsOut
    balance: StatsBalanceOut
    external: StatsExternalOut


class StatsPointOut(BaseModel):
    period: date  # the first day of the day or month
    deposits: StatsDepositTotalsOut
    payouts: StatsPayoutTotalsOut


class StatsSeriesOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    currency: str
    from_: date = Field(alias="from")
    to: date
    interval: str
    points: list[StatsPointOut]


class InvoiceClientOut(Schema):
    slug: str
    name: str


class InvoiceTotalOut(Schema):
    """One currency's total: reais and dollars are never added together."""

    currency: str
    count: int
    fee: int


class InvoiceLineOut(Schema):
    kind: Literal["deposit", "payout", "other"]
    method: str
    currency: str
    count: int = Field(description="Movements that paid a fee in the month")
    fee: int = Field(description="Integer centavos")


class InvoiceOut(Schema):
    """A client's fees of one São Paulo month, from the ledger's fee postings. `open` while the month
    is the current one; `closed` after it."""

    number: str
    client: InvoiceClientOut
    month: str
    period_start: date
    period_end: date
    status: Literal["open", "closed"]
    totals: list[InvoiceTotalOut]


class InvoiceListOut(Schema):
    items: list[InvoiceOut]
    next_cursor: str | None


class InvoiceDetailOut(InvoiceOut):
    issued_at: datetime
    lines: list[InvoiceLineOut]


class VolumeQuery(Schema):
    """`from` and `to` are São Paulo days, `to` inclusive (by default the current month up to today);
    `currency` empty for both; `client` a client's slug (empty for every client in scope); `sort` a
    column of the rows, `-` first for descending."""

    from_: IsoDate | None = Field(default=None, alias="from")
    to: IsoDate | None = None
    currency: Literal["", "BRL", "USD"] = ""
    client: str = Field(default="", max_length=63)
    sort: str = Field(default="-deposits_amount", max_length=40)


class VolumeSumsOut(Schema):
    """Counts and integer centavos of money paid in the period: deposits per method (billet, card,
    wire = bank transfer, pix; other methods count in the deposits' total), payouts, and the fees of
    both."""

    billet_count: int
    billet_amount: int
    card_count: int
    card_amount: int
    wire_count: int
    wire_amount: int
    pix_count: int
    pix_amount: int
    deposits_count: int
    deposits_amount: int
    payouts_count: int
    payouts_amount: int
    fees: int
    balance: int = Field(description="Available balance now (the ledger's snapshot), integer centavos")


class VolumeRowOut(VolumeSumsOut):
    client: str = Field(description="The client's slug")
    name: str
    currency: str


class VolumeTotalOut(VolumeSumsOut):
    currency: str
    clients: int


class VolumeOut(Schema):
    from_: date = Field(alias="from")
    to: date
    currency: str
    rows: list[VolumeRowOut]
    totals: list[VolumeTotalOut] = Field(description="One per currency: reais and dollars never added")
