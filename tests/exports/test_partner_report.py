"""A partner's report across all its clients in one file (issue 16): export type `partner_report` on the
partner's host, made by the exports job (CSV or XLSX), one row per client and currency with paid
deposits, payouts, fees, the partner's commission and the balance, for a period; read from the
roll-ups and the ledger in one query. What a partner sees is exactly its linked clients: another
partner's client is never in it, and a client unlinked after the export was asked for is not in the
file (the link is read when the job runs)."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Membership
from backoffice import services as backoffice
from exports import services, sources
from exports.models import Export
from ledger.models import AccountKind, JournalEntry, LedgerAccount, Posting
from stats import rollups
from stats.models import MonthlyRollup, Rollup
from tenants.models import PartnerClient, Tenant, TenantKind
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


def logged(slug: str, role: str, language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def ask(api: ApiClient, body: dict[str, Any]) -> Export:
    response = api.post_json("/api/exports", body)
    assert response.status_code == 202, response.content
    with schema_context("orbita"):  # the partner's own schema holds its exports
        return Export.objects.get(public_id=response.json()["id"])


def run(api: ApiClient, export: Export) -> list[dict[str, str]]:
    with schema_context("orbita"):
        assert services.run_export(export.pk) == "done"
    done = api.get(f"/api/exports/{export.public_id}").json()
    assert done["status"] == "done", done
    download: Any = api.get(done["url"])
    text = b"".join(download.streaming_content).decode()
    return list(csv.DictReader(io.StringIO(text)))


def commission(partner: Tenant, client: Tenant, amount: int, key: str) -> None:
    """A partner_commission credit of `client`'s entry (what ledger.commission posts with a fee)."""
    account, _ = LedgerAccount.objects.get_or_create(
        code=f"platform:partner_commission:{partner.schema_name}:BRL",
        defaults={"kind": AccountKind.PARTNER_COMMISSION, "currency": "BRL", "tenant": partner},
    )
    entry = JournalEntry.objects.create(idempotency_key=key, kind="deposit_confirmed", tenant=client)
    account.balance -= amount
    account.save(update_fields=["balance"])
    Posting.objects.create(
        entry=entry, account=account, amount=-amount, currency="BRL", balance_after=account.balance
    )


def available(slug: str, currency: str) -> int:
    rows = LedgerAccount.objects.filter(tenant__slug=slug, currency=currency, kind=AccountKind.AVAILABLE)
    return -sum(r.balance for r in rows)


@pytest.fixture
def figures() -> Tenant:
    """Today's roll-ups of acme and beta (orbita's clients) and of a client of another partner, and
    commission postings; returns the other partner's client."""
    orbita = Tenant.objects.get(slug="orbita")
    acme, beta = Tenant.objects.get(slug="acme"), Tenant.objects.get(slug="beta")
    other = Tenant(slug="outrop", name="Outro Parceiro", kind=TenantKind.PARTNER, schema_name="outrop")
    other.auto_create_schema = False
    other.save()
    stranger = Tenant(slug="strangerc", name="Stranger Ltda", kind=TenantKind.CLIENT, schema_name="strangerc")
    stranger.auto_create_schema = False
    stranger.save()
    PartnerClient.objects.create(partner=other, client=stranger)
    Rollup.objects.filter(tenant__in=[acme, beta]).delete()
    MonthlyRollup.objects.filter(tenant__in=[acme, beta]).delete()
    today = timezone.localdate()
    rows = [
        (acme.pk, "deposit", "BRL", today, "pix", "confirmed", 2, 20_000, 200),
        (acme.pk, "deposit", "BRL", today, "pix", "waiting", 5, 50_000, 0),  # not paid: not counted
        (acme.pk, "deposit", "USD", today, "card", "paid_to_client", 1, 7_000, 315),
        (acme.pk, "payout", "BRL", today, "pix", "confirmed", 1, 3_000, 150),
        (beta.pk, "deposit", "BRL", today, "billet", "paid_to_client", 3, 30_000, 750),
        (stranger.pk, "deposit", "BRL", today, "pix", "confirmed", 9, 90_000, 900),
    ]
    for row in sorted(rows, key=lambda r: (r[0], r[1], r[2], r[3], r[4], r[5])):
        rollups.upsert([row])
    commission(orbita, acme, 70, "test:commission:acme")
    commission(orbita, beta, 150, "test:commission:beta")
    return stranger


