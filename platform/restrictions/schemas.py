"""API shapes of restrictions."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import AwareDatetime, Field

from core.pagination import DEFAULT_PAGE_SIZE

KindLiteral = Literal["document", "pix_key", "bank_account", "email", "phone"]
ScopeLiteral = Literal["platform", "client"]
StatusLiteral = Literal["proposed", "active", "rejected", "revoked", "expired"]


class RestrictionIn(Schema):
    kind: KindLiteral
    value: str = Field(min_length=1, max_length=200, description="bank_account: bank/agency/account")
    scope: ScopeLiteral
    client: str | None = Field(default=None, max_length=63, description="A client's slug (scope client)")
    reason: str = Field(min_length=1, max_length=1000)
    expires_at: AwareDatetime | None = None


class ReasonIn(Schema):
    reason: str = Field(min_length=1, max_length=1000)


class RestrictionQuery(Schema):
    status: StatusLiteral | None = None
    kind: KindLiteral | None = None
    client: str = Field(default="", max_length=63, description="A client's slug, or `platform`")
    q: str = Field(default="", max_length=200)
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


class ClientRef(Schema):
    slug: str
    name: str


class PersonRef(Schema):
    email: str


class RestrictionOut(Schema):
    id: str
    kind: KindLiteral
    value: str
    scope: ScopeLiteral
    client: ClientRef | None
    reason: str
    status: StatusLiteral
    expires_at: datetime | None
    proposed_by: PersonRef
    validated_by: PersonRef | None
    validated_at: datetime | None
    ended_by: PersonRef | None
    ended_at: datetime | None
    end_reason: str
    created_at: datetime


class RestrictionListOut(Schema):
    items: list[RestrictionOut]
    next_cursor: str | None


AlertStatusLiteral = Literal["open", "acknowledged", "resolved"]
AlertRuleLiteral = Literal["burst", "night_pix"]


class AlertQuery(Schema):
    status: AlertStatusLiteral | None = None
    rule: AlertRuleLiteral | None = None
    client: str = Field(default="", max_length=63)
    sort: str = "-created_at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


class NoteIn(Schema):
    note: str = Field(default="", max_length=1000)


class AlertNoteOut(Schema):
    author: str
    text: str
    at: datetime


class AlertOut(Schema):
    id: str
    client: ClientRef
    rule: AlertRuleLiteral
    document: str
    reference: str
    amount: int
    currency: str
    hits: int
    status: AlertStatusLiteral
    notes: list[AlertNoteOut]
    created_at: datetime
    updated_at: datetime


class AlertListOut(Schema):
    items: list[AlertOut]
    next_cursor: str | None
