"""Members of a tenant: list, add, change role, deactivate. Every change is audited."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet

from accounts import grants
from accounts.models import Membership, User
from accounts.roles import ROLES_BY_KIND, Role
from audit import services as audit
from core.errors import AppError, NotFoundError
from tenants.models import Tenant, TenantKind

# Owner roles can only be granted by an owner of the same tenant (a client_user_admin cannot make
# someone `client`, nor promote themselves).
OWNER_ROLES = frozenset({Role.CLIENT, Role.PARTNER, Role.PARTNER_SUPERADMIN, Role.ADMIN})


def members_of(tenant: Tenant) -> QuerySet[Membership]:
    return Membership.objects.filter(tenant=tenant).select_related("user").order_by("user__email")


def access_member(actor: Membership, membership_id: int) -> Membership:
    """A membership of the actor's own tenant, or 404."""
    found = members_of(actor.tenant).filter(pk=membership_id).first()
    if found is None:
        raise NotFoundError
    return found


def access_member_user(actor: Membership, user_id: int, *, role: str | None = None) -> User:
    """The identity of a member of the actor's own tenant (optionally with `role`), or 404."""
    found = members_of(actor.tenant).filter(user_id=user_id, is_active=True)
    if role is not None:
        found = found.filter(role=role)
    membership = found.first()
    if membership is None:
        raise NotFoundError
    return membership.user


def _check_role(actor: Membership, role: str) -> None:
    if role not in ROLES_BY_KIND[actor.tenant.kind]:
        raise AppError("invalid_input", fields={"role": "not a role of this tenant"})
    if role in OWNER_ROLES and actor.role not in OWNER_ROLES:
        raise AppError("forbidden", status=403)


def _after_change(tenant: Tenant) -> None:
    if tenant.kind == TenantKind.PARTNER:
        grants.sync_partner_grants(tenant)


def _check_keeps_an_owner(membership: Membership, *, role: str | None, is_active: bool | None) -> None:
    """Refuse (409 last_owner) to demote or deactivate the tenant's last active owner."""
    if membership.role not in OWNER_ROLES or not membership.is_active:
        return
    demoted = role is not None and role not in OWNER_ROLES
    if not demoted and is_active is not False:
        return
    others = (
        Membership.objects.select_for_update()
        .filter(tenant_id=membership.tenant_id, role__in=OWNER_ROLES, is_active=True)
        .exclude(pk=membership.pk)
    )
    if not others.exists():
        raise AppError("last_owner", status=409)


@dataclass(frozen=True)
class Added:
    membership: Membership
    initial_password: str | None  # generated for a new login when none was given; shown once


@transaction.atomic
def do_add_member(actor: Membership, *, email: str, name: str, role: str, password: str) -> Added:
    """Add (invite) a member. A new login without a given password gets a one-time password."""
    _check_role(actor, role)
    address = email.strip().lower()
    if "@" not in address:
        raise AppError("invalid_input", fields={"email": "invalid"})
    user = User.objects.filter(email=address).first()
    generated: str | None = None
    if user is None:
        if not password:
            password = generated = secrets.token_urlsafe(12)
        try:
            validate_password(password)
        except ValidationError as exc:
            raise AppError("weak_password", reasons=" ".join(exc.messages)) from exc
        user = User.objects.create_user(address, password, name=name.strip())
    if Membership.objects.filter(user=user, tenant=actor.tenant).exists():
        raise AppError("member_exists", status=409)
    membership = Membership.objects.create(user=user, tenant=actor.tenant, role=role)
    audit.record("member.added", actor=actor.user, target=membership, data={"email": address, "role": role})
    _after_change(actor.tenant)
    return Added(membership=membership, initial_password=generated)


@transaction.atomic
def do_change_member(
    actor: Membership, membership: Membership, *, role: str | None = None, is_active: bool | None = None
) -> Membership:
    _check_keeps_an_owner(membership, role=role, is_active=is_active)
    if membership.pk == actor.pk:
        raise AppError("cannot_change_self", status=409)
    if membership.role in OWNER_ROLES and actor.role not in OWNER_ROLES:
        raise AppError("forbidden", status=403)
    changes: dict[str, object] = {}
    if role is not None and role != membership.role:
        _check_role(actor, role)
        changes["role"] = [membership.role, role]
        membership.role = role
    if is_active is not None and is_active != membership.is_active:
        changes["is_active"] = [membership.is_active, is_active]
        membership.is_active = is_active
    if changes:
        membership.save(update_fields=list(changes))
        audit.record("member.changed", actor=actor.user, target=membership, data=changes)
        _after_change(actor.tenant)
    return membership
