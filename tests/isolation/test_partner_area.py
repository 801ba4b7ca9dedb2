"""The partner area (/api/partner/*, on the partner's host): rows of exactly the partner's linked
clients, each naming its client; the filters of a client's own list give the client's own answer;
another partner's client and an unlinked one never appear (also unlinked between two requests);
other roles are refused; bad input is a translated 400."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from gateway.models import TransactionIndex
from ops.demo import DEMO_PASSWORD
from payments import services as payments
from payments.models import Deposit
from tenants.models import PartnerClient, Tenant, TenantKind
from tests.stats.helpers import new_deposit, owner
from tests.stats.test_rollups import World
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

METHODS = ("pix", "billet", "wire", "card")


def linked() -> set[str]:
    """orbita's clients now (the demo's acme and beta; a browser test may link one more for a while)."""
    return set(PartnerClient.objects.filter(partner__slug="orbita").values_list("client__slug", flat=True))


def logged(slug: str, role: str, language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def get(api: ApiClient, path: str, **params: Any) -> Any:
    response = api.get(path, params)
    assert response.status_code == 200, response.content
    return response.json()


def every_page(api: ApiClient, path: str, **params: Any) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    cursor = None
    while True:
        answer = get(api, path, **params, **({"cursor": cursor} if cursor else {}))
        rows.extend(answer["items"])
        cursor = answer["next_cursor"]
        if not cursor:
            return rows


def make_deposits(slug: str, count: int) -> list[str]:
    """Deposits of several methods, amounts and statuses, written by the services in the client's schema."""
    ids = []
    with schema_context(slug):
        member = owner(Tenant.objects.get(slug=slug))
        for n in range(count):
            deposit = new_deposit(member, METHODS[n % 4], 1_000 + n * 7_919 % 50_000, "BRL")
            if n % 3 == 1:
                payments.transition_deposit(deposit, "canceled", source="provider")
            elif n % 3 == 2:
                payments.transition_deposit(deposit, "confirmed", source="provider")
            ids.append(deposit.public_id)
    return ids


@pytest.fixture
def money() -> dict[str, list[str]]:
    return {"acme": make_deposits("acme", 14), "beta": make_deposits("beta", 9)}


@pytest.fixture
def stranger() -> Tenant:
    """A client of another partner, with index rows of its own (written directly: no schema needed)."""
    # Names of their own: a full run has a committed client "gamma" (tests/isolation/test_api_routes.py).
    other_partner = Tenant(
        slug="outrop", name="Outro Parceiro", kind=TenantKind.PARTNER, schema_name="outrop"
    )
    other_partner.auto_create_schema = False
    other_partner.save()
    gamma = Tenant(slug="strangerc", name="Gamma Ltda", kind=TenantKind.CLIENT, schema_name="strangerc")
    gamma.auto_create_schema = False
    gamma.save()
    PartnerClient.objects.create(partner=other_partner, client=gamma)
    now = timezone.now()
    for n in range(5):
        TransactionIndex.objects.create(
            tenant=gamma, kind="deposit", public_id=f"dep_{n:020x}", method="pix", status="waiting",
            amount=1_000 + n, currency="BRL", name="Gamma payer", created_at=now - timedelta(minutes=n),
        )  # fmt: skip
    return gamma


def test_deposits_name_their_client_and_cover_exactly_the_linked_clients(
    money: dict[str, list[str]], stranger: Tenant
) -> None:
    api = logged("orbita", "partner")
    rows = every_page(api, "/api/partner/deposits", per_page=10)
    assert {r["id"] for r in rows} >= set(money["acme"]) | set(money["beta"])
    assert {r["client"] for r in rows} <= linked()
    names = {"acme": Tenant.objects.get(slug="acme").name, "beta": Tenant.objects.get(slug="beta").name}
    assert all(r["client_name"] == names[r["client"]] for r in rows)
    assert not any(r["client"] == stranger.slug for r in rows)
    # newest first, keyset pages without a repeat
    assert len({r["id"] for r in rows}) == len(rows)
    assert [r["created_at"] for r in rows] == sorted((r["created_at"] for r in rows), reverse=True)
    # every deposit of acme and beta in their own schemas is there
    for slug in ("acme", "beta"):
        with schema_context(slug):
            own = set(Deposit.objects.values_list("public_id", flat=True))
        assert {r["id"] for r in rows if r["client"] == slug} == own
    # another partner's client is not reachable by name either
    assert api.get("/api/partner/deposits", {"client": stranger.slug}).status_code == 404


