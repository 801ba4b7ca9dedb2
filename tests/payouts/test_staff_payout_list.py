"""The staff payout requests screens (employee/payout-requests, admin/payout-requests) list the payouts
of every client in scope through the cross-tenant index (GET /api/transactions?kind=payout, filtered by
client slug) and open one payout's detail (GET /api/payouts/{id}) on the platform host."""

from __future__ import annotations

from typing import Any

import pytest

from ops.demo import BETA_OWNER, DEMO_PASSWORD
from tests.payouts.helpers import BB_ACCOUNT, create_payout, fund, logged
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db


def _beta() -> ApiClient:
    client = ApiClient("beta")
    response = client.post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD))
    assert response.status_code == 200, response.content
    return client


def _payout(client: ApiClient, slug: str, amount: int) -> str:
    fund(slug, amount + 1_000)  # with room for the payout's fee (acme's demo data: R$ 1,50 per PIX payout)
    account = client.post_json("/api/bank-accounts", BB_ACCOUNT)
    assert account.status_code == 201, account.content
    body = {"amount": amount, "currency": "BRL", "method": "pix", "bank_account_id": account.json()["id"]}
    response = create_payout(client, body)
    assert response.status_code == 201, response.content
    return str(response.json()["id"])


@pytest.fixture
def payouts() -> dict[str, str]:
    return {"acme": _payout(logged("acme", "client"), "acme", 1_234), "beta": _payout(_beta(), "beta", 4_321)}


def _ids(client: ApiClient, **query: Any) -> dict[str, str]:
    response = client.get("/api/transactions", {"kind": "payout", "per_page": 100, **query})
    assert response.status_code == 200, response.content
    rows = response.json()["items"]
    assert {row["kind"] for row in rows} <= {"payout"}
    return {row["id"]: row["client"] for row in rows}


def test_an_admin_lists_the_payouts_of_every_client_and_filters_by_client(payouts: dict[str, str]) -> None:
    admin = logged("public", "admin")
    everything = _ids(admin)
    assert (everything[payouts["acme"]], everything[payouts["beta"]]) == ("acme", "beta")
    only_beta = _ids(admin, tenant="beta")
    assert payouts["beta"] in only_beta
    assert set(only_beta.values()) == {"beta"}
    assert _ids(admin, tenant="beta", q=payouts["acme"]) == {}
    assert list(_ids(admin, q=payouts["acme"])) == [payouts["acme"]]


def test_an_employee_lists_the_payouts_of_assigned_clients_only(payouts: dict[str, str]) -> None:
    employee = logged("public", "employee")  # assigned to acme in the demo data
    seen = _ids(employee)
    assert payouts["acme"] in seen
    assert set(seen.values()) == {"acme"}
    assert _ids(employee, tenant="beta") == {}
    assert _ids(employee, q=payouts["beta"]) == {}


def test_staff_open_the_detail_of_a_payout_in_scope_only(payouts: dict[str, str]) -> None:
    employee = logged("public", "employee")
    detail = employee.get(f"/api/payouts/{payouts['acme']}")
    assert detail.status_code == 200, detail.content
    assert detail.json()["client"]["slug"] == "acme"
    assert [e["to_status"] for e in detail.json()["events"]][:1] == ["waiting"]
    assert employee.get(f"/api/payouts/{payouts['beta']}").status_code == 404
    admin = logged("public", "admin")
    assert admin.get(f"/api/payouts/{payouts['beta']}").json()["client"]["slug"] == "beta"
    financial = logged("public", "financial")  # neither payout requests nor compliance
    assert financial.get(f"/api/payouts/{payouts['acme']}").status_code == 403
