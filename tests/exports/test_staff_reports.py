"""admin/reports (issue 13): staff export deposits or payouts across the clients they may see, from the
platform's transaction index, on the platform's host (the export lives in the public schema): the file
holds exactly the index's rows the filters select; bad filters are 400s naming the field; only the
route's roles may ask; a client's host still exports its own lists only."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.utils import timezone

from exports import services
from exports.models import Export
from gateway.models import TransactionIndex
from tests.support.http import ApiClient
from tests.support.personas import PERSONAS

pytestmark = pytest.mark.django_db


def logged(slug: str, role: str) -> ApiClient:
    client = ApiClient(slug, language="en")
    client.login_as(role)
    return client


@pytest.fixture
def indexed() -> None:
    """Index rows of acme and beta (what record_change writes beside each tenant record), today."""
    from tenants.models import Tenant

    now = timezone.now()
    for n, (slug, kind, status, currency) in enumerate(
        [
            ("acme", "deposit", "confirmed", "BRL"), ("acme", "deposit", "confirmed", "USD"),
            ("acme", "deposit", "waiting", "BRL"), ("beta", "deposit", "confirmed", "BRL"),
            ("beta", "payout", "confirmed", "BRL"), ("acme", "payout", "waiting", "BRL"),
        ]
    ):  # fmt: skip
        TransactionIndex.objects.create(
            tenant=Tenant.objects.get(slug=slug), kind=kind, public_id=f"rep{n}x{now.timestamp():.0f}",
            method="pix", status=status, amount=10_000 + n, fee=100 + n, currency=currency,
            name=f"Report {n}", created_at=now,
        )  # fmt: skip


def make(api: ApiClient, body: dict[str, Any]) -> list[dict[str, str]]:
    response = api.post_json("/api/exports", body)
    assert response.status_code == 202, response.content
    row = Export.objects.get(public_id=response.json()["id"])  # the platform's: the public schema
    assert services.run_export(row.pk) == "done"
    done = api.get(f"/api/exports/{row.public_id}").json()
    assert done["status"] == "done"
    listed = api.get("/api/exports").json()
    assert [e["id"] for e in listed][:1] == [row.public_id]
    download: Any = api.get(done["url"])
    text = b"".join(download.streaming_content).decode()
    return list(csv.DictReader(io.StringIO(text)))


@pytest.mark.usefixtures("indexed")
def test_the_report_holds_the_index_rows_the_filters_select() -> None:
    api = logged("public", "admin")
    today = timezone.localdate().isoformat()
    filters = {"date_from": today, "date_to": today, "status": ["confirmed"], "currency": ["BRL"]}
    rows = make(api, {"type": "payments", "format": "csv", "filters": filters})
    expected = TransactionIndex.objects.filter(
        kind="deposit", status="confirmed", currency="BRL", created_at__date=timezone.localdate()
    )
    assert sorted(r["ID"] for r in rows) == sorted(expected.values_list("public_id", flat=True))
    assert {r["Client"] for r in rows} >= {"acme", "beta"}
    first = next(r for r in rows if r["Payer name"] == "Report 0")
    assert (first["Amount"], first["Fee"], first["Net"]) == ("100.00", "1.00", "99.00")
    # one client, payouts
    payouts = make(api, {"type": "payouts", "format": "csv", "filters": {"client": "beta"}})
    expected_payouts = TransactionIndex.objects.filter(
        kind="payout", tenant__slug="beta", created_at__date__gte=timezone.localdate().replace(day=1)
    )
    assert sorted(r["ID"] for r in payouts) == sorted(expected_payouts.values_list("public_id", flat=True))
    assert {r["Client"] for r in payouts} == {"beta"}


@pytest.mark.parametrize(
    ("filters", "field", "reason"),
    [
        ({"date_from": "2026-02-10", "date_to": "2026-02-01"}, "filters.date_to", "date_range_reversed"),
        ({"date_from": "2024-01-01", "date_to": "2026-01-01"}, "filters.date_from", "date_range_too_long"),
        ({"client": "no-such-client"}, "filters.client", "unknown_client"),
        ({"status": ["approved"]}, "filters.status", "invalid_choice"),  # a payout's status
        ({"sort": "amount"}, "filters.sort", "unknown_filter"),
    ],
)
def test_bad_filters_are_400s_naming_the_field(filters: dict[str, Any], field: str, reason: str) -> None:
    api = logged("public", "admin")
    response = api.post_json("/api/exports", {"type": "payments", "format": "xlsx", "filters": filters})
    assert response.status_code == 400, response.content
    assert response.json()["fields"] == {field: reason}
    assert not Export.objects.exists()


def test_an_unknown_currency_is_a_400() -> None:
    response = logged("public", "admin").post_json(
        "/api/exports", {"type": "payments", "format": "csv", "filters": {"currency": ["EUR"]}}
    )
    assert response.status_code == 400, response.content
    assert "filters.currency.0" in response.json()["fields"]


def test_only_the_routes_roles_make_staff_reports() -> None:
    for role, slug in PERSONAS:
        if slug != "public":
            continue
        response = logged(slug, role).post_json("/api/exports", {"type": "payments", "format": "csv"})
        assert response.status_code == (202 if role == "admin" else 403), (role, response.content)


def test_the_clock_sweeps_the_platforms_exports_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The periodic `exports` job is ticked in the public schema as well (the only job that is), and
    there it deletes the file of an expired staff export."""
    from datetime import timedelta

    from core.periodic import periodic_jobs, queued_key, run_key
    from core.redis import redis_client
    from core.tasks import tick
    from exports.tasks import export_jobs

    assert [job.name for job in periodic_jobs() if job.public] == ["idempotency", "exports"]
    (job,) = [job for job in periodic_jobs() if job.name == "exports"]
    sent: list[str] = []
    monkeypatch.setattr(export_jobs, "send_with_options", lambda **kw: sent.append(kw["tenant_schema"]))
    for schema in ("acme", "public"):
        redis_client().delete(run_key("exports", schema), queued_key("exports", schema))
    try:
        tick([job], schemas=["acme", "public"])
        assert sent == ["acme", "public"]
    finally:
        for schema in ("acme", "public"):
            redis_client().delete(run_key("exports", schema), queued_key("exports", schema))

    api = logged("public", "admin")
    created = api.post_json("/api/exports", {"type": "volume", "format": "csv"}).json()
    row = Export.objects.get(public_id=created["id"])
    assert services.run_export(row.pk) == "done"
    Export.objects.filter(pk=row.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert services.purge_expired() == 1
    assert Export.objects.get(pk=row.pk).file is None
    assert api.get(f"/api/exports/{row.public_id}").json()["url"] is None
