"""API shapes of refunds. Amounts: integer centavos."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

from core.api_types import Centavos
from gateway.schemas import EXTRA_DESCRIPTION, ProviderExtra


class RefundIn(Schema):
    amount: Centavos = Field(gt=0, description="Integer centavos")
    reason: str = Field(default="", max_length=200)
    extra: ProviderExtra = Field(default_factory=dict, description=EXTRA_DESCRIPTION)


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