FILTERS: list[dict[str, Any]] = [
    {},
    {"status": "canceled"},
    {"status": ["confirmed", "waiting"]},
    {"method": "pix"},
    {"method": ["billet", "card"], "status": "waiting"},
    {"currency": "BRL"},
    {"amount_min": 10_000, "amount_max": 40_000},
    {"sort": "amount"},
    {"sort": "-amount", "method": "wire"},
    {"sort": "created_at"},
]


@pytest.mark.parametrize("filters", FILTERS)
def test_filters_give_the_clients_own_answer(filters: dict[str, Any], money: dict[str, list[str]]) -> None:
    partner = logged("orbita", "partner")
    today = timezone.localdate()
    period = {"date_from": (today - timedelta(days=2)).isoformat(), "date_to": today.isoformat()}
    for slug, role in (("acme", "client"), ("beta", None)):
        own_client = ApiClient(slug)
        if role:
            own_client.login_as(role)
        else:
            login = {"email": "owner@beta.demo.test", "password": DEMO_PASSWORD}
            assert own_client.post_json("/api/auth/login", login).status_code == 200
        for extra in ({}, period):
            params = {**filters, **extra, "per_page": 10}
            own = every_page(own_client, "/api/deposits", **params)
            theirs = every_page(partner, "/api/partner/deposits", client=slug, **params)
            assert [r["id"] for r in theirs] == [r["id"] for r in own], (slug, params)
            assert [(r["status"], r["amount"], r["fee"], r["method"]) for r in theirs] == [
                (r["status"], r["amount"], r["fee"], r["method"]) for r in own
            ]


def test_search_by_id_document_and_name(money: dict[str, list[str]]) -> None:
    partner = logged("orbita", "partner")
    target = money["beta"][3]
    assert [r["id"] for r in get(partner, "/api/partner/deposits", q=target)["items"]] == [target]
    row = get(partner, "/api/partner/deposits", q=target)["items"][0]
    by_document = get(partner, "/api/partner/deposits", q=row["payer_document"], per_page=100)["items"]
    assert target in {r["id"] for r in by_document}
    assert all(r["payer_document"] == row["payer_document"] for r in by_document)
    word = row["payer_name"].split()[0][:3].lower()
    by_name = every_page(partner, "/api/partner/deposits", q=word, per_page=100)
    assert target in {r["id"] for r in by_name}


def test_a_client_unlinked_between_two_requests_disappears(money: dict[str, list[str]]) -> None:
    api = logged("orbita", "partner_analyst")
    first = every_page(api, "/api/partner/deposits", per_page=100)
    assert {r["client"] for r in first} <= linked()
    assert {"acme", "beta"} <= {r["client"] for r in first}
    assert {b["client"] for b in get(api, "/api/partner/balance")} >= {"acme"}
    PartnerClient.objects.filter(partner__slug="orbita", client__slug="beta").delete()
    second = every_page(api, "/api/partner/deposits", per_page=100)
    assert "beta" not in {r["client"] for r in second}
    assert "acme" in {r["client"] for r in second}
    assert api.get("/api/partner/deposits", {"client": "beta"}).status_code == 404
    assert "beta" not in {b["client"] for b in get(api, "/api/partner/balance")}
    assert "beta" not in {c["client"] for c in get(api, "/api/partner/home")["clients"]}
    assert "beta" not in {r["client"] for r in get(api, "/api/partner/withdraws")["items"]}


