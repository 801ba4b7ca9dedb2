"""API shapes of the compliance rules."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

from core.api_types import Centavos


class PayoutClientOut(Schema):
    slug: str
    name: str


class ComplianceRuleIn(Schema):
    currency: Literal["BRL", "USD"] = "BRL"
    auto_approve_up_to: Centavos = Field(ge=0, description="Centavos; 0: every payout is reviewed")


class ComplianceRuleOut(Schema):
    client: PayoutClientOut
    currency: str
    auto_approve_up_to: int
    updated_at: datetime
