"""The audit trail through /api/audit-events (client/logs): what a client's managers read, filters,
keyset pages, where from (address and user agent), isolation between tenants, roles, bad input."""

from __future__ import annotations

from typing import Any

import pytest
from django_tenants.utils import schema_context

from audit import services as audit
from audit.models import AuditEntry
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

URL = "/api/audit-events"


def logged(slug: str, role: str, **extra: Any) -> ApiClient:
    client = ApiClient(slug, **extra)
    client.login_as(role)
    return client


def actions(response: Any) -> list[str]:
    assert response.status_code == 200, response.content
    return [item["action"] for item in response.json()["items"]]


def test_a_client_reads_its_own_trail_with_who_what_when_and_where_from() -> None:
    acme = logged("acme", "client", HTTP_USER_AGENT="Mozilla/5.0 AuditTest")
    body = acme.get(URL).json()
    login = next(item for item in body["items"] if item["action"] == "auth.login")
    assert login["actor"]["email"] == "client@demo.test"
    assert login["ip"] == "127.0.0.1"
    assert login["user_agent"] == "Mozilla/5.0 AuditTest"
    assert login["at"]


def test_entries_written_by_services_carry_the_requests_origin() -> None:
    """A service records without the request (members.update): the middleware supplies it."""
    acme = logged("acme", "client", HTTP_USER_AGENT="Origin/1.0")
    response = acme.post_json(
        "/api/bank-accounts",
        {"holder_name": "Ana Souza", "holder_document": "52998224725", "bank_compe": "001",
         "agency": "1234", "account": "567890", "account_digit": "0", "account_type": "checking"},
    )  # fmt: skip
    assert response.status_code == 201, response.content
    item = acme.get(URL, {"action": "bank_account"}).json()["items"][0]
    assert item["action"] == "bank_account.created"
    assert (item["ip"], item["user_agent"]) == ("127.0.0.1", "Origin/1.0")
    assert item["target"]["type"] == "BankAccount"


def test_another_tenants_entries_are_never_seen() -> None:
    with schema_context("beta"):
        audit.record("member.changed", actor_email="someone@beta.test", data={"secret": "beta-only"})
    acme = logged("acme", "client")
    seen = acme.get(URL, {"per_page": 100}).json()["items"]
    assert all(item["actor"]["email"] != "someone@beta.test" for item in seen)
    assert acme.get(URL, {"actor": "someone@beta.test"}).json()["items"] == []
    # Naming another client is not a way in
    refused = acme.get(URL, {"client": "beta"})
    assert refused.status_code == 404
    assert refused.json()["code"] == "not_found"


@pytest.mark.parametrize("role", ["client_user", "client_user_analyst", "client_user_financial"])
def test_client_roles_without_logs_are_refused(role: str) -> None:
    response = logged("acme", role).get(URL)
    assert response.status_code == 403
    assert response.json()["code"] == "forbidden"


def test_a_client_user_admin_reads_the_trail() -> None:
    assert "auth.login" in actions(logged("acme", "client_user_admin").get(URL))


@pytest.mark.parametrize(
    ("slug", "role"), [("public", "employee"), ("public", "financial"), ("orbita", "partner")]
)
def test_staff_and_partners_without_the_route_are_refused(slug: str, role: str) -> None:
    assert logged(slug, role).get(URL).status_code == 403


def test_an_admin_reads_the_platform_trail_and_a_clients_by_scope() -> None:
    with schema_context("acme"):
        audit.record("member.added", actor_email="owner@acme.test", data={"email": "x@acme.test"})
    admin = logged("public", "admin")
    platform = admin.get(URL, {"per_page": 100}).json()["items"]
    assert any(
        item["action"] == "auth.login" and item["actor"]["email"] == "admin@demo.test" for item in platform
    )
    assert all(item["actor"]["email"] != "owner@acme.test" for item in platform)
    scoped = admin.get(URL, {"client": "acme", "actor": "owner@acme.test"}).json()["items"]
    assert [item["action"] for item in scoped] == ["member.added"]
    assert admin.get(URL, {"client": "no-such-client"}).status_code == 404
    assert admin.get(URL, {"client": "platform"}).status_code == 404  # the platform is no client


def test_filters_by_actor_action_family_target_and_period() -> None:
    with schema_context("acme"):
        audit.record("payout.created", actor_email="ana@acme.test", data={"amount": 100})
        audit.record("payout.approved", actor_email="bia@acme.test")
        audit.record("webhook_endpoint.created", actor_email="ana@acme.test")
        first = AuditEntry.objects.filter(action="payout.created").latest("id")
        audit.record("payout.canceled", actor_email="bia@acme.test", target=first)
    acme = logged("acme", "client")
    assert actions(acme.get(URL, {"actor": "ana@acme"})) == ["webhook_endpoint.created", "payout.created"]
    family = actions(acme.get(URL, {"action": "payout", "actor": "@acme.test"}))
    assert family == ["payout.canceled", "payout.approved", "payout.created"]
    assert actions(acme.get(URL, {"action": "payout.created", "actor": "@acme.test"})) == ["payout.created"]
    assert actions(acme.get(URL, {"action": "payout.creat", "actor": "@acme.test"})) == []  # no partial codes
    assert actions(acme.get(URL, {"target": str(first.pk)})) == ["payout.canceled"]
    assert actions(acme.get(URL, {"target": "auditentry"})) == ["payout.canceled"]
    assert actions(acme.get(URL, {"target": "999999999"})) == []
    today = first.at.astimezone().date().isoformat()
    assert "payout.approved" in actions(acme.get(URL, {"date_from": today, "date_to": today}))
    assert actions(acme.get(URL, {"date_to": "2000-01-01"})) == []


def test_keyset_pages_walk_the_trail_newest_first_without_repeats() -> None:
    with schema_context("acme"):
        for n in range(23):
            audit.record("profile.updated", actor_email=f"pager{n}@acme.test")
    acme = logged("acme", "client")
    seen: list[str] = []
    cursor = None
    pages = 0
    while True:
        params: dict[str, Any] = {"actor": "pager", "per_page": 10}
        if cursor:
            params["cursor"] = cursor
        body = acme.get(URL, params).json()
        seen.extend(item["actor"]["email"] for item in body["items"])
        pages += 1
        cursor = body["next_cursor"]
        if not cursor:
            break
    assert pages == 3
    assert seen == [f"pager{n}@acme.test" for n in reversed(range(23))]
    oldest_first = acme.get(URL, {"actor": "pager", "per_page": "10", "sort": "at"}).json()["items"]
    assert oldest_first[0]["actor"]["email"] == "pager0@acme.test"


@pytest.mark.parametrize(
    "params",
    [
        {"date_from": "yesterday"},
        {"date_to": "2024-13-40"},
        {"cursor": "not-a-cursor"},
        {"cursor": "WyJub3QgYSBkYXRlIiwgMV0"},  # ["not a date", 1]
        {"sort": "actor_email"},
        {"per_page": 7},
        {"per_page": "many"},
        {"action": "x" * 65},
    ],
)
def test_bad_input_is_a_clear_400_never_a_500(params: dict[str, Any]) -> None:
    response = logged("acme", "client", language="pt-BR").get(URL, params)
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] in {"invalid_input", "invalid_cursor"}
    assert body["message"]


def test_anonymous_is_refused() -> None:
    assert ApiClient("acme").get(URL).status_code == 401


@pytest.mark.parametrize("name", ["actor", "action", "target"])
def test_a_nul_character_in_a_filter_is_a_400(name: str) -> None:
    response = logged("acme", "client").get(URL, {name: "a\x00b"})
    assert response.status_code == 400, response.content
