"""API shapes of the API keys. The secret appears in one shape only: the answer to a creation."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import BaseModel, Field


class ApiKeyIn(Schema):
    name: str = Field(min_length=1, max_length=100, description="What the key is for (shown in the list)")
    expires_at: datetime | None = Field(default=None, description="Optional; must be in the future")
    scope: Literal["full", "read_only"] = Field(
        default="full", description="full: what its member may do; read_only: GET only (403 key_read_only)"
    )
    allowed_ips: list[str] = Field(
        default_factory=list,
        max_length=50,
        description="CIDRs or addresses calls must come from (403 key_ip_not_allowed); empty: any",
    )


class ApiKeyOut(BaseModel):
    id: str = Field(description="The key's public id (the prefix of its token)")
    name: str
    prefix: str = Field(description="How the token starts: cofre_<id>")
    status: Literal["active", "expired", "revoked"]
    created_at: datetime
    created_by: str = Field(description="E-mail of the member the key acts for (its creator)")
    last_used_at: datetime | None = Field(description="Updated at most once a minute")
    expires_at: datetime | None
    revoked_at: datetime | None
    scope: Literal["full", "read_only"]
    allowed_ips: list[str] = Field(description="CIDRs calls must come from; empty: any address")
    rotated_at: datetime | None = Field(description="When the secret was last rotated, if ever")
    previous_secret_expires_at: datetime | None = Field(
        description="While a rotation's overlap lasts: when the previous secret stops working; else null"
    )


class ApiKeyRotateIn(Schema):
    overlap_hours: int = Field(
        default=24,
        ge=0,
        le=168,
        description="Hours the old secret keeps working (0: it stops at once; at most 168, 7 days)",
    )


class ApiKeyCreatedOut(ApiKeyOut):
    token: str = Field(
        description="The full token, cofre_<prefix>_<secret>: in this answer only, never again"
    )


class ApiKeyRotatedOut(ApiKeyCreatedOut):
    """The key with its new token (in this answer only); the old one works until
    `previous_secret_expires_at`."""
