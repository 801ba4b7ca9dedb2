"""Staff actions on tenants. Each validates, applies, audits (platform trail and tenant trail)."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django_tenants.utils import get_public_schema_name, schema_context

from accounts import grants
from accounts.models import Membership, User
from accounts.roles import ROLES_BY_KIND, Role
from audit import services as audit
from core.errors import AppError, NotFoundError
from core.jobs import enqueue_on_commit
from core.tasks import top_up_spare_schemas
from tenants import services as tenants
from tenants import spares
from tenants.models import PartnerClient, PartnerTerms, Tenant, TenantKind, TenantStatus

OWNER_ROLE = {TenantKind.CLIENT: Role.CLIENT, TenantKind.PARTNER: Role.PARTNER}


def _field_error(exc: tenants.ProvisioningError) -> AppError:
    return AppError("invalid_input", fields={exc.field: exc.code})


def _audit_both(action: str, actor: User | None, tenant: Tenant, data: dict[str, object]) -> None:
    who = "" if actor is not None else "system:command"
    with schema_context(get_public_schema_name()):
        audit.record(action, actor=actor, actor_email=who, target=tenant, data=data)
    with schema_context(tenant.schema_name):
        audit.record(action, actor=actor, actor_email=who, target=tenant, data=data)


def do_provision_tenant(
    actor: User | None,
    *,
    slug: str,
    name: str,
    kind: str,
    owner_email: str,
    owner_name: str = "",
    owner_password: str | None = None,
    modules: Iterable[str] = (),
    feature_toggles: Iterable[str] = (),
    currencies: Iterable[str] = ("BRL",),
    partner_slug: str | None = None,
) -> tenants.Provisioned:
    email = owner_email.strip().lower()
    if "@" not in email:
        raise AppError("invalid_input", fields={"owner_email": "invalid"})
    password = owner_password or tenants.generate_password()
    try:
        validate_password(password)
    except ValidationError as exc:
        raise AppError("weak_password", reasons=" ".join(exc.messages)) from exc
    partner = None
    if partner_slug:
        partner = Tenant.objects.filter(slug=partner_slug, kind=TenantKind.PARTNER).first()
        if partner is None or kind != TenantKind.CLIENT:
            raise AppError("invalid_input", fields={"partner": "unknown partner"})
    with transaction.atomic():
        try:
            tenant = tenants.create_tenant(
                slug=slug,
                name=name,
                kind=kind,
                modules=modules,
                feature_toggles=feature_toggles,
                currencies=currencies,
            )
        except tenants.ProvisioningError as exc:
            raise _field_error(exc) from exc
        owner = User.objects.filter(email=email).first()
        created_owner = owner is None
        if owner is None:
            owner = User.objects.create_user(email, password, name=owner_name)
        Membership.objects.create(user=owner, tenant=tenant, role=OWNER_ROLE[TenantKind(kind)])
        if partner is not None:
            tenants.link_partner(partner, tenant)
            grants.sync_partner_grants(partner)
        _audit_both(
            "tenant.created",
            actor,
            tenant,
            {
                "slug": slug,
                "kind": kind,
                "owner": email,
                "modules": tenant.modules,
                "toggles": tenant.feature_toggles,
            },
        )
        if spares.target():
            with schema_context(get_public_schema_name()):
                enqueue_on_commit(top_up_spare_schemas)  # the spare this may have used, replaced
    generated = created_owner and owner_password is None
    return tenants.Provisioned(
        tenant=tenant, owner_email=email, initial_password=password if generated else None
    )


def do_set_tenant_status(actor: User | None, tenant: Tenant, status: str, *, reason: str = "") -> Tenant:
    if status not in TenantStatus.values:
        raise AppError("invalid_input", fields={"status": "invalid"})
    with transaction.atomic():
        before = tenant.status
        tenants.set_status(tenant, status)
        data: dict[str, object] = {"from": before, "to": status}
        if reason.strip():
            data["reason"] = reason.strip()
        _audit_both("tenant.status_changed", actor, tenant, data)
    return tenant


def admin_tenants(*, q: str = "", kind: str = "", status: Iterable[str] = ()) -> QuerySet[Tenant]:
    """Client and partner tenants for the admin list (the platform itself left out)."""
    qs = Tenant.objects.filter(kind__in=(TenantKind.CLIENT, TenantKind.PARTNER)).prefetch_related(
        "partner_links__partner"
    )
    if kind:
        qs = qs.filter(kind=kind)
    statuses = [s for s in status if s]
    if statuses:
        qs = qs.filter(status__in=statuses)
    term = q.strip()
    if term:
        qs = qs.filter(Q(slug__icontains=term) | Q(name__icontains=term))
    return qs.order_by()


def partner_of(tenant: Tenant) -> str | None:
    links = list(tenant.partner_links.all())
    return links[0].partner.slug if links else None


def do_configure_tenant(
    actor: User,
    tenant: Tenant,
    *,
    name: str | None = None,
    modules: Iterable[str] | None = None,
    feature_toggles: Iterable[str] | None = None,
    currencies: Iterable[str] | None = None,
) -> Tenant:
    changes: dict[str, object] = {}
    try:
        if name is not None and name.strip() and name.strip() != tenant.name:
            changes["name"] = [tenant.name, name.strip()]
            tenant.name = name.strip()
        if modules is not None and (value := tenants.clean_modules(modules)) != tenant.modules:
            changes["modules"] = [tenant.modules, value]
            tenant.modules = value
        if (
            feature_toggles is not None
            and (value := tenants.clean_toggles(feature_toggles)) != tenant.feature_toggles
        ):
            changes["feature_toggles"] = [tenant.feature_toggles, value]
            tenant.feature_toggles = value
        if currencies is not None and (value := tenants.clean_currencies(currencies)) != tenant.currencies:
            changes["currencies"] = [tenant.currencies, value]
            tenant.currencies = value
    except tenants.ProvisioningError as exc:
        raise _field_error(exc) from exc
    if changes:
        with transaction.atomic(), schema_context(get_public_schema_name()):
            tenant.save(update_fields=list(changes))
            _audit_both("tenant.configured", actor, tenant, changes)
    return tenant


def do_link_partner(actor: User, partner: Tenant, client: Tenant) -> None:
    try:
        with transaction.atomic():
            tenants.link_partner(partner, client)
            grants.sync_partner_grants(partner)
            _audit_both("partner.client_linked", actor, partner, {"client": client.slug})
    except tenants.ProvisioningError as exc:
        raise _field_error(exc) from exc


def do_assign_employee(actor: User, employee: User, client: Tenant, *, assigned: bool) -> None:
    platform = tenants.ensure_platform()
    if not Membership.objects.filter(
        user=employee, tenant=platform, role=Role.EMPLOYEE, is_active=True
    ).exists():
        raise AppError("invalid_input", fields={"employee": "not an employee"})
    if client.kind != TenantKind.CLIENT:
        raise AppError("invalid_input", fields={"client": "not a client"})
    with transaction.atomic():
        if assigned:
            grants.grant_employee(employee, client)
        else:
            grants.revoke_employee(employee, client)
        with schema_context(get_public_schema_name()):
            audit.record(
                "employee.assignment_changed",
                actor=actor,
                target=employee,
                data={"client": client.slug, "assigned": assigned},
            )


def roles_for(tenant: Tenant) -> tuple[str, ...]:
    return tuple(ROLES_BY_KIND[tenant.kind])


# ------------------------------------------------------------------------------- admin/partners


def partner_tenants(*, q: str = "", status: Iterable[str] = ()) -> QuerySet[Tenant]:
    """Partner tenants for the admin's partners list (with their terms, one join)."""
    return admin_tenants(q=q, kind=TenantKind.PARTNER, status=status).select_related("partner_terms")


