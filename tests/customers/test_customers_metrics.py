"""admin/customers-metrics: per CPF/CNPJ across clients over a period, paid deposits, volume, refund
and MED ratios, top first; admins only; a bad period is a 400 on its field."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from gateway.models import TransactionIndex
from med.models import MedCase
from tenants.models import Tenant
from tests.customers.test_customers_api import confirm, deposit, new_cpf
from tests.payouts.helpers import logged

pytestmark = pytest.mark.django_db


def test_per_document_figures_and_ratios_top_first() -> None:
    cpf = new_cpf()
    acme = logged("acme", "client")
    first = deposit(acme, cpf, 10_000, name="Metrica Moura")
    confirm(first)
    confirm(deposit(acme, cpf, 30_000, name="Metrica Moura"))
    deposit(acme, cpf, 99_000, name="Metrica Moura")  # never paid: not in the figures
    now = timezone.now()
    with schema_context("public"):
        tenant = Tenant.objects.get(slug="acme")
        TransactionIndex.objects.create(
            tenant=tenant, kind="refund", public_id="ref_metrics_1", method="pix", status="confirmed",
            amount=4_000, currency="BRL", document=cpf, created_at=now,
        )  # fmt: skip
        MedCase.objects.create(
            public_id="med_metrics_1", tenant=tenant, provider="sandbox_bank", case_reference="metrics-1",
            deposit_id=first, deposit_amount=10_000, payer_document=cpf, amount=10_000, currency="BRL",
            reason="fraud", reported_at=now, notified_at=now, analysis_due_at=now + timedelta(days=7),
            queue_rank=1,
        )  # fmt: skip
    admin = logged("public", "admin")
    response = admin.get("/api/customers-metrics", {"sort": "-med_ratio"})
    assert response.status_code == 200, response.content
    top = response.json()["items"][0]
    assert top["document"] == cpf
    assert (top["deposits"], top["volume"], top["refunded"], top["clients"]) == (2, 40_000, 4_000, 1)
    assert (top["refund_ratio"], top["med_cases"], top["med_ratio"]) == (0.1, 1, 0.5)
    params: dict[str, str | int] = {"sort": "-volume", "per_page": 100}
    by_volume = admin.get("/api/customers-metrics", params).json()["items"]
    volumes = [row["volume"] for row in by_volume]
    assert volumes == sorted(volumes, reverse=True)
    assert cpf in [row["document"] for row in by_volume]
    # a period that ended before today has none of it
    old = (timezone.localdate() - timedelta(days=40)).isoformat()
    earlier = admin.get("/api/customers-metrics", {"date_from": old, "date_to": old}).json()["items"]
    assert cpf not in [row["document"] for row in earlier]


def test_admins_only_and_bad_input() -> None:
    for slug, role in (("acme", "client"), ("orbita", "partner"), ("public", "employee")):
        assert logged(slug, role).get("/api/customers-metrics").status_code == 403, role
    admin = logged("public", "admin")
    today = timezone.localdate()
    backwards = admin.get("/api/customers-metrics", {"date_from": today.isoformat(), "date_to": "2020-01-01"})
    assert (backwards.status_code, backwards.json()["fields"]) == (400, {"date_from": "after_date_to"})
    too_long = admin.get("/api/customers-metrics", {"date_from": "2020-01-01", "date_to": today.isoformat()})
    assert (too_long.status_code, too_long.json()["fields"]) == (400, {"date_from": "period_too_long"})
    assert admin.get("/api/customers-metrics", {"sort": "name"}).status_code == 400
    wide = admin.get("/api/customers-metrics", {"per_page": 1000})
    assert (wide.status_code, wide.json()["fields"]) == (400, {"per_page": "invalid"})
