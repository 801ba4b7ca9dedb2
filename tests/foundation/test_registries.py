"""The registries the apps fill when they start: the clock's periodic jobs (core.periodic) and the
webhook inbox's dispatch table (gateway.webhooks). The lower apps reach the upper ones only so."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from core import tasks
from core.periodic import periodic_jobs, register_periodic
from gateway import webhooks
from tenants.models import Tenant, TenantStatus
from tenants.services import create_tenant


def test_every_app_registers_its_periodic_jobs() -> None:
    assert {job.name: job.actor.actor_name for job in periodic_jobs()} == {
        "idempotency": "idempotency_jobs",
        "deposits": "tenant_jobs",
        "payouts": "payout_jobs",
        "refunds": "refund_jobs",
        "webhooks": "webhook_jobs",
        "exports": "export_jobs",
        "med": "med_jobs",
        "kyc": "kyc_jobs",
    }


@pytest.mark.django_db
def test_the_tick_sends_every_registered_job_to_every_active_client_tenant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[tuple[str, Any]] = []
    for job in periodic_jobs():
        monkeypatch.setattr(
            job.actor,
            "send_with_options",
            lambda name=job.name, **kw: sent.append((name, kw["tenant_schema"])),
        )
    suspended = create_tenant(slug=f"off{uuid.uuid4().hex[:8]}", name="Suspended client", kind="client")
    suspended.status = TenantStatus.SUSPENDED
    suspended.save()
    tasks.periodic_tick.fn()
    # Every active client (acme and beta of the demo, and any an earlier test committed); never a
    # partner (orbita) or a suspended client; the platform's own schema only for the jobs registered
    # `public` (the exports sweep and the idempotency purge: staff's exports and creates live there).
    active = Tenant.objects.filter(kind="client", status=TenantStatus.ACTIVE)
    clients = set(active.values_list("schema_name", flat=True))
    assert {"acme", "beta"} <= clients
    assert suspended.schema_name not in clients
    jobs = ("idempotency", "deposits", "payouts", "refunds", "webhooks", "exports", "med", "kyc")
    public = [("idempotency", "public"), ("exports", "public")]
    expected = [(job, schema) for job in jobs for schema in clients] + public
    assert sorted(sent) == sorted(expected)


def test_a_job_name_belongs_to_one_actor() -> None:
    (deposits,) = [job for job in periodic_jobs() if job.name == "deposits"]
    register_periodic("deposits", deposits.actor)  # an app's ready() run again: the same job
    (other,) = [job for job in periodic_jobs() if job.name == "payouts"]
    with pytest.raises(ValueError, match="already registered"):
        register_periodic("deposits", other.actor)


def test_every_event_kind_goes_to_the_app_that_owns_its_records() -> None:
    routes = {kind: route.index_kind for kind, route in webhooks._routes.items()}
    # A MED case is about a deposit (the provider's notice names the paid charge).
    # Money sent to a PIX key names the key: its client is found in the key directory.
    assert routes == {
        "charge": "deposit", "payout": "payout", "refund": "refund", "med": "deposit",
        "pix_credit": "pix_key",
    }  # fmt: skip
    handlers = {kind: route.handler.__module__ for kind, route in webhooks._routes.items()}
    assert handlers == {
        "charge": "payments.services",
        "payout": "payouts.services",
        "refund": "refunds.services",
        "med": "med.services",
        "pix_credit": "direct_deposits.services",
    }
