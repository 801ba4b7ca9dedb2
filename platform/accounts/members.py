"""Members of a tenant: list, add, change role, deactivate. Every change is audited."""

from __future__ import annotations

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


@transaction.atomic
def do_add_member(actor: Membership, *, email: str, name: str, role: str, password: str) -> Membership:
    _check_role(actor, role)
    address = email.strip().lower()
    if "@" not in address:
        raise AppError("invalid_input", fields={"email": "invalid"})
    user = User.objects.filter(email=address).first()
    if user is None:
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
    return membership


@transaction.atomic
def do_change_member(
    actor: Membership, membership: Membership, *, role: str | None = None, is_active: bool | None = None
) -> Membership:
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