def commission_of(partner: Tenant) -> int:
    try:
        return int(partner.partner_terms.commission_bp)
    except PartnerTerms.DoesNotExist:
        return 0


def partner_counts(partners: list[Tenant]) -> dict[int, tuple[int, int]]:
    """(linked clients, active users) of each partner, two grouped queries."""
    ids = [p.pk for p in partners]
    clients = dict(
        PartnerClient.objects.filter(partner_id__in=ids)
        .values_list("partner_id")
        .annotate(n=Count("pk"))
        .values_list("partner_id", "n")
    )
    users = dict(
        Membership.objects.filter(tenant_id__in=ids, is_active=True)
        .values_list("tenant_id")
        .annotate(n=Count("pk"))
        .values_list("tenant_id", "n")
    )
    return {pk: (clients.get(pk, 0), users.get(pk, 0)) for pk in ids}


def partner_links(partner: Tenant) -> QuerySet[PartnerClient]:
    return PartnerClient.objects.filter(partner=partner).select_related("client").order_by("client__name")


def do_unlink_partner(actor: User, partner: Tenant, client: Tenant) -> None:
    """Take a client away from a partner: the link, then every grant its users held over the client."""
    with transaction.atomic():
        deleted, _ = PartnerClient.objects.filter(partner=partner, client=client).delete()
        if not deleted:
            raise NotFoundError
        grants.revoke_partner_client(partner, client)
        _audit_both("partner.client_unlinked", actor, partner, {"client": client.slug})


