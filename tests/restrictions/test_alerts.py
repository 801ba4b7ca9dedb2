"""Alerts: rules watching deposits as they are created open alerts in a queue (admin/customers-alert),
one per client, rule and document, worked open -> acknowledged -> resolved with notes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django_tenants.utils import schema_context

from accounts import identity_cache
from audit.models import AuditEntry
from notifications.models import Notification
from restrictions.alerts import BURST_COUNT, is_night, rules_hit
from restrictions.models import Alert
from tenants.models import Tenant
from tests.payouts.helpers import logged
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

CPF = "390.533.447-05"
DEPOSIT = {
    "method": "pix",
    "amount": 1_000,
    "currency": "BRL",
    "payer": {"name": "Rafa Lima", "document": CPF},
}


@pytest.fixture(autouse=True)
def _forget_cached_identities() -> Any:
    yield
    identity_cache.changed()


def deposits(client: ApiClient, count: int) -> None:
    for _ in range(count):
        response = client.post_json("/api/deposits", DEPOSIT)
        assert response.status_code == 201, response.content


def alerts_of(slug: str) -> list[Alert]:
    with schema_context("public"):
        return list(Alert.objects.filter(tenant__slug=slug, document="39053344705"))


def test_many_deposits_from_one_document_open_one_alert_and_notify_the_admins() -> None:
    acme = logged("acme", "client")
    deposits(acme, BURST_COUNT - 1)
    assert alerts_of("acme") == []
    deposits(acme, 2)
    [alert] = alerts_of("acme")
    assert (alert.rule, alert.status, alert.hits) == ("burst", "open", 2)
    with schema_context("public"):
        [notice] = Notification.objects.filter(kind="alert.opened", link="admin/customers-alert")[:1]
        assert notice.params["client"] == Tenant.objects.get(slug="acme").name
    assert alerts_of("beta") == []  # another client's queue is its own


def test_the_queue_acknowledges_notes_and_resolves_with_a_note() -> None:
    deposits(logged("acme", "client"), BURST_COUNT)
    [alert] = alerts_of("acme")
    admin = logged("public", "admin")
    listed = admin.get("/api/alerts", {"status": "open", "rule": "burst", "client": "acme"}).json()["items"]
    assert alert.public_id in [row["id"] for row in listed]
    acknowledged = admin.post_json(f"/api/alerts/{alert.public_id}/acknowledge", {"note": ""})
    assert (acknowledged.status_code, acknowledged.json()["status"]) == (200, "acknowledged")
    noted = admin.post_json(f"/api/alerts/{alert.public_id}/notes", {"note": "Ligamos para o cliente"})
    assert [n["text"] for n in noted.json()["notes"]] == ["Ligamos para o cliente"]
    assert admin.post_json(f"/api/alerts/{alert.public_id}/resolve", {"note": ""}).status_code == 400
    resolved = admin.post_json(f"/api/alerts/{alert.public_id}/resolve", {"note": "Pagamentos de aluguel"})
    assert (resolved.status_code, resolved.json()["status"]) == (200, "resolved")
    again = admin.post_json(f"/api/alerts/{alert.public_id}/acknowledge", {"note": ""})
    assert (again.status_code, again.json()["code"]) == (409, "alert_not_open")
    with schema_context("public"):
        actions = set(AuditEntry.objects.filter(action__startswith="alert.").values_list("action", flat=True))
    assert {"alert.acknowledge", "alert.note", "alert.resolve"} <= actions
    # resolved: the next burst opens a new alert
    deposits(logged("acme", "client"), 1)
    assert sorted(a.status for a in alerts_of("acme")) == ["open", "resolved"]


def test_only_admins_see_the_queue() -> None:
    assert logged("acme", "client").get("/api/alerts").status_code == 403
    assert logged("public", "employee").get("/api/alerts").status_code == 403
    assert logged("public", "admin").get("/api/alerts", {"status": "nope"}).status_code == 400


def test_a_persons_pix_at_night_over_r_1000_is_a_rule() -> None:
    with schema_context("public"):
        acme = Tenant.objects.get(slug="acme")
        night = datetime(2026, 11, 28, 2, 0, tzinfo=UTC)  # 23:00 in Brasília
        day = datetime(2026, 11, 28, 15, 0, tzinfo=UTC)  # 12:00 in Brasília
        assert is_night(night)
        assert not is_night(day)
        args = {"document": "39053344705", "method": "pix"}
        assert rules_hit(acme, amount=100_001, created_at=night, **args) == ["night_pix"]
        assert rules_hit(acme, amount=100_000, created_at=night, **args) == []
        assert rules_hit(acme, amount=100_001, created_at=day, **args) == []
        company = {"document": "11222333000181", "method": "pix"}
        assert rules_hit(acme, amount=500_000, created_at=night, **company) == []
        assert (
            rules_hit(acme, amount=500_000, created_at=night, document="39053344705", method="billet") == []
        )
