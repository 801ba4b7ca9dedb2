"""The statistics API's shapes: integer centavos and counts per status."""

from __future__ import annotations

from datetime import date
from typing import Literal

from ninja import Field, Schema

from core.api_types import IsoDate


class StatsQuery(Schema):
    """`from` and `to` are São Paulo days, `to` inclusive; by default the current month up to today."""

    currency: Literal["BRL", "USD"] = "BRL"
    from_: IsoDate | None = Field(default=None, alias="from")
    to: IsoDate | None = None
    client: str = Field(default="", max_length=63)


class SeriesQuery(StatsQuery):
    interval: Literal["day", "month"] = "day"


class TotalsOut(Schema):
    count: int
    amount: int
    fee: int


class DepositTotalsOut(Schema):
    waiting: TotalsOut
    pending: TotalsOut
    confirmed: TotalsOut
    paid_to_client: TotalsOut
    canceled: TotalsOut
    expired: TotalsOut
    refunded: TotalsOut


class PayoutTotalsOut(Schema):
    waiting: TotalsOut
    approved: TotalsOut
    pending: TotalsOut
    confirmed: TotalsOut
    paid_to_client: TotalsOut
    rejected: TotalsOut
    canceled: TotalsOut
    reversed: TotalsOut


class BalanceOut(Schema):
    available: int
    pending: int
    held: int


class SummaryOut(Schema):
    currency: str
    from_: date = Field(alias="from")
    to: date
    deposits: DepositTotalsOut
    payouts: PayoutTotalsOut
    balance: BalanceOut


class PointOut(Schema):
    period: date  # the first day of the day or month
    deposits: DepositTotalsOut
    payouts: PayoutTotalsOut


class SeriesOut(Schema):
    currency: str
    from_: date = Field(alias="from")
    to: date
    interval: str
    points: list[PointOut]
