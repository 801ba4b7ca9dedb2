"""Members of this host's tenant: /api/members (client users, partner users, platform employees)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import HttpRequest
from ninja import Router, Schema
from ninja.responses import Status
from pydantic import Field

from access.guard import membership_of, requires_route
from accounts import members, second_factor
from accounts.schemas import MemberOut, member_out
from accounts_api import password_reset
from core.api_types import JsonBool
from core.idempotency import idempotent
from core.security import session_auth

router = Router(tags=["members"])

# Who manages members, by tenant kind: the client's users screen, the partner's, the admin's employees.
MEMBER_ROUTES = ("clients/client-user", "partner/users", "admin/employees")


class MemberAddedOut(MemberOut):
    initial_password: str | None = Field(
        default=None, description="A one-time password for a new login (shown once), else null"
    )


class MemberIn(Schema):
    email: str = Field(min_length=3, max_length=254)
    name: str = Field(default="", max_length=150)
    role: str
    password: str = Field(default="", max_length=512)


class MemberChangeIn(Schema):
    role: str | None = None
    is_active: JsonBool | None = None


@router.get("", response=list[MemberOut], summary="Members of this tenant")
@requires_route(*MEMBER_ROUTES)
def list_members(request: HttpRequest) -> list[dict[str, Any]]:
    return [member_out(m) for m in members.members_of(membership_of(request).tenant)]


# Adding members (with passwords) and changing roles take a session: an API key must not mint logins.
# Adding one gives a role: a fresh second factor, as for changing a role (checked before the create).
@router.post("", response={201: MemberAddedOut}, auth=session_auth, summary="Add a member")
@requires_route(*MEMBER_ROUTES, write=True)
@second_factor.steps_up
@idempotent("members.create")
def add_member(request: HttpRequest, payload: MemberIn) -> Status[dict[str, Any]]:
    added = members.do_add_member(
        membership_of(request),
        email=payload.email,
        name=payload.name,
        role=payload.role,
        password=payload.password,
    )
    password_reset.invite(request, added.membership, membership_of(request).user)
    return Status(201, {**member_out(added.membership), "initial_password": added.initial_password})


@router.patch(
    "/{member_id}", response=MemberOut, auth=session_auth, summary="Change a member's role or access"
)
@requires_route(*MEMBER_ROUTES, write=True)
def change_member(request: HttpRequest, member_id: int, payload: MemberChangeIn) -> dict[str, Any]:
    actor = membership_of(request)
    target = members.access_member(actor, member_id)
    if payload.role is not None and payload.role != target.role:
        second_factor.require_step_up(request)
    return member_out(members.do_change_member(actor, target, role=payload.role, is_active=payload.is_active))
