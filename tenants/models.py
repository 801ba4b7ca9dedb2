"""Tenants (the platform, client companies, partners) and the host names that reach them.

Lives in the public schema. Each client and partner has its own PostgreSQL schema named after its
slug; the platform itself is the public schema.
"""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django_tenants.models import DomainMixin, TenantMixin


class TenantKind(models.TextChoices):
    PLATFORM = "platform", "Platform"
    CLIENT = "client", "Client company"
    PARTNER = "partner", "Partner"


class TenantStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    SUSPENDED = "suspended", "Suspended"


class Currency(models.TextChoices):
    BRL = "BRL", "Real"
    USD = "USD", "US dollar"


def default_currencies() -> list[str]:
    return [Currency.BRL.value]


class Tenant(TenantMixin):
    slug = models.SlugField(max_length=50, unique=True)
    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=16, choices=TenantKind.choices)
    status = models.CharField(max_length=16, choices=TenantStatus.choices, default=TenantStatus.ACTIVE)
    modules = models.JSONField(default=list, blank=True)
    feature_toggles = models.JSONField(default=list, blank=True)
    currencies = models.JSONField(default=default_currencies)
    created_at = models.DateTimeField(auto_now_add=True)

    # Declared so type checkers know the manager (TenantMixin comes untyped from django-tenants).
    objects: ClassVar[models.Manager[Tenant]] = models.Manager()

    auto_create_schema = True

    class Meta:
        ordering = ("slug",)

    def __str__(self) -> str:
        return self.slug

    @property
    def is_active(self) -> bool:
        return self.status == TenantStatus.ACTIVE

    def create_schema(
        self, check_if_exists: bool = False, sync_schema: bool = True, verbosity: int = 1
    ) -> bool:
        """The schema of a new tenant: a clone of the template (tenants.template.clone_template), in
        time that does not grow with the number of tenants; django-tenants' own way when there is no
        template (migrating a new schema)."""
        from django_tenants.postgresql_backend.base import _check_schema_name
        from django_tenants.utils import schema_exists

        from tenants.template import clone_template

        _check_schema_name(self.schema_name)
        if check_if_exists and schema_exists(self.schema_name):
            return False
        if sync_schema and clone_template(self.schema_name, verbosity=verbosity):
            return True
        super().create_schema(check_if_exists=False, sync_schema=sync_schema, verbosity=verbosity)
        return True


class Domain(DomainMixin):
    objects: ClassVar[models.Manager[Domain]] = models.Manager()

    def __str__(self) -> str:
        return str(self.domain)


class PartnerClient(models.Model):
    """A partner tenant manages a client tenant (partners over their clients)."""

    partner = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="client_links")
    client = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="partner_links")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=("partner", "client"), name="uniq_partner_client")]

    def __str__(self) -> str:
        return f"{self.partner_id}->{self.client_id}"


class PartnerTerms(models.Model):
    """A partner's commercial terms: the share of the platform's fees on its clients' transactions that
    is owed to it, in basis points (1/100 of a percent; 2_000 = 20% of each fee)."""

    partner = models.OneToOneField(Tenant, on_delete=models.CASCADE, related_name="partner_terms")
    commission_bp = models.PositiveIntegerField(default=0)
    # What the platform allows the partner to turn on or off on its clients (tenants.services' known
    # modules and toggles); anything else on a client stays the admin's decision.
    allowed_modules = models.JSONField(default=list, blank=True)
    allowed_toggles = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects: ClassVar[models.Manager[PartnerTerms]] = models.Manager()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(commission_bp__lte=10_000), name="partner_commission_at_most_all"
            )
        ]

    def __str__(self) -> str:
        return f"{self.partner_id}:{self.commission_bp}bp"


class PartnerFeeFloor(models.Model):
    """The lowest fee rate a partner may set on its clients for one method and currency: both parts at
    least these (percentage in basis points, fixed in centavos). Without a row the floor is the platform's
    default rate for that method and currency (backoffice.services.fee_floor)."""

    partner = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="fee_floors")
    method = models.CharField(max_length=40)
    currency = models.CharField(max_length=3)
    percent_bp = models.PositiveIntegerField(default=0)
    fixed = models.BigIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    objects: ClassVar[models.Manager[PartnerFeeFloor]] = models.Manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("partner", "method", "currency"), name="uniq_partner_fee_floor")
        ]

    def __str__(self) -> str:
        return f"{self.partner_id}:{self.method}/{self.currency}>={self.percent_bp}bp+{self.fixed}"
