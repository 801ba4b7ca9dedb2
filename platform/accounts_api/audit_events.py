"""The audit trail: /api/audit-events (client/logs).

A client's managers read their own tenant's trail on its host (the connection is in its schema, so
no other tenant's entry can be reached). Platform staff read the platform's trail on the platform
host, or, with `client=<slug>`, the trail of a client within their scope (404 outside it)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from datetime import datetime
from typing import Any

from django.http import HttpRequest
from django_tenants.utils import schema_context
from ninja import Query, Router, Schema
from pydantic import Field

from access.guard import membership_of, requires_route
from access.scoped import access_tenant_by_slug
from audit import queries
from audit.models import AuditEntry
from core.api_types import IsoDate
from core.errors import NotFoundError
from core.pagination import DEFAULT_PAGE_SIZE, keyset_page
from tenants.models import TenantKind

router = Router(tags=["audit"])
ROUTES = ("client/logs",)


class AuditQuery(Schema):
    client: str = Field(default="", max_length=63, description="Staff: a client's trail (slug)")
    actor: str = Field(default="", max_length=254, description="Part of the actor's e-mail")
    action: str = Field(default="", max_length=64, description="An action code or its family (`payout`)")
    target: str = Field(default="", max_length=64, description="The target's id or type")
    date_from: IsoDate | None = None
    date_to: IsoDate | None = None
    sort: str = "-at"
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = Field(default=None, max_length=200)


class AuditActorOut(Schema):
    id: int | None
    email: str


class AuditTargetOut(Schema):
    type: str
    id: str


class AuditEventOut(Schema):
    id: int
    at: datetime
    action: str
    actor: AuditActorOut
    target: AuditTargetOut | None
    ip: str | None
    user_agent: str
    data: dict[str, Any]


class AuditEventListOut(Schema):
    items: list[AuditEventOut]
    next_cursor: str | None


def event_out(entry: AuditEntry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "at": entry.at,
        "action": entry.action,
        "actor": {"id": entry.actor_id, "email": entry.actor_email},
        "target": {"type": entry.target_type, "id": entry.target_id} if entry.target_type else None,
        "ip": entry.ip,
        "user_agent": entry.user_agent,
        "data": entry.data if isinstance(entry.data, dict) else {"value": entry.data},
    }


@router.get("", response=AuditEventListOut, summary="The audit trail: filters, keyset pages")
@requires_route(*ROUTES)
def list_audit_events(request: HttpRequest, filters: Query[AuditQuery]) -> dict[str, Any]:
    membership = membership_of(request)
    home = membership.tenant
    schema = home.schema_name
    if filters.client:
        if home.kind == TenantKind.PLATFORM:
            schema = access_tenant_by_slug(membership, filters.client).schema_name
        elif filters.client != home.slug:
            raise NotFoundError
    with schema_context(schema):
        qs = queries.filtered(
            actor=filters.actor.strip(),
            action=filters.action.strip(),
            target=filters.target.strip(),
            date_from=filters.date_from,
            date_to=filters.date_to,
        )
        rows, next_cursor = keyset_page(
            qs, sort=filters.sort, allowed=queries.SORTS, cursor=filters.cursor, size=filters.per_page
        )
        return {"items": [event_out(entry) for entry in rows], "next_cursor": next_cursor}
