"""API shapes of webhooks. The secret appears only in the answers to a creation and a rotation."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import BaseModel, Field


class EndpointIn(Schema):
    url: str = Field(max_length=2000, description="http(s) URL that receives the events (POST)")
    events: list[str] = Field(
        max_length=50, description="Event types to send (GET /api/webhook-endpoints/event-types)"
    )


class EndpointPatch(Schema):
    url: str | None = Field(default=None, max_length=2000)
    events: list[str] | None = Field(default=None, max_length=50)
    active: bool | None = Field(
        default=None, description="false pauses; true resumes and replays the backlog in order"
    )


class RotateIn(Schema):
    overlap_hours: int = Field(default=24, description="Hours during which the old secret signs too (0-168)")


class EndpointOut(BaseModel):
    id: str
    url: str
    events: list[str]
    status: Literal["active", "paused"]
    paused_reason: str = Field(description='"manual", "failures" or empty')
    consecutive_failures: int
    previous_secret_expires_at: datetime | None = Field(description="End of a rotation's overlap, if any")
    pending: int = Field(description="Deliveries not yet succeeded")
    created_at: datetime


class EndpointCreatedOut(EndpointOut):
    secret: str = Field(description="The signing secret: in this answer only, never again")


class EventTypesOut(BaseModel):
    items: list[str]


class DeliveryOut(BaseModel):
    id: str
    event_id: str = Field(description="The event's id (the `id` of the body): deduplicate on it")
    type: str
    object_id: str
    status: Literal["pending", "succeeded", "failed"]
    attempts: int
    last_status_code: int | None
    last_latency_ms: int | None
    last_error: str
    next_attempt_at: datetime | None
    created_at: datetime
    delivered_at: datetime | None


class DeliveryListOut(BaseModel):
    items: list[DeliveryOut]
    next_cursor: str | None


class AttemptOut(BaseModel):
    number: int
    manual: bool
    succeeded: bool
    status_code: int | None
    latency_ms: int
    error: str
    request_headers: dict[str, str]
    request_body: str
    response_body: str
    created_at: datetime


class DeliveryDetailOut(DeliveryOut):
    endpoint_id: str
    attempt_log: list[AttemptOut]
