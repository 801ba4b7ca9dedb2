"""API shapes of the identity endpoints."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from ninja import Schema
from pydantic import Field

if TYPE_CHECKING:
    from accounts.models import Membership


class LoginIn(Schema):
    email: str = Field(min_length=3, max_length=254)
    password: str = Field(min_length=1, max_length=512)


class ClientOut(Schema):
    name: str


class SessionTenantOut(Schema):
    slug: str
    name: str
    kind: Literal["platform", "client", "partner"]


class MenuEntryOut(Schema):
    route: str
    group: str
    badge: str | None = None
    write: bool  # whether the user may use this entry's write actions (generate, approve, cancel...)


class SessionUserOut(Schema):
    id: int
    email: str
    userName: str  # noqa: N815  (field names of the specification, section 3)
    role: str
    userRole: str  # noqa: N815
    modules: list[str]
    feature_toggles: list[str]
    company_name: str
    client: ClientOut | None
    tenant: SessionTenantOut
    language: Literal["pt-BR", "en"]
    avatar_url: str | None
    interface_settings: dict[str, Any]
    home: str
    can_write: bool  # false for the read-only roles: they see their entries but change nothing
    menu: list[MenuEntryOut]


class ProfileIn(Schema):
    name: str | None = Field(default=None, max_length=150)
    language: Literal["pt-BR", "en"] | None = None
    interface_settings: dict[str, Any] | None = None


class PasswordIn(Schema):
    current_password: str = Field(min_length=1, max_length=512)
    new_password: str = Field(min_length=1, max_length=512)


class OkOut(Schema):
    ok: bool


class PasswordResetIn(Schema):
    email: str = Field(min_length=3, max_length=254)


class PasswordResetConfirmIn(Schema):
    uid: str = Field(min_length=1, max_length=64)
    token: str = Field(min_length=1, max_length=128)
    password: str = Field(min_length=1, max_length=512)


class CsrfOut(Schema):
    csrfToken: str  # noqa: N815


class MemberOut(Schema):
    """A member of a tenant (its users screen: /api/members; a partner's users: /api/admin/partners)."""

    id: int
    user_id: int
    email: str
    name: str
    role: str
    is_active: bool
    last_login: datetime | None
    created_at: datetime


def member_out(membership: Membership) -> dict[str, Any]:
    return {
        "id": membership.pk,
        "user_id": membership.user_id,
        "email": membership.user.email,
        "name": membership.user.name,
        "role": membership.role,
        "is_active": membership.is_active,
        "last_login": membership.user.last_login,
        "created_at": membership.created_at,
    }
