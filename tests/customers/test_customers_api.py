"""client/crm through the HTTP API: the payers of a client's deposits as customers (figures kept by
record_change), their history, notes and tags; a client never sees another client's customers."""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest
from django.core.management import call_command
from django_tenants.utils import schema_context

from audit.models import AuditEntry
from brazil.documents import cpf_check_digits
from cofre_sandbox_bank.testing import deliver_now
from customers.models import Customer
from ops.demo import BETA_OWNER, DEMO_PASSWORD
from tests.payouts.helpers import create_payout, fund, logged
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db

_bases = itertools.count(271_828_100)


def new_cpf() -> str:
    base = str(next(_bases))
    return base + cpf_check_digits(base)


def formatted(cpf: str) -> str:
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"


NAME = "Quitéria Bezerra Neto"
EMAIL = "quiteria@example.com"


def deposit(client: ApiClient, cpf: str, amount: int, name: str = NAME) -> str:
    payer = {"name": name, "document": formatted(cpf), "email": EMAIL}
    body = {"method": "pix", "amount": amount, "currency": "BRL", "payer": payer}
    response = client.post_json("/api/deposits", body)
    assert response.status_code == 201, response.content
    return str(response.json()["id"])


def confirm(reference: str) -> None:
    platform = ApiClient("public")
    for headers, body in deliver_now(reference):
        response = platform.post(
            "/api/webhooks/sandbox_bank", body, content_type="application/json",
            headers={k: v for k, v in headers.items() if k.lower() != "content-type"},
        )  # fmt: skip
        assert response.status_code == 200, response.content


def beta_owner() -> ApiClient:
    client = ApiClient("beta")
    response = client.post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD))
    assert response.status_code == 200, response.content
    return client


@pytest.fixture
def acme() -> ApiClient:
    return logged("acme", "client")


def test_a_payer_is_a_customer_with_its_paid_figures_and_history(acme: ApiClient) -> None:
    cpf = new_cpf()
    paid = deposit(acme, cpf, 10_000)
    confirm(paid)
    waiting = deposit(acme, cpf, 2_500)
    [row] = acme.get("/api/customers", {"q": "quiteria bezerra"}).json()["items"]
    assert (row["document"], row["name"], row["email"]) == (cpf, NAME, EMAIL)
    assert (row["deposit_count"], row["deposit_total"], row["refund_count"]) == (1, 10_000, 0)
    assert row["last_paid_at"] is not None
    assert row["totals"]["BRL"]["paid"] == 10_000
    # by document, punctuated or not, and by a prefix of it
    assert [r["document"] for r in acme.get("/api/customers", {"q": formatted(cpf)}).json()["items"]] == [cpf]
    assert cpf in [r["document"] for r in acme.get("/api/customers", {"q": cpf[:7]}).json()["items"]]
    detail = acme.get(f"/api/customers/{formatted(cpf)}").json()
    assert [(h["id"], h["kind"]) for h in detail["history"]] == [(waiting, "deposit"), (paid, "deposit")]


def test_a_client_never_sees_another_clients_customers(acme: ApiClient) -> None:
    cpf = new_cpf()
    confirm(deposit(acme, cpf, 7_000, name="Isolda Acme Only"))
    beta = beta_owner()
    assert beta.get("/api/customers", {"q": "isolda"}).json()["items"] == []
    assert beta.get(f"/api/customers/{cpf}").status_code == 404
    assert beta.post_json(f"/api/customers/{cpf}/notes", {"text": "x"}).status_code == 404
    assert beta.put_json(f"/api/customers/{cpf}/tags", {"tags": ["x"]}).status_code == 404
    # the same payer at beta is beta's own customer, with beta's figures and history only
    confirm(deposit(beta, cpf, 3_000, name="Isolda Acme Only"))
    at_beta = beta.get(f"/api/customers/{cpf}").json()
    assert (at_beta["deposit_total"], len(at_beta["history"])) == (3_000, 1)
    assert acme.get(f"/api/customers/{cpf}").json()["deposit_total"] == 7_000


def test_who_may_open_the_crm() -> None:
    assert logged("acme", "client_user_admin").get("/api/customers").status_code == 200
    for slug, role in (("acme", "client_user_analyst"), ("orbita", "partner"), ("public", "admin")):
        assert logged(slug, role).get("/api/customers").status_code == 403, role