def test_the_report_has_one_row_per_client_and_currency_with_its_figures(figures: Tenant) -> None:
    api = logged("orbita", "partner")
    today = timezone.localdate().isoformat()
    rows = run(
        api, ask(api, {"type": "partner_report", "format": "csv", "filters": {"from": today, "to": today}})
    )
    by = {(r["Client"], r["Currency"]): r for r in rows}
    assert set(by) == {("acme", "BRL"), ("acme", "USD"), ("beta", "BRL")}  # exactly its clients
    acme = by[("acme", "BRL")]
    assert acme["Name"] == Tenant.objects.get(slug="acme").name
    assert (acme["Paid deposits (count)"], acme["Paid deposits"]) == ("2", "200.00")
    assert (acme["Payouts (count)"], acme["Payouts"]) == ("1", "30.00")
    assert acme["Fees"] == "3.50"  # 2.00 of deposits + 1.50 of the payout
    assert acme["Partner commission"] == "0.70"
    assert acme["Available balance"] == f"{available('acme', 'BRL') / 100:.2f}"
    usd = by[("acme", "USD")]
    assert (usd["Paid deposits"], usd["Fees"], usd["Partner commission"]) == ("70.00", "3.15", "0.00")
    beta = by[("beta", "BRL")]
    assert (beta["Paid deposits (count)"], beta["Fees"], beta["Partner commission"]) == ("3", "7.50", "1.50")


def test_a_client_unlinked_after_the_report_was_asked_for_is_not_in_it(figures: Tenant) -> None:
    api = logged("orbita", "partner_admin")
    first = run(api, ask(api, {"type": "partner_report", "format": "csv", "filters": {}}))
    assert {r["Client"] for r in first} == {"acme", "beta"}
    pending = ask(api, {"type": "partner_report", "format": "csv", "filters": {}})
    admin = Membership.objects.get(user__email="admin@demo.test", role="admin").user
    backoffice.do_unlink_partner(admin, Tenant.objects.get(slug="orbita"), Tenant.objects.get(slug="beta"))
    after = run(api, pending)  # the job reads the partner's clients when it runs
    assert {r["Client"] for r in after} == {"acme"}
    assert {r["Client"] for r in run(api, ask(api, {"type": "partner_report", "format": "csv"}))} == {"acme"}


def test_the_report_in_xlsx_and_portuguese() -> None:
    api = logged("orbita", "partner_analyst", language="pt-BR")
    export = ask(api, {"type": "partner_report", "format": "xlsx", "filters": {}})
    with schema_context("orbita"):
        assert services.run_export(export.pk) == "done"
        export.refresh_from_db()
        assert export.format == "xlsx"
        assert export.language == "pt-BR"
        assert export.size > 0


def test_the_rows_are_one_query(figures: Tenant) -> None:
    membership = Membership.objects.select_related("tenant", "user").get(
        tenant__slug="orbita", role="partner"
    )
    today = timezone.localdate().isoformat()
    with schema_context("orbita"), CaptureQueriesContext(connection) as queries:  # as the job runs
        rows = list(sources.partner_report_rows(membership, {"from": today, "to": today}))
    statements = [q["sql"] for q in queries.captured_queries if not q["sql"].startswith("SET search_path")]
    assert len(statements) == 1, statements
    assert {(r[0], r[2]) for r in rows} == {("acme", "BRL"), ("acme", "USD"), ("beta", "BRL")}


def test_bad_filters_and_wrong_hosts_are_refused() -> None:
    api = logged("orbita", "partner")
    bad = api.post_json(
        "/api/exports", {"type": "partner_report", "format": "csv", "filters": {"from": "nope"}}
    )
    assert bad.status_code == 400
    assert bad.json()["fields"] == {"filters.from": "invalid_date"}
    unknown = api.post_json(
        "/api/exports", {"type": "partner_report", "format": "csv", "filters": {"client": "x"}}
    )
    assert unknown.status_code == 400
    assert unknown.json()["fields"] == {"filters.client": "unknown_filter"}
    # a partner makes no client export, and a client no partner report
    assert api.post_json("/api/exports", {"type": "payments", "format": "csv"}).status_code == 400
    client = logged("acme", "client")
    assert client.post_json("/api/exports", {"type": "partner_report", "format": "csv"}).status_code == 400
    with schema_context("orbita"):
        assert not Export.objects.exists()
