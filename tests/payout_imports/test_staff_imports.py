"""Staff importing payouts on a chosen client's behalf (employee/payout-requests, admin/payout-requests):
the same preview and confirm as the client's own, in the client's books, audited as staff acting for
the client, and refused for a client the staff member may not see."""

from __future__ import annotations

from typing import Any

import pytest
from django_tenants.utils import schema_context

from audit.models import AuditEntry
from payout_imports.models import PayoutImport
from payouts.models import Payout
from tests.payout_imports.helpers import BAD_CPF, PIX, TED, _named, csv_bytes, unique
from tests.payouts.helpers import balance, fund, logged
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin() -> ApiClient:
    fund("acme", 10_000_000)
    return logged("public", "admin")


def staff_upload(client: ApiClient, content: bytes, slug: str = "acme", name: str = "saques.csv") -> Any:
    return client.post(f"/api/admin/payout-imports/{slug}", {"file": _named(content, name)})


def test_staff_preview_and_confirm_for_a_client_make_its_payouts(admin: ApiClient) -> None:
    before = balance("acme")
    preview = staff_upload(admin, csv_bytes([unique(TED), unique(PIX), BAD_CPF]))
    assert preview.status_code == 201, preview.content
    body = preview.json()
    assert [r["status"] for r in body["rows"]] == ["ok", "ok", "error"]
    assert balance("acme") == before  # a preview moves nothing
    import_id = body["id"]
    with schema_context("acme"):
        assert PayoutImport.objects.filter(public_id=import_id).exists()  # in the client's books
    listed = admin.get("/api/admin/payout-imports/acme").json()["items"]
    assert import_id in [i["id"] for i in listed]
    failed = admin.get("/api/admin/payout-imports/acme", {"tab": "failed"}).json()["items"]
    assert import_id in [i["id"] for i in failed]

    confirmed = admin.post(f"/api/admin/payout-imports/acme/{import_id}/confirm")
    assert confirmed.status_code == 200, confirmed.content
    assert confirmed.json()["totals"]["submitted"] == 2
    made = [r["payout_id"] for r in confirmed.json()["rows"] if r["outcome"] == "confirmed"]
    with schema_context("acme"):
        payouts = list(Payout.objects.filter(public_id__in=made))
        entries = {
            e.action: e.data
            for e in AuditEntry.objects.filter(action__startswith="payout_import.", data__id=import_id)
        }
    assert {p.kind for p in payouts} == {"manual"}
    after = balance("acme")
    assert before["available"] - after["available"] == sum(p.amount + p.fee for p in payouts)
    for action in ("payout_import.previewed", "payout_import.confirm_requested", "payout_import.confirmed"):
        assert entries[action]["acting_for"] == "acme", action
        assert entries[action]["staff_role"] == "admin"
    # the client sees the import on its own screen, made by staff for it
    own = logged("acme", "client").get(f"/api/payout-imports/{import_id}")
    assert own.status_code == 200
    assert own.json()["status"] == "confirmed"


def test_staff_cancel_a_clients_preview(admin: ApiClient) -> None:
    import_id = staff_upload(admin, csv_bytes([unique(PIX)])).json()["id"]
    response = admin.post(f"/api/admin/payout-imports/acme/{import_id}/cancel")
    assert response.status_code == 200
    assert response.json()["status"] == "canceled"


def test_bad_files_are_refused_for_staff_as_for_clients(admin: ApiClient) -> None:
    response = staff_upload(admin, b"PK\x03\x04 not really a zip", name="x.xlsx")
    assert response.status_code == 400
    assert response.json()["code"] == "not_a_spreadsheet"


def test_staff_cannot_import_for_a_client_they_may_not_see(admin: ApiClient) -> None:
    employee = logged("public", "employee")  # sees only the clients granted to them
    for response in (
        staff_upload(employee, csv_bytes([unique(PIX)]), slug="beta"),
        employee.get("/api/admin/payout-imports/beta"),
    ):
        assert response.status_code == 404, response.content
    # nor for a partner, nor for a tenant that is not there
    assert staff_upload(admin, csv_bytes([unique(PIX)]), slug="orbita").status_code == 404
    assert staff_upload(admin, csv_bytes([unique(PIX)]), slug="nope").status_code == 404
    # an import of one client is not reachable as another's
    import_id = staff_upload(admin, csv_bytes([unique(PIX)])).json()["id"]
    assert admin.get(f"/api/admin/payout-imports/beta/{import_id}").status_code == 404
    assert admin.post(f"/api/admin/payout-imports/beta/{import_id}/confirm").status_code == 404


def test_clients_cannot_use_the_staff_import(admin: ApiClient) -> None:
    client = logged("acme", "client")
    assert staff_upload(client, csv_bytes([unique(PIX)])).status_code == 403
    assert client.get("/api/admin/payout-imports/acme").status_code == 403
