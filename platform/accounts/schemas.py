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
    code: str | None = Field(
        default=None, max_length=32, description="The second factor's code (TOTP or recovery), in one step"
    )


class LoginStepOut(Schema):
    """The password was right and the session waits: "verify" a second factor (one of `methods`:
    totp, passkey, recovery) or, for a role that requires one, "enrol" one first."""

    step: Literal["verify", "enrol"]
    methods: list[str]


class CodeIn(Schema):
    code: str = Field(min_length=1, max_length=32)


class PasskeyCredentialIn(Schema):
    credential: dict[str, Any]


class PasskeyRegisterIn(Schema):
    credential: dict[str, Any]
    name: str = Field(default="", max_length=100)


class TotpSetupOut(Schema):
    secret: str
    uri: str
    qr_svg: str


class PasskeyOut(Schema):
    id: int
    name: str
    created_at: datetime
    last_used_at: datetime | None


class SecurityOut(Schema):
    required: bool
    totp: bool
    totp_since: datetime | None
    recovery_codes_left: int
    passkeys: list[PasskeyOut]


class RecoveryCodesOut(Schema):
    recovery_codes: list[str]


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


class EnrolledOut(Schema):
    """After an enrolment: the recovery codes (shown once, empty when the user already had them) and, when
    it completed a pending login, the session user."""

    recovery_codes: list[str]
    session: SessionUserOut | None = None
