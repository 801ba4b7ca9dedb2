"""API shapes of payout imports. Amounts: integer centavos."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

ImportStatusLiteral = Literal["preview", "confirming", "confirmed", "canceled"]


class RowErrorOut(Schema):
    field: str = Field(description='The column ("" for the whole row, e.g. a duplicate)')
    code: str
    message: str = Field(description="In the request's language")


class ImportRowOut(Schema):
    line: int
    status: Literal["ok", "error"]
    errors: list[RowErrorOut]
    name: str
    email: str
    document: str
    amount: int
    method: str
    bank: str = Field(description="The bank's name (empty for a PIX key)")
    pix_key: str
    outcome: Literal["", "confirmed", "not_submitted"] = Field(description="After confirm")
    reason: str = Field(description="Why not submitted, in the request's language")
    payout_id: str


class ImportTotalsOut(Schema):
    rows: int
    ok: int
    error: int
    amount: int = Field(description="The ok rows' total, centavos")
    currency: str
    processed: int = Field(description="Rows done by confirm (its progress)")
    submitted: int
    not_submitted: int
    submitted_amount: int


class ImportOut(Schema):
    id: str
    status: ImportStatusLiteral
    file_name: str
    format: str
    failed: bool = Field(description="Some row has an error or was not submitted")
    totals: ImportTotalsOut
    created_at: datetime
    confirmed_at: datetime | None
    finished_at: datetime | None


class ImportDetailOut(ImportOut):
    rows: list[ImportRowOut]


class ImportListOut(Schema):
    items: list[ImportOut]
    next_cursor: str | None
