"""employee/kyc-phones-emails: e-mails and phones with the documents that use them, across clients,
flagged when SHARED_THRESHOLD documents or more share one; admins only."""

from __future__ import annotations

import io
import uuid
from types import SimpleNamespace
from typing import Any

import pytest
from django.core.management import call_command

from customers.contacts import SHARED_THRESHOLD, contacts_of
from gateway.models import ContactPoint
from tests.customers.test_customers_api import beta_owner, new_cpf
from tests.payouts.helpers import logged
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


def pay(client: ApiClient, cpf: str, email: str) -> None:
    body = {"method": "pix", "amount": 1_000, "currency": "BRL",
            "payer": {"name": "Contato Compartilhado", "document": cpf, "email": email}}  # fmt: skip
    response = client.post_json("/api/deposits", body)
    assert response.status_code == 201, response.content


def listed(admin: ApiClient, **params: Any) -> dict[str, dict[str, Any]]:
    response = admin.get("/api/kyc/contacts", {"per_page": 100, **params})
    assert response.status_code == 200, response.content
    return {row["value"]: row for row in response.json()["items"]}


def test_an_email_many_documents_share_is_flagged() -> None:
    email = f"Shared.{uuid.uuid4().hex[:8]}@Example.com"
    acme = logged("acme", "client")
    documents = [new_cpf() for _ in range(SHARED_THRESHOLD)]
    for cpf in documents[:-1]:
        pay(acme, cpf, email)
    pay(acme, documents[0], email)  # the same document again: one more use, not one more document
    admin = logged("public", "admin")
    row = listed(admin, q=email.lower()[:12])[email.lower()]
    assert (row["kind"], row["documents"], row["shared"]) == ("email", SHARED_THRESHOLD - 1, False)
    assert email.lower() not in listed(admin, shared="true")
    pay(beta_owner(), documents[-1], email)  # another client: still counted for the platform's staff
    row = listed(admin, shared="true", kind="email")[email.lower()]
    assert (row["documents"], row["shared"]) == (SHARED_THRESHOLD, True)
    used = {u["document"]: u for u in row["used_by"]}
    assert set(used) == set(documents)
    assert used[documents[0]]["uses"] == 2
    assert [c["slug"] for c in used[documents[-1]]["clients"]] == ["beta"]
    assert email.lower() not in listed(admin, kind="phone")

    # the backfill notes the same again from the deposits
    ContactPoint.objects.filter(value=email.lower()).update(documents=0)
    call_command("customers_backfill", stdout=io.StringIO())
    assert listed(admin, shared="true")[email.lower()]["documents"] == SHARED_THRESHOLD


def test_a_payouts_pix_key_is_a_contact_when_it_is_an_email_or_a_phone() -> None:
    def payout(key_type: str, key: str) -> Any:
        return SimpleNamespace(pix_key_type=key_type, pix_key=key, beneficiary_document="52998224725")

    assert contacts_of("payout", payout("phone", "+5511987654321")) == [
        ("phone", "+5511987654321", "52998224725")
    ]
    assert contacts_of("payout", payout("email", "A@B.com")) == [("email", "a@b.com", "52998224725")]
    assert contacts_of("payout", payout("cpf", "52998224725")) == []
    assert contacts_of("payout", payout("phone", "not a phone")) == []


def test_admins_only_and_bad_input() -> None:
    for slug, role in (("acme", "client"), ("orbita", "partner"), ("public", "employee")):
        assert logged(slug, role).get("/api/kyc/contacts").status_code == 403, role
    admin = logged("public", "admin")
    assert admin.get("/api/kyc/contacts", {"kind": "fax"}).status_code == 400
    cursor = admin.get("/api/kyc/contacts", {"cursor": "nope"})
    assert (cursor.status_code, cursor.json()["fields"]) == (400, {"cursor": "invalid"})