def do_set_partner_commission(actor: User, partner: Tenant, commission_bp: int) -> int:
    if partner.kind != TenantKind.PARTNER:
        raise NotFoundError
    if not 0 <= commission_bp <= MAX_COMMISSION_BP:
        raise AppError("invalid_input", fields={"commission_bp": "out_of_range"})
    with transaction.atomic(), schema_context(get_public_schema_name()):
        terms, _ = PartnerTerms.objects.select_for_update().get_or_create(partner=partner)
        before = terms.commission_bp
        if before != commission_bp:
            terms.commission_bp = commission_bp
            terms.save(update_fields=["commission_bp", "updated_at"])
            _audit_both(
                "partner.commission_changed", actor, partner, {"commission_bp": [before, commission_bp]}
            )
    return commission_bp


MAX_COMMISSION_BP = 10_000  # all of the fee


# ------------------------------------------------------------------------------ admin/employees


def employee_clients(platform: Tenant) -> dict[int, list[Tenant]]:
    """The clients granted to each active employee of the platform, in two queries."""
    employees = list(
        Membership.objects.filter(tenant=platform, role=Role.EMPLOYEE).values_list("user_id", flat=True)
    )
    granted = grants.employee_grants(employees)
    wanted = {pk for ids in granted.values() for pk in ids}
    clients = {t.pk: t for t in Tenant.objects.filter(pk__in=wanted, kind=TenantKind.CLIENT)}
    return {
        user_id: sorted((clients[pk] for pk in ids if pk in clients), key=lambda t: t.name.lower())
        for user_id, ids in granted.items()
    }


# ------------------------------------------------------------------------------- partner's clients

PARTNER_CLIENT_MANAGERS = frozenset({Role.PARTNER_ADMIN, Role.PARTNER_SUPERADMIN})


def _audit_partner(
    action: str, actor: User, partner: Tenant, client: Tenant, data: dict[str, object]
) -> None:
    """The partner's own trail (its schema); the platform's and the client's are written by the service."""
    with schema_context(partner.schema_name):
        audit.record(action, actor=actor, target=client, data={"client": client.slug, **data})


def do_partner_create_client(
    actor: User,
    partner: Tenant,
    *,
    slug: str,
    name: str,
    owner_email: str,
    owner_name: str = "",
    currencies: Iterable[str] = ("BRL",),
) -> tenants.Provisioned:
    """A partner onboards a client: the admin's provisioning (linked to the partner, its users granted),
    audited in the platform's, the client's and the partner's trails. Modules and toggles stay the
    admin's decision (they are priced): the client starts with none."""
    if partner.kind != TenantKind.PARTNER:
        raise NotFoundError
    with transaction.atomic():
        result = do_provision_tenant(
            actor,
            slug=slug,
            name=name,
            kind=TenantKind.CLIENT,
            owner_email=owner_email,
            owner_name=owner_name,
            currencies=currencies,
            partner_slug=partner.slug,
        )
        _audit_partner("partner.client_created", actor, partner, result.tenant, {"owner": result.owner_email})
    return result


def do_partner_set_client_status(
    actor: User, partner: Tenant, client: Tenant, status: str, *, reason: str = ""
) -> Tenant:
    """A partner suspends or reactivates one of its clients: the admin's service, plus the partner's trail."""
    with transaction.atomic():
        before = client.status
        do_set_tenant_status(actor, client, status, reason=reason)
        data: dict[str, object] = {"from": before, "to": status}
        if reason.strip():
            data["reason"] = reason.strip()
        _audit_partner("partner.client_status_changed", actor, partner, client, data)
    return client
