"""Restrictions: /api/restrictions (staff: propose, list, validate, reject, revoke); /api/alerts."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router
from ninja.responses import Status

from access.guard import membership_of, requires_route
from core.idempotency import idempotent
from core.pagination import keyset_page
from restrictions import alerts, services
from restrictions.models import Alert, Restriction
from restrictions.schemas import (
    AlertListOut,
    AlertOut,
    AlertQuery,
    NoteIn,
    ReasonIn,
    RestrictionIn,
    RestrictionListOut,
    RestrictionOut,
    RestrictionQuery,
)

router = Router(tags=["restrictions"])

PROPOSE_ROUTES = ("admin/restrictions", "employee/restrictions")
VALIDATE_ROUTES = ("admin/restrictions", "employee/valid-restrictions")
LIST_ROUTES = ("admin/restrictions", "employee/restrictions", "employee/valid-restrictions")
SORTS = ("created_at",)


def restriction_out(r: Restriction) -> dict[str, Any]:
    def person(user: Any) -> dict[str, str] | None:
        return {"email": user.email} if user is not None else None

    return {
        "id": r.public_id,
        "kind": r.kind,
        "value": r.value,
        "scope": r.scope,
        "client": {"slug": r.tenant.slug, "name": r.tenant.name} if r.tenant is not None else None,
        "reason": r.reason,
        "status": services.effective_status(r),
        "expires_at": r.expires_at,
        "proposed_by": person(r.proposed_by),
        "validated_by": person(r.validated_by),
        "validated_at": r.validated_at,
        "ended_by": person(r.ended_by),
        "ended_at": r.ended_at,
        "end_reason": r.end_reason,
        "created_at": r.created_at,
    }


@router.post("", response={201: RestrictionOut}, summary="Propose a restriction (active once validated)")
@requires_route(*PROPOSE_ROUTES, write=True)
@idempotent("restrictions.create")
def propose_restriction(request: HttpRequest, payload: RestrictionIn) -> Status[dict[str, Any]]:
    restriction = services.propose(
        membership_of(request), kind=payload.kind, value=payload.value, scope=payload.scope,
        client=payload.client, reason=payload.reason, expires_at=payload.expires_at,
    )  # fmt: skip
    return Status(201, restriction_out(restriction))


@router.get("", response=RestrictionListOut, summary="Restrictions: filters, search, keyset pages")
@requires_route(*LIST_ROUTES)
def list_restrictions(request: HttpRequest, filters: Query[RestrictionQuery]) -> dict[str, Any]:
    qs = services.filtered(
        services.restrictions_for(membership_of(request)),
        status=filters.status, kind=filters.kind, client=filters.client, q=filters.q,
    )  # fmt: skip
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=SORTS, cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [restriction_out(r) for r in rows], "next_cursor": next_cursor}


@router.post("/{restriction_id}/validate", response=RestrictionOut, summary="Validate (not its proposer)")
@requires_route(*VALIDATE_ROUTES, write=True)
def validate_restriction(request: HttpRequest, restriction_id: str) -> dict[str, Any]:
    return restriction_out(services.validate(membership_of(request), restriction_id))


@router.post("/{restriction_id}/reject", response=RestrictionOut, summary="Reject a proposal (reason)")
@requires_route(*VALIDATE_ROUTES, write=True)
def reject_restriction(request: HttpRequest, restriction_id: str, payload: ReasonIn) -> dict[str, Any]:
    return restriction_out(services.reject(membership_of(request), restriction_id, payload.reason))


@router.post("/{restriction_id}/revoke", response=RestrictionOut, summary="Revoke an active one (reason)")
@requires_route(*PROPOSE_ROUTES, write=True)
def revoke_restriction(request: HttpRequest, restriction_id: str, payload: ReasonIn) -> dict[str, Any]:
    return restriction_out(services.revoke(membership_of(request), restriction_id, payload.reason))


# -------------------------------------------------------------------------------------------- alerts
alerts_router = Router(tags=["restrictions"])
ALERT_ROUTES = ("admin/customers-alert",)


def alert_out(a: Alert) -> dict[str, Any]:
    return {
        "id": a.public_id,
        "client": {"slug": a.tenant.slug, "name": a.tenant.name},
        "rule": a.rule,
        "document": a.document,
        "reference": a.reference,
        "amount": a.amount,
        "currency": a.currency,
        "hits": a.hits,
        "status": a.status,
        "notes": a.notes,
        "created_at": a.created_at,
        "updated_at": a.updated_at,
    }


@alerts_router.get("", response=AlertListOut, summary="Alerts opened by the rules: filters, keyset pages")
@requires_route(*ALERT_ROUTES)
def list_alerts(request: HttpRequest, filters: Query[AlertQuery]) -> dict[str, Any]:
    qs = alerts.filtered(
        alerts.alerts_for(membership_of(request)),
        status=filters.status,
        rule=filters.rule,
        client=filters.client,
    )
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=SORTS, cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [alert_out(a) for a in rows], "next_cursor": next_cursor}


@alerts_router.post("/{alert_id}/acknowledge", response=AlertOut, summary="Acknowledge an open alert")
@requires_route(*ALERT_ROUTES, write=True)
def acknowledge_alert(request: HttpRequest, alert_id: str, payload: NoteIn) -> dict[str, Any]:
    return alert_out(alerts.decide(membership_of(request), alert_id, "acknowledge", payload.note))


@alerts_router.post("/{alert_id}/resolve", response=AlertOut, summary="Resolve an alert (a note required)")
@requires_route(*ALERT_ROUTES, write=True)
def resolve_alert(request: HttpRequest, alert_id: str, payload: NoteIn) -> dict[str, Any]:
    return alert_out(alerts.decide(membership_of(request), alert_id, "resolve", payload.note))


@alerts_router.post("/{alert_id}/notes", response=AlertOut, summary="Add a note to an alert")
@requires_route(*ALERT_ROUTES, write=True)
@idempotent("alert_notes.create")
def note_alert(request: HttpRequest, alert_id: str, payload: NoteIn) -> dict[str, Any]:
    return alert_out(alerts.decide(membership_of(request), alert_id, "note", payload.note))