def test_withdraws_name_their_client() -> None:
    with schema_context("acme"):
        world = World()  # acme's owner and company account
        for n in range(4):
            world.new_payout(n)
    api = logged("orbita", "partner")
    rows = every_page(api, "/api/partner/withdraws", per_page=100)
    assert len([r for r in rows if r["client"] == "acme"]) >= 4
    assert {r["kind"] for r in rows} >= {"standard"}
    waiting = every_page(api, "/api/partner/withdraws", per_page=100, status="waiting", client="acme")
    own_waiting = every_page(logged("acme", "client"), "/api/payouts", per_page=100, status="waiting")
    assert [r["id"] for r in waiting] == [r["id"] for r in own_waiting]
    acme = logged("acme", "client")
    own = every_page(acme, "/api/payouts", per_page=100)
    assert [r["id"] for r in rows if r["client"] == "acme"] == [r["id"] for r in own]
    assert all(r["client"] in linked() for r in rows)


def test_balance_per_client_and_currency_matches_the_clients_own(money: dict[str, list[str]]) -> None:
    api = logged("orbita", "partner")
    rows = get(api, "/api/partner/balance")
    acme = {b["currency"]: b for b in get(logged("acme", "client"), "/api/balance")}
    for row in rows:
        assert row["client"] in linked()
        if row["client"] == "acme":
            own = acme[row["currency"]]
            assert (row["available"], row["pending"], row["held"]) == (
                own["available"],
                own["pending"],
                own["held"],
            )
    assert {r["client"] for r in get(api, "/api/partner/balance", client="acme")} == {"acme"}


def test_home_counts_this_months_deposits_per_client(money: dict[str, list[str]]) -> None:
    api = logged("orbita", "partner")
    home = get(api, "/api/partner/home", currency="BRL")
    by_client = {c["client"]: c for c in home["clients"]}
    assert set(by_client) == linked()
    summary = get(logged("acme", "client"), "/api/stats/summary", currency="BRL")
    assert by_client["acme"]["deposits_count"] == sum(v["count"] for v in summary["deposits"].values())
    assert home["totals"]["deposits_count"] == sum(c["deposits_count"] for c in home["clients"])
    one = get(api, "/api/partner/home", currency="BRL", client="beta")
    assert [c["client"] for c in one["clients"]] == ["beta"]


@pytest.mark.parametrize(
    ("slug", "role"),
    [("acme", "client"), ("public", "admin"), ("public", "employee"), ("acme", "client_user_analyst")],
)
@pytest.mark.parametrize(
    "path", ["/api/partner/deposits", "/api/partner/withdraws", "/api/partner/balance", "/api/partner/home"]
)
def test_other_roles_are_refused(slug: str, role: str, path: str) -> None:
    assert logged(slug, role).get(path).status_code == 403


def test_anonymous_is_refused() -> None:
    assert ApiClient("orbita").get("/api/partner/deposits").status_code == 401


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"per_page": 7}, "per_page"),
        ({"sort": "due_date"}, "sort"),
        ({"sort": "payer_name"}, "sort"),
        ({"cursor": "not-a-cursor"}, "cursor"),
        ({"date_from": "yesterday"}, "date_from"),
        ({"amount_min": "lots"}, "amount_min"),
    ],
)
def test_bad_input_is_a_translated_400(params: dict[str, Any], field: str) -> None:
    for language in ("en", "pt-br"):
        response = logged("orbita", "partner", language).get("/api/partner/deposits", params)
        assert response.status_code == 400, response.content
        body = response.json()
        assert field in body.get("fields", {}), body
        assert body["message"]


def test_home_bad_period_is_a_400() -> None:
    response = logged("orbita", "partner").get(
        "/api/partner/home", {"from": "2026-05-01", "to": "2026-04-01"}
    )
    assert response.status_code == 400
    assert logged("orbita", "partner").get("/api/partner/home", {"currency": "EUR"}).status_code == 400
