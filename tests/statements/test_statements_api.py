"""Statements, external adjustments and client balances through the HTTP API: the contract, the
maker-checker rule, overdraft refusal, running balances across pages and periods, and who may read
what (staff only; a client reaches no statement, its own or another's)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts import identity_cache
from accounts.models import Membership, User
from audit.models import AuditEntry
from ledger import services as ledger
from ledger.models import JournalEntry
from ops.demo import DEMO_PASSWORD
from statements.models import Adjustment
from tenants.models import Tenant
from tests.payouts.helpers import balance, fund, logged
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db

ACME_BRL = "tenant:acme:available:BRL"


@pytest.fixture(autouse=True)
def _forget_cached_identities() -> Any:
    yield
    identity_cache.changed()


def staff(role: str = "admin", language: str = "en") -> ApiClient:
    with schema_context("public"):
        user = User.objects.create_user(f"{role}-{uuid.uuid4().hex[:8]}@demo.test", DEMO_PASSWORD)
        Membership.objects.create(user=user, tenant=Tenant.objects.get(slug="platform"), role=role)
    client = ApiClient("public", language=language)
    response = client.post_json("/api/auth/login", login_payload(user.email, DEMO_PASSWORD))
    assert response.status_code == 200, response.content
    return client


def propose(who: ApiClient, /, **overrides: Any) -> Any:
    body = {"client": "acme", "direction": "credit", "amount": 12_345, "currency": "BRL",
            "reason": "Acordo comercial de novembro", **overrides}  # fmt: skip
    return who.post_json("/api/statements/adjustments", body)


def today() -> str:
    return timezone.localdate().isoformat()


def statement(who: ApiClient, account: str = ACME_BRL, **params: Any) -> Any:
    query = {"account": account, "from": today(), "to": today(), **params}
    return who.get("/api/statements", query)


# ------------------------------------------------------------------------------------ adjustments
def test_a_credit_is_posted_only_when_another_staff_member_confirms_it() -> None:
    maker, checker = staff(), staff("financial")
    before = balance("acme")["available"]
    proposed = propose(maker)
    assert proposed.status_code == 201, proposed.content
    body = proposed.json()
    assert (body["status"], body["amount"], body["direction"]) == ("proposed", 12_345, "credit")
    assert balance("acme")["available"] == before  # nothing posted on proposal

    own = maker.post_json(f"/api/statements/adjustments/{body['id']}/confirm")
    assert own.status_code == 403
    assert own.json()["code"] == "adjustment_self_confirmation"
    assert balance("acme")["available"] == before

    confirmed = checker.post_json(f"/api/statements/adjustments/{body['id']}/confirm")
    assert confirmed.status_code == 200, confirmed.content
    assert confirmed.json()["status"] == "confirmed"
    assert balance("acme")["available"] == before + 12_345
    with schema_context("public"):
        entry = JournalEntry.objects.get(reference=body["id"])
        assert entry.kind == "external_credit"
        assert sum(p.amount for p in entry.postings.all()) == 0
        assert ledger.check_invariants().ok
        actions = set(
            AuditEntry.objects.filter(action__startswith="adjustment.").values_list("action", flat=True)
        )
        assert {"adjustment.proposed", "adjustment.confirmed"} <= actions

    again = checker.post_json(f"/api/statements/adjustments/{body['id']}/confirm")
    assert again.status_code == 409
    assert balance("acme")["available"] == before + 12_345

    lines = statement(checker).json()["items"]
    mine = [line for line in lines if line["reference"] == body["id"]]
    assert [(m["kind"], m["amount"], m["memo"]) for m in mine] == [
        ("external_credit", 12_345, "Acordo comercial de novembro")
    ]


def test_a_debit_larger_than_available_is_refused_at_proposal_and_at_confirmation() -> None:
    maker, checker = staff(), staff(language="pt-BR")
    fund("acme", 5_000)
    available = balance("acme")["available"]
    too_much = propose(maker, direction="debit", amount=available + 1)
    assert too_much.status_code == 409
    assert too_much.json()["code"] == "insufficient_funds"

    fits = propose(maker, direction="debit", amount=available).json()
    drain = propose(maker, direction="debit", amount=1).json()
    assert checker.post_json(f"/api/statements/adjustments/{fits['id']}/confirm").status_code == 200
    assert balance("acme")["available"] == 0
    refused = checker.post_json(f"/api/statements/adjustments/{drain['id']}/confirm")
    assert refused.status_code == 409
    assert refused.json()["message"] == "Saldo insuficiente."
    with schema_context("public"):
        assert Adjustment.objects.get(public_id=drain["id"]).status == "proposed"
        assert not JournalEntry.objects.filter(reference=drain["id"]).exists()
        assert ledger.check_invariants().ok


def test_a_rejection_needs_a_reason_and_posts_nothing() -> None:
    maker, checker = staff(), staff()
    adjustment = propose(maker).json()
    blank = checker.post_json(f"/api/statements/adjustments/{adjustment['id']}/reject", {"reason": "  "})
    assert blank.status_code == 400
    rejected = checker.post_json(
        f"/api/statements/adjustments/{adjustment['id']}/reject", {"reason": "Sem contrato assinado"}
    )
    assert rejected.status_code == 200
    assert (rejected.json()["status"], rejected.json()["reject_reason"]) == (
        "rejected",
        "Sem contrato assinado",
    )
    late = checker.post_json(f"/api/statements/adjustments/{adjustment['id']}/confirm")
    assert late.status_code == 409
    with schema_context("public"):
        assert not JournalEntry.objects.filter(reference=adjustment["id"]).exists()


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"client": "nobody"}, "client"),
        ({"amount": 0}, "amount"),
        ({"amount": -5}, "amount"),
        ({"currency": "EUR"}, "currency"),
        ({"direction": "sideways"}, "direction"),
    ],
)
def test_bad_proposals_are_refused_with_a_translated_error(overrides: dict[str, Any], field: str) -> None:
    response = propose(staff(language="pt-BR"), **overrides)
    assert response.status_code in (400, 422), response.content
    assert response.json()["message"]
    with schema_context("public"):
        assert not Adjustment.objects.filter(
            reason="Acordo comercial de novembro", tenant__slug="nobody"
        ).exists()


# -------------------------------------------------------------------------------------- statements
def test_a_statement_pages_with_running_balances_opening_and_closing() -> None:
    admin = staff()
    fund("acme", 1)  # the account exists and has a past
    opening = balance("acme")["available"]
    for amount in (100, 200, 300):
        fund("acme", amount)
    first = statement(admin, per_page=10)
    assert first.status_code == 200, first.content
    body = first.json()
    assert body["closing_balance"] == opening + 600
    assert body["items"][-1]["balance"] == body["closing_balance"]
    # Every running balance follows from the previous one and the posting's amount.
    previous = body["opening_balance"]
    for line in body["items"]:
        assert line["balance"] == previous + line["amount"]
        previous = line["balance"]

    # Walk it in pages of 10 after enough postings to need several.
    for amount in range(1, 25):
        fund("acme", amount)
    seen: list[dict[str, Any]] = []
    cursor = None
    while True:
        params: dict[str, Any] = {"per_page": 10, **({"cursor": cursor} if cursor else {})}
        page = statement(admin, **params).json()
        seen.extend(page["items"])
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert len({line["id"] for line in seen}) == len(seen)
    assert seen[-1]["balance"] == page["closing_balance"] == balance("acme")["available"]
    running = page["opening_balance"]
    for line in seen:
        running += line["amount"]
        assert line["balance"] == running


def test_a_period_before_any_posting_is_empty_and_the_next_day_opens_with_the_closing() -> None:
    admin = staff()
    fund("acme", 700)
    old = (timezone.localdate() - timedelta(days=400)).isoformat()
    empty = statement(admin, **{"from": old, "to": old}).json()
    assert empty["items"] == []
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()
    later = statement(admin, **{"from": tomorrow, "to": tomorrow}).json()
    assert later["items"] == []
    assert later["opening_balance"] == later["closing_balance"] == balance("acme")["available"]


def test_bad_statement_queries_are_400_never_500() -> None:
    admin = staff()
    fund("acme", 1)
    assert statement(admin, cursor="garbage").status_code == 400
    assert statement(admin, **{"from": today(), "to": "2000-01-01"}).status_code == 400
    assert statement(admin, **{"from": "not-a-day"}).status_code == 400
    assert statement(admin, per_page=7).status_code in (400, 422)


def test_platform_accounts_are_listed_and_readable_by_admin_and_financial() -> None:
    fund("acme", 50)
    for who in (staff(), staff("financial")):
        accounts = who.get("/api/statements/accounts", {"client": "platform"}).json()["items"]
        codes = {a["code"] for a in accounts}
        assert "platform:provider_clearing:test_funding:BRL" in codes
        assert all(a["client"] is None or a["kind"] == "partner_commission" for a in accounts)
        clearing = statement(who, "platform:provider_clearing:test_funding:BRL")
        assert clearing.status_code == 200
        assert any(line["kind"] == "test_funding" for line in clearing.json()["items"])
        acme = who.get("/api/statements/accounts", {"client": "acme"}).json()["items"]
        assert ACME_BRL in {a["code"] for a in acme}


def test_clients_and_other_roles_reach_no_statement_their_own_or_another() -> None:
    fund("acme", 10)
    fund("beta", 10)
    for slug, role in (("acme", "client"), ("acme", "client_user_admin"), ("orbita", "partner")):
        client = logged(slug, role)
        for account in (ACME_BRL, "tenant:beta:available:BRL", "platform:provider_clearing:test_funding:BRL"):
            response = statement(client, account)
            assert response.status_code in (403, 404), (slug, role, account, response.status_code)
        assert client.get("/api/statements/accounts", {"client": "acme"}).status_code in (403, 404)
        assert client.get("/api/admin/balances").status_code in (403, 404)
        assert propose(client).status_code in (403, 404)
    employee = logged("public", "employee")
    assert statement(employee).status_code == 403
    assert propose(employee).status_code == 403
    assert statement(ApiClient("public")).status_code == 401


def test_an_unknown_account_is_404() -> None:
    assert statement(staff(), "tenant:acme:available:XYZ").status_code == 404


# ---------------------------------------------------------------------------------------- balances
def test_balances_per_client_and_currency_with_totals_never_mixing_currencies() -> None:
    fund("acme", 1_000)
    fund("beta", 2_000)
    fund("acme", 300, "USD")
    admin = staff()
    response = admin.get("/api/admin/balances", {"per_page": 100})
    assert response.status_code == 200, response.content
    body = response.json()
    rows = {(r["client"]["slug"], r["currency"]): r for r in body["items"]}
    assert rows[("acme", "BRL")]["available"] == balance("acme")["available"]
    assert rows[("acme", "USD")]["available"] == balance("acme", "USD")["available"]
    totals = {t["currency"]: t for t in body["totals"]}
    assert totals["BRL"]["available"] == sum(r["available"] for (_, c), r in rows.items() if c == "BRL")
    assert totals["USD"]["available"] == sum(r["available"] for (_, c), r in rows.items() if c == "USD")

    searched = admin.get("/api/admin/balances", {"q": "bet"}).json()
    assert {r["client"]["slug"] for r in searched["items"]} == {"beta"}
    brl = admin.get("/api/admin/balances", {"currency": "BRL", "sort": "-available"}).json()["items"]
    assert [r["available"] for r in brl] == sorted((r["available"] for r in brl), reverse=True)
    assert {r["currency"] for r in brl} == {"BRL"}
    assert admin.get("/api/admin/balances", {"sort": "hack"}).status_code in (400, 422)
    assert admin.get("/api/admin/balances", {"cursor": "x"}).status_code == 400
    first = admin.get("/api/admin/balances", {"per_page": 10}).json()
    if first["count"] > 10:
        second = admin.get("/api/admin/balances", {"per_page": 10, "cursor": first["next_cursor"]}).json()
        assert not {(r["client"]["slug"], r["currency"]) for r in first["items"]} & {
            (r["client"]["slug"], r["currency"]) for r in second["items"]
        }
    else:
        assert first["next_cursor"] is None
    assert staff("financial").get("/api/admin/balances").status_code == 403