def test_notes_and_tags_are_kept_and_audited(acme: ApiClient) -> None:
    cpf = new_cpf()
    deposit(acme, cpf, 1_000)
    note = acme.post_json(f"/api/customers/{cpf}/notes", {"text": "  Cliente fiel, paga em dia  "})
    assert (note.status_code, note.json()["text"]) == (201, "Cliente fiel, paga em dia")
    tagged = acme.put_json(f"/api/customers/{cpf}/tags", {"tags": ["vip", " VIP ", "atacado"]})
    assert (tagged.status_code, tagged.json()["tags"]) == (200, ["vip", "atacado"])
    detail = acme.get(f"/api/customers/{cpf}").json()
    assert [n["text"] for n in detail["notes"]] == ["Cliente fiel, paga em dia"]
    assert detail["notes"][0]["author"].startswith("client@")
    assert detail["tags"] == ["vip", "atacado"]
    with schema_context("acme"):
        entries = AuditEntry.objects.filter(action__startswith="customer.")
        actions = set(entries.values_list("action", flat=True))
    assert actions == {"customer.note", "customer.tags"}


def test_bad_input_is_a_400_with_the_field(acme: ApiClient) -> None:
    cpf = new_cpf()
    deposit(acme, cpf, 1_000)
    for bad in ("123", "111.111.111-11", cpf[:-1] + str((int(cpf[-1]) + 1) % 10)):
        response = acme.get(f"/api/customers/{bad}")
        assert response.status_code == 400, bad
        assert "document" in response.json()["fields"], response.json()
    empty = acme.post_json(f"/api/customers/{cpf}/notes", {"text": "   "})
    assert (empty.status_code, empty.json()["fields"]) == (400, {"text": "required"})
    long_tag = acme.put_json(f"/api/customers/{cpf}/tags", {"tags": ["x" * 31]})
    assert (long_tag.status_code, long_tag.json()["fields"]) == (400, {"tags": "invalid_tag"})
    assert acme.get("/api/customers", {"sort": "email"}).status_code == 400
    cursor = acme.get("/api/customers", {"cursor": "nope"})
    assert (cursor.status_code, cursor.json()["fields"]) == (400, {"cursor": "invalid"})
    assert acme.get(f"/api/customers/{new_cpf()}").status_code == 404  # valid, never a payer here


def test_keyset_pages_sorted_by_total(acme: ApiClient) -> None:
    with schema_context("acme"):
        Customer.objects.all().delete()
        for n in range(23):
            seen = "2026-11-01T12:00:00Z"
            Customer.objects.create(
                document=new_cpf(),
                name=f"Page {n}",
                search_name=f"page {n}",
                deposit_total=(n % 5) * 100,
                first_seen_at=seen,
                last_seen_at=seen,
            )
    seen_rows: list[dict[str, Any]] = []
    cursor = None
    while True:
        params: dict[str, str | int] = {"sort": "-deposit_total", "per_page": 10}
        if cursor:
            params["cursor"] = cursor
        page = acme.get("/api/customers", params).json()
        seen_rows += page["items"]
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert len(seen_rows) == 23
    assert len({r["document"] for r in seen_rows}) == 23
    totals = [r["deposit_total"] for r in seen_rows]
    assert totals == sorted(totals, reverse=True)


def test_the_backfill_rebuilds_the_customers_from_the_deposits(acme: ApiClient) -> None:
    cpf = new_cpf()
    confirm(deposit(acme, cpf, 4_200, name="Backfill Bernardes"))
    with schema_context("acme"):
        before = Customer.objects.values("deposit_count", "deposit_total", "name", "email").get(document=cpf)
        Customer.objects.all().delete()
    call_command("customers_backfill", stdout=io.StringIO())
    with schema_context("acme"):
        after = Customer.objects.values("deposit_count", "deposit_total", "name", "email").get(document=cpf)
    assert after == before == {"deposit_count": 1, "deposit_total": 4_200, "name": "Backfill Bernardes",
                               "email": EMAIL}  # fmt: skip


def test_a_payout_to_a_phone_pix_key_gives_the_customer_its_phone(acme: ApiClient) -> None:
    cpf = new_cpf()
    deposit(acme, cpf, 1_000)
    fund("acme", 20_000)
    person = {"holder_name": NAME, "holder_document": formatted(cpf), "pix_key": "+5511998765432"}
    payout = create_payout(acme, {"amount": 500, "method": "pix", "beneficiary": person})
    assert payout.status_code == 201, payout.content
    detail = acme.get(f"/api/customers/{cpf}").json()
    assert detail["phone"] == "+5511998765432"
    assert (payout.json()["id"], "payout") in [(h["id"], h["kind"]) for h in detail["history"]]
