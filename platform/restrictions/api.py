"""Restrictions: /api/restrictions (staff: propose, list, validate, reject, revoke)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router
from ninja.responses import Status

from access.guard import membership_of, requires_route
from core.pagination import keyset_page
from restrictions import services
from restrictions.models import Restriction
from restrictions.schemas import ReasonIn, RestrictionIn, RestrictionListOut, RestrictionOut, RestrictionQuery

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
