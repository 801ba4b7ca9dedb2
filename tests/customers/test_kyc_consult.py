"""client/kyc-consult: what the platform knows of a CPF/CNPJ, from the public index; staff see every
client, a partner only its linked clients (and only their restrictions and alerts)."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from accounts.models import User
from audit.models import AuditEntry
from restrictions.models import Alert, Restriction
from tenants.models import Tenant
from tests.customers.test_customers_api import confirm, deposit, formatted, new_cpf
from tests.payouts.helpers import committed_client, logged

pytestmark = pytest.mark.django_db


def test_staff_see_every_client_a_partner_only_its_linked_ones() -> None:
    cpf = new_cpf()
    acme = logged("acme", "client")
    confirm(deposit(acme, cpf, 10_000))
    deposit(acme, cpf, 500)
    outsider_slug, outsider = committed_client("kyc")  # not linked to the demo partner
    deposit(outsider, cpf, 2_000)
    with schema_context("public"):
        admin_user = User.objects.get(email__startswith="admin@")
        outsider_tenant = Tenant.objects.get(slug=outsider_slug)
        acme_tenant = Tenant.objects.get(slug="acme")
        common = {"kind": "document", "value": cpf, "status": "active", "proposed_by": admin_user}
        Restriction.objects.create(public_id="rst_kyc_platform", scope="platform", reason="Fraude", **common)
        Restriction.objects.create(
            public_id="rst_kyc_outsider", scope="client", tenant=outsider_tenant, reason="Estornos", **common
        )
        proposed = {**common, "status": "proposed"}
        Restriction.objects.create(public_id="rst_kyc_proposed", scope="platform", reason="Hm", **proposed)
        Alert.objects.create(public_id="alr_kyc_acme", tenant=acme_tenant, rule="burst", document=cpf,
                             reference="dep_x", amount=500, currency="BRL")  # fmt: skip
        Alert.objects.create(public_id="alr_kyc_outsider", tenant=outsider_tenant, rule="burst", document=cpf,
                             reference="dep_y", amount=500, currency="BRL")  # fmt: skip

    admin = logged("public", "admin").get(f"/api/kyc/consult/{formatted(cpf)}")
    assert admin.status_code == 200, admin.content
    body = admin.json()
    assert (body["document"], body["kind"]) == (cpf, "cpf")
    assert {c["client"]["slug"] for c in body["clients"]} == {"acme", outsider_slug}
    [at_acme] = [c for c in body["clients"] if c["client"]["slug"] == "acme"]
    assert at_acme["figures"] == [{"kind": "deposit", "currency": "BRL", "count": 2, "settled": 10_000}]
    assert {r["id"] for r in body["restrictions"]} == {"rst_kyc_platform", "rst_kyc_outsider"}
    assert {a["id"] for a in body["alerts"]} == {"alr_kyc_acme", "alr_kyc_outsider"}
    assert body["first_seen_at"] <= body["last_seen_at"]

    partner = logged("orbita", "partner").get(f"/api/kyc/consult/{cpf}")
    assert partner.status_code == 200, partner.content
    seen = partner.json()
    assert [c["client"]["slug"] for c in seen["clients"]] == ["acme"]
    assert [r["id"] for r in seen["restrictions"]] == ["rst_kyc_platform"]
    assert [a["id"] for a in seen["alerts"]] == ["alr_kyc_acme"]
    with schema_context("public"):
        assert AuditEntry.objects.filter(action="kyc.consult", data__document=cpf).exists()


def test_an_unknown_document_answers_empty() -> None:
    body = logged("public", "admin").get(f"/api/kyc/consult/{new_cpf()}").json()
    assert (body["clients"], body["restrictions"], body["alerts"]) == ([], [], [])
    assert body["first_seen_at"] is None


def test_who_may_consult_and_bad_input() -> None:
    cpf = new_cpf()
    for slug, role in (("acme", "client"), ("public", "employee"), ("public", "financial")):
        assert logged(slug, role).get(f"/api/kyc/consult/{cpf}").status_code == 403, role
    assert logged("orbita", "partner_analyst").get(f"/api/kyc/consult/{cpf}").status_code == 200
    admin = logged("public", "admin")
    for bad, code in (("123", "invalid_document"), ("390.533.447-06", "invalid_cpf"),
                      ("11.222.333.0001-00", "invalid_cnpj")):  # fmt: skip
        response = admin.get(f"/api/kyc/consult/{bad}")
        assert (response.status_code, response.json()["fields"]) == (400, {"document": code}), bad
