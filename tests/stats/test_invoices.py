"""GET /api/admin/invoices and /api/admin/invoices/{number}: a client's fees of a São Paulo month from
the ledger, exact to the centavo against a recount from the deposits and payouts themselves, reais
and dollars apart; staff only, and only the clients the staff member may see."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from typing import Any

import pytest
from django_tenants.utils import schema_context

from core.dates import day_start
from ledger.models import AccountKind, JournalEntry, Posting
from payments.models import Deposit
from payouts.models import Payout
from stats.invoices import current_month, invoice_number, next_month
from tenants.models import PartnerTerms, Tenant
from tests.stats.test_rollups import World
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

Key = tuple[str, str, str]  # kind, method, currency


def staff(role: str = "admin", language: str = "en") -> ApiClient:
    client = ApiClient("public", language=language)
    client.login_as(role)
    return client


def recount(tenant: Tenant, month: date) -> dict[Key, tuple[int, int]]:
    """The month's fees from the source rows: every deposit and payout whose confirmation entry the
    books dated in the month, with the fee, method and currency the record itself carries."""
    entries = JournalEntry.objects.filter(
        tenant=tenant, created_at__gte=day_start(month), created_at__lt=day_start(next_month(month)),
        kind__in=("deposit_confirmed", "payout_confirmed"),
    ).values_list("kind", "reference")  # fmt: skip
    refs: dict[str, set[str]] = defaultdict(set)
    for kind, reference in entries:
        refs[kind].add(reference)
    sums: dict[Key, list[int]] = defaultdict(lambda: [0, 0])
    with schema_context(tenant.schema_name):
        for d in Deposit.objects.filter(public_id__in=refs["deposit_confirmed"], fee__gt=0):
            sums[("deposit", d.method, d.currency)][0] += 1
            sums[("deposit", d.method, d.currency)][1] += d.fee
        for p in Payout.objects.filter(public_id__in=refs["payout_confirmed"], fee__gt=0):
            sums[("payout", p.method, p.currency)][0] += 1
            sums[("payout", p.method, p.currency)][1] += p.fee
    return {key: (count, fee) for key, (count, fee) in sums.items()}


def busy_month() -> World:
    """Deposits of every method in reais and dollars confirmed (some settled), payouts paid."""
    steps = [("create", n) for n in range(16)]
    steps += [("confirm", n) for n in range(14)] + [("confirm_paid_less", 14)]
    steps += [("settle", n) for n in range(0, 8, 2)]
    steps += [("payout", n) for n in (0, 2, 4)] + [("submit", n) for n in range(3)]
    steps += [("pay", n) for n in range(3)]
    with schema_context("acme"):
        world = World()
        for op, n in steps:
            world.run(op, n)
    return world


def test_the_invoice_equals_a_recount_to_the_centavo_and_never_adds_reais_to_dollars() -> None:
    world = busy_month()
    month = current_month()
    expected = recount(world.tenant, month)
    assert any(key[0] == "payout" for key in expected), expected
    assert {key[2] for key in expected} == {"BRL", "USD"}
    admin = staff()
    listed = admin.get("/api/admin/invoices", {"month": f"{month:%Y-%m}", "client": "acme"})
    assert listed.status_code == 200, listed.content
    [summary] = listed.json()["items"]
    number = invoice_number(world.tenant.pk, month)
    assert summary["number"] == number
    assert summary["status"] == "open"
    assert summary["client"] == {"slug": "acme", "name": world.tenant.name}
    assert summary["period_start"] == month.isoformat()
    assert summary["period_end"] == (next_month(month) - timedelta(days=1)).isoformat()
    detail = admin.get(f"/api/admin/invoices/{number}")
    assert detail.status_code == 200, detail.content
    body = detail.json()
    lines = {(x["kind"], x["method"], x["currency"]): (x["count"], x["fee"]) for x in body["lines"]}
    assert lines == expected
    for total in body["totals"]:  # one total per currency, each the sum of its own lines only
        own = [fee for (_, _, currency), (_, fee) in expected.items() if currency == total["currency"]]
        assert total["fee"] == sum(own)
        assert isinstance(total["fee"], int)
    assert {t["currency"] for t in body["totals"]} == {"BRL", "USD"}
    assert summary["totals"] == body["totals"]


def test_a_partners_commission_stays_on_its_clients_invoice_the_client_paid_the_whole_fee() -> None:
    """acme is linked to orbita (the demo): at 20 % a fifth of every fee is credited to orbita's
    commission account, not to fee revenue, and the invoice still shows the fees acme paid."""
    PartnerTerms.objects.update_or_create(
        partner=Tenant.objects.get(slug="orbita"), defaults={"commission_bp": 2_000}
    )
    world = busy_month()
    month = current_month()
    commission = Posting.objects.filter(
        account__kind=AccountKind.PARTNER_COMMISSION, entry__tenant=world.tenant,
        entry__kind__in=("deposit_confirmed", "payout_confirmed"),
    )  # fmt: skip
    assert commission.filter(currency="BRL").exists()
    assert commission.filter(currency="USD").exists()
    assert {p.account.tenant_id for p in commission.select_related("account")} == {
        Tenant.objects.get(slug="orbita").pk
    }
    expected = recount(world.tenant, month)
    assert any(key[0] == "payout" for key in expected), expected
    body = staff().get(f"/api/admin/invoices/{invoice_number(world.tenant.pk, month)}").json()
    assert lines_of(body) == expected
    paid: dict[str, int] = defaultdict(int)
    for (_, _, currency), (_, fee) in expected.items():
        paid[currency] += fee
    assert {t["currency"]: t["fee"] for t in body["totals"]} == paid


def lines_of(body: dict[str, Any]) -> dict[Key, tuple[int, int]]:
    return {(x["kind"], x["method"], x["currency"]): (x["count"], x["fee"]) for x in body["lines"]}


def test_a_past_month_is_closed_and_this_months_fees_stay_out_of_it() -> None:
    tenant = Tenant.objects.get(slug="acme")
    month = current_month()
    last = (month - timedelta(days=1)).replace(day=1)
    admin = staff()
    past_number = invoice_number(tenant.pk, last)
    before = admin.get(f"/api/admin/invoices/{past_number}").json()
    now_before = lines_of(admin.get(f"/api/admin/invoices/{invoice_number(tenant.pk, month)}").json())
    busy_month()
    past = admin.get(f"/api/admin/invoices/{past_number}").json()
    assert past["status"] == "closed"
    assert past["period_start"] == last.isoformat()
    assert lines_of(past) == lines_of(before) == recount(tenant, last)
    now = lines_of(admin.get(f"/api/admin/invoices/{invoice_number(tenant.pk, month)}").json())
    assert now == recount(tenant, month)
    assert now != now_before
    closed = admin.get("/api/admin/invoices", {"month": f"{last:%Y-%m}", "status": "closed"}).json()["items"]
    assert all(i["status"] == "closed" for i in closed)
    opened = admin.get("/api/admin/invoices", {"month": f"{last:%Y-%m}", "status": "open"}).json()["items"]
    assert opened == []
    current = admin.get("/api/admin/invoices", {"status": "open", "client": "acme"}).json()["items"]
    assert [i["number"] for i in current] == [invoice_number(tenant.pk, month)]


def test_every_client_of_the_month_is_listed_once_by_name_and_pages_follow() -> None:
    busy_month()
    admin = staff()
    everything = admin.get("/api/admin/invoices").json()["items"]
    numbers = [i["number"] for i in everything]
    assert len(numbers) == len(set(numbers))
    assert "acme" in {i["client"]["slug"] for i in everything}
    names = [i["client"]["name"].lower() for i in everything]
    assert names == sorted(names)
    pages, cursor = [], None
    while True:
        page = admin.get(
            "/api/admin/invoices", {"per_page": 1, **({"cursor": cursor} if cursor else {})}
        ).json()
        pages += [i["number"] for i in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert pages == numbers


@pytest.mark.parametrize(
    ("params", "field"),
    [({"month": "2026-13"}, "month"), ({"month": "nov"}, "month"), ({"month": "2999-01"}, "month")],
)
def test_a_bad_month_is_a_translated_400(params: dict[str, str], field: str) -> None:
    for language, word in (("en", "check"), ("pt-BR", "Verifique")):
        answer = staff(language=language).get("/api/admin/invoices", params)
        assert answer.status_code == 400, answer.content
        assert field in answer.json()["fields"]
        assert word in answer.json()["message"]


def test_unknown_or_malformed_numbers_and_clients_are_not_found() -> None:
    admin = staff()
    tenant = Tenant.objects.get(slug="acme")
    future = next_month(current_month())
    for number in ("nope", "FAT-202613-000001", invoice_number(999_999_999, current_month()),
                   invoice_number(tenant.pk, future)):  # fmt: skip
        assert admin.get(f"/api/admin/invoices/{number}").status_code == 404, number
    # a partner is not a client: it has no invoice
    orbita = Tenant.objects.get(slug="orbita")
    assert admin.get(f"/api/admin/invoices/{invoice_number(orbita.pk, current_month())}").status_code == 404
    assert admin.get("/api/admin/invoices", {"client": "orbita"}).status_code == 404
    assert admin.get("/api/admin/invoices", {"client": "nobody"}).status_code == 404


@pytest.mark.parametrize(("role", "slug"), [("client", "acme"), ("client_user_admin", "acme"),
                                            ("employee", "public"), ("financial", "public"),
                                            ("partner", "orbita")])  # fmt: skip
def test_only_staff_with_the_screen_see_invoices(role: str, slug: str) -> None:
    tenant = Tenant.objects.get(slug="acme")
    client = ApiClient(slug)
    client.login_as(role)
    assert client.get("/api/admin/invoices").status_code == 403
    assert client.get(f"/api/admin/invoices/{invoice_number(tenant.pk, current_month())}").status_code == 403


def test_a_client_host_never_answers_invoices_even_to_an_admin_session() -> None:
    tenant = Tenant.objects.get(slug="acme")
    admin = staff()
    on_client_host = ApiClient("acme")
    on_client_host.cookies = admin.cookies
    number = invoice_number(tenant.pk, current_month())
    assert on_client_host.get(f"/api/admin/invoices/{number}").status_code == 401
    assert on_client_host.get("/api/admin/invoices").status_code == 401
