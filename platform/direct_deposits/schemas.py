"""API shapes of PIX keys and direct deposits."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

from core.api_types import IsoDate
from core.pagination import DEFAULT_PAGE_SIZE

KeyTypeLiteral = Literal["cpf", "cnpj", "email", "phone", "evp"]
StatusLiteral = Literal[
    "waiting", "pending", "confirmed", "paid_to_client", "canceled", "expired", "refunded"
]


class PixKeyIn(Schema):
    key_type: KeyTypeLiteral
    key: str = Field(
        default="",
        max_length=100,
        description="The key as typed; empty for a random key (evp) drawn by Cofre",
    )


class PixKeyOut(Schema):
    id: str
    key_type: KeyTypeLiteral
    key: str = Field(description="DICT form: digits of a CPF/CNPJ, +55 phone, lower-case e-mail or UUID")
    provider: str = Field(description="The bank the key is registered at (empty: Cofre's directory only)")
    created_at: datetime


class PixKeyListOut(Schema):
    items: list[PixKeyOut]
    limit: int = Field(description="Keys a company may have (DICT: 20)")


class DirectDepositQuery(Schema):
    status: list[StatusLiteral] = []
    key: str = Field(default="", max_length=77, description="The key the money reached (DICT form)")
    date_from: IsoDate | None = None
    date_to: IsoDate | None = None
    q: str = Field(
        default="", max_length=200, description="Deposit id, end-to-end id, payer document or name"
    )
    sort: str = Field(default="-created_at", description="created_at or amount, - for descending")
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


class StaffDirectDepositQuery(DirectDepositQuery):
    client: str = Field(default="", max_length=63, description="A client's slug")


class DirectDepositOut(Schema):
    id: str
    status: str
    amount: int
    fee: int
    currency: str
    payer_name: str
    payer_document: str
    key: str
    end_to_end_id: str
    created_at: datetime
    settle_on: str | None = Field(
        default=None, description="YYYY-MM-DD: when it reaches the available balance"
    )


class DirectDepositListOut(Schema):
    items: list[DirectDepositOut]
    next_cursor: str | None


class StaffDirectDepositOut(Schema):
    id: str
    client: str
    client_name: str
    status: str
    amount: int
    fee: int
    currency: str
    payer_name: str
    payer_document: str
    key: str
    end_to_end_id: str
    created_at: datetime


class StaffDirectDepositListOut(Schema):
    items: list[StaffDirectDepositOut]
    next_cursor: str | None
