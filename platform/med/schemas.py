"""API shapes of the MED desk."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

from core.pagination import DEFAULT_PAGE_SIZE

StatusLiteral = Literal["open", "refunding", "completed", "rejected", "cancelled"]
UrgencyLiteral = Literal["ok", "h48", "h24", "h6", "overdue", "closed"]


class MedQuery(Schema):
    status: list[StatusLiteral] = []
    client: str = Field(default="", max_length=63, description="A client's slug (staff)")
    urgency: Literal["", "h48", "h24", "h6", "overdue"] = Field(
        default="", description="Active cases due within 48/24/6 hours (overdue included), or overdue"
    )
    q: str = Field(
        default="", max_length=200, description="Case, deposit or provider id; payer name or document"
    )
    sort: str = Field(
        default="queue", description="queue (overdue first, then by deadline; closed last) or -reported_at"
    )
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


class DecisionIn(Schema):
    justification: str = Field(min_length=1, max_length=2000)
    evidence_note: str = Field(default="", max_length=2000)


class MedClientRef(Schema):
    slug: str
    name: str


class HopOut(Schema):
    depth: int
    ispb: str
    account: str
    holder_document: str
    amount: int


class PartOut(Schema):
    seq: int
    refund_id: str
    amount: int
    status: str


class MedOut(Schema):
    id: str
    client: MedClientRef
    provider: str
    case_reference: str
    deposit_id: str
    deposit_amount: int
    payer_name: str
    payer_document: str
    amount: int
    currency: str
    reason: str
    details: str
    status: StatusLiteral
    held_amount: int
    hold_shortfall: int
    refunded_amount: int
    refund_confirmed: int
    paid_at: datetime | None
    reported_at: datetime
    notified_at: datetime
    analysis_due_at: datetime
    refund_due_at: datetime | None
    due_at: datetime | None = Field(description="The deadline running now (analysis, then refund)")
    seconds_left: int | None = Field(description="Until due_at; negative when overdue")
    urgency: UrgencyLiteral
    closed_at: datetime | None
    notices: int
    hops_count: int
    decided_by: str | None
    decided_at: datetime | None
    cancel_reason: str
    bank_report: Literal["", "pending", "informed", "not_supported"] = Field(
        description="The decision told to the bank: pending, informed (at bank_informed_at), not_supported"
    )
    bank_informed_at: datetime | None


class EvidenceOut(Schema):
    id: str
    name: str
    content_type: str
    size: int
    uploaded_by: str
    created_at: datetime


class MedDetailOut(MedOut):
    hops: list[HopOut]
    justification: str
    evidence_note: str
    evidence: list[EvidenceOut] = Field(description="Evidence files (staff only; empty for a client)")
    parts: list[PartOut]


class MedListOut(Schema):
    items: list[MedOut]
    next_cursor: str | None
