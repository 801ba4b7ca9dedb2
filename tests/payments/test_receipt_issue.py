"""Receipts are issued with the money, not on a GET: a deposit's code is written when it is confirmed
and a settlement's when a deposit is added to it (the same transaction), reading a receipt writes
nothing, `receipts.backfill` issues the codes of records paid before; staff (admin, financial, an
employee over the clients granted to them) open any client's receipt from their screens, and nobody
else does (a client never opens another's)."""

from __future__ import annotations

from typing import Any

import pytest
from django_tenants.utils import schema_context

from gateway.models import ReceiptCode
from payments import receipts
from payments.models import Deposit, Settlement
from tenants.models import Tenant
from tests.payments.test_deposits_api import create, post_webhooks
from tests.payments.test_receipts import beta_owner, paid_pix
from tests.payments.test_settlements import settle_new
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def acme() -> ApiClient:
    client = ApiClient("acme")
    client.login_as("client")
    return client


def staff(role: str) -> ApiClient:
    client = ApiClient("public")
    client.login_as(role)
    return client


def pointers(public_id: str) -> list[str]:
    with schema_context("public"):
        return list(ReceiptCode.objects.filter(public_id=public_id).values_list("code", flat=True))


def staff_deposit(who: ApiClient, client: str, deposit_id: str) -> Any:
    return who.get(f"/api/admin/clients/{client}/deposits/{deposit_id}/receipt")


def staff_settlement(who: ApiClient, client: str, settlement_id: str) -> Any:
    return who.get(f"/api/admin/clients/{client}/settlements/{settlement_id}/receipt")


def test_a_deposit_code_is_issued_at_confirmation_and_reading_the_receipt_writes_nothing(
    acme: ApiClient,
) -> None:
    waiting = create(acme, method="pix", amount=2_500, due_date=None).json()
    assert pointers(waiting["id"]) == []  # not paid: no receipt, no code
    assert post_webhooks(waiting["id"]) == ["applied"]
    with schema_context("acme"):
        code = receipts.deposit_code(
            Tenant.objects.get(slug="acme"), Deposit.objects.get(public_id=waiting["id"])
        )
    assert pointers(waiting["id"]) == [code]  # issued in the confirmation's transaction
    # A GET only reads: with the pointer gone, reading the receipt does not write it back.
    with schema_context("public"):
        ReceiptCode.objects.filter(public_id=waiting["id"]).delete()
    body = acme.get(f"/api/deposits/{waiting['id']}/receipt").json()
    assert body["authentication_code"] == code
    assert pointers(waiting["id"]) == []
    assert ApiClient("public").get("/api/receipts/verify", {"code": code}).json()["valid"] is False


def test_a_settlement_code_is_issued_as_its_figures_change(acme: ApiClient) -> None:
    ids = settle_new(acme, 4_000, 6_000)
    with schema_context("acme"):
        settlement = Settlement.objects.get(deposits__public_id=ids[0])
        code = receipts.settlement_code(Tenant.objects.get(slug="acme"), settlement)
    assert code in pointers(settlement.public_id)  # the current figures' code points at it
    receipt = acme.get(f"/api/settlements/{settlement.public_id}/receipt").json()
    assert receipt["authentication_code"] == code
    verified = ApiClient("public").get("/api/receipts/verify", {"code": code}).json()
    assert verified["valid"] is True
    assert verified["amount"] == settlement.net


def test_backfill_issues_the_codes_of_records_paid_before(acme: ApiClient) -> None:
    ids = settle_new(acme, 1_000)
    deposit = acme.get(f"/api/deposits/{ids[0]}/receipt").json()
    settlement = acme.get(f"/api/settlements/{deposit['settlement_id']}/receipt").json()
    with schema_context("public"):
        ReceiptCode.objects.filter(public_id__in=[deposit["id"], settlement["id"]]).delete()
    with schema_context("acme"):
        assert receipts.backfill(Tenant.objects.get(slug="acme")) >= 2
    assert pointers(deposit["id"]) == [deposit["authentication_code"]]
    assert settlement["authentication_code"] in pointers(settlement["id"])
    for code in (deposit["authentication_code"], settlement["authentication_code"]):
        assert ApiClient("public").get("/api/receipts/verify", {"code": code}).json()["valid"] is True


@pytest.mark.parametrize("role", ["admin", "financial", "employee"])
def test_staff_open_a_client_deposit_and_settlement_receipt(acme: ApiClient, role: str) -> None:
    ids = settle_new(acme, 3_000)
    own = acme.get(f"/api/deposits/{ids[0]}/receipt").json()
    who = staff(role)
    response = staff_deposit(who, "acme", ids[0])
    assert response.status_code == 200, response.content
    assert response.json()["authentication_code"] == own["authentication_code"]
    assert response.json()["company"]["slug"] == "acme"
    settled = staff_settlement(who, "acme", own["settlement_id"])
    assert settled.status_code == 200, settled.content
    assert settled.json()["id"] == own["settlement_id"]
    assert ids[0] in {d["id"] for d in settled.json()["deposits"]}
    # A deposit not paid yet: the translated 409, as the client's own screen says it.
    waiting = create(acme, method="pix", amount=700, due_date=None).json()
    refused = staff_deposit(who, "acme", waiting["id"])
    assert refused.status_code == 409
    assert refused.json()["code"] == "receipt_not_paid"


def test_staff_scope_holds_an_employee_reaches_only_granted_clients_and_ids_do_not_cross() -> None:
    beta = beta_owner()
    theirs = create(beta, method="pix", amount=2_000, due_date=None).json()
    assert post_webhooks(theirs["id"]) == ["applied"]
    admin, employee = staff("admin"), staff("employee")
    assert staff_deposit(admin, "beta", theirs["id"]).status_code == 200
    # The demo employee is granted acme only: beta's receipt does not exist for them.
    assert staff_deposit(employee, "beta", theirs["id"]).status_code == 404
    # A record of beta asked under acme's name is not found (ids never cross tenants).
    assert staff_deposit(admin, "acme", theirs["id"]).status_code == 404
    assert staff_deposit(admin, "nobody", theirs["id"]).status_code == 404
    assert staff_settlement(admin, "acme", "stl_doesnotexist").status_code == 404


def test_a_client_opens_no_other_clients_receipt_through_the_staff_endpoints(acme: ApiClient) -> None:
    mine = paid_pix(acme, 1_200)
    beta = beta_owner()
    theirs = create(beta, method="pix", amount=2_000, due_date=None).json()
    assert post_webhooks(theirs["id"]) == ["applied"]
    # Not a staff member: refused by the route table before anything is looked up.
    assert staff_deposit(acme, "beta", theirs["id"]).status_code == 403
    assert staff_deposit(acme, "acme", mine["id"]).status_code == 403
    assert staff_deposit(beta, "acme", mine["id"]).status_code == 403
    # and through its own endpoint, another client's deposit does not exist
    assert acme.get(f"/api/deposits/{theirs['id']}/receipt").status_code == 404
